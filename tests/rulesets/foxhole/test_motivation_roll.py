"""Foxhole, Game Sequence - Motivation: the modifiers, the +4 cap, the four
results, command points spent, suppression removed, the mob's fall."""

from __future__ import annotations

import pytest

from game.core.event import DiceRolled
from game.rulesets.foxhole import actions as A
from game.rulesets.foxhole import events as E
from game.rulesets.foxhole.rules.motivation import band, chances, modifier_total, roll_modifiers

from .helpers import act, el, state


@pytest.mark.parametrize("motivation,cp,suppressed,reduced,into_open,total", [
    (3, 0, False, False, False, 3),   # gung-ho
    (2, 0, False, False, False, 2),   # normal
    (1, 0, False, False, False, 1),   # uneasy
    (2, 2, False, False, False, 4),   # +1 per command point
    (3, 1, False, False, False, 4),   # exactly the cap
    (3, 2, False, False, False, 4),   # 5 capped at +4
    (3, 4, False, False, False, 4),   # 7 capped at +4
    (2, 0, True, False, False, 1),    # -1 suppressed
    (2, 0, False, True, False, 0),    # -2 reduced strength
    (2, 0, False, False, True, 0),    # -2 into open ground
    (1, 0, True, True, True, -4),     # everything against: no floor
    (3, 3, True, False, True, 3),     # 3 +3 -1 -2 = 3 (the cap applies to the sum)
])
def test_motivation_modifiers__sum_and_plus4_cap(motivation, cp, suppressed, reduced, into_open, total):
    """Motivation - Modifiers: +1 per motivation, +1 per command point, -1
    suppressed, -2 reduced, -2 into open ground; at most +4 in all."""
    e = el("a", "red", 100, 100, motivation=motivation, suppressed=suppressed, reduced=reduced)
    assert modifier_total(e, cp, into_open) == total


def test_motivation_cap__is_its_own_labelled_modifier():
    """The cap shows in the roll as "at most +4" so the log adds up."""
    e = el("a", "red", 100, 100, motivation=3)
    assert roll_modifiers(e, 3, False) == [("gung-ho", 3), ("3 command points", 3), ("at most +4", -2)]


@pytest.mark.parametrize("total,result", [(-3, "fade"), (-1, "fade"), (0, "defensive"), (4, "defensive"),
                                          (5, "may"), (8, "may"), (9, "must"), (10, "must")])
def test_motivation_results__bands(total, result):
    """Motivation - Results: <0 fade away, 0-4 defensive, 5-8 may advance, >8 must advance."""
    assert band(total) == result


def test_motivation_chances__cap_makes_extra_points_useless():
    """With gung-ho (+3) one command point reaches the cap: a second changes nothing."""
    e = el("a", "red", 100, 100, motivation=3)
    assert chances(e, 1, False) == chances(e, 2, False)
    assert chances(e, 0, False)["defensive"] == pytest.approx(1 / 6)
    assert chances(e, 1, False)["defensive"] == 0.0


def test_roll__spends_command_points_and_removes_suppression():
    """A 5-8 result removes suppression; the command points added are spent."""
    s = state([el("a", "red", 100, 500, suppressed=True), el("b", "blue", 500, 100)], cp={"red": 3})
    r = act(s, A.Roll(side="red", element="a", cp=2), faces=[3])   # 3 +2 +2 -1 = 6
    assert r.ok
    roll = next(e for e in r.events if isinstance(e, DiceRolled))
    assert roll.total == 6 and roll.faces == (3,)
    assert s.current.result == "may"
    assert s.elements["a"].suppressed is False
    assert s.cp["red"] == 1


def test_roll__fade_away_below_zero():
    """Below 0 the element fades away (it leaves the table)."""
    s = state([el("a", "red", 100, 500, motivation=1, suppressed=True, reduced=True), el("b", "blue", 500, 100)])
    r = act(s, A.Roll(side="red", element="a", into_open=True), faces=[2])  # 2 +1 -1 -2 -2 = -2
    assert r.ok and any(isinstance(e, E.Faded) for e in r.events)
    assert s.elements["a"].where == "faded"


def test_mob__motivation_falls_each_time_it_will_not_advance():
    """Elements - Motivation: a mob starts at 3 and drops 1 for each roll that gives no advance."""
    s = state([el("m", "red", 100, 500, motivation=3, mob=True), el("b", "blue", 500, 100)])
    act(s, A.Roll(side="red", element="m"), faces=[1])  # 1 + 3 = 4: defensive
    assert s.elements["m"].motivation == 2
    act(s, A.Stay(side="red", element="m"))
    assert s.elements["m"].motivation == 2


def test_roll__refused_beyond_the_command_points():
    s = state([el("a", "red", 100, 500), el("b", "blue", 500, 100)], cp={"red": 1})
    r = act(s, A.Roll(side="red", element="a", cp=2))
    assert not r.ok and "command points" in r.reason

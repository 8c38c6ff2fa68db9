"""Foxhole, Interrupt fire and Close Assaults."""

from __future__ import annotations

import pytest

from game.core.event import DiceRolled
from game.rulesets.foxhole import actions as A
from game.rulesets.foxhole import events as E
from game.rulesets.foxhole.rules import assault as AS
from game.rulesets.foxhole.rules.interrupt import first_half, interrupters

from .helpers import YD, act, box, el, piece, state, using


# ---------------------------------------------------------------------------- interrupt fire
def test_first_half__by_length():
    assert first_half([(0, 0), (10, 0), (10, 30)]) == [(0, 0), (10, 0), (10, 10)]


def test_interrupt__only_an_element_that_sees_the_first_half():
    """A wall hides the first half of the move from the viewer on the left;
    the one on the right sees it."""
    m = el("m", "red", 100, 300)
    left = el("L", "blue", 100, 300 - YD(150))
    right = el("R", "blue", 200, 300 + YD(100))
    wall = piece("w", "buildings", box(60, 255, 200, 270), 12, True)
    s = state([m, left, right], terrain=[wall])
    path = [(100.0, 300.0), (300.0, 300.0)]
    assert interrupters(s, m, path) == ["R"]


IDLE = el("idle", "red", 580, 580)  # keeps the red turn going (no next-turn rolls)


def test_interrupt__suppressed_or_worse_sends_the_mover_back():
    """The mover returns where the move began; its use ends there; the
    interrupting element does not fire at it again at the end (ours)."""
    m = el("m", "red", 100, 300)
    f = el("f", "blue", 150, 300 - YD(150))
    s = using(state([m, f, IDLE]), "m", "may")
    r = act(s, A.Move(side="red", element="m", path=((170.0, 300.0),)))
    assert r.ok and s.phase == "interrupt" and s.active == "blue" and s.pending.eligible == ["f"]
    r = act(s, A.Interrupt(side="blue", element="f"), faces=[4])  # 4 +3 close +1 moved = 8: reduced
    assert r.ok
    assert (s.elements["m"].x, s.elements["m"].y) == (100.0, 300.0)
    assert s.elements["m"].reduced and s.elements["m"].used and s.elements["m"].where == "table"
    rolls = [e for e in r.events if isinstance(e, DiceRolled)]
    assert len(rolls) == 1  # no second attack from the same element
    assert any(isinstance(e, E.SentBack) for e in r.events)


def test_interrupt__no_effect_lets_the_move_finish_then_normal_fire():
    m = el("m", "red", 100, 300)
    f = el("f", "blue", 150, 300 - YD(150))
    s = using(state([m, f, IDLE]), "m", "may")
    act(s, A.Move(side="red", element="m", path=((170.0, 300.0),)))
    r = act(s, A.Interrupt(side="blue", element="f"), faces=[1])  # 1 +3 +1 = 5 < 7
    assert r.ok and (s.elements["m"].x, s.elements["m"].y) == (170.0, 300.0)
    assert len([e for e in r.events if isinstance(e, DiceRolled)]) == 1  # f does not fire twice


def test_interrupt__let_pass_then_every_capable_enemy_fires():
    m = el("m", "red", 100, 300)
    f = el("f", "blue", 150, 300 - YD(150))
    s = using(state([m, f, IDLE]), "m", "may")
    act(s, A.Move(side="red", element="m", path=((170.0, 300.0),)))
    r = act(s, A.LetPass(side="blue"), faces=[2])
    roll = next(e for e in r.events if isinstance(e, DiceRolled))
    assert roll.modifiers == (("f, close range, regular", 3), ("target moved", 1))


def test_interrupt__an_unrevealed_mover_cannot_be_interrupted():
    m = el("m", "red", 100, 300, hidden="concealed", marker="1")
    f = el("f", "blue", 150, 300 - YD(150))
    s = state([m, f])
    assert interrupters(s, m, [(100.0, 300.0), (170.0, 300.0)]) == []


# ---------------------------------------------------------------------------- close assaults
def assault_table(n=3, extended=False):
    t = el("t", "blue", 300, 300, quality=1)
    a = [el(f"a{i}", "red", 300 + dx, 380, quality=q) for i, (dx, q) in enumerate([(0, 3), (-40, 2), (40, 2), (-80, 2)][:n])]
    if extended:
        a[0] = a[0].model_copy(update={"formation": "extended", "heading": 0.0})
    return state([t] + a + [IDLE], phase="assault", cp={"red": 0})


def test_slots__eight_places_round_a_square_base():
    s = assault_table()
    got = AS.slots(s, s.elements["t"])
    assert got == [(300.0, 270.0), (330.0, 270.0), (330.0, 300.0), (330.0, 330.0), (300.0, 330.0), (270.0, 330.0),
                   (270.0, 300.0), (270.0, 270.0)]


def test_assault__extended_formation_cannot():
    s = assault_table(extended=True)
    r = act(s, A.AssaultMove(side="red", element="a0", target="t", x=300, y=330))
    assert not r.ok and "extended" in r.reason


def test_assault__primary_first_supports_then_fire_then_the_assault():
    """a0 (elite) goes in first: the primary; a1 and a2 support. No enemy
    can fire (the target is under close assault). 1D6 + 3 (elite primary) + 2
    (supports) vs green 1 + 5."""
    s = assault_table()
    assert act(s, A.AssaultMove(side="red", element="a0", target="t", x=300, y=330), faces=[4]).ok
    assert act(s, A.AssaultMove(side="red", element="a1", target="t", x=270, y=330), faces=[4]).ok
    assert act(s, A.AssaultMove(side="red", element="a2", target="t", x=330, y=330), faces=[4]).ok
    assert s.assaults[0].attackers == ["a0", "a1", "a2"]
    r = act(s, A.EndAssaults(side="red"), faces=[1])
    roll = next(e for e in r.events if isinstance(e, DiceRolled))
    assert roll.modifiers == (("a0, primary, elite", 3), ("2 supporting elements", 2))
    assert roll.total == 6 and s.elements["t"].suppressed


def test_assault__modifiers_of_the_defender_and_a_reduced_primary():
    t = el("t", "blue", 300, 300, quality=1, suppressed=True, dug_in=True)
    p = el("p", "red", 300, 330, reduced=True)
    s = state([t, p], terrain=[piece("d", "dense", box(280, 280, 320, 320))])
    assert AS.assault_modifiers(s, p, [], t) == [("p, primary, regular", 2), ("defender suppressed", 2),
                                                ("primary at reduced strength", -1), ("defender in dense terrain", -1),
                                                ("defender emplaced", -2)]


def test_assault__primary_suppressed_by_fire_is_replaced():
    """The primary attacker is suppressed by the fire it takes moving in:
    the next element in contact, not suppressed, takes over."""
    t = el("t", "blue", 300, 300, quality=1)
    mg = el("mg", "blue", 300, 300 - 100, kind="fire_support")
    a0 = el("a0", "red", 300, 380, quality=3)
    a1 = el("a1", "red", 340, 380)
    s = state([t, mg, a0, a1, IDLE], phase="assault")
    act(s, A.AssaultMove(side="red", element="a0", target="t", x=300, y=330), faces=[4])
    act(s, A.AssaultMove(side="red", element="a1", target="t", x=330, y=330), faces=[4])
    # the MG fires at a0 (4 +2 long +1 fire support +1 moved = 8 vs elite 3+5: suppressed), at a1 (1: none)
    r = act(s, A.EndAssaults(side="red"), faces=[4, 1, 6])
    new = [e for e in r.events if isinstance(e, E.PrimaryDesignated)]
    assert [(e.element, e.target) for e in new] == [("a1", "t")]
    roll = [e for e in r.events if isinstance(e, DiceRolled)][-1]
    assert roll.modifiers == (("a1, primary, regular", 2),)  # a0 suppressed: no longer supports
    assert roll.total == 8 and s.elements["t"].where == "destroyed"  # 8 vs green: destroyed at 8


def test_assault__at_most_eight_on_one_element():
    t = el("t", "blue", 300, 300)
    s = state([t], phase="assault")
    from game.rulesets.foxhole.state import AssaultRec
    s.assaults = [AssaultRec(target="t", attackers=[f"x{i}" for i in range(8)])]
    e = el("a", "red", 300, 340)
    s.elements["a"] = e
    assert "at most 8" in AS.assault_problem(s, e, t, 300, 330, 0)


def test_assault__unspotted_targets_cannot_be_assaulted():
    t = el("t", "blue", 300, 300, hidden="concealed", marker="2")
    e = el("a", "red", 300, 360)
    s = state([t, e], phase="assault")
    assert "spotted" in AS.assault_problem(s, e, t, 300, 330, 0)

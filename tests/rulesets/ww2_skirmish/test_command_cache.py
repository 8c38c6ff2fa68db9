"""The command cache (ww2_skirmish: Actions; Activation Phase): 3 actions a
activation plus 1 a Rank unit (at most +2), unspent actions carried over, at
most 5 held, at most 2 actions a unit, costs by class (infantry and elite 1,
light mech 2, heavy mech 3), 3 units an activation with at most one elite or mech."""

from __future__ import annotations

import pytest

from game.rulesets.ww2_skirmish import actions as A
from game.rulesets.ww2_skirmish.rules.activation import class_cost, income, new_cache
from game.rulesets.ww2_skirmish.turn import begin_sequence

from .helpers import act, battle, emitter, refused

RIFLES = ("r1", "british_rifle_section", 300, 1100, 270)


def _ranks(n):
    return [RIFLES] + [(f"r{i + 2}", "british_sergeant", 500 + 60 * i, 1100, 270) for i in range(n)]


@pytest.mark.parametrize(("ranks", "inc", "bonus"), [(0, 3, 0), (1, 4, 1), (2, 5, 2), (3, 5, 2)])
def test_income_is_three_plus_one_a_rank_unit_at_most_two(ranks, inc, bonus):
    s = battle(_ranks(ranks), [("b1", "german_rifle_squad", 600, 100, 90)])
    assert income(s, "red") == (inc, bonus)


@pytest.mark.parametrize(("carried", "inc", "cache"), [(0, 3, 3), (2, 3, 5), (1, 3, 4), (4, 5, 5), (5, 3, 5)])
def test_the_cache_holds_at_most_five(carried, inc, cache):
    assert new_cache(carried, inc) == cache


def test_carry_over_is_added_at_the_next_activation_and_the_excess_lost():
    """Actions left at the end of an activation stay for the next one; 4 + 3 = 7 keeps 5."""
    s = battle(_ranks(0), [("b1", "german_rifle_squad", 600, 100, 90)])
    s.cache = {"red": 2, "blue": 4}
    em = emitter(s, [])
    begin_sequence(em, "red")
    assert em.s.cache["red"] == 5 and em.s.carried["red"] == 2
    begin_sequence(em, "blue")
    assert em.s.cache["blue"] == 5
    assert "4 carried over + 3 (3) = 5 (2 over the limit of 5 lost)" in em.events[-1].text


def test_spending_and_carrying_over_in_play():
    """Red moves one unit (1 from its cache of 3), ends its activation carrying 2."""
    s = battle(_ranks(0), [("b1", "german_rifle_squad", 600, 100, 90)])
    s.cache = {"red": 3, "blue": 0}
    act(s, A.Move(side="red", unit="r1", x=300, y=1050, heading=270))
    assert s.cache["red"] == 2
    evs = act(s, A.EndActivation(side="red"))
    assert s.seq_side == "blue" and s.cache["red"] == 2 and s.cache["blue"] == 3
    assert any("carrying 2 actions over" in getattr(e, "text", "") for e in evs)


@pytest.mark.parametrize(("profile", "cost"), [("british_rifle_section", 1), ("british_commandos", 1),
                                               ("british_walker_mk1", 2), ("british_centurion_walker", 3)])
def test_action_cost_by_class(profile, cost):
    s = battle([("r1", profile, 600, 1000, 270)], [("b1", "german_rifle_squad", 600, 100, 90)])
    assert class_cost(s.units["r1"]) == cost
    act(s, A.Move(side="red", unit="r1", x=600, y=980, heading=270))
    assert s.cache["red"] == 5 - cost


def test_a_heavy_mech_cannot_act_on_a_cache_of_two():
    s = battle([("r1", "british_centurion_walker", 600, 1000, 270)], [("b1", "german_rifle_squad", 600, 100, 90)])
    s.cache["red"] = 2
    assert "the command cache holds 2" in refused(s, A.Move(side="red", unit="r1", x=600, y=980, heading=270))


def test_two_actions_a_unit_and_run_takes_both():
    """A unit does at most 2 actions; an advanced action (Run) uses both of them."""
    s = battle(_ranks(0), [("b1", "german_rifle_squad", 600, 100, 90)])
    act(s, A.Move(side="red", unit="r1", x=300, y=1080, heading=270))
    assert "1 action left this activation; this one takes 2" in refused(s, A.Run(side="red", unit="r1", headings=(270.0,)))
    act(s, A.Move(side="red", unit="r1", x=300, y=1060, heading=270))
    assert "0 actions left" in refused(s, A.Move(side="red", unit="r1", x=300, y=1040, heading=270))
    assert s.cache["red"] == 3


def test_three_units_and_one_elite_or_mech_an_activation():
    red = [(f"r{i}", "british_sergeant", 200 + 80 * i, 1100, 270) for i in range(4)]
    red += [("e1", "british_commandos", 600, 1000, 270), ("m1", "british_walker_mk1", 900, 1000, 270)]
    s = battle(red, [("b1", "german_rifle_squad", 600, 100, 90)])
    s.cache["red"] = 5
    act(s, A.Move(side="red", unit="e1", x=600, y=990, heading=270))
    assert "at most one elite or mech" in refused(s, A.Move(side="red", unit="m1", x=900, y=990, heading=270))
    act(s, A.Move(side="red", unit="r0", x=200, y=1090, heading=270))
    act(s, A.Move(side="red", unit="r1", x=280, y=1090, heading=270))
    assert "at most 3 units" in refused(s, A.Move(side="red", unit="r2", x=360, y=1090, heading=270))

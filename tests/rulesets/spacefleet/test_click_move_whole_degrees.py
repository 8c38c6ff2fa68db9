"""A click on the table suggests moves whose turns are whole degrees
(spacefleet_core 1.6, movement: turns are measured in degrees on the table;
a fraction of one is nothing a player can set out), so the offer never reads
"Move 20.0 cm, turn 0.1° to starboard" and what is offered is what is logged."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st_

from game.rulesets.spacefleet import RULESET

from .helpers import planet, ship, state


def test_a_click_a_hair_off_the_bow_is_a_straight_move():
    st = state([ship("g", "gothic", 300, 100, heading=90)], phase="movement")
    acts = RULESET.point_actions(st, "imperial", "g", 300.6, 300)  # 0.17° to port of dead ahead
    a = acts[0]
    assert a.legs == ((0.0, 200.0),) and a.pre_turn == 0.0 and a.post_turn == 0.0
    assert RULESET.describe_action(a, st) == "Move 20.0 cm"
    assert all("turn 0." not in RULESET.describe_action(m, st) for m in acts)


@settings(max_examples=30, deadline=None)
@given(st_.floats(50, 850), st_.floats(50, 850), st_.booleans())
def test_every_suggested_turn_is_whole_degrees(x, y, well):
    phen = [planet("p", 650, 650, 50, size="large")] if well else []
    st = state([ship("g", "gothic", 300, 300, heading=0)], phen, phase="movement")
    for m in RULESET.point_actions(st, "imperial", "g", x, y):
        turns = [t for t, _ in m.legs] + [m.pre_turn, m.post_turn]
        assert all(t == int(t) for t in turns), m

"""Facing and attack direction (ww2_skirmish: Facing Rule; Attack Direction
Bonuses): four 90-degree arcs, the front 45 degrees either side of the
facing; side +1 to wound, rear +1 to wound and +1 AP."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.ww2_skirmish.bodies import arc_from
from game.rulesets.ww2_skirmish.rules.attacks import plan_shot, wound_target
from game.rulesets.ww2_skirmish.state import Unit

from .helpers import battle

# a light mech (T 5) at (600, 600) facing +x (heading 0); a rifle section 10" away
WALKER = ("b1", "german_laufpanzer_i", 600.0, 600.0, 0.0)
FAR = 10 * 25.4 + 60


@pytest.mark.parametrize(("where", "arc", "mods", "need"), [
    ((600 + FAR, 600), "front", (), 6),                                        # 4 - (3 - 5)
    ((600, 600 + FAR), "side", (("side attack", 1),), 5),                       # +1 to wound
    ((600, 600 - FAR), "side", (("side attack", 1),), 5),
    ((600 - FAR, 600), "rear", (("rear attack", 1), ("rear attack AP", 1)), 4),  # +1 to wound, +1 AP
])
def test_direction_bonus_on_the_wound_roll(where, arc, mods, need):
    """ww2_skirmish: Attack Direction Bonuses, judged from the attacking unit's centre."""
    x, y = where
    heading = math.degrees(math.atan2(600 - y, 600 - x))
    s = battle([("r1", "british_rifle_section", x, y, heading)], [WALKER])
    plan = plan_shot(s, s.units["r1"], s.units["b1"], "lee_enfield")
    assert plan.ok and plan.direction == arc
    assert all(sh.wound_mods == mods for sh in plan.shots)
    assert wound_target(3, 5, 0, mods).value == need


def _unit(heading: float) -> Unit:
    return Unit(id="u", side="red", profile="british_sergeant", name="u", cls="infantry", models=["u"], heading=heading)


@pytest.mark.parametrize(("bearing", "arc"), [(0, "front"), (44.9, "front"), (45, "side"), (90, "side"),
                                              (134.9, "side"), (135, "rear"), (180, "rear"), (-45, "side"),
                                              (-135, "rear"), (-44.9, "front")])
def test_arc_boundaries(bearing, arc):
    """The front arc is 90 degrees (45 each side); a point on a boundary gets the worse arc for the target (ours)."""
    u = _unit(30.0)
    a = math.radians(30.0 + bearing)
    assert arc_from(u, 0.0, 0.0, 100 * math.cos(a), 100 * math.sin(a)) == arc


@given(st.floats(0, 360), st.floats(-179.0, 179.0))
def test_arcs_are_90_degrees_each_whatever_the_facing(heading, bearing):
    """Facing Rule: front and rear 90 degrees, sides 90 each: the arc depends only on the bearing off the facing."""
    u = _unit(heading)
    a = math.radians(heading + bearing)
    got = arc_from(u, 0.0, 0.0, 1000 * math.cos(a), 1000 * math.sin(a))
    off = abs(bearing)
    if abs(off - 45) < 1e-3 or abs(off - 135) < 1e-3:
        return
    assert got == ("front" if off < 45 else "side" if off < 135 else "rear")

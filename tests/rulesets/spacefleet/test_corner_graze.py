"""A base grazing a cloud, field or rift corner: contact and its first point are exact.

spacefleet_core 1.6: an All Ahead Full ship whose base first touches a gas cloud in the last
5 cm of its full move stops there. A ship whose path passes a cloud corner 0.1 mm inside its base
radius pays the blast-marker speed loss, so it must also be offered that stop (a buffered corner,
drawn 0.3 mm inside the true circle, used to miss it and left the ship no legal move).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from game.rulesets.spacefleet import RULESET, geom
from game.rulesets.spacefleet.actions import MoveShip
from game.rulesets.spacefleet.rules.movement import aaf_stop, blast_contact
from game.rulesets.spacefleet.state import Feature

from .helpers import ship, state


def _cloud_below(corner: tuple[float, float], turn: float, side: float = 60.0) -> Feature:
    """A square gas cloud hanging below ``corner`` (its top corner, y down), turned ``turn``
    degrees so that the straight-up direction from the corner falls between two of the
    corner-arc points a 4-segments-per-quarter buffer would draw."""
    h1, h2 = math.radians(45 + turn), math.radians(135 + turn)
    cx, cy = corner
    a = (cx + side * math.cos(h1), cy + side * math.sin(h1))
    b = (a[0] + side * math.cos(h2), a[1] + side * math.sin(h2))
    c = (cx + side * math.cos(h2), cy + side * math.sin(h2))
    return Feature(id="cloud", kind="gas_cloud", exterior=[corner, a, b, c])


def _grazed_state(graze: float):
    lunar = ship("l", "lunar", 100, 500, heading=0, order="all_ahead_full", aaf_extra_mm=100.0)  # 30 cm in all
    corner = (380.0, 500.0 + lunar.radius - graze)  # the base passes the corner ``graze`` mm deep
    st_ = state([lunar, ship("m", "murder", 1500, 1000)], [_cloud_below(corner, 11.25)], phase="movement")
    return st_, corner


def test_aaf__grazing_a_cloud_corner_by_01_mm_gives_a_legal_stop():
    """spacefleet_core 1.6: the base reaches the corner after 280 - sqrt(r^2 - (r - 0.1)^2) mm,
    inside the last 5 cm: the ship stops there; the full 30 cm is refused with that stop."""
    st_, corner = _grazed_state(0.1)
    lunar = st_.ships["l"]
    path = [(100.0, 500.0), (400.0, 500.0)]
    r = lunar.radius
    reach = r + geom.EPS  # touching counts within EPS (1e-6 mm), as for path_touches
    touch = corner[0] - 100.0 - math.sqrt(reach * reach - (r - 0.1) ** 2)
    cloud = st_.features[0]
    assert geom.path_touches(cloud, path, r) and blast_contact(st_, lunar, path)  # the speed loss applies
    assert geom.path_first_touch(cloud, path[0], path[1], r) == pytest.approx(touch, abs=1e-6)
    assert aaf_stop(st_, lunar, path) == pytest.approx(touch, abs=1e-6)
    # the move is recorded to 0.01 mm, here 0.004 mm short of the exact contact: still the stop
    assert RULESET.check(st_, MoveShip(side="imperial", ship="l", legs=((0.0, round(touch, 2)),))).ok
    why = RULESET.check(st_, MoveShip(side="imperial", ship="l", legs=((0.0, 300.0),)))
    assert not why.ok and f"stops there ({touch / 10:.1f} cm)" in why.reason


def test_aaf__passing_01_mm_clear_of_the_corner_is_no_contact():
    """spacefleet_core 1.6: 0.1 mm clear of the corner: no loss, no stop, the full 30 cm is the move."""
    st_, _ = _grazed_state(-0.1)
    lunar = st_.ships["l"]
    path = [(100.0, 500.0), (400.0, 500.0)]
    assert not blast_contact(st_, lunar, path) and aaf_stop(st_, lunar, path) is None
    assert RULESET.check(st_, MoveShip(side="imperial", ship="l", legs=((0.0, 300.0),))).ok


@settings(max_examples=60, deadline=None)
@given(st.floats(0, 360), st.floats(-30, 30), st.floats(1, 40), st.floats(-0.5, 0.5))
def test_path_first_touch__found_whenever_the_path_touches(turn, dx, r, graze):
    """A path touches a feature iff it has a first touch, and the base there is one radius off."""
    corner = (500.0, 500.0 + r - graze)
    cloud = _cloud_below(corner, turn % 90.0 - 45.0)
    a, b = (380.0 + dx, 500.0), (620.0 + dx, 500.0)
    d = geom.path_first_touch(cloud, a, b, r)
    assert (d is not None) == geom.path_touches(cloud, [a, b], r)
    if d is not None and d > 0:
        x = a[0] + d
        assert geom.polygon(cloud)[0].distance(Point(x, 500.0)) == pytest.approx(r + geom.EPS, abs=1e-9)
        assert not geom.path_touches(cloud, [a, (x - 1e-4, 500.0)], r)

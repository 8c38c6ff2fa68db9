"""Gravity wells and low orbit (game.geometry.gravity), Battlefleet Gothic celestial phenomena."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.gravity import (
    LOW_ORBIT_PULL_CM,
    WELL_DEPTH_CM,
    gravity_turn,
    gravity_well,
    low_orbit_pull,
    planet_size,
)


def test_planet_size__classes_by_diameter():
    """Planets, typical templates: small to 15 cm, medium 16-25 cm, large 26-50 cm."""
    assert planet_size(150) == "small"
    assert planet_size(200) == "medium"
    assert planet_size(250) == "medium"
    assert planet_size(400) == "large"
    with pytest.raises(ValueError):
        planet_size(600)
    with pytest.raises(ValueError):
        planet_size(0)


def test_gravity_well__depths_from_the_chapter():
    """Planets, typical gravity wells: 10 / 15 / 30 cm beyond the template edge."""
    assert WELL_DEPTH_CM == {"small": 10.0, "medium": 15.0, "large": 30.0}
    assert gravity_well((0, 0), 100).depth == 100.0
    assert gravity_well((0, 0), 200).depth == 150.0
    assert gravity_well((0, 0), 400).depth == 300.0


def test_gravity_well__moon_counts_as_small():
    """Moons, effects: a moon's well is that of a small planet."""
    w = gravity_well((0, 0), 50, moon=True)
    assert w.size == "small" and w.depth == 100.0


def test_gravity_well__stem_in_band_edges_included():
    w = gravity_well((500, 500), 200)  # radius 100, depth 150
    assert w.contains_stem((500, 400))  # on the template edge
    assert w.contains_stem((500, 250))  # on the outer edge
    assert not w.contains_stem((500, 249.9))
    assert not w.contains_stem((500, 450))  # on the template itself
    assert w.area().contains(__import__("shapely").geometry.Point(500, 300))


def test_gravity_turn__full_45_toward_centre():
    """Gravity well turns: up to 45 degrees, toward the planet."""
    w = gravity_well((500, 500), 200)
    t = gravity_turn(w, (500, 300), 0.0)  # centre is straight "down" (90 deg, clockwise)
    assert t.in_well and t.bearing_to_centre == pytest.approx(90.0)
    assert (t.min_turn, t.max_turn) == (0.0, 45.0)
    assert t.heading == pytest.approx(45.0)


def test_gravity_turn__never_past_the_line_to_centre():
    w = gravity_well((500, 500), 200)
    t = gravity_turn(w, (500, 300), 80.0, requested=120.0)
    assert t.clamped and t.heading == pytest.approx(90.0) and "past the line" in t.reason


def test_gravity_turn__away_from_planet_refused():
    w = gravity_well((500, 500), 200)
    t = gravity_turn(w, (500, 300), 0.0, requested=330.0)
    assert t.clamped and t.turn == 0.0 and "toward the planet" in t.reason


def test_gravity_turn__outside_well_no_turn():
    w = gravity_well((500, 500), 200)
    t = gravity_turn(w, (500, 100), 0.0, requested=30.0)
    assert not t.in_well and t.turn == 0.0 and t.clamped


def test_gravity_turn__facing_away_may_turn_either_way():
    w = gravity_well((500, 500), 200)
    t = gravity_turn(w, (500, 300), 270.0, requested=230.0)
    assert (t.min_turn, t.max_turn) == (-45.0, 45.0) and t.heading == pytest.approx(230.0)


def test_gravity_turn__stem_on_centre_raises():
    w = gravity_well((0, 0), 100)
    with pytest.raises(ValueError):
        gravity_turn(w, (0, 0), 0.0)


@settings(max_examples=50, deadline=None)
@given(st.floats(0, 359.9), st.floats(-180, 180), st.floats(101, 249))
def test_gravity_turn__never_overshoots_centre_line(heading, request_off, dist):
    w = gravity_well((0, 0), 200)
    stem = (dist, 0.0)  # centre lies at bearing 180
    t = gravity_turn(w, stem, heading, requested=heading + request_off)
    before = abs((t.bearing_to_centre - heading + 180) % 360 - 180)
    after = abs((t.bearing_to_centre - t.heading + 180) % 360 - 180)
    assert abs(t.turn) <= 45.0 + 1e-9
    assert after <= before + 1e-9  # never further from the centre
    assert before - after == pytest.approx(abs(t.turn), abs=1e-6)  # no swing past the line


def test_low_orbit_pull__by_size():
    """Fighting in low orbit: within 45 cm of the edge, dragged 5/8/10 cm by planet size."""
    assert LOW_ORBIT_PULL_CM == {"small": 5.0, "medium": 8.0, "large": 10.0}
    edge = ((0.0, 0.0), (1000.0, 0.0))
    p = low_orbit_pull((100, 300), edge, "medium")
    assert p.gripped and not p.destroyed and p.end == pytest.approx((100, 220))
    assert not low_orbit_pull((100, 450), edge, "large").gripped  # exactly 45 cm: not within
    d = low_orbit_pull((100, 60), edge, "large")
    assert d.destroyed and d.end == pytest.approx((100, 0))
    exact = low_orbit_pull((100, 50), edge, "small")
    assert not exact.destroyed and exact.end == pytest.approx((100, 0))
    with pytest.raises(ValueError):
        low_orbit_pull((0, 0), ((1, 1), (1, 1)), "small")

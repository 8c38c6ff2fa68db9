"""The space fleet's one sight adjudication (game/rulesets/spacefleet/sight.py):
the line of fire from stem to stem, what blocks it, what shifts it, and its
symmetry (celestial phenomena: phenomena and ships' bases; spacefleet_core:
line of sight and planets)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from game.core.sight import BLOCKS, SHIFTS
from game.rulesets.spacefleet.rules.gunnery import fire_through_markers
from game.rulesets.spacefleet.sight import adjudicate, region, sight
from game.rulesets.spacefleet.state import BlastMarker

from .helpers import area, planet, ship, state


def _pair(ax, ay, bx, by, features=(), **kw):
    a = ship("imp", "lunar", ax, ay, 0.0)
    b = ship("cha", "murder", bx, by, 180.0)
    return state([a, b], features, **kw), a, b


def test_line__a_planet_blocks_unless_a_stem_is_on_it():
    s, a, b = _pair(100, 600, 900, 600, [planet("p", 500, 600, 100)])
    v = adjudicate(s, a, b)
    assert not v.sees and [(c.id, c.role, c.name) for c in v.crossings] == [("p", BLOCKS, "the planet")]
    assert v.lines == (((100.0, 600.0), (900.0, 600.0)),) and v.visible_fraction == 0.0
    b.x = 560.0  # the target's stem on the planet's template: seen
    assert adjudicate(s, a, b).sees and sight(s, a, b.x, b.y, b) is None


def test_line__no_fire_into_or_out_of_an_asteroid_field_but_within_one():
    s, a, b = _pair(100, 600, 900, 600, [area("f", "asteroid_field", 800, 500, 1000, 700)])
    assert not adjudicate(s, a, b).sees
    assert not adjudicate(s, b, a).sees
    a.x = 850.0  # both inside: seen (range limits apply instead)
    assert adjudicate(s, a, b).sees


def test_line__a_hulk_blocks_other_ships_but_may_itself_be_fired_at():
    h = ship("hulk", "sword", 500, 600, 0.0, side="imperial", status="drifting_hulk")
    s, a, b = _pair(100, 600, 900, 600)
    s.ships["hulk"] = h
    v = adjudicate(s, a, b)
    assert not v.sees and v.crossings[0].id == "hulk" and "hulk of" in v.crossings[0].name
    assert adjudicate(s, a, h).sees


def test_shift__a_blast_marker_on_the_line_is_the_verdicts_cover_and_the_gunnery_shift():
    s, a, b = _pair(100, 600, 900, 600)
    v = adjudicate(s, a, b)
    assert v.sees and v.cover == "none" and not fire_through_markers(s, a, b)
    s.blast_markers.append(BlastMarker(id=1, x=500.0, y=600.0))
    v = adjudicate(s, a, b)
    assert v.sees and v.cover != "none" and [c.role for c in v.crossings] == [SHIFTS]
    assert fire_through_markers(s, a, b) and "column" in v.effect and v.label() == "blast-marker shift"


def test_region__hidden_behind_the_planet_never_on_it():
    from shapely.geometry import Point, Polygon

    s, a, b = _pair(100, 600, 900, 600, [planet("p", 500, 600, 100)])
    reg = region(s, a)
    hid = [Polygon(p[0], p[1:]) for p in reg.hidden]
    assert any(h.covers(Point(900, 600)) for h in hid)
    assert not any(h.covers(Point(560, 600)) for h in hid)
    assert not any(h.covers(Point(900, 200)) for h in hid)


coord_x = st.floats(30, 1800)
coord_y = st.floats(30, 1190)


@settings(max_examples=60, deadline=None)
@given(coord_x, coord_y, coord_x, coord_y, st.floats(200, 1600), st.floats(200, 1000), st.floats(20, 200))
def test_law__the_line_of_fire_is_symmetric(ax, ay, bx, by, px, py, r):
    """Stem to stem, the verdict is the same both ways (planets, fields, rifts)."""
    feats = [planet("p", px, py, r), area("f", "asteroid_field", px - 300, py - 60, px - 150, py + 60),
             area("w", "warp_rift", px + 150, py - 20, px + 400, py + 20)]
    s, a, b = _pair(ax, ay, bx, by, feats)
    assert adjudicate(s, a, b).sees == adjudicate(s, b, a).sees

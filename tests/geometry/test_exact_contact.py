"""Exact distance, overlap and covered area between bases, templates and polygons (game.geometry.contact).

The measured cases of the exactness issue: a point 25.9 mm from a 19 x 38 mm base is not within
25.4 mm of it (its bounding circle said it was); a round base overlapped 0.01 mm by a rotated card
is touched (its 64-gon footprint missed it).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Point, Polygon, box

from game.geometry.contact import (
    base_gap, base_overlap, base_point_distance, disc_meets_polygon, disc_polygon_area, disc_polygon_gap,
    segment_distances,
)
from game.geometry.measure import edge_distance, nearest, pairs_within, within_radius
from game.geometry.physics import overlap_matrix
from game.geometry.shapes import QUAD_SEGS, Base, blast, rectangle_template, template_hits

SET = settings(max_examples=80, deadline=None)
coord = st.floats(-200, 200)
size = st.floats(2, 60)
angle = st.floats(0, 360)


@st.composite
def bases(draw):
    if draw(st.booleans()):
        return Base.circle(draw(coord), draw(coord), draw(st.floats(1, 40)))
    return Base.rect(draw(coord), draw(coord), draw(size), draw(size), draw(angle))


def _moved(b: Base, dx: float, dy: float, turn: float) -> Base:
    """``b`` rotated by ``turn`` degrees about the origin, then shifted by (dx, dy)."""
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    x, y = b.x * c - b.y * s + dx, b.x * s + b.y * c + dy
    return Base(x, y, b.radius, b.width, b.depth, b.heading + turn, b.id)


# --------------------------------------------------------------------------- the measured cases


def test_rect_base__a_point_259_mm_off_is_not_within_254_mm():
    """A 19 x 38 mm base (19 across, 38 along its heading): a point 25.9 mm beyond its long side
    is 25.9 mm away, not inside 25.4 mm as its 21.2 mm bounding circle made it."""
    base = Base.rect(100, 100, 19, 38, heading=0)  # long side along x; the sides at y = 90.5 and 109.5
    p = (100, 109.5 + 25.9)
    assert base_point_distance(base, p) == pytest.approx(25.9, abs=1e-9)
    assert within_radius(p, [base], 25.4, edge=True) == []
    assert within_radius(p, [base], 25.9, edge=True) == [0]
    i, d = nearest(p, [Base.circle(100, 170, 5), base], edge=True)
    assert (i, d) == (1, pytest.approx(25.9, abs=1e-9))


def test_rect_base__edge_distance_to_a_round_base_is_the_closest_point():
    rect = Base.rect(0, 0, 19, 38, heading=30)
    # a round base straight off the rectangle's corner, 5 mm clear of it
    corner = np.asarray(rect.footprint.exterior.coords)[0]
    out = corner / np.hypot(*corner)
    disc = Base.circle(*(corner + out * (5 + 12.5)), 12.5)
    assert edge_distance(rect, disc) == pytest.approx(5.0, abs=1e-9)
    assert edge_distance(disc, rect) == pytest.approx(5.0, abs=1e-9)
    assert pairs_within([rect, disc], 5.0).tolist() == [[0, 1]]
    assert pairs_within([rect, disc], 4.99).tolist() == []


def _card_overlapping(base: Base, overlap: float, heading: float):
    """A 63 x 88 card whose long side overlaps ``base`` by ``overlap`` mm, the side's normal at
    ``heading`` degrees from the base centre."""
    h = math.radians(heading)
    gap = base.radius - overlap + 63 / 2
    return rectangle_template(base.x + gap * math.cos(h), base.y + gap * math.sin(h), 63, 88, heading + 90)


def test_card__a_001_mm_overlap_with_a_round_base_is_touched():
    """The card's side faces the base between two corners of the base's 64-gon (where the polygon
    lies 0.015 mm inside the circle): the 0.01 mm overlap is found, with its exact area."""
    base = Base.circle(300, 300, 12.5, id="trooper")
    mid_chord = 360 / (4 * QUAD_SEGS) / 2 + 5 * 360 / (4 * QUAD_SEGS)  # 30.94 deg: half-way between two corners
    card = _card_overlapping(base, 0.01, mid_chord)
    assert not base.footprint.intersects(card.polygon)  # the drawing misses it ...
    hits = template_hits(card, [base])  # ... the measure does not
    assert [(h.base_id, h.wholly) for h in hits] == [("trooper", False)]
    # the segment of a 12.5 mm circle cut 0.01 mm deep: r^2 acos(1 - h/r) - (r - h) sqrt(2 r h - h^2)
    r, h = 12.5, 0.01
    segment = r * r * math.acos(1 - h / r) - (r - h) * math.sqrt(2 * r * h - h * h)
    assert hits[0].share == pytest.approx(segment / (math.pi * r * r), rel=1e-9)
    assert template_hits(_card_overlapping(base, -0.01, mid_chord), [base]) == ()


def test_template_hits__round_template_on_a_rectangular_base_is_exact():
    rect = Base.rect(0, 0, 20, 40, heading=90, id="tank")  # 40 along y, 20 across x
    hit = template_hits(blast(25, 0, 20), [rect])[0]  # the blast reaches x = 5, 5 mm past the side x = 10
    r, d = 20.0, 15.0  # the cut is 5 mm deep: the segment beyond the chord x = 10
    seg = r * r * math.acos(d / r) - d * math.sqrt(r * r - d * d)
    assert hit.share == pytest.approx(seg / rect.area, rel=1e-9) and not hit.wholly


# --------------------------------------------------------------------------- laws


@SET
@given(bases(), bases(), coord, coord, angle)
def test_base_gap__symmetric_and_invariant_under_moves(a, b, dx, dy, turn):
    g = base_gap(a, b)
    assert g >= 0 and g == pytest.approx(base_gap(b, a), abs=1e-9)
    assert base_gap(_moved(a, dx, dy, turn), _moved(b, dx, dy, turn)) == pytest.approx(g, abs=1e-7)
    o = base_overlap(a, b)
    assert o == pytest.approx(base_overlap(b, a), abs=1e-9)
    assert base_overlap(_moved(a, dx, dy, turn), _moved(b, dx, dy, turn)) == pytest.approx(o, abs=1e-7)


@SET
@given(bases(), bases())
def test_base_gap__zero_iff_overlapping_or_touching(a, b):
    """Against the exact polygons where both are rectangles or the circle is a point's distance."""
    g, o = base_gap(a, b), base_overlap(a, b)
    assert g == 0 or o == 0
    if a.is_circle and b.is_circle:
        ref = math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius
    elif a.is_circle or b.is_circle:
        c, r = (a, b) if a.is_circle else (b, a)
        ref = r.footprint.distance(Point(c.x, c.y)) - c.radius
    else:
        ref = a.footprint.distance(b.footprint)
    assert g == pytest.approx(max(ref, 0.0), abs=1e-7)
    assert (g == 0) == (ref <= 1e-9) or abs(ref) < 1e-7


@SET
@given(bases(), bases(), st.floats(-40, 40), st.floats(-40, 40), st.floats(0.05, 5))
def test_base_overlap__the_depth_is_the_least_clearing_move(a, b, ox, oy, extra):
    """Moving one base by the overlap depth (plus ``extra``) along the right line clears the
    other; for rectangles no shorter move in any of 72 directions does."""
    b = b.moved_to(a.x + ox, a.y + oy)
    o = base_overlap(a, b)
    assume(o > 1e-6)
    if a.is_circle and b.is_circle:
        d = math.hypot(b.x - a.x, b.y - a.y)
        assume(d > 1e-6)
        ux, uy = (b.x - a.x) / d, (b.y - a.y) / d
        moved = b.moved_to(b.x + ux * (o + extra), b.y + uy * (o + extra))
        assert base_gap(a, moved) == pytest.approx(extra, abs=1e-7)
    elif not a.is_circle and not b.is_circle:
        for k in range(72):
            h = math.radians(5 * k)
            moved = b.moved_to(b.x + math.cos(h) * o * 0.999, b.y + math.sin(h) * o * 0.999)
            assert a.footprint.intersects(moved.footprint)
    else:
        c, r = (a, b) if a.is_circle else (b, a)
        # the circle's centre is ``radius - depth`` from the rectangle (negative: inside)
        assert r.footprint.exterior.distance(Point(c.x, c.y)) == pytest.approx(
            abs(c.radius - o), abs=1e-7)


@SET
@given(coord, coord, st.floats(1, 50), st.floats(-30, 30), st.floats(-30, 30), size, size, angle)
def test_disc_polygon_area__matches_a_fine_polygon(x, y, r, px, py, w, h, turn):
    poly = affinity.rotate(box(x + px - w / 2, y + py - h / 2, x + px + w / 2, y + py + h / 2), turn)
    poly = poly.difference(Point(x + px, y + py).buffer(min(w, h) / 4))  # with a hole
    fine = Point(x, y).buffer(r, quad_segs=4096)
    ref = fine.intersection(poly).area
    got = disc_polygon_area(x, y, r, poly)
    assert got == pytest.approx(ref, abs=1e-6 * r * r + 1e-9)
    assert 0 <= got <= min(math.pi * r * r, poly.area) + 1e-9
    if not disc_meets_polygon(x, y, r, poly):
        assert got == 0.0 and disc_polygon_gap(x, y, r, poly) > 0


def test_disc_polygon_area__whole_and_half_discs():
    assert disc_polygon_area(0, 0, 10, box(-50, -50, 50, 50)) == pytest.approx(math.pi * 100, rel=1e-12)
    assert disc_polygon_area(0, 0, 10, box(0, -50, 50, 50)) == pytest.approx(math.pi * 50, rel=1e-12)
    assert disc_polygon_area(0, 0, 10, box(20, 20, 30, 30)) == 0.0


@SET
@given(coord, coord, st.floats(0, 40), coord, coord, coord, coord)
def test_disc_polygon_gap__zero_iff_touching(x, y, r, ax, ay, bx, by):
    tri = Polygon([(ax, ay), (bx, by), (ax + 20, by - 15)])
    assume(tri.is_valid and tri.area > 1)
    g = disc_polygon_gap(x, y, r, tri)
    edges = np.asarray(tri.exterior.coords)
    d = 0.0 if tri.covers(Point(x, y)) else segment_distances((x, y), edges[:-1], edges[1:]).min()
    assert g == pytest.approx(max(0.0, d - r), abs=1e-9)
    assert (g == 0) == disc_meets_polygon(x, y, r, tri)


def test_overlap_matrix__rectangles_are_not_points():
    a = Base.rect(0, 0, 20, 40, heading=0)  # 40 along x
    b = Base.rect(34, 0, 20, 20, heading=45)  # its corner reaches x = 19.86, into a
    c = Base.circle(0, 15, 10)
    m = overlap_matrix([a, b, c])
    assert m[0, 1] == pytest.approx(base_overlap(a, b)) and m[0, 1] > 0
    assert m[0, 2] == pytest.approx(5.0)  # the circle reaches 5 mm past the side at y = 10
    assert m[1, 2] == 0.0


@SET
@given(st.floats(-100, 100), st.floats(-100, 100), size, size, angle, angle, st.floats(1, 359))
def test_arc_of__rectangle_in_arc_matches_the_polygons(x, y, w, d, turn, facing, width):
    """A rectangular base is in an arc iff its exact rectangle meets the sector (a long pie slice
    built from many points as the reference, far beyond the base)."""
    from game.geometry.shapes import Arc, arc_of, sector_polygon

    target = Base.rect(x, y, w, d, turn)
    reach = math.hypot(x, y) + 200
    ref = sector_polygon(0, 0, facing, width, reach, steps_per_90=512)
    foot = target.footprint
    got = bool(arc_of((0, 0), facing, target, [Arc(0.0, width)]))
    if ref.intersection(foot).area > 1e-6:
        assert got
    elif ref.distance(foot) > 1e-6:
        assert not got


@SET
@given(coord, coord, coord, coord, coord, coord, st.floats(0.5, 50))
def test_disc_entry_one__same_root_as_disc_entry(x0, y0, x1, y1, cx, cy, reach):
    from game.geometry.contact import disc_entry, disc_entry_one

    t1 = disc_entry_one(x0, y0, x1 - x0, y1 - y0, cx, cy, reach)
    tv = float(disc_entry(np.array([x0, y0]), np.array([x1 - x0, y1 - y0]), np.array([[cx, cy]]), reach)[0])
    assert t1 == tv or abs(t1 - tv) < 1e-12
    if 0 < t1 < math.inf:
        x, y = x0 + t1 * (x1 - x0), y0 + t1 * (y1 - y0)
        assert math.hypot(x - cx, y - cy) == pytest.approx(reach, abs=1e-6)

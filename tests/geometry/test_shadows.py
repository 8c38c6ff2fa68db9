"""Exact 2.5D sight of a model (game.geometry.shadows): shadows of prisms,
the exact disc area, the share of a model seen, and the laws any sight must
keep (an obstacle never helps; moving or turning the whole table changes
nothing)."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from scipy.integrate import trapezoid
from hypothesis import assume, given, settings, strategies as st
from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box

from game.geometry.shadows import (Prism, PrismSet, disc_area_in, hidden_region, model_sight, scale_interval,
                                   shadow)
from game.geometry.shapes import Base

SET = settings(max_examples=40, deadline=None)


def brute_seen(eye, ez, X, z, prisms) -> bool:
    """One sight line from the eye to the point X at height z, tested piece by
    piece (the definition, no shadows)."""
    L = LineString([eye, X])
    n = math.hypot(X[0] - eye[0], X[1] - eye[1])
    for p in prisms:
        inter = L.intersection(p.polygon)
        if inter.is_empty:
            continue
        for g in shapely.get_parts(inter):
            c = np.asarray(g.coords)
            t = np.hypot(c[:, 0] - eye[0], c[:, 1] - eye[1]) / n
            h = ez + np.sort(t) * (z - ez)  # the line's heights over the crossing (linear in t)
            lo, hi = h.min(), h.max()
            if hi > p.bottom and lo < p.top:
                return False
    return True


def grid_fraction(eye, ez, base: Base, z, prisms, k=121) -> float:
    xs = np.linspace(-base.radius, base.radius, k)
    pts = [(base.x + x, base.y + y) for x in xs for y in xs if x * x + y * y <= base.radius ** 2]
    return float(np.mean([brute_seen(eye, ez, p, z, prisms) for p in pts]))


# ----------------------------------------------------------------------------- primitives


def test_disc_area__exact_for_a_quarter_and_a_hole():
    assert disc_area_in(box(0, 0, 10, 10), 0, 0, 5) == pytest.approx(math.pi * 25 / 4, abs=1e-12)
    g = Polygon([(0, -100), (100, -100), (100, 100), (0, 100)], [[(1, -1), (2, -1), (2, 1), (1, 1)]])
    assert disc_area_in(g, 0, 0, 5) == pytest.approx(math.pi * 25 / 2 - 2.0, abs=1e-12)
    # a chord: the circular segment beyond x = 3 of a disc of radius 5
    seg = 25 * math.acos(3 / 5) - 3 * math.sqrt(25 - 9)
    assert disc_area_in(box(3, -10, 10, 10), 0, 0, 5) == pytest.approx(seg, abs=1e-12)


@SET
@given(st.floats(-30, 30), st.floats(-30, 30), st.floats(1, 25), st.floats(0, 360))
def test_disc_area__matches_a_fine_polygon(cx, cy, r, turn):
    g = affinity.rotate(Polygon([(-20, -5), (25, -12), (30, 18), (0, 4), (-15, 22)]), turn, origin=(0, 0))
    fine = Point(cx, cy).buffer(r, quad_segs=2048)
    assert disc_area_in(g, cx, cy, r) == pytest.approx(g.intersection(fine).area, abs=r * r * 2e-6)


def test_disc_area__a_polygon_with_a_near_duplicate_vertex_spike():
    """A valid shadow union whose ring doubles back on two vertices 1e-14 mm apart (found
    in a Battlespace Mission 4 game): clipping it to the disc's box raised a GEOS error;
    the area still matches a fine polygon of the disc."""
    ring = [(75.19506519132199, 331.6375513783543), (72.98115794369355, 328.54510950865114),
            (56.04510950865114, 328.54510950865114), (56.04510950865114, 345.4803975567061),
            (62.668015343481656, 354.0348904913489), (81.53489049134888, 354.0348904913489),
            (81.53489049134888, 340.4931803688681), (81.53489049134888, 340.493180368868),
            (81.53489049134888, 337.522960456837), (75.14525824245335, 328.54510950865114),
            (72.98115794369356, 328.54510950865114)]
    g = Polygon(ring)
    assert g.is_valid
    cx, cy, r = 68.79, 341.29, 12.5
    fine = Point(cx, cy).buffer(r, 1024).intersection(g).area
    assert disc_area_in(g, cx, cy, r) == pytest.approx(fine, rel=1e-4)


def test_scale_interval__regimes():
    assert scale_interval(30, 30, 0, 60) == (1.0, math.inf)  # taller than the eye: hides everything behind
    assert scale_interval(30, 30, 0, 20) is None  # lower than a level line
    s0, s1 = scale_interval(30, 0, 0, 20)  # eye above the wall, point on the ground: a bounded shadow
    assert (s0, s1) == (1.0, pytest.approx(3.0))
    s0, s1 = scale_interval(10, 100, 0, 20)  # eye below the top, point far above: hidden only far off
    assert s0 == pytest.approx(9.0) and s1 == math.inf
    assert scale_interval(30, 60, 0, 20) is None  # a rising line never dips under a wall below the eye


def test_shadow__convex_and_general_paths_agree():
    poly = box(100, -20, 110, 20)
    concave = Polygon([(100, -20), (110, -20), (110, 20), (100, 20), (100, 5), (104, 0), (100, -5)])
    for s0, s1 in ((1.0, 3.0), (1.0, math.inf), (1.5, 2.5)):
        a = shadow(poly, (0, 0), s0, s1, 500).intersection(box(0, -300, 450, 300))
        b = shadow(concave.union(poly), (0, 0), s0, s1, 500).intersection(box(0, -300, 450, 300))
        assert a.symmetric_difference(b).area < 1e-6 * a.area


# ----------------------------------------------------------------------------- model sight


WALL20 = Prism("wall", box(100, -60, 105, 60), 20.0, name="garden wall")


def test_model_behind_20mm_wall__top_seen_foot_hidden():
    """A standing model (30 mm) behind a 20 mm wall, eye 30 mm: its top is in
    full view, its foot hidden; the share seen lies between, and the wall is
    named with its share."""
    t = Base.circle(200, 0, 12.5)
    ms = model_sight((0, 0), 30.0, t, 0.0, 30.0, [WALL20])
    assert ms.top_fraction == 1.0 and ms.foot_fraction == 0.0
    assert 0.3 < ms.volume_fraction < 0.9
    assert [h.prism.id for h in ms.hiders] == ["wall"] and ms.hiders[0].hidden_foot == 1.0
    # prone (15 mm): lower, so more of it hidden; still partly seen
    pr = model_sight((0, 0), 30.0, t, 0.0, 15.0, [WALL20])
    assert 0.0 < pr.volume_fraction < ms.volume_fraction


@pytest.mark.parametrize("z", [0.0, 8.0, 10.0, 12.0, 20.0, 30.0])
def test_fraction_at_height__equals_the_sight_lines(z):
    t = Base.circle(200, 0, 12.5)
    ms = model_sight((0, 0), 30.0, t, 0.0, 30.0, [WALL20, Prism("tall", box(100, -60, 104, -4), math.inf)])
    assert ms.fraction_at(z) == pytest.approx(grid_fraction((0, 0), 30.0, t, z, ms.prisms), abs=0.02)


def test_volume_fraction__is_the_mean_over_the_height():
    t = Base.circle(200, 0, 12.5)
    ms = model_sight((0, 0), 30.0, t, 0.0, 30.0, [WALL20])
    zs = np.linspace(0, 30, 3001)
    mean = trapezoid([ms.fraction_at(z) for z in zs], zs) / 30.0
    assert ms.volume_fraction == pytest.approx(mean, abs=2e-4)


def test_eye_on_a_roof__dead_ground_below_the_edge():
    """From a roof (eye 90 mm on a 60 mm roof) a model at the foot of the wall
    is partly hidden, one right under it wholly; one far off is wholly seen."""
    roof = Prism("roof", box(-50, -50, 50, 50), 60.0)
    near = model_sight((0, 0), 90.0, Base.circle(110, 0, 12.5), 0.0, 30.0, [roof])
    under = model_sight((0, 0), 90.0, Base.circle(70, 0, 12.5), 0.0, 30.0, [roof])
    far = model_sight((0, 0), 90.0, Base.circle(300, 0, 12.5), 0.0, 30.0, [roof])
    assert near.any_seen and not near.all_seen
    assert not under.any_seen  # right under the edge: wholly in dead ground
    assert far.all_seen


def test_prism_set__same_answer_as_the_plain_list():
    rng = np.random.default_rng(5)
    ps = [Prism(f"p{i}", box(x, y, x + w, y + 8), h) for i, (x, y, w, h) in
          enumerate(zip(rng.uniform(50, 350, 30), rng.uniform(-150, 150, 30), rng.uniform(5, 40, 30),
                        rng.choice([15.0, 25.0, 60.0, math.inf], 30)))]
    t = Base.circle(400, 10, 12.5)
    a = model_sight((0, 0), 30.0, t, 0.0, 30.0, ps)
    b = model_sight((0, 0), 30.0, t, 0.0, 30.0, PrismSet(ps))
    assert (a.top_fraction, a.foot_fraction, a.volume_fraction) == (b.top_fraction, b.foot_fraction, b.volume_fraction)


def test_hidden_region__a_point_in_it_is_hidden_and_out_of_it_seen():
    prisms = [WALL20, Prism("b", box(150, 50, 190, 90), 60.0)]
    reg = hidden_region((0, 0), 30.0, 0.0, prisms, (400, 400))
    rng = np.random.default_rng(3)
    for x, y in rng.uniform(1, 399, (200, 2)):
        if any(p.polygon.buffer(1e-6).covers(Point(x, y)) for p in prisms):
            continue
        assert reg.covers(Point(x, y)) == (not brute_seen((0, 0), 30.0, (x, y), 0.0, prisms))


# ----------------------------------------------------------------------------- laws

coord = st.floats(-150, 150)
height = st.sampled_from([10.0, 20.0, 25.0, 40.0, 60.0, math.inf])


def _piece(x, y, w, d, h, i):
    return Prism(f"p{i}", box(x, y, x + w, y + d), h)


def _clear_of_eye(ps):
    """Pieces at least 1 mm from the eye at the origin (a model never sees from
    inside a piece: the rulesets leave out the piece a model stands in)."""
    return [p for p in ps if box(p[0], p[1], p[0] + p[2], p[1] + p[3]).distance(Point(0, 0)) >= 1.0]


pieces = st.lists(st.tuples(coord, coord, st.floats(3, 60), st.floats(3, 60), height), min_size=1, max_size=5)


@SET
@given(pieces, st.tuples(coord, coord, st.floats(3, 60), st.floats(3, 60), height),
       st.floats(10, 60), st.tuples(st.floats(160, 260), st.floats(-80, 80)))
def test_law__an_obstacle_never_raises_what_is_seen(ps, extra, ez, tpos):
    assume(_clear_of_eye([extra]))
    prisms = [_piece(*p, i) for i, p in enumerate(_clear_of_eye(ps))]
    t = Base.circle(tpos[0], tpos[1], 12.5)
    a = model_sight((0, 0), ez, t, 0.0, 30.0, prisms)
    b = model_sight((0, 0), ez, t, 0.0, 30.0, prisms + [_piece(*extra, 99)])
    assert b.top_fraction <= a.top_fraction + 1e-9
    assert b.foot_fraction <= a.foot_fraction + 1e-9
    assert b.volume_fraction <= a.volume_fraction + 5e-4


@SET
@given(pieces, st.floats(10, 60), st.tuples(st.floats(160, 260), st.floats(-80, 80)),
       st.floats(-500, 500), st.floats(-500, 500), st.floats(0, 360))
def test_law__moving_or_turning_the_whole_table_changes_nothing(ps, ez, tpos, dx, dy, turn):
    prisms = [_piece(*p, i) for i, p in enumerate(_clear_of_eye(ps))]
    t = Base.circle(tpos[0], tpos[1], 12.5)
    a = model_sight((0, 0), ez, t, 0.0, 30.0, prisms)

    def move(g):
        return affinity.translate(affinity.rotate(g, turn, origin=(0, 0)), dx, dy)

    c = move(Point(t.x, t.y))
    e = move(Point(0, 0))
    moved = [Prism(p.id, move(p.polygon), p.top) for p in prisms]
    b = model_sight((e.x, e.y), ez, Base.circle(c.x, c.y, 12.5), 0.0, 30.0, moved)
    assert b.top_fraction == pytest.approx(a.top_fraction, abs=1e-7)
    assert b.foot_fraction == pytest.approx(a.foot_fraction, abs=1e-7)
    assert b.volume_fraction == pytest.approx(a.volume_fraction, abs=5e-4)
    assert {h.prism.id for h in b.hiders if max(h.hidden_top, h.hidden_foot) > 1e-6} == \
        {h.prism.id for h in a.hiders if max(h.hidden_top, h.hidden_foot) > 1e-6}

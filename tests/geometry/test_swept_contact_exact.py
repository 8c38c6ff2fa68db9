"""First contact of a swept round base, exact (game.geometry.movement.SweepIndex, contact.sweep_polygon).

Laws: the contact centre is exactly one radius from the obstacle and no earlier point of the
path is closer; the prepared index (a pymunk space of rounded edges) and the one-off numpy solve
agree; both agree with pymunk's own segment query on a convex piece, contact point included.
"""

from __future__ import annotations

import math

import numpy as np
import pymunk
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box

from game.geometry.contact import sweep_polygon
from game.geometry.movement import SweepIndex, first_contact
from game.geometry.terrain import IMPASSABLE, TerrainPiece

SET = settings(max_examples=int(__import__("os").environ.get("SWEEP_EXAMPLES", 60)), deadline=None)
coord = st.floats(-60, 160).map(lambda v: round(v, 4))  # to 0.1 um: no denormal-sized coordinates

#: an L-shaped ruin with a courtyard: a concave piece with a hole
RUIN = Polygon([(0, 0), (100, 0), (100, 40), (40, 40), (40, 100), (0, 100)], [[(10, 10), (30, 10), (30, 30), (10, 30)]])
#: a rotated convex block
BLOCK = affinity.rotate(box(60, 60, 90, 75), 25)
PIECES = [TerrainPiece("ruin", RUIN, tags={IMPASSABLE}), TerrainPiece("block", BLOCK, tags={IMPASSABLE})]
OBSTACLE = RUIN.union(BLOCK)
BASES = [("b1", 130.0, 20.0, 8.0), ("b2", 70.0, 120.0, 12.5)]
PREPARED = SweepIndex(BASES, PIECES)


def _clearance(p) -> float:
    """Gap from a centre to the nearest obstacle outline or base (negative: overlapping)."""
    d = OBSTACLE.distance(Point(p)) if not OBSTACLE.contains(Point(p)) else -OBSTACLE.boundary.distance(Point(p))
    return min([d] + [math.dist(p, (x, y)) - r for _, x, y, r in BASES])


@SET
@given(coord, coord, coord, coord, st.floats(0, 15).map(lambda v: round(v, 4)))
def test_first_contact__touches_at_exactly_the_radius_and_never_earlier(x0, y0, x1, y1, r):
    assume(_clearance((x0, y0)) > r + 1e-3)
    c = PREPARED.first_contact((x0, y0), (x1, y1), r)
    path = np.array([[x0, y0], [x1, y1]])
    if c.hit:
        assert _clearance(c.centre) == pytest.approx(r, abs=1e-6)
        assert math.dist(c.centre, c.touch_point) == pytest.approx(r, abs=1e-6)
        assert min(OBSTACLE.boundary.distance(Point(c.touch_point)),
                   *[abs(math.dist(c.touch_point, (x, y)) - rr) for _, x, y, rr in BASES]) < 1e-6
        end = c.distance
    else:
        end = math.dist((x0, y0), (x1, y1))
    L = math.dist((x0, y0), (x1, y1))
    for s in np.linspace(0.0, 1.0, 201):
        p = path[0] + (path[1] - path[0]) * (s * end / L if L else 0.0)
        assert _clearance(p) >= r - 1e-6
    if not c.hit and r > 0:  # nothing touched: the whole swept path stays clear
        line = LineString([(x0, y0), (x1, y1)]) if L else Point(x0, y0)
        assert OBSTACLE.distance(line) >= r - 1e-9


@SET
@given(coord, coord, coord, coord, st.floats(0, 15).map(lambda v: round(v, 4)), st.sampled_from([frozenset(), frozenset({"b1"}),
                                                                     frozenset({"ruin", "b2"})]))
def test_first_contact__prepared_index_and_one_off_solve_agree(x0, y0, x1, y1, r, ignore):
    """Starts anywhere (touching, inside, clear): the touching-at-the-start rule is the same. The
    one exception is a path that only grazes something at exactly the radius, never closer (a
    touch without overlap, which rounding decides either way): then one may report it and the
    other not."""
    a = PREPARED.first_contact((x0, y0), (x1, y1), r, ignore)
    b = first_contact((x0, y0), (x1, y1), r, BASES, PIECES, ignore=ignore)
    if (a.hit, a.id) != (b.hit, b.id):
        first = min((c for c in (a, b) if c.hit), key=lambda c: c.distance)
        L = math.dist((x0, y0), (x1, y1))
        s = np.linspace(0.0, 1.0, 2001)[:, None]
        pts = np.array([x0, y0]) + s * (np.array([x1, y1]) - (x0, y0))
        if first.id in ("b1", "b2"):
            _, bx, by, br = next(b_ for b_ in BASES if b_[0] == first.id)
            gap = np.hypot(pts[:, 0] - bx, pts[:, 1] - by).min() - br
        else:
            piece = next(p for p in PIECES if p.id == first.id).polygon
            gap = piece.distance(LineString(pts) if L else Point(x0, y0))
        assert gap >= r - 1e-9 and math.dist(first.centre, first.touch_point) == pytest.approx(r, abs=1e-6)
        return
    assert (a.hit, a.kind, a.id) == (b.hit, b.kind, b.id)
    assert a.distance == pytest.approx(b.distance, abs=1e-6)
    if a.hit:
        assert np.allclose(a.touch_point, b.touch_point, atol=1e-6)


@SET
@given(coord, coord, coord, coord, st.floats(0.5, 15))
def test_first_contact__same_contact_point_as_pymunk_on_a_convex_piece(x0, y0, x1, y1, r):
    """pymunk's own query on the block (a convex polygon) gives the same contact centre and point."""
    assume(BLOCK.distance(Point(x0, y0)) > r + 1e-3 and math.dist((x0, y0), (x1, y1)) > 1e-3)
    space = pymunk.Space()
    shape = pymunk.Poly(space.static_body, list(BLOCK.exterior.coords)[:-1])
    space.add(shape)
    hit = shape.segment_query((x0, y0), (x1, y1), r)  # the shape's own query: no tree in the way
    ours = SweepIndex((), [PIECES[1]]).first_contact((x0, y0), (x1, y1), r)
    assert ours.hit == (hit is not None)
    if ours.hit:
        centre = (x0 + hit.alpha * (x1 - x0), y0 + hit.alpha * (y1 - y0))
        assert np.allclose(ours.centre, centre, atol=1e-6)
        assert np.allclose(ours.touch_point, tuple(hit.point), atol=1e-6)


def test_first_contact__a_graze_off_the_bounding_box_is_found():
    """The centre line passes 2 mm outside a box's bounding box and the 5 mm disc grazes its
    corner: the index finds it (pymunk's space walks its tree with the bare line and does not:
    the index rounds every edge by the radius so each box is grown by it)."""
    boxes = [TerrainPiece(f"box{k}", box(20 * k, 0, 20 * k + 10, 10), tags={IMPASSABLE}) for k in range(40)]
    c = SweepIndex((), boxes).first_contact((-20, 12), (30, 12), 5)
    assert c.hit and c.id == "box0" and c.centre == pytest.approx((-math.sqrt(21.0), 12.0), abs=1e-9)
    assert c.touch_point == pytest.approx((0.0, 10.0), abs=1e-9)


def test_first_contact__larger_radius_after_a_smaller_one():
    idx = SweepIndex((), PIECES)
    assert idx.first_contact((-30, 50), (-10, 50), 5).hit is False
    c = idx.first_contact((-30, 50), (-10, 50), 25)  # the index is grown for the larger base
    assert c.hit and c.centre == pytest.approx((-25.0, 50.0), abs=1e-9)


@SET
@given(coord, coord, coord, coord, st.floats(0, 15).map(lambda v: round(v, 4)))
def test_sweep_polygon__first_touch_is_at_the_radius(x0, y0, x1, y1, r):
    d = sweep_polygon((x0, y0), (x1, y1), r, RUIN)
    L = math.dist((x0, y0), (x1, y1))
    line = LineString([(x0, y0), (x1, y1)]) if L else Point(x0, y0)
    assert (d is not None) == (RUIN.distance(line) <= r)
    if d is not None and d > 0:
        p = (x0 + (x1 - x0) * d / L, y0 + (y1 - y0) * d / L)
        assert RUIN.distance(Point(p)) == pytest.approx(r, abs=1e-6)
        assert RUIN.distance(LineString([(x0, y0), p])) >= r - 1e-6

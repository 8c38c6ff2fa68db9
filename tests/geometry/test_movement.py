"""Move cost, first contact and reachable area (game.geometry.movement)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from game.geometry.movement import SweepIndex, first_contact, path_cost, reachable_area
from game.geometry.paths import PathFinder
from game.geometry.shapes import Base
from game.geometry.terrain import DIFFICULT, HINDERING, IMPASSABLE, TerrainPiece

WALL = TerrainPiece("wall", box(50, 0, 60, 100), tags={IMPASSABLE})
WOODS = TerrainPiece("woods", box(20, 20, 40, 80), tags={DIFFICULT}, move_cost=2.0)
MARSH = TerrainPiece("marsh", box(30, 40, 45, 60), tags={DIFFICULT}, move_cost=3.0)
HEDGE = TerrainPiece("hedge", box(70, 0, 72, 100), tags={HINDERING})


def test_first_contact__wall_and_base():
    c = first_contact((0, 50), (100, 50), 10, [], [WALL])
    assert c.hit and c.id == "wall" and c.centre == pytest.approx((40, 50)) and c.distance == pytest.approx(40)
    assert c.touch_point == pytest.approx((50, 50))
    c = first_contact((0, 50), (100, 50), 10, [Base.circle(30, 50, 5, id="b1")], [WALL])
    assert c.kind == "base" and c.id == "b1" and c.distance == pytest.approx(15)


def test_first_contact__oblique_corner_exact():
    # passing the wall's top-left corner (50, 0) at height y = -6: the disc touches it
    c = first_contact((0, -6), (100, -6), 10, [], [WALL])
    dx = math.sqrt(10**2 - 6**2)
    assert c.hit and c.centre == pytest.approx((50 - dx, -6))


def test_first_contact__zero_length_and_touching_start():
    assert not first_contact((0, 50), (0, 50), 10, [("b", 20, 50, 10)], [WALL]).hit
    # touching b at the start and moving away: free
    assert not first_contact((0, 50), (-50, 50), 10, [("b", 20, 50, 10)]).hit
    # touching b and moving into it: stopped at once
    c = first_contact((0, 50), (50, 50), 10, [("b", 20, 50, 10)])
    assert c.hit and c.distance == 0.0
    # sliding along a wall in contact is not entering it
    assert first_contact((40, 50), (40, 20), 10, [], [WALL]).hit is False


def test_first_contact__path_and_segment_index():
    c = first_contact([(0, 0), (0, 50), (100, 50)], None, 5, [], [WALL])
    assert c.hit and c.segment == 1 and c.distance == pytest.approx(50 + 45)


def test_first_contact__point_on_boundary_moving_in():
    c = first_contact((50, 50), (55, 50), 0, [], [WALL])
    assert c.hit and c.distance == 0.0
    assert not first_contact((50, 50), (0, 50), 0, [], [WALL]).hit


def test_first_contact__hole_in_piece():
    ruin = TerrainPiece("ruin", Polygon([(0, 0), (100, 0), (100, 100), (0, 100)],
                                        [[(20, 20), (80, 20), (80, 80), (20, 80)]]), tags={IMPASSABLE})
    c = first_contact((50, 50), (50, 0), 5, [], [ruin])
    assert c.hit and c.centre == pytest.approx((50, 25))


def test_path_cost__difficult_terrain_doubles():
    m = path_cost([(0, 50), (100, 50)], [WOODS])
    assert m.legal and m.length == pytest.approx(100) and m.cost == pytest.approx(120)
    assert m.difficult[0].id == "woods" and m.difficult[0].length == pytest.approx(20)


def test_path_cost__overlapping_difficult_uses_highest():
    m = path_cost([(0, 50), (100, 50)], [WOODS, MARSH])
    # 20..30 woods (x2), 30..45 marsh (x3 beats x2), rest open
    assert m.cost == pytest.approx(100 + 10 * 1 + 15 * 2)


def test_path_cost__impassable_rejected_with_place():
    m = path_cost([(0, 50), (100, 50)], [WALL], radius=5)
    assert not m.legal and m.blocked_by == "wall" and m.blocked_at == pytest.approx((45, 50))
    assert "wall" in m.reason


def test_path_cost__ending_in_contact_is_legal():
    m = path_cost([(0, 50), (45, 50)], [WALL], radius=5)
    assert m.legal and m.cost == pytest.approx(45)


def test_path_cost__hindering_stops_move_and_leaving_is_free():
    m = path_cost([(0, 50), (100, 50)], [HEDGE], radius=5)
    assert m.legal and m.stopped_by == "hedge" and m.end == pytest.approx((65, 50)) and m.length == pytest.approx(65)
    leave = path_cost([(66, 50), (100, 50)], [HEDGE], radius=5)  # starts in contact
    assert leave.stopped_by is None and leave.end == pytest.approx((100, 50))


def test_path_cost__zero_length_and_single_point():
    assert path_cost([(0, 0), (0, 0)], [WALL, WOODS]).cost == 0
    assert path_cost([(0, 0)], [WALL]).cost == 0
    with pytest.raises(ValueError):
        path_cost([], [])


def test_path_cost__base_on_boundary_of_difficult_piece():
    # running exactly along the woods edge counts as inside (the edge is part of the piece)
    m = path_cost([(20, 10), (20, 90)], [WOODS])
    assert m.legal and m.cost >= 80


def test_sweep_index__reused():
    idx = SweepIndex([("b", 30, 50, 5)], [WALL])
    assert idx.first_contact((0, 50), (100, 50), 10).id == "b"
    assert idx.first_contact((0, 50), (100, 50), 10, ignore=frozenset({"b"})).id == "wall"


@settings(max_examples=50, deadline=None)
@given(st.floats(-50, 150), st.floats(-50, 150), st.floats(-50, 150), st.floats(-50, 150), st.floats(0, 8))
def test_first_contact__never_overlaps_before_contact(x0, y0, x1, y1, r):
    """Up to the contact point the base never overlaps the wall; a hit touches it."""
    if WALL.polygon.distance(Point(x0, y0)) < r + 1e-6:
        return
    c = first_contact((x0, y0), (x1, y1), r, [], [WALL])
    assert WALL.polygon.distance(Point(c.centre)) >= r - 1e-6
    if c.hit:
        assert WALL.polygon.distance(Point(c.centre)) == pytest.approx(r, abs=1e-6)
    assert c.distance <= math.dist((x0, y0), (x1, y1)) + 1e-9


def test_reachable_area__open_ground_is_a_disc():
    pf = PathFinder([], 5, (400, 400))
    reach = reachable_area(pf, (200, 200), 100)
    assert reach.area.area == pytest.approx(math.pi * 100**2, rel=2e-3)


def test_reachable_area__goes_round_but_not_through_wall():
    pf = PathFinder([WALL.polygon], 5, (200, 200))
    reach = reachable_area(pf, (20, 50), 100)
    assert reach.area.covers(Point(40, 50))
    assert not reach.area.covers(Point(80, 50))  # straight 60 mm, but the way round is > 100 mm
    assert reach.area.covers(Point(70, 120))  # round the wall's end: within 100 mm
    exact = pf.shortest_path((20, 50), (70, 120)).length
    assert exact <= 100
    assert reachable_area(pf, (55, 50), 50).start is None  # inside the wall


def test_reachable_area__accuracy_against_exact_distance():
    pf = PathFinder([WALL.polygon, box(100, 120, 160, 130)], 5, (200, 200))
    reach = reachable_area(pf, (20, 50), 150)
    for x in range(10, 200, 17):
        for y in range(10, 200, 17):
            r = pf.shortest_path((20, 50), (x, y))
            if not r.found or not pf.space.region.covers(Point(x, y)):
                continue
            inside = reach.area.buffer(1e-6).covers(Point(x, y))
            if r.length < 150 - 1.0:
                assert inside, (x, y, r.length)
            elif r.length > 150 + 1.0:
                assert not inside, (x, y, r.length)

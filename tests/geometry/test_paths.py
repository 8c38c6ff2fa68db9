"""Exact shortest paths for a round base (game.geometry.paths)."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import example, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon, box

from game.geometry.paths import PathFinder, free_space, impassable
from game.geometry.terrain import IMPASSABLE, TerrainPiece

R = 5.0
TABLE = (200.0, 200.0)
OBSTACLES = [
    box(60, 20, 80, 120),
    Polygon([(110, 80), (150, 60), (160, 110), (130, 100)]),
    box(40, 150, 140, 160),
]


@pytest.fixture(scope="module")
def finder() -> PathFinder:
    return PathFinder(OBSTACLES, R, TABLE)


def _oracle_length(space, start, goal) -> float:
    """extremitypathfinder (MIT) on the same grown polygons: the exact oracle."""
    from extremitypathfinder import PolygonEnvironment

    region = space.components[space.component_of(start)]
    region = shapely.orient_polygons(region, exterior_cw=False)
    boundary = list(region.exterior.coords)[:-1]
    holes = [list(h.coords)[:-1] for h in region.interiors]
    # extremitypathfinder wants the boundary counter-clockwise and holes clockwise
    env = PolygonEnvironment()
    env.store(boundary, holes, validate=False)
    env.prepare()
    _, length = env.find_shortest_path(start, goal)
    return float(length)


def test_paths__straight_when_unobstructed(finder):
    r = finder.shortest_path((20, 20), (30, 140))
    assert r.found and r.straight
    assert r.length == pytest.approx(math.dist((20, 20), (30, 140)))


def test_paths__goes_round_the_wall_and_matches_oracle(finder):
    start, goal = (30.0, 70.0), (100.0, 70.0)
    r = finder.shortest_path(start, goal)
    assert r.found and len(r.points) > 2
    assert r.length == pytest.approx(_oracle_length(finder.space, start, goal), rel=1e-6)


@pytest.mark.parametrize("start,goal", [((20, 190), (190, 140)), ((100, 180), (170, 40)), ((15, 15), (185, 185))])
def test_paths__matches_extremitypathfinder(finder, start, goal):
    r = finder.shortest_path(start, goal)
    assert r.found
    assert r.length == pytest.approx(_oracle_length(finder.space, start, goal), rel=1e-6)


def test_paths__start_inside_obstacle_names_it():
    pieces = [TerrainPiece("house", box(60, 20, 80, 120), tags={IMPASSABLE})]
    pf = PathFinder(pieces, R, TABLE)
    r = pf.shortest_path((70, 50), (10, 10))
    assert not r.found and r.blocked_by == ("house",) and "start" in r.reason
    r = pf.shortest_path((10, 10), (70, 50))
    assert not r.found and r.blocked_by == ("house",) and "end" in r.reason


def test_paths__off_table_is_refused(finder):
    r = finder.shortest_path((2, 100), (20, 100))
    assert not r.found and "table edge" in r.reason


def test_paths__base_touching_obstacle_is_nudged_out(finder):
    # centre exactly R from the wall face: the faces are grown by exactly R,
    # so this is on the free-space boundary and free as it is (no snap)
    start = (60 - R, 70.0)
    r = finder.shortest_path(start, (20, 70))
    assert r.found and r.straight
    assert r.points[0] == start
    assert r.length == pytest.approx(math.dist(start, (20, 70)), abs=1e-9)


def test_paths__base_touching_obstacle_corner_is_snapped_out(finder):
    # centre exactly R from a corner of #1, (110, 80): inside the polygonal
    # growth (the corner slack), so snapped onto free space, snap in the path
    goal = (105.0, 80.0)
    assert finder.space.component_of(goal) is None
    r = finder.shortest_path((20, 190), goal)
    assert r.found and r.points[-1] == goal
    snap = math.dist(r.points[-2], goal)
    assert 0 < snap <= finder.space.slack + 1e-6
    assert LineString(r.points).distance(OBSTACLES[1]) >= R - 1e-6
    # a little closer than R is a real overlap: refused, naming the piece
    r = finder.shortest_path((20, 190), (105.01, 80.0))
    assert not r.found and r.blocked_by == ("#1",) and "end" in r.reason


def test_paths__zero_length(finder):
    r = finder.shortest_path((20, 20), (20, 20))
    assert r.found and r.length == 0


def test_paths__walled_off_goal():
    ring = Polygon([(50, 50), (150, 50), (150, 150), (50, 150)], [[(70, 70), (130, 70), (130, 130), (70, 130)]])
    pf = PathFinder([ring], R, TABLE)
    r = pf.shortest_path((20, 20), (100, 100))
    assert not r.found and "walled off" in r.reason
    # inside the hole a base moves freely
    assert pf.shortest_path((90, 90), (110, 110)).found


def test_paths__hole_of_a_piece_is_free_space_with_detour():
    ring = Polygon([(40, 40), (160, 40), (160, 160), (40, 160)], [[(55, 55), (145, 55), (145, 145), (55, 145)]])
    inner = box(90, 70, 110, 130)
    pf = PathFinder([ring, inner], 3.0, TABLE)
    r = pf.shortest_path((70, 100), (130, 100))
    assert r.found and r.length > 60
    assert r.length == pytest.approx(_oracle_length(pf.space, (70, 100), (130, 100)), rel=1e-6)


def test_paths__impassable_filter():
    a = TerrainPiece("a", box(0, 0, 1, 1), tags={IMPASSABLE})
    b = TerrainPiece("b", box(0, 0, 1, 1))
    assert impassable([a, b]) == [a]


def test_paths__negative_radius_rejected():
    with pytest.raises(ValueError):
        free_space([], -1.0)


points = st.tuples(st.floats(8, 192), st.floats(8, 192))


@settings(max_examples=40, deadline=None)
@given(points, points)
@example(a=(8.0, 8.0), b=(105.0, 80.0))  # goal exactly R from a corner: in the corner slack, found
def test_paths__laws(finder, a, b):
    """Shortest >= straight line, = it when clear; keeps the base R clear of every real obstacle.

    Clearance is measured from the original (un-grown) obstacles: a start or
    goal touching a corner lies inside the polygonal growth (by at most the
    slack) and its snap segment onto free space may run there, but never
    closer than R to the obstacle itself.
    """
    r = finder.shortest_path(a, b)
    if b == (105.0, 80.0):
        assert r.found
    if not r.found:
        return
    s, g = r.points[0], r.points[-1]
    assert r.length >= math.dist(s, g) - 1e-9
    if finder.segment_clear(a, b):
        assert r.length == pytest.approx(math.dist(a, b), abs=1e-9)
    line = LineString(r.points)
    for obstacle in OBSTACLES:
        assert line.distance(obstacle) >= R - 1e-6

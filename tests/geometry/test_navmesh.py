"""Approximate navmesh paths (game.geometry.navmesh)."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon, box

from game.geometry.navmesh import NavMesh
from game.geometry.paths import PathFinder

R = 5.0
TABLE = (200.0, 200.0)
OBSTACLES = [
    box(60, 20, 80, 120),
    Polygon([(110, 80), (150, 60), (160, 110), (130, 100)]),
    box(40, 150, 140, 160),
    Polygon([(20, 40), (40, 40), (40, 60), (30, 50), (20, 60)]),  # concave
]


@pytest.fixture(scope="module")
def meshes():
    return NavMesh(OBSTACLES, R, TABLE), PathFinder(OBSTACLES, R, TABLE)


def test_navmesh__straight_in_open_ground(meshes):
    nm, _ = meshes
    r = nm.find_path((10, 10), (50, 10))
    assert r.found and r.length == pytest.approx(40.0)


def test_navmesh__round_the_wall_close_to_exact(meshes):
    nm, pf = meshes
    a, b = (30.0, 90.0), (100.0, 70.0)
    approx, exact = nm.find_path(a, b), pf.shortest_path(a, b)
    assert approx.found and exact.found
    assert exact.length - 1e-6 <= approx.length <= exact.length * 1.03


def test_navmesh__refuses_points_in_obstacles(meshes):
    nm, _ = meshes
    r = nm.find_path((70, 50), (10, 10))
    assert not r.found and r.blocked_by == ("#0",)


def test_navmesh__zero_length(meshes):
    nm, _ = meshes
    r = nm.find_path((10, 10), (10, 10))
    assert r.found and r.length == 0


def test_navmesh__walled_off():
    ring = Polygon([(50, 50), (150, 50), (150, 150), (50, 150)], [[(70, 70), (130, 70), (130, 130), (70, 130)]])
    nm = NavMesh([ring], R, TABLE)
    assert not nm.find_path((20, 20), (100, 100)).found
    assert nm.find_path((80, 80), (120, 120)).found


def test_navmesh__on_triangle_edge(meshes):
    nm, _ = meshes
    # a triangle corner is a valid start (boundary point of free space)
    corner = tuple(nm.triangles[0][0])
    assert nm.find_path(corner, (10, 10)).found


def test_navmesh__corner_contact_found_by_both(meshes):
    # centre exactly R from a corner of #1: inside the polygonal growth by
    # less than the slack; both finders snap it to the same point
    nm, pf = meshes
    goal = (105.0, 80.0)
    approx, exact = nm.find_path((20, 190), goal), pf.shortest_path((20, 190), goal)
    assert approx.found and exact.found
    assert approx.points[-2:] == exact.points[-2:] and approx.points[-1] == goal
    assert approx.length >= exact.length - 1e-6
    # a little closer than R: refused by both, naming the piece
    approx, exact = nm.find_path((20, 190), (105.01, 80.0)), pf.shortest_path((20, 190), (105.01, 80.0))
    assert not approx.found and not exact.found
    assert approx.blocked_by == exact.blocked_by == ("#1",)


points = st.tuples(st.floats(8, 192), st.floats(8, 192))


@settings(max_examples=40, deadline=None)
@given(points, points)
@example(a=(8.0, 8.0), b=(15.0, 60.0))  # goal touches the concave piece: both finders must agree
@example(a=(8.0, 8.0), b=(15.0, 40.0))  # goal touches the concave piece: no cut into its growth
@example(a=(8.0, 8.0), b=(105.0, 80.0))  # goal exactly R from a corner: in the corner slack, found by both
def test_navmesh__never_shorter_than_exact_and_stays_free(meshes, a, b):
    """Both finders agree; navmesh >= exact; the path keeps the base clear of every real obstacle.

    Clearance is measured from the original (un-grown) obstacles: a start or
    goal touching a corner lies inside the polygonal growth (by at most the
    slack) and its snap segment onto free space may run there, but never
    closer than R to the obstacle itself.
    """
    nm, pf = meshes
    approx, exact = nm.find_path(a, b), pf.shortest_path(a, b)
    assert approx.found == exact.found
    if b == (105.0, 80.0):
        assert approx.found and exact.found
    if not approx.found:
        return
    assert approx.length >= exact.length - 1e-6
    assert approx.length >= math.dist(a, b) - 1e-9
    for r in (approx, exact):
        line = LineString(r.points)
        for obstacle in OBSTACLES:
            assert line.distance(obstacle) >= R - 1e-6

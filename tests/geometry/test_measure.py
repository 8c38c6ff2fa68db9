
import pytest
from hypothesis import given, settings, strategies as st

from game.geometry import scale
from game.geometry.measure import (
    angle_difference, bearing, centre_distance, edge_distance, nearest, pairs_within, range_band, range_bands,
    within_radius,
)
from game.geometry.shapes import Base

SET = settings(max_examples=50, deadline=None)


def test_distances_circles_and_rects():
    a, b = Base.circle(0, 0, 12.5), Base.circle(50, 0, 12.5)
    assert centre_distance(a, b) == 50
    assert edge_distance(a, b) == 25
    assert edge_distance(a, Base.circle(20, 0, 12.5)) == 0  # overlapping -> 0
    r = Base.rect(100, 0, 20, 20)
    assert edge_distance(a, r) == pytest.approx(100 - 10 - 12.5, abs=0.05)
    assert edge_distance(r, Base.rect(100, 50, 20, 20)) == pytest.approx(30)
    assert centre_distance((0, 0), (3, 4)) == 5


def test_range_bands_edges_inclusive():
    edges = [200, 400]
    assert [range_band(d, edges) for d in (0, 199.9, 200, 200.1, 400, 401)] == [0, 0, 0, 1, 1, 2]
    assert range_bands([0, 200, 300, 500], edges).tolist() == [0, 0, 1, 2]
    with pytest.raises(ValueError):
        range_band(1, [5, 3])


def test_bearing_and_angle_difference():
    assert bearing((0, 0), (10, 0)) == 0
    assert bearing((0, 0), (0, 10)) == 90  # down the table is clockwise from +x
    assert bearing((0, 0), (-10, 0)) == 180
    assert bearing((0, 0), (0, -10)) == 270
    assert angle_difference(350, 10) == 20
    assert angle_difference(10, 350) == -20
    assert angle_difference(0, 180) == 180
    assert angle_difference(0, -180) == 180
    with pytest.raises(ValueError):
        bearing((1, 1), (1, 1))


def test_nearest_and_within_radius():
    bases = [Base.circle(100, 0, 10, id="a"), Base.circle(30, 0, 10, id="b"), Base.circle(0, 60, 5, id="c")]
    assert nearest((0, 0), bases) == (1, 30)
    assert nearest((0, 0), bases, edge=True) == (1, 20)
    assert within_radius((0, 0), bases, 56) == [1]
    assert within_radius((0, 0), bases, 56, edge=True) == [1, 2]
    with pytest.raises(ValueError):
        nearest((0, 0), [])


@SET
@given(st.lists(st.tuples(st.floats(0, 300), st.floats(0, 300)), min_size=0, max_size=40), st.floats(0, 60),
       st.booleans())
def test_pairs_within_matches_brute_force(pts, dist, edge):
    bases = [Base.circle(x, y, 12.5) for x, y in pts]
    got = {tuple(p) for p in pairs_within(bases, dist, edge=edge).tolist()}
    want = set()
    for i in range(len(bases)):
        for j in range(i + 1, len(bases)):
            d = centre_distance(bases[i], bases[j]) - (25 if edge else 0)
            if d <= dist + 1e-9:
                want.add((i, j))
    assert got == want


def test_scale_conversions():
    assert scale.inches_to_mm(1) == 25.4
    assert scale.mm_to_inches(50.8) == 2
    assert scale.cm_to_mm(3) == 30 and scale.mm_to_cm(30) == 3
    assert scale.foxhole_metres_to_mm(25) == 10
    assert scale.foxhole_mm_to_metres(10) == 25
    assert scale.foxhole_metres_to_mm(25, large_figures=True) == 20
    assert scale.foxhole_yards_to_mm(50) == pytest.approx(25.4)  # 1 inch = 50 yards
    assert scale.foxhole_yards_to_mm(200) == pytest.approx(101.6)
    assert scale.foxhole_mm_to_yards(scale.foxhole_yards_to_mm(400)) == pytest.approx(400)
    assert scale.foxhole_yards_to_mm(100, imperial=False) == pytest.approx(91.44 / 2.5)

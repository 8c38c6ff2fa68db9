"""Separation, drift and pull (game.geometry.physics)."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point, Polygon, box

from game.geometry.physics import drift, overlap_matrix, pull, separate_bases
from game.geometry.shapes import Base
from game.geometry.terrain import IMPASSABLE, TerrainPiece

WALL = TerrainPiece("wall", box(-30, -50, -15, 50), tags={IMPASSABLE})


def _check_clear(sep, radius, pieces):
    bases = [(i, x, y, radius) for i, x, y in sep.positions]
    assert overlap_matrix(bases).max() <= 1e-5
    for _, x, y in sep.positions:
        for p in pieces:
            assert p.polygon.distance(Point(x, y)) >= radius - 1e-5
            assert not p.polygon.contains(Point(x, y))


def test_separate__pushes_overlapping_bases_apart_and_out_of_terrain():
    bases = [("a", 0, 0, 10), ("b", 5, 0, 10), ("c", 10, 0, 10), ("d", 10, 5, 10), ("e", -18, 0, 10)]
    sep = separate_bases(bases, [WALL])
    assert sep.ok and sep.max_overlap_before > 0
    _check_clear(sep, 10, [WALL])


def test_separate__deterministic():
    bases = [Base.circle(3 * i % 7, 2 * i % 5, 12.5, id=f"b{i}") for i in range(12)]
    assert separate_bases(bases, [WALL]) == separate_bases(bases, [WALL])


def test_separate__touching_bases_do_not_move():
    bases = [("a", 0, 0, 10), ("b", 20, 0, 10)]
    sep = separate_bases(bases)
    assert sep.moved == () and sep.ok and sep.passes == 1


def test_separate__fixed_base_stays():
    sep = separate_bases([("lead", 0, 0, 10), ("f", 5, 0, 10)], fixed=frozenset({"lead"}))
    assert sep.positions[0] == ("lead", 0.0, 0.0) and sep.positions[1][1] == pytest.approx(20.0, abs=1e-5)


def test_separate__base_inside_piece_with_hole_leaves_by_near_side():
    ring = TerrainPiece("ruin", Polygon([(0, 0), (100, 0), (100, 100), (0, 100)],
                                        [[(20, 20), (80, 20), (80, 80), (20, 80)]]), tags={IMPASSABLE})
    sep = separate_bases([("a", 50, 15, 5)], [ring])  # in the wall, near the hole
    _check_clear(sep, 5, [ring])
    assert sep.positions[0][2] == pytest.approx(25.0, abs=1e-4)  # into the hole


def test_separate__rejects_rectangular_base():
    with pytest.raises(ValueError):
        separate_bases([Base.rect(0, 0, 20, 20)])


def test_drift__stops_on_contact_and_zero_distance():
    d = drift(("h", 0, 0, 10), 0.0, 100.0, [("b", 50, 0, 10)])
    assert d.stopped and d.travelled == pytest.approx(30.0) and d.contact.id == "b"
    z = drift(("h", 0, 0, 10), 0.0, 0.0, [("b", 50, 0, 10)])
    assert not z.stopped and z.end == (0.0, 0.0)
    with pytest.raises(ValueError):
        drift(("h", 0, 0, 10), 0.0, -1.0)


def test_drift__away_from_touching_base_is_free():
    d = drift(("h", 0, 0, 10), 180.0, 50.0, [("b", 20, 0, 10)])
    assert not d.stopped and d.end == pytest.approx((-50.0, 0.0))


def test_drift__ignores_itself_and_hits_terrain():
    me = Base.circle(0, 0, 10, id="me")
    d = drift(me, 180.0, 100.0, [me], [WALL])
    assert d.stopped and d.contact.id == "wall" and d.end == pytest.approx((-5.0, 0.0))


def test_pull__never_overshoots():
    p = pull(("h", 0, 0, 10), (30, 40), 100.0)
    assert p.end == pytest.approx((30.0, 40.0)) and p.travelled == pytest.approx(50.0)
    q = pull(("h", 0, 0, 10), (30, 40), 10.0)
    assert q.end == pytest.approx((6.0, 8.0))
    assert pull(("h", 0, 0, 10), (0, 0), 10.0).travelled == 0.0


import numpy as np
import pytest
import shapely
from shapely.geometry import LineString, box

from game.geometry.index import TerrainIndex
from game.geometry.shapes import Base
from game.geometry.terrain import BLOCKS_SIGHT, OBSCURES

from geo_scenes import poly, wall, woods


@pytest.fixture
def ix():
    return TerrainIndex([
        wall("w1", 10, 10, 20, 100),
        wall("low", 40, 10, 50, 100, height=20),
        woods("wd", 60, 10, 90, 40),
        poly("court", [(100, 100), (200, 100), (200, 200), (100, 200)],
             holes=[[(120, 120), (180, 120), (180, 180), (120, 180)]]),
    ], table=(300, 300))


def ids(pieces):
    return [p.id for p in pieces]


def test_lookup_and_masks(ix):
    assert ix.piece("wd").kind == "woods" and ix.index_of("court") == 3
    assert ix.blocking_mask.tolist() == [True, True, False, True]
    assert ix.obscuring_mask.tolist() == [False, False, True, False]
    assert ix.blocking_heights.tolist() == [20.0]
    assert not ix.all_blocking_full_height
    assert ix.mask_for(BLOCKS_SIGHT, ids=["w1", "wd"]).tolist() == [True, False, False, False]
    with pytest.raises(KeyError):
        ix.piece("nope")


def test_duplicate_ids_and_bad_table():
    with pytest.raises(ValueError, match="duplicate"):
        TerrainIndex([wall("a", 0, 0, 1, 1), wall("a", 2, 2, 3, 3)])
    with pytest.raises(ValueError):
        TerrainIndex([], table=(0, 10))


def test_queries(ix):
    assert ids(ix.pieces_crossing(LineString([(0, 50), (100, 50)]))) == ["w1", "low"]
    assert ids(ix.pieces_crossing(LineString([(0, 20), (100, 20)]), tag=OBSCURES)) == ["wd"]
    # grazing a corner counts as crossing
    assert ids(ix.pieces_crossing(LineString([(0, 0), (10, 10)]))) == ["w1"]
    assert ids(ix.pieces_at((15, 50))) == ["w1"]
    assert ids(ix.pieces_at((150, 150))) == []  # inside the courtyard hole
    assert ids(ix.pieces_at((110, 150))) == ["court"]
    foot = Base.circle(31.8, 50, 8).footprint
    assert ids(ix.pieces_touching(foot, tolerance=0.5)) == ["low"]
    assert ids(ix.pieces_touching(foot, tolerance=4)) == ["w1", "low"]
    assert ids(ix.pieces_within(box(0, 0, 95, 120))) == ["w1", "low", "wd"]
    assert ix.on_table(box(1, 1, 2, 2)) and not ix.on_table(box(-1, 1, 2, 2))


def test_unions_are_prepared_and_by_height(ix):
    u = ix.blocking_union()
    assert shapely.is_prepared(u)
    assert u.area == pytest.approx(900 + 900 + 10000 - 3600)
    assert ix.blocking_union(above=20).area == pytest.approx(900 + 6400)
    assert ix.obscuring_union().area == pytest.approx(900)


def test_edges_have_interior_on_the_left(ix):
    e = ix.edges
    assert e.a.shape == (4 + 4 + 4 + 8, 2)
    d = e.b - e.a
    mid = (e.a + e.b) / 2 + 1e-3 * np.column_stack([-d[:, 1], d[:, 0]]) / np.hypot(d[:, 0], d[:, 1])[:, None]
    assert shapely.contains(ix.polygons[e.piece], shapely.points(mid)).all()
    assert (e.next[e.prev] == np.arange(len(e.a))).all()

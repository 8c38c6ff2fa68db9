
import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st
from shapely.geometry import Point

from game.geometry.index import TerrainIndex
from game.geometry.shapes import Base, Model
from game.geometry.sight import inside_pieces, line_blockers
from game.geometry.terrain import FULL_HEIGHT
from game.geometry.visibility import (
    sample_offsets, sampled_visible_fractions, visibility_polygon, visible_fraction,
    visible_fraction_detail, visible_fractions,
)

from geo_scenes import brute_fraction, random_scene, wall

SET = settings(max_examples=50, deadline=None)
FLOATS = st.lists(st.floats(0, 1, exclude_max=True), min_size=80, max_size=80)


def M(x, y, r=12.5, **kw):
    return Model(Base.circle(x, y, r), **kw)


def test_half_hidden_base_is_exactly_half():
    ix = TerrainIndex([wall("w", 50, 50, 60, 200)], table=(200, 200))
    f, hidden = visible_fraction_detail(ix, M(0, 50), M(150, 50))
    assert f == pytest.approx(0.5, abs=1e-12) and hidden == (0,)


def test_wedge_area_formula_against_polygon_clip():
    # a wall hiding the lower part of the target at an angle
    ix = TerrainIndex([wall("w", 60, 55, 70, 200)], table=(300, 300))
    v, t = M(0, 50), M(150, 50)
    want = brute_fraction(ix.pieces, v.centre, Point(150, 50).buffer(12.5, quad_segs=256))
    assert visible_fraction(ix, v, t) == pytest.approx(want, abs=1e-4)


def test_piece_touching_the_target_uses_polygon_path():
    ix = TerrainIndex([wall("w", 140, 40, 200, 45)], table=(300, 300))  # cuts through the target disc
    v, t = M(0, 100, r=5), M(150, 50)
    want = brute_fraction(ix.pieces, v.centre, t.footprint)
    assert visible_fraction(ix, v, t) == pytest.approx(want, abs=1e-6)


def test_rectangular_target():
    ix = TerrainIndex([wall("w", 50, 0, 60, 50)], table=(300, 300))
    t = Model(Base.rect(150, 50, 40, 20, heading=30))
    want = brute_fraction(ix.pieces, (0, 50), t.footprint)
    assert 0 < want < 1
    assert visible_fraction(ix, M(0, 50), t) == pytest.approx(want, abs=1e-6)


def test_no_terrain_and_batched():
    ix = TerrainIndex([], table=(100, 100))
    assert visible_fraction(ix, M(10, 10), M(50, 50)) == 1.0
    ix = TerrainIndex([wall("w", 50, 0, 60, 50)], table=(300, 300))
    fr = visible_fractions(ix, M(0, 50), [M(150, 50), M(150, 0), M(150, 150)])
    assert fr.tolist() == pytest.approx([0.5, 0.0, 1.0], abs=1e-9)


@SET
@given(FLOATS)
def test_exact_fraction_matches_brute_force_shadows(u):
    pieces, models = random_scene(u, 7, 6)
    ix = TerrainIndex(pieces, table=(300, 300))
    for a, b in [(0, 1), (2, 3), (4, 5), (1, 4)]:
        v, t = models[a], models[b]
        assume(not inside_pieces(ix, v).size and not inside_pieces(ix, t).size)
        want = brute_fraction(pieces, v.centre, Point(t.centre).buffer(t.base.radius, quad_segs=128))
        assert visible_fraction(ix, v, t) == pytest.approx(want, abs=2e-3)


@SET
@given(FLOATS)
def test_exact_fraction_equals_footprint_area_inside_visibility_polygon(u):
    pieces, models = random_scene(u, 7, 6)
    ix = TerrainIndex(pieces, table=(300, 300))
    v = models[0]
    assume(not inside_pieces(ix, v).size)
    vp = visibility_polygon(ix, v)
    assert vp.is_valid and ix.table_polygon.buffer(1e-6).covers(vp)
    for t in models[1:]:
        assume(not inside_pieces(ix, t).size)
        foot = t.footprint
        assert visible_fraction(ix, v, t) == pytest.approx(vp.intersection(foot).area / foot.area, abs=3e-3)


@settings(max_examples=15, deadline=None)
@given(FLOATS, st.sampled_from([15.0, 30.0, 60.0]), st.sampled_from([0.0, 25.0]))
def test_exact_fraction_with_heights_matches_dense_sampling(u, eye, elev):
    pieces, models = random_scene(u, 6, 4, heights=(FULL_HEIGHT, 20.0, 45.0))
    ix = TerrainIndex(pieces, table=(300, 300))
    v = Model(models[0].base, eye_height=eye, elevation=elev)
    t = models[1]
    assume(not inside_pieces(ix, v).size and not inside_pieces(ix, t).size)
    got = visible_fraction(ix, v, t)
    pts = sample_offsets(t.base, 400) + t.centre
    seen = [not line_blockers(ix, v.centre, v.eye_z, p, t.eye_z) for p in pts]
    assert got == pytest.approx(np.mean(seen), abs=0.03)


def test_sampled_estimate_is_close_and_batched():
    ix = TerrainIndex([wall("w", 50, 50, 60, 200)], table=(200, 200))
    f = sampled_visible_fractions(ix, [M(0, 50), M(0, 50)], [M(150, 50), M(150, 20)], n=16)
    assert f[0] == pytest.approx(0.5, abs=0.13) and f[1] == 1.0
    with pytest.raises(ValueError):
        sampled_visible_fractions(ix, [M(0, 0)], [])


def test_visibility_polygon_simple_cases():
    ix = TerrainIndex([], table=(100, 80))
    assert visibility_polygon(ix, M(30, 30)).area == pytest.approx(8000)
    ix = TerrainIndex([wall("w", 40, 0, 50, 80)], table=(100, 80))  # wall across the table
    vp = visibility_polygon(ix, M(20, 40))
    assert vp.area == pytest.approx(40 * 80, rel=1e-6)
    ix = TerrainIndex([wall("w", 40, 30, 50, 50)], table=(100, 80))
    vp = visibility_polygon(ix, M(20, 40))
    # the block's front face x=40, y 30..50 seen from 20 mm away: the hidden wedge widens from
    # 20 mm at x=40 to 80 mm at x=100 (a trapezoid of 3000 mm^2, the block included)
    assert 100 * 80 - vp.area == pytest.approx(60 * (20 + 80) / 2, rel=1e-6)
    with pytest.raises(ValueError):
        visibility_polygon(ix, M(-5, 5))
    # a low wall does not block a standing eye
    ix = TerrainIndex([wall("w", 40, 0, 50, 80, height=20)], table=(100, 80))
    assert visibility_polygon(ix, M(20, 40)).area == pytest.approx(8000)


@SET
@given(FLOATS)
def test_sampled_fast_path_matches_line_tests(u):
    from game.geometry.sight import lines_clear

    pieces, models = random_scene(u, 7, 6)
    ix = TerrainIndex(pieces, table=(300, 300))
    assume(not any(inside_pieces(ix, m).size for m in models))
    V = [models[i] for i in range(6) for j in range(6) if i != j]
    T = [models[j] for i in range(6) for j in range(6) if i != j]
    got = sampled_visible_fractions(ix, V, T, n=16)
    want = []
    for v, t in zip(V, T):
        pts = sample_offsets(t.base, 16) + t.centre
        want.append(lines_clear(ix, np.tile(v.centre, (16, 1)), v.eye_z, pts, t.eye_z).mean())
    assert got.tolist() == pytest.approx(want, abs=1 / 16 + 1e-9)
    assert np.mean(np.abs(got - np.array(want)) > 1e-9) <= 0.05

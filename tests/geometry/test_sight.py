
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from shapely import affinity

from game.geometry.index import TerrainIndex
from game.geometry.shapes import PRONE_EYE_MM, Base, Model
from game.geometry.sight import line_blockers, line_of_sight, sight_matrix, visible_points
from game.geometry.terrain import BLOCKS_SIGHT, ELEVATION, FULL_HEIGHT, TerrainPiece

from geo_scenes import poly, random_scene, rotate_xy, wall, woods

SET = settings(max_examples=50, deadline=None)
FLOATS = st.lists(st.floats(0, 1, exclude_max=True), min_size=80, max_size=80)


def M(x, y, r=12.5, id="", **kw):
    return Model(Base.circle(x, y, r, id=id), **kw)


def test_clear_and_blocked_by_a_wall():
    ix = TerrainIndex([wall("w", 45, 60, 55, 90)], table=(200, 200))
    s = line_of_sight(ix, M(0, 50, id="v"), M(100, 50, id="t"))
    assert s.visible and s.visible_fraction == 1.0 and s.blocked_by == () and s.centre_line_clear
    ix = TerrainIndex([wall("w", 45, 0, 55, 100)], table=(200, 200))
    s = line_of_sight(ix, M(0, 50), M(100, 50))
    assert not s.visible and s.visible_fraction == 0.0 and s.blocked_by == ("w",)
    assert "not visible" in s.explain()


def test_sight_line_grazing_a_vertex_blocks_the_centre_line_but_half_the_base_shows():
    ix = TerrainIndex([poly("tri", [(50, 50), (40, 70), (60, 70)])], table=(200, 200))
    s = line_of_sight(ix, M(0, 50), M(100, 50))
    assert not s.centre_line_clear and s.visible
    assert s.visible_fraction == pytest.approx(0.5, abs=1e-9)  # the ray through the centre splits the disc
    assert s.blocked_by == ("tri",)


def test_sight_line_running_along_an_edge_blocks():
    ix = TerrainIndex([wall("box", 30, 50, 70, 60)], table=(200, 200))
    s = line_of_sight(ix, M(0, 50), M(100, 50))
    assert not s.centre_line_clear and s.visible_fraction == pytest.approx(0.5, abs=1e-9)
    assert not sight_matrix(ix, [M(0, 50)], [M(100, 50)])[0, 0]


def test_courtyard_hole_is_open_ground():
    court = poly("court", [(100, 100), (200, 100), (200, 200), (100, 200)],
                 holes=[[(120, 120), (180, 120), (180, 180), (120, 180)]])
    ix = TerrainIndex([court], table=(300, 300))
    inside_a, inside_b = M(135, 150, r=5), M(165, 150, r=5)
    outside = M(50, 150, r=5)
    beyond = M(250, 150, r=5)
    assert line_of_sight(ix, inside_a, inside_b).visible_fraction == 1.0
    assert not line_of_sight(ix, inside_a, outside).visible
    assert not line_of_sight(ix, outside, beyond).visible  # crosses both walls, not the open hole
    assert sight_matrix(ix, [inside_a, outside], [inside_b, beyond]).tolist() == [[True, False], [False, False]]


def test_low_wall_and_eye_heights_interpolate():
    low = wall("low", 80, 0, 82, 200, height=20)
    ix = TerrainIndex([low], table=(400, 200))
    assert line_of_sight(ix, M(0, 100), M(100, 100)).visible  # eyes at 30 over a 20 mm wall
    prone = dict(eye_height=PRONE_EYE_MM)
    assert not line_of_sight(ix, M(0, 100, **prone), M(100, 100, **prone)).visible
    # standing viewer (30) to a prone target (15): the line is at 30-15t when it crosses at t
    assert not line_blockers(ix, (0, 100), 30, (100, 100), 15) == ()  # t=0.8..0.82: z ~18 < 20
    assert line_blockers(ix, (70, 100), 30, (170, 100), 15) == ()  # t~0.1: z ~28.5 > 20
    assert not sight_matrix(ix, [M(0, 100)], [M(100, 100, **prone)])[0, 0]
    assert sight_matrix(ix, [M(70, 100)], [M(170, 100, **prone)])[0, 0]


def test_hill_crest_hides_ground_close_below_but_not_far():
    hill = TerrainPiece("hill", affinity.scale(wall("x", 0, 0, 100, 100).polygon, 1, 1), kind="hill", height=40,
                        tags=frozenset({BLOCKS_SIGHT, ELEVATION}))
    ix = TerrainIndex([hill], table=(600, 200))
    top = M(50, 50, r=5, elevation=40)
    assert not line_of_sight(ix, top, M(110, 50, r=5)).centre_line_clear  # z at the crest 36.7 < 40
    far = line_of_sight(ix, top, M(500, 50, r=5))
    assert far.visible and far.visible_fraction == 1.0
    assert line_of_sight(ix, top, M(80, 50, r=5, elevation=40)).visible_fraction == 1.0  # both on the hill
    assert sight_matrix(ix, [top], [M(110, 50, r=5), M(500, 50, r=5)]).tolist() == [[False, True]]


def test_model_inside_ruins_sees_out_and_is_seen():
    ix = TerrainIndex([wall("ruin", 0, 0, 100, 100), wall("far", 300, 0, 310, 100)], table=(400, 200))
    inside, out = M(50, 50, r=5), M(200, 50, r=5)
    assert line_of_sight(ix, inside, out).visible_fraction == 1.0
    assert line_of_sight(ix, out, inside).visible_fraction == 1.0
    assert sight_matrix(ix, [inside, out], [out, inside]).tolist() == [[True, True], [True, True]]
    assert visible_points(ix, out, [[50, 50], [350, 50]]).tolist() == [True, False]
    assert visible_points(ix, inside, [[250, 50], [305, 50]]).tolist() == [True, True]


def test_obscuring_and_contact_reported():
    ix = TerrainIndex([woods("wood", 40, 0, 60, 100), wall("w", 112.5, 80, 130, 120)], table=(200, 200))
    s = line_of_sight(ix, M(0, 100, id="a"), M(100, 100, id="b"))
    assert s.visible_fraction == 1.0 and s.obscured_by == ("wood",) and s.in_contact_with == ("w",)
    assert "obscured by wood" in s.explain()
    # a viewer standing in the wood sees out of it unobscured
    assert line_of_sight(ix, M(50, 50, r=5), M(150, 30, r=5)).obscured_by == ()


def test_visible_points_heights():
    ix = TerrainIndex([wall("low", 45, 0, 55, 100, height=20)], table=(200, 100))
    v = M(0, 50)
    assert visible_points(ix, v, [[100, 50], [100, 50]], height=[30, 0]).tolist() == [True, False]


def _matrix_loop(ix, models):
    from game.geometry.sight import inside_pieces
    out = np.zeros((len(models), len(models)), dtype=bool)
    for i, a in enumerate(models):
        for j, b in enumerate(models):
            ex = set(inside_pieces(ix, a).tolist()) | set(inside_pieces(ix, b).tolist())
            out[i, j] = not line_blockers(ix, a.centre, a.eye_z, b.centre, b.eye_z, tuple(ex))
    return out


@SET
@given(FLOATS, st.lists(st.sampled_from([15.0, 30.0, 60.0]), min_size=8, max_size=8))
def test_sight_matrix_matches_pairwise_exact_checks_with_heights(u, eyes):
    pieces, models = random_scene(u, 6, 8, heights=(FULL_HEIGHT, 20.0, 45.0))
    models = [Model(m.base, eye_height=e) for m, e in zip(models, eyes)]
    ix = TerrainIndex(pieces, table=(300, 300))
    assert (sight_matrix(ix, models, models) == _matrix_loop(ix, models)).all()


@SET
@given(FLOATS)
def test_los_symmetric_for_equal_eye_heights(u):
    pieces, models = random_scene(u, 6, 8, heights=(FULL_HEIGHT, 20.0, 45.0))
    ix = TerrainIndex(pieces, table=(300, 300))
    m = sight_matrix(ix, models, models)
    assert (m == m.T).all()


@SET
@given(FLOATS, st.floats(-500, 500), st.floats(-500, 500), st.floats(0, 360))
def test_los_invariant_under_translation_and_rotation(u, dx, dy, deg):
    pieces, models = random_scene(u, 6, 6)
    ix = TerrainIndex(pieces, table=(300, 300))

    def move(x, y):
        x, y = rotate_xy(x, y, deg, 150, 150)
        return x + dx, y + dy

    pieces2 = [TerrainPiece(p.id, affinity.translate(affinity.rotate(p.polygon, deg, origin=(150, 150)), dx, dy),
                            height=p.height, tags=p.tags) for p in pieces]
    models2 = [Model(Base.circle(*move(m.base.x, m.base.y), m.base.radius)) for m in models]
    ix2 = TerrainIndex(pieces2, table=(300, 300))
    assert (sight_matrix(ix, models, models) == sight_matrix(ix2, models2, models2)).all()
    for a, b, a2, b2 in [(models[0], models[1], models2[0], models2[1]), (models[2], models[3], models2[2], models2[3])]:
        assert line_of_sight(ix, a, b).visible_fraction == pytest.approx(
            line_of_sight(ix2, a2, b2).visible_fraction, abs=2e-3)  # 64-gon footprints do not rotate


@SET
@given(FLOATS, st.floats(0, 1), st.floats(0, 1))
def test_adding_a_piece_never_makes_anything_more_visible(u, px, py):
    pieces, models = random_scene(u, 5, 6, heights=(FULL_HEIGHT, 20.0, 45.0))
    extra = wall("extra", 20 + px * 240, 20 + py * 240, 40 + px * 240, 60 + py * 240)
    ix, ix2 = TerrainIndex(pieces, (300, 300)), TerrainIndex(pieces + [extra], (300, 300))
    m1, m2 = sight_matrix(ix, models, models), sight_matrix(ix2, models, models)
    assert not (m2 & ~m1).any()
    for a, b in [(models[0], models[1]), (models[2], models[3]), (models[4], models[5])]:
        assert line_of_sight(ix2, a, b).visible_fraction <= line_of_sight(ix, a, b).visible_fraction + 1e-9

"""Blocks of rectangular bases and their exact swept contact (game.geometry.formation,
game.geometry.contact: convex_separation, translate_entry, rotate_entry).

Laws: a sweep stops exactly at touching (separation 0) and never passes through; it is
invariant under translation of the whole scene; a pair that starts touching may slide or
leave freely; a wheel's outer corner travels width x angle; a frontage change keeps the
front centre; two about-faces give the block back.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.contact import convex_separation, rotate_entry, translate_entry
from game.geometry.formation import Block, rect_corners

INCH = 25.4


def block(x=100.0, y=100.0, h=0.0, files=5, count=10, w=19.05, d=19.05, gw=0.0, gd=0.0):
    return Block(x, y, h, files, count, w, d, gw, gd)


# -- the block --------------------------------------------------------------------------------------

def test_block_shape__ranks_files_and_partial_rear_rank_centred():
    b = block(files=4, count=10)
    assert (b.ranks, b.front_files) == (3, 4)
    assert math.isclose(b.width, 4 * 19.05) and math.isclose(b.depth, 3 * 19.05)
    loc = b.to_local(b.centres)
    # the rear rank's two bases are centred behind the others
    assert np.allclose(sorted(loc[8:, 1]), [-19.05 / 2, 19.05 / 2])
    # front rank touches the front edge
    assert np.allclose(loc[:4, 0], -19.05 / 2)


def test_block_open_order__gaps_between_bases():
    """Battlesystem [7.3]: bases about 1/2" apart in open formation."""
    b = block(files=3, count=6, gw=INCH / 2, gd=INCH / 2)
    sep = convex_separation(b.corners[:1], b.corners[1:2])[0, 0]
    assert math.isclose(sep, INCH / 2)
    assert math.isclose(b.width, 3 * 19.05 + 2 * INCH / 2)


def test_frontage_change_keeps_the_front_centre():
    """Battlesystem [7.10]: files move up or back; the front centre stays."""
    b = block(files=5, count=20)
    c = b.with_files(10)
    assert (c.x, c.y) == (b.x, b.y)
    assert c.ranks == 2 and b.ranks == 4
    assert np.allclose(c.to_local(c.centres)[:10, 0], -19.05 / 2)


@given(st.floats(-180, 180), st.sampled_from(["left", "right"]), st.floats(-120, 120))
@settings(max_examples=60, deadline=None)
def test_wheel__pivot_stays_and_outer_corner_travels_width_times_angle(h, side, a):
    """Battlesystem [7.9]: a wheel pivots on one flank; its cost is the outer figure's arc."""
    b = block(h=h, files=6, count=12)
    w = b.wheeled(side, a)
    assert np.allclose(w.pivot(side), b.pivot(side), atol=1e-9)
    other = "right" if side == "left" else "left"
    chord = math.dist(w.pivot(other), b.pivot(other))
    assert math.isclose(chord, 2 * b.width * math.sin(abs(math.radians(a)) / 2), abs_tol=1e-7)
    assert math.isclose(b.wheel_cost(a), b.width * abs(math.radians(a)))


def test_about_face_twice_is_the_same_block():
    b = block(h=30, files=4, count=8)
    c = b.faced(180).faced(180)
    assert np.allclose(c.centres, b.centres) and math.isclose(c.heading % 360, b.heading % 360)
    r = b.faced(90)
    assert (r.files, r.ranks) == (2, 4) and np.allclose(r.centre, b.centre)


# -- sweeps ---------------------------------------------------------------------------------------

def test_advance_stops_at_base_contact_front_to_front():
    """Battlesystem [7.8]: the move stops when the bases meet."""
    a = block(100, 100, 0)
    e = block(200, 100, 180)
    t, i, j = translate_entry(a.corners, (200.0, 0.0), e.corners)
    assert math.isclose(t * 200.0, 100.0)
    assert math.isclose(convex_separation(a.advanced(t * 200.0).corners, e.corners).min(), 0.0, abs_tol=1e-9)


@given(st.floats(-60, 60), st.floats(-60, 60), st.floats(0, 360), st.floats(0, 360), st.floats(30, 250),
       st.floats(-500, 500), st.floats(-500, 500))
@settings(max_examples=80, deadline=None)
def test_translate_entry__touches_exactly_never_passes_and_is_translation_invariant(ex, ey, ha, he, dist, ox, oy):
    a = block(0, 0, ha, 3, 6)
    e = block(120 + ex, ey, he, 2, 4, 25.4, 25.4)
    if convex_separation(a.corners, e.corners).min() <= 0:
        return
    d = np.array([dist, 0.0])
    t, i, j = translate_entry(a.corners, d, e.corners)
    moved = a.corners + (min(t, 1.0) if math.isfinite(t) else 1.0) * d
    sep = convex_separation(moved, e.corners).min()
    if math.isfinite(t):
        assert abs(sep) < 1e-7
    else:
        # never overlapped anywhere along the way (sampled)
        for s in np.linspace(0, 1, 41):
            assert convex_separation(a.corners + s * d, e.corners).min() > -1e-6
    shift = np.array([ox, oy])
    t2, _, _ = translate_entry(a.corners + shift, d, e.corners + shift)
    assert (math.isinf(t) and math.isinf(t2)) or math.isclose(t, t2, abs_tol=1e-9)


def test_translate_entry__touching_at_start_slides_and_leaves_freely():
    a = block(100, 100, 0)
    e = block(100, 100, 180)  # front to front, touching
    assert math.isclose(convex_separation(a.corners, e.corners).min(), 0.0, abs_tol=1e-12)
    assert math.isinf(translate_entry(a.corners, (0.0, 50.0), e.corners)[0])  # slide along
    assert math.isinf(translate_entry(a.corners, (-50.0, 0.0), e.corners)[0])  # back away
    assert translate_entry(a.corners, (50.0, 0.0), e.corners)[0] == 0.0  # push in


def test_translate_entry__segments_as_terrain_edges():
    a = block(100, 100, 0)
    wall = np.array([[[150.0, 0.0], [150.0, 300.0]]])
    t, i, j = translate_entry(a.corners, (100.0, 0.0), wall)
    assert math.isclose(t * 100.0, 50.0) and j == 0


@given(st.floats(-170, 170), st.sampled_from(["left", "right"]), st.floats(60, 160), st.floats(-80, 80),
       st.floats(0, 360))
@settings(max_examples=80, deadline=None)
def test_rotate_entry__first_contact_is_exact_and_nothing_overlaps_before(h, side, ex, ey, he):
    a = block(0, 0, h, 4, 8)
    e = rect_corners(np.array([ex]), np.array([ey]), 25.4, 25.4, he)
    if convex_separation(a.corners, e).min() <= 0:
        return
    ang = -100.0 if side == "left" else 100.0
    got, i, j = rotate_entry(a.corners, a.pivot(side), ang, e)
    if math.isfinite(got):
        assert abs(convex_separation(a.wheeled(side, got).corners, e).min()) < 1e-6
        stop = got
    else:
        stop = ang
    for s in np.linspace(0, 1, 61)[:-1]:
        assert convex_separation(a.wheeled(side, s * stop).corners, e).min() > -1e-6

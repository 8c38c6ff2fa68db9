"""The region a wheel can reach (game.geometry.contact._meets_turn, the broad phase of rotate_entry).

Law: a polygon the broad phase sets aside is never touched by the block at any angle of the
turn (sampled finely), so leaving it out cannot change the first contact.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.contact import _meets_turn, convex_separation, rotate_entry
from game.geometry.formation import Block

SET = settings(max_examples=30, deadline=None)


def _turned(P, c, a):
    q = P - c
    return np.stack([q[..., 0] * math.cos(a) - q[..., 1] * math.sin(a),
                     q[..., 0] * math.sin(a) + q[..., 1] * math.cos(a)], axis=-1) + c


@SET
@given(heading=st.floats(0, 360), files=st.integers(1, 8), count=st.integers(1, 24), turn=st.floats(-180, 180),
       right=st.booleans(), seed=st.integers(0, 10_000))
def test_meets_turn__what_it_sets_aside_the_turn_never_touches(heading, files, count, turn, right, seed):
    b = Block(300.0, 300.0, heading, files, count, 20.0, 20.0, 2.0, 2.0)
    c = np.asarray(b.pivot("right" if right else "left"))
    rng = np.random.default_rng(seed)
    others = np.concatenate([Block(*rng.uniform(0, 600, 2), rng.uniform(0, 360), 3, 6, 20.0, 20.0).corners
                             for _ in range(4)])
    keep = _meets_turn(b.corners, c, math.radians(turn), others)
    if keep.all():
        return
    away = others[~keep]
    for a in np.linspace(0.0, math.radians(turn), 181):
        assert convex_separation(_turned(b.corners, c, a), away).min() > 0.0


def test_rotate_entry__a_wheel_into_a_neighbour_stops_at_first_contact():
    """A block wheeling about a front corner towards a unit close beside it (and past one far
    off) stops where the two first touch, and not before."""
    b = Block(300.0, 300.0, 270.0, 4, 8, 20.0, 20.0)
    beside = Block(300.0 + b.width / 2 + 60.0, 300.0, 270.0, 4, 8, 20.0, 20.0)
    far = Block(900.0, 900.0, 0.0, 4, 8, 20.0, 20.0)
    B = np.concatenate([far.corners, beside.corners])
    hits = []
    for pivot in ("left", "right"):
        for turn in (-120.0, 120.0):
            a, i, j = rotate_entry(b.corners, b.pivot(pivot), turn, B)
            if not math.isfinite(a):
                continue
            c = np.asarray(b.pivot(pivot))
            assert j >= len(far.corners)  # the neighbour, never the far unit
            assert abs(convex_separation(_turned(b.corners, c, math.radians(a)), beside.corners).min()) < 1e-6
            assert convex_separation(_turned(b.corners, c, math.radians(a * 0.99)), beside.corners).min() > 0.0
            hits.append(a)
    assert hits

"""Tokens stay readable at fit-to-table zoom: on the default battle
(Battlespace Mission 1 at 1280x800) a 25 mm base is under 8 px across
radius on screen, so round tokens are drawn at ROUND_MIN_PX with the base's
true-scale outline inside them (read here from a screenshot)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from game.battle.seats import Seat
from game.ui.render.tokens import ROUND_MIN_PX, sprite
from tests.ui.conftest import pygame, start_battle

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


def _ring(arr, c, r, colour, tol=40):
    """Pixels within ``tol`` of ``colour`` on the circle of radius ``r`` px round ``c`` (1 px wide)."""
    h, w = arr.shape[1], arr.shape[0]
    ys, xs = np.mgrid[0:h, 0:w]
    d = np.hypot(xs - c[0], ys - c[1]).T
    near = np.abs(arr.astype(int) - np.array(colour)).max(axis=2) <= tol
    return int((near & (np.abs(d - r) <= 0.75)).sum()), int((near & (d <= r)).sum())


def test_tokens_are_readable_at_fit_zoom_with_the_true_base_outlined(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
    scene.select(None)
    app.drive(2)
    cam = scene.view.camera
    true_r = cam.mm(12.5)
    assert true_r < ROUND_MIN_PX - 2  # fit zoom: the base alone would be small
    shot = pygame.image.load(str(app.screenshot(tmp_path / "tokens-fit.png")))
    arr = pygame.surfarray.array3d(shot)
    st2 = scene.view.by_id["st2"]  # the straggler stands alone
    c = tuple(round(v) for v in cam.to_screen(st2.x, st2.y))
    body = scene.view.palette.side(st2.side, scene.view.side_order)
    beyond, _ = _ring(arr, c, ROUND_MIN_PX - 1.5, body, tol=60)
    assert beyond >= 0.4 * 2 * math.pi * (ROUND_MIN_PX - 1.5)  # the token's body reaches past the true base
    outline, _ = _ring(arr, c, int(true_r), (250, 250, 245))
    assert outline >= 0.3 * 2 * math.pi * int(true_r)  # the true-scale base drawn as a light ring (a label covers some)


def test_a_token_already_big_enough_gets_no_extra_outline():
    col, sel, ready = (200, 60, 60), (250, 220, 80), (90, 220, 120)
    flags = (False, False, False, False, False)
    big = sprite("round", col, 14, 0.0, None, flags, sel, ready)
    small = sprite("round", col, ROUND_MIN_PX, 0.0, None, flags, sel, ready, base=6)
    assert big.get_width() > small.get_width()
    light = lambda s: int((pygame.surfarray.array3d(s).min(axis=2) >= 240).sum())  # noqa: E731
    assert light(small) > light(sprite("round", col, ROUND_MIN_PX, 0.0, None, flags, sel, ready)) + 20

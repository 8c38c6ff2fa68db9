"""A ring marker's label lies nearer its own ring than any other: two
Foxhole objectives a few inches apart labelled "Objective 1 (primary)" and
"objective 4" had the wide first label drawn above and to the right of its
ring, over the second ring, which the mouse then named "objective 4"
(the first candidate round a ring is its upper right, taken when the
soft obstacles about, the bases and rings, leave no spot clear)."""

from __future__ import annotations

import math

import pygame

from game.core.view import Marker
from game.ui.camera import Camera
from game.ui.palette import DEFAULT
from game.ui.render.labels import LabelPlacer, lay_out
from game.ui.render.markers import marker_label_reqs, nearest_own_first, table_clip

import tests.ui.conftest  # noqa: F401  (the dummy video driver)


def _mid(r: pygame.Rect) -> tuple[float, float]:
    return r.x + r.w / 2, r.y + r.h / 2


def test_two_close_objectives__each_label_nearest_its_own_ring():
    pygame.init()
    cam = Camera((0, 0, 600, 600), (914.4, 914.4))
    marks = [Marker(id="objective1", kind="objective", points=((150.0, 300.0),), radius=25.4,
                    label="objective 1 (primary)", side="vc"),
             Marker(id="objective4", kind="objective", points=((250.0, 300.0),), radius=25.4,
                    label="objective 4", side="vc")]
    placer = LabelPlacer(table_clip(cam), cam.viewport)
    placer.avoid_rect(pygame.Rect(0, 0, 600, 600))  # soft obstacles all round (bases): the first free spot wins
    placed = lay_out(marker_label_reqs(cam, marks, DEFAULT,
                                       (), placer), placer)
    assert len(placed) == 2
    centres = {m.id: cam.to_screen(*m.points[0]) for m in marks}
    for q in placed:
        mx, my = _mid(q.rect)
        d = {k: math.hypot(mx - c[0], my - c[1]) for k, c in centres.items()}
        assert min(d, key=d.get) == q.owner, (q.text, q.rect, d)


def test_nearest_own_first__keeps_order_and_puts_the_ambiguous_last():
    cands = [(110, 0), (-100, 0), (0, 50)]  # right (over the other ring), left, below
    got = nearest_own_first(cands, 100, 10, (50, 5), [(180, 5)])
    assert got == [(-100, 0), (0, 50), (110, 0)]
    assert nearest_own_first(cands, 100, 10, (50, 5), []) == cands

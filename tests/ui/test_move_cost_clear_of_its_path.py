"""A previewed move's cost ("12 cm of 20") is written by the end of its path
but never over the path line or the ghost base: the space-fleet trial had the
text drawn across a path that came in from below right. In the app the text
is laid out with the frame's other labels, so it covers no label or token
(on a space-fleet table: tests/ui/test_spacefleet_ui.py, the hovered move)."""

from __future__ import annotations

import math

import pygame

from game.ui.render.overlays import clear_of_path, cost_spots


def test_cost_spots__the_first_spots_keep_off_a_path_from_below_right():
    end = (200, 200)
    pts = [(300, 320), (240, 240), end]  # comes in from below right: the old spot (end + 10 px) lies on it
    old = pygame.Rect(end[0] + 10, end[1] + 10, 60, 16)
    assert not clear_of_path(old, pts)
    spots = cost_spots(pts, end, 10, 60, 16)
    first = pygame.Rect(int(spots[0][0]), int(spots[0][1]), 60, 16)
    assert clear_of_path(first, pts, (end[0], end[1], 10))
    assert math.dist(first.center, end) < 60  # still by the end of the move

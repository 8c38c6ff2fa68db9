"""A tooltip box by the mouse: lines of text on a dark box with a thin
border, kept inside the window."""

from __future__ import annotations

import pygame

from game.ui import fonts


def draw_tip(surface: pygame.Surface, lines: list[str], mouse: tuple[int, int], max_width: int | None = None,
             max_lines: int = 10) -> pygame.Rect | None:
    """Draw ``lines`` (each word-wrapped to ``max_width`` px when given, at
    most ``max_lines`` rows) in a box below and right of ``mouse``, moved in
    to stay on ``surface``. Returns the box drawn (None for no lines)."""
    if not lines:
        return None
    rows: list[str] = []
    for t in lines:
        rows += fonts.wrap_with(fonts.font(13), t, max_width) if max_width else [t]
    surfs = [fonts.text(t, 13) for t in rows[:max_lines]]
    w = max(s.get_width() for s in surfs) + 12
    h = sum(s.get_height() for s in surfs) + 8
    x, y = mouse[0] + 16, mouse[1] + 16
    sw, sh = surface.get_size()
    x, y = max(0, min(x, sw - w - 2)), max(0, min(y, sh - h - 2))
    box = pygame.Rect(x, y, w, h)
    pygame.draw.rect(surface, (16, 18, 22), box)
    pygame.draw.rect(surface, (120, 130, 150), box, 1)
    yy = y + 4
    for s in surfs:
        surface.blit(s, (x + 6, yy))
        yy += s.get_height()
    return box

"""A tooltip box by the mouse: lines of text on a dark box with a thin
border, kept inside the window and clear of what it must not cover."""

from __future__ import annotations

import pygame

from game.ui import fonts


def tip_rect(size: tuple[int, int], mouse: tuple[int, int], bounds: pygame.Rect, avoid=()) -> pygame.Rect:
    """Where a tooltip box of ``size`` px goes: beside ``mouse`` (below
    right, then above right, below left, above left), the first spot inside
    ``bounds`` that covers none of ``avoid`` (rects: the LoS legend); when
    none is free, the first spot inside ``bounds``, else the box moved in."""
    w, h = size
    mx, my = mouse
    spots = [(mx + 16, my + 16), (mx + 16, my - 8 - h), (mx - 8 - w, my + 16), (mx - 8 - w, my - 8 - h)]
    boxes = [pygame.Rect(x, y, w, h) for x, y in spots]
    inside = [b for b in boxes if bounds.contains(b)]
    free = [b for b in inside if not any(b.colliderect(a) for a in avoid)]
    if free:
        return free[0]
    if inside:
        return inside[0]
    return boxes[0].clamp(bounds)


def draw_tip(surface: pygame.Surface, lines: list[str], mouse: tuple[int, int], max_width: int | None = None,
             max_lines: int = 10, avoid=(), bounds: pygame.Rect | None = None) -> pygame.Rect | None:
    """Draw ``lines`` (each word-wrapped to ``max_width`` px when given, at
    most ``max_lines`` rows) in a box beside ``mouse``, inside ``bounds``
    (default: the whole ``surface``, less a 2 px margin) and clear of the
    ``avoid`` rects where there is room (:func:`tip_rect`). Returns the box
    drawn (None for no lines)."""
    if not lines:
        return None
    rows: list[str] = []
    for t in lines:
        rows += fonts.wrap_with(fonts.font(13), t, max_width) if max_width else [t]
    surfs = [fonts.text(t, 13) for t in rows[:max_lines]]
    w = max(s.get_width() for s in surfs) + 12
    h = sum(s.get_height() for s in surfs) + 8
    area = surface.get_rect().inflate(-4, -4) if bounds is None else pygame.Rect(bounds).clip(surface.get_rect())
    box = tip_rect((w, h), mouse, area, avoid)
    pygame.draw.rect(surface, (16, 18, 22), box)
    pygame.draw.rect(surface, (120, 130, 150), box, 1)
    yy = box.y + 4
    for s in surfs:
        surface.blit(s, (box.x + 6, yy))
        yy += s.get_height()
    return box

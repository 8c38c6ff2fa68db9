"""Markers from ``ruleset.markers(view)``: polygons (templates, lanes, zones)
as translucent shapes, single points with a radius as circles, two points as
lanes, each with its label."""

from __future__ import annotations

import pygame

from game.ui import fonts
from game.ui.camera import Camera
from game.ui.palette import Palette

KIND_COLOURS = {"objective": (240, 240, 240), "blast": (255, 120, 40), "template": (255, 140, 40),
                "lane": (250, 220, 80), "smoke": (200, 200, 200), "hulk": (150, 150, 150)}


def marker_colour(m, palette: Palette, side_order=()) -> tuple[int, int, int]:
    """Colour by kind, else by side."""
    if m.kind in KIND_COLOURS:
        return KIND_COLOURS[m.kind]
    return palette.side(m.side, side_order) if m.side else (230, 230, 230)


def draw_markers(surface: pygame.Surface, camera: Camera, markers, palette: Palette, side_order=()) -> None:
    """Draw every marker."""
    if not markers:
        return
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(camera.viewport))
    for m in markers:
        col = marker_colour(m, palette, side_order)
        pts = [camera.to_screen(x, y) for x, y in m.points]
        if len(pts) >= 3:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
            if box.width * box.height < 4_000_000:
                s = pygame.Surface(box.size, pygame.SRCALPHA)
                pygame.draw.polygon(s, (*col, 70), [(x - box.x, y - box.y) for x, y in pts])
                surface.blit(s, box.topleft)
            pygame.draw.polygon(surface, col, pts, 2)
            anchor = pts[0]
        elif len(pts) == 2:
            w = max(2, int(camera.mm(m.radius * 2))) if m.radius else 3
            pygame.draw.line(surface, col, pts[0], pts[1], w)
            anchor = pts[0]
        elif pts:
            r = max(4, int(camera.mm(m.radius or 6)))
            pygame.draw.circle(surface, col, pts[0], r, 2)
            pygame.draw.circle(surface, col, pts[0], 2)
            anchor = (pts[0][0] + r, pts[0][1] - r)
        else:
            continue
        if m.label:
            surface.blit(fonts.text(m.label, 12, col), anchor)
    surface.set_clip(clip)

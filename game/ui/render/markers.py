"""Markers from ``ruleset.markers(view)``: polygons (templates, lanes, zones)
as translucent shapes, single points with a radius as circles, two points as
lanes, each with its label; ``note`` markers are text only; a ``grid``
marker (points: the table's two corners; ``extra["square"]``: the side of a
square, mm) is a reference grid of thin lines with its column letters (A,
B, C...) along the top edge and row numbers (1, 2, 3...) down the left.

Shapes are drawn by :func:`draw_marker_shapes` (clipped to the table), their
labels later by :func:`draw_marker_labels` through the frame's
:class:`game.ui.render.labels.LabelPlacer`, so no label covers another:
a ring's label sits just outside its own ring (above right first, then
around it) and keeps off other wells and bases when it can; labels at the
same spot (the corner notes) stack; every label is shifted inside the table.
"""

from __future__ import annotations

import pygame

from game.ui.camera import Camera
from game.ui.palette import Palette
from game.ui.render.labels import LabelPlacer, draw_label, text_label

KIND_COLOURS = {"objective": (240, 240, 240), "blast": (255, 120, 40), "template": (255, 140, 40),
                "lane": (250, 220, 80), "smoke": (200, 200, 200), "hulk": (150, 150, 150)}
#: marker kinds drawn as their label alone
TEXT_ONLY = frozenset({"note"})
#: the reference grid's line colour (thin, translucent)
GRID_COLOUR = (235, 235, 235, 55)


def grid_letters(col: int) -> str:
    """Column ``col`` (from 0) as a grid letter: A..Z, then AA, AB..."""
    out = ""
    n = col
    while True:
        out = chr(65 + n % 26) + out
        n = n // 26 - 1
        if n < 0:
            return out


def draw_grid(surface: pygame.Surface, camera: Camera, m) -> None:
    """A ``grid`` marker: lines every ``extra["square"]`` mm over its box and
    the squares' references on the top and left edges."""
    (x0, y0), (x1, y1) = m.points[0], m.points[-1]
    step = float(m.extra.get("square", 0) or 0)
    if step <= 0:
        return
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    nx = int((x1 - x0) // step + (1 if (x1 - x0) % step > 1e-6 else 0))
    ny = int((y1 - y0) // step + (1 if (y1 - y0) % step > 1e-6 else 0))
    for i in range(1, nx):
        a, b = camera.to_screen(x0 + i * step, y0), camera.to_screen(x0 + i * step, y1)
        pygame.draw.line(layer, GRID_COLOUR, a, b, 1)
    for j in range(1, ny):
        a, b = camera.to_screen(x0, y0 + j * step), camera.to_screen(x1, y0 + j * step)
        pygame.draw.line(layer, GRID_COLOUR, a, b, 1)
    surface.blit(layer, (0, 0))
    from game.ui import fonts
    for i in range(nx):
        t = fonts.text(grid_letters(i), 11, (235, 235, 235))
        cx, cy = camera.to_screen(x0 + (i + 0.5) * step, y0)
        surface.blit(t, (cx - t.get_width() // 2, cy + 2))
    for j in range(ny):
        t = fonts.text(str(j + 1), 11, (235, 235, 235))
        cx, cy = camera.to_screen(x0, y0 + (j + 0.5) * step)
        surface.blit(t, (cx + 3, cy - t.get_height() // 2))


def marker_colour(m, palette: Palette, side_order=()) -> tuple[int, int, int]:
    """Colour by kind, else by side."""
    if m.kind in KIND_COLOURS:
        return KIND_COLOURS[m.kind]
    return palette.side(m.side, side_order) if m.side else (230, 230, 230)


def table_screen_rect(camera: Camera) -> pygame.Rect:
    """The table's rect on screen (may reach past the viewport when zoomed in)."""
    x0, y0 = camera.to_screen(0.0, 0.0)
    x1, y1 = camera.to_screen(*camera.table)
    return pygame.Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1)


def table_clip(camera: Camera) -> pygame.Rect:
    """The part of the viewport the table covers (where markers may draw)."""
    return table_screen_rect(camera).clip(pygame.Rect(camera.viewport))


def _circle_px(m, camera: Camera) -> int:
    return max(4, int(camera.mm(m.radius or 6)))


def draw_marker_shapes(surface: pygame.Surface, camera: Camera, markers, palette: Palette, side_order=()) -> None:
    """Every marker's shape (not its label), clipped to the table within the
    viewport: a gravity well near an edge is cut at the table edge."""
    if not markers:
        return
    clip = surface.get_clip()
    surface.set_clip(table_clip(camera).clip(clip))
    for m in markers:
        if m.kind in TEXT_ONLY:
            continue
        if m.kind == "grid":
            draw_grid(surface, camera, m)
            continue
        col = marker_colour(m, palette, side_order)
        pts = [camera.to_screen(x, y) for x, y in m.points]
        if len(pts) >= 3:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1).clip(surface.get_clip())
            if box.width > 0 and box.height > 0:
                s = pygame.Surface(box.size, pygame.SRCALPHA)
                pygame.draw.polygon(s, (*col, 70), [(x - box.x, y - box.y) for x, y in pts])
                surface.blit(s, box.topleft)
            pygame.draw.polygon(surface, col, pts, 2)
        elif len(pts) == 2:
            w = max(2, int(camera.mm(m.radius * 2))) if m.radius else 3
            pygame.draw.line(surface, col, pts[0], pts[1], w)
        elif pts:
            r = _circle_px(m, camera)
            pygame.draw.circle(surface, col, pts[0], r, 2)
            pygame.draw.circle(surface, col, pts[0], 2)
    surface.set_clip(clip)


def marker_candidates(m, camera: Camera, w: int, h: int) -> list:
    """Where a marker's ``w`` x ``h`` label may go, best first."""
    pts = [camera.to_screen(x, y) for x, y in m.points]
    if not pts:
        return []
    if m.kind in TEXT_ONLY or len(pts) == 2:
        # a note or an edge line: from its first point (shifted inside the table), then its middle and end
        out = [pts[0]]
        if len(pts) == 2:
            (ax, ay), (bx, by) = pts
            out += [((ax + bx) / 2 - w / 2, (ay + by) / 2 - h / 2), (bx - w, by - h)]
        return out
    if len(pts) >= 3:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        return [pts[0], (cx - w / 2, cy - h / 2), (min(xs), max(ys) + 2), (min(xs), min(ys) - h - 2)]
    c = pts[0]
    return LabelPlacer.around_circle(c[0], c[1], _circle_px(m, camera), w, h)


def draw_marker_labels(surface: pygame.Surface, camera: Camera, markers, palette: Palette, side_order=(),
                       placer: LabelPlacer | None = None) -> LabelPlacer:
    """Every marker's label, laid out by ``placer`` (a new one for the
    table within the viewport when None); returns the placer."""
    if placer is None:
        placer = LabelPlacer(table_clip(camera), camera.viewport)
    if not markers:
        return placer
    for m in markers:  # every ring is a soft obstacle for the labels of the others
        if len(m.points) == 1 and m.kind not in TEXT_ONLY and m.radius:
            c = camera.to_screen(*m.points[0])
            placer.avoid_circle(c[0], c[1], _circle_px(m, camera), owner=m.id)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(camera.viewport).clip(clip))
    for m in markers:
        if not m.label or m.kind == "grid":
            continue
        col = marker_colour(m, palette, side_order)
        t, (w, h) = text_label(m.label, 12, col)
        cands = marker_candidates(m, camera, w, h)
        if not cands:
            continue
        r = placer.place((w, h), cands, text=m.label, owner=m.id)
        draw_label(surface, t, r)
    surface.set_clip(clip)
    return placer


def draw_markers(surface: pygame.Surface, camera: Camera, markers, palette: Palette, side_order=(),
                 placer: LabelPlacer | None = None) -> LabelPlacer:
    """Every marker: shapes, then labels (see the module notes)."""
    draw_marker_shapes(surface, camera, markers, palette, side_order)
    return draw_marker_labels(surface, camera, markers, palette, side_order, placer)

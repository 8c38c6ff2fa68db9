"""Drawing the map editor's table: terrain, zones, objectives, exits, the
selection with vertex handles, the polygon being drawn, tool previews, the
measuring line and problem markers. Everything is redrawn each frame (editor
maps are small and change all the time)."""

from __future__ import annotations

import pygame

from game.editor.document import MapDocument
from game.editor.measure import measure
from game.ui import fonts
from game.ui.camera import Camera
from game.ui.palette import Palette, shade

HANDLE = 4


def draw_grid(surface, cam: Camera, doc: MapDocument, spacing: float, colour) -> None:
    """Grid lines every ``spacing`` mm when they are at least 6 px apart."""
    if spacing <= 0 or cam.mm(spacing) < 6:
        return
    x0, y0 = cam.to_screen(0, 0)
    x1, y1 = cam.to_screen(doc.width, doc.height)
    n = int(doc.width // spacing)
    for i in range(1, n + 1):
        sx = cam.to_screen(i * spacing, 0)[0]
        pygame.draw.line(surface, colour, (sx, y0), (sx, y1))
    n = int(doc.height // spacing)
    for i in range(1, n + 1):
        sy = cam.to_screen(0, i * spacing)[1]
        pygame.draw.line(surface, colour, (x0, sy), (x1, sy))


def _poly(surface, cam, ring, colour, width=0) -> None:
    if len(ring) >= 3 or (width and len(ring) >= 2):
        pts = [cam.to_screen(*p) for p in ring]
        if width:
            pygame.draw.lines(surface, colour, True, pts, width) if len(pts) >= 2 else None
        else:
            pygame.draw.polygon(surface, colour, pts)


def draw_document(surface, cam: Camera, doc: MapDocument, pal: Palette, grid: float | None,
                  problems=(), offset: tuple[float, float] = (0.0, 0.0)) -> None:
    """The whole map. ``offset`` (mm) shows the selection being dragged."""
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(cam.viewport))
    surface.fill(pal.background, pygame.Rect(cam.viewport))
    tl, br = cam.to_screen(0, 0), cam.to_screen(doc.width, doc.height)
    pygame.draw.rect(surface, pal.table, pygame.Rect(tl, (br[0] - tl[0], br[1] - tl[1])))
    if grid:
        draw_grid(surface, cam, doc, grid, pal.grid)
    sides = sorted({z.side for z in doc.zones})
    zone_layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for z in doc.zones:
        ring = _moved(z.polygon, z.id, doc, offset)
        c = pal.side(z.side, sides)
        _poly(zone_layer, cam, ring, (*c, 70))
        _poly(zone_layer, cam, ring, (*c, 200), 2)
    surface.blit(zone_layer, (0, 0))
    for f in sorted(doc.features, key=lambda f: f.height):
        colour = shade(pal.kind(f.kind), min(0.3, f.height / 400.0) - 0.05)
        ext = _moved(f.exterior, f.id, doc, offset)
        _poly(surface, cam, ext, colour)
        for h in f.holes:
            _poly(surface, cam, _moved(h, f.id, doc, offset), pal.table)
        edge = (20, 20, 20) if "blocks_sight" in f.tags else shade(colour, -0.3)
        _poly(surface, cam, ext, edge, 2)
        for h in f.holes:
            _poly(surface, cam, _moved(h, f.id, doc, offset), edge, 1)
        for o in f.openings:
            a, b = _moved([o.a, o.b], f.id, doc, offset)
            pygame.draw.line(surface, (250, 220, 120), cam.to_screen(*a), cam.to_screen(*b), 5)
        if cam.scale > 0.5:
            c = cam.to_screen(*_centre(ext))
            label = fonts.text(f.name or f.id, 11, (240, 240, 235))
            surface.blit(label, (c[0] - label.get_width() // 2, c[1] - 6))
    for e in doc.exits:
        length = doc.width if e.edge in ("north", "south") else doc.height
        s, t = e.start_mm, e.end_mm if e.end_mm is not None else length
        pts = {"north": [(s, 0), (t, 0)], "south": [(s, doc.height), (t, doc.height)],
               "west": [(0, s), (0, t)], "east": [(doc.width, s), (doc.width, t)]}[e.edge]
        pygame.draw.line(surface, (240, 240, 120), cam.to_screen(*pts[0]), cam.to_screen(*pts[1]), 6)
    for o in doc.objectives:
        (x, y), = _moved([(o.x, o.y)], o.id, doc, offset)
        c = cam.to_screen(x, y)
        r = max(6, int(cam.mm(o.radius)))
        pygame.draw.circle(surface, (255, 210, 60), c, r, 3)
        pygame.draw.circle(surface, (255, 210, 60), c, 3)
        if o.label:
            surface.blit(fonts.text(o.label, 12, (255, 230, 150)), (c[0] + r + 3, c[1] - 7))
    for sel in doc.selection:
        _draw_selected(surface, cam, doc, sel, pal, offset)
    for p in problems:
        c = cam.to_screen(p.x, p.y)
        col = pal.illegal if p.severity == "error" else pal.partial
        pygame.draw.line(surface, col, (c[0] - 6, c[1] - 6), (c[0] + 6, c[1] + 6), 3)
        pygame.draw.line(surface, col, (c[0] - 6, c[1] + 6), (c[0] + 6, c[1] - 6), 3)
    if doc.draft:
        pts = [cam.to_screen(*p) for p in doc.draft]
        if len(pts) >= 2:
            pygame.draw.lines(surface, pal.template, False, pts, 2)
        for p in pts:
            pygame.draw.circle(surface, pal.template, p, HANDLE)
    surface.set_clip(clip)


def _moved(ring, item_id, doc, offset):
    if item_id in doc.selection and offset != (0.0, 0.0):
        return [(x + offset[0], y + offset[1]) for x, y in ring]
    return list(ring)


def _centre(ring):
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def _draw_selected(surface, cam, doc, item_id, pal, offset) -> None:
    where = doc.find(item_id)
    if where is None:
        return
    item = doc.collection(where[0])[where[1]]
    rings = []
    if where[0] == "features":
        rings = [item.exterior, *item.holes]
    elif where[0] == "zones":
        rings = [item.polygon]
    elif where[0] == "objectives":
        c = cam.to_screen(*_moved([(item.x, item.y)], item_id, doc, offset)[0])
        pygame.draw.circle(surface, pal.select, c, max(9, int(cam.mm(item.radius)) + 4), 2)
    for ring in rings:
        ring = _moved(ring, item_id, doc, offset)
        _poly(surface, cam, ring, pal.select, 2)
        for p in ring:
            s = cam.to_screen(*p)
            pygame.draw.rect(surface, pal.select, pygame.Rect(s[0] - HANDLE, s[1] - HANDLE, 2 * HANDLE, 2 * HANDLE))


def draw_preview_shape(surface, cam: Camera, ring, pal: Palette) -> None:
    """Outline of a rectangle, circle or ellipse being dragged out."""
    if len(ring) >= 3:
        _poly(surface, cam, ring, pal.template, 2)


def draw_measure(surface, cam: Camera, a, b, pal: Palette) -> None:
    """The measuring line with its length in inches, cm and mm."""
    m = measure(a, b)
    sa, sb = cam.to_screen(*a), cam.to_screen(*b)
    pygame.draw.line(surface, pal.arc, sa, sb, 2)
    pygame.draw.circle(surface, pal.arc, sa, 4)
    label = f'{m.label("in")}  {m.label("cm")}  {m.label("mm")}'
    t = fonts.text(label, 14, (255, 255, 255), True)
    pos = (sb[0] + 10, sb[1] - 10)
    pygame.draw.rect(surface, (0, 0, 0), pygame.Rect(pos[0] - 4, pos[1] - 2, t.get_width() + 8, t.get_height() + 4))
    surface.blit(t, pos)

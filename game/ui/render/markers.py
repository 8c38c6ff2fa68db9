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

import math

import pygame

from game.ui.camera import Camera
from game.ui.palette import Palette, shade
from game.ui.render.terrain_art import dashed_ring
from game.ui.render.labels import LabelPlacer, LabelReq, draw_placed, lay_out, points_box, tag, zoom_size
from game.ui.naming import sentence

KIND_COLOURS = {"objective": (240, 240, 240), "blast": (255, 120, 40), "template": (255, 140, 40),
                "lane": (250, 220, 80), "smoke": (200, 200, 200), "hulk": (150, 150, 150)}
#: marker kinds drawn as their label alone
TEXT_ONLY = frozenset({"note"})
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


#: a gravity well's dashed ring
WELL = (150, 190, 235)
#: marker kinds drawn as soft translucent puffs (smoke on the table)
SOFT = {"smoke": (200, 200, 204), "red_smoke": (230, 80, 70)}
_SOFT_CACHE: dict = {}


def draw_marker_shapes(surface: pygame.Surface, camera: Camera, markers, palette: Palette, side_order=()) -> None:
    """Every marker's shape (not its label), clipped to the table within the
    viewport: a gravity well near an edge is cut at the table edge. Gravity
    wells are dashed rings, blast markers bursts, smoke soft puffs, an
    attack an arrow; other polygons translucent with an outline."""
    if not markers:
        return
    clip = surface.get_clip()
    surface.set_clip(table_clip(camera).clip(clip))
    for m in markers:
        if m.kind in TEXT_ONLY:
            continue
        if m.kind == "grid":
            continue  # the mat draws the lettered grid (the ruleset's style sheet, units.grid_mm)
        col = marker_colour(m, palette, side_order)
        pts = [camera.to_screen(x, y) for x, y in m.points]
        if m.kind in SOFT and pts:
            _soft(surface, camera, m, SOFT[m.kind])
        elif m.kind == "gravity_well" and len(pts) == 1:
            r = _circle_px(m, camera)
            dashed_ring(surface, WELL, circle_points(pts[0], r), 1, 6.0)
        elif m.kind == "blast" and len(pts) == 1:
            _burst(surface, pts[0], _circle_px(m, camera), col)
        elif m.kind == "attack" and len(pts) == 2:
            _arrow(surface, pts[0], pts[1], col)
        elif len(pts) >= 3:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1).clip(surface.get_clip())
            if box.width > 0 and box.height > 0:
                s = pygame.Surface(box.size, pygame.SRCALPHA)
                pygame.draw.polygon(s, (*col, 60), [(x - box.x, y - box.y) for x, y in pts])
                surface.blit(s, box.topleft)
            if m.kind == "objective":
                dashed_ring(surface, col, pts, 2, 8.0)
            else:
                pygame.draw.polygon(surface, col, pts, 2)
        elif len(pts) == 2:
            w = max(2, int(camera.mm(m.radius * 2))) if m.radius else 3
            pygame.draw.line(surface, col, pts[0], pts[1], w)
        elif pts:
            r = _circle_px(m, camera)
            pygame.draw.circle(surface, col, pts[0], r, 2)
            pygame.draw.circle(surface, col, pts[0], 2)
    surface.set_clip(clip)


def circle_points(c, r: float, n: int = 72) -> list[tuple[float, float]]:
    """A circle of radius ``r`` px about ``c`` as ``n`` points."""
    return [(c[0] + r * math.cos(2 * math.pi * k / n), c[1] + r * math.sin(2 * math.pi * k / n)) for k in range(n)]


def _burst(surface, c, r: int, col) -> None:
    """A blast marker: an eight-pointed burst."""
    pts = []
    for k in range(16):
        a = k * math.pi / 8
        rr = r if k % 2 == 0 else r * 0.55
        pts.append((c[0] + math.cos(a) * rr, c[1] + math.sin(a) * rr))
    box = pygame.Rect(c[0] - r - 1, c[1] - r - 1, 2 * r + 3, 2 * r + 3)
    s = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(s, (*col, 150), [(x - box.x, y - box.y) for x, y in pts])
    surface.blit(s, box.topleft)
    pygame.draw.polygon(surface, (255, 220, 120), pts, 1)


def _arrow(surface, a, b, col) -> None:
    """An attack waiting for its answer: a line with an arrowhead at the target."""
    pygame.draw.line(surface, (10, 10, 12), a, b, 5)
    pygame.draw.line(surface, col, a, b, 3)
    d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    h = 12
    head = [b, (b[0] - ux * h - uy * h * 0.5, b[1] - uy * h + ux * h * 0.5), (b[0] - ux * h + uy * h * 0.5, b[1] - uy * h - ux * h * 0.5)]
    pygame.draw.polygon(surface, col, head)
    pygame.draw.polygon(surface, (10, 10, 12), head, 1)


def _soft(surface, camera: Camera, m, col) -> None:
    """Smoke: soft translucent puffs over the marker's area (rendered once
    per marker and zoom, then blitted)."""
    key = (m.id, m.points, m.radius, round(camera.scale, 6), col)
    hit = _SOFT_CACHE.get(key)
    if hit is None:
        if len(_SOFT_CACHE) > 64:
            _SOFT_CACHE.clear()
        from shapely.geometry import Point, Polygon

        from game.ui.render.terrain_art import inside_points, rng_for

        poly = Polygon(m.points) if len(m.points) >= 3 else Point(m.points[0]).buffer(max(m.radius, 6.0), 16)
        x0, y0, x1, y1 = poly.bounds
        s = camera.scale
        pad = max(4, int(6 * s))
        surf = pygame.Surface((int((x1 - x0) * s) + 2 * pad, int((y1 - y0) * s) + 2 * pad), pygame.SRCALPHA)
        surf.fill((*col, 0))
        ring = [((x - x0) * s + pad, (y - y0) * s + pad) for x, y in poly.exterior.coords]
        pygame.draw.polygon(surf, (*col, 90), ring)
        rng = rng_for(m.id, m.kind)
        for x, y in inside_points(poly, 14.0, rng):
            pygame.draw.circle(surf, (*shade(col, 0.25), 120), ((x - x0) * s + pad, (y - y0) * s + pad),
                               max(2, int(rng.uniform(5, 9) * s)))
        surf = pygame.transform.gaussian_blur(surf, max(2, min(10, int(3 * s))))
        hit = _SOFT_CACHE[key] = (surf, (x0, y0), pad)
    surf, (x0, y0), pad = hit
    o = camera.to_screen(x0, y0)
    surface.blit(surf, (o[0] - pad, o[1] - pad))


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
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        # its first corner and middle, then all round its box (below and above, its sides, the far corners),
        # then slid along each side while it still touches the box: every spot is at the feature
        return [pts[0], (cx - w / 2, cy - h / 2), (x0, y1 + 2), (x0, y0 - h - 2), (cx - w / 2, y1 + 2),
                (cx - w / 2, y0 - h - 2), (x1 + 2, cy - h / 2), (x0 - w - 2, cy - h / 2), (x1 - w, y1 + 2),
                (x1 - w, y0 - h - 2)] + hugging(x0, y0, x1, y1, w, h)
    c = pts[0]
    return LabelPlacer.around_circle(c[0], c[1], _circle_px(m, camera), w, h)


def hugging(x0: float, y0: float, x1: float, y1: float, w: int, h: int, steps: int = 8) -> list:
    """Top-left corners of a ``w`` x ``h`` label touching the screen box
    (x0, y0)-(x1, y1): in the row just below it and just above it, slid
    from its left end to its right, then in the column just right and
    left of it, slid from its top to its bottom (``steps`` spots each way)."""
    out = []
    xs = [x0 - w + 6 + (x1 - x0 + w - 12) * i / steps for i in range(steps + 1)]
    ys = [y0 - h + 4 + (y1 - y0 + h - 8) * i / steps for i in range(steps + 1)]
    for x in xs:
        out += [(x, y1 + 2), (x, y0 - h - 2)]
    for y in ys:
        out += [(x1 + 2, y), (x0 - w - 2, y)]
    return out


def nearest_own_first(cands: list, w: int, h: int, own: tuple, others: list) -> list:
    """``cands`` (top-left corners of a ``w`` x ``h`` label for the ring
    centred at screen point ``own``) with those whose middle lies nearer
    another ring's centre (``others``) than its own put last: a wide label
    above and to the right of one of two close rings sat over the other one,
    and read as its name (Foxhole's "Objective 1 (primary)" over objective 4)."""
    if not others:
        return list(cands)

    def own_nearest(c) -> bool:
        mx, my = c[0] + w / 2, c[1] + h / 2
        mine = math.hypot(mx - own[0], my - own[1])
        return all(mine <= math.hypot(mx - o[0], my - o[1]) for o in others)

    return [c for c in cands if own_nearest(c)] + [c for c in cands if not own_nearest(c)]


def marker_anchor(m, camera: Camera) -> pygame.Rect | None:
    """The screen box a marker's label sits next to: its ring, its line or
    its polygon; None for a note (text alone, stacked in its corner)."""
    if m.kind in TEXT_ONLY or not m.points:
        return None
    pts = [camera.to_screen(x, y) for x, y in m.points]
    return points_box(pts, _circle_px(m, camera) if len(pts) == 1 else 0.0)


#: label priority by marker kind (the rest: P_OTHER); notes and attacks are never hidden
PRIORITY = {"sunward": 88, "note": 88, "sitrep": 88, "attack": 87, "objective": 96, "exfil": 45}
P_OTHER = 40


def marker_label_reqs(camera: Camera, markers, palette: Palette, side_order=(),
                      placer: LabelPlacer | None = None, namer=None) -> list[LabelReq]:
    """The markers' labels as :class:`LabelReq` (laid out with the frame's
    other labels). With ``placer``, every ring is made a soft obstacle for
    the labels of the others; ``namer`` rewrites ids in the labels as names."""
    out: list[LabelReq] = []
    if not markers:
        return out
    if placer is not None:
        for m in markers:
            if len(m.points) == 1 and m.kind not in TEXT_ONLY and m.radius:
                c = camera.to_screen(*m.points[0])
                placer.avoid_circle(c[0], c[1], _circle_px(m, camera), owner=m.id)
    size = zoom_size(12, camera)
    rings = [(m.id, camera.to_screen(*m.points[0])) for m in markers
             if len(m.points) == 1 and m.kind not in TEXT_ONLY and m.radius]
    for i, m in enumerate(markers):
        if not m.label or m.kind == "grid":
            continue
        text = sentence(namer(m.label) if namer is not None else m.label)
        t = tag(text, size, marker_colour(m, palette, side_order))
        w, h = t.get_size()
        cands = marker_candidates(m, camera, w, h)
        if len(m.points) == 1 and m.kind not in TEXT_ONLY and m.radius:
            cands = nearest_own_first(cands, w, h, camera.to_screen(*m.points[0]), [c for k, c in rings if k != m.id])
        if not cands:
            continue
        prio = PRIORITY.get(m.kind, P_OTHER)
        out.append(LabelReq(f"marker:{m.id}:{i}", t, cands, prio, prio < 86, m.id, True, text,
                            anchor=marker_anchor(m, camera)))
    return out


def draw_marker_labels(surface: pygame.Surface, camera: Camera, markers, palette: Palette, side_order=(),
                       placer: LabelPlacer | None = None) -> LabelPlacer:
    """Every marker's label, laid out by ``placer`` (a new one for the
    table within the viewport when None); returns the placer."""
    if placer is None:
        placer = LabelPlacer(table_clip(camera), camera.viewport)
    reqs = marker_label_reqs(camera, markers, palette, side_order, placer)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(camera.viewport).clip(clip))
    draw_placed(surface, lay_out(reqs, placer))
    surface.set_clip(clip)
    return placer


def draw_markers(surface: pygame.Surface, camera: Camera, markers, palette: Palette, side_order=(),
                 placer: LabelPlacer | None = None) -> LabelPlacer:
    """Every marker: shapes, then labels (see the module notes)."""
    draw_marker_shapes(surface, camera, markers, palette, side_order)
    return draw_marker_labels(surface, camera, markers, palette, side_order, placer)

"""Overlays drawn from geometry results: the LoS overlay (visibility polygon
and coloured sight lines, cached until the viewer, the state or the camera
changes), movement paths with their cost, templates, fire arcs and range
bands."""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import pygame

from game.ui import fonts
from game.ui.camera import Camera
from game.ui.palette import Palette, shade
from game.ui.render.labels import LabelPlacer, points_box


class LosOverlay:
    """Renders a :class:`game.ui.los.LosResult`: the hidden shading and the
    sight lines to a cached translucent surface (whole table per zoom, pans
    reuse it); the percentages are labels laid out with the frame's others
    (:meth:`label_reqs`), so none covers the legend or another label."""

    def __init__(self) -> None:
        self._key = None
        self._surf: pygame.Surface | None = None
        #: where the cached surface was last blitted (screen px)
        self.origin: tuple[int, int] = (0, 0)

    def draw(self, surface: pygame.Surface, camera: Camera, los, palette: Palette, avoid=None, avoid_key=None) -> None:
        """Blit the overlay (re-render only when ``los`` or the camera
        changed). ``avoid``/``avoid_key``: kept for callers; the percentages
        are laid out per frame now."""
        if los is None:
            return
        tw, th = camera.table
        whole = tw * camera.scale <= 3000 and th * camera.scale <= 3000
        key = (id(los), round(camera.scale, 6), palette.name) if whole else (id(los), camera.state(), palette.name)
        if key != self._key:
            self._surf = self._render(camera, los, palette, whole)
            self._key = key
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(camera.viewport).clip(clip))
        self.origin = tuple(camera.to_screen(0.0, 0.0) if whole else camera.viewport[:2])
        surface.blit(self._surf, self.origin)
        surface.set_clip(clip)

    def label_reqs(self, camera: Camera, los, palette: Palette) -> list:
        """One percentage per target (the verdict's label, in its line's
        colour), to lie along its line; on a crowded table (over 24 lines)
        only the targets in view are labelled. A percentage with no free
        spot by its line (bases and other labels all round it) is hidden,
        never drawn over a base or far from its line: the line's colour and
        dashes still give the verdict, and the target's tooltip its share."""
        from game.ui.render.labels import LabelReq

        if los is None:
            return []
        colours = {"clear": palette.clear, "cover": palette.partial, "blocked": palette.blocked}
        out = []
        seen = set()
        for ln in los.lines:
            if ln.target_id in seen or (ln.state == "blocked" and len(los.lines) > 24):
                continue
            seen.add(ln.target_id)
            t = los_tag(ln.label, colours[ln.state])
            w, h = t.get_size()
            a, b = camera.to_screen(*ln.a), camera.to_screen(*ln.b)
            out.append(LabelReq(f"los:{ln.target_id}", t, LabelPlacer.along(a, b, w, h), 95 if ln.state != "blocked" else 84,
                                True, None, True, ln.label, anchor=points_box((a, b))))
        return out

    def _render(self, camera: Camera, los, palette: Palette, whole: bool) -> pygame.Surface:
        """Whole table at this zoom (pans reuse it), or just the viewport."""
        vx, vy, vw, vh = camera.viewport
        if whole:
            tw, th = camera.table
            surf = pygame.Surface((int(tw * camera.scale) + 2, int(th * camera.scale) + 2), pygame.SRCALPHA)
            off = np.array(camera.to_screen(0.0, 0.0))
        else:
            surf = pygame.Surface((vw, vh), pygame.SRCALPHA)
            off = np.array([vx, vy])
        reg = los.region
        if reg is not None:
            for polys, alpha in ((reg.partial, 60), (reg.hidden, 110)):
                for rings in polys:
                    _shade(surf, camera, off, rings, (*HIDDEN_SHADE, alpha))
        colours = {"clear": palette.clear, "cover": palette.partial, "blocked": palette.blocked}
        for ln in los.lines:
            a = np.array(camera.to_screen(*ln.a)) - off
            b = np.array(camera.to_screen(*ln.b)) - off
            sight_line(surf, ln.state, colours[ln.state], a, b)
        return surf


#: the backing of the LoS percentages (pixels of the overlay layer)
LOS_BACKING = (10, 10, 12, 215)
#: how each verdict's line is drawn: (width px, dash px or 0 for solid, gap px)
LINE_STYLE = {"clear": (3, 0, 0), "cover": (3, 12, 5), "blocked": (2, 5, 6)}


def sight_line(surf, state: str, col, a, b, cap: bool = True) -> None:
    """One sight line on the overlay layer: a dark casing under the line (it
    reads over any terrain), solid when clear, long dashes in cover, short
    dashes with no line of sight, and a dot at the target's end."""
    width, dash, gap = LINE_STYLE.get(state, (2, 0, 0))
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    casing = (8, 8, 10, 150)
    if dash:
        _dashed(surf, casing, a, b, width + 2, dash, gap)
        _dashed(surf, (*col, 235), a, b, width, dash, gap)
    else:
        pygame.draw.line(surf, casing, a, b, width + 2)
        pygame.draw.line(surf, (*col, 235), a, b, width)
    if cap:
        pygame.draw.circle(surf, casing, b, width + 2)
        pygame.draw.circle(surf, (*col, 255), b, width)


def los_tag(text: str, col) -> pygame.Surface:
    """A sight-line percentage: bold text in the line's colour on a dark
    rounded backing edged in the same colour."""
    return _los_tag(text, tuple(col), fonts._SCALE[0])


@lru_cache(maxsize=512)
def _los_tag(text: str, col, _scale: float) -> pygame.Surface:
    t = fonts.text(text, 12, col, True)
    w, h = t.get_width() + 8, t.get_height() + 2
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, LOS_BACKING, s.get_rect(), border_radius=4)
    pygame.draw.rect(s, (*col, 200), s.get_rect(), 1, border_radius=4)
    s.blit(t, (4, 1))
    return s
#: the shade over what the viewer cannot see (alpha per region)
HIDDEN_SHADE = (12, 14, 30)


def _shade(surf, camera: Camera, off, rings, col) -> None:
    """Fill one polygon (exterior, then holes) on the overlay surface."""
    if len(rings[0]) < 3:
        return
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(layer, col, (camera.to_screen_many(np.asarray(rings[0])) - off).tolist())
    for h in rings[1:]:
        if len(h) >= 3:
            pygame.draw.polygon(layer, (0, 0, 0, 0), (camera.to_screen_many(np.asarray(h)) - off).tolist())
    surf.blit(layer, (0, 0))


def _dashed(surf, col, a, b, width: int, dash: float = 8.0, gap: float | None = None) -> None:
    d = b - a
    n = float(np.hypot(*d))
    if n < 1:
        return
    u = d / n
    for s in np.arange(0, n, dash + (dash if gap is None else gap)):
        pygame.draw.line(surf, col, a + u * s, a + u * min(s + dash, n), width)


def clear_of_path(rect: pygame.Rect, pts, ring=None) -> bool:
    """True when ``rect`` (screen px, grown by 2 px) crosses no segment of
    the polyline ``pts`` and keeps off the circle ``ring`` ``(cx, cy, r)``."""
    r = rect.inflate(4, 4)
    if any(r.clipline(a, b) for a, b in zip(pts, pts[1:])):
        return False
    if ring is not None:
        from game.ui.render.labels import rect_hits_circle

        return not rect_hits_circle(r, *ring)
    return True


def cost_spots(pts, end, ring_px: int, w: int, h: int) -> list[tuple[float, float]]:
    """Top-left corners for a move's cost text (``w`` x ``h`` px) by the
    end ``end`` of its path ``pts`` (screen px), best first: those clear of
    the path and of the ghost base (radius ``ring_px``) come first, ahead
    of the rest, each group going round the end from below right, then
    further out."""
    out = []
    for k in (1.0, 1.8, 2.8):
        d = ring_px * k + 4
        for a in (45, 135, -45, -135, 90, -90, 0, 180):
            ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
            x = end[0] + ca * d + (0 if ca > 0.3 else (-w if ca < -0.3 else -w / 2))
            y = end[1] + sa * d + (0 if sa > 0.3 else (-h if sa < -0.3 else -h / 2))
            out.append((x, y))
    ring = (end[0], end[1], ring_px)
    good = [c for c in out if clear_of_path(pygame.Rect(int(c[0]), int(c[1]), w, h), pts, ring)]
    return good + [c for c in out if c not in good]


def draw_preview(surface: pygame.Surface, camera: Camera, pv, palette: Palette, figures_by_id: dict,
                 actor_radius: float = 12.5, collect: list | None = None) -> None:
    """Draw a :class:`game.ui.preview.Preview`: path and ghost base, stop
    point, template with touched figures, arcs, range bands, target line.
    The move's cost is written by the end of the path, clear of the path
    and the ghost base (:func:`cost_spots`); with ``collect`` it is a label
    request laid out with the frame's others (so it covers no label or
    token either), else drawn at the first such spot."""
    if pv is None:
        return
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(camera.viewport).clip(clip))
    col = palette.legal if pv.legal else palette.illegal
    for r in pv.range_bands:
        if pv.origin:
            pygame.draw.circle(surface, shade(palette.arc, -0.2), camera.to_screen(*pv.origin), max(2, int(camera.mm(r))), 1)
    for arc in pv.arcs:
        draw_arc(surface, camera, arc, palette.arc if arc.get("kind") != "turn" else palette.template)
    if len(pv.path) >= 2:
        pts = [camera.to_screen(*p) for p in pv.path]
        pygame.draw.lines(surface, col, False, pts, 3)
        end = pv.stop or pv.path[-1]
        c = camera.to_screen(*end)
        pygame.draw.circle(surface, col, c, max(3, int(camera.mm(actor_radius))), 2)
        if pv.stop:
            pygame.draw.line(surface, palette.illegal, (c[0] - 6, c[1] - 6), (c[0] + 6, c[1] + 6), 2)
            pygame.draw.line(surface, palette.illegal, (c[0] - 6, c[1] + 6), (c[0] + 6, c[1] - 6), 2)
        if pv.cost:
            from game.ui.render.labels import LabelReq, tag

            t = tag(pv.cost, 13, col)
            w, h = t.get_size()
            ring = max(3, int(camera.mm(actor_radius)))
            spots = cost_spots(pts, c, ring, w, h)
            if collect is not None:
                collect.append(LabelReq("preview:cost", t, spots, 97, False, None, True, pv.cost,
                                        anchor=pygame.Rect(c[0] - ring, c[1] - ring, 2 * ring + 1, 2 * ring + 1)))
            else:
                surface.blit(t, spots[0])
    if pv.facing:
        draw_preview_facing(surface, camera, pv.facing, col)
    if pv.target and pv.origin and pv.target in figures_by_id:
        f = figures_by_id[pv.target]
        pygame.draw.line(surface, col, camera.to_screen(*pv.origin), camera.to_screen(f.x, f.y), 2)
        pygame.draw.circle(surface, col, camera.to_screen(f.x, f.y), max(4, int(camera.mm(max(f.radius, 5)))) + 5, 2)
    if pv.template:
        draw_template(surface, camera, pv.template, palette.template)
    for fid in pv.touches:
        f = figures_by_id.get(fid)
        if f is not None:
            pygame.draw.circle(surface, palette.template, camera.to_screen(f.x, f.y), max(4, int(camera.mm(max(f.radius, 5)))) + 3, 3)
    surface.set_clip(clip)


def draw_preview_facing(surface, camera: Camera, facing: dict, colour) -> None:
    """The facing arcs a previewed move ends with, on a ghost base: its outline,
    the heading and a tick at every arc boundary."""
    from game.ui.render.figures import draw_facing_arcs

    c = camera.to_screen(facing["x"], facing["y"])
    r = max(4, int(camera.mm(float(facing.get("radius", 12.5)))))
    h = float(facing["heading"])
    pygame.draw.circle(surface, colour, c, r, 1)
    draw_facing_arcs(surface, c, r, h, facing.get("arcs", ()), colour, ghost=True)
    tip = (c[0] + math.cos(math.radians(h)) * r * 1.6, c[1] + math.sin(math.radians(h)) * r * 1.6)
    pygame.draw.line(surface, colour, c, tip, 2)


def draw_template(surface, camera: Camera, tpl: dict, colour) -> None:
    """A template: {"points": [...]} polygon or {"x", "y", "radius"} circle."""
    if "points" in tpl:
        pts = [camera.to_screen(*p) for p in tpl["points"]]
        if len(pts) >= 3:
            _alpha_polygon(surface, pts, (*colour, 70))
            pygame.draw.polygon(surface, colour, pts, 2)
    elif "radius" in tpl:
        c = camera.to_screen(tpl["x"], tpl["y"])
        r = max(2, int(camera.mm(tpl["radius"])))
        s = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        pygame.draw.circle(s, (*colour, 70), (r + 1, r + 1), r)
        surface.blit(s, (c[0] - r - 1, c[1] - r - 1))
        pygame.draw.circle(surface, colour, c, r, 2)


def draw_arc(surface, camera: Camera, arc: dict, colour) -> None:
    """A sector: centre, heading (deg clockwise from +x), width (deg), radius (mm)."""
    x, y, h, w, r = arc["x"], arc["y"], arc["heading"], arc["width"], arc["radius"]
    n = max(8, int(w / 4))
    pts = [(x, y)] + [(x + r * math.cos(math.radians(h - w / 2 + w * i / n)), y + r * math.sin(math.radians(h - w / 2 + w * i / n)))
                      for i in range(n + 1)]
    sp = [camera.to_screen(*p) for p in pts]
    _alpha_polygon(surface, sp, (*colour, 40))
    pygame.draw.polygon(surface, colour, sp, 1)


def draw_range_rings(surface, camera: Camera, origin, radii, colour, fmt=None, collect: list | None = None) -> None:
    """Range bands as rings around ``origin`` with their distance
    (``fmt(mm) -> str``, default mm; clipped to the viewport). With
    ``collect`` the distances are appended as label requests (laid out
    with the frame's other labels), else drawn at once."""
    from game.ui.render.labels import LabelReq, tag

    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(camera.viewport).clip(clip))
    c = camera.to_screen(*origin)
    for i, r in enumerate(radii):
        pr = int(camera.mm(r))
        if pr > 2:
            pygame.draw.circle(surface, colour, c, pr, 1)
            text = fmt(r) if fmt else f"{r:g} mm"
            t = tag(text, 10, colour)
            w, h = t.get_size()
            cands = [(c[0] + pr + 2, c[1] - h / 2), (c[0] - w / 2, c[1] - pr - h - 1), (c[0] - w / 2, c[1] + pr + 1),
                     (c[0] - pr - w - 2, c[1] - h / 2)]
            if collect is not None:
                collect.append(LabelReq(f"range:{i}", t, cands, 35, True, None, True, text, anchor=points_box((c,), pr)))
            else:
                surface.blit(t, cands[0])
    surface.set_clip(clip)


def _alpha_polygon(surface, pts, rgba) -> None:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1).clip(surface.get_rect())
    if box.width <= 0 or box.height <= 0:
        return
    s = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(s, rgba, [(px - box.x, py - box.y) for px, py in pts])
    surface.blit(s, box.topleft)

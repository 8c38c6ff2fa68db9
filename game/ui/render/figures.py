"""Figures (models, ships, units) with their bases, facing, side colour,
state markers, group links and the selection ring. Drawn every frame from
``ruleset.figures(view)``; positions may be overridden by the animator."""

from __future__ import annotations

import math

import pygame

from game.ui.camera import Camera
from game.ui.palette import Palette, shade
from game.ui.render.labels import LabelPlacer, draw_label, outlined_text, text_label

#: short badge text for common state markers (others: first letters)
BADGES = {"wounded": "W", "suppressed": "S", "prone": "P", "down": "D", "routed": "R", "blast": "B",
          "pinned": "Pn", "moved": "m", "fired": "f", "activated": "A", "shaken": "Sh", "hidden": "H"}


#: the darker backing of state badges
BADGE_BACKING = (16, 16, 18, 215)


def badge(marker: str) -> str:
    """The short badge of a marker string such as ``"wounded:2"``."""
    name, _, val = marker.partition(":")
    short = BADGES.get(name, name[:2].capitalize())
    return f"{short}{val}" if val else short


def corners(f, camera: Camera) -> list[tuple[int, int]]:
    """Screen corners of a rectangular base."""
    hx, hy = math.cos(math.radians(f.heading)), math.sin(math.radians(f.heading))
    sx, sy = -hy, hx
    d, w = f.depth / 2, f.width / 2
    pts = [(f.x + hx * d + sx * w, f.y + hy * d + sy * w), (f.x + hx * d - sx * w, f.y + hy * d - sy * w),
           (f.x - hx * d - sx * w, f.y - hy * d - sy * w), (f.x - hx * d + sx * w, f.y - hy * d + sy * w)]
    return [camera.to_screen(*p) for p in pts]


def draw_figures(surface: pygame.Surface, camera: Camera, figures, palette: Palette, side_order=(),
                 selected: str | None = None, hovered: str | None = None, positions: dict | None = None,
                 labels: bool = True, groups: bool = True, placer: LabelPlacer | None = None,
                 memo: dict | None = None) -> list:
    """Draw every figure (culling those off screen). ``groups``: first join
    the members of each unit grouping (``Figure.group``: element, squadron,
    formation) with links in their side's colour.

    Bases (with their facing tick and selection ring) are drawn first, then
    the text over them on a dark backing, laid out by ``placer`` (a new one
    when None) so no two labels overlap: each name centred on its base (else
    just below, above or beside it), then the state badges under the bases,
    then altitudes. Every base is left as a soft obstacle in ``placer`` for
    labels placed after. ``memo``: see :func:`draw_figure_labels`. Returns
    the drawn ``(figure, centre, radius px)``."""
    vx, vy, vw, vh = camera.viewport
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(camera.viewport).clip(clip))
    members: dict[tuple[str, str], list] = {}
    placed = []
    for f in figures:
        if positions and f.id in positions:
            x, y = positions[f.id]
            f = _moved(f, x, y)
        c = camera.to_screen(f.x, f.y)
        if groups and f.group:
            members.setdefault((f.side, f.group), []).append((c, (f.x, f.y)))
        rr = max(f.radius, 0.5 * math.hypot(f.width, f.depth))
        r = max(3, int(camera.mm(rr)))
        if c[0] < vx - r or c[1] < vy - r or c[0] > vx + vw + r or c[1] > vy + vh + r:
            continue
        placed.append((f, c, r))
    for (side, _), mem in members.items():
        if len(mem) > 1:
            draw_group_links(surface, [m[0] for m in mem], shade(palette.side(side, side_order), 0.25),
                             (vx, vy, vw, vh), tuple(m[1] for m in mem))
    for f, c, r in placed:
        ring = 2 if f.id == selected else (1 if f.id == hovered else 0)
        if f.parts:
            draw_parts(surface, camera, f, palette.side(f.side, side_order), palette.select, ring)
            continue
        spr = _sprite(f, r, camera.scale, palette.side(f.side, side_order), palette.select, ring)
        surface.blit(spr, (c[0] - spr.get_width() // 2, c[1] - spr.get_height() // 2))
    if placer is None:
        placer = LabelPlacer(pygame.Rect(camera.viewport))
    draw_figure_labels(surface, placed, placer, labels, memo)
    surface.set_clip(clip)
    return placed


def draw_figure_labels(surface: pygame.Surface, placed, placer: LabelPlacer, names: bool = True,
                       memo: dict | None = None) -> None:
    """The names, badges and altitudes of the drawn figures (see
    :func:`draw_figures`). ``memo``: a dict kept between frames; the names'
    layout is reused while the bases and the labels placed before are the same."""
    if names:
        sig = [(f.label, c, r) for f, c, r in placed if f.label and r >= 7]
        pre = list(placer.rects)
        if memo is not None and memo.get("sig") == sig and memo.get("pre") == pre:
            for t, pos, rect, text in memo["out"]:
                surface.blit(t, pos)
                placer.rects.append(rect)
                placer.placed.append((text, rect))
        else:
            out = []
            for label, c, r in sig:
                t, ink = outlined_text(label, 11, (255, 255, 255))
                w, h = ink.size
                x, y = c[0] - w / 2, c[1] - h / 2
                rect = placer.place((w, h), [(x, y), (x, c[1] + r + 2), (x, c[1] - r - h - 2),
                                             (c[0] + r + 2, y), (c[0] - r - 2 - w, y)], text=label, clamp=False)
                pos = (rect.x - ink.x, rect.y - ink.y)
                surface.blit(t, pos)
                out.append((t, pos, rect, label))
            if memo is not None:
                memo.update(sig=sig, pre=pre, out=out)
    placer.avoid_later(lambda: [(c[0] - r, c[1] - r, 2 * r + 1, 2 * r + 1) for _, c, r in placed])
    for f, c, r in placed:
        if not f.markers and not f.altitude > 0:
            continue
        if f.markers and r >= 5:
            text = " ".join(badge(m) for m in f.markers)
            t, (w, h) = text_label(text, 10, (255, 240, 160))
            x = c[0] - w / 2
            rect = placer.place((w, h), [(x, c[1] + r + 1), (x, c[1] - r - h - 1), (c[0] + r + 2, c[1] - h / 2),
                                         (c[0] - r - 2 - w, c[1] - h / 2)], text=text)
            draw_label(surface, t, rect, BADGE_BACKING)
        if f.altitude > 0:
            text = f"^{f.altitude:g}"
            t, (w, h) = text_label(text, 10, (230, 230, 255))
            rect = placer.place((w, h), [(c[0] + r, c[1] - r - h), (c[0] - r - w, c[1] - r - h), (c[0] + r + 2, c[1])],
                                text=text)
            draw_label(surface, t, rect)


def part_corners(f) -> list[list[tuple[float, float]]]:
    """Table corners (mm) of each part of a unit figure (see ``Figure.parts``)."""
    hx, hy = math.cos(math.radians(f.heading)), math.sin(math.radians(f.heading))
    sx, sy = -hy, hx
    w, d = f.part_size[0] / 2, f.part_size[1] / 2
    out = []
    for a, b in f.parts:
        cx, cy = f.x + hx * a + sx * b, f.y + hy * a + sy * b
        out.append([(cx + hx * d - sx * w, cy + hy * d - sy * w), (cx + hx * d + sx * w, cy + hy * d + sy * w),
                    (cx - hx * d + sx * w, cy - hy * d + sy * w), (cx - hx * d - sx * w, cy - hy * d - sy * w)])
    return out


def draw_parts(surface: pygame.Surface, camera: Camera, f, col, sel_col, ring: int) -> None:
    """A unit of many figures: every base in the side's colour (marked parts, such as a
    wounded figure, lighter with their mark), a facing tick at the middle of the front edge,
    and for the selected or hovered unit the outline of the whole block."""
    edge = shade(col, -0.5)
    light = shade(col, 0.45)
    quads = part_corners(f)
    for k, q in enumerate(quads):
        pts = [camera.to_screen(x, y) for x, y in q]
        mark = f.part_marks[k] if k < len(f.part_marks) else ""
        pygame.draw.polygon(surface, light if mark else col, pts)
        pygame.draw.polygon(surface, edge, pts, 1)
    hx, hy = math.cos(math.radians(f.heading)), math.sin(math.radians(f.heading))
    front = max((a for a, _ in f.parts), default=0.0) + f.part_size[1] / 2
    fx, fy = f.x + hx * front, f.y + hy * front
    tip = camera.to_screen(fx + hx * max(f.part_size[1], 4.0), fy + hy * max(f.part_size[1], 4.0))
    pygame.draw.line(surface, (250, 250, 250), camera.to_screen(fx, fy), tip, 2)
    if ring:
        all_pts = [p for q in quads for p in q]
        ax = [(x - f.x) * hx + (y - f.y) * hy for x, y in all_pts]
        ay = [-(x - f.x) * hy + (y - f.y) * hx for x, y in all_pts]
        lo_a, hi_a, lo_b, hi_b = min(ax) - 2, max(ax) + 2, min(ay) - 2, max(ay) + 2
        box = [(f.x + hx * a - hy * b, f.y + hy * a + hx * b) for a, b in ((hi_a, lo_b), (hi_a, hi_b), (lo_a, hi_b), (lo_a, lo_b))]
        pygame.draw.polygon(surface, sel_col if ring == 2 else shade(sel_col, -0.3),
                            [camera.to_screen(x, y) for x, y in box], 2 if ring == 2 else 1)


def group_links(pts) -> list[tuple[int, int]]:
    """The links of a minimum spanning tree over ``pts`` (index pairs): the
    members of a group joined to their nearest neighbours, no loops."""
    n = len(pts)
    if n < 2:
        return []
    inf = float("inf")
    best = [inf] * n
    parent = [-1] * n
    done = [False] * n
    best[0] = 0.0
    out = []
    for _ in range(n):
        i = min((k for k in range(n) if not done[k]), key=best.__getitem__)
        done[i] = True
        if parent[i] >= 0:
            out.append((parent[i], i))
        xi, yi = pts[i]
        for k in range(n):
            if not done[k]:
                d = (pts[k][0] - xi) ** 2 + (pts[k][1] - yi) ** 2
                if d < best[k]:
                    best[k], parent[k] = d, i
    return out


_LINKS: dict = {}


def draw_group_links(surface: pygame.Surface, pts, colour, viewport, world=None) -> None:
    """Join one group's members (screen points) with 2 px links in ``colour``
    (skipped when every member is off screen). ``world``: the members' table
    points, to cache the links (they do not change with the camera)."""
    vx, vy, vw, vh = viewport
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    if max(xs) < vx or min(xs) > vx + vw or max(ys) < vy or min(ys) > vy + vh:
        return
    links = _LINKS.get(world) if world is not None else None
    if links is None:
        links = group_links(world if world is not None else pts)
        if world is not None:
            if len(_LINKS) > 2000:
                _LINKS.clear()
            _LINKS[world] = links
    for i, k in links:
        pygame.draw.line(surface, colour, pts[i], pts[k], 2)


_SPRITES: dict = {}


def _sprite(f, r: int, scale: float, col, sel_col, ring: int) -> pygame.Surface:
    """The base, facing tick and selection ring, pre-rendered and cached
    (the name is drawn over it afterwards, see :func:`draw_figure_labels`)."""
    key = (col, r, round(f.heading / 2) * 2, ring,
           (round(f.width * scale), round(f.depth * scale)) if f.radius <= 0 else None)
    spr = _SPRITES.get(key)
    if spr is not None:
        return spr
    if len(_SPRITES) > 4000:
        _SPRITES.clear()
    half = int(r * 1.3) + 6
    spr = pygame.Surface((2 * half + 1, 2 * half + 1), pygame.SRCALPHA)
    c = (half, half)
    heading = key[2]
    hx, hy = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    if key[4] is not None and key[4][0] > 0 and key[4][1] > 0:
        w, d = key[4][0] / 2, key[4][1] / 2
        sx, sy = -hy, hx
        pts = [(c[0] + hx * d + sx * w, c[1] + hy * d + sy * w), (c[0] + hx * d - sx * w, c[1] + hy * d - sy * w),
               (c[0] - hx * d - sx * w, c[1] - hy * d - sy * w), (c[0] - hx * d + sx * w, c[1] - hy * d + sy * w)]
        pygame.draw.polygon(spr, col, pts)
        pygame.draw.polygon(spr, shade(col, -0.5), pts, 1)
    else:
        pygame.draw.circle(spr, col, c, r)
        pygame.draw.circle(spr, shade(col, -0.55), c, r, 1)
    tip = (c[0] + hx * r * 1.25, c[1] + hy * r * 1.25)
    pygame.draw.line(spr, (250, 250, 250), (c[0] + hx * r * 0.3, c[1] + hy * r * 0.3), tip, 2 if r > 6 else 1)
    if ring == 2:
        pygame.draw.circle(spr, sel_col, c, r + 4, 2)
    elif ring == 1:
        pygame.draw.circle(spr, shade(sel_col, -0.3), c, r + 3, 1)
    _SPRITES[key] = spr
    return spr


def _moved(f, x: float, y: float):
    from dataclasses import replace

    return replace(f, x=x, y=y)


def figure_at(figures, x: float, y: float, slack: float = 2.0):
    """The figure whose base contains table point (x, y) mm, nearest first. A rectangular
    base (or a unit's block of parts) is its exact rectangle grown by ``slack`` mm."""
    best, bd = None, math.inf
    for f in figures:
        d = math.hypot(f.x - x, f.y - y)
        if f.radius <= 0 and f.width > 0 and f.depth > 0:
            h = math.radians(f.heading)
            a = (x - f.x) * math.cos(h) + (y - f.y) * math.sin(h)
            b = -(x - f.x) * math.sin(h) + (y - f.y) * math.cos(h)
            inside = abs(a) <= f.depth / 2 + slack and abs(b) <= f.width / 2 + slack
        else:
            inside = d <= max(f.radius, 0.5 * math.hypot(f.width, f.depth)) + slack
        if inside and d < bd:
            best, bd = f, d
    return best

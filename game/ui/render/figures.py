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
           (round(f.width * scale), round(f.depth * scale)) if f.radius <= 0 else None,
           tuple(getattr(f, "facing_arcs", ()) or ()))
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
    if key[5]:
        draw_facing_arcs(spr, c, r, heading, key[5], col)
    tip = (c[0] + hx * r * 1.25, c[1] + hy * r * 1.25)
    pygame.draw.line(spr, (250, 250, 250), (c[0] + hx * r * 0.3, c[1] + hy * r * 0.3), tip, 2 if r > 6 else 1)
    if ring == 2:
        pygame.draw.circle(spr, sel_col, c, r + 4, 2)
    elif ring == 1:
        pygame.draw.circle(spr, shade(sel_col, -0.3), c, r + 3, 1)
    _SPRITES[key] = spr
    return spr


def draw_facing_arcs(surface: pygame.Surface, c, r: float, heading: float, bounds, col, ghost: bool = False) -> None:
    """A model's facing arcs on its base (``Figure.facing_arcs``): the front arc
    (between the boundaries either side of the heading) lightened, and a tick
    across the rim at every boundary (degrees clockwise from the heading).
    ``ghost``: outline only, for a preview of where a move ends."""
    bounds = sorted(b % 360.0 for b in bounds)
    if not bounds:
        return
    lo = max((b for b in bounds if b > 180.0), default=bounds[-1]) - 360.0
    hi = min((b for b in bounds if b <= 180.0), default=bounds[0])
    n = max(3, int((hi - lo) / 10))
    wedge = [c] + [(c[0] + r * math.cos(math.radians(heading + lo + (hi - lo) * i / n)),
                    c[1] + r * math.sin(math.radians(heading + lo + (hi - lo) * i / n))) for i in range(n + 1)]
    if not ghost and r >= 5:
        pygame.draw.polygon(surface, shade(col, 0.35), wedge)
    width = 2 if r > 8 else 1
    tick = (240, 240, 240) if not ghost else shade(col, 0.5)
    for b in bounds:
        a = math.radians(heading + b)
        inner, outer = (r * (0.55 if not ghost else 0.8), r * (1.2 if not ghost else 1.35))
        pygame.draw.line(surface, tick, (c[0] + inner * math.cos(a), c[1] + inner * math.sin(a)),
                         (c[0] + outer * math.cos(a), c[1] + outer * math.sin(a)), width)


def _moved(f, x: float, y: float):
    from dataclasses import replace

    return replace(f, x=x, y=y)


def figure_at(figures, x: float, y: float, slack: float = 2.0):
    """The figure whose base contains table point (x, y) mm, nearest first."""
    best, bd = None, math.inf
    for f in figures:
        rr = max(f.radius, 0.5 * math.hypot(f.width, f.depth)) + slack
        d = math.hypot(f.x - x, f.y - y)
        if d <= rr and d < bd:
            best, bd = f, d
    return best

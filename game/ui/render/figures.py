"""Figures (models, ships, units) with their bases, facing, side colour,
state markers, group links and the selection ring. Drawn every frame from
``ruleset.figures(view)``; positions may be overridden by the animator."""

from __future__ import annotations

import math

import pygame

from game.ui import fonts
from game.ui.camera import Camera
from game.ui.palette import Palette, shade

#: short badge text for common state markers (others: first letters)
BADGES = {"wounded": "W", "suppressed": "S", "prone": "P", "down": "D", "routed": "R", "blast": "B",
          "pinned": "Pn", "moved": "m", "fired": "f", "activated": "A", "shaken": "Sh", "hidden": "H"}


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
                 labels: bool = True, groups: bool = True) -> None:
    """Draw every figure (culling those off screen). ``groups``: first join
    the members of each unit grouping (``Figure.group``: element, squadron,
    formation) with links in their side's colour."""
    vx, vy, vw, vh = camera.viewport
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(camera.viewport))
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
        spr = _sprite(f, r, camera.scale, palette.side(f.side, side_order), palette.select, ring, labels)
        surface.blit(spr, (c[0] - spr.get_width() // 2, c[1] - spr.get_height() // 2))
        if f.altitude > 0:
            surface.blit(fonts.text(f"^{f.altitude:g}", 10, (230, 230, 255)), (c[0] + r, c[1] - r - 6))
        if f.markers and r >= 5:
            s = fonts.text(" ".join(badge(m) for m in f.markers), 10, (255, 240, 160))
            bg = pygame.Rect(c[0] - s.get_width() // 2 - 2, c[1] + r + 1, s.get_width() + 4, s.get_height())
            pygame.draw.rect(surface, (20, 20, 20), bg)
            surface.blit(s, (bg.x + 2, bg.y))
    surface.set_clip(clip)


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


def _sprite(f, r: int, scale: float, col, sel_col, ring: int, labels: bool) -> pygame.Surface:
    """The base, facing tick, label and selection ring, pre-rendered and cached."""
    key = (col, r, round(f.heading / 2) * 2, f.label if labels and r >= 7 else "", ring,
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
    if key[5] is not None and key[5][0] > 0 and key[5][1] > 0:
        w, d = key[5][0] / 2, key[5][1] / 2
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
    if key[3]:
        t = fonts.text(key[3], 11, (255, 255, 255))
        spr.blit(t, (c[0] - t.get_width() // 2, c[1] - t.get_height() // 2))
    _SPRITES[key] = spr
    return spr


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

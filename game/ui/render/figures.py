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
                 labels: bool = True) -> None:
    """Draw every figure (culling those off screen)."""
    vx, vy, vw, vh = camera.viewport
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(camera.viewport))
    groups: dict[str, list[tuple[int, int]]] = {}
    placed = []
    for f in figures:
        if positions and f.id in positions:
            x, y = positions[f.id]
            f = _moved(f, x, y)
        c = camera.to_screen(f.x, f.y)
        rr = max(f.radius, 0.5 * math.hypot(f.width, f.depth))
        r = max(3, int(camera.mm(rr)))
        if c[0] < vx - r or c[1] < vy - r or c[0] > vx + vw + r or c[1] > vy + vh + r:
            continue
        placed.append((f, c, r))
        if f.group:
            groups.setdefault(f.group, []).append(c)
    for pts in groups.values():
        if len(pts) > 1:
            pygame.draw.lines(surface, (200, 200, 200), False, pts, 1)
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

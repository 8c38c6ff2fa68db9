"""Model tokens: how one figure's base is drawn (pre-rendered sprites).

The shape follows the base the rules give: a round base (a disc with a
facing wedge), a rectangular base (cavalry, elements, vehicles: the front
edge marked), and on a space table a ship on its flying stand (a hull
pointing along its heading over a translucent stand with the fire-arc
quadrant lines) or an ordnance marker (a torpedo salvo, a wave of attack
craft). The side's colour fills the token; a model that has acted is drawn
paler.

States are told apart by shape as well as colour, so the colour-blind
palette keeps them distinct: selected = a solid ring, the model
mid-activation = a dashed ring, a model that may still act = a small
filled triangle above its right shoulder, hovered = a thin ring.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from game.ui.marker_vocab import split
from game.ui.palette import shade

#: token shapes
ROUND, RECT, SHIP, TORPEDO, CRAFT = "round", "rect", "ship", "torpedo", "craft"
#: ship hull outline (unit: the stand's radius; +x forward)
HULL = np.array([(1.32, 0.0), (0.62, 0.2), (0.15, 0.34), (-0.52, 0.36), (-0.74, 0.22), (-0.74, -0.22), (-0.52, -0.36),
                 (0.15, -0.34), (0.62, -0.2)])
TORPEDO_SHAPE = np.array([(1.3, 0.0), (-0.8, 0.42), (-0.45, 0.0), (-0.8, -0.42)])
CRAFT_SHAPE = np.array([(0.5, 0.0), (-0.35, 0.32), (-0.15, 0.0), (-0.35, -0.32)])
GREY = (150, 150, 150)
#: the smallest a ship model is drawn (px, its stand radius; the stand itself stays true to scale)
SHIP_MIN_PX = 8


def token_kind(f, table_style: str = "ground") -> str:
    """The token shape of a :class:`game.core.view.Figure`: ordnance by its
    marker (``torpedo:N``, ``fighter:N`` ...), a rectangle when the base has
    width and depth, a ship on a space table, else a round base."""
    names = {split(m)[0] for m in f.markers}
    if "torpedo" in names:
        return TORPEDO
    if names & {"fighter", "bomber", "assault_boat"}:
        return CRAFT
    if f.radius <= 0 and f.width > 0 and f.depth > 0:
        return RECT
    if table_style == "space":
        return SHIP
    return ROUND


def _rot(pts: np.ndarray, heading: float, scale: float, c) -> list[tuple[float, float]]:
    a = math.radians(heading)
    ca, sa = math.cos(a), math.sin(a)
    x, y = pts[:, 0] * scale, pts[:, 1] * scale
    return list(zip((c[0] + x * ca - y * sa).tolist(), (c[1] + x * sa + y * ca).tolist()))


def mix(a, b, t: float) -> tuple[int, int, int]:
    """``a`` moved a fraction ``t`` toward ``b``."""
    return tuple(int(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


def _dashed_circle(s, col, c, r: float, width: int, n: int = 10) -> None:
    for k in range(n):
        a0 = 2 * math.pi * k / n
        a1 = a0 + math.pi / n
        rect = pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r)
        pygame.draw.arc(s, col, rect, a0, a1, width)


_SPRITES: dict = {}


def sprite(kind: str, col, r: int, heading: float, wd: tuple[int, int] | None, states: tuple, sel_col, ready_col,
           hulk: bool = False, stands: tuple[str, ...] = ()) -> pygame.Surface:
    """The token of one figure, cached. ``r``: radius in px (for a
    rectangle, half its diagonal); ``wd``: a rectangle's (width, depth) px;
    ``states``: (selected, active, ready, hovered, acted); ``stands``: a
    rectangle drawn as stands one behind another (see
    :attr:`game.core.view.Figure.stands`)."""
    h2 = round(heading / 3) * 3
    key = (kind, tuple(col), r, h2, wd, states, tuple(sel_col), tuple(ready_col), hulk, stands)
    spr = _SPRITES.get(key)
    if spr is not None:
        return spr
    if len(_SPRITES) > 6000:
        _SPRITES.clear()
    selected, active, ready, hovered, acted = states
    half = int(max(r, SHIP_MIN_PX) * 1.5) + 8 if kind == SHIP else int(r * 1.45) + 7
    spr = pygame.Surface((2 * half + 1, 2 * half + 1), pygame.SRCALPHA)
    c = (half, half)
    body = mix(col, GREY, 0.55) if (acted or hulk) else tuple(col)
    rim = shade(body, -0.55)
    hx, hy = math.cos(math.radians(h2)), math.sin(math.radians(h2))
    if kind == RECT and wd is not None and stands:
        _stands(spr, c, wd, h2, body, rim, stands)
    elif kind == RECT and wd is not None:
        _rect(spr, c, wd, h2, body, rim)
    elif kind == SHIP:
        _ship(spr, c, r, h2, body, rim, hulk)
    elif kind in (TORPEDO, CRAFT):
        _ordnance(spr, c, r, h2, body, rim, kind)
    else:
        _round(spr, c, r, hx, hy, body, rim)
    ring_r = r + 3
    if hovered and not selected:
        pygame.draw.circle(spr, (230, 230, 230, 200), c, ring_r, 1)
    if selected:
        pygame.draw.circle(spr, (10, 10, 12, 220), c, ring_r + 2, 1)
        pygame.draw.circle(spr, sel_col, c, ring_r, 2)
    if active:
        _dashed_circle(spr, (250, 210, 80), c, ring_r + (4 if selected else 0), 2)
    if ready:
        a = math.radians(-50)
        p = (c[0] + math.cos(a) * (r + 4), c[1] + math.sin(a) * (r + 4))
        t = max(3, min(6, r // 2 + 1))
        tri = [(p[0], p[1] - t), (p[0] + t, p[1] + t * 0.7), (p[0] - t, p[1] + t * 0.7)]
        pygame.draw.polygon(spr, ready_col, tri)
        pygame.draw.polygon(spr, (12, 12, 14), tri, 1)
    _SPRITES[key] = spr
    return spr


def _round(s, c, r, hx, hy, body, rim) -> None:
    pygame.draw.circle(s, (0, 0, 0, 90), (c[0] + max(1, r // 6), c[1] + max(1, r // 5)), r)
    pygame.draw.circle(s, rim, c, r)
    inner = max(1, r - max(1, r // 6))
    pygame.draw.circle(s, body, c, inner)
    if r >= 6:  # a soft highlight toward the light (upper left)
        pygame.draw.circle(s, shade(body, 0.18), (c[0] - r * 0.2, c[1] - r * 0.22), max(1, int(inner * 0.62)))
        pygame.draw.circle(s, body, (c[0] + r * 0.08, c[1] + r * 0.08), max(1, int(inner * 0.6)))
    # the facing wedge: a pointer standing out of the front of the base
    w = math.radians(26)
    a = math.atan2(hy, hx)
    tip = (c[0] + hx * r * 1.42, c[1] + hy * r * 1.42)
    b1 = (c[0] + math.cos(a + w) * r * 0.78, c[1] + math.sin(a + w) * r * 0.78)
    b2 = (c[0] + math.cos(a - w) * r * 0.78, c[1] + math.sin(a - w) * r * 0.78)
    pygame.draw.polygon(s, (245, 245, 240), [tip, b1, b2])
    pygame.draw.polygon(s, (20, 20, 24), [tip, b1, b2], 1)


def _rect(s, c, wd, h, body, rim) -> None:
    w, d = wd[0] / 2, wd[1] / 2
    hx, hy = math.cos(math.radians(h)), math.sin(math.radians(h))
    sx, sy = -hy, hx
    pts = [(c[0] + hx * d + sx * w, c[1] + hy * d + sy * w), (c[0] + hx * d - sx * w, c[1] + hy * d - sy * w),
           (c[0] - hx * d - sx * w, c[1] - hy * d - sy * w), (c[0] - hx * d + sx * w, c[1] - hy * d + sy * w)]
    pygame.draw.polygon(s, (*body, 150), pts)
    pygame.draw.polygon(s, rim, pts, 2)
    pygame.draw.line(s, (245, 245, 240), pts[0], pts[1], 3)  # the front edge
    mid = ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)
    t = max(3, min(wd) * 0.25)
    tri = [(mid[0] + hx * t, mid[1] + hy * t), (mid[0] + sx * t * 0.8, mid[1] + sy * t * 0.8),
           (mid[0] - sx * t * 0.8, mid[1] - sy * t * 0.8)]
    pygame.draw.polygon(s, (245, 245, 240), tri)
    pygame.draw.polygon(s, (20, 20, 24), tri, 1)


def _stands(s, c, wd, h, body, rim, stands) -> None:
    """A rectangular base as ``len(stands)`` stands one behind another along
    its depth (front first): ``normal`` filled with a mark at its front edge,
    ``turned`` with the mark at its back edge (the stand faces about),
    ``blank`` dark and only outlined (an empty stand)."""
    w, d = wd[0] / 2, wd[1] / 2
    hx, hy = math.cos(math.radians(h)), math.sin(math.radians(h))
    sx, sy = -hy, hx
    step = 2 * d / len(stands)
    for k, kind in enumerate(stands):
        front, back = d - k * step, d - (k + 1) * step
        pts = [(c[0] + hx * front + sx * w, c[1] + hy * front + sy * w), (c[0] + hx * front - sx * w, c[1] + hy * front - sy * w),
               (c[0] + hx * back - sx * w, c[1] + hy * back - sy * w), (c[0] + hx * back + sx * w, c[1] + hy * back + sy * w)]
        if kind == "blank":
            pygame.draw.polygon(s, shade(body, -0.6), pts)
            pygame.draw.polygon(s, body, pts, 1)
            continue
        pygame.draw.polygon(s, body, pts)
        pygame.draw.polygon(s, rim, pts, 1)
        at = back + 0.2 * step if kind == "turned" else front - 0.2 * step
        mid = (c[0] + hx * at, c[1] + hy * at)
        pygame.draw.line(s, (245, 245, 240), (mid[0] + sx * w * 0.6, mid[1] + sy * w * 0.6),
                         (mid[0] - sx * w * 0.6, mid[1] - sy * w * 0.6), 2)


def _ship(s, c, r, h, body, rim, hulk) -> None:
    """The flying stand at its true radius ``r``; the model over it at least
    :data:`SHIP_MIN_PX` (ship models outgrow their stands, and the hull must
    read at fit-to-table zoom)."""
    pygame.draw.circle(s, (*body, 70), c, r)
    pygame.draw.circle(s, (*body, 200), c, r, 1)
    for q in (45, 135, 225, 315):  # the fire-arc quadrant lines
        a = math.radians(h + q)
        pygame.draw.line(s, (*shade(body, 0.3), 150), (c[0] + math.cos(a) * r * 0.6, c[1] + math.sin(a) * r * 0.6),
                         (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r), 1)
    k = max(r, SHIP_MIN_PX)
    hull = _rot(HULL, h, k, c)
    pygame.draw.polygon(s, (0, 0, 0, 90), [(x + 2, y + 2) for x, y in hull])
    pygame.draw.polygon(s, shade(body, 0.12), hull)
    pygame.draw.polygon(s, rim, hull, 1)
    spine = _rot(np.array([(1.05, 0.0), (-0.55, 0.0)]), h, k, c)
    pygame.draw.line(s, shade(body, 0.45), spine[0], spine[1], max(1, k // 8))
    if not hulk:
        for e in _rot(np.array([(-0.8, 0.14), (-0.8, -0.14)]), h, k, c):
            pygame.draw.circle(s, (255, 210, 130), e, max(1, k // 9))
    pygame.draw.circle(s, (16, 16, 20), c, max(1, k // 7))  # the stem


def _ordnance(s, c, r, h, body, rim, kind) -> None:
    if kind == TORPEDO:
        pts = _rot(TORPEDO_SHAPE, h, r, c)
        pygame.draw.polygon(s, body, pts)
        pygame.draw.polygon(s, (245, 245, 240), pts, 1)
        return
    for off in ((0.45, 0.0), (-0.25, 0.5), (-0.25, -0.5)):  # a wave of craft in a V
        pts = _rot(CRAFT_SHAPE + np.array(off), h, r, c)
        pygame.draw.polygon(s, body, pts)
        pygame.draw.polygon(s, (245, 245, 240), pts, 1)

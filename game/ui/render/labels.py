"""Label layout: a greedy placer that keeps the table's labels apart.

Every label drawn over the table (figure names and state badges, LoS
percentages, objective and marker labels, notes) asks a :class:`LabelPlacer`
for a spot: it tries the label's candidate positions in order (next to what
it names), shifted inside the placer's bounds, and keeps the first one that
overlaps no label placed before it (nor, on a first pass, any of the soft
obstacles: bases, other planets' wells). When every candidate is taken the
label is stacked below (then above) its first candidate. Text is drawn on a
translucent dark backing so it stays readable over facing ticks, rings and
sight lines.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import fonts

#: the backing behind label text (RGBA)
BACKING = (8, 10, 14, 170)
#: px of backing either side of the text
PAD = 2
#: how many rows a crowded label may be stacked away from its first spot
MAX_STACK = 40

#: ring candidate angles (deg, screen: y down): above right first, then the other diagonals, then the sides
RING_ANGLES = (-45.0, -135.0, 45.0, 135.0, -90.0, 90.0, 0.0, 180.0)


def rect_hits_circle(r: pygame.Rect, cx: float, cy: float, rad: float) -> bool:
    """True when rect ``r`` and the disc (cx, cy, rad) share any point."""
    nx = min(max(cx, r.left), r.right)
    ny = min(max(cy, r.top), r.bottom)
    return (nx - cx) ** 2 + (ny - cy) ** 2 < rad * rad


class LabelPlacer:
    """Greedy, first-free label layout for one frame (or one cached layer).

    Args:
        bounds: where labels should stay (the table's on-screen rect within
            the viewport); a label too big for it is kept inside ``outer``.
        outer: the hard limit (the viewport); default ``bounds``.
    """

    def __init__(self, bounds, outer=None) -> None:
        self.bounds = pygame.Rect(bounds)
        self.outer = pygame.Rect(outer) if outer is not None else pygame.Rect(self.bounds)
        self.rects: list[pygame.Rect] = []
        #: (text, rect) of every label placed (tests, debugging)
        self.placed: list[tuple[str, pygame.Rect]] = []
        self.soft_rects: list[pygame.Rect] = []
        self.soft_circles: list[tuple[float, float, float, object]] = []
        self._soft_later: list = []

    # -- obstacles ---------------------------------------------------------------------
    def occupy(self, rect, text: str = "") -> pygame.Rect:
        """Mark ``rect`` as taken by a label drawn elsewhere (e.g. a cached layer)."""
        r = pygame.Rect(rect)
        self.rects.append(r)
        self.placed.append((text, r))
        return r

    def avoid_rect(self, rect) -> None:
        """A soft obstacle: labels keep off it when they can (a base)."""
        self.soft_rects.append(pygame.Rect(rect))

    def avoid_later(self, make) -> None:
        """Soft obstacle rects made by ``make()`` only if a label ever asks
        (the bases: most frames place no label after them)."""
        self._soft_later.append(make)

    def _soft(self) -> list[pygame.Rect]:
        while self._soft_later:
            self.soft_rects.extend(pygame.Rect(r) for r in self._soft_later.pop()())
        return self.soft_rects

    def avoid_circle(self, cx: float, cy: float, rad: float, owner=None) -> None:
        """A soft round obstacle (a planet's well); ``owner``'s own labels may touch it."""
        self.soft_circles.append((float(cx), float(cy), float(rad), owner))

    # -- layout -------------------------------------------------------------------------
    def clamp(self, r: pygame.Rect) -> pygame.Rect:
        """``r`` shifted inward to lie inside the bounds (the outer limit when
        it is too big for them)."""
        area = self.bounds if r.width <= self.bounds.width and r.height <= self.bounds.height else self.outer
        return r.clamp(area)

    def free(self, r: pygame.Rect, soft: bool = True, owner=None) -> bool:
        """True when ``r`` (with a pixel to spare each side) overlaps no
        placed label (and, ``soft``, no soft obstacle)."""
        if r.inflate(2, 2).collidelist(self.rects) >= 0:
            return False
        if soft:
            if r.collidelist(self._soft()) >= 0:
                return False
            for cx, cy, rad, who in self.soft_circles:
                if who is not None and who == owner:
                    continue
                if rect_hits_circle(r, cx, cy, rad):
                    return False
        return True

    def place(self, size, candidates, text: str = "", owner=None, clamp: bool = True) -> pygame.Rect:
        """The first free spot for a label of ``size`` among ``candidates``
        (top-left corners, best first), taken and returned."""
        w, h = int(size[0]), int(size[1])
        first = None
        passes = (True, False) if (self.soft_rects or self.soft_circles or self._soft_later) else (False,)
        for soft in passes:
            for x, y in candidates:
                r = pygame.Rect(int(x), int(y), w, h)
                if clamp:
                    r = self.clamp(r)
                if first is None:
                    first = r
                if self.free(r, soft, owner):
                    return self.occupy(r, text)
        if first is None:
            first = self.clamp(pygame.Rect(self.bounds.x, self.bounds.y, w, h)) if clamp else pygame.Rect(0, 0, w, h)
        step = h + 1
        for k in range(1, MAX_STACK + 1):
            for dy in (k * step, -k * step):
                r = first.move(0, dy)
                if clamp:
                    r = self.clamp(r)
                if self.free(r, False):
                    return self.occupy(r, text)
        return self.occupy(first, text)  # pragma: no cover - a table full of labels

    # -- candidate sets -------------------------------------------------------------------
    @staticmethod
    def around_circle(cx: float, cy: float, rad: float, w: int, h: int, gap: int = 2, angles=RING_ANGLES) -> list:
        """Top-left corners that put a ``w`` x ``h`` label just outside the
        circle at each angle (first: above right of the ring)."""
        out = []
        for a in angles:
            ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
            px, py = cx + rad * ca, cy + rad * sa
            x = px + gap if ca > 0.3 else (px - w - gap if ca < -0.3 else px - w / 2)
            y = py - h - gap if sa < -0.3 else (py + gap if sa > 0.3 else py - h / 2)
            out.append((x, y))
        return out

    @staticmethod
    def along(a, b, w: int, h: int, ts=(0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8)) -> list:
        """Top-left corners centring a label on points of segment a-b, then
        beside them (for a sight-line percentage)."""
        ax, ay = float(a[0]), float(a[1])
        bx, by = float(b[0]), float(b[1])
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / n, dx / n  # the line's normal
        out = []
        for t in ts:
            mx, my = ax + dx * t, ay + dy * t
            out.append((mx - w / 2, my - h / 2))
        for t in ts[:3]:
            mx, my = ax + dx * t, ay + dy * t
            for s in (1, -1):
                off = s * (abs(nx) * (w / 2 + 3) + abs(ny) * (h / 2 + 3))
                out.append((mx + nx * off - w / 2, my + ny * off - h / 2))
        return out


def label_size(surf: pygame.Surface) -> tuple[int, int]:
    """The backed size of a rendered text surface."""
    return surf.get_width() + 2 * PAD, surf.get_height()


def draw_label(surface: pygame.Surface, text_surf: pygame.Surface, rect, backing=BACKING) -> None:
    """Blit ``text_surf`` into ``rect`` on a dark ``backing``: on a
    translucent layer the backing's pixels are set as they are; on the screen
    what lies under the label is darkened to about a third (ticks, rings and
    lines stay faintly visible, the text reads over them)."""
    r = pygame.Rect(rect)
    if backing is not None and backing[3] > 0:
        if surface.get_flags() & pygame.SRCALPHA:
            surface.fill(backing, r)
        else:
            k = 1.0 - backing[3] / 255.0
            surface.fill((int(255 * k) + backing[0], int(255 * k) + backing[1], int(255 * k) + backing[2]), r,
                         special_flags=pygame.BLEND_MULT)
    surface.blit(text_surf, (r.x + PAD, r.y))


def text_label(text: str, size: int = 12, colour=(235, 235, 230), bold: bool = False) -> tuple[pygame.Surface, tuple[int, int]]:
    """A rendered (cached) line and its backed size."""
    t = fonts.text(text, size, colour, bold)
    return t, label_size(t)


#: the outline around text drawn without a backing (names on bases)
OUTLINE = (12, 12, 16)


def outlined_text(text: str, size: int = 11, colour=(255, 255, 255), bold: bool = False):
    """``text`` with a 1 px dark outline (readable over a base, its facing
    tick and selection ring while the base's colour still shows) and the
    rect of its letters' ink within the surface: ``(surface, ink rect)``.
    Cached."""
    return _outlined(text, size, tuple(colour), bold, fonts._SCALE[0])


@lru_cache(maxsize=4096)
def _outlined(text: str, size: int, colour, bold: bool, _scale: float):
    t = fonts.font(size, bold).render(text, True, colour)
    o = fonts.font(size, bold).render(text, True, OUTLINE)
    w, h = t.get_size()
    s = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            if dx != 1 or dy != 1:
                s.blit(o, (dx, dy))
    s.blit(t, (1, 1))
    ink = t.get_bounding_rect().move(1, 1)
    if ink.width == 0:
        ink = pygame.Rect(1, 1, 1, 1)
    return s, ink

"""Label layout: a greedy placer that keeps the table's labels apart.

Every label drawn over the table (figure names and state badges, LoS
percentages, objective and marker labels, notes) asks a :class:`LabelPlacer`
for a spot: it tries the label's candidate positions in order (next to what
it names), shifted inside the placer's bounds, and keeps the first one that
overlaps no label placed before it (nor, on a first pass, any of the soft
obstacles: the boxes around bases, other planets' wells), and never
covers a hard obstacle: a drawn token (a model's base, a ship, a unit's
block; :meth:`LabelPlacer.block`) other than its own. When every candidate
is taken an optional label is hidden and a required one goes to the nearest
free spot to one of them (a row below or above, then aside), still off every
token and label. A label whose ``anchor`` (what it names) lies wholly out of
view is not drawn: nothing is labelled from across the table. Text is drawn on a
translucent dark backing so it stays readable over facing ticks, rings and
sight lines.

Labels never jump and never overprint: a label given a ``key`` keeps the
spot it had last frame (the placer's ``memory``) while that spot is still
one of its candidates and free, so nothing moves when nothing moved; an
``optional`` label with no free spot is hidden rather than drawn over
another. :func:`lay_out` places a frame's :class:`LabelReq` in order of
priority, so the less important ones give way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
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


def points_box(pts, rad: float = 0.0) -> pygame.Rect:
    """The screen box (px) around points ``pts`` grown by ``rad`` px each
    way (a ring: its centre and radius): a label's anchor."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0 = math.floor(min(xs) - rad), math.floor(min(ys) - rad)
    return pygame.Rect(x0, y0, math.ceil(max(xs) + rad) - x0 + 1, math.ceil(max(ys) + rad) - y0 + 1)


def rect_hits_polygon(r: pygame.Rect, pts) -> bool:
    """True when rect ``r`` and the convex polygon ``pts`` (screen px, in
    order) overlap by more than a touch (separating axes: the rect's two
    and each edge's normal; a gap or contact of up to half a pixel is clear)."""
    x0, y0, x1, y1 = r.left, r.top, r.right, r.bottom
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    if min(xs) >= x1 - 0.5 or max(xs) <= x0 + 0.5 or min(ys) >= y1 - 0.5 or max(ys) <= y0 + 0.5:
        return False
    box = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    n = len(pts)
    for i in range(n):
        ax, ay = pts[i]
        bx, by = pts[(i + 1) % n]
        nx, ny = ay - by, bx - ax
        ln = math.hypot(nx, ny)
        if ln < 1e-9:
            continue
        nx, ny = nx / ln, ny / ln
        pp = [px * nx + py * ny for px, py in pts]
        rp = [px * nx + py * ny for px, py in box]
        if min(pp) >= max(rp) - 0.5 or min(rp) >= max(pp) - 0.5:
            return False
    return True


def shape_hits(r: pygame.Rect, shape) -> bool:
    """Does label rect ``r`` cover part of a hard obstacle ``shape``:
    ``("circle", cx, cy, radius)`` or ``("poly", points)`` (convex, screen px)?"""
    if shape[0] == "circle":
        return rect_hits_circle(r, shape[1], shape[2], shape[3])
    return rect_hits_polygon(r, shape[1])


def shape_box(shape) -> pygame.Rect:
    """The screen box around a hard obstacle ``shape`` (see :func:`shape_hits`)."""
    if shape[0] == "circle":
        return points_box(((shape[1], shape[2]),), shape[3])
    return points_box(shape[1])


def anchor_gap(r: pygame.Rect, anchor: pygame.Rect) -> float:
    """Px between a label's rect and its anchor's box (0 when they touch)."""
    dx = max(anchor.left - r.right, r.left - anchor.right, 0)
    dy = max(anchor.top - r.bottom, r.top - anchor.bottom, 0)
    return math.hypot(dx, dy)


class LabelPlacer:
    """Greedy, first-free label layout for one frame (or one cached layer).

    Args:
        bounds: where labels should stay (the table's on-screen rect within
            the viewport); a label too big for it is kept inside ``outer``.
        outer: the hard limit (the viewport); default ``bounds``.
    """

    def __init__(self, bounds, outer=None, memory: dict | None = None) -> None:
        self.bounds = pygame.Rect(bounds)
        self.outer = pygame.Rect(outer) if outer is not None else pygame.Rect(self.bounds)
        self.rects: list[pygame.Rect] = []
        #: (text, rect) of every label placed (tests, debugging)
        self.placed: list[tuple[str, pygame.Rect]] = []
        #: key -> top-left of each keyed label last frame (kept while still free)
        self.memory = dict(memory or {})
        #: key -> top-left of each keyed label placed now (next frame's memory)
        self.positions: dict[str, tuple[int, int]] = {}
        self.soft_rects: list[pygame.Rect] = []
        self.soft_owners: list = []
        self.soft_circles: list[tuple[float, float, float, object]] = []
        self._soft_later: list = []
        #: hard obstacles (the drawn tokens): their boxes, shapes and owners
        self.hard_rects: list[pygame.Rect] = []
        self.hard_shapes: list = []
        self.hard_owners: list = []
        self._hard_later: list = []

    # -- obstacles ---------------------------------------------------------------------
    def occupy(self, rect, text: str = "") -> pygame.Rect:
        """Mark ``rect`` as taken by a label drawn elsewhere (e.g. a cached layer)."""
        r = pygame.Rect(rect)
        self.rects.append(r)
        self.placed.append((text, r))
        return r

    def avoid_rect(self, rect, owner=None) -> None:
        """A soft obstacle: labels keep off it when they can (a base);
        ``owner``'s own labels may lie on it."""
        self._soft()
        self.soft_rects.append(pygame.Rect(rect))
        self.soft_owners.append(owner)

    def avoid_later(self, make) -> None:
        """Soft obstacle rects made by ``make()`` only if a label ever asks
        (the bases: most frames place no label after them)."""
        self._soft_later.append(make)

    def _soft(self) -> list[pygame.Rect]:
        while self._soft_later:
            for r in self._soft_later.pop()():
                owner = None
                if len(r) == 5:
                    owner, r = r[4], r[:4]
                self.soft_rects.append(pygame.Rect(r))
                self.soft_owners.append(owner)
        return self.soft_rects

    def block(self, shape, owner=None) -> None:
        """A hard obstacle: no label covers ``shape`` (``("circle", cx, cy,
        radius)`` or ``("poly", points)``, screen px; a drawn token) but
        ``owner``'s own (a name on its own base)."""
        self.hard_shapes.append(shape)
        self.hard_rects.append(shape_box(shape))
        self.hard_owners.append(owner)

    def block_later(self, make) -> None:
        """Hard obstacles ``(shape, owner)`` made by ``make()`` only if a label
        ever asks (most frames reuse the last layout)."""
        self._hard_later.append(make)

    def _hard(self) -> list[pygame.Rect]:
        while self._hard_later:
            for shape, owner in self._hard_later.pop()():
                self.block(shape, owner)
        return self.hard_rects

    def covers_token(self, r: pygame.Rect, owner=None) -> bool:
        """True when ``r`` covers part of a hard obstacle not ``owner``'s."""
        for i in r.collidelistall(self._hard()):
            if (owner is None or self.hard_owners[i] != owner) and shape_hits(r, self.hard_shapes[i]):
                return True
        return False

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
        placed label nor any token but ``owner``'s (and, ``soft``, no soft
        obstacle)."""
        if r.inflate(2, 2).collidelist(self.rects) >= 0:
            return False
        if self.covers_token(r, owner):
            return False
        if soft:
            hits = r.collidelistall(self._soft())
            if any(owner is None or self.soft_owners[i] != owner for i in hits):
                return False
            for cx, cy, rad, who in self.soft_circles:
                if who is not None and who == owner:
                    continue
                if rect_hits_circle(r, cx, cy, rad):
                    return False
        return True

    def take(self, r: pygame.Rect, text: str = "", key: str | None = None) -> pygame.Rect:
        """Occupy ``r`` for a label (remembered under ``key``)."""
        if key is not None:
            self.positions[key] = (r.x, r.y)
        return self.occupy(r, text)

    def place(self, size, candidates, text: str = "", owner=None, clamp: bool = True, key: str | None = None,
              optional: bool = False) -> pygame.Rect | None:
        """The spot for a label of ``size`` among ``candidates`` (top-left
        corners, best first), taken and returned: where the label ``key``
        was last frame when that is still a candidate and free, else the
        first free one (off soft obstacles if possible). None for an
        ``optional`` label when every candidate is taken (it is hidden);
        any other label then takes the free spot nearest one of its candidates.
        Without ``clamp`` a candidate is used where it is, or, when it hangs
        over the bounds' edge (a name on a base at the table's edge), shifted
        inside by at most the label's height; one further out is dropped (its
        owner lies off the table or out of the view)."""
        w, h = int(size[0]), int(size[1])
        rects = []
        for x, y in candidates:
            r = pygame.Rect(int(x), int(y), w, h)
            if clamp:
                rects.append(self.clamp(r))
            elif self.bounds.contains(r):
                rects.append(r)
            else:  # over the table's edge: nudged onto the table when that keeps it beside its owner
                c = self.clamp(r)
                if abs(c.x - r.x) + abs(c.y - r.y) <= h:
                    rects.append(c)
        if key is not None and key in self.memory:
            was = pygame.Rect(self.memory[key], (w, h))
            if was in rects and self.free(was, False, owner):
                return self.take(was, text, key)
        first = rects[0] if rects else None
        if first is None and not clamp:
            return None  # its owner is (partly) out of the view: no label
        passes = (True, False) if (self.soft_rects or self.soft_circles or self._soft_later) else (False,)
        for soft in passes:
            for r in rects:
                if self.free(r, soft, owner):
                    return self.take(r, text, key)
        if optional:
            return None
        if first is None:
            first = self.clamp(pygame.Rect(self.bounds.x, self.bounds.y, w, h)) if clamp else pygame.Rect(0, 0, w, h)
        for dx, dy in _near_offsets(w, h):  # the nearest free spot to one of its candidates
            for c in rects or [first]:
                r = c.move(dx, dy)
                if clamp:
                    r = self.clamp(r)
                if self.free(r, False, owner):
                    return self.take(r, text, key)
        return self.take(first, text, key)  # pragma: no cover - a table full of labels

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
    def along(a, b, w: int, h: int, ts=(0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.9)) -> list:
        """Top-left corners centring a label on points of segment a-b, then
        beside them (for a sight-line percentage; beside the middle first,
        then nearer the target's end ``b``), then a row further off to
        either side, then on past its end ``b``."""
        ax, ay = float(a[0]), float(a[1])
        bx, by = float(b[0]), float(b[1])
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / n, dx / n  # the line's normal
        out = []
        for t in ts:
            mx, my = ax + dx * t, ay + dy * t
            out.append((mx - w / 2, my - h / 2))
        for band in range(2):  # beside the line, then a row further off (clear of the bases at its ends)
            for t in ts[:3] + tuple(t for t in ts[3:] if t > 0.5):
                mx, my = ax + dx * t, ay + dy * t
                for s in (1, -1):
                    off = s * (abs(nx) * (w / 2 + 3) + abs(ny) * (h / 2 + 3) + band * (h + 1))
                    out.append((mx + nx * off - w / 2, my + ny * off - h / 2))
        ux, uy = dx / n, dy / n
        for extra in (8, 16):  # last, on past the target's end (not the viewer's: every line starts there)
            d = abs(ux) * w / 2 + abs(uy) * h / 2 + extra
            out.append((bx + ux * d - w / 2, by + uy * d - h / 2))
        return out


@lru_cache(maxsize=256)
def _near_offsets(w: int, h: int) -> tuple:
    """Shifts (px) for a crowded required label, nearest first: rows of its
    own height up and down, half and whole widths across, out to
    ``MAX_STACK`` rows (below before above, straight before aside)."""
    out = []
    for k in range(-MAX_STACK, MAX_STACK + 1):
        for j in (0, 1, -1, 2, -2):
            if k or j:
                dx, dy = j * (w // 2 + 2), k * (h + 1)
                out.append((math.hypot(dx, dy), k < 0, abs(j), j < 0, (dx, dy)))
    return tuple(o[-1] for o in sorted(out))


@dataclass
class LabelReq:
    """One label a frame wants drawn: its rendered surface, where it may go
    (top-left corners of ``ink``, best first), how much it matters."""

    key: str  #: stable identity across frames ("fig:reyes:name")
    surf: pygame.Surface
    candidates: list
    priority: int = 50  #: higher first
    optional: bool = True  #: hidden (not drawn) when it finds no free spot
    owner: object = None  #: may lie on its owner's soft obstacle (its own base)
    clamp: bool = True
    text: str = ""  #: what it says (tests and the placer's record)
    ink: pygame.Rect | None = None  #: the part of ``surf`` that must not overlap (default: all of it)
    rect: pygame.Rect | None = field(default=None, compare=False)  #: where it went (after lay_out)
    #: the screen box of what it names (a base, a ring, a line); None: nothing (a note, the legend)
    anchor: pygame.Rect | None = field(default=None, compare=False)
    #: the key of the label these words go with (a ship's order and state words with its name): placed
    #: just under that label, else just above it (left or right edges in line), never elsewhere;
    #: hidden when that label is not drawn or has no free row beside it
    follows: str | None = None

    @property
    def size(self) -> tuple[int, int]:
        return self.ink.size if self.ink is not None else self.surf.get_size()


def lay_out(reqs, placer: LabelPlacer) -> list[LabelReq]:
    """Place ``reqs`` most important first (stable for equal priority);
    returns those that found a spot, with ``rect`` set (none whose anchor
    lies wholly outside the placer's ``outer`` rect)."""
    out = []
    laid: dict[str, LabelReq] = {}
    for q in sorted(reqs, key=lambda q: -q.priority):
        if q.anchor is not None and not q.anchor.colliderect(placer.outer):
            continue  # what it names is out of view
        cands = q.candidates
        if q.follows is not None:
            lead = laid.get(q.follows)
            if lead is None:
                continue  # the label it goes with is not drawn: nor are these words
            cands = follower_spots(lead.rect, *q.size)
        q.rect = placer.place(q.size, cands, text=q.text, owner=q.owner, clamp=q.clamp, key=q.key,
                              optional=q.optional or q.follows is not None)
        if q.rect is not None:
            if q.follows is not None and q.anchor is not None:
                q.anchor = q.anchor.union(laid[q.follows].rect)  # it names what its lead names, through it
            laid[q.key] = q
            out.append(q)
    return out


def follower_spots(lead: pygame.Rect, w: int, h: int) -> list[tuple[int, int]]:
    """Top-left corners putting a ``w`` x ``h`` label in the row just under
    ``lead`` (a placed label), then just over it; left edges in line, then
    right edges (so the two read as one block, not as words between two
    neighbours)."""
    below, above = lead.bottom + 1, lead.top - h - 1
    return [(lead.left, below), (lead.left, above), (lead.right - w, below), (lead.right - w, above)]


def draw_placed(surface: pygame.Surface, placed) -> None:
    """Blit laid-out labels (their ink at their rect), in one call."""
    surface.blits([(q.surf, (q.rect.x - q.ink.x, q.rect.y - q.ink.y) if q.ink is not None else q.rect.topleft)
                   for q in placed], doreturn=False)


@lru_cache(maxsize=4096)
def _tag(text: str, size: int, colour, stripe, _scale: float) -> pygame.Surface:
    t = fonts.text(text, size, colour)
    w, h = t.get_width() + 2 * PAD + (4 if stripe else 0), t.get_height()
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, BACKING, s.get_rect(), border_radius=3)
    if stripe:
        pygame.draw.rect(s, (*stripe, 255), pygame.Rect(0, 1, 3, h - 2), border_radius=1)
    s.blit(t, (PAD + (4 if stripe else 0), 0))
    return s


def tag(text: str, size: int = 12, colour=(235, 235, 230), stripe=None) -> pygame.Surface:
    """A label on its own rounded dark backing, with a coloured stripe at
    its left (a side's colour) when ``stripe`` is given. Cached."""
    return _tag(text, int(size), tuple(colour), tuple(stripe) if stripe else None, fonts._SCALE[0])


def zoom_size(base: int, camera) -> int:
    """A label's font size at the camera's zoom: ``base`` at fit-to-table,
    up to 4 px larger zoomed in (never smaller)."""
    fit = getattr(camera, "fit_scale", camera.scale) or camera.scale
    z = max(1.0, camera.scale / fit)
    return int(base + min(4.0, 2.2 * math.log2(z)))


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

"""The table as Foxhole's rules read it: terrain types at a point, along a
path and between two points, element footprints, and the sight blockers.

Terrain Types (Foxhole, Playing Area and Terrain): every map feature has one
of the kinds ``open``, ``normal``, ``dense``, ``buildings``, ``impassable``,
plus ``trenches`` (ours: dug positions, where elements are emplaced). A
point outside every feature is normal going. Where features overlap, the
kind ranked first in :data:`RANK` decides.

The per-map data (:class:`TableGeo`) is cached under the state's
``terrain_key`` (a digest of the terrain itself), so a cache never carries
one battle into another.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box
from shapely.strtree import STRtree

from game.core.caches import PerThread
from game.geometry.contact import base_gap, base_overlap
from game.geometry.shadows import Prism
from game.geometry.shapes import Base

from .state import Element, FoxState, TerrainRec
from .tables import TABLES

B = TABLES.bases
KINDS = ("open", "normal", "dense", "buildings", "impassable", "trenches")
#: where features overlap, the first kind listed wins
RANK = ("impassable", "buildings", "trenches", "dense", "open", "normal")
#: kinds that move as dense terrain (ours: built-up areas are slow going too)
SLOW = frozenset({"dense", "buildings"})
#: kinds where an element is emplaced (Ranged Attacks: trenches, bunkers or buildings)
EMPLACED = frozenset({"buildings", "trenches"})
EPS = 1e-7


def grid_ref(x: float, y: float, table: tuple[float, float] | None = None) -> str:
    """The reference square of a point (Table Grid): letters A, B, C... along x,
    numbers 1, 2, 3... along y, squares of ``grid.square_mm`` (``"C4"``)."""
    g = TABLES.grid.square_mm
    col = max(0, int(x // g))
    row = max(0, int(y // g))
    if table is not None:
        col = min(col, max(0, math.ceil(table[0] / g) - 1))
        row = min(row, max(0, math.ceil(table[1] / g) - 1))
    letters = ""
    n = col
    while True:
        letters = chr(65 + n % 26) + letters
        n = n // 26 - 1
        if n < 0:
            break
    return f"{letters}{row + 1}"


#: words for a place's going when no named feature stands there
GOING_WORDS = {"buildings": "buildings", "trenches": "trenches", "dense": "dense terrain", "open": "open ground",
               "impassable": "impassable ground"}


def place_words(s: FoxState, x: float, y: float, at: str = "in") -> str:
    """Where (x, y) mm is, as a player reads it: "in the command bunkers
    (D4)" (the named feature there that gives the best cover, Terrain Types),
    else "in open ground (B2)" by its going, else "in B2" (Table Grid);
    ``at`` is the word before it ("to" after a move)."""
    g = geo_of(s)
    grid = grid_ref(x, y, tuple(s.table))
    idx = [i for i in g.features_at(x, y) if g.recs[i].kind in RANK]
    if not idx:
        return f"{at} {grid}"
    i = min(idx, key=lambda k: (RANK.index(g.recs[k].kind), k))
    r = g.recs[i]
    if r.name and r.name != r.kind:
        return f"{at} the {r.name} ({grid})"
    return f"{at} {GOING_WORDS.get(r.kind, r.kind)} ({grid})"


def footprint(e: Element) -> Base:
    """The element's base: 30 mm square, or 60 x 15 mm along its heading in
    extended formation (Figure basing), its long side along ``heading``."""
    if e.formation == "extended":
        return Base.rect(e.x, e.y, B.extended_depth_mm, B.extended_width_mm, e.heading)
    return Base.rect(e.x, e.y, B.square_mm, B.square_mm, 0.0)


def footprint_at(e: Element, x: float, y: float, formation: str | None = None, heading: float | None = None) -> Base:
    """The element's base if it stood at (x, y) in ``formation`` (default: its own)."""
    return footprint(e.model_copy(update={"x": x, "y": y, "formation": formation or e.formation,
                                          "heading": e.heading if heading is None else heading}))


def _axis(b: Base) -> bool:
    return b.heading % 90.0 == 0.0


def _half(b: Base) -> tuple[float, float]:
    """Half extents along x and y of an axis-aligned rectangle."""
    if b.heading % 180.0 == 0.0:
        return b.depth / 2, b.width / 2
    return b.width / 2, b.depth / 2


def base_gap_fast(a: Base, b: Base) -> float:
    """:func:`game.geometry.contact.base_gap`, exact, with a closed form for
    axis-aligned rectangles (the usual case: elements in normal formation)."""
    if _axis(a) and _axis(b):
        (ax, ay), (bx, by) = _half(a), _half(b)
        gx = max(0.0, abs(a.x - b.x) - ax - bx)
        gy = max(0.0, abs(a.y - b.y) - ay - by)
        return math.hypot(gx, gy)
    return base_gap(a, b)


def _corners(b: Base) -> list[tuple[float, float]]:
    hx, hy = math.cos(math.radians(b.heading)), math.sin(math.radians(b.heading))
    sx, sy = -hy, hx
    d, w = b.depth / 2, b.width / 2
    return [(b.x + hx * d + sx * w, b.y + hy * d + sy * w), (b.x + hx * d - sx * w, b.y + hy * d - sy * w),
            (b.x - hx * d - sx * w, b.y - hy * d - sy * w), (b.x - hx * d + sx * w, b.y - hy * d + sy * w)]


def base_overlap_fast(a: Base, b: Base) -> float:
    """:func:`game.geometry.contact.base_overlap` (the least projection overlap
    over the four separating axes of two rectangles), in plain floats."""
    if _axis(a) and _axis(b):
        (ax, ay), (bx, by) = _half(a), _half(b)
        ox = ax + bx - abs(a.x - b.x)
        oy = ay + by - abs(a.y - b.y)
        return max(0.0, min(ox, oy)) if ox > 0 and oy > 0 else 0.0
    ca, cb = _corners(a), _corners(b)
    depth = math.inf
    for corners in (ca, cb):
        for k in (0, 1):
            ex, ey = corners[k + 1][0] - corners[k][0], corners[k + 1][1] - corners[k][1]
            n = math.hypot(ex, ey)
            nx, ny = -ey / n, ex / n
            pa = [px * nx + py * ny for px, py in ca]
            pb = [px * nx + py * ny for px, py in cb]
            depth = min(depth, min(max(pa), max(pb)) - max(min(pa), min(pb)))
            if depth <= 0:
                return 0.0
    return depth


def gap(a: Element, b: Element) -> float:
    """Edge-to-edge gap between two elements' bases (mm, exact)."""
    return base_gap_fast(footprint(a), footprint(b))


def in_contact(a: Element, b: Element) -> bool:
    """Base-to-base contact (Close Assaults), within ``bases.contact_mm``."""
    return gap(a, b) <= B.contact_mm + EPS


def overlaps(a: Base, b: Base) -> bool:
    """Two bases overlap by more than rounding (touching is allowed)."""
    if abs(a.x - b.x) > 70 or abs(a.y - b.y) > 70:
        return False
    return base_overlap_fast(a, b) > 0.01


def height(e: Element) -> float:
    """An element's height above the table for sight (mm, ours)."""
    return B.vehicle_height_mm if e.kind == "vehicle" else B.element_height_mm


@dataclass
class TableGeo:
    """The map's terrain for the rules (built once per terrain, see the module notes)."""

    table: tuple[float, float]
    recs: list[TerrainRec]
    polys: list[Polygon] = field(default_factory=list)
    cache: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.polys = [Polygon(r.ring, r.holes) for r in self.recs]
        self.tree = STRtree(self.polys) if self.polys else None
        self.by_kind: dict[str, list[int]] = {}
        for i, r in enumerate(self.recs):
            self.by_kind.setdefault(r.kind, []).append(i)
        self.prisms = {r.id: Prism(r.id, self.polys[i], r.height, 0.0, r.name or r.kind, r.kind)
                       for i, r in enumerate(self.recs) if r.blocks and r.height > 0}
        self.blocker_ids = [i for i, r in enumerate(self.recs) if r.blocks and r.height > 0]
        self.bounds = [p.bounds for p in self.polys]
        for p in self.polys:
            shapely.prepare(p)

    @cached_property
    def unions(self) -> dict[str, object]:
        """Union of the features of each kind."""
        return {k: shapely.union_all([self.polys[i] for i in idx]) for k, idx in self.by_kind.items()}

    @cached_property
    def slow(self):
        """Union of the features that move as dense terrain."""
        parts = [self.unions[k] for k in SLOW if k in self.unions]
        return shapely.union_all(parts) if parts else Polygon()

    def kind_at(self, x: float, y: float) -> str:
        """The terrain type at a point (see the module notes)."""
        key = ("kind", round(x, 3), round(y, 3))
        got = self.cache.get(key)
        if got is not None:
            return got
        kinds = set()
        if self.tree is not None:
            pt = Point(x, y)
            for i in self.tree.query(pt, predicate="intersects"):
                kinds.add(self.recs[int(i)].kind)
        got = next((k for k in RANK if k in kinds), "normal")
        if len(self.cache) > 100_000:
            self.cache.clear()
        self.cache[key] = got
        return got

    def features_at(self, x: float, y: float, kind: str | None = None) -> list[int]:
        """Indices of features containing the point (of ``kind``)."""
        if self.tree is None:
            return []
        idx = self.tree.query(Point(x, y), predicate="intersects")
        return sorted(int(i) for i in idx if kind is None or self.recs[int(i)].kind == kind)

    def crosses_kind(self, a: tuple[float, float], b: tuple[float, float], kinds: frozenset[str] | set[str]) -> bool:
        """The segment a-b meets a feature of one of ``kinds`` (ends included)."""
        if self.tree is None:
            return False
        line = LineString([a, b]) if a != b else Point(a)
        return any(self.recs[int(i)].kind in kinds for i in self.tree.query(line, predicate="intersects"))

    def lengths(self, pts: list[tuple[float, float]]) -> tuple[float, float]:
        """(length in slow terrain, total length) of the polyline ``pts`` (mm)."""
        if len(pts) < 2:
            return 0.0, 0.0
        line = LineString(pts)
        total = line.length
        slow = self.slow
        if slow.is_empty or not line.intersects(slow):
            return 0.0, total
        return line.intersection(slow).length, total

    def open_intervals(self, pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
        """Distance intervals along the polyline inside open ground, in order."""
        u = self.unions.get("open")
        if u is None or len(pts) < 2:
            return []
        line = LineString(pts)
        if not line.intersects(u):
            return []
        out = []
        for part in shapely.get_parts(line.intersection(u)):
            if part.geom_type == "LineString" and part.length > EPS:
                a, b = line.project(Point(part.coords[0])), line.project(Point(part.coords[-1]))
                out.append((min(a, b), max(a, b)))
        out.sort()
        merged: list[list[float]] = []
        for a, b in out:
            if merged and a <= merged[-1][1] + EPS:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        return [(a, b) for a, b in merged]

    def impassable_hits(self, pts: list[tuple[float, float]], crossings: list[Polygon]) -> list[int]:
        """Impassable features the centre's path enters outside the pioneers' routes."""
        idx = self.by_kind.get("impassable", [])
        if not idx or len(pts) < 2:
            return []
        line = LineString(pts)
        out = []
        for i in idx:
            p = self.polys[i]
            if not line.intersects(p):
                continue
            inside = line.intersection(p)
            if inside.length <= EPS and not p.contains(Point(pts[0])):
                continue
            if crossings:
                rest = inside.difference(shapely.union_all(crossings).buffer(1e-6))
                if rest.length <= 1e-6:
                    continue
            out.append(i)
        return out

    def in_table(self, x: float, y: float, half: float) -> bool:
        """The centre keeps a base of half-size ``half`` on the table."""
        w, h = self.table
        return half - EPS <= x <= w - half + EPS and half - EPS <= y <= h - half + EPS

    @cached_property
    def table_box(self) -> Polygon:
        return box(0, 0, *self.table)


_GEO: PerThread = PerThread()  # one copy per thread: prepared geometry (game.core.caches)


def geo_of(s: FoxState) -> TableGeo:
    """The :class:`TableGeo` of the state's terrain (cached by its digest)."""
    g = _GEO.get(s.terrain_key)
    if g is None:
        if len(_GEO) > 16:
            _GEO.clear()
        g = TableGeo(tuple(s.table), s.terrain)
        _GEO[s.terrain_key] = g
    return g


def crossing_polys(s: FoxState) -> list[Polygon]:
    """The open pioneer routes as polygons (Pioneers)."""
    return [Polygon(c.ring) for c in s.crossings]


def emplaced(s: FoxState, e: Element) -> bool:
    """In trenches, bunkers or buildings (Ranged Attacks - Situation): dug in
    from the start, or its centre in buildings or trenches."""
    return e.dug_in or geo_of(s).kind_at(e.x, e.y) in EMPLACED


def points_array(pts) -> np.ndarray:
    return np.asarray(pts, dtype=float)

"""Table geometry of the WW2 trench skirmish: the battlefield's surface,
its holes (trenches, craters), the sight prisms and movement checks.

The world in 2.5D (mm): the battlefield surface (no man's land, the ground
between the trenches) stands ``ground_level_mm`` (20 mm, ours) above the
table. A trench or crater is a hole in that surface whose floor lies its
depth below it (a full trench: the table itself). The surface around the
holes is one sight prism (the "ground": the table minus every hole, 0 to
20 mm), so a model on a trench floor is hidden by the trench walls exactly as
the shadow casting of :mod:`game.geometry.shadows` finds, and a model on the
surface sees over them. A hole shallower than the ground level gets a floor
prism. Every other feature stands on the surface: its prism reaches from
the table to the surface plus its height. Hills are raised surfaces.

Built once per map and set of barricades (:func:`geo_of`); nothing here
depends on the models, so it may outlive a battle.
"""

from __future__ import annotations

import math
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

from game.core.caches import PerThread
from game.geometry.contact import disc_entry, sweep_polygon
from game.geometry.movement import path_cost
from game.geometry.shadows import Prism, PrismSet
from game.geometry.terrain import TerrainPiece

from .catalogue import DATA, T
from .state import Feat, WWState

#: the battlefield surface above the table, mm
GROUND = float(T.table.ground_level_mm)


class TableGeo:
    """Geometry of one table and its barricades (see the module notes).

    Attributes:
        holes: (feature, polygon, floor height mm) of every trench and crater.
        prisms: the sight prisms by id (ground, floors, features).
        cover_class: prism id -> "light" / "heavy" / "none" (its kind's list).
        solid: ids of prisms that block sight (the rest are see-through).
        fog: fog bank polygons.
    """

    def __init__(self, features: list[Feat], table: tuple[float, float]) -> None:
        self.table = (float(table[0]), float(table[1]))
        self.feats = {f.id: f for f in features}
        self.polys = {f.id: Polygon(f.exterior, f.holes) for f in features}
        self.kind = {f.id: DATA.kinds[f.kind] for f in features}
        self._bounds = {fid: p.bounds for fid, p in self.polys.items()}
        self._surfaces: dict[tuple[float, float], float] = {}
        self._finders: dict[float, object] = {}
        self.holes: list[tuple[Feat, Polygon, float]] = []
        for f in features:
            k = self.kind[f.id]
            if k.hole:
                depth = min(GROUND, f.depth if f.depth is not None else float(k.depth_mm))
                self.holes.append((f, self.polys[f.id], GROUND - depth))
        self.hole_union = unary_union([p for _, p, _ in self.holes]) if self.holes else Polygon()
        self._hole_tree = shapely.STRtree([p for _, p, _ in self.holes]) if self.holes else None
        self._hole_arr = np.array([p for _, p, _ in self.holes], dtype=object)
        for p in self._hole_arr:
            shapely.prepare(p)
        self._holes_at: dict = {}
        self.hills = [(f, self.polys[f.id]) for f in features if self.kind[f.id].elevation]
        self.fog = [self.polys[f.id] for f in features if self.kind[f.id].fog]
        prisms: list[Prism] = []
        self.cover_class: dict[str, str] = {}
        self.solid: set[str] = set()
        if self.holes:
            ground = box(0.0, 0.0, *self.table).difference(self.hole_union)
            prisms.append(Prism("ground", ground, GROUND, 0.0, "the trench and crater walls", "ground"))
            self.solid.add("ground")
            self.cover_class["ground"] = "by_hole"
            for f, p, floor in self.holes:
                if floor > 0:
                    pid = f"floor:{f.id}"
                    prisms.append(Prism(pid, p, floor, 0.0, f.name or self.kind[f.id].name, "floor"))
                    self.solid.add(pid)
                    self.cover_class[pid] = "by_hole"
        for f in features:
            k = self.kind[f.id]
            if k.hole or k.fog:
                continue
            height = f.height if f.height > 0 else k.default_height_mm
            if height <= 0:
                continue
            c = self.polys[f.id].representative_point()
            foot = self.surface(c.x, c.y, ignore=f.id)
            prisms.append(Prism(f.id, self.polys[f.id], foot + height, 0.0, f.name or k.name, f.kind))
            self.cover_class[f.id] = k.cover
            if k.solid:
                self.solid.add(f.id)
        self.prisms = {p.id: p for p in prisms}
        self.prism_set = PrismSet(prisms)
        imp = [self.polys[f.id] for f in features if self.kind[f.id].move == "impassable"]
        self.impassable = [TerrainPiece(f.id, self.polys[f.id], f.kind, tags=frozenset({"impassable"}))
                           for f in features if self.kind[f.id].move == "impassable"]
        self.imp_union = unary_union(imp) if imp else Polygon()
        self._imp_bounds = self.imp_union.bounds if imp else (0.0, 0.0, 0.0, 0.0)
        if imp:
            shapely.prepare(self.imp_union)
        self.difficult = [TerrainPiece(f.id, self.polys[f.id], f.kind, tags=frozenset({"difficult"}), move_cost=2.0)
                          for f in features if self.kind[f.id].move == "difficult"]
        self.wire = [TerrainPiece(f.id, self.polys[f.id], f.kind, tags=frozenset({"difficult"}),
                                  move_cost=float(T.wire.move_factor))
                     for f in features if self.kind[f.id].move == "wire"]
        #: sight results (:mod:`.sight`), keyed by every input besides the table
        self.cache: dict = {}
        #: trench polygons by owning side
        self.trenches: dict[str, Polygon] = {}
        for f, p, _ in self.holes:
            if f.kind == "trench" and f.owner:
                self.trenches[f.owner] = self.trenches[f.owner].union(p) if f.owner in self.trenches else p

    # -- surfaces --------------------------------------------------------------------
    def hole_at(self, x: float, y: float) -> tuple[Feat, float] | None:
        """The trench or crater whose hole holds the point (x, y), with its floor height; None on the surface."""
        if self._hole_tree is None:
            return None
        key = (x, y)
        got = self._holes_at.get(key, 0)
        if got != 0:
            return got
        hit = np.nonzero(shapely.intersects_xy(self._hole_arr, x, y))[0]
        got = (self.holes[int(hit[0])][0], self.holes[int(hit[0])][2]) if len(hit) else None
        if len(self._holes_at) > 50_000:
            self._holes_at.clear()
        self._holes_at[key] = got
        return got

    def surface(self, x: float, y: float, ignore: str | None = None) -> float:
        """Height (mm above the table) a model whose centre is at (x, y) stands on:
        a hill's top, a hole's floor, else the battlefield surface."""
        if ignore is None:
            got = self._surfaces.get((x, y))
            if got is None:
                if len(self._surfaces) > 50_000:
                    self._surfaces.clear()
                got = self._surfaces[(x, y)] = self.surface(x, y, "")
            return got
        pt = Point(x, y)
        best = None
        for f, p in self.hills:
            if f.id != ignore and p.intersects(pt):
                h = GROUND + (f.height if f.height > 0 else self.kind[f.id].default_height_mm)
                best = h if best is None else max(best, h)
        if best is not None:
            return best
        got = self.hole_at(x, y)
        return got[1] if got is not None else GROUND

    def in_fog(self, x: float, y: float) -> bool:
        """The point lies in a fog bank (Fog)."""
        pt = Point(x, y)
        return any(p.intersects(pt) for p in self.fog)

    def in_trench(self, x: float, y: float, owner: str | None = None) -> bool:
        """The point lies in a trench (of ``owner``, when given)."""
        got = self.hole_at(x, y)
        if got is None or got[0].kind != "trench":
            return False
        return owner is None or got[0].owner == owner

    def cover_piece_near(self, x: float, y: float, r: float, reach: float) -> str | None:
        """A cover-giving feature (light or heavy, not a hole) within ``reach``
        mm of a base of radius ``r`` at (x, y), or None (Get to Cover)."""
        pt = Point(x, y)
        for fid, p in self.polys.items():
            k = self.kind[fid]
            if k.hole or k.fog or k.cover == "none" or k.elevation:
                continue
            if p.distance(pt) <= r + reach:
                return fid
        return None

    # -- movement ----------------------------------------------------------------------
    def on_table(self, x: float, y: float, r: float) -> bool:
        """The whole base lies on the table."""
        w, h = self.table
        return r - 1e-6 <= x <= w - r + 1e-6 and r - 1e-6 <= y <= h - r + 1e-6

    def free(self, x: float, y: float, r: float) -> bool:
        """The base is on the table and outside impassable terrain."""
        if not self.on_table(x, y, r):
            return False
        if self.imp_union.is_empty:
            return True
        x0, y0, x1, y1 = self._imp_bounds
        if x < x0 - r or x > x1 + r or y < y0 - r or y > y1 + r:
            return True
        return self.imp_union.distance(Point(x, y)) >= r - 1e-6

    def blocked_at(self, x0: float, y0: float, x1: float, y1: float, r: float) -> float | None:
        """Distance (mm) along the straight move at which the base first touches
        impassable terrain, or None (exact sweep, :func:`contact.sweep_polygon`)."""
        if self.imp_union.is_empty or (x0, y0) == (x1, y1):
            return None
        line = LineString([(x0, y0), (x1, y1)])
        if self.imp_union.distance(line) >= r - 1e-6:
            return None
        best = None
        for p in self.impassable:
            d = sweep_polygon((x0, y0), (x1, y1), r, p.polygon)
            if d is not None and (best is None or d < best):
                best = d
        return best

    def extra_cost(self, x0: float, y0: float, x1: float, y1: float, difficult: bool = True) -> float:
        """Extra allowance (mm) a straight move of a base centre uses: wire
        (movement halved: each mm inside costs 2) and, when ``difficult``,
        medium terrain (each mm costs 2)."""
        pieces = list(self.wire) + (list(self.difficult) if difficult else [])
        if not pieces or (x0, y0) == (x1, y1):
            return 0.0
        bx0, by0, bx1, by1 = min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
        pieces = [p for p, (a, b, c, d) in zip(pieces, (self._bounds[p.id] for p in pieces))
                  if not (c < bx0 or a > bx1 or d < by0 or b > by1)]
        if not pieces:
            return 0.0
        line = LineString([(x0, y0), (x1, y1)])
        near = [p for p in pieces if p.polygon.intersects(line)]
        if not near:
            return 0.0
        c = path_cost([(x0, y0), (x1, y1)], near, 0.0)
        return c.cost - c.length

    def in_wire(self, x: float, y: float) -> str | None:
        """The wire the centre (x, y) stands in, or None (Barbed Wire)."""
        for p in self.wire:
            a, b, c, d = self._bounds[p.id]
            if a <= x <= c and b <= y <= d and shapely.intersects_xy(p.polygon, x, y):
                return p.id
        return None

    def finder(self, r: float):
        """Shortest paths for a base of radius ``r`` round impassable terrain and
        barbed wire (the agents' route planning; built once per radius)."""
        from game.geometry.paths import PathFinder
        got = self._finders.get(r)
        if got is None:
            obstacles = [p.polygon for p in self.impassable] + [p.polygon for p in self.wire]
            got = self._finders[r] = PathFinder(obstacles, r, self.table)
        return got

    @cached_property
    def trench_union(self) -> Polygon:
        """Every trench hole."""
        return unary_union(list(self.trenches.values())) if self.trenches else Polygon()


def first_base_contact(x0: float, y0: float, x1: float, y1: float, r: float, others) -> float | None:
    """Distance along the straight move of a disc of radius ``r`` at which it
    first touches one of ``others`` ((x, y, radius) discs), or None. Exact
    (:func:`contact.disc_entry`); a disc already touching is stopped only if it
    moves closer."""
    if not others or (x0, y0) == (x1, y1):
        return None
    bx0, by0, bx1, by1 = min(x0, x1) - r, min(y0, y1) - r, max(x0, x1) + r, max(y0, y1) + r
    others = [o for o in others if bx0 - o[2] <= o[0] <= bx1 + o[2] and by0 - o[2] <= o[1] <= by1 + o[2]]
    if not others:
        return None
    L = math.hypot(x1 - x0, y1 - y0)
    d = np.array([x1 - x0, y1 - y0], dtype=float)
    c = np.array([(o[0], o[1]) for o in others], dtype=float)
    reach = np.array([r + o[2] for o in others], dtype=float)
    t = disc_entry(np.array([x0, y0], dtype=float), d, c, reach, leave_free=True)
    t = t[np.isfinite(t)]
    return float(t.min()) * L if len(t) else None


_GEOS: PerThread = PerThread()  # one copy per thread: prepared geometry (game.core.caches)


def geo_of(s: WWState) -> TableGeo:
    """The :class:`TableGeo` of the state's table: cached by the map digest
    and the barricades set up (their kinds and outlines), never by ids alone."""
    got = s.memo().get("geo")
    if got is not None:
        return got
    extra = tuple((f.kind, tuple(map(tuple, f.exterior)), f.height) for f in s.features if f.id.startswith("barricade"))
    key = (s.map_sha, extra)
    g = _GEOS.get(key)
    if g is None:
        if len(_GEOS) > 32:
            _GEOS.clear()
        g = _GEOS[key] = TableGeo(s.features, s.table)
    s.memo()["geo"] = g
    return g

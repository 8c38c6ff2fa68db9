"""Table geometry for Battlespace: terrain pieces, movement and contact checks.

Built once per map and vehicle positions (:func:`geo_of`) on the shared
geometry layer: :class:`~game.geometry.index.TerrainIndex` of the pieces and
their sight prisms (used by the one sight adjudication, :mod:`.sight`),
:class:`~game.geometry.paths.PathFinder` for the enemies' shortest routes.
Everything here depends on the terrain alone, so it may outlive a battle; the
sight cache is keyed by every other input. Units: mm.
"""

from __future__ import annotations

import math
from functools import cached_property

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

from game.core.caches import PerThread
from game.geometry.contact import disc_entry_one, sweep_polygon
from game.geometry.index import TerrainIndex
from game.geometry.movement import SweepIndex
from game.geometry.paths import PathFinder
from game.geometry.shadows import Prism
from game.geometry.terrain import TerrainPiece

from .data import DATA, data
from .state import BSState, Feat, Fig

#: the base radius and contact tolerance, read once at import: the geometry's constants, which
#: a data override may not change (``data.SLOT`` lists them as fixed)
R = DATA.tables.base_radius_mm
TOL = DATA.tables.contact_tolerance_mm


class TableGeo:
    """Geometry of one map, shared by every state of a battle."""

    def __init__(self, terrain: list[Feat], table: tuple[float, float]) -> None:
        self.table = table
        self.feats = {f.id: f for f in terrain}
        pieces = [TerrainPiece(id=f.id, polygon=Polygon(f.exterior, f.holes), kind=f.kind, height=f.height,
                               tags=frozenset(f.tags)) for f in terrain]
        self.pieces = {p.id: p for p in pieces}
        self.index = TerrainIndex(pieces, table)
        self.imp = [p for p in pieces if p.has("impassable")]
        self.imp_union = unary_union([p.polygon for p in self.imp]) if self.imp else Polygon()
        shapely.prepare(self.imp_union)
        self.hind = [p for p in pieces if p.has("hindering")]
        self.elev = [p for p in pieces if p.has("elevation")]
        self.solid_cover = [p for p in pieces if p.has("blocks_sight") or p.has("cover")]
        #: sight prisms of the pieces that block sight, by id (Battlespace: Cover)
        self.prisms = {p.id: Prism(p.id, p.polygon, p.height, 0.0, self.feats[p.id].name or p.kind, p.kind)
                       for p in pieces if p.has("blocks_sight") and p.height > 0}
        #: sight verdicts (:mod:`.sight`), keyed by every input besides the terrain
        self.cache: dict = {}

    @cached_property
    def finder(self) -> PathFinder:
        """Shortest paths for a 25 mm base among impassable terrain."""
        return PathFinder(self.imp, R, self.table)

    @cached_property
    def sweeps(self) -> SweepIndex:
        """Exact first contact of a moving base with impassable terrain (a base
        touching a piece at the start may slide along it or move away)."""
        return SweepIndex(pieces=self.imp)

    def component_of(self, x: float, y: float) -> int | None:
        """The part of the table a base centred at (x, y) stands in (bases cannot
        pass between parts), or None when it cannot stand there."""
        loc = self.finder.space.locate((x, y))
        return None if isinstance(loc[0], str) else loc[1]

    def approach(self, x0: float, y0: float, x1: float, y1: float):
        """The shortest path (:class:`~game.geometry.paths.PathResult`) for a base
        from (x0, y0) to (x1, y1), or, when a base cannot stand at (x1, y1) (a
        model on a roof or in a vehicle), to the nearest point a base can reach
        from (x0, y0); ``found`` False when there is none."""
        path = self.finder.shortest_path((x0, y0), (x1, y1))
        if path.found:
            return path
        k = self.component_of(x0, y0)
        if k is None:
            return path
        comp = self.finder.space.components[k]
        q = shapely.shortest_line(Point(x1, y1), comp).coords[1]
        return self.finder.shortest_path((x0, y0), (float(q[0]), float(q[1])))

    def straight_stop(self, x0: float, y0: float, x1: float, y1: float, on: str | None = None) -> tuple[float, str | None]:
        """How far (mm) a base can go straight from (x0, y0) toward (x1, y1), and what
        stops it: the first touch of impassable terrain, or of hindering terrain it did
        not touch at the start (Hindering Terrain: the move ends on contact), the table
        edge (``"the table edge"``), or for a model on a roof ``on``, that roof's edge;
        (the whole length, None) when nothing does. Exact (swept contact)."""
        L = math.hypot(x1 - x0, y1 - y0)
        if L == 0:
            return 0.0, None
        best, by = L, None
        if on is not None:
            line = LineString([(x0, y0), (x1, y1)])
            inside = line.intersection(self.pieces[on].polygon)
            parts = [g for g in getattr(inside, "geoms", [inside]) if not g.is_empty and g.geom_type == "LineString"]
            here = [g for g in parts if g.distance(Point(x0, y0)) < 1e-6]
            far = max((line.project(Point(c)) for g in here for c in g.coords), default=0.0)
            if far < best - 1e-9:
                best, by = far, "the roof's edge"
            return best, by
        c = self.sweeps.first_contact((x0, y0), (x1, y1), R)
        if c.hit and c.distance < best:
            best, by = c.distance, c.id
        d, hid = self.hinder_first(x0, y0, x1, y1)
        if d < best:
            best, by = d, hid
        w, h = self.table
        ux, uy = (x1 - x0) / L, (y1 - y0) / L
        for u, p, lo, hi in ((ux, x0, R, w - R), (uy, y0, R, h - R)):
            if u > 0 and p + u * best > hi:
                best, by = max(0.0, (hi - p) / u), "the table edge"
            elif u < 0 and p + u * best < lo:
                best, by = max(0.0, (lo - p) / u), "the table edge"
        return best, by

    def piece_index(self, fid: str) -> int:
        return self.index.index_of(fid)

    # -- contact ---------------------------------------------------------
    def touching(self, x: float, y: float, pieces, extra: float = 0.0) -> list[TerrainPiece]:
        """Pieces within base contact of a base centred at (x, y)."""
        p = Point(x, y)
        return [q for q in pieces if q.polygon.distance(p) <= R + TOL + extra]

    def in_solid_contact(self, f: Fig) -> bool:
        return bool(self.touching(f.x, f.y, self.solid_cover))

    # -- movement --------------------------------------------------------
    def path_clear(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """A base may slide straight from (x0, y0) to (x1, y1) without entering impassable terrain."""
        if self.imp_union.is_empty:
            return True
        g = Point(x1, y1) if (x0, y0) == (x1, y1) else LineString([(x0, y0), (x1, y1)])
        return self.imp_union.distance(g) >= R - TOL

    def point_free(self, x: float, y: float) -> bool:
        w, h = self.table
        if not (R - 0.01 <= x <= w - R + 0.01 and R - 0.01 <= y <= h - R + 0.01):
            return False
        return self.imp_union.is_empty or self.imp_union.distance(Point(x, y)) >= R - TOL

    def hinder_stop(self, x0: float, y0: float, x1: float, y1: float, ignore=()) -> float:
        """Distance (mm) along the move at which the base first touches hindering
        terrain it did not touch at the start (within the contact tolerance), nor
        listed in ``ignore`` (inf: never). Exact: ``contact.sweep_polygon``
        (Battlespace: Movement, hindering terrain ends a move on contact)."""
        return self.hinder_first(x0, y0, x1, y1, ignore)[0]

    def hinder_first(self, x0: float, y0: float, x1: float, y1: float, ignore=()) -> tuple[float, str | None]:
        """:meth:`hinder_stop` and the id of the hindering piece touched (None: never)."""
        best, by = math.inf, None
        if (x0, y0) == (x1, y1):
            return best, by
        start = Point(x0, y0)
        for p in self.hind:
            if p.id in ignore:
                continue
            d = sweep_polygon((x0, y0), (x1, y1), R, p.polygon)
            if d is not None and d < best and p.polygon.distance(start) > R + TOL:
                best, by = d, p.id
        return best, by

    def in_hindering(self, x: float, y: float) -> bool:
        return bool(self.touching(x, y, self.hind))

    def roof_of(self, fid: str) -> Polygon:
        return self.pieces[fid].polygon


def geo_of(state: BSState) -> TableGeo:
    """The :class:`TableGeo` of the state's map (cached by map digest and by where
    the vehicles that have driven stand)."""
    key = state.map_sha
    moved = tuple((v.id, v.dx, v.dy) for v in state.vehicles.values() if v.dx or v.dy)
    if moved:
        key = f"{key}:{moved}"
    g = _GEOS.get(key)
    if g is None:
        if len(_GEOS) > 16:
            _GEOS.clear()
        g = _GEOS[key] = TableGeo(state.terrain, state.table)
    return g


_GEOS: PerThread = PerThread()  # one copy per thread: prepared geometry (game.core.caches)


def edge_distance(a: Fig, b: Fig) -> float:
    """Base edge to base edge (mm); models in the same vehicle are 0 apart."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - 2 * R)


def in_contact(a: Fig, b: Fig) -> bool:
    return a.vehicle is None and b.vehicle is None and edge_distance(a, b) <= TOL


def fits_card(points: list[tuple[float, float]]) -> bool:
    """Whether 25 mm bases centred on ``points`` fit together inside one 63 x 88 mm card,
    turned to any angle (tried every degree)."""
    if not points:
        return True
    for deg in range(0, 180):
        c, sn = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        us = [x * c + y * sn for x, y in points]
        vs = [-x * sn + y * c for x, y in points]
        du, dv = max(us) - min(us) + 2 * R, max(vs) - min(vs) + 2 * R
        if du <= data().tables.card.short_mm + 0.01 and dv <= data().tables.card.long_mm + 0.01:
            return True
    return False


def overlapping(s: BSState, f: Fig, x: float, y: float, ignore=()) -> Fig | None:
    """A model whose base a base of ``f`` centred at (x, y) would overlap (on the
    same surface; touching is allowed), or None. Models in vehicles and carried
    models take no room; ``ignore`` lists ids to pass over."""
    for o in s.figs.values():
        if o.id == f.id or o.id in ignore or not o.on_table or o.vehicle or o.carried_by:
            continue
        if abs(o.z - f.z) > 1.0:
            continue
        if math.hypot(o.x - x, o.y - y) < 2 * R - TOL:
            return o
    return None


def _inside_intervals(x0: float, y0: float, dx: float, dy: float, cx: float, cy: float, reach: float) -> tuple[float, float] | None:
    """The open interval of t in which the point (x0, y0) + t (dx, dy) is closer than
    ``reach`` to (cx, cy), or None when it never is."""
    a = dx * dx + dy * dy
    fx, fy = x0 - cx, y0 - cy
    b = fx * dx + fy * dy
    c = fx * fx + fy * fy - reach * reach
    if a == 0:
        return (-math.inf, math.inf) if c < 0 else None
    q = b * b - a * c
    if q <= 0:
        return None
    r = math.sqrt(q)
    return ((-b - r) / a, (-b + r) / a)


def move_end(s: BSState, f: Fig, x1: float, y1: float, target: Fig | None = None, limit: float | None = None,
             ignore=()) -> tuple[float, float, str | None]:
    """Where a straight move of ``f``'s base toward (x1, y1) ends, by the rules, and why:
    at the point itself, at most ``limit`` mm along; earlier where the base first
    touches impassable terrain, hindering terrain (Hindering Terrain), the table edge
    or a roof's edge (:meth:`TableGeo.straight_stop`), or ``target``'s base (base
    contact: a move aimed at a model ends touching it); then, if the end would
    overlap another model on the same surface, backed off to where it first touches
    it (moves may pass models, not end on them). Exact: closed-form contact, no step
    size. Returns (x, y, what stopped it: a piece or model id, "the table edge", or None)."""
    g = geo_of(s)
    L = math.hypot(x1 - f.x, y1 - f.y)
    if L == 0:
        return f.x, f.y, None
    dx, dy = (x1 - f.x) / L, (y1 - f.y) / L
    d, by = g.straight_stop(f.x, f.y, x1, y1, f.on)
    if limit is not None and limit < d:
        d, by = limit, None
    if target is not None:
        t = disc_entry_one(f.x, f.y, dx * L, dy * L, target.x, target.y, 2 * R)
        if t * L < d:
            d, by = t * L, target.id
    others = [o for o in s.figs.values() if o.id != f.id and (target is None or o.id != target.id) and o.id not in ignore
              and o.on_table and not o.vehicle and not o.carried_by and abs(o.z - f.z) <= 1.0]
    moved = True
    while moved and d > 0:
        moved = False
        for o in others:
            iv = _inside_intervals(f.x, f.y, dx, dy, o.x, o.y, 2 * R)
            if iv is not None and iv[0] < d < iv[1]:
                d, by, moved = max(0.0, iv[0]), o.id, True
    return f.x + dx * d, f.y + dy * d, by


def throw_clear(state: BSState, thrower: Fig, x: float, y: float) -> bool:
    """The throwing arc (gaps.md: 20 mm at the hand, 60 mm at mid-throw, 0 at the
    reference point) passes over every terrain piece and model it crosses."""
    g = geo_of(state)
    sx, sy = thrower.x, thrower.y
    L = math.hypot(x - sx, y - sy)
    if L == 0:
        return True
    line = LineString([(sx, sy), (x, y)])
    th = data().tables.throw
    base = thrower.z

    def z_at(t: float) -> float:
        return base + (th.hand_mm + (th.apex_mm - th.hand_mm) * t / 0.5 if t <= 0.5 else th.apex_mm * (1 - t) / 0.5)

    for p in g.index.pieces_crossing(line):
        if p.id == thrower.on or not (p.has("blocks_sight") or p.has("impassable")):
            continue
        inter = line.intersection(p.polygon)
        ts = [line.project(Point(c)) / L for c in shapely.get_coordinates(inter)]
        if any(p.height > z_at(t) for t in ts):
            return False
    for f in state.figs.values():
        if f.id == thrower.id or not f.on_table or f.vehicle or f.carried_by:
            continue
        dd = line.distance(Point(f.x, f.y))
        if dd < R:
            t = line.project(Point(f.x, f.y)) / L
            if math.hypot(f.x - x, f.y - y) > 2 * R and f.z + data().tables.standing_height_mm > z_at(t):
                return False
    return True

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

from game.geometry.contact import sweep_polygon
from game.geometry.index import TerrainIndex
from game.geometry.paths import PathFinder
from game.geometry.shadows import Prism
from game.geometry.terrain import TerrainPiece

from .data import DATA
from .state import BSState, Feat, Fig

T = DATA.tables
R = T.base_radius_mm
TOL = T.contact_tolerance_mm


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
        best = math.inf
        if (x0, y0) == (x1, y1):
            return best
        start = Point(x0, y0)
        for p in self.hind:
            if p.id in ignore:
                continue
            d = sweep_polygon((x0, y0), (x1, y1), R, p.polygon)
            if d is not None and d < best and p.polygon.distance(start) > R + TOL:
                best = d
        return best

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


_GEOS: dict[str, TableGeo] = {}


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
        if du <= T.card.short_mm + 0.01 and dv <= T.card.long_mm + 0.01:
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


def throw_clear(state: BSState, thrower: Fig, x: float, y: float) -> bool:
    """The throwing arc (gaps.md: 20 mm at the hand, 60 mm at mid-throw, 0 at the
    reference point) passes over every terrain piece and model it crosses."""
    g = geo_of(state)
    sx, sy = thrower.x, thrower.y
    L = math.hypot(x - sx, y - sy)
    if L == 0:
        return True
    line = LineString([(sx, sy), (x, y)])
    th = T.throw
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
            if math.hypot(f.x - x, f.y - y) > 2 * R and f.z + T.standing_height_mm > z_at(t):
                return False
    return True

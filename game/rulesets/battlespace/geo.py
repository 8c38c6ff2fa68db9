"""Table geometry for Battlespace: terrain pieces, sight and cover, movement checks.

Built once per map (keyed by the map's SHA-256) on the shared geometry layer:
:class:`~game.geometry.index.TerrainIndex` and
:func:`~game.geometry.sight.lines_clear` for sight lines,
:class:`~game.geometry.paths.PathFinder` for the enemies' shortest routes.
Cover is sampled here (five sight lines to points of the target), as the
layer's cover module was not there yet. Units: mm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

from game.geometry.contact import sweep_polygon
from game.geometry.index import TerrainIndex
from game.geometry.paths import PathFinder
from game.geometry.sight import lines_clear
from game.geometry.terrain import TerrainPiece

from .cards import DATA
from .state import BSState, Feat, Fig

T = DATA.tables
R = T.base_radius_mm
TOL = T.contact_tolerance_mm


def eye(f: Fig) -> float:
    """Eye height above the table (mm): surface + standing or prone height."""
    return f.z + (T.prone_height_mm if f.prone else T.standing_height_mm)


@dataclass
class Sight:
    """A shooter-to-target sight check: ``visible`` (any of the sampled target points
    seen), ``cover`` ("none", "obscured", "solid") and the blocking terrain ids."""

    visible: bool
    cover: str
    clear_points: int


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


def _blocker_key(state: BSState, viewer: Fig) -> tuple:
    # smoke by its ring, never by its id: ids restart with every battle (purity)
    sm = tuple(tuple(map(tuple, s.ring)) for s in state.smoke)
    if viewer.kind == "soldier":
        civ = tuple((c.x, c.y) for c in state.figs.values() if c.kind == "civilian" and c.status == "ok")
        return sm, civ
    return sm, ()


def _extra_blockers(state: BSState, viewer: Fig, target: Fig) -> list:
    out = [Polygon(s.ring) for s in state.smoke]
    if viewer.kind == "soldier":
        out += [Point(c.x, c.y).buffer(R, quad_segs=4) for c in state.figs.values()
                if c.kind == "civilian" and c.status == "ok" and c.id != target.id]
    return out


def sight(state: BSState, a: Fig, b: Fig) -> Sight:
    """Line of sight and cover of ``b`` seen from ``a`` (Battlespace: Cover; LoS all round).

    Five sight lines run from ``a``'s eye to ``b``: head, feet and both flanks
    at mid height, and the centre. None clear: no LoS. Some blocked: obscured
    cover; obscured and in base contact with terrain that blocks one of those
    lines (the terrain hiding it): solid cover. Models in a
    vehicle see and are seen from its cabin (the vehicle itself is ignored) and
    have obscured cover, solid when the vehicle is armoured. Smoke blocks all
    sight; civilians block soldiers' sight only.
    """
    g = geo_of(state)
    key = (a.x, a.y, a.z, a.prone, a.vehicle, a.kind == "soldier", b.x, b.y, b.z, b.prone, b.vehicle,
           _blocker_key(state, a))
    hit = g.cache.get(key)
    if hit is not None:
        return hit
    ea, eb = eye(a), eye(b)
    dx, dy = b.x - a.x, b.y - a.y
    d = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / d * R * 0.9, dx / d * R * 0.9
    pts = np.array([[b.x, b.y], [b.x, b.y], [b.x + nx, b.y + ny], [b.x - nx, b.y - ny], [b.x, b.y]])
    zb = np.array([eb, b.z + 2.0, (b.z + eb) / 2, (b.z + eb) / 2, (b.z + eb) / 2])
    p1 = np.tile([a.x, a.y], (5, 1))
    excl = []
    for f in (a, b):
        if f.vehicle and f.vehicle in g.pieces:
            excl.append(g.piece_index(f.vehicle))
    if excl:
        clear = lines_clear(g.index, p1, np.full(5, ea), pts, zb, special=np.ones(5, bool), exclusions=[excl] * 5)
    else:
        clear = lines_clear(g.index, p1, np.full(5, ea), pts, zb)
    extra = _extra_blockers(state, a, b)
    open_mask = np.ones(5, bool)
    if extra:
        lines = shapely.linestrings(np.stack([p1, pts], axis=1))
        for e in extra:
            open_mask &= ~shapely.intersects(e, lines)
        clear &= open_mask
    n = int(clear.sum())
    if n == 0:
        res = Sight(False, "none", 0)
    elif b.vehicle:
        vt = DATA.vehicles[state.vehicles[b.vehicle].type]
        res = Sight(True, "solid" if vt.armored else "obscured", n)
    elif n < 5:
        # solid: the terrain the base touches is (part of) what hides it
        touch = g.touching(b.x, b.y, g.solid_cover)
        solid = False
        if touch:
            ex = excl + [g.piece_index(p.id) for p in touch]
            c2 = lines_clear(g.index, p1, np.full(5, ea), pts, zb, special=np.ones(5, bool), exclusions=[ex] * 5)
            solid = int((c2 & open_mask).sum()) > n
        res = Sight(True, "solid" if solid else "obscured", n)
    else:
        res = Sight(True, "none", n)
    if len(g.cache) > 200000:
        g.cache.clear()
    g.cache[key] = res
    return res


def edge_distance(a: Fig, b: Fig) -> float:
    """Base edge to base edge (mm); models in the same vehicle are 0 apart."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - 2 * R)


def in_contact(a: Fig, b: Fig) -> bool:
    return a.vehicle is None and b.vehicle is None and edge_distance(a, b) <= TOL


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

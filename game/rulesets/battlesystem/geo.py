"""Table geometry for Battlesystem: the terrain as the rules measure it.

Built once per map (:func:`geo_of`, cached by the map's digest: it holds nothing but the
terrain, so it may outlive a battle). Terrain kinds and their effects come from
``data/terrain.toml`` ([11.8] Table 14, [11.9]). Units: mm.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

from game.core.caches import PerThread
from game.geometry.shadows import Prism, PrismSet

from .profiles import DATA, TerrainKind
from .state import BSState, Feat

CLEAR = TerrainKind(name="clear ground")


class TableGeo:
    """Geometry of one map (see the module notes)."""

    def __init__(self, terrain: list[Feat], table: tuple[float, float]) -> None:
        self.table = (float(table[0]), float(table[1]))
        #: memos of geometry built from this map and other values, each keyed by all of them
        #: (this object is per thread and per map, see :func:`geo_of`)
        self.memo: dict[str, dict] = {}
        self.feats = {f.id: f for f in terrain}
        self.poly: dict[str, Polygon] = {f.id: Polygon(f.exterior, f.holes) for f in terrain}
        for p in self.poly.values():
            shapely.prepare(p)
        self.kind: dict[str, TerrainKind] = {f.id: DATA.terrain.get(f.kind, CLEAR) for f in terrain}
        ids = list(self.poly)
        self.tree = shapely.STRtree([self.poly[i] for i in ids]) if ids else None
        self._ids = ids
        #: pieces no unit may enter ([11.8] water unless fordable; buildings)
        self.blocked = [i for i in ids if (self.kind[i].water and not self.feats[i].fordable) or self.kind[i].impassable]
        self.blocked_union = unary_union([self.poly[i] for i in self.blocked]) if self.blocked else Polygon()
        shapely.prepare(self.blocked_union)
        segs = []
        for i in self.blocked:
            p = self.poly[i]
            for ring in (p.exterior, *p.interiors):
                c = np.asarray(ring.coords)[:, :2]
                segs.append(np.stack([c[:-1], c[1:]], axis=1))
        self.blocked_segments = np.concatenate(segs) if segs else np.zeros((0, 2, 2))
        w, h = self.table
        self.table_box = box(0.0, 0.0, w, h)
        self.table_segments = np.array([[[0, 0], [w, 0]], [[w, 0], [w, h]], [[w, h], [0, h]], [[0, h], [0, 0]]], dtype=float)
        self.woods = [i for i in ids if self.kind[i].woods]
        self.woods_union = unary_union([self.poly[i] for i in self.woods]) if self.woods else Polygon()
        shapely.prepare(self.woods_union)
        self.roads = [i for i in ids if self.kind[i].road_bonus]
        self.road_union = unary_union([self.poly[i] for i in self.roads]) if self.roads else Polygon()
        shapely.prepare(self.road_union)
        self.hills = [i for i in ids if self.kind[i].elevation]
        self.obstacles = [i for i in ids if self.kind[i].obstacle]
        self.slow = [i for i in ids if self.kind[i].rate < 1.0]
        self.no_closed = [i for i in ids if self.kind[i].no_closed]
        #: sight prisms: hills and buildings (woods limit sight by depth, see sight.py)
        self.prisms = PrismSet([Prism(i, self.poly[i], self.feats[i].height, 0.0, self.feats[i].name or self.kind[i].name,
                                      self.feats[i].kind)
                                for i in ids if (self.kind[i].elevation or self.kind[i].impassable) and self.feats[i].height > 0])

    def pieces_at(self, geom) -> list[str]:
        """Ids of the features meeting ``geom`` (a point or a shape), in map order."""
        if self.tree is None:
            return []
        return [self._ids[k] for k in sorted(self.tree.query(geom, predicate="intersects"))]

    def level_at(self, x: float, y: float) -> int:
        """Elevation levels (of 10 feet) of the ground at (x, y) ([11.8] elevation)."""
        pt = Point(x, y)
        return max([self.feats[i].level for i in self.hills if self.poly[i].intersects(pt)], default=0)

    def height_at(self, x: float, y: float) -> float:
        """Height of the ground at (x, y), mm (the hill it stands on)."""
        pt = Point(x, y)
        return max([self.feats[i].height for i in self.hills if self.poly[i].intersects(pt)], default=0.0)

    def heights_at(self, pts: np.ndarray) -> np.ndarray:
        """:meth:`height_at` of many points (N, 2) at once, mm (N,)."""
        pts = np.asarray(pts, dtype=float).reshape(-1, 2)
        out = np.full(len(pts), -np.inf)
        for i in self.hills:
            hit = shapely.intersects_xy(self.poly[i], pts[:, 0], pts[:, 1])
            out = np.where(hit, np.maximum(out, float(self.feats[i].height)), out)
        return np.where(np.isneginf(out), 0.0, out)

    def inside(self, geom, ids: list[str]) -> list[str]:
        """The features of ``ids`` that ``geom`` meets."""
        return [i for i in ids if self.poly[i].intersects(geom)]

    def woods_depth(self, a, b) -> float:
        """Length (mm) of the segment a-b inside woods ([11.9])."""
        if self.woods_union.is_empty or a == b:
            return 0.0
        return float(self.woods_union.intersection(LineString([a, b])).length)

    def on_road(self, footprint) -> bool:
        """The whole footprint lies on the road ([11.8] Road)."""
        return not self.road_union.is_empty and self.road_union.buffer(1e-6).covers(footprint)


def geo_of(state: BSState) -> TableGeo:
    """The :class:`TableGeo` of the state's map (cached by map digest)."""
    g = _GEOS.get(state.map_sha)
    if g is None:
        if len(_GEOS) > 16:
            _GEOS.clear()
        g = _GEOS[state.map_sha] = TableGeo(state.terrain, state.table)
    return g


_GEOS: PerThread = PerThread()  # one copy per thread: prepared geometry (game.core.caches)

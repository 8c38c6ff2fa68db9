"""The terrain index: every sight, cover and template query goes through it.

``TerrainIndex(pieces, table=(w, h))`` is built once per map. It holds an
STRtree over the piece polygons, lazily built prepared unions per sight class
(blocking pieces taller than a given height, obscuring pieces) and the edges of
every piece as numpy arrays for the vectorised visibility code. It never
changes after construction (the caches only memoise).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from game.geometry.terrain import BLOCKS_SIGHT, OBSCURES, TerrainPiece


@dataclass(frozen=True, eq=False)
class Edges:
    """All polygon edges of the indexed pieces (rings oriented so the piece interior is on the left).

    Attributes:
        a, b: (K, 2) start and end points in mm.
        piece: (K,) index of the owning piece in ``TerrainIndex.pieces``.
        height: (K,) the owning piece's height (mm, may be inf).
        prev, next: (K,) index of the previous / next edge on the same ring.
    """

    a: np.ndarray
    b: np.ndarray
    piece: np.ndarray
    height: np.ndarray
    prev: np.ndarray
    next: np.ndarray


class TerrainIndex:
    """Spatial index of the terrain pieces of one table.

    Args:
        pieces: the terrain pieces (ids must be unique).
        table: table size (width, depth) in mm; the table spans (0, 0)-(w, h).

    Raises:
        ValueError: duplicate piece ids or a non-positive table size.
    """

    def __init__(self, pieces: Iterable[TerrainPiece], table: tuple[float, float] = (1200.0, 1200.0)) -> None:
        self.pieces: tuple[TerrainPiece, ...] = tuple(pieces)
        w, h = float(table[0]), float(table[1])
        if not (w > 0 and h > 0):
            raise ValueError(f"table size must be positive, got {table}")
        self.table: tuple[float, float] = (w, h)
        self.table_polygon: Polygon = box(0.0, 0.0, w, h)
        self._by_id = {p.id: i for i, p in enumerate(self.pieces)}
        if len(self._by_id) != len(self.pieces):
            seen: set[str] = set()
            dup = next(p.id for p in self.pieces if p.id in seen or seen.add(p.id))
            raise ValueError(f"duplicate terrain piece id {dup!r}")
        self.polygons = np.array([shapely.orient_polygons(p.polygon) for p in self.pieces], dtype=object)
        for g in self.polygons:
            shapely.prepare(g)
        self.tree = shapely.STRtree(self.polygons)
        self.heights = np.array([p.height for p in self.pieces], dtype=float)
        self.blocking_mask = np.array([p.has(BLOCKS_SIGHT) for p in self.pieces], dtype=bool)
        self.obscuring_mask = np.array([p.has(OBSCURES) for p in self.pieces], dtype=bool)
        #: distinct finite heights of blocking pieces, ascending
        self.blocking_heights = np.unique(self.heights[self.blocking_mask & np.isfinite(self.heights)])
        self._unions: dict = {}
        self._union_edges: dict = {}
        self._edges: Edges | None = None

    # ----------------------------------------------------------------- lookup
    def __len__(self) -> int:
        return len(self.pieces)

    def index_of(self, piece_id: str) -> int:
        """Position of the piece with ``piece_id``. Raises KeyError if unknown."""
        return self._by_id[piece_id]

    def piece(self, piece_id: str) -> TerrainPiece:
        """The piece with ``piece_id``. Raises KeyError if unknown."""
        return self.pieces[self._by_id[piece_id]]

    def ids(self, indices: Iterable[int]) -> tuple[str, ...]:
        """Piece ids for indices, in index order, without duplicates."""
        return tuple(self.pieces[i].id for i in sorted(set(int(i) for i in indices)))

    def mask_for(self, tag: str | None = None, ids: Iterable[str] | None = None) -> np.ndarray:
        """Boolean mask over pieces: those carrying ``tag`` (all if None), restricted to ``ids`` if given."""
        m = np.ones(len(self.pieces), dtype=bool) if tag is None else np.array(
            [p.has(tag) for p in self.pieces], dtype=bool)
        if ids is not None:
            keep = np.zeros(len(self.pieces), dtype=bool)
            keep[[self._by_id[i] for i in ids]] = True
            m &= keep
        return m

    @property
    def all_blocking_full_height(self) -> bool:
        """True when every sight-blocking piece is full height (the fast sight path applies)."""
        return self.blocking_heights.size == 0

    # ----------------------------------------------------------------- unions
    def union_of(self, indices: Iterable[int]) -> BaseGeometry:
        """Prepared union of the given pieces (memoised; empty geometry for none)."""
        key = tuple(sorted(set(int(i) for i in indices)))
        g = self._unions.get(key)
        if g is None:
            g = shapely.union_all(self.polygons[list(key)]) if key else shapely.GeometryCollection()
            shapely.prepare(g)
            self._unions[key] = g
        return g

    def blocking_union(self, above: float = -math.inf) -> BaseGeometry:
        """Prepared union of blocking pieces strictly taller than ``above`` mm."""
        idx = np.flatnonzero(self.blocking_mask & (self.heights > above))
        return self.union_of(idx)

    def obscuring_union(self) -> BaseGeometry:
        """Prepared union of obscuring pieces."""
        return self.union_of(np.flatnonzero(self.obscuring_mask))

    # ----------------------------------------------------------------- queries
    def _filter(self, idx: np.ndarray, tag: str | None) -> tuple[TerrainPiece, ...]:
        idx = np.unique(idx)
        return tuple(self.pieces[i] for i in idx if tag is None or self.pieces[i].has(tag))

    def pieces_crossing(self, line: BaseGeometry, tag: str | None = None) -> tuple[TerrainPiece, ...]:
        """Pieces whose polygon meets ``line`` (touching the boundary counts), optionally only with ``tag``."""
        return self._filter(self.tree.query(line, predicate="intersects"), tag)

    def pieces_at(self, point: "BaseGeometry | Sequence[float]", tag: str | None = None) -> tuple[TerrainPiece, ...]:
        """Pieces covering ``point`` (interior or boundary; a point in a hole is not covered)."""
        p = point if isinstance(point, BaseGeometry) else Point(float(point[0]), float(point[1]))
        return self._filter(self.tree.query(p, predicate="intersects"), tag)

    def pieces_touching(self, footprint: BaseGeometry, tolerance: float = 0.0,
                        tag: str | None = None) -> tuple[TerrainPiece, ...]:
        """Pieces within ``tolerance`` mm of ``footprint`` (overlap counts)."""
        if tolerance > 0:
            idx = self.tree.query(footprint, predicate="dwithin", distance=tolerance)
        else:
            idx = self.tree.query(footprint, predicate="intersects")
        return self._filter(idx, tag)

    def pieces_within(self, area: BaseGeometry, tag: str | None = None) -> tuple[TerrainPiece, ...]:
        """Pieces lying wholly inside ``area``."""
        return self._filter(self.tree.query(area, predicate="contains"), tag)

    def containing_indices(self, xy: Sequence[float], mask: np.ndarray | None = None) -> np.ndarray:
        """Indices of pieces whose polygon covers point ``xy`` (optionally restricted to ``mask``)."""
        idx = self.tree.query(Point(float(xy[0]), float(xy[1])), predicate="intersects")
        if mask is not None:
            idx = idx[mask[idx]]
        return np.sort(idx)

    def on_table(self, geom: BaseGeometry) -> bool:
        """True when ``geom`` lies wholly on the table."""
        return bool(self.table_polygon.covers(geom))

    # ----------------------------------------------------------------- edges
    def union_edges(self, indices: Iterable[int]) -> Edges:
        """Edges of the union of the given pieces (overlaps merged; ``piece`` and ``height`` are -1 / nan).

        Used where crossing edges of overlapping pieces would break a sweep
        (the visibility polygon). Memoised per set of pieces.
        """
        key = tuple(sorted(set(int(i) for i in indices)))
        e = self._union_edges.get(key)
        if e is None:
            u = self.union_of(key)
            polys = [g for g in getattr(u, "geoms", [u]) if g.geom_type == "Polygon" and not g.is_empty]
            e = _ring_edges([shapely.orient_polygons(g) for g in polys])
            e = Edges(e.a, e.b, np.full(len(e.a), -1, dtype=np.intp), np.full(len(e.a), np.nan), e.prev, e.next)
            self._union_edges[key] = e
        return e

    @property
    def edges(self) -> Edges:
        """Every ring edge of every piece, interior on the left (built once)."""
        if self._edges is None:
            self._edges = _ring_edges(list(self.polygons), self.heights)
        return self._edges


def _ring_edges(polygons: list, heights: np.ndarray | None = None) -> Edges:
    """Edges of oriented polygons (interior on the left), with ring neighbours."""
    a_list, b_list, p_list, prv, nxt = [], [], [], [], []
    start = 0
    for i, poly in enumerate(polygons):
        for ring in (poly.exterior, *poly.interiors):
            c = np.asarray(ring.coords, dtype=float)[:, :2]
            n = len(c) - 1
            a_list.append(c[:-1])
            b_list.append(c[1:])
            p_list.append(np.full(n, i))
            loc = np.arange(n)
            prv.append(start + (loc - 1) % n)
            nxt.append(start + (loc + 1) % n)
            start += n
    if a_list:
        a, b, p = np.vstack(a_list), np.vstack(b_list), np.concatenate(p_list).astype(np.intp)
        pv, nx = np.concatenate(prv).astype(np.intp), np.concatenate(nxt).astype(np.intp)
    else:
        a = b = np.zeros((0, 2))
        p = pv = nx = np.zeros(0, dtype=np.intp)
    h = heights[p] if (heights is not None and p.size) else np.full(p.size, np.nan)
    return Edges(a, b, p, h, pv, nx)

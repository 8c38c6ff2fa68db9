"""Fast approximate paths for drag previews: a triangle navmesh with funnel smoothing.

The free space of a base (see :func:`game.geometry.paths.free_space`) is cut
into triangles by shapely's constrained Delaunay triangulation. A query finds
the triangles holding the start and goal, the cheapest chain of triangles
between them (Dijkstra over the triangle adjacency graph, weighted by the
distances between the midpoints of the shared edges), and pulls the path
tight through the chain (the "funnel" or string-pulling algorithm).

Starts and goals are judged by :meth:`game.geometry.paths.FreeSpace.locate`,
the same rule (and the same snap onto the boundary) as the exact finder, so
both refuse the same queries: a base touching an obstacle, corners included,
is accepted, one truly overlapping it is refused. The triangles tile exactly
the free-space polygons the exact finder uses and the funnel only bends at
their corners, so the path stays in free space apart from the snap segments
both finders share (which keep the base's true clearance): it is never
shorter than the exact path of :class:`game.geometry.paths.PathFinder`; it
is longer when the chosen chain of triangles is not the one the exact path
runs through. On the standard benchmark table it is within about 1% of the
exact length at the median. Use it for previews while dragging; use ``PathFinder`` to decide a
move.

Rules served: as :mod:`game.geometry.paths` (measuring moves around
impassable terrain), preview only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra
from shapely.geometry import Point, Polygon

from game.geometry.paths import Coord, FreeSpace, PathResult, _dedupe, _length, free_space
from game.geometry.terrain import TerrainPiece


class NavMesh:
    """Triangulated free space for one base radius over one set of obstacles.

    Attributes:
        space: the :class:`FreeSpace` triangulated.
        triangles: ``(n, 3, 2)`` array of triangle corners in mm, each
            triangle counter-clockwise in the algebraic sense.
    """

    def __init__(
        self,
        obstacles: Sequence[TerrainPiece | Polygon],
        radius: float,
        table: tuple[float, float] | None = None,
        quad_segs: int = 4,
    ) -> None:
        """Build the mesh. Arguments as for :func:`game.geometry.paths.free_space`."""
        self.space: FreeSpace = free_space(obstacles, radius, table, quad_segs)
        parts = [shapely.get_parts(shapely.constrained_delaunay_triangles(c)) for c in self.space.components]
        tris = np.concatenate(parts) if parts else np.zeros(0, dtype=object)
        comp = np.repeat(np.arange(len(parts)), [len(p) for p in parts]) if parts else np.zeros(0, dtype=int)
        live = ~shapely.is_empty(tris) if len(tris) else np.zeros(0, dtype=bool)
        tris, comp = tris[live], comp[live]
        coords = shapely.get_coordinates(shapely.get_exterior_ring(tris)).reshape(-1, 4, 2)[:, :3] if len(tris) else np.zeros((0, 3, 2))
        a, b, c = coords[:, 0], coords[:, 1], coords[:, 2]
        signed = (b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (b[:, 1] - a[:, 1]) * (c[:, 0] - a[:, 0])
        solid = np.abs(signed) > 1e-12
        coords, signed, comp = coords[solid], signed[solid], comp[solid]
        flip = signed < 0
        coords[flip] = coords[flip][:, ::-1]
        self.triangles = coords
        #: Index into ``space.components`` of each triangle.
        self.triangle_component = comp
        self._polys = shapely.polygons(np.concatenate([coords, coords[:, :1]], axis=1)) if len(coords) else np.zeros(0, dtype=object)
        self._tree = shapely.STRtree(self._polys)
        self._build_adjacency()

    def _build_adjacency(self) -> None:
        n = len(self.triangles)
        flat = self.triangles.reshape(-1, 2)
        _, vid = np.unique(flat, axis=0, return_inverse=True)
        vid = vid.reshape(n, 3)
        # Edge k of triangle t runs from corner k to corner k+1 (CCW).
        e_from = vid
        e_to = np.roll(vid, -1, axis=1)
        lo = np.minimum(e_from, e_to).ravel()
        hi = np.maximum(e_from, e_to).ravel()
        tri = np.repeat(np.arange(n), 3)
        slot = np.tile(np.arange(3), n)
        order = np.lexsort((hi, lo))
        lo, hi, tri, slot = lo[order], hi[order], tri[order], slot[order]
        same = (lo[1:] == lo[:-1]) & (hi[1:] == hi[:-1])
        t1, t2 = tri[:-1][same], tri[1:][same]
        s1 = slot[:-1][same]
        # Shared edge endpoints, and midpoints as the crossing points.
        p = self.triangles[t1, s1]
        q = self.triangles[t1, (s1 + 1) % 3]
        self._neighbours: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
        for a, b, pa, pb in zip(t1.tolist(), t2.tolist(), p, q):
            self._neighbours[(a, b)] = (pa, pb)
            self._neighbours[(b, a)] = (pa, pb)
        # Graph over triangles: weight = centroid-to-edge-midpoint-to-centroid.
        cen = self.triangles.mean(axis=1)
        mid = (p + q) / 2
        w = np.hypot(*(cen[t1] - mid).T) + np.hypot(*(cen[t2] - mid).T)
        w = np.maximum(w, 1e-9)
        g = csr_matrix((np.concatenate([w, w]), (np.concatenate([t1, t2]), np.concatenate([t2, t1]))), shape=(n, n))
        self._graph = g
        self._centroids = cen

    def locate(self, point: Coord, component: int | None = None) -> int | None:
        """Index of a triangle covering ``point`` (mm), or None when none does.

        With ``component``, only triangles of that part of free space count.
        """
        hits = self._tree.query(Point(point), predicate="intersects")
        if component is not None and len(hits):
            hits = hits[self.triangle_component[hits] == component]
        if len(hits):
            return int(hits.min())
        return None

    def _locate_or_snap(self, point: Coord) -> tuple[Coord, int] | tuple[str, tuple[str, ...]]:
        """Free point (possibly snapped) and its triangle, or a failure.

        Whether ``point`` is free, and where it is snapped to, is decided by
        :meth:`FreeSpace.locate`, exactly as :class:`PathFinder` decides it;
        the mesh only finds the triangle of that component holding the point.
        """
        loc = self.space.locate(point)
        if isinstance(loc[0], str):
            return loc
        q, k = loc
        t = self.locate(q, k)
        if t is None:
            # On the free-space boundary up to rounding: the nearest triangle of the component.
            pt = Point(q)
            idx = self._tree.query(pt, predicate="dwithin", distance=1e-6)
            idx = idx[self.triangle_component[idx] == k]
            if not len(idx):
                idx = np.nonzero(self.triangle_component == k)[0]
            if not len(idx):
                return self.space.why_not_free(point)
            d = shapely.distance(self._polys[idx], pt)
            t = int(idx[int(np.argmin(d))])
        return q, t

    def find_path(self, start: Coord, goal: Coord) -> PathResult:
        """Approximate shortest path for the base centre from ``start`` to ``goal`` (mm).

        Returns a :class:`PathResult` (never raises for points on or off the
        table); ``found`` is False for exactly the starts and goals
        :meth:`PathFinder.shortest_path` refuses, and a snapped start or goal
        is snapped to the same point, the snap segment included in the path.
        The path stays in free space (snap segments apart, which keep the
        base's true clearance); its length is an upper bound of the exact
        shortest length.
        """
        ls = self._locate_or_snap(start)
        if isinstance(ls[0], str):
            return PathResult(False, (), math.inf, "cannot start there: " + ls[0], ls[1])
        lg = self._locate_or_snap(goal)
        if isinstance(lg[0], str):
            return PathResult(False, (), math.inf, "cannot end there: " + lg[0], lg[1])
        (s, ts), (g, tg) = ls, lg
        head = ((float(start[0]), float(start[1])),) if s != (float(start[0]), float(start[1])) else ()
        tail = ((float(goal[0]), float(goal[1])),) if g != (float(goal[0]), float(goal[1])) else ()
        if ts == tg:
            pts = _dedupe(head + (s, g) + tail)
            return PathResult(True, pts, _length(pts))
        _, pred = dijkstra(self._graph, directed=True, indices=ts, return_predecessors=True)
        if pred[tg] < 0:
            return PathResult(False, (), math.inf, "no route: the goal is walled off from the start")
        chain = [tg]
        while chain[-1] != ts:
            chain.append(int(pred[chain[-1]]))
        chain.reverse()
        portals: list[tuple[np.ndarray, np.ndarray]] = [(np.asarray(s), np.asarray(s))]
        for a, b in zip(chain, chain[1:]):
            p, q = self._neighbours[(a, b)]
            # In triangle a (CCW), the shared edge runs p -> q when p is the
            # corner before q; seen from inside a, p is on the right.
            if _ccw_next(self.triangles[a], p, q):
                portals.append((q, p))
            else:
                portals.append((p, q))
        portals.append((np.asarray(g), np.asarray(g)))
        pts = _dedupe(head + tuple((float(x), float(y)) for x, y in _funnel(portals)) + tail)
        return PathResult(True, pts, _length(pts))


def _ccw_next(tri: np.ndarray, p: np.ndarray, q: np.ndarray) -> bool:
    """True when ``q`` follows ``p`` in the triangle's counter-clockwise order."""
    for k in range(3):
        if tri[k][0] == p[0] and tri[k][1] == p[1]:
            nxt = tri[(k + 1) % 3]
            return bool(nxt[0] == q[0] and nxt[1] == q[1])
    return True


def _cross(o: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    return float((a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]))


def _funnel(portals: list[tuple[np.ndarray, np.ndarray]]) -> list[np.ndarray]:
    """String-pull through ``portals`` given as (left, right) pairs."""
    apex = left = right = portals[0][0]
    apex_i = left_i = right_i = 0
    path = [apex]
    i = 1
    n = len(portals)
    while i < n:
        pl, pr = portals[i]
        # Tighten the right side: the new right is not right of the current right.
        if _cross(apex, right, pr) >= 0:
            if (apex[0] == right[0] and apex[1] == right[1]) or _cross(apex, left, pr) < 0:
                right, right_i = pr, i
            else:
                path.append(left)
                apex, apex_i = left, left_i
                left = right = apex
                left_i = right_i = apex_i
                i = apex_i + 1
                continue
        if _cross(apex, left, pl) <= 0:
            if (apex[0] == left[0] and apex[1] == left[1]) or _cross(apex, right, pl) > 0:
                left, left_i = pl, i
            else:
                path.append(right)
                apex, apex_i = right, right_i
                left = right = apex
                left_i = right_i = apex_i
                i = apex_i + 1
                continue
        i += 1
    last = portals[-1][0]
    if not (path[-1][0] == last[0] and path[-1][1] == last[1]):
        path.append(last)
    return path



"""Exact shortest paths for a round base among obstacles.

A base of radius ``r`` moving among obstacles is the same problem as a point
moving among the obstacles grown by ``r`` (their Minkowski sum with the base
disc). This module grows the obstacles, subtracts them from the table (kept
``r`` inside its edges) to get the *free space* for the base centre, and
builds the *reduced visibility graph* of that free space: its nodes are the
free-space corners that bend around an obstacle (reflex corners of free
space), its edges are the segments between two such corners that stay in free
space and are tangent to the boundary at both ends (bitangents). Any shortest
path is a polyline through such corners, so Dijkstra on this graph, with the
start and goal joined to the corners they see, is exact for the grown
obstacles.

Accuracy: arcs of the grown obstacles are approximated by polygons that
*circumscribe* the true arcs (the grown distance is ``r / cos(step / 2)`` with
``step = 90 / quad_segs`` degrees), so a path never comes closer than ``r``
to an obstacle and may keep at most ``r * (1 / cos(step / 2) - 1)`` more
clearance than strictly needed (0.25 mm for ``r = 12.5`` and the default
``quad_segs = 4``). A start or goal lying in that sliver (a base touching an
obstacle) is nudged onto the free-space boundary, and the nudge is part of the
returned path.

Rules served: every "move around impassable terrain" clause of the rulesets
(the movement allowance is measured along the path the base actually takes);
the rulesets decide which pieces are obstacles, see :func:`impassable`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra
from shapely.geometry import MultiPolygon, Point, Polygon, box

from game.geometry.terrain import IMPASSABLE, TerrainPiece

Coord = tuple[float, float]

#: How far (mm) the obstacles are shrunk for the "does this segment enter an
#: obstacle" test, so that segments touching a corner or running along an edge
#: are accepted. A segment may cut an obstacle by at most this much.
GRAZE_EPS = 1e-6

#: Half-size (mm) of the open frame used when no table is given.
_OPEN_FRAME = 1.0e5


def impassable(pieces: Iterable[TerrainPiece]) -> list[TerrainPiece]:
    """The pieces a base may not enter (tagged ``impassable``), in input order."""
    return [p for p in pieces if p.has(IMPASSABLE)]


def _as_polygon(obstacle: TerrainPiece | Polygon) -> Polygon:
    return obstacle.polygon if isinstance(obstacle, TerrainPiece) else obstacle


def _obstacle_id(obstacle: TerrainPiece | Polygon, index: int) -> str:
    return obstacle.id if isinstance(obstacle, TerrainPiece) else f"#{index}"


@dataclass(frozen=True)
class FreeSpace:
    """Where the centre of a base of ``radius`` may stand.

    Attributes:
        radius: base radius in mm.
        grown_by: the distance the obstacles were actually grown (mm, slightly
            more than ``radius``, see the module note on accuracy).
        region: the free space, a (Multi)Polygon in mm, holes are obstacles.
        components: the connected parts of ``region`` (a base cannot get from
            one to another).
        obstacles: the grown obstacle polygons, one per input obstacle.
        obstacle_ids: ids of the input obstacles (``"#i"`` for bare polygons).
        table: ``(width, height)`` in mm, or None for an open plane.
    """

    radius: float
    grown_by: float
    region: Polygon | MultiPolygon
    components: tuple[Polygon, ...]
    obstacles: tuple[Polygon, ...]
    obstacle_ids: tuple[str, ...]
    table: tuple[float, float] | None

    @property
    def slack(self) -> float:
        """Extra clearance (mm) the polygonal growth may add over ``radius``."""
        return self.grown_by - self.radius

    def component_of(self, point: Coord) -> int | None:
        """Index into ``components`` of the part covering ``point``, or None."""
        pt = Point(point)
        for k, comp in enumerate(self.components):
            if comp.covers(pt):
                return k
        return None

    def why_not_free(self, point: Coord) -> tuple[str, tuple[str, ...]]:
        """Explain why ``point`` is not free: ``(reason, obstacle ids)``."""
        pt = Point(point)
        hits = tuple(self.obstacle_ids[i] for i, g in enumerate(self.obstacles) if g.intersects(pt))
        if hits:
            return f"a base at ({point[0]:.1f}, {point[1]:.1f}) would overlap {', '.join(hits)}", hits
        return f"a base at ({point[0]:.1f}, {point[1]:.1f}) would hang over the table edge", ()


def free_space(
    obstacles: Sequence[TerrainPiece | Polygon],
    radius: float,
    table: tuple[float, float] | None = None,
    quad_segs: int = 4,
) -> FreeSpace:
    """Grow ``obstacles`` by ``radius`` and subtract them from the table.

    Args:
        obstacles: pieces (or bare shapely polygons) a base may not enter; all
            of them are used, filter with :func:`impassable` first if needed.
        radius: base radius in mm, ``>= 0``.
        table: ``(width, height)`` in mm with the origin at the top-left; the
            base centre is kept ``radius`` inside the edges. None: open plane.
        quad_segs: segments per quarter circle of the grown corners.

    Raises:
        ValueError: negative radius, or a table too small for the base.
    """
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    polys = [_as_polygon(o) for o in obstacles]
    ids = tuple(_obstacle_id(o, i) for i, o in enumerate(obstacles))
    half_step = math.radians(45.0 / quad_segs)
    grown_by = radius / math.cos(half_step) if radius > 0 else 0.0
    if radius > 0:
        grown = tuple(shapely.buffer(polys, grown_by, quad_segs=quad_segs)) if polys else ()
    else:
        grown = tuple(polys)
    if table is not None:
        w, h = table
        if w <= 2 * radius or h <= 2 * radius:
            raise ValueError(f"table {w}x{h} mm is too small for a base of radius {radius} mm")
        frame = box(radius, radius, w - radius, h - radius)
    else:
        frame = box(-_OPEN_FRAME, -_OPEN_FRAME, _OPEN_FRAME, _OPEN_FRAME)
    region = frame.difference(shapely.union_all(grown)) if grown else frame
    region = shapely.make_valid(region) if not region.is_valid else region
    comps = tuple(g for g in shapely.get_parts(region) if isinstance(g, Polygon) and not g.is_empty)
    return FreeSpace(float(radius), grown_by, region, comps, grown, ids, table)


@dataclass(frozen=True)
class PathResult:
    """A shortest path for a base, or why there is none.

    Attributes:
        found: True when a path exists.
        points: the path's corners in mm, start first, goal last (empty when
            not found).
        length: path length in mm (``inf`` when not found).
        reason: a sentence for the player; empty when found.
        blocked_by: ids of the obstacles that cause the failure (start or goal
            inside them), empty otherwise.
    """

    found: bool
    points: tuple[Coord, ...]
    length: float
    reason: str = ""
    blocked_by: tuple[str, ...] = ()

    @property
    def straight(self) -> bool:
        """True when the path is a single straight segment."""
        return self.found and len(self.points) <= 2


def _ring_reflex(ring: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Reflex corners (for the region on the left) of a closed ring's coords."""
    pts = ring[:-1]
    prev = np.roll(pts, 1, axis=0)
    nxt = np.roll(pts, -1, axis=0)
    e1 = pts - prev
    e2 = nxt - pts
    cross = e1[:, 0] * e2[:, 1] - e1[:, 1] * e2[:, 0]
    keep = cross < 0
    return pts[keep], prev[keep], nxt[keep]


def _side(o: np.ndarray, d: np.ndarray, p: np.ndarray) -> np.ndarray:
    """Sign of cross(d, p - o), vectorised over rows."""
    return np.sign(d[..., 0] * (p[..., 1] - o[..., 1]) - d[..., 1] * (p[..., 0] - o[..., 0]))


def _tangent_at(v: np.ndarray, prev: np.ndarray, nxt: np.ndarray, d: np.ndarray) -> np.ndarray:
    """True where the line through corner ``v`` along ``d`` keeps both neighbours on one side."""
    a = _side(v, d, prev)
    b = _side(v, d, nxt)
    return a * b >= 0


class PathFinder:
    """Reduced visibility graph for one base radius over one set of obstacles.

    Build once per (terrain, radius), then ask :meth:`shortest_path` many times.
    Building on the standard table (300 pieces, r = 12.5 mm) takes about a
    second; a query takes a few milliseconds.
    """

    def __init__(
        self,
        obstacles: Sequence[TerrainPiece | Polygon],
        radius: float,
        table: tuple[float, float] | None = None,
        quad_segs: int = 4,
    ) -> None:
        """Build the graph. Arguments as for :func:`free_space`."""
        self.space = free_space(obstacles, radius, table, quad_segs)
        for comp in self.space.components:
            shapely.prepare(comp)
        # Obstacles (everything that is not free), grown by nothing but shrunk
        # by GRAZE_EPS so that touching the boundary is not "entering".
        outer = box(-2 * _OPEN_FRAME, -2 * _OPEN_FRAME, 2 * _OPEN_FRAME, 2 * _OPEN_FRAME)
        grown_free = self.space.region.buffer(GRAZE_EPS, join_style="mitre", mitre_limit=10.0)
        self._blocked = outer.difference(grown_free)
        shapely.prepare(self._blocked)

        verts, prevs, nexts, comp_of = [], [], [], []
        for k, comp in enumerate(self.space.components):
            comp = shapely.orient_polygons(comp, exterior_cw=False)
            for ring in (comp.exterior, *comp.interiors):
                v, p, n = _ring_reflex(np.asarray(ring.coords)[:, :2])
                verts.append(v)
                prevs.append(p)
                nexts.append(n)
                comp_of.append(np.full(len(v), k))
        self.verts = np.concatenate(verts) if verts else np.zeros((0, 2))
        self._prev = np.concatenate(prevs) if prevs else np.zeros((0, 2))
        self._next = np.concatenate(nexts) if nexts else np.zeros((0, 2))
        self._comp = np.concatenate(comp_of) if comp_of else np.zeros(0, dtype=int)
        self._build_graph()

    # -- build -------------------------------------------------------------
    def _build_graph(self) -> None:
        n = len(self.verts)
        rows_all, cols_all = [], []
        # Chunk the upper triangle by rows to bound memory.
        chunk = max(1, 4_000_000 // max(n, 1))
        for i0 in range(0, n, chunk):
            i1 = min(n, i0 + chunk)
            ii, jj = np.nonzero(np.triu(np.ones((i1 - i0, n), dtype=bool), k=i0 + 1))
            ii = ii + i0
            same = self._comp[ii] == self._comp[jj]
            ii, jj = ii[same], jj[same]
            d = self.verts[jj] - self.verts[ii]
            ok = _tangent_at(self.verts[ii], self._prev[ii], self._next[ii], d)
            ok &= _tangent_at(self.verts[jj], self._prev[jj], self._next[jj], d)
            rows_all.append(ii[ok])
            cols_all.append(jj[ok])
        rows = np.concatenate(rows_all) if rows_all else np.zeros(0, dtype=int)
        cols = np.concatenate(cols_all) if cols_all else np.zeros(0, dtype=int)
        if len(rows):
            lines = shapely.linestrings(np.stack([self.verts[rows], self.verts[cols]], axis=1))
            clear = ~shapely.intersects(self._blocked, lines)
            rows, cols = rows[clear], cols[clear]
        w = np.hypot(*(self.verts[cols] - self.verts[rows]).T)
        # Symmetric CSR with one spare row (index n) for the query's start.
        r2 = np.concatenate([rows, cols])
        c2 = np.concatenate([cols, rows])
        w2 = np.concatenate([w, w])
        g = csr_matrix((w2, (r2, c2)), shape=(n + 1, n + 1))
        g.sort_indices()
        self._g_data = g.data
        self._g_indices = g.indices.astype(np.int32)
        self._g_indptr = g.indptr.astype(np.int32)
        self.edge_count = len(rows)

    # -- queries -----------------------------------------------------------
    def _locate(self, point: Coord) -> tuple[Coord, int] | tuple[str, tuple[str, ...]]:
        """Free point (possibly nudged) and its component, or a failure."""
        pt = Point(point)
        for k, comp in enumerate(self.space.components):
            if comp.covers(pt):
                return (float(point[0]), float(point[1])), k
        # Nudge out of the inflation slack (a base in contact with an obstacle).
        tol = self.space.slack + 1e-6
        best = None
        for k, comp in enumerate(self.space.components):
            dist = comp.distance(pt)
            if dist <= tol and (best is None or dist < best[0]):
                best = (dist, k, comp)
        if best is not None:
            _, k, comp = best
            q = shapely.shortest_line(pt, comp.boundary).coords[1]
            return (float(q[0]), float(q[1])), k
        return self.space.why_not_free(point)

    def visible_vertices(self, point: Coord, component: int) -> np.ndarray:
        """Indices of graph corners seen from ``point`` along a tangent line."""
        idx = np.nonzero(self._comp == component)[0]
        if len(idx) == 0:
            return idx
        p = np.asarray(point, dtype=float)
        d = self.verts[idx] - p
        nonzero = (d[:, 0] != 0) | (d[:, 1] != 0)
        ok = _tangent_at(self.verts[idx], self._prev[idx], self._next[idx], d) & nonzero
        idx = idx[ok]
        if len(idx) == 0:
            return idx
        segs = np.empty((len(idx), 2, 2))
        segs[:, 0] = p
        segs[:, 1] = self.verts[idx]
        clear = ~shapely.intersects(self._blocked, shapely.linestrings(segs))
        return idx[clear]

    def segment_clear(self, a: Coord, b: Coord) -> bool:
        """True when the straight move of the base centre from ``a`` to ``b`` stays free."""
        if a == b:
            return not self._blocked.intersects(Point(a))
        return not self._blocked.intersects(shapely.linestrings([a, b]))

    def distances_from(self, start: Coord) -> tuple[Coord, np.ndarray] | None:
        """Shortest distances (mm) from ``start`` to every graph corner.

        Returns ``(free start, distances)`` with ``inf`` for corners that
        cannot be reached, or None when ``start`` is not free.
        """
        loc = self._locate(start)
        if isinstance(loc[0], str):
            return None
        s, comp = loc
        dist, _ = self._dijkstra(s, comp)
        return s, dist[:-1]

    def _dijkstra(self, s: Coord, comp: int) -> tuple[np.ndarray, np.ndarray]:
        n = len(self.verts)
        vis = self.visible_vertices(s, comp)
        ws = np.hypot(self.verts[vis, 0] - s[0], self.verts[vis, 1] - s[1])
        nnz = len(self._g_data)
        data = np.concatenate([self._g_data, ws])
        indices = np.concatenate([self._g_indices, vis.astype(np.int32)])
        indptr = self._g_indptr.copy()
        indptr[n + 1] = nnz + len(vis)
        g = csr_matrix((data, indices, indptr), shape=(n + 1, n + 1))
        dist, pred = dijkstra(g, directed=True, indices=n, return_predecessors=True)
        return dist, pred

    def shortest_path(self, start: Coord, goal: Coord) -> PathResult:
        """Shortest path for the base centre from ``start`` to ``goal`` (mm).

        Returns a :class:`PathResult`; when the start or goal is not free, or
        they lie in parts of the table a base cannot pass between, ``found``
        is False and ``reason``/``blocked_by`` say why. Never raises for
        points on or off the table.
        """
        ls = self._locate(start)
        if isinstance(ls[0], str):
            return PathResult(False, (), math.inf, "cannot start there: " + ls[0], ls[1])
        lg = self._locate(goal)
        if isinstance(lg[0], str):
            return PathResult(False, (), math.inf, "cannot end there: " + lg[0], lg[1])
        (s, cs), (g, cg) = ls, lg
        head = ((float(start[0]), float(start[1])),) if s != tuple(map(float, start)) else ()
        tail = ((float(goal[0]), float(goal[1])),) if g != tuple(map(float, goal)) else ()
        if cs != cg:
            return PathResult(False, (), math.inf, "no route: the goal is walled off from the start")
        if s == g or self.segment_clear(s, g):
            pts = _dedupe(head + (s, g) + tail)
            return PathResult(True, pts, _length(pts))
        dist, pred = self._dijkstra(s, cs)
        vis_g = self.visible_vertices(g, cg)
        if len(vis_g) == 0:
            return PathResult(False, (), math.inf, "no route: the goal cannot be reached")
        total = dist[vis_g] + np.hypot(self.verts[vis_g, 0] - g[0], self.verts[vis_g, 1] - g[1])
        k = int(np.argmin(total))
        if not np.isfinite(total[k]):
            return PathResult(False, (), math.inf, "no route: the goal cannot be reached")
        n = len(self.verts)
        chain = []
        v = int(vis_g[k])
        while v != n and v >= 0:
            chain.append((float(self.verts[v, 0]), float(self.verts[v, 1])))
            v = int(pred[v])
        pts = _dedupe(head + (s,) + tuple(reversed(chain)) + (g,) + tail)
        return PathResult(True, pts, _length(pts))


def _dedupe(pts: tuple[Coord, ...]) -> tuple[Coord, ...]:
    out: list[Coord] = []
    for p in pts:
        if not out or out[-1] != p:
            out.append(p)
    if len(out) == 1:
        out.append(out[0])
    return tuple(out)


def _length(pts: Sequence[Coord]) -> float:
    return float(sum(math.dist(a, b) for a, b in zip(pts, pts[1:])))


def shortest_path(
    obstacles: Sequence[TerrainPiece | Polygon],
    radius: float,
    start: Coord,
    goal: Coord,
    table: tuple[float, float] | None = None,
) -> PathResult:
    """One-off shortest path (builds a :class:`PathFinder`; reuse one for many queries)."""
    return PathFinder(obstacles, radius, table).shortest_path(start, goal)

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

Accuracy: the faces of the grown obstacles are the obstacle's edges moved out
by exactly ``r``, so a base touching a wall (centre exactly ``r`` from it) is
on the free-space boundary and free. Only the arcs round convex corners are
approximated, by polylines that *circumscribe* the true arcs (touching them at
both ends, each piece spanning at most ``step = 90 / quad_segs`` degrees), so
a path through free space never comes closer than ``r`` to an obstacle and may
keep at most ``r * (1 / cos(step / 2) - 1)`` more clearance than strictly
needed, and only round corners (0.25 mm for ``r = 12.5`` and the default
``quad_segs = 4``).

What counts as free is decided in one place, :meth:`FreeSpace.locate`, used by
this module and by :mod:`game.geometry.navmesh` alike, by the *true* clearance
of the base: a point covered by free space (its boundary included) is free. A
point outside it whose distance to every (un-grown) obstacle is at least
``r - SNAP_EPS``, and which is at most :data:`SNAP_EPS` over the table edge,
is free too: it lies in the margin between a true corner arc and the polyline
circumscribing it (a base touching an obstacle *corner*, common in play since
moves stop at first contact), or outside free space by rounding. It is snapped
to the nearest point of the free-space boundary (at most the ``slack`` away),
and the snap segment, which keeps the same true clearance, is the first (or
last) piece of the returned path. Anything else, a base truly overlapping an
obstacle or the table edge, is refused, naming the obstacles it overlaps (as
is, in principle, a point in a sliver of true free space that the polylines
close off, with no such snap). So a path keeps a clearance of at least
``r - SNAP_EPS`` from every obstacle; only a snap segment may lie inside the
polygonal grown obstacles, by at most the slack.

Rules served: every "move around impassable terrain" clause of the rulesets
(the movement allowance is measured along the path the base actually takes);
the rulesets decide which pieces are obstacles, see :func:`impassable`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

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

#: How much (mm) less than the base radius a start or goal may keep from an
#: obstacle (or hang over the table edge) and still count as touching it
#: (rounding); :meth:`FreeSpace.locate` snaps such points onto free space.
SNAP_EPS = GRAZE_EPS

#: Relative tolerance (the sine of an angle) under which a corner's neighbour
#: counts as lying on a line through the corner. Starts and goals on the
#: free-space boundary (snapped ones, or bases touching a wall) sit on a
#: boundary edge up to rounding, and must still see the corners at its ends.
COLLINEAR_EPS = 1e-9

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
        grown_by: the most the obstacles were grown anywhere (mm): ``radius``
            along their faces, up to this (slightly more) at the corners of
            the polylines round their convex corners, see the module note on
            accuracy.
        region: the free space, a (Multi)Polygon in mm, holes are obstacles.
        components: the connected parts of ``region`` (a base cannot get from
            one to another).
        obstacles: the grown obstacle polygons, one per input obstacle.
        obstacle_ids: ids of the input obstacles (``"#i"`` for bare polygons).
        table: ``(width, height)`` in mm, or None for an open plane.
        originals: the input obstacle polygons, un-grown (made valid), one
            per input obstacle: what the true clearance is measured from.
    """

    radius: float
    grown_by: float
    region: Polygon | MultiPolygon
    components: tuple[Polygon, ...]
    obstacles: tuple[Polygon, ...]
    obstacle_ids: tuple[str, ...]
    table: tuple[float, float] | None
    originals: tuple[Polygon | MultiPolygon, ...] = ()
    _original_tree: shapely.STRtree | None = field(default=None, repr=False, compare=False)

    @property
    def slack(self) -> float:
        """Extra clearance (mm) the polygonal growth may add over ``radius`` (round corners only)."""
        return self.grown_by - self.radius

    def component_of(self, point: Coord) -> int | None:
        """Index into ``components`` of the part covering ``point``, or None.

        Covering is closed: a point on the boundary of free space is free.
        """
        pt = Point(point)
        for k, comp in enumerate(self.components):
            if comp.covers(pt):
                return k
        return None

    def locate(self, point: Coord) -> tuple[Coord, int] | tuple[str, tuple[str, ...]]:
        """Where a base centre at ``point`` stands in free space: the one membership rule.

        Returns ``(free point, component index)``: ``point`` itself when it is
        free (:meth:`component_of`, boundary included); else, when the base's
        true clearance is at least ``radius - SNAP_EPS`` from every obstacle
        (:meth:`too_close` is empty) and it hangs at most :data:`SNAP_EPS`
        over the table edge, the nearest point of the free-space boundary (at
        most ``slack + SNAP_EPS`` away, the snap segment to it keeping that
        clearance); else ``(reason, obstacle ids)``, naming the obstacles the
        base overlaps. Both path finders use this, so they refuse the same
        starts and goals and snap the others to the same points.
        """
        k = self.component_of(point)
        if k is not None:
            return (float(point[0]), float(point[1])), k
        pt = Point(point)
        hits = self.too_close(pt)
        if hits:
            return self._overlap(point, hits)
        if self.table is not None:
            w, h = self.table
            x, y = float(point[0]), float(point[1])
            r, eps = self.radius, SNAP_EPS
            if not (r - eps <= x <= w - r + eps and r - eps <= y <= h - r + eps):
                return self._off_table(point)
        best = None
        reach = self.slack + SNAP_EPS
        for k, comp in enumerate(self.components):
            dist = comp.distance(pt)
            if dist <= reach and (best is None or dist < best[0]):
                best = (dist, k, comp)
        if best is not None:
            _, k, comp = best
            q = shapely.shortest_line(pt, comp.boundary).coords[1]
            q = (float(q[0]), float(q[1]))
            if q == (float(point[0]), float(point[1])) or not self.too_close(shapely.linestrings([point, q])):
                return q, k
        return self.why_not_free(point)

    def too_close(self, geom) -> tuple[int, ...]:
        """Indices of the obstacles closer than ``radius - SNAP_EPS`` to ``geom`` (or covering it).

        Measured from the un-grown obstacles (``originals``): the true
        clearance of a base whose centre is anywhere on ``geom``.
        """
        if self._original_tree is None:
            return ()
        limit = self.radius - SNAP_EPS
        cand = self._original_tree.query(geom, predicate="dwithin", distance=max(limit, 0.0))
        if not len(cand):
            return ()
        cand = np.sort(cand)
        polys = self._original_tree.geometries.take(cand)
        d = shapely.distance(polys, geom)
        close = d < limit
        if limit <= 0:
            close |= shapely.intersects(polys, geom) & ~shapely.touches(polys, geom)
        return tuple(int(i) for i in cand[close])

    def _overlap(self, point: Coord, hits: Sequence[int]) -> tuple[str, tuple[str, ...]]:
        ids = tuple(self.obstacle_ids[i] for i in hits)
        return f"a base at ({point[0]:.1f}, {point[1]:.1f}) would overlap {', '.join(ids)}", ids

    def _off_table(self, point: Coord) -> tuple[str, tuple[str, ...]]:
        return f"a base at ({point[0]:.1f}, {point[1]:.1f}) would hang over the table edge", ()

    def why_not_free(self, point: Coord) -> tuple[str, tuple[str, ...]]:
        """Explain why ``point`` is not free: ``(reason, obstacle ids)``."""
        pt = Point(point)
        hits = self.too_close(pt)
        if hits:
            return self._overlap(point, hits)
        hits = tuple(i for i, g in enumerate(self.obstacles) if g.intersects(pt))
        if hits:
            return self._overlap(point, hits)
        return self._off_table(point)


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
    polys = [p if p.is_valid else shapely.make_valid(p) for p in polys]
    ids = tuple(_obstacle_id(o, i) for i, o in enumerate(obstacles))
    half_step = math.radians(45.0 / quad_segs)
    grown_by = radius / math.cos(half_step) if radius > 0 else 0.0
    if radius > 0:
        grown = _grow_all(polys, radius, quad_segs)
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
    for comp in comps:
        shapely.prepare(comp)
    originals = tuple(polys)
    tree = shapely.STRtree(np.asarray(originals, dtype=object)) if originals else None
    return FreeSpace(float(radius), grown_by, region, comps, grown, ids, table, originals, tree)


def _grow_all(polys: Sequence[Polygon], radius: float, quad_segs: int) -> tuple[Polygon | MultiPolygon, ...]:
    """Each of ``polys`` grown by ``radius``: faces moved out by exactly ``radius``, corner arcs circumscribed.

    Each edge is moved out by ``radius``; at each convex corner the arc of
    ``radius`` joining two faces is replaced by ``k`` segments tangent to it
    (``k`` the fewest with each spanning at most ``90 / quad_segs``
    degrees), running from the end of one face to the start of the next.
    Compared with ``buffer(radius / cos(step / 2))`` this keeps the faces
    exact, so only the corners carry slack.

    When the traced outline of every ring of a polygon is simple (nearly
    always) it is the result; otherwise (a notch or gap narrower than the
    base, a multi-part or invalid polygon) the result is the union of
    ``buffer(radius)`` (exact faces up to GEOS's input simplification, at
    most 1% of ``radius`` into shallow notches; arcs inscribed) and one fan
    per convex corner (the circumscribed arc), which sorts the overlaps out.
    """
    step = math.pi / 2 / quad_segs
    polys = list(polys)
    rings, owner, holes = [], [], []
    for i, poly in enumerate(polys):
        if not poly.is_valid:
            polys[i] = shapely.make_valid(poly)
        parts = [shapely.orient_polygons(g, exterior_cw=False) for g in shapely.get_parts(polys[i])
                 if isinstance(g, Polygon) and not g.is_empty]
        # Every ring, so oriented, has the obstacle on its left.
        for g in parts:
            rings.extend((g.exterior, *g.interiors))
            owner.extend([i] * (1 + len(g.interiors)))
        holes.append(len(parts[0].interiors) if len(parts) == 1 else -1)
    owner_a = np.asarray(owner, dtype=int)
    off = _RingOffsets(rings, radius, step)
    out: list = [None] * len(polys)
    # Trace: polygons of one part whose every ring offset is clean.
    bad = np.bincount(owner_a[~off.ok], minlength=len(polys)) > 0 if len(owner_a) else np.zeros(len(polys), bool)
    cand = np.nonzero(~bad & (np.asarray(holes) >= 0))[0]
    if len(cand):
        ring_sel = np.isin(owner_a, cand)
        pt_sel = ring_sel[off.pts_ring]
        _, pt_ring = np.unique(off.pts_ring[pt_sel], return_inverse=True)
        lr = shapely.linearrings(off.pts[pt_sel], indices=pt_ring)
        poly_of = np.searchsorted(cand, owner_a[ring_sel])
        traced = shapely.polygons(lr, indices=poly_of)
        shell = np.r_[True, poly_of[1:] != poly_of[:-1]]
        # Shells counter-clockwise and holes clockwise, as traced, or the outline folded over.
        turned = np.bincount(poly_of, weights=shapely.is_ccw(lr) != shell, minlength=len(cand)) > 0
        good = shapely.is_valid(traced) & ~turned
        for i, g, ok in zip(cand, traced, good):
            if ok:
                out[i] = g
    todo = [i for i in range(len(polys)) if out[i] is None]
    if todo:
        buffered = shapely.buffer(np.asarray([polys[i] for i in todo], dtype=object), radius, quad_segs=quad_segs)
        fans = off.fans(radius)
        fan_owner = owner_a[off.fan_ring] if len(fans) else np.zeros(0, dtype=int)
        for i, b in zip(todo, buffered):
            grown = shapely.union_all(np.concatenate([[b], fans[fan_owner == i]]))
            # Drop the (collinear, or rounding-close) points where a face meets a fan.
            grown = shapely.simplify(grown, 1e-9 * max(1.0, radius), preserve_topology=True)
            out[i] = shapely.make_valid(grown) if not grown.is_valid else grown
    return tuple(out)


class _RingOffsets:
    """Rings (obstacle on their left) and their outlines moved out by ``radius``, all in flat arrays.

    Per corner (rows of ``c``; corner ``i`` of a ring joins its edge ``i - 1``,
    outward normal ``n1``, to its edge ``i``, normal ``n``): ``k`` outline
    points, from ``start`` in ``pts``: the outer corners of the circumscribed
    arc when convex, the crossing of the two faces when concave, one point on
    the face when straight. ``ok[r]`` is False when ring ``r`` is degenerate,
    has a very sharp notch, or one of its faces is used up by its
    neighbours; its traced outline is then not the grown ring.
    """

    def __init__(self, rings: list, radius: float, step: float) -> None:
        raw = [np.asarray(r.coords)[:-1, :2] for r in rings]
        nr = len(raw)
        rid = np.repeat(np.arange(nr), [len(c) for c in raw])
        c = np.concatenate(raw) if raw else np.zeros((0, 2))
        nxt, _, _ = _ring_links(rid, nr)
        keep = np.any(c != c[nxt], axis=1)
        c, rid = c[keep], rid[keep]
        nxt, prv, cnt = _ring_links(rid, nr)
        d = c[nxt] - c
        u = d / np.hypot(d[:, 0], d[:, 1])[:, None]
        n = np.stack([u[:, 1], -u[:, 0]], axis=1)
        n1, u1 = n[prv], u[prv]
        turn = np.arctan2(u1[:, 0] * u[:, 1] - u1[:, 1] * u[:, 0], (u1 * u).sum(axis=1))
        convex = turn > 1e-12
        concave = turn < -1e-12
        cos_t = (n1 * n).sum(axis=1)
        k = np.where(convex, np.maximum(1, np.ceil(turn / step - 1e-9)), 1).astype(int)
        s = np.where(convex, turn / k, 0.0)
        start = np.cumsum(k) - k
        corner = np.repeat(np.arange(len(c)), k)
        j = np.arange(len(corner)) - start[corner]
        th = np.arctan2(n1[:, 1], n1[:, 0])[corner] + (j + 0.5) * s[corner]
        rho = radius / np.cos(s[corner] / 2)
        pts = c[corner] + rho[:, None] * np.stack([np.cos(th), np.sin(th)], axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            join = c + radius * np.where(concave[:, None], (n1 + n) / (1.0 + cos_t)[:, None], n)
        flat = ~convex[corner]
        pts[flat] = join[corner[flat]]
        # Face i runs from the last point of corner i to the first of corner i + 1.
        span = pts[start[nxt]] - pts[start + k - 1]
        used_up = (span * u).sum(axis=1) <= 0
        sharp = concave & (cos_t < -0.9)  # a very sharp notch: leave it to the union
        flawed = np.bincount(rid[used_up | sharp], minlength=nr) > 0
        self.ok = (cnt >= 3) & ~flawed
        self.c, self.n, self.n1, self.k, self.start = c, n, n1, k, start
        self.convex = convex & (cnt[rid] >= 3)
        self.rid = rid
        self.pts, self.pts_ring = pts, rid[corner]

    @property
    def fan_ring(self) -> np.ndarray:
        """Ring of each polygon returned by :meth:`fans`."""
        return self.rid[self.convex]

    def fans(self, radius: float) -> np.ndarray:
        """One polygon per convex corner: the corner, the face ends and the circumscribed arc between."""
        idx = np.nonzero(self.convex)[0]
        if not len(idx):
            return np.zeros(0, dtype=object)
        k = self.k[idx]
        size = k + 3
        fan = np.repeat(np.arange(len(idx)), size)
        pos = np.arange(len(fan)) - np.repeat(np.cumsum(size) - size, size)
        corner = idx[fan]
        src = np.clip(self.start[corner] + pos - 2, 0, len(self.pts) - 1)
        coords = self.pts[src].copy()
        coords[pos == 0] = self.c[idx]
        coords[pos == 1] = self.c[idx] + radius * self.n1[idx]
        coords[pos == size[fan] - 1] = self.c[idx] + radius * self.n[idx]
        return shapely.polygons(shapely.linearrings(coords, indices=fan))


def _ring_links(rid: np.ndarray, nr: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Next and previous row within each ring of rows grouped by ring id ``rid``, and the ring sizes."""
    cnt = np.bincount(rid, minlength=nr)
    first = np.cumsum(cnt) - cnt
    last = first + cnt - 1
    has = cnt > 0
    idx = np.arange(len(rid))
    nxt = idx + 1
    nxt[last[has]] = first[has]
    prv = idx - 1
    prv[first[has]] = last[has]
    return nxt, prv, cnt


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
    """Sign of cross(d, p - o), vectorised over rows; 0 when ``p`` is on the line up to rounding."""
    ex, ey = p[..., 0] - o[..., 0], p[..., 1] - o[..., 1]
    cross = d[..., 0] * ey - d[..., 1] * ex
    scale = np.hypot(d[..., 0], d[..., 1]) * np.hypot(ex, ey)
    return np.where(np.abs(cross) <= COLLINEAR_EPS * scale, 0.0, np.sign(cross))


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
        """Free point (possibly snapped) and its component, or a failure (:meth:`FreeSpace.locate`)."""
        return self.space.locate(point)

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

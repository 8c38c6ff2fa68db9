"""Moving a round base over terrain: cost, first contact, reachable area.

Three questions, all about the *centre* of a round base of radius ``r`` (mm)
moving along a polyline path:

- :func:`first_contact`: where the base, swept along the path, first touches
  another base or an impassable piece. Solved exactly (closed form: the swept
  disc against discs, polygon edges and polygon corners, the primitives of
  :mod:`game.geometry.contact`). For many sweeps a :class:`SweepIndex` holds
  the obstacles as a static pymunk space of rounded shapes and asks
  Chipmunk's segment query, which is the same closed form in C and faster
  than pymunk's own radius query on plain shapes (``tools/bench_paths.py``).
- :func:`path_cost`: the allowance a move uses. Distance outside difficult
  terrain counts once; distance the centre runs inside a ``difficult`` piece
  counts ``move_cost`` times (where difficult pieces overlap, the highest
  multiplier applies). A move that would make the base overlap an
  ``impassable`` piece is rejected, naming the piece and where contact is
  made. A move ends when the base first touches a ``hindering`` piece; a base
  that is already touching or inside one when the move starts ignores that
  piece for the move (leaving it is free).
- :func:`reachable_area`: where the base centre can get to within an
  allowance, going around obstacles (open ground only; difficult terrain is
  not charged), from the exact visibility-graph distances of
  :class:`game.geometry.paths.PathFinder`.

Rules served: the movement clauses of every ruleset that measures moves on
the table (difficult and impassable terrain, moves ending on contact with
hindering terrain, base contact with other models).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from game.geometry.contact import closest_on_segment, disc_entry, edge_entry, polygon_edges
from game.geometry.paths import Coord, PathFinder
from game.geometry.terrain import DIFFICULT, HINDERING, IMPASSABLE, TerrainPiece

#: Distances (mm) below this count as touching.
CONTACT_EPS = 1e-9


# --------------------------------------------------------------------------- inputs


def _disc(obj: Any, index: int) -> tuple[str, float, float, float]:
    """(id, x, y, radius) from a Base-like object or an (id, x, y, radius) tuple."""
    if isinstance(obj, tuple):
        if len(obj) == 4:
            return str(obj[0]), float(obj[1]), float(obj[2]), float(obj[3])
        if len(obj) == 3:
            return f"#{index}", float(obj[0]), float(obj[1]), float(obj[2])
        raise ValueError(f"base #{index}: expected (id, x, y, radius), got {obj!r}")
    return str(getattr(obj, "id", "") or f"#{index}"), float(obj.x), float(obj.y), float(obj.radius)


def _path_array(path: Sequence[Coord]) -> np.ndarray:
    pts = np.asarray(path, dtype=float).reshape(-1, 2)
    if len(pts) == 0:
        raise ValueError("a path needs at least one point")
    if not np.all(np.isfinite(pts)):
        raise ValueError("path coordinates must be finite")
    return pts


# --------------------------------------------------------------------------- swept disc


class _Chipmunk:
    """The obstacles as a static pymunk space for fast exact sweeps (see :class:`SweepIndex`).

    Every obstacle edge is a pymunk segment and every base a circle, each *rounded* by
    ``reach`` mm (>= the swept radius), and queried with the radius ``r - reach``: the sums
    of radii are exactly those of the plain question (edge + r, base + r), while each shape's
    bounding box is grown by ``reach``. That growth is what makes the query exact: Chipmunk
    walks its bounding-box tree with the bare centre line, so with plain shapes it never
    tests an obstacle whose box the line misses even when the swept disc reaches it (on the
    standard table a third of the base-to-base sweeps of ``tools/bench_paths.py`` are then
    reported late or not at all). Each obstacle (piece or base) is its own filter group, so one id can be left
    out of a query by the filter; its edge or base index is the shape's collision type.
    """

    def __init__(self, index: "SweepIndex", reach: float) -> None:
        import pymunk

        self.reach = reach
        self.space = space = pymunk.Space()
        body = space.static_body
        shapes = []
        n_pieces = len(index.piece_ids)
        for i, (a, b, k) in enumerate(zip(index.a.tolist(), index.b.tolist(), index.owner.tolist())):
            if a == b:
                continue  # a zero-length edge: its corner is the next edge's start
            s = pymunk.Segment(body, a, b, reach)
            s.filter = pymunk.ShapeFilter(group=k + 1)
            s.collision_type = i + 1
            shapes.append(s)
        for j, (c, rr) in enumerate(zip(index.centres.tolist(), index.radii.tolist())):
            s = pymunk.Circle(body, rr + reach, offset=c)
            s.filter = pymunk.ShapeFilter(group=n_pieces + j + 1)
            s.collision_type = len(index.a) + j + 1
            shapes.append(s)
        if shapes:
            space.add(*shapes)
        self.n_edges = len(index.a)
        self._group = {pid: k + 1 for k, pid in enumerate(index.piece_ids)}
        self._group.update({bid: n_pieces + j + 1 for j, bid in enumerate(index.base_ids)})
        self._filters: dict[int, object] = {}
        self.no_filter = self.filter(0)
        try:  # the C calls directly: the same functions pymunk's own query methods call
            from pymunk._chipmunk_cffi import ffi, lib

            self.lib, self.null = lib, ffi.NULL
            self.cp = space._space
            self.info = ffi.new("cpSegmentQueryInfo *")
            self.query, self.collision_type = lib.cpSpaceSegmentQueryFirst, lib.cpShapeGetCollisionType
        except (ImportError, AttributeError):  # pragma: no cover - another pymunk layout
            self.lib = None

    def group_of(self, ignore: frozenset[str]) -> int | None:
        """The filter group that leaves ``ignore`` out (0: none), or None when it cannot."""
        g = [self._group[i] for i in ignore if i in self._group]
        return 0 if not g else (g[0] if len(g) == 1 else None)

    def filter(self, group: int):
        """The pymunk filter that leaves out obstacle group ``group`` (0: none)."""
        f = self._filters.get(group)
        if f is None:
            import pymunk

            f = self._filters[group] = pymunk.ShapeFilter(group=group)
        return f


#: Each Chipmunk query runs this far (mm) past both ends of the segment asked; a contact it finds
#: within this of either end is handed to the numpy solve, which applies the touching-at-the-start
#: rule and counts a touch exactly at the end (Chipmunk's tests are strict there). Far wider than
#: rounding and than :data:`contact.TOUCH_EPS`.
_END_SLACK = 1e-6


class Contact(NamedTuple):
    """Where a base swept along a path first touches something (an immutable record).

    Attributes:
        hit: True when something was touched before the end of the path.
        kind: ``"base"`` or ``"terrain"`` (None when nothing was hit).
        id: the id of the base or terrain piece touched (None when nothing).
        centre: the moving base's centre at contact (the path end when no hit), mm.
        touch_point: the point where the two outlines meet (None when no hit), mm.
        distance: how far the centre travelled along the path to ``centre``, mm.
        segment: index of the path segment on which contact happened (None when no hit).
    """

    hit: bool
    kind: str | None
    id: str | None
    centre: Coord
    touch_point: Coord | None
    distance: float
    segment: int | None = None

    def explain(self) -> str:
        """One sentence for the battle log."""
        if not self.hit:
            return f"moved {self.distance:.1f} mm without touching anything"
        return f"touched {self.kind} {self.id} after {self.distance:.1f} mm"


class SweepIndex:
    """Obstacles for sweeping round bases, prepared once for many sweeps.

    Args:
        obstacle_bases: other bases: objects with ``x, y, radius`` (and ``id``)
            such as :class:`game.geometry.shapes.Base`, or ``(id, x, y, radius)``.
        pieces: terrain pieces; those carrying any of ``terrain_tags``
            (default: impassable) are obstacles.
        prepared: build the pymunk space (:class:`_Chipmunk`) at the first sweep
            and answer from it (the default; for many sweeps over the same
            obstacles). False answers every sweep with the numpy solve alone (a
            one-off sweep: nothing to build).

    Both ways are exact (closed-form first contact against edges, corners and
    circles; they agree to 1e-9 mm, ``tests/geometry/test_swept_contact_exact.py``).
    A segment whose contact falls within ``_END_SLACK`` of either end (a start
    touching something, a move ending exactly in contact), or a sweep that
    must leave out more than one id, is answered by the numpy solve, which
    applies the touching-at-the-start rule of :func:`first_contact`. Not
    thread-safe (one query record is reused).
    """

    def __init__(
        self,
        obstacle_bases: Sequence[Any] = (),
        pieces: Sequence[TerrainPiece] = (),
        terrain_tags: frozenset[str] = frozenset({IMPASSABLE}),
        *,
        prepared: bool = True,
    ) -> None:
        discs = [_disc(b, i) for i, b in enumerate(obstacle_bases)]
        self.base_ids = [d[0] for d in discs]
        self.centres = np.array([[d[1], d[2]] for d in discs], dtype=float).reshape(-1, 2)
        self.radii = np.array([d[3] for d in discs], dtype=float)
        use = [p for p in pieces if p.tags & terrain_tags]
        self.piece_ids = [p.id for p in use]
        a_all, b_all, own = [], [], []
        for k, p in enumerate(use):
            a, b = polygon_edges(p.polygon)
            a_all.append(a)
            b_all.append(b)
            own.append(np.full(len(a), k))
        self.a = np.concatenate(a_all) if a_all else np.zeros((0, 2))
        self.b = np.concatenate(b_all) if b_all else np.zeros((0, 2))
        self.owner = np.concatenate(own) if own else np.zeros(0, dtype=int)
        self._lo = np.minimum(self.a, self.b)
        self._hi = np.maximum(self.a, self.b)
        self._al, self._bl, self._ol = self.a.tolist(), self.b.tolist(), self.owner.tolist()
        # the edge before each edge in its ring (rings are closed runs: an edge ending where its run began)
        self._prev = np.arange(len(self._al)) - 1
        first = 0
        for k, end in enumerate(self._bl):
            if k > first and end == self._al[first]:
                self._prev[first] = k
                first = k + 1
        self._n_edges = len(self._al)
        self._edge_rows = [(a[0], a[1], b[0] - a[0], b[1] - a[1], (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2 or 1.0,
                            self.piece_ids[k]) for a, b, k in zip(self._al, self._bl, self._ol)]
        self.prepared = prepared
        self._cm: _Chipmunk | None = None

    def _chipmunk(self, radius: float) -> _Chipmunk:
        if self._cm is None or self._cm.reach < radius:
            self._cm = _Chipmunk(self, max(radius, 1.0))
        return self._cm

    def first_contact(
        self,
        start: Coord | Sequence[Coord],
        end: Coord | None,
        radius: float,
        ignore: frozenset[str] = frozenset(),
    ) -> "Contact":
        """As :func:`first_contact`, against the prepared obstacles."""
        if radius < 0:
            raise ValueError(f"radius must be >= 0, got {radius}")
        if end is None:  # a path: its straight moves in turn
            path = [(float(p[0]), float(p[1])) for p in _path_array(start)]
            travelled = 0.0
            for k in range(len(path) - 1):
                c = self.first_contact(path[k], path[k + 1], radius, ignore)
                if c.hit:
                    return c._replace(distance=travelled + c.distance, segment=k)
                travelled += c.distance
            return Contact(False, None, None, path[-1], None, travelled, None)
        x0, y0 = start
        x1, y1 = end
        dx, dy = x1 - x0, y1 - y0
        seg = math.hypot(dx, dy)
        if not seg < math.inf:
            raise ValueError("path coordinates must be finite")
        if seg == 0:
            return Contact(False, None, None, (float(x0), float(y0)), None, 0.0, None)
        cm = self._cm
        if self.prepared and (cm is None or cm.reach < radius) and (self._n_edges or len(self.radii)):
            cm = self._chipmunk(radius)
        group = (cm.group_of(ignore) if ignore else 0) if cm is not None and cm.lib is not None else None
        if group is not None:
            # the hot path (the AI and the rules sweep thousands a turn): one Chipmunk query
            back = _END_SLACK / seg
            info = cm.info
            shape = cm.query(cm.cp, (x0 - dx * back, y0 - dy * back), (x1 + dx * back, y1 + dy * back),
                             radius - cm.reach, cm.no_filter if group == 0 else cm.filter(group), info)
            if shape == cm.null:
                return Contact(False, None, None, (float(x1), float(y1)), None, float(seg), None)
            t = info.alpha * (1.0 + 2.0 * back) - back
            if back < t < 1.0 - back:
                i = cm.collision_type(shape) - 1
                if i < self._n_edges:
                    cx, cy = float(x0 + t * dx), float(y0 + t * dy)
                    ax, ay, ex, ey, l2, oid = self._edge_rows[i]
                    u = ((cx - ax) * ex + (cy - ay) * ey) / l2
                    u = 0.0 if u < 0.0 else (1.0 if u > 1.0 else u)
                    return Contact(True, "terrain", oid, (cx, cy), (ax + u * ex, ay + u * ey), t * seg, 0)
                return self._contact((x0, y0), (x1, y1), seg, t, i, radius)
        got = self._solve(np.array((x0, y0), dtype=float), np.array((x1, y1), dtype=float), radius, ignore)
        if got is not None:
            return self._contact((x0, y0), (x1, y1), seg, got[0], got[1], radius)
        return Contact(False, None, None, (float(x1), float(y1)), None, float(seg), None)

    def _solve(self, p0: np.ndarray, p1: np.ndarray, radius: float, ignore: frozenset[str]) -> tuple[float, int] | None:
        """(t, obstacle index) of the first contact on one segment: the numpy closed-form solve."""
        d = p1 - p0
        lo = np.minimum(p0, p1) - radius
        hi = np.maximum(p0, p1) + radius
        best_t, best = math.inf, None
        if len(self.radii):
            near = np.all(self.centres + self.radii[:, None] >= lo, axis=1) & np.all(
                self.centres - self.radii[:, None] <= hi, axis=1)
            if ignore:
                near &= np.array([i not in ignore for i in self.base_ids], dtype=bool)
            idx = np.nonzero(near)[0]
            if len(idx):
                t = disc_entry(p0, d, self.centres[idx], self.radii[idx] + radius, leave_free=True)
                m = int(np.argmin(t))
                if t[m] < best_t:
                    best_t, best = float(t[m]), len(self.a) + int(idx[m])
        if len(self.a):
            near = np.all(self._hi >= lo, axis=1) & np.all(self._lo <= hi, axis=1)
            if ignore:
                near &= np.array([i not in ignore for i in self.piece_ids], dtype=bool)[self.owner]
            idx = np.nonzero(near)[0]
            if len(idx):
                a, b = self.a[idx], self.b[idx]
                t = edge_entry(p0, d, a, b, radius, leave_free=True, ends=False)
                if radius > 0:
                    t = np.minimum(t, disc_entry(p0, d, a, np.full(len(a), radius), leave_free=True))
                else:
                    self._point_at_corner(p0, d, idx, t)
                m = int(np.argmin(t))
                if t[m] < best_t:
                    best_t, best = float(t[m]), int(idx[m])
        return None if best is None else (best_t, best)

    def _point_at_corner(self, p0: np.ndarray, d: np.ndarray, idx: np.ndarray, t: np.ndarray) -> None:
        """A point (radius 0) starting exactly on an obstacle's corner meets that obstacle at once
        only if it heads into the obstacle (into the corner's inner wedge: both edges' inner
        sides at a convex corner, either at a reflex one); otherwise neither edge at the corner
        is met (a path leaving a corner cannot come back to the edges that meet there). Sets
        ``t`` (over the candidate edges ``idx``) for those two edges."""
        starts = np.nonzero((self.a[idx, 0] == p0[0]) & (self.a[idx, 1] == p0[1]))[0]
        for k in starts:
            i = int(idx[k])
            j = int(self._prev[i])
            e_in, e_out = self.b[j] - self.a[j], self.b[i] - self.a[i]
            into_in = e_in[0] * d[1] - e_in[1] * d[0] > 0  # d on the inner (left) side of each edge
            into_out = e_out[0] * d[1] - e_out[1] * d[0] > 0
            convex = e_in[0] * e_out[1] - e_in[1] * e_out[0] >= 0
            hit = 0.0 if ((into_in and into_out) if convex else (into_in or into_out)) else math.inf
            t[k] = hit
            t[idx == j] = hit

    def _contact(self, p0, p1, seg: float, t: float, i: int, radius: float) -> Contact:
        """The :class:`Contact` at ``t`` on the segment ``p0-p1`` with obstacle ``i`` (an edge
        index, or ``len(self.a)`` + a base index)."""
        cx, cy = p0[0] + t * (p1[0] - p0[0]), p0[1] + t * (p1[1] - p0[1])
        ne = len(self.a)
        if i >= ne:
            bx, by = self.centres[i - ne].tolist()
            dx, dy = bx - cx, by - cy
            n = math.hypot(dx, dy) or 1.0
            touch = (cx + dx / n * radius, cy + dy / n * radius)
            kind, oid = "base", self.base_ids[i - ne]
        else:
            touch = closest_on_segment((cx, cy), self._al[i], self._bl[i])
            kind, oid = "terrain", self.piece_ids[self._ol[i]]
        return Contact(True, kind, oid, (float(cx), float(cy)), (float(touch[0]), float(touch[1])), t * seg, 0)


def first_contact(
    start: Coord | Sequence[Coord],
    end: Coord | None,
    radius: float,
    obstacle_bases: Sequence[Any] = (),
    pieces: Sequence[TerrainPiece] = (),
    *,
    terrain_tags: frozenset[str] = frozenset({IMPASSABLE}),
    ignore: frozenset[str] = frozenset(),
) -> Contact:
    """Sweep a round base along a segment (or a path) to its first contact.

    Args:
        start: the centre at the start ``(x, y)`` mm, or a whole path (a
            sequence of points) when ``end`` is None.
        end: the centre at the end of a straight move, or None for a path.
        radius: the moving base's radius in mm (0 for a point).
        obstacle_bases: other bases: objects with ``x, y, radius`` (and ``id``)
            such as :class:`game.geometry.shapes.Base`, or ``(id, x, y, radius)``.
        pieces: terrain pieces; those carrying any of ``terrain_tags``
            (default: impassable) are obstacles.
        ignore: ids of bases or pieces to leave out (e.g. the moving base itself).

    Returns:
        a :class:`Contact`. Contact means the outlines touch; a base already
        touching or overlapping something at a segment's start is stopped by
        it only if it moves closer (sliding along or moving away is free). A
        zero-length move touches nothing and travels 0. For many sweeps over
        the same obstacles build a :class:`SweepIndex` once.

    Raises:
        ValueError: negative radius or an empty/non-finite path.
    """
    return SweepIndex(obstacle_bases, pieces, terrain_tags, prepared=False).first_contact(start, end, radius, ignore)


# --------------------------------------------------------------------------- cost


@dataclass(frozen=True)
class DifficultStretch:
    """Distance the centre runs inside one difficult piece (mm) and its multiplier."""

    id: str
    length: float
    move_cost: float


@dataclass(frozen=True)
class MoveCost:
    """The allowance a move along a path uses, or why it may not be made.

    Attributes:
        legal: False when the base would enter an impassable piece.
        reason: a sentence for the player (empty when legal and unhindered).
        length: distance the centre travels (mm), up to ``end``.
        cost: allowance used (mm): ``length`` plus the extra for difficult terrain.
        end: where the centre ends (the path end, or where a hindering piece stopped it).
        stopped_by: id of the hindering piece that ended the move early, or None.
        blocked_by: id of the impassable piece entered (None when legal).
        blocked_at: the centre where the base first touches that piece (None when legal).
        difficult: the stretches inside difficult pieces, in path order.
    """

    legal: bool
    reason: str
    length: float
    cost: float
    end: Coord
    stopped_by: str | None = None
    blocked_by: str | None = None
    blocked_at: Coord | None = None
    difficult: tuple[DifficultStretch, ...] = ()


def _truncate(path: np.ndarray, distance: float) -> np.ndarray:
    out = [path[0]]
    left = distance
    for p0, p1 in zip(path[:-1], path[1:]):
        seg = float(math.hypot(*(p1 - p0)))
        if seg >= left:
            out.append(p0 + (p1 - p0) * (left / seg if seg > 0 else 0.0))
            return np.array(out)
        out.append(p1)
        left -= seg
    return np.array(out)


def _touching(point: np.ndarray, radius: float, polygon: Polygon) -> bool:
    return polygon.distance(Point(point)) <= radius + CONTACT_EPS


def path_cost(path: Sequence[Coord], pieces: Sequence[TerrainPiece], radius: float = 0.0) -> MoveCost:
    """Cost of moving a base's centre along ``path`` over ``pieces``.

    Args:
        path: the centre's path, two or more points in mm (one point: no move).
        pieces: terrain; ``impassable``, ``hindering`` and ``difficult`` tags are used.
        radius: the base radius in mm; contact with impassable and hindering
            pieces is judged on the base outline, difficult cost on the centre.

    Returns:
        a :class:`MoveCost`. Order of events: the move first ends at the first
        contact with a hindering piece (pieces touched at the start are
        ignored); if, before that point, the base would overlap an impassable
        piece, the move is illegal.

    Raises:
        ValueError: negative radius or an empty/non-finite path.
    """
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    pts = _path_array(path)
    start = pts[0]
    total = float(np.sum(np.hypot(*np.diff(pts, axis=0).T))) if len(pts) > 1 else 0.0
    stopped_by = None
    hinder = [p for p in pieces if p.has(HINDERING) and not _touching(start, radius, p.polygon)]
    if hinder and total > 0:
        c = first_contact(pts, None, radius, pieces=hinder, terrain_tags=frozenset({HINDERING}))
        if c.hit:
            stopped_by = c.id
            pts = _truncate(pts, c.distance)
            total = c.distance
    block = [p for p in pieces if p.has(IMPASSABLE)]
    for p in block:
        if p.polygon.distance(Point(start)) < radius - 1e-7 or (radius == 0 and p.polygon.contains(Point(start))):
            return MoveCost(False, f"the base starts overlapping impassable {p.id}", 0.0, 0.0,
                            (float(start[0]), float(start[1])), None, p.id, (float(start[0]), float(start[1])))
    if block and total > 0:
        line = LineString(pts) if len(pts) > 1 else Point(pts[0])
        entered = [p for p in block if p.polygon.distance(line) < radius - 1e-7
                   or (radius == 0 and p.polygon.relate_pattern(line, "T********"))]
        c = first_contact(pts, None, radius, pieces=entered) if entered else None
        if c is not None and not c.hit:  # contact is found by the sweep; never miss the piece
            c = Contact(True, "terrain", entered[0].id, c.centre, None, c.distance, None)
        if c is not None:
            return MoveCost(False, f"the base would enter impassable {c.id} at "
                            f"({c.centre[0]:.1f}, {c.centre[1]:.1f}) after {c.distance:.1f} mm",
                            c.distance, math.inf, c.centre, stopped_by, c.id, c.centre)
    stretches = _difficult_stretches(pts, [p for p in pieces if p.has(DIFFICULT)])
    extra = _difficult_extra(pts, [p for p in pieces if p.has(DIFFICULT)])
    end = (float(pts[-1][0]), float(pts[-1][1]))
    reason = f"stopped on contact with hindering {stopped_by}" if stopped_by else ""
    return MoveCost(True, reason, total, total + extra, end, stopped_by, None, None, stretches)


def _intervals(line: LineString, poly: Polygon) -> list[tuple[float, float]]:
    """Parameter intervals (distance along ``line``) where it lies in ``poly``."""
    inter = line.intersection(poly)
    out = []
    for part in shapely.get_parts(inter):
        if isinstance(part, LineString) and part.length > 0:
            a = line.project(Point(part.coords[0]))
            b = line.project(Point(part.coords[-1]))
            out.append((min(a, b), max(a, b)))
    return out


def _difficult_stretches(pts: np.ndarray, pieces: list[TerrainPiece]) -> tuple[DifficultStretch, ...]:
    if len(pts) < 2 or not pieces:
        return ()
    line = LineString(pts)
    found = []
    for p in pieces:
        iv = _intervals(line, p.polygon)
        if iv:
            found.append((min(a for a, _ in iv), DifficultStretch(p.id, sum(b - a for a, b in iv), p.move_cost)))
    return tuple(s for _, s in sorted(found, key=lambda x: x[0]))


def _difficult_extra(pts: np.ndarray, pieces: list[TerrainPiece]) -> float:
    """Extra allowance: for every stretch, (highest multiplier - 1) x length."""
    if len(pts) < 2 or not pieces:
        return 0.0
    line = LineString(pts)
    marks = []
    for p in pieces:
        for a, b in _intervals(line, p.polygon):
            marks.append((a, b, p.move_cost))
    if not marks:
        return 0.0
    cuts = sorted({m for a, b, _ in marks for m in (a, b)})
    extra = 0.0
    for lo, hi in zip(cuts, cuts[1:]):
        mid = (lo + hi) / 2
        mult = max((c for a, b, c in marks if a <= mid <= b), default=1.0)
        extra += (mult - 1.0) * (hi - lo)
    return extra


# --------------------------------------------------------------------------- reachable area


@dataclass(frozen=True)
class Reach:
    """Where a base centre can get to within an allowance.

    Attributes:
        area: (Multi)Polygon of reachable centre positions in mm (empty when
            the start is not free).
        allowance: the allowance used, mm.
        start: the (possibly nudged) start, or None when the start is not free.
        tolerance: bound (mm) on how far the area's outline may fall short of
            the true outline (arcs are drawn as chords; see
            :func:`reachable_area`).
    """

    area: Polygon | shapely.MultiPolygon
    allowance: float
    start: Coord | None
    tolerance: float


def reachable_area(
    finder: PathFinder,
    start: Coord,
    allowance: float,
    rays: int = 180,
) -> Reach:
    """Centre positions reachable from ``start`` within ``allowance`` (mm) around obstacles.

    Uses the exact shortest distances from ``finder`` (a
    :class:`~game.geometry.paths.PathFinder` for the base's radius): the
    area is the union, over the start and every graph corner reached with
    ``d < allowance``, of what that point sees within ``allowance - d``.
    Each "what it sees" is cast with ``rays`` evenly spaced rays plus one ray
    at every nearby obstacle corner, so obstacle outlines are followed, and
    the round fronts are drawn as chords: the area may fall short of the
    truth by at most ``allowance * (1 - cos(180 / rays))`` mm along the fronts
    (0.02% of the allowance with 180 rays). Difficult terrain is not charged.

    Raises:
        ValueError: negative allowance or fewer than 8 rays.
    """
    if allowance < 0:
        raise ValueError(f"allowance must be >= 0, got {allowance}")
    if rays < 8:
        raise ValueError("need at least 8 rays")
    tol = allowance * (1 - math.cos(math.pi / rays))
    got = finder.distances_from(start)
    if got is None:
        return Reach(Polygon(), allowance, None, tol)
    s, dist = got
    comp = finder.space.component_of(s)
    if comp is None or allowance == 0:
        return Reach(Polygon(), allowance, s, tol)
    region = finder.space.components[comp]
    A, B = polygon_edges(region)
    srcs = [(np.asarray(s), allowance, None)]
    for i in np.nonzero(dist < allowance)[0]:
        srcs.append((finder.verts[i], allowance - float(dist[i]), i))
    stars = []
    base_ang = np.linspace(0, 2 * math.pi, rays, endpoint=False)
    for p, rem, vi in srcs:
        stars.append(_star(p, rem, vi, finder, A, B, base_ang))
    stars = [g for g in stars if g is not None and not g.is_empty]
    area = shapely.union_all(stars) if stars else Polygon()
    area = area.intersection(region) if not area.is_empty else area
    return Reach(area, allowance, s, tol)


def _star(p, rem, vi, finder, A, B, base_ang) -> Polygon | None:
    lo = p - rem
    hi = p + rem
    m = ~((np.maximum(A[:, 0], B[:, 0]) < lo[0]) | (np.minimum(A[:, 0], B[:, 0]) > hi[0])
          | (np.maximum(A[:, 1], B[:, 1]) < lo[1]) | (np.minimum(A[:, 1], B[:, 1]) > hi[1]))
    a, b = A[m], B[m]
    corners = a[np.hypot(*(a - p).T) < rem]
    extra = np.arctan2(corners[:, 1] - p[1], corners[:, 0] - p[0]) if len(corners) else np.zeros(0)
    ang = np.sort(np.concatenate([base_ang, extra, extra - 1e-7, extra + 1e-7]) % (2 * math.pi))
    dirs = np.stack([np.cos(ang), np.sin(ang)], axis=1)
    reach = np.full(len(ang), rem)
    if len(a):
        e = b - a
        w = a - p
        den = dirs[:, None, 0] * e[None, :, 1] - dirs[:, None, 1] * e[None, :, 0]
        with np.errstate(divide="ignore", invalid="ignore"):
            t = (w[None, :, 0] * e[None, :, 1] - w[None, :, 1] * e[None, :, 0]) / den
            u = (w[None, :, 0] * dirs[:, None, 1] - w[None, :, 1] * dirs[:, None, 0]) / den
        ok = (den != 0) & (t > 1e-9) & (u >= -1e-12) & (u <= 1 + 1e-12)
        t = np.where(ok, t, np.inf)
        reach = np.minimum(reach, t.min(axis=1))
    if vi is not None:
        # Rays from a corner into its own obstacle go nowhere.
        prev, nxt = finder._prev[vi], finder._next[vi]
        c1 = (p[0] - prev[0]) * dirs[:, 1] - (p[1] - prev[1]) * dirs[:, 0]
        c2 = (nxt[0] - p[0]) * dirs[:, 1] - (nxt[1] - p[1]) * dirs[:, 0]
        reach[(c1 < 0) & (c2 < 0)] = 0.0
    pts = p + dirs * reach[:, None]
    poly = Polygon(pts)
    if not poly.is_valid:
        poly = shapely.make_valid(poly)
        poly = shapely.union_all([g for g in shapely.get_parts(poly) if g.geom_type == "Polygon"]) if not isinstance(poly, Polygon) else poly
    return poly

"""Exact contact, distance and overlap: one primitive per question.

Every measurement a rule acts on - how far apart two bases are, whether a
base touches a template or a terrain piece, where a moving base first
touches something - is answered here analytically, in double precision:
circles are true circles (never polygons), rectangles and terrain are their
exact polygons. Polygonised circles (``Base.footprint`` of a round base, a
blast template's ``polygon``) are for drawing only.

Bases are circles or rectangles (:class:`~game.geometry.shapes.Base`); there
is no oval base in the project (ellipses exist only as terrain polygons drawn
by the editor).

Questions and their primitives (all mm, table coordinates, y down):

- distance between segments and a point: :func:`segment_distances`,
  :func:`closest_on_segment`;
- a disc against a polygon: :func:`disc_polygon_gap` (0 when they touch or
  overlap), :func:`disc_meets_polygon`, :func:`disc_polygon_area` (the exact
  area of their intersection, for covered shares);
- bases: :func:`base_point_distance`, :func:`base_gap` (edge to edge),
  :func:`base_overlap` (penetration depth: circle-circle, circle-rectangle by
  the closest point, rectangle-rectangle by separating axes);
- first contact of a moving disc: :func:`disc_entry` (against discs),
  :func:`edge_entry` (against segments: their flat sides and their end
  points), :func:`sweep_polygon` (against one polygon, holes included), each a
  closed-form quadratic or linear solve. Many sweeps over the same obstacles:
  :class:`game.geometry.movement.SweepIndex`.

Two conventions for a disc that already touches at the start of a sweep:
``leave_free=False`` ("touch": the contact is at once, t = 0) and
``leave_free=True`` (movement: the contact is at once only if the disc moves
closer; sliding along or moving away is free).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import Point, Polygon

if TYPE_CHECKING:  # shapes imports this module (template overlap); Base is only duck-typed here
    from game.geometry.shapes import Base

__all__ = [
    "TOUCH_EPS", "segment_distances", "closest_on_segment", "polygon_edges", "disc_polygon_gap",
    "disc_meets_polygon", "disc_polygon_area", "base_point_distance", "base_gap", "base_overlap",
    "disc_entry", "disc_entry_one", "edge_entry", "sweep_polygon", "path_polygon_gap",
]

#: Squared-distance slack (relative to the reach, mm) within which a disc counts as touching a
#: circle at the start of a sweep (rounding of positions placed exactly in contact).
TOUCH_EPS = 1e-9


# --------------------------------------------------------------------------- points and segments


def segment_distances(p: Sequence[float], a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distances (mm) from the point ``p`` to the segments ``a[i]-b[i]`` ((N, 2) arrays); (N,)."""
    a = np.asarray(a, dtype=float).reshape(-1, 2)
    b = np.asarray(b, dtype=float).reshape(-1, 2)
    e = b - a
    w = np.asarray(p, dtype=float) - a
    L2 = np.einsum("ij,ij->i", e, e)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(L2 > 0, np.einsum("ij,ij->i", w, e) / L2, 0.0)
    t = np.clip(t, 0.0, 1.0)
    d = w - t[:, None] * e
    return np.hypot(d[:, 0], d[:, 1])


def closest_on_segment(p: Sequence[float], a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The point of the segment ``a-b`` nearest ``p`` (mm)."""
    ax, ay, bx, by = float(a[0]), float(a[1]), float(b[0]), float(b[1])
    ex, ey = bx - ax, by - ay
    L2 = ex * ex + ey * ey
    t = 0.0 if L2 <= 0 else max(0.0, min(1.0, ((float(p[0]) - ax) * ex + (float(p[1]) - ay) * ey) / L2))
    return (ax + t * ex, ay + t * ey)


def polygon_edges(polygon: Polygon) -> tuple[np.ndarray, np.ndarray]:
    """All boundary edges (exterior and holes) as ``(starts, ends)`` (N, 2) arrays, the
    polygon's inside on each edge's left in x-right/y-up terms (shapely's counter-clockwise
    exterior). Zero-length edges are kept (callers skip them)."""
    return _edges_cached(shapely.to_wkb(polygon))


@lru_cache(maxsize=256)
def _edges_cached(wkb: bytes) -> tuple[np.ndarray, np.ndarray]:
    polygon = shapely.orient_polygons(shapely.from_wkb(wkb), exterior_cw=False)
    a, b = [], []
    for ring in (polygon.exterior, *polygon.interiors):
        c = np.asarray(ring.coords)[:, :2]
        a.append(c[:-1])
        b.append(c[1:])
    A, B = np.concatenate(a), np.concatenate(b)
    A.setflags(write=False)
    B.setflags(write=False)
    return A, B


# --------------------------------------------------------------------------- discs and polygons


def disc_polygon_gap(x: float, y: float, r: float, polygon: Polygon) -> float:
    """Gap (mm) between the disc of radius ``r`` at (x, y) and ``polygon``: 0 when they touch or
    overlap (the centre inside counts as overlapping). Exact: the distance from the centre to
    the polygon (GEOS, point to exact edges) less ``r``."""
    return max(0.0, float(polygon.distance(Point(x, y))) - r)


def disc_meets_polygon(x: float, y: float, r: float, polygon: Polygon, tolerance: float = 0.0) -> bool:
    """True when the disc (x, y, r) touches or overlaps ``polygon`` (gap <= ``tolerance`` mm)."""
    return float(polygon.distance(Point(x, y))) <= r + tolerance


def disc_polygon_area(x: float, y: float, r: float, polygon: Polygon) -> float:
    """Exact area (mm^2) of the intersection of the disc (x, y, r) with ``polygon`` (holes included).

    Sum over the boundary edges of the signed area of the disc cut by the triangle (centre,
    edge start, edge end): straight pieces inside the circle count as triangles, pieces
    outside as circular sectors. No polygonised circle is involved.
    """
    if r <= 0 or polygon.is_empty or float(polygon.distance(Point(x, y))) >= r:
        return 0.0  # apart or only touching (rounding would leave a few 1e-16 mm^2)
    A, B = polygon_edges(polygon)
    P = A - (x, y)
    Q = B - (x, y)
    D = Q - P
    a = np.einsum("ij,ij->i", D, D)
    b = np.einsum("ij,ij->i", P, D)
    c = np.einsum("ij,ij->i", P, P) - r * r
    disc = b * b - a * c
    ok = (a > 0) & (disc > 0)
    s1 = np.zeros(len(P))
    s2 = np.zeros(len(P))
    with np.errstate(divide="ignore", invalid="ignore"):
        root = np.sqrt(np.where(ok, disc, 0.0))
        s1 = np.where(ok, np.clip((-b - root) / np.where(ok, a, 1.0), 0.0, 1.0), 0.0)
        s2 = np.where(ok, np.clip((-b + root) / np.where(ok, a, 1.0), 0.0, 1.0), 0.0)
    U = P + s1[:, None] * D
    V = P + s2[:, None] * D

    def sector(p, q):
        return 0.5 * r * r * np.arctan2(p[:, 0] * q[:, 1] - p[:, 1] * q[:, 0], np.einsum("ij,ij->i", p, q))

    tri = 0.5 * (U[:, 0] * V[:, 1] - U[:, 1] * V[:, 0])
    total = np.where(ok, sector(P, U) + tri + sector(V, Q), sector(P, Q))
    return float(min(abs(total.sum()), math.pi * r * r, polygon.area))


def path_polygon_gap(path: Sequence[Sequence[float]], polygon: Polygon) -> float:
    """Least distance (mm) from a polyline (or a single point) to ``polygon``; 0 when they meet.
    A disc of radius ``r`` swept along the path touches the polygon iff this is <= ``r``."""
    pts = np.asarray(path, dtype=float).reshape(-1, 2)
    geom = Point(pts[0]) if len(pts) == 1 else shapely.linestrings(pts)
    return float(polygon.distance(geom))


# --------------------------------------------------------------------------- bases


def _rect_frame(base: "Base") -> tuple[float, float, float, float, float, float]:
    h = math.radians(base.heading)
    fx, fy = math.cos(h), math.sin(h)
    return base.x, base.y, fx, fy, base.depth / 2.0, base.width / 2.0


def _rect_corners(base: "Base") -> np.ndarray:
    x, y, fx, fy, hd, hw = _rect_frame(base)
    sx, sy = -fy, fx
    return np.array([[x + fx * hd + sx * hw, y + fy * hd + sy * hw], [x + fx * hd - sx * hw, y + fy * hd - sy * hw],
                     [x - fx * hd - sx * hw, y - fy * hd - sy * hw], [x - fx * hd + sx * hw, y - fy * hd + sy * hw]])


def _rect_signed_distance(base: "Base", px: float, py: float) -> float:
    """Signed distance (mm) from a point to a rectangular base: negative inside."""
    x, y, fx, fy, hd, hw = _rect_frame(base)
    dx, dy = px - x, py - y
    u = abs(dx * fx + dy * fy) - hd
    v = abs(-dx * fy + dy * fx) - hw
    if u <= 0 and v <= 0:
        return max(u, v)
    return math.hypot(max(u, 0.0), max(v, 0.0))


def base_point_distance(base: "Base", point: Sequence[float]) -> float:
    """Distance (mm) from a point to the nearest part of a base (0 when the point is on it).
    Round bases are circles, rectangular bases their exact rectangle (closest point)."""
    px, py = float(point[0]), float(point[1])
    if base.is_circle:
        return max(0.0, math.hypot(px - base.x, py - base.y) - base.radius)
    return max(0.0, _rect_signed_distance(base, px, py))


def _rect_rect(a: "Base", b: "Base") -> tuple[float, float]:
    """(gap, depth) between two rectangles: separating axes for the depth, vertex-to-edge
    distances for the gap (two convex polygons that do not overlap are nearest at a vertex)."""
    ca, cb = _rect_corners(a), _rect_corners(b)
    depth = math.inf
    for corners in (ca, cb):
        for k in (0, 1):
            e = corners[k + 1] - corners[k]
            n = np.array([-e[1], e[0]]) / math.hypot(*e)
            pa, pb = ca @ n, cb @ n
            depth = min(depth, min(pa.max(), pb.max()) - max(pa.min(), pb.min()))
    if depth > 0:
        return 0.0, depth
    ea, eb = np.roll(ca, -1, axis=0), np.roll(cb, -1, axis=0)
    gap = min(min(segment_distances(p, cb, eb).min() for p in ca), min(segment_distances(p, ca, ea).min() for p in cb))
    return float(gap), 0.0


def base_gap(a: "Base", b: "Base") -> float:
    """Edge-to-edge gap (mm) between two bases; 0 when they touch or overlap. Exact for every
    pair: circle-circle by centres, circle-rectangle by the rectangle's closest point,
    rectangle-rectangle by vertex-to-edge distances."""
    if a.is_circle and b.is_circle:
        return max(0.0, math.hypot(b.x - a.x, b.y - a.y) - a.radius - b.radius)
    if a.is_circle or b.is_circle:
        c, r = (a, b) if a.is_circle else (b, a)
        return max(0.0, _rect_signed_distance(r, c.x, c.y) - c.radius)
    return _rect_rect(a, b)[0]


def base_overlap(a: "Base", b: "Base") -> float:
    """How deep two bases overlap (mm): the least distance one must move to clear the other,
    0 when they are apart or only touch. Circle-circle: r1 + r2 - d; circle-rectangle: radius
    less the centre's signed distance to the rectangle; rectangle-rectangle: the least
    projection overlap over the four separating axes."""
    if a.is_circle and b.is_circle:
        return max(0.0, a.radius + b.radius - math.hypot(b.x - a.x, b.y - a.y))
    if a.is_circle or b.is_circle:
        c, r = (a, b) if a.is_circle else (b, a)
        return max(0.0, c.radius - _rect_signed_distance(r, c.x, c.y))
    return _rect_rect(a, b)[1]


# --------------------------------------------------------------------------- sweeps


def disc_entry(p0: np.ndarray, d: np.ndarray, centres: np.ndarray, reach: np.ndarray, *,
               leave_free: bool = False) -> np.ndarray:
    """Earliest t in [0, 1] at which the point ``p0 + t d`` comes within ``reach`` of each centre.

    A disc of radius r against a disc of radius R is a point against reach r + R. Returns (N,)
    with ``inf`` where it never does. A point already within reach (up to :data:`TOUCH_EPS`)
    gives 0, unless ``leave_free`` and it is not moving closer (then inf: moving away from a
    disc it never comes closer later). Closed form: the smaller root of
    ``|p0 + t d - c|^2 = reach^2``, in the numerically stable arrangement.
    """
    centres = np.asarray(centres, dtype=float).reshape(-1, 2)
    reach = np.broadcast_to(np.asarray(reach, dtype=float), (len(centres),))
    t = np.full(len(centres), np.inf)
    if len(centres) == 0:
        return t
    f = p0 - centres
    a = float(d @ d)
    bh = f @ d  # half the linear coefficient: < 0 while moving closer
    c = np.einsum("ij,ij->i", f, f) - reach**2
    inside = c <= TOUCH_EPS * np.maximum(reach, 1.0)
    t[inside & ((bh < 0) | (not leave_free))] = 0.0
    if a > 0:
        # a quarter of the discriminant by Lagrange's identity, |d|^2 R^2 - (f x d)^2, factored: no
        # cancellation when the path runs through the centre; the smaller root as c / (-bh + sqrt):
        # no cancellation when the start is near the circle
        lr = math.sqrt(a) * reach
        h = np.abs(f[:, 0] * d[1] - f[:, 1] * d[0])
        q = (lr - h) * (lr + h)
        ok = ~inside & (q >= 0) & (bh < 0)
        root = c[ok] / (-bh[ok] + np.sqrt(q[ok]))
        t[ok] = np.where(root <= 1, root, np.inf)
    return t


def disc_entry_one(x0: float, y0: float, dx: float, dy: float, cx: float, cy: float, reach: float) -> float:
    """:func:`disc_entry` for one disc in plain floats (the touch convention: 0 when the point
    starts within ``reach``); ``inf`` when the point ``(x0, y0) + t (dx, dy)``, t in [0, 1],
    never comes within ``reach`` of (cx, cy). The same stable closed form, without numpy's
    per-call cost (the space fleet asks it for every ship, marker and salvo on every move)."""
    fx, fy = x0 - cx, y0 - cy
    c = fx * fx + fy * fy - reach * reach
    if c <= TOUCH_EPS * max(reach, 1.0):
        return 0.0
    bh = fx * dx + fy * dy
    a = dx * dx + dy * dy
    if bh >= 0 or a == 0:
        return math.inf
    lr = math.sqrt(a) * reach
    h = abs(fx * dy - fy * dx)
    q = (lr - h) * (lr + h)
    if q < 0:
        return math.inf
    t = c / (-bh + math.sqrt(q))
    return t if t <= 1 else math.inf


def edge_entry(p0: np.ndarray, d: np.ndarray, a: np.ndarray, b: np.ndarray, r: float, *,
               leave_free: bool = False, ends: bool = True) -> np.ndarray:
    """Earliest t in [0, 1] at which a disc of radius ``r`` centred on ``p0 + t d`` touches each
    segment ``a[i]-b[i]``; (N,), ``inf`` where it never does.

    The disc touches a segment when its centre reaches the segment's flat sides (offset by
    ``r``) or, with ``ends``, the circles of radius ``r`` about its end points (callers sweeping
    closed rings pass ``ends=False`` and get the corners from :func:`disc_entry` on the ring's
    vertices once). A disc already touching a side at the start: t = 0, unless ``leave_free``
    and it is not moving toward the segment's line; a centre exactly on the line counts as on
    the outer (right-hand) side of an edge oriented as :func:`polygon_edges` gives them.
    """
    a = np.asarray(a, dtype=float).reshape(-1, 2)
    b = np.asarray(b, dtype=float).reshape(-1, 2)
    t = np.full(len(a), np.inf)
    if len(a) == 0:
        return t
    e = b - a
    L = np.hypot(e[:, 0], e[:, 1])
    good = L > 0
    Ls = np.where(good, L, 1.0)
    n = np.stack([-e[:, 1], e[:, 0]], axis=1) / Ls[:, None]
    s0 = np.einsum("ij,ij->i", p0 - a, n)  # > 0: on the left (inner) side
    vn = n @ d
    side = np.where(s0 > 0, 1.0, -1.0)
    approaching = side * vn < 0
    near = np.abs(s0) <= r
    with np.errstate(divide="ignore", invalid="ignore"):
        tt = np.where(approaching & ~near, (side * r - s0) / vn, np.inf)
    if leave_free:
        tt = np.where(approaching & near, 0.0, tt)
    else:
        tt = np.where(near, 0.0, tt)
    at = p0 + np.where(np.isfinite(tt), tt, 0.0)[:, None] * d
    u = np.einsum("ij,ij->i", at - a, e) / (Ls * Ls)
    valid = good & np.isfinite(tt) & (tt <= 1) & (u >= 0) & (u <= 1)
    t[valid] = tt[valid]
    if ends and r >= 0:
        t = np.minimum(t, disc_entry(p0, d, a, np.full(len(a), r), leave_free=leave_free))
        t = np.minimum(t, disc_entry(p0, d, b, np.full(len(b), r), leave_free=leave_free))
    return t


def sweep_polygon(start: Sequence[float], end: Sequence[float], r: float, polygon: Polygon) -> float | None:
    """Distance (mm) along the segment ``start-end`` at which a disc of radius ``r`` centred on
    it first touches ``polygon`` (holes included); 0 when it touches at the start; None when it
    never does. Exact: the least root over the polygon's edges and corners (:func:`edge_entry`,
    :func:`disc_entry`), no buffered outline.
    """
    if r < 0:
        raise ValueError(f"radius must be >= 0, got {r}")
    x0, y0, x1, y1 = float(start[0]), float(start[1]), float(end[0]), float(end[1])
    minx, miny, maxx, maxy = polygon.bounds
    if maxx < min(x0, x1) - r or minx > max(x0, x1) + r or maxy < min(y0, y1) - r or miny > max(y0, y1) + r:
        return None
    if float(polygon.distance(Point(x0, y0))) <= r:
        return 0.0
    p0 = np.array([x0, y0])
    d = np.array([x1 - x0, y1 - y0])
    L = math.hypot(*d)
    if L == 0 or float(polygon.distance(shapely.linestrings([(x0, y0), (x1, y1)]))) > r:
        return None  # the swept disc never reaches it (GEOS: exact segment distances)
    A, B = polygon_edges(polygon)
    t = min(float(edge_entry(p0, d, A, B, r, ends=False).min()),
            float(disc_entry(p0, d, A, np.full(len(A), r)).min()) if r > 0 else math.inf)
    return t * L if math.isfinite(t) else None


# --------------------------------------------------------------------------- convex polygons (rectangular bases)
#
# Blocks of rectangular bases (game.geometry.formation) move by translation (advance, oblique) and
# by rotation about a point (wheel). Their contact is solved exactly for convex polygons given as
# vertex arrays (N, k, 2) - a rectangle has k = 4, a terrain edge is a 2-vertex "polygon" - by
# separating axes: two convex sets are apart iff some edge normal of either separates them.

#: Penetration (mm) below which two convex bases count as touching, not overlapping.
CONVEX_EPS = 1e-6


def _axes(P: np.ndarray) -> np.ndarray:
    """Unit edge normals (N, k, 2) of convex polygons (N, k, 2); zero for degenerate edges."""
    e = np.concatenate([P[:, 1:], P[:, :1]], axis=1) - P  # next vertex minus this (np.roll, faster)
    n = np.stack([-e[..., 1], e[..., 0]], axis=-1)
    L = np.hypot(n[..., 0], n[..., 1])
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(L[..., None] > 0, n / np.where(L > 0, L, 1.0)[..., None], 0.0)


def _paired_separation(Ap: np.ndarray, Bp: np.ndarray) -> np.ndarray:
    """Separation (P,) of polygon pairs ``Ap[p]``, ``Bp[p]`` ((P, k, 2), (P, m, 2)): see
    :func:`convex_separation`."""
    ax = np.concatenate([_axes(Ap), _axes(Bp)], axis=1)  # (P, K, 2)
    real = np.hypot(ax[..., 0], ax[..., 1]) > 0
    pa = np.einsum("pkd,pjd->pjk", Ap, ax)
    pb = np.einsum("pkd,pjd->pjk", Bp, ax)
    sep = np.maximum(pb.min(-1) - pa.max(-1), pa.min(-1) - pb.max(-1))
    return np.where(real, sep, -np.inf).max(axis=1)


def convex_separation(A: np.ndarray, B: np.ndarray, near: float = math.inf) -> np.ndarray:
    """Separation (N, M) of convex polygons ``A`` (N, k, 2) and ``B`` (M, m, 2), mm: the largest
    gap along any edge normal of either. Positive: apart (a lower bound of the edge-to-edge gap,
    equal to it when the nearest features are parallel edges, as for aligned bases); zero:
    touching; negative: overlapping, by minus the least depth one must move to clear the other
    (the penetration depth of :func:`base_overlap`).

    ``near``: pairs whose bounding boxes are more than ``near`` mm apart are not solved; their
    value is the gap between the boxes (positive, a lower bound of the true gap). Callers that
    only ask whether bases touch or overlap pass a small ``near`` to skip far pairs.
    """
    A = np.asarray(A, dtype=float).reshape(-1, np.shape(A)[-2], 2)
    B = np.asarray(B, dtype=float).reshape(-1, np.shape(B)[-2], 2)
    if len(A) == 0 or len(B) == 0:
        return np.zeros((len(A), len(B)))
    lo_a, hi_a, lo_b, hi_b = A.min(1), A.max(1), B.min(1), B.max(1)
    gap = np.maximum(lo_b[None, :, :] - hi_a[:, None, :], lo_a[:, None, :] - hi_b[None, :, :]).max(-1)
    out = gap.copy()
    ia, ib = np.nonzero(gap <= near)
    if len(ia):
        out[ia, ib] = _paired_separation(A[ia], B[ib])
    return out


def convex_touching(A: np.ndarray, B: np.ndarray, eps: float = CONVEX_EPS) -> np.ndarray:
    """(N, M) True where polygon ``A[i]`` touches or overlaps ``B[j]`` (separation <= ``eps`` mm)."""
    return convex_separation(A, B, near=2 * eps + 1e-9) <= eps


def convex_overlapping(A: np.ndarray, B: np.ndarray, eps: float = CONVEX_EPS) -> np.ndarray:
    """(N, M) True where polygon ``A[i]`` overlaps ``B[j]`` deeper than touching (more than ``eps`` mm)."""
    return convex_separation(A, B, near=eps) < -eps


def translate_entry(A: np.ndarray, d, B: np.ndarray, eps: float = CONVEX_EPS) -> tuple[float, int, int]:
    """First contact of convex polygons ``A`` (N, k, 2) moved together by ``t * d`` (t in [0, 1])
    with fixed convex polygons ``B`` (M, m, 2) (2-vertex polygons are segments).

    Returns ``(t, i, j)``: the least t at which some ``A[i]`` touches some ``B[j]`` and would go
    on into it, or ``(inf, -1, -1)``. Exact (separating axes in closed form). Pairs touching at
    the start stop the move at once only if the move takes them into each other by more than
    ``eps`` mm; sliding along or moving away is free, and so is a graze that never overlaps.
    """
    A = np.asarray(A, dtype=float).reshape(-1, np.shape(A)[-2], 2)
    B = np.asarray(B, dtype=float).reshape(-1, np.shape(B)[-2], 2)
    if len(A) == 0 or len(B) == 0:
        return math.inf, -1, -1
    d = np.asarray(d, dtype=float)
    # broad phase: the swept boxes
    lo_a = np.minimum(A.min(1), A.min(1) + d)
    hi_a = np.maximum(A.max(1), A.max(1) + d)
    lo_b, hi_b = B.min(1), B.max(1)
    near = ((hi_a[:, None, :] >= lo_b[None, :, :] - eps) & (lo_a[:, None, :] <= hi_b[None, :, :] + eps)).all(-1)
    ia, ib = np.nonzero(near)
    if len(ia) == 0:
        return math.inf, -1, -1
    # narrow phase on the near pairs only, (P, K, ...) in row-major order of (i, j)
    ax = np.concatenate([_axes(A)[ia], _axes(B)[ib]], axis=1)
    real = np.hypot(ax[..., 0], ax[..., 1]) > 0
    pa = np.einsum("pkd,pjd->pjk", A[ia], ax)
    pb = np.einsum("pkd,pjd->pjk", B[ib], ax)
    a0, a1, b0, b1 = pa.min(-1), pa.max(-1), pb.min(-1), pb.max(-1)
    v = np.einsum("d,pjd->pj", d, ax)
    with np.errstate(divide="ignore", invalid="ignore"):
        pos, neg = v > 0, v < 0
        # exact touching interval on each axis
        lo = np.where(pos, (b0 - a1) / v, np.where(neg, (b1 - a0) / v, np.where((a1 >= b0) & (a0 <= b1), -np.inf, np.inf)))
        # overlap deeper than eps on each axis
        lo_e = np.where(pos, (b0 + eps - a1) / v, np.where(neg, (b1 - eps - a0) / v,
                                                            np.where((a1 > b0 + eps) & (a0 < b1 - eps), -np.inf, np.inf)))
        hi_e = np.where(pos, (b1 - eps - a0) / v, np.where(neg, (b0 + eps - a1) / v,
                                                            np.where((a1 > b0 + eps) & (a0 < b1 - eps), np.inf, -np.inf)))
    lo = np.where(real, lo, -np.inf).max(-1)
    lo_e = np.where(real, lo_e, -np.inf).max(-1)
    hi_e = np.where(real, hi_e, np.inf).min(-1)
    enters = (lo_e < hi_e) & (lo_e <= 1.0) & (hi_e > 0.0)
    if not enters.any():
        return math.inf, -1, -1
    t = np.where(enters, np.maximum(lo, 0.0), np.inf)
    k = int(np.argmin(t))
    return float(t[k]), int(ia[k]), int(ib[k])


def _arc_hits(P: np.ndarray, pivot, S0: np.ndarray, S1: np.ndarray,
              direction: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rotation (radians, in ``direction`` +1 clockwise on screen / -1, in [0, 2 pi)) that takes
    points ``P[p]`` about ``pivot`` onto segments ``S0[s]-S1[s]``: ``(p, s, phi)``, the pairs
    whose point's circle can reach the segment (its radius between the segment's least and
    greatest distance from the pivot, with a wide margin), in row-major order, and ``phi``
    (n_pairs, 2) for the two crossings of the circle with the segment's line, ``inf`` where a
    crossing is off the segment or the circle misses it. Every pair left out has no crossing."""
    c = np.asarray(pivot, dtype=float)
    p = P - c  # (np, 2)
    r2 = np.einsum("pd,pd->p", p, p)
    a = S0 - c  # (ns, 2)
    e = S1 - S0
    ee = np.einsum("sd,sd->s", e, e)
    ae = np.einsum("sd,sd->s", a, e)
    aa = np.einsum("sd,sd->s", a, a)
    # broad phase: |a + s e|^2 over s in [0, 1] spans [lo2, hi2]
    b = S1 - c
    bb = np.einsum("sd,sd->s", b, b)
    with np.errstate(divide="ignore", invalid="ignore"):
        tc = np.clip(np.where(ee > 0, -ae / np.where(ee > 0, ee, 1.0), 0.0), 0.0, 1.0)
    q = a + tc[:, None] * e
    lo2 = np.einsum("sd,sd->s", q, q)
    hi2 = np.maximum(aa, bb)
    reach = (r2[:, None] >= lo2[None, :] * (1 - 1e-6) - 1e-6) & (r2[:, None] <= hi2[None, :] * (1 + 1e-6) + 1e-6) \
        & (ee[None, :] > 0)
    ip, js = np.nonzero(reach)
    out = np.full((len(ip), 2), np.inf)
    if len(ip) == 0:
        return ip, js, out
    r2p, aej, eej, aaj = r2[ip], ae[js], ee[js], aa[js]
    # |a + s e|^2 = r^2
    disc = aej ** 2 - eej * (aaj - r2p)
    ok = (disc >= 0) & (eej > 0)
    root = np.sqrt(np.where(ok, disc, 0.0))
    alpha = np.arctan2(p[:, 1], p[:, 0])[ip]
    aj, ej = a[js], e[js]
    for k, sgn in enumerate((-1.0, 1.0)):
        with np.errstate(divide="ignore", invalid="ignore"):
            s = (-aej + sgn * root) / np.where(eej > 0, eej, 1.0)
        good = ok & (s >= -1e-12) & (s <= 1 + 1e-12)
        qx = aj[:, 0] + s * ej[:, 0]
        qy = aj[:, 1] + s * ej[:, 1]
        beta = np.arctan2(qy, qx)
        phi = np.mod((beta - alpha) * direction, 2 * math.pi)
        phi = np.where(phi > 2 * math.pi - 1e-12, 0.0, phi)
        out[:, k] = np.where(good, phi, np.inf)
    return ip, js, out


def _edges_of(P: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Edge starts, ends (E, 2) and owner index of polygons (N, k, 2); a 2-vertex polygon
    (a segment) gives its one edge."""
    k = P.shape[1]
    if k == 2:
        return P[:, 0], P[:, 1], np.arange(len(P))
    return P.reshape(-1, 2), np.concatenate([P[:, 1:], P[:, :1]], axis=1).reshape(-1, 2), np.repeat(np.arange(len(P)), k)


def _meets_turn(A: np.ndarray, c: np.ndarray, turn: float, B: np.ndarray, margin: float = 1e-3) -> np.ndarray:
    """(M,) False where polygon ``B[j]`` is more than ``margin`` mm from every position of
    polygons ``A`` (N, k, 2) turned about ``c`` by 0 to ``turn`` radians: such a polygon
    cannot be touched by the turn. The positions lie in one convex region: an arc of at most
    90 degrees lies in the triangle of its two ends and the meeting point of the tangents
    there, so the hull of the vertices turned at each end and, pushed out by 1 / cos(half
    the step), halfway between, holds them all."""
    n = max(1, math.ceil(abs(turn) / (math.pi / 2)))
    step = turn / n
    V = A.reshape(-1, 2) - c
    pts = []
    for k in range(2 * n + 1):
        a = step * k / 2
        cs, sn = math.cos(a), math.sin(a)
        f = 1.0 if k % 2 == 0 else 1.0 / math.cos(step / 2)
        pts.append(np.stack([V[:, 0] * cs - V[:, 1] * sn, V[:, 0] * sn + V[:, 1] * cs], axis=-1) * f)
    hull = shapely.convex_hull(shapely.multipoints(np.vstack(pts) + c))
    if hull.geom_type != "Polygon":
        return np.ones(len(B), dtype=bool)
    H = np.asarray(hull.exterior.coords)[:-1, :2]
    return convex_separation(H[None], B, near=margin)[0] <= margin


def rotate_entry(A: np.ndarray, pivot, angle: float, B: np.ndarray, eps: float = CONVEX_EPS) -> tuple[float, int, int]:
    """First contact of convex polygons ``A`` (N, k, 2) turned together about ``pivot`` by up to
    ``angle`` degrees (clockwise on screen; negative counter-clockwise) with fixed convex
    polygons ``B`` (M, m, 2).

    Returns ``(a, i, j)``: the least turn ``a`` (degrees, the sign of ``angle``) at which some
    ``A[i]`` touches some ``B[j]`` and would go on into it, or ``(inf, -1, -1)``. Exact: two
    convex polygons first meet where a vertex of one reaches an edge of the other, so the
    candidates are every vertex's circle about the pivot crossing every edge (closed form),
    each then confirmed by the separating axes just past it. Touching at the start counts
    only when the turn takes them into each other (as :func:`translate_entry`).
    """
    A = np.asarray(A, dtype=float).reshape(-1, np.shape(A)[-2], 2)
    B = np.asarray(B, dtype=float).reshape(-1, np.shape(B)[-2], 2)
    if len(A) == 0 or len(B) == 0 or angle == 0:
        return math.inf, -1, -1
    total = abs(math.radians(angle))
    sgn = 1.0 if angle > 0 else -1.0
    c = np.asarray(pivot, dtype=float)
    # broad phase: B near the disc the turning polygons sweep
    R = float(np.hypot(*(A - c).reshape(-1, 2).T).max())
    dB = np.hypot(*(B.mean(1) - c).T) - np.hypot(*(B - B.mean(1, keepdims=True)).reshape(-1, 2).T).reshape(len(B), -1).max(1)
    near_b = np.nonzero(dB <= R + eps)[0]
    if len(near_b) == 0:
        return math.inf, -1, -1
    near_b = near_b[_meets_turn(A, c, sgn * total, B[near_b])]
    if len(near_b) == 0:
        return math.inf, -1, -1
    B2 = B[near_b]
    kA = A.shape[1]
    PA = A.reshape(-1, 2)
    own_pa = np.repeat(np.arange(len(A)), kA)
    s0, s1, own_sb = _edges_of(B2)
    h1 = _arc_hits(PA, c, s0, s1, sgn)  # A's vertices reaching B's edges
    PB = B2.reshape(-1, 2)
    own_pb = np.repeat(np.arange(len(B2)), B2.shape[1])
    e0, e1, own_ea = _edges_of(A)
    h2 = _arc_hits(PB, c, e0, e1, -sgn)  # B's vertices reaching A's edges (turning the other way)
    cand = []
    for (rows, cols, h), ia, ib in ((h1, own_pa[h1[0]], own_sb[h1[1]]), (h2, own_ea[h2[1]], own_pb[h2[0]])):
        hh = h.min(-1)
        ok = hh <= total
        if ok.any():
            cand.append(np.stack([hh[ok], ia[ok], ib[ok]], axis=1))
    if not cand:
        return math.inf, -1, -1
    C = np.concatenate(cand)
    C = C[np.argsort(C[:, 0], kind="stable")]
    # confirm in order: just past the candidate the pair must overlap by more than eps
    # (a few candidates at a time, each pair as convex_separation solves it)
    for k0 in range(0, len(C), 16):
        rows = [(phi, int(i), int(j)) for phi, i, j in C[k0:k0 + 16]]
        steps = [min(total, phi + max(1e-7, 1e-5 * total)) for phi, _, _ in rows]
        keep = [k for k, (st, (phi, _, _)) in enumerate(zip(steps, rows)) if st > phi]
        if not keep:
            continue
        cs = np.array([math.cos(sgn * steps[k]) for k in keep])[:, None]
        sn = np.array([math.sin(sgn * steps[k]) for k in keep])[:, None]
        q = A[[rows[k][1] for k in keep]] - c
        turned = np.stack([q[..., 0] * cs - q[..., 1] * sn, q[..., 0] * sn + q[..., 1] * cs], axis=-1) + c
        sep = _paired_separation(turned, B2[[rows[k][2] for k in keep]])
        for k, v in zip(keep, sep):
            if v < -eps:
                phi, i, j = rows[k]
                return math.degrees(sgn * phi), i, int(near_b[j])
    return math.inf, -1, -1

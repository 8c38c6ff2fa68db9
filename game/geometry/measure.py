"""Distances, range bands, bearings and neighbour queries.

Distances are table mm. "Centre" distances are between base centres;
"edge" distances are the gap between the bases themselves (0 when touching,
overlap is reported as 0), exact for round and rectangular bases alike
(:mod:`game.geometry.contact`; a rectangle is never taken for its bounding
circle, a circle never for a polygon). Bearings are degrees clockwise from +x in table
coordinates (y down), in [0, 360).
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np
from scipy.spatial import cKDTree

from game.geometry.contact import base_gap, base_point_distance
from game.geometry.shapes import Base, normalise_deg

__all__ = [
    "centre_distance", "edge_distance", "range_band", "range_bands", "bearing", "angle_difference",
    "normalise_deg", "nearest", "within_radius", "pairs_within", "centres",
]


def _xy(p) -> tuple[float, float]:
    if isinstance(p, Base):
        return p.x, p.y
    return float(p[0]), float(p[1])


def centres(bases: Sequence[Base]) -> np.ndarray:
    """(N, 2) array of base centres."""
    return np.array([[b.x, b.y] for b in bases], dtype=float).reshape(-1, 2)


def centre_distance(a: "Base | Sequence[float]", b: "Base | Sequence[float]") -> float:
    """Centre-to-centre distance in mm between two bases or points."""
    ax, ay = _xy(a)
    bx, by = _xy(b)
    return math.hypot(bx - ax, by - ay)


def edge_distance(a: Base, b: Base) -> float:
    """Gap in mm between two bases (0 when touching or overlapping): :func:`contact.base_gap`,
    exact for circles and rectangles."""
    return base_gap(a, b)


def range_band(distance: float, edges: Sequence[float]) -> int:
    """Index of the range band containing ``distance``.

    ``edges`` are the ascending upper limits of the bands (e.g. close 200,
    long 400 -> ``[200, 400]``); a distance equal to an edge belongs to the
    nearer band ("up to and including"). Returns ``len(edges)`` when beyond the
    last edge (out of range).

    Raises:
        ValueError: edges not ascending.
    """
    if any(b < a for a, b in zip(edges, edges[1:])):
        raise ValueError("range band edges must be ascending")
    # bisect_left on upper limits: distance == edge -> that band
    lo, hi = 0, len(edges)
    while lo < hi:
        mid = (lo + hi) // 2
        if edges[mid] < distance:
            lo = mid + 1
        else:
            hi = mid
    return lo


def range_bands(distances, edges: Sequence[float]) -> np.ndarray:
    """Vectorised :func:`range_band` for an array of distances (same convention)."""
    return np.searchsorted(np.asarray(edges, dtype=float), np.asarray(distances, dtype=float), side="left")


def bearing(a: "Base | Sequence[float]", b: "Base | Sequence[float]") -> float:
    """Bearing from a to b in degrees [0, 360), clockwise from +x with y down (atan2(dy, dx)).

    Raises:
        ValueError: a and b coincide.
    """
    ax, ay = _xy(a)
    bx, by = _xy(b)
    if ax == bx and ay == by:
        raise ValueError("bearing between coincident points is undefined")
    return math.degrees(math.atan2(by - ay, bx - ax)) % 360.0


def angle_difference(a: float, b: float) -> float:
    """Signed smallest turn from heading a to heading b, degrees in (-180, 180] (positive clockwise)."""
    return normalise_deg(b - a)


def _edge_distances(point: "Base | Sequence[float]", bases: Sequence[Base], idx) -> np.ndarray:
    """Exact edge distances from ``point`` (a point, or a Base: edge to edge) to ``bases[i]``
    for ``i`` in ``idx``."""
    if isinstance(point, Base):
        return np.array([base_gap(point, bases[i]) for i in idx], dtype=float)
    return np.array([base_point_distance(bases[i], point) for i in idx], dtype=float)


def nearest(point: "Base | Sequence[float]", bases: Sequence[Base], *, edge: bool = False,
            exclude: "Base | None" = None) -> tuple[int, float]:
    """Index and distance (mm) of the base nearest ``point`` (ties: lowest index).

    With ``edge=True`` the distance is to the base's edge: from a point to the
    nearest part of each base, or from a Base edge to edge (exact for round and
    rectangular bases). Otherwise centre to centre.

    Raises:
        ValueError: no candidate bases.
    """
    px, py = _xy(point)
    xy = centres(bases)
    d = np.hypot(xy[:, 0] - px, xy[:, 1] - py)
    if edge and len(bases):
        # the bounding circles give a lower bound: only bases that could beat the best are measured
        rr = np.array([b.bounding_radius for b in bases])
        own = point.bounding_radius if isinstance(point, Base) else 0.0
        lower = np.maximum(0.0, d - rr - own)
        if exclude is not None:
            lower = np.where([b is exclude for b in bases], np.inf, lower)
        d = np.full(len(bases), np.inf)
        order = np.argsort(lower, kind="stable")
        best = np.inf
        for i in order:
            if lower[i] > best or not np.isfinite(lower[i]):
                break
            d[i] = _edge_distances(point, bases, [i])[0]
            best = min(best, d[i])
    elif exclude is not None:
        d = np.where([b is exclude for b in bases], np.inf, d)
    if d.size == 0 or not np.isfinite(d).any():
        raise ValueError("nearest() needs at least one candidate base")
    i = int(np.argmin(d))
    return i, float(d[i])


def within_radius(point: "Base | Sequence[float]", bases: Sequence[Base], radius: float, *,
                  edge: bool = False) -> list[int]:
    """Indices (ascending) of bases within ``radius`` mm of ``point`` (inclusive).

    ``edge=True`` measures to the base's edge (any part of it within the radius;
    from a Base, edge to edge), exact for round and rectangular bases; otherwise
    to its centre. A cKDTree finds the candidates.
    """
    if not bases:
        return []
    px, py = _xy(point)
    xy = centres(bases)
    rr = np.array([b.bounding_radius for b in bases]) if edge else np.zeros(len(bases))
    own = point.bounding_radius if (edge and isinstance(point, Base)) else 0.0
    tree = cKDTree(xy)
    cand = sorted(tree.query_ball_point([px, py], radius + float(rr.max()) + own + 1e-9))
    if not edge:
        return [i for i in cand if math.hypot(xy[i, 0] - px, xy[i, 1] - py) <= radius + 1e-9]
    d = _edge_distances(point, bases, cand)
    return [i for i, di in zip(cand, d) if di <= radius + 1e-9]


def pairs_within(bases: Sequence[Base], distance: float, *, edge: bool = True) -> np.ndarray:
    """All unordered pairs (i < j) of bases within ``distance`` mm, as a (K, 2) int array sorted.

    ``edge=True`` (default) uses the edge-to-edge gap (e.g. "within 1 inch" of
    each other), exact for round and rectangular bases; ``edge=False``
    centre-to-centre. Uses ``cKDTree.query_pairs`` on the bounding circles, then
    the exact filter.
    """
    if len(bases) < 2:
        return np.zeros((0, 2), dtype=int)
    xy = centres(bases)
    rr = np.array([b.bounding_radius for b in bases]) if edge else np.zeros(len(bases))
    tree = cKDTree(xy)
    pairs = tree.query_pairs(distance + 2 * float(rr.max()) + 1e-9, output_type="ndarray")
    if pairs.size == 0:
        return np.zeros((0, 2), dtype=int)
    i, j = pairs[:, 0], pairs[:, 1]
    d = np.hypot(xy[i, 0] - xy[j, 0], xy[i, 1] - xy[j, 1]) - rr[i] - rr[j]
    keep = pairs[d <= distance + 1e-9]
    if edge and not all(b.is_circle for b in bases):
        keep = np.array([p for p in keep if base_gap(bases[p[0]], bases[p[1]]) <= distance + 1e-9],
                        dtype=int).reshape(-1, 2)
    keep = np.sort(keep, axis=1)
    return keep[np.lexsort((keep[:, 1], keep[:, 0]))]

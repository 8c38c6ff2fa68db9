"""Distances, range bands, bearings and neighbour queries.

Distances are table mm. "Centre" distances are between base centres;
"edge" distances are the gap between footprints (0 when touching, negative
overlap is reported as 0). Bearings are degrees clockwise from +x in table
coordinates (y down), in [0, 360).
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np
from scipy.spatial import cKDTree

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
    """Gap in mm between two footprints (0 when touching or overlapping).

    Round-round pairs are exact circles; anything involving a rectangle uses the
    footprint polygons.
    """
    if a.is_circle and b.is_circle:
        return max(0.0, math.hypot(b.x - a.x, b.y - a.y) - a.radius - b.radius)
    return float(a.footprint.distance(b.footprint))


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


def nearest(point: "Base | Sequence[float]", bases: Sequence[Base], *, edge: bool = False,
            exclude: "Base | None" = None) -> tuple[int, float]:
    """Index and distance of the base nearest ``point`` (ties: lowest index).

    With ``edge=True`` the distance is to the base's edge (round bases) minus the
    point's own radius if it is a round Base.

    Raises:
        ValueError: no candidate bases.
    """
    px, py = _xy(point)
    own = point.radius if (edge and isinstance(point, Base)) else 0.0
    xy = centres(bases)
    d = np.hypot(xy[:, 0] - px, xy[:, 1] - py)
    if edge:
        d = np.maximum(0.0, d - np.array([b.bounding_radius for b in bases]) - own)
    if exclude is not None:
        d = np.where([b is exclude for b in bases], np.inf, d)
    if d.size == 0 or not np.isfinite(d).any():
        raise ValueError("nearest() needs at least one candidate base")
    i = int(np.argmin(d))
    return i, float(d[i])


def within_radius(point: "Base | Sequence[float]", bases: Sequence[Base], radius: float, *,
                  edge: bool = False) -> list[int]:
    """Indices (ascending) of bases within ``radius`` mm of ``point`` (inclusive).

    ``edge=True`` measures to the base's edge (any part within the radius),
    otherwise to its centre. Uses a cKDTree.
    """
    if not bases:
        return []
    px, py = _xy(point)
    xy = centres(bases)
    rr = np.array([b.bounding_radius for b in bases]) if edge else np.zeros(len(bases))
    tree = cKDTree(xy)
    cand = tree.query_ball_point([px, py], radius + float(rr.max()) + 1e-9)
    out = [i for i in cand if math.hypot(xy[i, 0] - px, xy[i, 1] - py) - rr[i] <= radius + 1e-9]
    return sorted(out)


def pairs_within(bases: Sequence[Base], distance: float, *, edge: bool = True) -> np.ndarray:
    """All unordered pairs (i < j) of bases within ``distance`` mm, as a (K, 2) int array sorted.

    ``edge=True`` (default) uses edge-to-edge distance for round bases (e.g.
    "within 1 inch" of each other); ``edge=False`` centre-to-centre. Uses
    ``cKDTree.query_pairs`` then an exact filter.
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
        keep = np.array([p for p in keep if edge_distance(bases[p[0]], bases[p[1]]) <= distance + 1e-9],
                        dtype=int).reshape(-1, 2)
    keep = np.sort(keep, axis=1)
    return keep[np.lexsort((keep[:, 1], keep[:, 0]))]

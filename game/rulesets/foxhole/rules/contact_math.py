"""Plain-float distances used to rule out the impossible before exact sight (mm)."""

from __future__ import annotations

import math


def point_segment_distance(p, a, b) -> float:
    """Distance from point ``p`` to the segment a-b."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    return math.hypot(ax + t * dx - p[0], ay + t * dy - p[1])


def point_polyline_distance(p, pts) -> float:
    """Distance from ``p`` to the polyline ``pts`` (one point: to it)."""
    pts = [tuple(q) for q in pts]
    if len(pts) == 1:
        return math.hypot(pts[0][0] - p[0], pts[0][1] - p[1])
    return min(point_segment_distance(p, a, b) for a, b in zip(pts[:-1], pts[1:]))

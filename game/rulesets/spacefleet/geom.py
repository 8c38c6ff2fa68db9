"""Small geometry helpers for the space-fleet ruleset, on shapely.

The shared ``game/geometry`` package had no gravity-well, planet-LoS or
quadrant-aspect helpers when this ruleset was written, so these live here.
Table mm, degrees clockwise from +x (y down).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterable, Sequence

from shapely.geometry import LineString, Point, Polygon
from shapely.prepared import prep

EPS = 1e-6
QUADRANTS = ("front", "right", "rear", "left")


def norm(a: float) -> float:
    """Angle in degrees mapped into (-180, 180]."""
    a = math.fmod(a, 360.0)
    if a <= -180.0:
        a += 360.0
    elif a > 180.0:
        a -= 360.0
    return a


def bearing(ax: float, ay: float, bx: float, by: float) -> float:
    """Heading in degrees from (ax, ay) to (bx, by)."""
    return math.degrees(math.atan2(by - ay, bx - ax))


def step(x: float, y: float, heading: float, d: float) -> tuple[float, float]:
    """The point ``d`` mm from (x, y) along ``heading``."""
    a = math.radians(heading)
    return (x + d * math.cos(a), y + d * math.sin(a))


def quadrants(heading: float, x: float, y: float, tx: float, ty: float) -> tuple[str, ...]:
    """Quadrants of a ship at (x, y) facing ``heading`` that hold the point
    (tx, ty) (spacefleet_core 1.1 bearing compass): 90 degrees each; a point on
    a boundary is in both (the shooter then picks one)."""
    if abs(tx - x) < EPS and abs(ty - y) < EPS:
        return QUADRANTS
    rel = norm(bearing(x, y, tx, ty) - heading)
    out = []
    for name, centre in (("front", 0.0), ("right", 90.0), ("rear", 180.0), ("left", -90.0)):
        if abs(norm(rel - centre)) <= 45.0 + 1e-7:
            out.append(name)
    return tuple(out)


def seg_point_dist(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> tuple[float, float]:
    """(distance, t) from point p to segment ab; t in [0, 1] is the nearest point's fraction."""
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    if L2 <= 0:
        return math.hypot(px - ax, py - ay), 0.0
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy)), t


def first_touch(ax: float, ay: float, bx: float, by: float, px: float, py: float, r: float) -> float | None:
    """Distance along segment ab at which a point moving on it first comes within
    ``r`` of (px, py), or None."""
    dx, dy = bx - ax, by - ay
    L = math.hypot(dx, dy)
    fx, fy = ax - px, ay - py
    if fx * fx + fy * fy <= r * r:
        return 0.0
    if L <= 0:
        return None
    ux, uy = dx / L, dy / L
    b = fx * ux + fy * uy
    c = fx * fx + fy * fy - r * r
    disc = b * b - c
    if disc < 0:
        return None
    s = -b - math.sqrt(disc)
    if 0 <= s <= L:
        return s
    return None


def polyline_point_dist(pts: Sequence[tuple[float, float]], px: float, py: float) -> float:
    """Distance from a point to a polyline (a single point when len(pts) == 1)."""
    if len(pts) == 1:
        return math.hypot(px - pts[0][0], py - pts[0][1])
    return min(seg_point_dist(*pts[i], *pts[i + 1], px, py)[0] for i in range(len(pts) - 1))


@lru_cache(maxsize=512)
def _poly(exterior: tuple, holes: tuple):
    p = Polygon(exterior, [list(h) for h in holes])
    return p, prep(p), p.bounds


def _far(feature, xmin: float, ymin: float, xmax: float, ymax: float, r: float) -> bool:
    """Quick reject: the box (grown by r) misses the feature's bounds."""
    bx0, by0, bx1, by1 = polygon(feature)[2]
    return xmax + r < bx0 or xmin - r > bx1 or ymax + r < by0 or ymin - r > by1


def polygon(feature) -> tuple[Polygon, object, tuple]:
    """(polygon, prepared polygon, bounds) of a feature (cached by its coordinates)."""
    return _poly(tuple(map(tuple, feature.exterior)), tuple(tuple(map(tuple, h)) for h in feature.holes))


def point_in(feature, x: float, y: float) -> bool:
    """True when (x, y) lies on the feature (boundary included)."""
    if feature.kind in ("planet", "moon"):
        return math.hypot(x - feature.cx, y - feature.cy) <= feature.radius + EPS
    if _far(feature, x, y, x, y, 0.0):
        return False
    return polygon(feature)[1].intersects(Point(x, y))


def disc_touches(feature, x: float, y: float, r: float) -> bool:
    """True when a base of radius ``r`` at (x, y) touches the feature."""
    if feature.kind in ("planet", "moon"):
        return math.hypot(x - feature.cx, y - feature.cy) <= feature.radius + r + EPS
    if _far(feature, x, y, x, y, r + 1.0):
        return False
    poly, pp, _ = polygon(feature)
    if pp.intersects(Point(x, y)):
        return True
    return poly.distance(Point(x, y)) <= r + EPS


def path_touches(feature, pts: Sequence[tuple[float, float]], r: float) -> bool:
    """True when a base of radius ``r`` swept along the polyline touches the feature."""
    if len(pts) == 1:
        return disc_touches(feature, pts[0][0], pts[0][1], r)
    if feature.kind in ("planet", "moon"):
        return polyline_point_dist(pts, feature.cx, feature.cy) <= feature.radius + r + EPS
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    if _far(feature, min(xs), min(ys), max(xs), max(ys), r + 1.0):
        return False
    poly = polygon(feature)[0]
    return LineString(pts).distance(poly) <= r + EPS


def path_first_touch(feature, a: tuple[float, float], b: tuple[float, float], r: float) -> float | None:
    """Distance along segment ab where a disc of radius ``r`` first touches the feature."""
    if feature.kind in ("planet", "moon"):
        return first_touch(a[0], a[1], b[0], b[1], feature.cx, feature.cy, feature.radius + r)
    if _far(feature, min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]), r + 1.0):
        return None
    poly = polygon(feature)[0]
    seg = LineString([a, b]) if math.hypot(b[0] - a[0], b[1] - a[1]) > EPS else None
    if seg is None:
        return 0.0 if poly.distance(Point(a)) <= r + EPS else None
    if seg.distance(poly) > r + EPS:
        return None
    if poly.distance(Point(a)) <= r + EPS:
        return 0.0
    inter = seg.intersection(poly.buffer(r, quad_segs=4))
    if inter.is_empty:
        return None
    coords = []
    for g in getattr(inter, "geoms", [inter]):
        coords.extend(g.coords if hasattr(g, "coords") else [])
    if not coords:
        return None
    return min(seg.project(Point(c)) for c in coords)


def segment_crosses(feature, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """True when the segment between two stems meets the feature."""
    if feature.kind in ("planet", "moon"):
        return seg_point_dist(a[0], a[1], b[0], b[1], feature.cx, feature.cy)[0] <= feature.radius + EPS
    if _far(feature, min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]), 0.5):
        return False
    return polygon(feature)[1].intersects(LineString([a, b]))


def gravity_turn_limit(heading: float, x: float, y: float, cx: float, cy: float, max_turn: float = 45.0) -> float:
    """Largest signed free turn (degrees) toward the centre (cx, cy) for a ship at
    (x, y) facing ``heading``: toward the centre, at most ``max_turn``, never past
    the line to the centre (celestial phenomena: gravity wells). 0 when the ship
    already points at the centre or stands on it."""
    if math.hypot(cx - x, cy - y) < EPS:
        return 0.0
    diff = norm(bearing(x, y, cx, cy) - heading)
    if abs(diff) < 1e-9:
        return 0.0
    return math.copysign(min(max_turn, abs(diff)), diff)


def gravity_turn_ok(turn: float, heading: float, x: float, y: float, cx: float, cy: float, max_turn: float = 45.0) -> bool:
    """Is ``turn`` (signed degrees) a legal free turn toward (cx, cy)? A planet
    dead astern may be turned toward either way."""
    if turn == 0:
        return True
    diff = norm(bearing(x, y, cx, cy) - heading)
    if abs(abs(diff) - 180.0) < 1e-9:
        return abs(turn) <= max_turn + 1e-9
    if diff == 0 or math.copysign(1, turn) != math.copysign(1, diff):
        return False
    return abs(turn) <= min(max_turn, abs(diff)) + 1e-9


def circle_ring(cx: float, cy: float, r: float, n: int = 32) -> list[tuple[float, float]]:
    """An ``n``-gon approximating a circle (for map files)."""
    return [(round(cx + r * math.cos(2 * math.pi * i / n), 2), round(cy + r * math.sin(2 * math.pi * i / n), 2)) for i in range(n)]


def nearest_index(points: Iterable[tuple[float, float]], x: float, y: float) -> int:
    """Index of the point nearest (x, y)."""
    best, bi = math.inf, -1
    for i, (px, py) in enumerate(points):
        d = math.hypot(px - x, py - y)
        if d < best:
            best, bi = d, i
    return bi

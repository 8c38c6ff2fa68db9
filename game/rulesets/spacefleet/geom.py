"""Geometry adapters and helpers for the space-fleet ruleset.

Angles, bearings, displacement, quadrants, distances, contact and first
contact along a segment, and the gravity-well free turn come from the shared
``game/geometry`` layer (``shapes``, ``measure``, ``contact``, ``gravity``);
the functions here only adapt signatures (loose x, y floats; headings in
(-180, 180]) and pick the feature's true shape: a planet or moon is its
circle (``cx, cy, radius``; its ``exterior`` ring is for drawing), a cloud,
asteroid field or rift its polygon (cached per feature). Every contact is
exact (``contact.disc_entry_one``, ``contact.sweep_polygon``: no buffered
outline), touching counting within ``EPS``. Table mm, degrees clockwise from
+x (y down).
"""

from __future__ import annotations

import math
from typing import Sequence

from shapely.geometry import LineString, Point, Polygon
from shapely.prepared import prep

from game.core.caches import PerThread, per_thread_lru_cache
from game.geometry.gravity import GravityWell, gravity_turn
from game.geometry.measure import angle_difference
from game.geometry.measure import bearing as _bearing
from game.geometry.contact import closest_on_segment, disc_entry_one, path_polygon_gap, sweep_polygon
from game.geometry.shapes import QUADRANTS as _ARCS
from game.geometry.shapes import arc_of, displace, normalise_deg

EPS = 1e-6
QUADRANTS = tuple(a.name for a in _ARCS)  #: ("front", "right", "rear", "left")
_BOUNDARY_SLACK_DEG = 1e-6  #: closer than this to a quadrant boundary: ask ``arc_of``


def norm(a: float) -> float:
    """Angle in degrees mapped into (-180, 180] (``shapes.normalise_deg``)."""
    return normalise_deg(a)


def bearing(ax: float, ay: float, bx: float, by: float) -> float:
    """Heading in degrees (-180, 180] from (ax, ay) to (bx, by) (``measure.bearing``;
    0 when the points coincide)."""
    if ax == bx and ay == by:
        return 0.0
    return normalise_deg(_bearing((ax, ay), (bx, by)))


def step(x: float, y: float, heading: float, d: float) -> tuple[float, float]:
    """The point ``d`` mm from (x, y) along ``heading`` (``shapes.displace``)."""
    return displace((x, y), heading, d)


def quadrants(heading: float, x: float, y: float, tx: float, ty: float) -> tuple[str, ...]:
    """Quadrants of a ship at (x, y) facing ``heading`` that hold the point
    (tx, ty) (spacefleet_core 1.1 bearing compass): ``shapes.arc_of`` with the
    four 90-degree ``QUADRANTS``; a point on a boundary is in both (the
    shooter then picks one), a point on the stem in all four.

    Fast path (no rule meaning): a point clearly inside one quadrant is
    answered from its relative bearing; only points within
    ``_BOUNDARY_SLACK_DEG`` of a boundary (or on the stem) go to ``arc_of``,
    which decides boundaries. The AI asks this tens of thousands of times a
    battle and ``arc_of`` costs about 30 us a call."""
    if abs(tx - x) < EPS and abs(ty - y) < EPS:
        return QUADRANTS
    rel = angle_difference(heading, math.degrees(math.atan2(ty - y, tx - x)))
    for arc in _ARCS:
        off = abs(angle_difference(arc.heading, rel))
        if off < arc.width / 2.0 - _BOUNDARY_SLACK_DEG:
            return (arc.name,)
    return tuple(a.name for a in arc_of((x, y), heading, (tx, ty), _ARCS))


def seg_point_dist(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> tuple[float, float]:
    """(distance, t) from point p to segment ab; t in [0, 1] is the nearest point's fraction
    (``contact.closest_on_segment``)."""
    qx, qy = closest_on_segment((px, py), (ax, ay), (bx, by))
    L2 = (bx - ax) ** 2 + (by - ay) ** 2
    t = 0.0 if L2 <= 0 else ((qx - ax) * (bx - ax) + (qy - ay) * (by - ay)) / L2
    return math.hypot(px - qx, py - qy), t


def first_touch(ax: float, ay: float, bx: float, by: float, px: float, py: float, r: float) -> float | None:
    """Distance along segment ab at which a point moving on it first comes within
    ``r`` of (px, py), or None (``contact.disc_entry_one``: the smaller root of the
    quadratic). A point starting within ``r`` touches at once (0.0)."""
    if (ax - px) ** 2 + (ay - py) ** 2 <= r * r:
        return 0.0
    t = disc_entry_one(ax, ay, bx - ax, by - ay, px, py, r)
    return t * math.hypot(bx - ax, by - ay) if t < math.inf else None


def polyline_point_dist(pts: Sequence[tuple[float, float]], px: float, py: float) -> float:
    """Distance from a point to a polyline (a single point when len(pts) == 1)."""
    if len(pts) == 1:
        return math.hypot(px - pts[0][0], py - pts[0][1])
    return min(seg_point_dist(*pts[i], *pts[i + 1], px, py)[0] for i in range(len(pts) - 1))


@per_thread_lru_cache(maxsize=512)
def _poly(exterior: tuple, holes: tuple):
    p = Polygon(exterior, [list(h) for h in holes])
    return p, prep(p), p.bounds


def _far(feature, xmin: float, ymin: float, xmax: float, ymax: float, r: float) -> bool:
    """Quick reject: the box (grown by r) misses the feature's bounds."""
    bx0, by0, bx1, by1 = polygon(feature)[2]
    return xmax + r < bx0 or xmin - r > bx1 or ymax + r < by0 or ymin - r > by1


#: id(feature) -> (feature, its polygon entry): the coordinate key is built once per feature object.
#: The entry keeps the feature itself and is used only for that very object, so an id reused
#: by a later object never finds an old entry (the object is alive while its entry is).
_BY_FEATURE = PerThread()  # one copy per thread: prepared geometry (game.core.caches)


def polygon(feature) -> tuple[Polygon, object, tuple]:
    """(polygon, prepared polygon, bounds) of a feature (cached by its
    coordinates; features are never changed in place)."""
    hit = _BY_FEATURE.get(id(feature))
    if hit is not None and hit[0] is feature:
        return hit[1]
    entry = _poly(tuple(map(tuple, feature.exterior)), tuple(tuple(map(tuple, h)) for h in feature.holes))
    if len(_BY_FEATURE) >= 4096:
        _BY_FEATURE.clear()
    _BY_FEATURE[id(feature)] = (feature, entry)
    return entry


def point_in(feature, x: float, y: float) -> bool:
    """True when (x, y) lies on the feature (boundary included)."""
    if feature.kind in ("planet", "moon"):
        return math.hypot(x - feature.cx, y - feature.cy) <= feature.radius + EPS
    if _far(feature, x, y, x, y, 0.0):
        return False
    return polygon(feature)[1].intersects(Point(x, y))


def disc_touches(feature, x: float, y: float, r: float) -> bool:
    """True when a base of radius ``r`` at (x, y) touches the feature (within ``EPS``)."""
    if feature.kind in ("planet", "moon"):
        return math.hypot(x - feature.cx, y - feature.cy) <= feature.radius + r + EPS
    if _far(feature, x, y, x, y, r + 1.0):
        return False
    return polygon(feature)[0].distance(Point(x, y)) <= r + EPS


def path_touches(feature, pts: Sequence[tuple[float, float]], r: float) -> bool:
    """True when a base of radius ``r`` swept along the polyline touches the feature (within ``EPS``)."""
    if len(pts) == 1:
        return disc_touches(feature, pts[0][0], pts[0][1], r)
    if feature.kind in ("planet", "moon"):
        return polyline_point_dist(pts, feature.cx, feature.cy) <= feature.radius + r + EPS
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    if _far(feature, min(xs), min(ys), max(xs), max(ys), r + 1.0):
        return False
    return path_polygon_gap(pts, polygon(feature)[0]) <= r + EPS


def path_first_touch(feature, a: tuple[float, float], b: tuple[float, float], r: float) -> float | None:
    """Distance (mm) along segment ab where a disc of radius ``r`` first touches the feature
    (within ``EPS``, as :func:`path_touches` and :func:`disc_touches` count touching, so a
    path that touches always has a first touch); 0.0 when it touches at a; None when never.
    Exact: ``contact.sweep_polygon`` (edges and corners in closed form) for clouds, fields
    and rifts, ``contact.disc_entry_one`` for planets and moons. Stops All Ahead Full ships,
    ordnance and the Eldar flare move (spacefleet_core 1.6, 1.9; celestial phenomena)."""
    if feature.kind in ("planet", "moon"):
        return first_touch(a[0], a[1], b[0], b[1], feature.cx, feature.cy, feature.radius + r + EPS)
    if _far(feature, min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]), r + 1.0):
        return None
    return sweep_polygon(a, b, r + EPS, polygon(feature)[0])


def edge_touch(feature, a: tuple[float, float], b: tuple[float, float], r: float) -> float | None:
    """Distance (mm) along segment ab where a disc of radius ``r`` first
    touches the *edge* of a planet or moon template (celestial phenomena:
    torpedoes are destroyed where they touch the template's edge, also when
    launched from on it): from outside, :func:`path_first_touch`; from well
    inside, where it reaches the rim from within (the far root of
    ``|p - c| = R - r``), or None if the segment ends first; straddling the
    rim at a, 0.0. Other features: :func:`path_first_touch`."""
    if feature.kind not in ("planet", "moon"):
        return path_first_touch(feature, a, b, r)
    inner = feature.radius - r
    d0 = math.hypot(a[0] - feature.cx, a[1] - feature.cy)
    if d0 > inner + EPS:
        return path_first_touch(feature, a, b, r)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= 0.0:
        return None
    ux, uy = dx / length, dy / length
    fx, fy = a[0] - feature.cx, a[1] - feature.cy
    proj = fx * ux + fy * uy
    out = -proj + math.sqrt(max(0.0, proj * proj - (fx * fx + fy * fy - inner * inner)))
    return out if out <= length + EPS else None


def segment_crosses(feature, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """True when the segment between two stems meets the feature."""
    if feature.kind in ("planet", "moon"):
        return seg_point_dist(a[0], a[1], b[0], b[1], feature.cx, feature.cy)[0] <= feature.radius + EPS
    if _far(feature, min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]), 0.5):
        return False
    return polygon(feature)[1].intersects(LineString([a, b]))


def _well(cx: float, cy: float, x: float, y: float) -> GravityWell:
    """A well around (cx, cy) that holds the stem (x, y): the ruleset has already
    decided the stem is in the well (``common.in_wells``, which also counts a stem
    over the template), so only the turn limits of ``gravity.gravity_turn`` are used."""
    return GravityWell((cx, cy), 0.0, math.hypot(x - cx, y - cy) + 1.0, "")


def gravity_turn_limit(heading: float, x: float, y: float, cx: float, cy: float, max_turn: float = 45.0) -> float:
    """Largest signed free turn (degrees) toward the centre (cx, cy) for a ship at
    (x, y) facing ``heading``: ``gravity.gravity_turn`` (toward the centre, at
    most ``max_turn``, never past the line to the centre; celestial phenomena:
    gravity wells). 0 when the ship already points at the centre or stands on it."""
    if math.hypot(cx - x, cy - y) < EPS:
        return 0.0
    g = gravity_turn(_well(cx, cy, x, y), (x, y), heading, None, max_turn)
    if abs(g.off_centre) < 1e-9:
        return 0.0
    return g.turn


def gravity_turn_ok(turn: float, heading: float, x: float, y: float, cx: float, cy: float, max_turn: float = 45.0) -> bool:
    """Is ``turn`` (signed degrees) a legal free turn toward (cx, cy)? A planet
    dead astern may be turned toward either way (``gravity.gravity_turn`` does
    not cut it back)."""
    if turn == 0:
        return True
    if math.hypot(cx - x, cy - y) < EPS:
        return False
    return not gravity_turn(_well(cx, cy, x, y), (x, y), heading, heading + turn, max_turn).clamped


def circle_ring(cx: float, cy: float, r: float, n: int = 32) -> list[tuple[float, float]]:
    """An ``n``-gon approximating a circle (for map files)."""
    return [(round(cx + r * math.cos(2 * math.pi * i / n), 2), round(cy + r * math.sin(2 * math.pi * i / n), 2)) for i in range(n)]


"""Shape builders and rigid transforms for editor features (pure functions).

All coordinates are table mm (x right, y down). Angles are degrees clockwise
on screen (the y axis points down, so a positive angle turns +x towards +y).
Rings are lists of ``(x, y)`` tuples, not closed.
"""

from __future__ import annotations

import math

from game.battle.mapcheck import centroid as _centroid

Point = tuple[float, float]
Ring = list[Point]


def rectangle(x0: float, y0: float, x1: float, y1: float) -> Ring:
    """Axis-aligned rectangle with opposite corners (x0, y0) and (x1, y1).

    Raises:
        ValueError: when it has zero width or height.
    """
    if x0 == x1 or y0 == y1:
        raise ValueError("rectangle has zero width or height")
    ax, bx = sorted((x0, x1))
    ay, by = sorted((y0, y1))
    return [(ax, ay), (bx, ay), (bx, by), (ax, by)]


def ellipse(cx: float, cy: float, rx: float, ry: float, vertices: int = 24, rotation: float = 0.0) -> Ring:
    """An ellipse centred on (cx, cy) with semi-axes rx, ry (mm) as a polygon of
    ``vertices`` corners, rotated by ``rotation`` degrees.

    Raises:
        ValueError: radii not positive or fewer than 3 vertices.
    """
    if rx <= 0 or ry <= 0:
        raise ValueError("ellipse radii must be positive")
    if vertices < 3:
        raise ValueError("a polygon needs at least 3 vertices")
    c, s = math.cos(math.radians(rotation)), math.sin(math.radians(rotation))
    out = []
    for i in range(vertices):
        t = 2 * math.pi * i / vertices
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((_r(cx + x * c - y * s), _r(cy + x * s + y * c)))
    return out


def circle(cx: float, cy: float, r: float, vertices: int = 24) -> Ring:
    """A circle of radius ``r`` mm as a regular polygon of ``vertices`` corners."""
    return ellipse(cx, cy, r, r, vertices)


def _r(v: float) -> float:
    # Keep coordinates tidy (micrometre precision) so files round-trip exactly.
    return round(v, 6) + 0.0


def translate(ring: Ring, dx: float, dy: float) -> Ring:
    """Ring moved by (dx, dy) mm."""
    return [(_r(x + dx), _r(y + dy)) for x, y in ring]


def rotate(ring: Ring, angle: float, origin: Point) -> Ring:
    """Ring rotated by ``angle`` degrees (clockwise on screen) about ``origin``."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    ox, oy = origin
    return [(_r(ox + (x - ox) * c - (y - oy) * s), _r(oy + (x - ox) * s + (y - oy) * c)) for x, y in ring]


def scale(ring: Ring, sx: float, sy: float, origin: Point) -> Ring:
    """Ring scaled by (sx, sy) about ``origin``.

    Raises:
        ValueError: a zero scale factor.
    """
    if sx == 0 or sy == 0:
        raise ValueError("scale factor must not be zero")
    ox, oy = origin
    return [(_r(ox + (x - ox) * sx), _r(oy + (y - oy) * sy)) for x, y in ring]


def centroid(ring: Ring) -> Point:
    """Vertex centroid of a ring (mm); used as the pivot for rotate and scale."""
    return _centroid(ring)


def bounds_centre(rings: list[Ring]) -> Point:
    """Centre of the bounding box of several rings (mm)."""
    xs = [p[0] for r in rings for p in r]
    ys = [p[1] for r in rings for p in r]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def project_on_segment(p: Point, a: Point, b: Point) -> tuple[Point, float, float]:
    """Closest point to ``p`` on segment a-b: ``(point, t along 0..1, distance mm)``."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / ll))
    q = (ax + t * dx, ay + t * dy)
    return q, t, math.dist(p, q)


def nearest_edge(ring: Ring, p: Point) -> tuple[int, Point, float]:
    """The edge of ``ring`` nearest ``p``: ``(index i of edge ring[i]-ring[i+1], closest point, distance mm)``."""
    best = (0, ring[0], math.inf)
    for i in range(len(ring)):
        q, _, d = project_on_segment(p, ring[i], ring[(i + 1) % len(ring)])
        if d < best[2]:
            best = (i, q, d)
    return best

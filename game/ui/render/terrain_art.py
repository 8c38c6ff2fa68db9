"""Terrain art: each piece drawn by its kind's style (see :mod:`game.ui.style`).

A pattern is code that turns a piece's polygon into world-space drawing
operations once (tree clumps, roof ridges, contour steps, rocks, ripples),
seeded by the piece's id so the same table always looks the same; they are
cached per piece and drawn at any zoom by :func:`paint_piece` into the
terrain layer's cached surface (never per frame). Pieces whose style has no
pattern, no translucency and no holes take the old fast path: one filled
polygon and its outline.

Units: ops are in table mm; widths in mm with a floor in px.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field

import numpy as np
import pygame
import shapely
from shapely.geometry import LineString, Polygon

from game.ui.palette import shade
from game.ui.style import KindStyle

#: patterns whose whole body is blurred (a soft translucent cloud)
BLUR_BODY = frozenset({"cloud", "smoke", "flare"})
#: the light comes from the upper left (screen): shadows fall to the lower right
SHADOW_DIR = np.array([0.7, 0.9])
DOOR = (214, 180, 120)
WINDOW = (170, 206, 230)
#: at most this many pattern elements per piece (a huge forest stays cheap)
MAX_ELEMENTS = 900


@dataclass
class Ops:
    """World-space drawing operations of one piece (mm)."""

    #: (points (N, 2), radii (N,), rgba): filled discs
    discs: list = field(default_factory=list)
    #: (ring (N, 2), rgba, width_mm, min_px): polygons (width 0: filled)
    polys: list = field(default_factory=list)
    #: (path (N, 2), rgba, width_mm, min_px, closed)
    lines: list = field(default_factory=list)
    #: the order: ("d" | "p" | "l", index)
    order: list = field(default_factory=list)

    def disc(self, pts, radii, rgba) -> None:
        pts = np.asarray(pts, dtype=float).reshape(-1, 2)
        if len(pts):
            self.discs.append((pts, np.broadcast_to(np.asarray(radii, dtype=float), (len(pts),)).copy(), _rgba(rgba)))
            self.order.append(("d", len(self.discs) - 1))

    def poly(self, ring, rgba, width_mm: float = 0.0, min_px: int = 1) -> None:
        ring = np.asarray(ring, dtype=float)
        if len(ring) >= (3 if width_mm == 0 else 2):
            self.polys.append((ring, _rgba(rgba), width_mm, min_px))
            self.order.append(("p", len(self.polys) - 1))

    def line(self, path, rgba, width_mm: float, min_px: int = 1, closed: bool = False) -> None:
        path = np.asarray(path, dtype=float)
        if len(path) >= 2:
            self.lines.append((path, _rgba(rgba), width_mm, min_px, closed))
            self.order.append(("l", len(self.lines) - 1))

    def __bool__(self) -> bool:
        return bool(self.order)


def _rgba(c) -> tuple[int, int, int, int]:
    c = tuple(int(v) for v in c)
    return c if len(c) == 4 else (*c, 255)


# ----------------------------------------------------------------------------------------- geometry helpers
def rng_for(piece_id: str, kind: str) -> np.random.Generator:
    """A generator seeded by the piece: the same table always looks the same."""
    return np.random.default_rng(int(hashlib.md5(f"{piece_id}|{kind}".encode()).hexdigest()[:12], 16))


def axis(poly: Polygon):
    """``(centre, long unit vector, short unit vector, length, width)`` of the
    piece's minimum rotated rectangle (mm)."""
    rect = poly.minimum_rotated_rectangle
    if rect.geom_type != "Polygon":
        x0, y0, x1, y1 = poly.bounds
        c = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
        return c, np.array([1.0, 0.0]), np.array([0.0, 1.0]), max(x1 - x0, 1e-6), max(y1 - y0, 1e-6)
    pts = np.asarray(rect.exterior.coords)[:4]
    a, b = pts[1] - pts[0], pts[2] - pts[1]
    la, lb = float(np.hypot(*a)), float(np.hypot(*b))
    if la >= lb:
        u, length, width = a / max(la, 1e-9), la, lb
    else:
        u, length, width = b / max(lb, 1e-9), lb, la
    c = pts.mean(axis=0)
    return c, u, np.array([-u[1], u[0]]), length, width


def inside_points(poly: Polygon, spacing: float, rng: np.random.Generator, jitter: float = 0.38) -> np.ndarray:
    """A jittered grid of points inside ``poly``, ``spacing`` mm apart (at
    most :data:`MAX_ELEMENTS`)."""
    x0, y0, x1, y1 = poly.bounds
    spacing = max(spacing, math.sqrt(max((x1 - x0) * (y1 - y0), 1e-6) / MAX_ELEMENTS))
    gx, gy = np.meshgrid(np.arange(x0 + spacing / 2, x1, spacing), np.arange(y0 + spacing / 2, y1, spacing))
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    if not len(pts):
        c = poly.representative_point()
        return np.array([[c.x, c.y]])
    pts = pts + rng.uniform(-jitter, jitter, pts.shape) * spacing
    keep = shapely.contains_xy(poly, pts[:, 0], pts[:, 1])
    out = pts[keep]
    if not len(out):
        c = poly.representative_point()
        return np.array([[c.x, c.y]])
    return out


def blob(c, r: float, rng: np.random.Generator, n: int = 7, rough: float = 0.35) -> np.ndarray:
    """An irregular closed polygon (a stone, an asteroid) about ``c``."""
    ang = np.sort(rng.uniform(0, 2 * np.pi, n))
    rad = r * (1 - rough + rough * rng.random(n))
    return np.column_stack([c[0] + np.cos(ang) * rad, c[1] + np.sin(ang) * rad])


def rings_of(poly) -> list[np.ndarray]:
    """Every ring (exteriors, then holes) of a polygon or multipolygon."""
    out = []
    for g in getattr(poly, "geoms", [poly]):
        if g.geom_type == "Polygon" and not g.is_empty:
            out.append(np.asarray(g.exterior.coords))
    return out


def thickness(poly: Polygon) -> float:
    """About the distance from the edge to the middle (mm): 2 * area / perimeter."""
    return 2 * poly.area / max(poly.length, 1e-6)


def sample_ring(ring: np.ndarray, step: float) -> np.ndarray:
    """Points every ``step`` mm along a closed ring."""
    line = LineString(ring)
    n = max(1, int(line.length / max(step, 0.5)))
    return np.array([line.interpolate(i * line.length / n).coords[0] for i in range(n)])


def _circle(c, r: float, n: int = 28) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([c[0] + np.cos(t) * r, c[1] + np.sin(t) * r])


# ----------------------------------------------------------------------------------------- patterns
def _roof(o: Ops, poly, st, fill, accent, rng, h) -> None:
    """A roof inside the walls: a hipped roof (four faces, lit from the upper
    left) on a rectangular building, a flat roof with plant boxes otherwise."""
    c, u, v, L, W = axis(poly)
    wall = float(np.clip(W * 0.07, 1.0, 3.0))
    inner = poly.buffer(-wall, join_style="mitre")
    if inner.is_empty:
        return
    roof = accent
    line = shade(roof, -0.3)
    light = -SHADOW_DIR / np.linalg.norm(SHADOW_DIR)
    if poly.area / max(L * W, 1e-6) > 0.9 and inner.geom_type == "Polygon":
        half = max(0.0, (L - W) / 2)
        r1, r2 = c - u * half, c + u * half
        iw, il = W / 2 - wall, L / 2 - wall
        c0, c1, c2, c3 = c + u * il + v * iw, c + u * il - v * iw, c - u * il - v * iw, c - u * il + v * iw
        faces = [([r1, r2, c0, c3], v), ([r1, r2, c1, c2], -v), ([r2, c0, c1], u), ([r1, c3, c2], -u)]
        for ring, normal in faces:
            o.poly(ring, shade(roof, 0.14 * float(np.dot(normal, light))))
        if half > 0.5:
            o.line([r1, r2], line, 0.6)
        for end, corner in ((r2, c0), (r2, c1), (r1, c2), (r1, c3)):
            o.line([end, corner], line, 0.45)
    else:
        for ring in rings_of(inner):
            o.poly(ring, roof)
        for ring in rings_of(inner.buffer(-wall * 1.2)):
            o.line(ring, line, 0.5, closed=True)
        for p in inside_points(inner, max(L, W) / 2.2, rng)[:3]:
            q = min(W, L) * 0.09
            o.poly([p + (-q, -q), p + (q, -q), p + (q, q), p + (-q, q)], shade(roof, -0.18))


def _ruin(o: Ops, poly, st, fill, accent, rng, h) -> None:
    """A roofless shell: a dusty floor with scattered debris inside broken
    walls (about six in ten stretches still standing)."""
    _stones(o, poly, rng, st.size_mm, 0.18, [shade(fill, 0.2), shade(fill, -0.15)])
    wall = float(np.clip(thickness(poly) * 0.1, 2.2, 3.5))
    for ring in rings_of(poly.buffer(-wall / 2, join_style="mitre")):
        for a, b in zip(ring[:-1], ring[1:]):
            seg = np.linalg.norm(b - a)
            n = max(1, int(seg / (st.size_mm * 3)))
            for i in range(n):
                if rng.random() < 0.62:
                    t0, t1 = i / n, (i + rng.uniform(0.55, 1.0)) / n
                    p0, p1 = a + (b - a) * t0, a + (b - a) * min(t1, 1.0)
                    o.line([p0 + SHADOW_DIR * wall * 0.5, p1 + SHADOW_DIR * wall * 0.5], shade(fill, -0.45), wall, 2)
                    o.line([p0, p1], accent, wall, 2)


def _stones(o: Ops, poly, rng, size, density, colours) -> None:
    pts = inside_points(poly, size / math.sqrt(max(density, 1e-3)), rng)
    for i, p in enumerate(pts):
        r = size * rng.uniform(0.3, 0.6)
        o.poly(blob(p, r, rng, int(rng.integers(5, 8))), colours[i % len(colours)])


def _rubble(o: Ops, poly, st, fill, accent, rng, h) -> None:
    _stones(o, poly, rng, st.size_mm, st.density, [accent, shade(accent, -0.22), shade(fill, -0.2), shade(accent, 0.12)])


def _rocks(o: Ops, poly, st, fill, accent, rng, h) -> None:
    pts = inside_points(poly, st.size_mm * 0.9 / math.sqrt(st.density), rng, 0.3)
    for p in pts:
        r = st.size_mm * rng.uniform(0.45, 0.75)
        b = blob(p, r, rng, 8, 0.3)
        o.poly(b + SHADOW_DIR * r * 0.18, shade(fill, -0.4))
        o.poly(b, accent)
        o.poly(blob(p - SHADOW_DIR * r * 0.22, r * 0.45, rng, 6, 0.3), shade(accent, 0.2))


def _walls(o: Ops, poly, st, fill, accent, rng, h) -> None:
    c, u, v, L, W = axis(poly)
    cap = poly.buffer(-W * 0.22, join_style="mitre")
    for ring in rings_of(cap):
        o.poly(ring, shade(fill, 0.16))
    step = st.size_mm
    n = int(L / step)
    rows = 2 if W > step * 0.9 else 1
    for r in range(rows):
        off = ((r + 0.5) / rows - 0.5) * W
        w0, w1 = off - W / rows / 2, off + W / rows / 2
        for i in range(1, n + 1):
            t = -L / 2 + (i - 0.5 * (r % 2)) * step
            if -L / 2 < t < L / 2:
                o.line([c + u * t + v * w0, c + u * t + v * w1], accent, 0.4)
    if rows == 2:
        o.line([c - u * L / 2, c + u * L / 2], accent, 0.4)


def _hedge(o: Ops, poly, st, fill, accent, rng, h) -> None:
    c, u, v, L, W = axis(poly)
    if W > st.size_mm * 3:
        return _canopy(o, poly, st, fill, accent, rng, h)
    r = W * 0.62
    n = max(2, int(L / (W * 0.75)))
    pts = np.array([c + u * (-L / 2 + W / 2 + (L - W) * i / (n - 1)) + v * rng.uniform(-0.12, 0.12) * W for i in range(n)])
    o.disc(pts + SHADOW_DIR * r * 0.25, r, shade(fill, -0.3))
    o.disc(pts, r, accent)
    o.disc(pts - SHADOW_DIR * r * 0.25, r * 0.45, shade(accent, 0.2))


def _canopy(o: Ops, poly, st, fill, accent, rng, h) -> None:
    pts = inside_points(poly, st.size_mm / math.sqrt(st.density), rng)
    pts = pts[np.argsort(pts[:, 1])]
    r = st.size_mm * rng.uniform(0.5, 0.78, len(pts))
    tone = rng.uniform(-0.12, 0.12, len(pts))
    o.disc(pts + SHADOW_DIR * r[:, None] * 0.3, r, shade(fill, -0.35))
    for k in (-0.12, 0.0, 0.12):  # three tones of leaves
        m = np.abs(tone - k) <= 0.04 + 1e-9
        if m.any():
            o.disc(pts[m], r[m], shade(accent, k))
    o.disc(pts - SHADOW_DIR * r[:, None] * 0.28, r * 0.42, shade(accent, 0.22))


def _contours(o: Ops, poly, st, fill, accent, rng, h) -> None:
    if not math.isfinite(h) or h <= 0:
        n = 1
    else:
        n = int(np.clip(round(h / st.contour_mm), 1, 6))
    t = thickness(poly)
    step = t * 0.9 / (n + 0.6)
    for k in range(1, n + 1):
        inner = poly.buffer(-step * k)
        if inner.is_empty:
            break
        for ring in rings_of(inner):
            o.poly(ring, shade(fill, 0.09 * k))
            o.line(ring, accent, 0.45, 1, closed=True)


def _rough(o: Ops, poly, st, fill, accent, rng, h) -> None:
    s = st.size_mm
    for p in inside_points(poly, s * 1.5 / math.sqrt(st.density), rng):
        a = s * 0.35
        o.line([p + (-a, -a * 0.2), p + (-a * 0.2, -a * 1.1)], accent, 0.45)
        o.line([p + (0, 0), p + (0.15 * a, -a * 1.3)], accent, 0.45)
        o.line([p + (a, -a * 0.1), p + (a * 0.35, -a * 1.0)], accent, 0.45)


def _swamp(o: Ops, poly, st, fill, accent, rng, h) -> None:
    s = st.size_mm
    for p in inside_points(poly, s * 2.2, rng):
        rx, ry = s * rng.uniform(0.5, 1.0), s * rng.uniform(0.3, 0.55)
        t = np.linspace(0, 2 * np.pi, 16, endpoint=False)
        o.poly(np.column_stack([p[0] + np.cos(t) * rx, p[1] + np.sin(t) * ry]), accent)
    reed = shade(fill, 0.35)
    for p in inside_points(poly, s * 2.2, rng):
        for dx in (-0.25, 0.0, 0.25):
            o.line([p + (dx * s, 0), p + (dx * s * 1.4, -s * 0.6)], reed, 0.35)


def _water(o: Ops, poly, st, fill, accent, rng, h) -> None:
    s = st.size_mm
    for p in inside_points(poly, s * 1.9, rng):
        w = s * 0.55
        o.line([p + (-w, 0), p + (-w / 3, -w * 0.25), p + (w / 3, 0), p + (w, -w * 0.25)], accent, 0.45)
    for ring in rings_of(poly.buffer(-1.2)):
        o.line(ring, shade(fill, 0.2), 0.6, 1, closed=True)


def _crater(o: Ops, poly, st, fill, accent, rng, h) -> None:
    t = thickness(poly)
    for k in (1, 2, 3):
        inner = poly.buffer(-t * 0.28 * k)
        if inner.is_empty:
            break
        for ring in rings_of(inner):
            o.poly(ring, shade(fill, -0.14 * k))
    for ring in rings_of(poly.buffer(-0.9)):
        o.line(ring, accent, 1.2, 1, closed=True)


def _road(o: Ops, poly, st, fill, accent, rng, h) -> None:
    c, u, v, L, W = axis(poly)
    s = st.size_mm
    n = int(L / (2 * s))
    for i in range(n):
        t = -L / 2 + (2 * i + 0.5) * s
        o.line([c + u * t, c + u * min(t + s, L / 2)], accent, 0.7)
    for ring in rings_of(poly.buffer(-1.0)):
        o.line(ring, shade(fill, 0.16), 0.5, 1, closed=True)


def _trench(o: Ops, poly, st, fill, accent, rng, h) -> None:
    c, u, v, L, W = axis(poly)
    s = st.size_mm
    wood = shade(accent, -0.15)
    n = int(L / (s * 0.6))
    for i in range(n):
        t = -L / 2 + (i + 0.5) * s * 0.6
        o.line([c + u * t - v * W * 0.2, c + u * t + v * W * 0.2], wood, 0.5)
    bags = []
    for ring in rings_of(poly.buffer(-s * 0.25)):
        bags.append(sample_ring(ring, s * 0.7))
    if bags:
        pts = np.vstack(bags)
        o.disc(pts, s * 0.33, shade(accent, -0.35))
        o.disc(pts - SHADOW_DIR * s * 0.06, s * 0.27, accent)


def _wire(o: Ops, poly, st, fill, accent, rng, h) -> None:
    c, u, v, L, W = axis(poly)
    s = st.size_mm
    rows = max(1, int(W / (s * 1.4)))
    for r in range(rows):
        off = ((r + 0.5) / rows - 0.5) * W
        n = max(1, int(L / s))
        for i in range(n):
            p = c + u * (-L / 2 + (i + 0.5) * L / n) + v * off
            a = s * 0.32
            o.line([p - u * a - v * a, p + u * a + v * a], accent, 0.35)
            o.line([p - u * a + v * a, p + u * a - v * a], accent, 0.35)
        ts = np.linspace(-L / 2, L / 2, max(8, int(L / s * 4)))
        path = [c + u * t + v * (off + np.sin(t / s * 2 * np.pi) * s * 0.18) for t in ts]
        o.line(path, shade(accent, -0.25), 0.3)
        posts = [c + u * t + v * off for t in np.arange(-L / 2 + s / 2, L / 2, s * 3)]
        o.disc(posts, s * 0.12, (70, 56, 40))


def _smoke(o: Ops, poly, st, fill, accent, rng, h) -> None:
    s = st.size_mm
    pts = inside_points(poly, s * 0.8, rng)
    r = s * rng.uniform(0.35, 0.6, len(pts))
    a = min(255, st.alpha + 40)
    o.disc(pts, r, (*accent, a))


def _cloud(o: Ops, poly, st, fill, accent, rng, h) -> None:
    s = st.size_mm
    pts = inside_points(poly, s * 0.6, rng)
    r = s * rng.uniform(0.25, 0.5, len(pts))
    light = rng.random(len(pts)) < 0.5
    o.disc(pts[light], r[light], (*accent, min(255, st.alpha + 30)))
    o.disc(pts[~light], r[~light], (*shade(fill, -0.25), st.alpha))


def _vehicle(o: Ops, poly, st, fill, accent, rng, h) -> None:
    c, u, v, L, W = axis(poly)
    body = poly.buffer(-min(W, L) * 0.08, join_style="mitre")
    for ring in rings_of(body):
        o.poly(ring, shade(fill, 0.12))
    ww, wl = W * 0.12, L * 0.11
    for su in (-0.3, 0.3):
        for sv in (-1, 1):
            p = c + u * su * L + v * sv * (W / 2 - ww * 0.6)
            o.poly([p - u * wl - v * ww / 2, p + u * wl - v * ww / 2, p + u * wl + v * ww / 2, p - u * wl + v * ww / 2],
                   (26, 26, 28))
    f0, f1 = 0.08 * L, 0.3 * L
    hw = W * 0.36
    o.poly([c + u * f0 - v * hw, c + u * f1 - v * hw, c + u * f1 + v * hw, c + u * f0 + v * hw], accent)
    o.line([c - u * L * 0.38, c - u * L * 0.05], shade(fill, -0.25), 0.5)


def _asteroids(o: Ops, poly, st, fill, accent, rng, h) -> None:
    s = st.size_mm
    pts = inside_points(poly, s / math.sqrt(st.density), rng, 0.45)
    for p in pts:  # a few big rocks among many small ones (they read apart at fit-to-table zoom)
        r = s * rng.uniform(0.2, 0.75) ** 2.2 * 1.5
        b = blob(p, r, rng, int(rng.integers(6, 9)), 0.45)
        tone = rng.uniform(-0.15, 0.1)
        o.poly(b + SHADOW_DIR * r * 0.15, shade(fill, -0.5))
        o.poly(b, shade(accent, tone))
        o.poly(blob(p - SHADOW_DIR * r * 0.25, r * 0.4, rng, 5, 0.3), shade(accent, tone + 0.22))
    dust = inside_points(poly, s * 0.6, rng, 0.5)
    o.disc(dust, 0.6, shade(accent, -0.35))


def _sphere(o: Ops, poly, fill, accent, rng, steps: int = 14) -> tuple[np.ndarray, float]:
    ext = Polygon(poly.exterior.coords)
    cen = ext.centroid
    c = np.array([cen.x, cen.y])
    R = math.sqrt(ext.area / math.pi)
    dark, lit = shade(fill, -0.62), shade(fill, 0.08)
    for i in range(steps):
        t = i / steps
        col = tuple(int(d + (l_ - d) * t ** 0.8) for d, l_ in zip(dark, lit))
        o.poly(_circle(c - SHADOW_DIR * R * 0.32 * t, R * (1 - 0.85 * t) if i else R, 40), col)
    return c, R


def _planet(o: Ops, poly, st, fill, accent, rng, h) -> None:
    c, R = _sphere(o, poly, fill, accent, rng)
    for k in range(3):  # faint cloud bands across the lit side of the disc
        y = rng.uniform(-0.55, 0.35) * R
        half = math.sqrt(max(R * R - y * y, 0.0)) * 0.7
        band = tuple(int(a * 0.22 + b * 0.78) for a, b in zip(accent, shade(fill, -0.05)))
        o.line([c + (-half, y), c + (0.0, y + R * 0.03), c + (half * 0.6, y)], band, R * 0.05)


def _moon(o: Ops, poly, st, fill, accent, rng, h) -> None:
    c, R = _sphere(o, poly, fill, accent, rng, 10)
    for _ in range(int(np.clip(R / st.size_mm * 3, 3, 12))):
        ang, d = rng.uniform(0, 2 * np.pi), R * math.sqrt(rng.uniform(0, 0.7))
        p = c + (math.cos(ang) * d, math.sin(ang) * d)
        r = R * rng.uniform(0.06, 0.16)
        o.poly(_circle(p, r, 16), accent)
        o.poly(_circle(p + SHADOW_DIR * r * 0.25, r * 0.75, 16), shade(fill, -0.1))


def _rings(o: Ops, poly, st, fill, accent, rng, h) -> None:
    ext = Polygon(poly.exterior.coords)
    cen = ext.centroid
    c = np.array([cen.x, cen.y])
    R = math.sqrt(ext.area / math.pi)
    r0 = math.sqrt(Polygon(poly.interiors[0].coords).area / math.pi) if len(poly.interiors) else R * 0.2
    s = st.size_mm
    for i, r in enumerate(np.arange(r0 + s / 2, R, s)):
        o.line(_circle(c, r, 64), (*(accent if i % 2 else shade(fill, 0.15)), st.alpha + (255 - st.alpha) // 3), s * 0.4,
               1, closed=True)


def _rift(o: Ops, poly, st, fill, accent, rng, h) -> None:
    c, u, v, L, W = axis(poly)
    n = 14
    ts = np.linspace(-L * 0.45, L * 0.45, n)
    amp = W * 0.22
    path = [c + u * t + v * (rng.uniform(-amp, amp) if 0 < i < n - 1 else 0) for i, t in enumerate(ts)]
    o.line(path, accent, max(1.2, W * 0.08), 2)
    o.line(path, (255, 235, 255), max(0.5, W * 0.025), 1)
    for i in range(2, n - 2, 3):  # side cracks
        p = path[i]
        q = p + v * rng.choice([-1, 1]) * W * rng.uniform(0.15, 0.3) + u * rng.uniform(-0.05, 0.05) * L
        o.line([p, q], shade(accent, -0.2), max(0.6, W * 0.03), 1)


def _flare(o: Ops, poly, st, fill, accent, rng, h) -> None:
    ext = Polygon(poly.exterior.coords)
    cen = ext.centroid
    c = np.array([cen.x, cen.y])
    R = math.sqrt(ext.area / math.pi)
    for k in range(16):
        a = k / 16 * 2 * np.pi + rng.uniform(-0.08, 0.08)
        o.line([c, c + (math.cos(a) * R, math.sin(a) * R)], (*accent, min(255, st.alpha + 60)), R * 0.04)
    o.disc([c], R * 0.3, (*accent, min(255, st.alpha + 80)))


def _radiation(o: Ops, poly, st, fill, accent, rng, h) -> None:
    ext = Polygon(poly.exterior.coords)
    cen = ext.centroid
    c = np.array([cen.x, cen.y])
    R = min(math.sqrt(ext.area / math.pi) * 0.35, 30.0)
    for k in range(3):  # the trefoil
        a0 = math.radians(-90 + k * 120 - 30)
        arc = [c] + [c + (math.cos(a0 + t) * R, math.sin(a0 + t) * R) for t in np.linspace(0, math.radians(60), 8)]
        o.poly(arc, (40, 40, 20, 200))
    o.disc([c], R * 0.18, (40, 40, 20, 200))
    for r in np.arange(R * 1.4, math.sqrt(ext.area / math.pi), R * 0.8):
        o.line(_circle(c, r, 48), (*accent, 150), 0.5, 1, closed=True)


def _dots(o: Ops, poly, st, fill, accent, rng, h) -> None:
    x0, y0, x1, y1 = poly.bounds
    gx, gy = np.meshgrid(np.arange(x0 + 6, x1, 14.0), np.arange(y0 + 6, y1, 14.0))
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    o.disc(pts, 2.0, accent)


def _hatch(o: Ops, poly, st, fill, accent, rng, h) -> None:
    x0, y0, x1, y1 = poly.bounds
    for k in np.arange(0.0, (x1 - x0) + (y1 - y0), 12.0):
        o.line([(x0 + k, y0), (x0 + k - (y1 - y0), y1)], accent, 0.3)


PAINTERS = {"roof": _roof, "ruin": _ruin, "rubble": _rubble, "stones": _walls, "hedge": _hedge, "canopy": _canopy,
            "contours": _contours, "rough": _rough, "swamp": _swamp, "water": _water, "crater": _crater, "road": _road,
            "trench": _trench, "wire": _wire, "smoke": _smoke, "vehicle": _vehicle, "rocks": _rocks,
            "asteroids": _asteroids, "cloud": _cloud, "planet": _planet, "moon": _moon, "rings": _rings,
            "rift": _rift, "flare": _flare, "radiation": _radiation, "dots": _dots, "hatch": _hatch}


# ----------------------------------------------------------------------------------------- the piece's look
@dataclass
class PieceLook:
    """One piece's colours and cached ops (see :func:`look_of`)."""

    fill: tuple[int, int, int]
    edge: tuple[int, int, int]
    style: KindStyle
    ops: Ops
    height: float


_OPS: dict = {}


def look_of(piece, style: KindStyle, shade_k: float) -> PieceLook:
    """The piece's fill (shaded by ``shade_k`` for its height), edge and
    pattern ops (made once per piece, kind, shape and height)."""
    fill = shade(style.fill, shade_k) if style.height_shading else tuple(style.fill)
    accent = style.accent if style.accent is not None else shade(style.fill, 0.2)
    accent = shade(accent, shade_k) if style.height_shading else tuple(accent)
    edge = tuple(style.edge) if style.edge is not None else shade(fill, -0.45 if "blocks_sight" in piece.tags else -0.25)
    key = (piece.id, piece.kind, piece.polygon.wkb, piece.height, style, fill, accent)
    ops = _OPS.get(key)
    if ops is None:
        ops = Ops()
        fn = PAINTERS.get(style.pattern)
        if fn is not None:
            try:
                fn(ops, piece.polygon, style, fill, accent, rng_for(piece.id, piece.kind), piece.height)
            except (ValueError, IndexError, shapely.errors.GEOSException):  # noqa: PERF203 - odd shapes get the plain fill
                ops = Ops()
        if len(_OPS) > 3000:
            _OPS.clear()
        _OPS[key] = ops
    return PieceLook(fill, edge, style, ops, piece.height)


def casts_shadow(look: PieceLook) -> bool:
    """True when the piece casts a drop shadow (a finite height above the table)."""
    return look.style.shadow and math.isfinite(look.height) and look.height > 0


def fast(look: PieceLook, holes) -> bool:
    """True when the piece is one opaque flat polygon (drawn straight)."""
    st = look.style
    return not look.ops and st.alpha == 255 and not holes and st.edge_style in ("solid", "none") and not casts_shadow(look)


def _px(width_mm: float, s: float, min_px: int) -> int:
    return max(min_px, int(round(width_mm * s)))


def _draw_ops(surf: pygame.Surface, ops: Ops, to_px, s: float) -> None:
    for kind, i in ops.order:
        if kind == "d":
            pts, radii, col = ops.discs[i]
            sp = to_px(pts)
            rp = np.maximum(1, np.rint(radii * s)).astype(int)
            for (x, y), r in zip(sp.tolist(), rp.tolist()):
                pygame.draw.circle(surf, col, (x, y), r)
        elif kind == "p":
            ring, col, w, mn = ops.polys[i]
            sp = to_px(ring).tolist()
            if w == 0:
                pygame.draw.polygon(surf, col, sp)
            else:
                pygame.draw.polygon(surf, col, sp, _px(w, s, mn))
        else:
            path, col, w, mn, closed = ops.lines[i]
            sp = to_px(path).tolist()
            px = _px(w, s, mn)
            if closed:
                pygame.draw.lines(surf, col, True, sp, px)
            elif len(sp) == 2:
                pygame.draw.line(surf, col, sp[0], sp[1], px)
            else:
                pygame.draw.lines(surf, col, False, sp, px)


def paint_piece(surf: pygame.Surface, look: PieceLook, pts, holes, tx, s: float, highlight: bool = False,
                openings=()) -> None:
    """Draw one piece onto ``surf`` (the cached layer or, for the benchmark's
    baseline, the screen). ``pts``/``holes``: its rings in screen px; ``tx``:
    table mm -> px (arrays); ``openings``: ``(a, b, kind)`` doors and windows
    in mm."""
    st = look.style
    edge_w = 3 if highlight else st.edge_width
    edge_col = (255, 230, 60) if highlight else look.edge
    if fast(look, holes):
        pygame.draw.polygon(surf, look.fill, pts, 0)
        if edge_w and (st.edge_style != "none" or highlight):
            pygame.draw.polygon(surf, edge_col, pts, edge_w)
        _openings(surf, openings, tx, s)
        return
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    soft = st.edge_style == "soft"
    blur = int(np.clip(3.0 * s, 2, 10)) if soft else 0
    sh = 0
    if casts_shadow(look):
        sh = int(round(float(np.clip(look.height * 0.14, 1.5, 9.0)) * s))
    pad = blur * 2 + 2
    box = pygame.Rect(int(min(xs)) - pad, int(min(ys)) - pad, int(max(xs) - min(xs)) + 2 * pad + 2 + sh,
                      int(max(ys) - min(ys)) + 2 * pad + 2 + sh)
    clip = surf.get_clip()
    vis = box.clip(clip)
    if vis.width <= 0 or vis.height <= 0:
        return
    # work on the visible part only (a huge piece when zoomed in)
    box = vis.inflate(2 * pad, 2 * pad).clip(box)
    ox, oy = box.x, box.y
    loc = [(x - ox, y - oy) for x, y in pts]
    loc_holes = [[(x - ox, y - oy) for x, y in h] for h in holes if len(h) >= 3]
    if sh:
        shadow = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(shadow, (0, 0, 0, 70), [(x + sh, y + sh) for x, y in loc])
        for h in loc_holes:
            pygame.draw.polygon(shadow, (0, 0, 0, 0), [(x + sh, y + sh) for x, y in h])
        surf.blit(shadow, box.topleft)
    body = pygame.Surface(box.size, pygame.SRCALPHA)
    body.fill((*look.fill, 0))
    glow = soft and st.pattern not in BLUR_BODY
    if glow:
        g = pygame.Surface(box.size, pygame.SRCALPHA)
        g.fill((*look.edge, 0))
        pygame.draw.polygon(g, (*look.edge, 200), loc, max(2, blur))
        surf.blit(pygame.transform.gaussian_blur(g, blur), box.topleft)
    pygame.draw.polygon(body, (*look.fill, st.alpha), loc)
    for h in loc_holes:
        pygame.draw.polygon(body, (*look.fill, 0), h)
    if look.ops:
        off = np.array([ox, oy])
        _draw_ops(body, look.ops, lambda a: np.rint(tx(a) - off).astype(int), s)
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.polygon(mask, (255, 255, 255, 255), loc)
        for h in loc_holes:
            pygame.draw.polygon(mask, (255, 255, 255, 0), h)
        body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    if soft and not glow:
        body = pygame.transform.gaussian_blur(body, blur)
    surf.blit(body, box.topleft)
    if highlight or (st.edge_style in ("solid", "dashed") and st.edge_width):
        rings = [pts] + [h for h in holes if len(h) >= 3]
        for ring in rings:
            if st.edge_style == "dashed" and not highlight:
                dashed_ring(surf, edge_col, ring, max(1, edge_w))
            else:
                pygame.draw.polygon(surf, edge_col, ring, max(1, edge_w))
    _openings(surf, openings, tx, s)


def _openings(surf, openings, tx, s: float) -> None:
    for a, b, kind in openings:
        pa, pb = tx(np.array([a, b], dtype=float))
        col = WINDOW if kind == "window" else DOOR
        w = max(2, int(round(2.2 * s))) if kind != "window" else max(1, int(round(1.2 * s)))
        pygame.draw.line(surf, col, pa, pb, w)


def dashed_ring(surf, col, ring, width: int, dash: float = 7.0) -> None:
    """A closed ring drawn dashed (screen px)."""
    pts = list(ring) + [ring[0]]
    carry = 0.0
    on = True
    for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        t = 0.0
        while t < seg:
            step = min(dash - carry, seg - t)
            if on:
                a = (x0 + (x1 - x0) * t / seg, y0 + (y1 - y0) * t / seg)
                b = (x0 + (x1 - x0) * (t + step) / seg, y0 + (y1 - y0) * (t + step) / seg)
                pygame.draw.line(surf, col, a, b, width)
            t += step
            carry += step
            if carry >= dash - 1e-9:
                carry, on = 0.0, not on

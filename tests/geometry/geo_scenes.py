"""Shared helpers for the geometry tests: small scenes and brute-force references."""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import Polygon, box

from game.geometry.terrain import BLOCKS_SIGHT, FULL_HEIGHT, OBSCURES, TerrainPiece


def wall(id, x0, y0, x1, y1, height=FULL_HEIGHT, tags=(BLOCKS_SIGHT,), kind="wall"):
    """An axis-aligned rectangular piece."""
    return TerrainPiece(id, box(x0, y0, x1, y1), kind=kind, height=height, tags=frozenset(tags))


def poly(id, pts, height=FULL_HEIGHT, tags=(BLOCKS_SIGHT,), holes=(), kind="terrain"):
    return TerrainPiece(id, Polygon(pts, list(holes)), kind=kind, height=height, tags=frozenset(tags))


def woods(id, x0, y0, x1, y1, height=FULL_HEIGHT):
    return wall(id, x0, y0, x1, y1, height=height, tags=(OBSCURES,), kind="woods")


def brute_fraction(pieces, eye, footprint, far=1e5):
    """Reference visible fraction for full-height blockers: union of every edge's shadow quad and the polygons."""
    ex, ey = eye
    shadows = []
    for p in pieces:
        if BLOCKS_SIGHT not in p.tags:
            continue
        shadows.append(p.polygon)
        for ring in (p.polygon.exterior, *p.polygon.interiors):
            c = np.asarray(ring.coords)
            for a, b in zip(c[:-1], c[1:]):
                da, db = a - (ex, ey), b - (ex, ey)
                if abs(da[0] * db[1] - da[1] * db[0]) < 1e-12:
                    continue
                fa = (ex, ey) + da / np.linalg.norm(da) * far
                fb = (ex, ey) + db / np.linalg.norm(db) * far
                q = Polygon([a, b, fb, fa])
                if not q.is_valid:
                    q = shapely.make_valid(q)
                shadows.append(q)
    if not shadows:
        return 1.0
    hidden = shapely.union_all(shadows).intersection(footprint).area
    return 1.0 - hidden / footprint.area


def rotate_xy(x, y, deg, cx=0.0, cy=0.0):
    a = math.radians(deg)
    dx, dy = x - cx, y - cy
    return cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)


def random_scene(draw_floats, n_pieces, n_models, heights=(FULL_HEIGHT,), size=300.0):
    """Rotated rectangles and round-base models from a list of uniform [0, 1) draws (deterministic)."""
    from shapely import affinity
    from game.geometry.shapes import Base, Model

    it = iter(draw_floats)
    pieces = []
    for k in range(n_pieces):
        cx, cy = 30 + next(it) * (size - 60), 30 + next(it) * (size - 60)
        w, h = 5 + next(it) * 50, 5 + next(it) * 30
        ang = next(it) * 180
        ht = heights[int(next(it) * len(heights)) % len(heights)]
        pg = affinity.rotate(box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), ang)
        pieces.append(TerrainPiece(f"p{k}", pg, height=ht, tags=frozenset({BLOCKS_SIGHT})))
    models = []
    for k in range(n_models):
        x, y = 15 + next(it) * (size - 30), 15 + next(it) * (size - 30)
        models.append(Model(Base.circle(x, y, 6 + next(it) * 8, id=f"m{k}")))
    return pieces, models

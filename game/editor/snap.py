"""Snapping a pointer position (mm) to the grid, to vertices and to edges.

The editor snaps in priority order: a vertex within ``radius`` mm wins (the
table's corners count as vertices), then the nearest point on an edge within
``radius`` (the table's edges count), then the grid (when on), whose points
are kept on the table: a 25.4 mm grid ends at 914.4 mm, past a 914 mm table,
so its last line snaps to the table's edge instead.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from game.editor import shapes

Point = tuple[float, float]


@dataclass(frozen=True)
class Snap:
    """A snapped point and what it snapped to.

    Attributes:
        point: the snapped position, mm.
        target: ``"vertex"``, ``"edge"``, ``"grid"`` or ``"none"``.
        item_id: the feature or zone snapped to (None for grid/none).
        ring: ring index (0 outline, k hole k-1) for vertex and edge snaps.
        index: vertex index, or edge index (edge i runs from vertex i to i+1).
    """

    point: Point
    target: str = "none"
    item_id: str | None = None
    ring: int | None = None
    index: int | None = None


def snap_to_grid(p: Point, spacing: float, origin: Point = (0.0, 0.0)) -> Point:
    """The nearest grid point (grid of ``spacing`` mm through ``origin``).

    Raises:
        ValueError: when ``spacing`` is not positive.
    """
    if spacing <= 0:
        raise ValueError("grid spacing must be positive")
    ox, oy = origin
    return (ox + round((p[0] - ox) / spacing) * spacing, oy + round((p[1] - oy) / spacing) * spacing)


Rings = Iterable[tuple[str, int, list[Point]]]


def item_rings(doc, exclude: Iterable[str] = ()) -> list[tuple[str, int, list[Point]]]:
    """``(item id, ring index, ring)`` for every feature and zone ring of a document."""
    skip = set(exclude)
    out = []
    for f in doc.features:
        if f.id in skip:
            continue
        out.append((f.id, 0, list(f.exterior)))
        out.extend((f.id, k + 1, list(h)) for k, h in enumerate(f.holes))
    out.extend((z.id, 0, list(z.polygon)) for z in doc.zones if z.id not in skip)
    return out


def nearest_vertex(p: Point, rings: Rings, radius: float) -> Snap | None:
    """The vertex nearest ``p`` within ``radius`` mm, or None."""
    best, bd = None, radius
    for iid, k, ring in rings:
        for i, v in enumerate(ring):
            d = math.dist(p, v)
            if d <= bd:
                best, bd = Snap(tuple(v), "vertex", iid, k, i), d
    return best


def nearest_edge_point(p: Point, rings: Rings, radius: float) -> Snap | None:
    """The nearest point on any edge within ``radius`` mm, or None."""
    best, bd = None, radius
    for iid, k, ring in rings:
        i, q, d = shapes.nearest_edge(ring, p)
        if d <= bd:
            best, bd = Snap(q, "edge", iid, k, i), d
    return best


#: the item id of the table's own outline in snaps
TABLE = "table"


def table_ring(width: float, height: float) -> list[Point]:
    """The table's outline (mm), corners clockwise from the origin."""
    return [(0.0, 0.0), (float(width), 0.0), (float(width), float(height)), (0.0, float(height))]


def snap(p: Point, doc=None, *, grid: float | None = None, radius: float = 5.0, vertices: bool = True,
         edges: bool = True, exclude: Iterable[str] = ()) -> Snap:
    """Snap ``p`` (mm): vertices, then edges (of ``doc``'s features and
    zones, and of the table itself, within ``radius`` mm), then the grid of
    spacing ``grid`` mm (None: off), kept on the table."""
    rings = item_rings(doc, exclude) if doc is not None else []
    if doc is not None:
        rings.append((TABLE, 0, table_ring(doc.width, doc.height)))
    if vertices:
        s = nearest_vertex(p, rings, radius)
        if s:
            return s
    if edges:
        s = nearest_edge_point(p, rings, radius)
        if s:
            if s.item_id == TABLE and grid:  # along a table edge, the grid still holds
                g = snap_to_grid(s.point, grid)
                x, y = s.point
                if s.index in (0, 2):  # the north and south edges: y is fixed
                    x = min(max(g[0], 0.0), float(doc.width))
                else:
                    y = min(max(g[1], 0.0), float(doc.height))
                return Snap((x, y), "edge", TABLE, 0, s.index)
            return s
    if grid:
        q = snap_to_grid(p, grid)
        if doc is not None:
            q = (min(max(q[0], 0.0), float(doc.width)), min(max(q[1], 0.0), float(doc.height)))
        return Snap(q, "grid")
    return Snap((float(p[0]), float(p[1])))

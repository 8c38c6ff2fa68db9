"""What a ``Fire`` may name besides a ship: an ordnance marker
(``o<n>``), an asteroid field (``f:<id>``, celestial phenomena) or a table
point (``p:<x>,<y>``, the nova cannon); where fire at a phenomenon is
measured to, and the blast markers it leaves at the phenomenon's edge."""

from __future__ import annotations

import math

from shapely.geometry import Point
from shapely.ops import nearest_points

from .. import geom

from ..data import tables
from ..events import BlastMarkerPlaced
from ..state import Feature, Ordnance, SFState
from .common import Ctx


def ordnance_id(o: Ordnance) -> str:
    return f"o{o.id}"


def find_ordnance(state: SFState, target: str) -> Ordnance | None:
    if not target.startswith("o"):
        return None
    for o in state.ordnance:
        if ordnance_id(o) == target:
            return o
    return None


FIELD_PREFIX = "f:"


def field_target(f: Feature) -> str:
    """The Fire target string naming an asteroid field."""
    return FIELD_PREFIX + f.id


def find_field(state: SFState, target: str) -> Feature | None:
    """The asteroid field a Fire target names (``f:<feature id>``), or None."""
    if not target.startswith(FIELD_PREFIX):
        return None
    return next((f for f in state.features if f.kind == "asteroid_field" and f.id == target[len(FIELD_PREFIX):]), None)


POINT_PREFIX = "p:"


def point_target(x: float, y: float) -> str:
    """The Fire target string of a table point (mm, one decimal): the nova
    cannon's template may be placed anywhere it can reach (spacefleet_core 1.7)."""
    return f"{POINT_PREFIX}{x:.1f},{y:.1f}"


def find_point(target: str) -> tuple[float, float] | None:
    """The table point a Fire target names (``p:<x>,<y>``), or None."""
    if not target.startswith(POINT_PREFIX):
        return None
    try:
        x, y = (float(v) for v in target[len(POINT_PREFIX):].split(","))
    except ValueError:
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


def phenomenon_at(state: SFState, x: float, y: float) -> Feature | None:
    """The planet, moon or asteroid field under (x, y): what a nova cannon may
    aim at directly (spacefleet_core rulings: D6 blast markers at its edge)."""
    for f in state.features:
        if f.kind in ("planet", "moon", "asteroid_field") and geom.point_in(f, x, y):
            return f
    return None


def field_aim(f: Feature, x: float, y: float) -> tuple[float, float]:
    """The point of the field nearest to (x, y): where fire at the field is measured to."""
    poly = geom.polygon(f)[0]
    p = nearest_points(poly.exterior, Point(x, y))[0]
    return (p.x, p.y)


def field_blast_markers(ctx: Ctx, f: Feature, fx: float, fy: float, n: int) -> None:
    """A blast marker per 6 scored on an asteroid field (or per point of a
    nova cannon's direct hit on a planet, moon or field), touching its edge on
    the side the fire came from (celestial phenomena, asteroid fields; only a
    field's markers are shed by the field in the end phase)."""
    if n <= 0:
        return
    px, py = field_aim(f, fx, fy)
    r = tables().constants.blast_marker_radius_mm
    h = geom.bearing(px, py, fx, fy)
    x0, y0 = geom.step(px, py, h, r)
    pts = [geom.step(x0, y0, h + 90.0, ((k + 1) // 2) * 2.0 * r * (1 if k % 2 else -1)) for k in range(n)]
    ctx.emit(BlastMarkerPlaced(id=ctx.s.next_id, x=pts[0][0], y=pts[0][1], zone="main", more=tuple(pts[1:]),
                               field=f.id if f.kind == "asteroid_field" else None))

"""Interrupt fire (Foxhole, Interrupt fire).

While an element moves, the other side may have one of its elements fire
at it in the first half of its move. That element must see the mover
somewhere on the first half of the path (measured along it) and have it in
range there (the position in sight nearest it, as for normal fire); an
unrevealed element interrupts only under its standing order (ambush: at
close range) and is revealed. A suppressed-or-worse result sends the mover
back where the move began and ends its use (ours: its use ends there, and
the interrupting element does not fire at it again this use). An
unrevealed mover cannot be interrupted (it is not spotted).
"""

from __future__ import annotations

from shapely.geometry import LineString, Point
from shapely.ops import nearest_points

from ..geo import height
from ..sight import route_seen, sees_point
from ..state import Element, FoxState
from .fire import R, Shot, _shot, band_of, can_fire
from .movement import truncate


def first_half(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The first half of a path, by length (its start when it has no length)."""
    L = LineString(pts).length if len(pts) >= 2 else 0.0
    return truncate(pts, L / 2) if L > 0 else [pts[0]]


def interrupt_shot(s: FoxState, f: Element, mover: Element, pts: list[tuple[float, float]]) -> Shot | None:
    """``f``'s interrupt fire at ``mover`` moving along ``pts`` (None: it cannot)."""
    band = band_of(f)
    if f.side == mover.side or band is None or band is R.indirect or not can_fire(s, f):
        return None
    half = first_half(pts)
    from .contact_math import point_polyline_distance
    from .fire import reach_of
    if point_polyline_distance((f.x, f.y), half) > reach_of(band) + 1e-9:
        return None
    z = height(mover)
    if len(half) >= 2:
        frac, geom = route_seen(s, f, half, z)
        if geom.is_empty or frac <= 0.0:
            return None
        p = nearest_points(geom, Point(f.x, f.y))[0]
        point = (p.x, p.y)
    else:
        if not sees_point(s, f, half[0][0], half[0][1], z):
            return None
        point = half[0]
    sh = _shot(s, f, "route", point, band)
    if sh is None:
        return None
    if f.unrevealed and (f.fire_order == "hold" or (f.fire_order == "ambush" and not sh.close)):
        return None
    return sh


def interrupters(s: FoxState, mover: Element, pts: list[tuple[float, float]]) -> list[str]:
    """Ids of the enemy elements that could interrupt this move."""
    if mover.unrevealed or len(pts) < 2:
        return []
    out = []
    for f in s.elements.values():
        if f.side != mover.side and f.on_table and f.combatant:
            if interrupt_shot(s, f, mover, pts) is not None:
                out.append(f.id)
    return out

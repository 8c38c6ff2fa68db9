"""Pioneers and vehicles (Foxhole, Pioneers; Vehicles - Debussing or embussing).

* Pioneers: a pioneer element that ends its use at the edge of an
  impassable obstacle (its base within 2 mm, ours) opens a route across it:
  a strip 30 mm wide (one base, ours) from its centre straight across the
  obstacle. Other elements, and the pioneer itself, may then move their
  centres across the obstacle inside the strip. The route lasts while the
  pioneer stays where it is (ours: it closes when the pioneer moves on, is
  destroyed or fades away).
* Vehicles: an element may embus on or debus from a friendly vehicle once a
  turn, as its move (ours: its centre within 45 mm of the vehicle's, a soft
  vehicle carrying two elements, a light or heavy one one). While carried
  it is part of the vehicle: it moves with it, is not fired at and does not
  fire, and need not be used (ours). Unrevealed elements do not embus (ours).
"""

from __future__ import annotations

import math

from shapely.geometry import Point, Polygon
from shapely.ops import nearest_points

from .. import events as E
from ..geo import footprint, footprint_at, geo_of, overlaps
from ..state import Crossing, Element, FoxState
from ..tables import TABLES
from .common import Emitter, dist, public_name

PI = TABLES.pioneers
TR = TABLES.transport


def route_through(s: FoxState, e: Element) -> tuple[str, list] | None:
    """(feature id, strip ring) of the route ``e`` would open where it stands, or None."""
    if not e.pioneer or not e.on_table:
        return None
    g = geo_of(s)
    fp = footprint(e).footprint
    best = None
    for i in g.by_kind.get("impassable", []):
        poly = g.polys[i]
        d = poly.distance(fp)
        if d <= PI.edge_mm + 1e-9 and (best is None or d < best[0]):
            best = (d, i)
    if best is None:
        return None
    i = best[1]
    poly = g.polys[i]
    p, _ = nearest_points(poly, Point(e.x, e.y))
    dx, dy = p.x - e.x, p.y - e.y
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    px, py = -uy, ux
    L = math.hypot(*s.table)
    hw = PI.route_width_mm / 2
    strip = Polygon([(e.x + px * hw, e.y + py * hw), (e.x + ux * L + px * hw, e.y + uy * L + py * hw),
                     (e.x + ux * L - px * hw, e.y + uy * L - py * hw), (e.x - px * hw, e.y - py * hw)])
    inside = strip.intersection(poly.buffer(0.5))
    if inside.is_empty:
        return None
    parts = list(getattr(inside, "geoms", [inside]))
    part = min(parts, key=lambda q: q.distance(Point(e.x, e.y)))
    part = part.union(strip.intersection(Point(e.x, e.y).buffer(part.distance(Point(e.x, e.y)) + 1.0))).convex_hull
    ring = [(round(x, 3), round(y, 3)) for x, y in list(part.exterior.coords)[:-1]]
    return g.recs[i].id, ring


def after_use(em: Emitter, e_id: str) -> None:
    """A pioneer at an obstacle's edge opens its route (replacing an old one)."""
    s = em.s
    e = s.elements.get(e_id)
    if e is None or not e.pioneer:
        return
    got = route_through(s, e)
    if got is None:
        return
    fid, ring = got
    old = next((c for c in s.crossings if c.pioneer == e.id), None)
    if old is not None and old.feature == fid and old.ring == ring:
        return
    name = next((r.name or r.kind for r in geo_of(s).recs if r.id == fid), fid)
    em.emit(E.CrossingOpened(crossing=Crossing(pioneer=e.id, feature=fid, ring=ring), name=public_name(e),
                             feature_name=name))


def close_if_moved(em: Emitter, e_id: str) -> None:
    s = em.s
    if any(c.pioneer == e_id for c in s.crossings):
        em.emit(E.CrossingClosed(pioneer=e_id, name=public_name(s.elements[e_id])))


def carried(s: FoxState, vehicle_id: str) -> list[Element]:
    return [c for c in s.elements.values() if c.carried_by == vehicle_id and c.where == "carried"]


def embus_problem(s: FoxState, e: Element, v: Element | None) -> str:
    if v is None or v.kind != "vehicle" or v.side != e.side or not v.on_table:
        return "embus on a friendly vehicle on the table"
    if e.kind in ("vehicle",) or not e.on_table:
        return f"{e.name} cannot embus"
    if e.unrevealed:
        return "an unrevealed element stays hidden on foot"
    if e.bussed_turn == s.turn:
        return "an element embusses or debusses once a turn"
    if len(carried(s, v.id)) >= TR.capacity[v.vehicle]:
        return f"the {v.name} is full"
    if dist(e.x, e.y, v.x, v.y) > TR.reach_mm + 1e-9:
        return f"it must be within {TR.reach_mm:g} mm of the {v.name}"
    return ""


def debus_problem(s: FoxState, e: Element, x: float, y: float) -> str:
    if e.where != "carried" or e.carried_by is None:
        return f"{e.name} is not aboard a vehicle"
    v = s.elements[e.carried_by]
    if e.bussed_turn == s.turn:
        return "an element embusses or debusses once a turn"
    if dist(x, y, v.x, v.y) > TR.reach_mm + 1e-9:
        return f"it gets off within {TR.reach_mm:g} mm of the {v.name}"
    g = geo_of(s)
    if not g.in_table(x, y, TABLES.bases.square_mm / 2):
        return "the base would be off the table"
    if g.kind_at(x, y) == "impassable":
        return "it cannot get off into impassable terrain"
    fp = footprint_at(e, x, y, "normal", 0.0)
    for o in s.elements.values():
        if o.on_table and o.id != e.id and overlaps(fp, footprint(o)):
            return "the base would overlap another element"
    return ""


def debus_spots(s: FoxState, e: Element) -> list[tuple[float, float]]:
    """Places round its vehicle where a carried element may get off."""
    if e.carried_by is None:
        return []
    v = s.elements[e.carried_by]
    out = []
    for k in range(8):
        a = math.radians(45 * k)
        x, y = round(v.x + math.cos(a) * (TR.reach_mm - 0.5), 2), round(v.y + math.sin(a) * (TR.reach_mm - 0.5), 2)
        if not debus_problem(s, e, x, y):
            out.append((x, y))
    return out

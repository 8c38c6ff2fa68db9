"""Driving (Battlespace: Vehicles: land vehicles move up to an advance).

The soldier in the driver's seat drives with his move order: the vehicle goes
straight, keeping its heading, up to one advance (two card lengths, 176 mm)
measured at its centre, and its occupants go with it. ``(x, y)`` of the move is
the vehicle's new centre. It stops where its footprint first touches a model,
impassable terrain or hindering terrain it was not already touching (the
hindering rule applied to the vehicle); the footprint must stay on the table.

Collisions come from :func:`game.geometry.movement.first_contact`: two
polygons meeting under a translation first touch at a corner of one against an
edge of the other, so the vehicle's corners are swept forward against the
obstacles and the obstacles' corners (and round bases) backward against the
vehicle's footprint.
"""

from __future__ import annotations

import math

import shapely
from shapely import affinity
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import nearest_points

from game.geometry.movement import first_contact
from game.geometry.terrain import HINDERING, IMPASSABLE, TerrainPiece

from ..data import data
from ..events import Changed, Placed, VehicleMoved
from ..geo import R, TOL, geo_of, overlapping
from ..names import display_name, name_of
from ..state import BSState, Fig
from .common import Emitter, lift_suppression

#: the vehicle stops this far short of the exact contact (quantised coordinates never overlap)
BACK_OFF = 0.05


def footprint(s: BSState, vid: str) -> Polygon:
    return geo_of(s).pieces[vid].polygon


def drive_reach(s: BSState, f: Fig, x: float, y: float) -> tuple[float, float, str | None]:
    """(distance wanted, distance the vehicle can go, id of what stops it) for the
    driver ``f`` driving his vehicle's centre to (x, y)."""
    g = geo_of(s)
    vid = f.vehicle
    poly = footprint(s, vid)
    c = poly.centroid
    dx, dy = x - c.x, y - c.y
    want = math.hypot(dx, dy)
    if want < 1e-9:
        return 0.0, 0.0, None
    shapely.prepare(poly)
    reach = want + 2 * R  # what lies farther from the footprint than this cannot be met
    obstacles = [p for p in g.pieces.values() if p.id != vid and p.polygon.distance(poly) <= reach
                 and (p.has(IMPASSABLE) or (p.has(HINDERING) and p.polygon.distance(poly) > TOL))]
    tags = frozenset({IMPASSABLE, HINDERING})
    best, by = want, None
    # the vehicle's corners against the obstacles
    for vx, vy in list(poly.exterior.coords)[:-1]:
        hit = first_contact((vx, vy), (vx + dx, vy + dy), 0.0, pieces=obstacles, terrain_tags=tags)
        if hit.hit and hit.distance < best:
            best, by = hit.distance, hit.id
    # the obstacles' corners and the models' bases against the vehicle (moving the other way)
    me = [TerrainPiece(id=vid, polygon=poly, kind="vehicle", height=1.0, tags=frozenset({IMPASSABLE}))]
    for p in obstacles:
        for ring in (p.polygon.exterior, *p.polygon.interiors):
            for px, py in list(ring.coords)[:-1]:
                hit = first_contact((px, py), (px - dx, py - dy), 0.0, pieces=me)
                if hit.hit and hit.distance < best:
                    best, by = hit.distance, p.id
    for o in s.figs.values():
        if not o.on_table or o.vehicle or o.carried_by or o.on is not None:
            continue
        if poly.distance(Point(o.x, o.y)) > reach:
            continue
        hit = first_contact((o.x, o.y), (o.x - dx, o.y - dy), R, pieces=me)
        if hit.hit and hit.distance < best:
            best, by = hit.distance, o.id
    if by is not None:
        best = max(0.0, best - BACK_OFF)
    return want, best, by


def check_drive(s: BSState, f: Fig, advance: bool, x: float, y: float) -> str | None:
    """None when the driver ``f`` may drive his vehicle's centre to (x, y); else the reason."""
    v = s.vehicles.get(f.vehicle or "")
    if v is None or f.seat != "driver":
        return f"{display_name(f)} is not in a driver's seat"
    if v.disabled:
        return f"the {data().vehicles[v.type].name} is disabled"
    if v.immobile:
        return f"the {data().vehicles[v.type].name} is damaged and cannot drive"
    if advance:
        return "a vehicle covers up to an advance with one move order: give a move order"
    want, can, by = drive_reach(s, f, x, y)
    if want > data().tables.advance_mm + 0.01:
        return f"a vehicle drives at most {data().tables.advance_mm:g} mm (an advance); this is {want:.1f} mm"
    if want < 0.5:
        return "the drive goes nowhere"
    poly = footprint(s, f.vehicle)
    c = poly.centroid
    k = can / want
    moved = _shift(poly, (x - c.x) * k, (y - c.y) * k)
    w, h = s.table
    minx, miny, maxx, maxy = moved.bounds
    if minx < -0.01 or miny < -0.01 or maxx > w + 0.01 or maxy > h + 0.01:
        return "the vehicle would leave the table"
    if can < 0.5:
        return f"the vehicle is blocked that way by {by}"
    return None


def resolve_drive(em: Emitter, f: Fig, x: float, y: float) -> None:
    """Drive the vehicle (and everyone in it) toward (x, y), stopping at first contact."""
    s = em.s
    poly = footprint(s, f.vehicle)
    c = poly.centroid
    want, can, by = drive_reach(s, f, x, y)
    k = can / want if want else 0.0
    dx, dy = (x - c.x) * k, (y - c.y) * k
    stop = "" if by is None else (name_of(s, by) if by in s.figs else by)
    em.emit(VehicleMoved(vehicle=f.vehicle, dx=dx, dy=dy, x=c.x + dx, y=c.y + dy, dist=math.hypot(dx, dy),
                         stopped_by=stop))
    if math.hypot(dx, dy) > 0:  # Suppression Fire: a shooter moved, even by force, stops suppressing
        for o in list(em.s.figs.values()):
            if o.vehicle == f.vehicle:
                lift_suppression(em, o)


def _shift(poly: Polygon, dx: float, dy: float) -> Polygon:
    return affinity.translate(poly, dx, dy)


def exit_point(s: BSState, f: Fig) -> tuple[float, float] | None:
    """Where ``f`` stands on leaving his vehicle: just outside its footprint, the
    first free spot around it (Battlespace: Vehicles, exiting is a free order)."""
    g = geo_of(s)
    poly = g.pieces[f.vehicle].polygon
    c = poly.centroid
    for ang in range(0, 360, 30):
        for dist in (R + 1.0, R + 8.0):
            bx = c.x + math.cos(math.radians(ang)) * 400
            by = c.y + math.sin(math.radians(ang)) * 400
            inter = poly.exterior.intersection(LineString([(c.x, c.y), (bx, by)]))
            if inter.is_empty:
                continue
            p = nearest_points(inter, Point(c.x, c.y))[0]
            x = p.x + math.cos(math.radians(ang)) * dist
            y = p.y + math.sin(math.radians(ang)) * dist
            if g.point_free(x, y) and overlapping(s, f.model_copy(update={"vehicle": None}), x, y) is None:
                return (x, y)
    return None


def eject_all(em: Emitter, vid: str) -> None:
    """A disabled vehicle can no longer be occupied: everyone inside is put beside it."""
    for o in list(em.s.figs.values()):
        if o.vehicle == vid:
            p = exit_point(em.s, o)
            em.emit(Changed(unit=o.id, changes={"vehicle": None, "seat": None}))
            if p:
                em.emit(Placed(unit=o.id, x=p[0], y=p[1], z=0.0, on=None))

"""Soldier orders: legality (``check_order``) and effects (``resolve_order``)
(Battlespace: Orders; Advanced Rules). Distances in mm, centre to centre for moves."""

from __future__ import annotations

import math

from shapely.geometry import Point
from shapely.ops import nearest_points

from game.core.logtext import plural

from .. import actions as A
from ..data import data
from ..events import ActivationEnded, Changed, Healed, OrderUsed, Placed, Removed, SmokeLaid
from ..geo import R, TOL, geo_of, in_contact, overlapping, throw_clear
from ..names import article, display_name as nm, feature_name, gear_name, name_of
from ..sight import sees
from ..state import BSState, Fig
from .civilians import react
from .combat import aoe_attack, aoe_polygon, bearing, drift_point, in_area, melee, soldier_fires, soldier_weapon
from .common import Emitter, has_gear, lift_suppression, release_dragged, status_after, suppressed
from .missions import exfil_open, interact, interaction_refused, interactions
from .vehicles import check_drive, exit_point, resolve_drive

CLIMB_TALL = data().tables.climb_long_factor * data().tables.standing_height_mm


def order_cost(s: BSState, f: Fig, a) -> tuple[str, int]:
    """(order name, orders it takes) for a soldier order."""
    if isinstance(a, A.Move):
        return ("advance", 2) if a.advance else ("move", 1)
    if isinstance(a, A.Fire):
        return ("fire", 2 if a.aimed else 1)
    if isinstance(a, A.Suppress):
        cheap = data().soldiers[f.card].specialty == "gunner" or has_gear(f, "suppress_cheap")
        return ("suppress", 1 if cheap else 2)
    if isinstance(a, A.Throw):
        return ("throw", 1)
    if isinstance(a, A.FireGear):
        return ("gear", 1)
    if isinstance(a, A.Prone):
        return ("stand", 0) if a.stand else ("prone", 1)
    if isinstance(a, A.Interact):
        return ("interact", 1)
    if isinstance(a, A.Aid):
        return ("aid", 1)
    if isinstance(a, A.Climb):
        return ("climb", 2)
    if isinstance(a, A.ClearJam):
        return ("clear_jam", 1)
    if isinstance(a, A.Enter):
        if a.leave:
            return ("exit", 0)
        v = s.vehicles.get(a.vehicle)
        free = v is not None and data().vehicles[v.type].free_rear_entry and _front_full(s, a.vehicle)
        return ("enter", 0 if free else 1)
    if isinstance(a, A.Exfil):
        return ("exfil", 0)
    return ("?", 99)


def _front_full(s: BSState, vid: str) -> bool:
    vt = data().vehicles[s.vehicles[vid].type]
    return sum(1 for f in s.figs.values() if f.vehicle == vid) >= vt.seats


def enemy_contact(s: BSState, f: Fig) -> list[Fig]:
    return [e for e in s.enemies() if in_contact(e, f)]


def on_exit(s: BSState, f: Fig) -> bool:
    """The base touches an exfil edge open to it (Battlespace: Exfil); for a model
    in a vehicle, the vehicle's footprint does (it drives off with him)."""
    w, h = s.table
    if f.vehicle and f.vehicle in geo_of(s).pieces:
        x0, y0, x1, y1 = geo_of(s).pieces[f.vehicle].polygon.bounds
        gap = {"north": (y0, (x0, x1)), "south": (h - y1, (x0, x1)), "west": (x0, (y0, y1)), "east": (w - x1, (y0, y1))}
        reach = TOL + 0.5
    else:
        gap = {"north": (f.y - R, (f.x, f.x)), "south": (h - f.y - R, (f.x, f.x)), "west": (f.x - R, (f.y, f.y)),
               "east": (w - f.x - R, (f.y, f.y))}
        reach = TOL + 0.5
    for e in s.exits:
        if e.side not in (None, f.side, "fireteam"):
            continue
        d, (lo, hi) = gap[e.edge]
        end = e.end if e.end is not None else (w if e.edge in ("north", "south") else h)
        if d <= reach and hi >= e.start and lo <= end:
            return True
    return False


def climb_target(s: BSState, f: Fig, fid: str) -> tuple[float, float, float, str | None] | None:
    """Where a climb of feature ``fid`` puts the soldier: (x, y, z, on), or None."""
    g = geo_of(s)
    if fid not in g.pieces:
        return None
    piece = g.pieces[fid]
    poly = piece.polygon
    here = Point(f.x, f.y)
    if f.on == fid:  # climb down: just outside the edge nearest to him
        b = nearest_points(poly.exterior, here)[0]
        dx, dy = b.x - f.x, b.y - f.y
        d = math.hypot(dx, dy) or 1.0
        nx, ny = dx / d, dy / d
        down = f.model_copy(update={"z": 0.0})
        # opposite where he stands; where a comrade already is, the next spot along the edge (ours)
        for side in (0.0, 1.0, -1.0, 2.0, -2.0):
            for extra in (R + 1.0, R + 6.0, R + 12.0):
                x = b.x + nx * extra - ny * side * (2 * R + 1.0)
                y = b.y + ny * extra + nx * side * (2 * R + 1.0)
                if poly.distance(Point(x, y)) >= R and g.point_free(x, y) and overlapping(s, down, x, y, set()) is None:
                    return (x, y, 0.0, None)
        return None
    if f.on is not None or poly.distance(here) > R + TOL + 0.5:
        return None
    if piece.kind == "wall":  # over the wall: the far side, opposite where he stands
        b = nearest_points(poly, here)[0]
        dx, dy = b.x - f.x, b.y - f.y
        d = math.hypot(dx, dy) or 1.0
        for k in range(1, 60):
            x, y = b.x + dx / d * k * 2.0, b.y + dy / d * k * 2.0
            if poly.distance(Point(x, y)) >= R + 0.5:
                if g.point_free(x, y) and overlapping(s, f, x, y, set()) is None:
                    return (x, y, 0.0, None)
                return None
        return None
    if not piece.has("elevation"):
        return None
    inner = poly.buffer(-R - 0.5)
    if inner.is_empty:
        return None
    b = nearest_points(inner, here)[0]
    return (b.x, b.y, piece.height, fid)


def _vehicle_contact(s: BSState, f: Fig, vid: str) -> bool:
    g = geo_of(s)
    return vid in g.pieces and g.pieces[vid].polygon.distance(Point(f.x, f.y)) <= R + TOL + 0.5


def check_order(s: BSState, f: Fig, a) -> str | None:
    """None when the order is legal for activated soldier ``f``; else the reason."""
    name, cost = order_cost(s, f, a)
    if name in f.used:
        return f"{nm(f)} has already given {article(name)} order this turn (a named order once per turn)"
    if cost > f.orders:
        return f"{name} takes {plural(cost, 'order')}; {nm(f)} has {f.orders} left"
    if f.move_only and not (isinstance(a, A.Move) and not a.advance) and not (isinstance(a, A.Prone) and a.stand) \
            and not isinstance(a, A.Exfil):
        # Player Phase: a failed initiative leaves a move order; standing up is free and
        # comes first when he is prone, and leaving by the exfil edge is moving off the
        # table (ours: else the move he is left could not be used for either)
        return f"{nm(f)} failed the initiative roll and may only move"
    if f.midway and not isinstance(a, A.Climb):
        return f"{nm(f)} is stopped midway up a climb and can only keep climbing"
    shooting = isinstance(a, (A.Fire, A.Suppress, A.FireGear))
    if not shooting and not isinstance(a, (A.Exfil,)) and suppressed(s, f):
        return f"{nm(f)} is under suppression fire: only shooting attacks"
    if f.vehicle and isinstance(a, A.Move):
        if f.seat != "driver":
            return f"{nm(f)} is in a vehicle but not at the wheel: he may shoot or exit"
        if a.drag:
            return "the driver cannot drag anyone"
        return check_drive(s, f, a.advance, a.x, a.y)
    if f.vehicle and not (shooting or isinstance(a, A.Exfil) or (isinstance(a, A.Enter) and a.leave)):
        return f"{nm(f)} is in a vehicle: he may shoot, drive (the driver) or exit"
    if isinstance(a, A.Move):
        return _check_move(s, f, a)
    if isinstance(a, (A.Fire, A.Suppress, A.FireGear)):
        t = s.figs.get(a.target)
        if t is None or t.side != "enemy" or t.status != "ok":
            return f"{name_of(s, a.target)} is not an enemy on the table"
        if f.jammed and soldier_weapon(s, f) == "assault_rifle" and not isinstance(a, A.FireGear):
            return f"{nm(f)}'s weapon is jammed (clear it first)"
        if isinstance(a, A.Fire) and a.aimed and soldier_weapon(s, f) != "assault_rifle":
            return "aimed fire is for the primary weapon only"
        if isinstance(a, A.FireGear):
            g = data().gear.get(a.gear)
            if g is None or g.kind != "fire_aoe" or f.gear.get(a.gear, 0) == 0:
                return f"{nm(f)} has no {gear_name(a.gear)} to fire"
        if not sees(s, f, t):
            return f"{nm(f)} has no line of sight to {nm(t)}"
        return None
    if isinstance(a, A.Throw):
        g = data().gear.get(a.gear)
        if g is None or not g.kind.startswith("throw") or f.gear.get(a.gear, 0) == 0:
            return f"{nm(f)} has no {gear_name(a.gear)} to throw"
        d = math.hypot(a.x - f.x, a.y - f.y)
        if d > R + data().tables.throw.reach_mm + 0.01:
            return f"a throw reaches {R + data().tables.throw.reach_mm:g} mm from the centre; this is {d:.1f} mm"
        w, h = s.table
        if not (0 <= a.x <= w and 0 <= a.y <= h):
            return "the reference point is off the table"
        if not throw_clear(s, f, a.x, a.y):
            return "the throwing arc is blocked"
        return None
    if isinstance(a, A.Prone):
        if a.stand != f.prone:
            return f"{nm(f)} is {'not ' if a.stand else 'already '}prone"
        return None
    if isinstance(a, A.Interact):
        if a.what not in interactions(s, f):
            return interaction_refused(s, f, a.what)
        return None
    if isinstance(a, A.Aid):
        t = s.figs.get(a.target)
        if t is None or t.kind not in ("soldier", "hostage") or not t.on_table or t.wounds <= 0:
            return f"{name_of(s, a.target)} is not a wounded soldier on the table"
        if t.id != f.id and not (math.hypot(t.x - f.x, t.y - f.y) <= 2 * R + TOL or t.carried_by == f.id):
            return f"{nm(t)} is not in base contact with {nm(f)}"
        if a.gear is None:
            if data().soldiers[f.card].specialty != "medic":
                return f"{nm(f)} is not a medic (use a heal gear card)"
        else:
            g = data().gear.get(a.gear)
            if g is None or g.kind != "heal" or f.gear.get(a.gear, 0) == 0:
                return f"{nm(f)} has no {gear_name(a.gear)} to use"
        return None
    if isinstance(a, A.Climb):
        if f.midway and f.midway != a.feature:
            return f"{nm(f)} is midway up {feature_name(s, f.midway)}"
        if f.prone or f.carrying:
            return f"{nm(f)} cannot climb prone or carrying"
        if f.midway:
            return None
        if climb_target(s, f, a.feature) is None:
            return f"{nm(f)} is not in base contact with {feature_name(s, a.feature)}, or it is not climbable, or there is no room"
        return None
    if isinstance(a, A.ClearJam):
        return None if f.jammed else f"{nm(f)}'s weapon is not jammed"
    if isinstance(a, A.Enter):
        if a.leave:
            if f.vehicle != a.vehicle:
                return f"{nm(f)} is not in {feature_name(s, a.vehicle)}"
            return None if exit_point(s, f) else "no room to exit"
        v = s.vehicles.get(a.vehicle)
        if v is None or v.disabled:
            return f"{feature_name(s, a.vehicle)} is disabled and cannot be occupied" if v is not None else f"{a.vehicle!r} is not a vehicle"
        vt = data().vehicles[v.type]
        if sum(1 for o in s.figs.values() if o.vehicle == v.id) >= vt.seats + vt.rear_seats:
            return f"{feature_name(s, a.vehicle)} is full"
        if f.prone or f.carrying or not _vehicle_contact(s, f, v.id):
            return f"{nm(f)} is not in base contact with {feature_name(s, a.vehicle)} (standing, hands free)"
        return None
    if isinstance(a, A.Exfil):
        if not exfil_open(s):
            return "the mission does not allow exfil yet"
        return None if on_exit(s, f) else f"{nm(f)} is not at an exfil edge"
    return f"unknown order {a.type}"


def _check_move(s: BSState, f: Fig, a: A.Move) -> str | None:
    g = geo_of(s)
    if f.prone:
        return f"{nm(f)} is prone (stand up first)"
    if enemy_contact(s, f):
        return f"{nm(f)} is locked in hand-to-hand combat"
    limit = data().tables.advance_mm if a.advance else data().tables.move_mm
    d = math.hypot(a.x - f.x, a.y - f.y)
    if d > limit + 0.01:
        return f"{'an advance' if a.advance else 'a move'} is at most {limit:g} mm; this one is {d:.1f} mm"
    if d < 0.5:
        return "the move goes nowhere"
    if a.advance and f.on is None and g.in_hindering(f.x, f.y):
        return f"{nm(f)} is in hindering terrain and cannot advance"
    if a.drag:
        t = s.figs.get(a.drag)
        if t is None or t.status != "down" or t.kind != "soldier" or t.carried_by or f.carrying:
            return f"{name_of(s, a.drag)} is not a downed soldier to drag"
        if math.hypot(t.x - f.x, t.y - f.y) > 2 * R + TOL:
            return f"{name_of(s, a.drag)} is not in base contact with {nm(f)}"
    if f.on is not None:
        roof = g.roof_of(f.on)
        if not roof.covers(Point(a.x, a.y)):
            return "the move would step off the rooftop (climb down instead)"
    else:
        if not g.point_free(a.x, a.y):
            return "the base would end off the table or in impassable terrain"
        if not g.path_clear(f.x, f.y, a.x, a.y):
            return "the path crosses impassable terrain"
        stop = g.hinder_stop(f.x, f.y, a.x, a.y)
        if d > stop + 0.5:
            return f"hindering terrain ends the move on contact, {stop:.1f} mm along"
    o = overlapping(s, f, a.x, a.y, {a.drag} if a.drag else set())
    if o is not None:
        return f"the base would overlap {nm(o)}"
    return None


def resolve_order(em: Emitter, f: Fig, a) -> None:
    """Apply an order's effects through the emitter (the order is legal)."""
    s = em.s
    name, cost = order_cost(s, f, a)
    if not isinstance(a, A.Suppress):  # any other order, free ones too, lifts it
        lift_suppression(em, f)
    em.emit(OrderUsed(unit=f.id, order=name, cost=cost))
    f = em.s.figs[f.id]
    if isinstance(a, A.Move) and f.vehicle:
        resolve_drive(em, f, a.x, a.y)
    elif isinstance(a, A.Move):
        if a.drag:
            em.emit(Changed(unit=f.id, changes={"carrying": a.drag, "dragging": True}))
            em.emit(Changed(unit=a.drag, changes={"carried_by": f.id}))
        em.emit(Placed(unit=f.id, x=a.x, y=a.y, z=f.z, on=f.on))
        f = em.s.figs[f.id]
        foes = enemy_contact(em.s, f)
        if foes:
            release_dragged(em, f)
            melee(em, f, min(foes, key=lambda e: e.id))
        _after_move(em, f)
    elif isinstance(a, A.Fire):
        soldier_fires(em, f, s.figs[a.target], a.aimed)
    elif isinstance(a, A.Suppress):
        t = s.figs[a.target]
        em.emit(Changed(unit=f.id, changes={"suppress": [f.x, f.y, t.x, t.y]}))
        em.log(f"{nm(f)} lays suppression fire on {nm(t)}")
    elif isinstance(a, (A.Throw, A.FireGear)):
        _use_qty(em, f, a.gear)
        g = data().gear[a.gear]
        if isinstance(a, A.Throw):
            x, y, centred = a.x, a.y, False
        else:
            t = s.figs[a.target]
            x, y, centred = t.x, t.y, True
        away = bearing((f.x, f.y), (x, y)) if (x, y) != (f.x, f.y) else 0.0
        gren = data().soldiers[f.card].specialty == "grenadier"
        if g.drift:
            x, y = drift_point(em, x, y, away, gren, nm(f))
        poly = aoe_polygon(x, y, away, centred)
        if g.kind in ("throw_aoe", "fire_aoe"):
            aoe_attack(em, f, a.gear, poly)
        elif g.kind == "throw_smoke":
            em.emit(SmokeLaid(id=f"smoke{em.s.counter}", ring=[tuple(p) for p in list(poly.exterior.coords)[:-1]],
                              until_turn=s.turn + g.duration_turns))
        elif g.kind == "throw_stun":
            for t in in_area(em.s, poly):
                if t.side == "enemy" and t.status == "ok":
                    em.emit(Changed(unit=t.id, changes={"stunned": True}))
    elif isinstance(a, A.Prone):
        em.emit(Changed(unit=f.id, changes={"prone": not a.stand}))
    elif isinstance(a, A.Interact):
        interact(em, f, a.what)
    elif isinstance(a, A.Aid):
        if a.gear:
            _use_qty(em, f, a.gear)
        t = em.s.figs[a.target]
        total = t.wounds - 1
        em.emit(Healed(unit=t.id, total=total, status=status_after(t, total) if t.status != "exfil" else t.status))
    elif isinstance(a, A.Climb):
        fid = a.feature
        piece = geo_of(s).pieces[fid]
        if f.midway == fid and f.midway_down:  # the rest of the way down
            em.emit(Changed(unit=f.id, changes={"midway": None, "midway_down": False}))
            em.emit(Placed(unit=f.id, x=f.x, y=f.y, z=0.0, on=None))
        elif f.midway == fid:
            tgt = climb_target(s, f.model_copy(update={"midway": None}), fid)
            if tgt is None:
                em.log(f"{nm(f)} finds no room at the top and stays put")
                em.emit(Changed(unit=f.id, changes={"midway": None, "z": 0.0}))
            else:
                em.emit(Changed(unit=f.id, changes={"midway": None}))
                em.emit(Placed(unit=f.id, x=tgt[0], y=tgt[1], z=tgt[2], on=tgt[3]))
        elif f.on is None and piece.kind != "wall" and piece.height > CLIMB_TALL:
            em.emit(Changed(unit=f.id, changes={"midway": fid}))
            em.emit(Placed(unit=f.id, x=f.x, y=f.y, z=piece.height / 2, on=None))
            em.log(f"{nm(f)} stops midway up {feature_name(s, fid)}")
        elif f.on == fid and piece.height > CLIMB_TALL:  # down a tall one: midway too
            tgt = climb_target(s, f, fid)
            em.emit(Changed(unit=f.id, changes={"midway": fid, "midway_down": True}))
            em.emit(Placed(unit=f.id, x=tgt[0], y=tgt[1], z=piece.height / 2, on=None))
            em.log(f"{nm(f)} stops midway down {feature_name(s, fid)}")
        else:
            tgt = climb_target(s, f, fid)
            em.emit(Placed(unit=f.id, x=tgt[0], y=tgt[1], z=tgt[2], on=tgt[3]))
        _after_move(em, em.s.figs[f.id])
        _contact_after_placing(em, f.id)
        if em.s.current == f.id:
            em.emit(ActivationEnded(unit=f.id))
    elif isinstance(a, A.ClearJam):
        em.emit(Changed(unit=f.id, changes={"jammed": False}))
    elif isinstance(a, A.Enter):
        if a.leave:
            p = exit_point(s, f)
            em.emit(Changed(unit=f.id, changes={"vehicle": None, "seat": None}))
            em.emit(Placed(unit=f.id, x=p[0], y=p[1], z=0.0, on=None))
            _after_move(em, em.s.figs[f.id])
            _contact_after_placing(em, f.id)
        else:
            v = s.vehicles[a.vehicle]
            vt = data().vehicles[v.type]
            seats = {o.seat for o in s.figs.values() if o.vehicle == v.id}
            seat = "driver" if "driver" not in seats else "gunner" if vt.mounted and "gunner" not in seats else "passenger"
            c = geo_of(s).pieces[v.id].polygon.centroid
            em.emit(Changed(unit=f.id, changes={"vehicle": v.id, "seat": seat}))
            em.emit(Placed(unit=f.id, x=c.x, y=c.y, z=0.0, on=None))
    elif isinstance(a, A.Exfil):
        if f.carrying:
            em.emit(Removed(unit=f.carrying, status="exfil"))
        em.emit(Removed(unit=f.id, status="exfil"))


def _use_qty(em: Emitter, f: Fig, gid: str) -> None:
    """Battlespace: Use Gear: quantity -1; the card is discarded at 0 - except a
    team-position card, which can never leave the loadout (Gear: Team Position):
    it stays, empty and unusable (ours, where the two clauses meet)."""
    use_gear(em, f, gid)


def use_gear(em: Emitter, f: Fig, gid: str) -> None:
    """Spend one use of gear ``gid`` (see :func:`_use_qty`)."""
    q = dict(em.s.figs[f.id].gear)
    if q.get(gid, -1) > 0:
        q[gid] -= 1
        if q[gid] == 0 and not data().gear[gid].team_position:
            del q[gid]
        em.emit(Changed(unit=f.id, changes={"gear": q}))


def _contact_after_placing(em: Emitter, unit: str) -> None:
    """Battlespace: Hand to Hand Combat: a soldier put into base contact with an enemy
    (climbing, leaving a vehicle) fights at once."""
    f = em.s.figs[unit]
    if f.status != "ok":
        return
    foes = enemy_contact(em.s, f)
    if foes:
        release_dragged(em, f)
        melee(em, em.s.figs[unit], min(foes, key=lambda e: e.id))


def _after_move(em: Emitter, f: Fig) -> None:
    if any(c.kind == "civilian" and c.status == "ok" and not c.reacted for c in em.s.figs.values()):
        react(em, f)

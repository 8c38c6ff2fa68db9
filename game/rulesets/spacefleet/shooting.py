"""Shooting phase: target priority, the Gunnery table and its column shifts
(range, blast markers, aspect, sunward doubling, low orbit), lances, fire at
ordnance (spacefleet_core 1.7; celestial phenomena)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import geom
from .actions import Fire
from .common import (Ctx, crippled, inside_asteroids, leadership, line_crosses_bm, on_table, prof, sight, under_fire,
                     weapon_disabled, weapon_strength)
from .damage import apply_hits
from .events import OrdnanceRemoved, PriorityTest, WeaponFired
from .state import Ordnance, SFState, Ship
from .tables import Weapon, tables

SUNWARD_HEADING = {"north": -90.0, "south": 90.0, "east": 0.0, "west": 180.0}


def ordnance_id(o: Ordnance) -> str:
    return f"o{o.id}"


def find_ordnance(state: SFState, target: str) -> Ordnance | None:
    if not target.startswith("o"):
        return None
    for o in state.ordnance:
        if ordnance_id(o) == target:
            return o
    return None


def can_shoot(state: SFState, ship: Ship) -> str | None:
    """Why a ship may not shoot at all now, or None."""
    if not on_table(ship):
        return f"{ship.id} is not an active ship on the table"
    if ship.disengage_failed:
        return f"{ship.id} failed to disengage and may not shoot this turn"
    if leadership(state, ship) <= 1:
        return f"{ship.id} has Leadership 1 or less and may not shoot"
    if ship.zone == "main" and inside_asteroids(state, ship.x, ship.y) and (ship.braced or crippled(ship)):
        return f"{ship.id} is braced or crippled inside an asteroid field and may not shoot"
    return None


def weapon_range(state: SFState, ship: Ship, w: Weapon, tx: float, ty: float) -> float:
    """Weapon range in mm, cut to 10 cm between ships inside asteroid fields."""
    r = w.range_cm * 10.0
    if ship.zone == "main" and inside_asteroids(state, ship.x, ship.y) and inside_asteroids(state, tx, ty):
        r = min(r, tables().constants.asteroid_range_mm)
    return r


def target_reason(state: SFState, ship: Ship, wi: int, target: str) -> str | None:
    """Why weapon ``wi`` of ``ship`` may not fire at ``target`` (ignoring priority), or None."""
    p = prof(ship)
    if not 0 <= wi < len(p.weapons):
        return f"{ship.id} has no weapon {wi}"
    w = p.weapons[wi]
    if w.kind not in ("battery", "lance"):
        return f"{w.name} is ordnance: launch it instead"
    if wi in ship.fired:
        return f"{ship.id}'s {w.name} has already fired this turn"
    if weapon_disabled(ship, w):
        return f"{ship.id}'s {w.name} is knocked out by a critical"
    o = find_ordnance(state, target)
    if o is not None:
        if o.side == ship.side:
            return "that ordnance is friendly"
        if o.zone != ship.zone:
            return "that ordnance is on another table"
        tx, ty, tr = o.x, o.y, tables().constants.ordnance_radius_mm
    else:
        t = state.ships.get(target)
        if t is None or t.side == ship.side or not on_table(t):
            return f"{target!r} is not an enemy ship or ordnance marker on the table"
        if t.zone != ship.zone:
            return f"{t.id} is on another table (low orbit)"
        tx, ty, tr = t.x, t.y, t.radius
    if not set(geom.quadrants(ship.heading, ship.x, ship.y, tx, ty)) & set(w.arcs):
        return f"{target} is outside the {'/'.join(w.arcs)} arc of {w.name}"
    d = math.hypot(tx - ship.x, ty - ship.y)
    rng = weapon_range(state, ship, w, tx, ty)
    if d > rng + 1e-6:
        return f"{target} is {d / 10:.1f} cm away; {w.name} reaches {rng / 10:g} cm"
    why = sight(state, ship, tx, ty, state.ships.get(target))
    if why:
        return why
    return None


def nearest_targets(state: SFState, ship: Ship, wi: int) -> set[str]:
    """The nearest eligible enemy ship(s) for this weapon (ties all count)."""
    best, out = math.inf, set()
    for t in state.ships.values():
        if t.side == ship.side or not on_table(t) or t.zone != ship.zone:
            continue
        if target_reason(state, ship, wi, t.id) is None:
            d = round(math.hypot(t.x - ship.x, t.y - ship.y), 3)
            if d < best:
                best, out = d, {t.id}
            elif d == best:
                out.add(t.id)
    return out


def check_fire(state: SFState, a: Fire) -> str | None:
    ship = state.ships.get(a.ship)
    if ship is None or ship.side != a.side:
        return f"{a.side} has no ship {a.ship!r}"
    why = can_shoot(state, ship) or target_reason(state, ship, a.weapon, a.target)
    if why:
        return why
    if ship.priority == "failed" and find_ordnance(state, a.target) is None and a.target not in nearest_targets(state, ship, a.weapon):
        return f"{ship.id} failed its target-priority test and must fire at the nearest enemy"
    return None


def needs_priority_test(state: SFState, ship: Ship, a: Fire) -> bool:
    return (ship.priority == "none" and find_ordnance(state, a.target) is None
            and a.target not in nearest_targets(state, ship, a.weapon))


def priority_test(ctx: Ctx, ship_id: str) -> bool:
    """Target priority: 2D6 <= Ld to fire at other than the nearest (spacefleet_core 1.7)."""
    ship = ctx.s.ships[ship_id]
    ld = leadership(ctx.s, ship)
    roll = ctx.roll("2d6", f"{ship_id} target-priority test (needs {ld} or less)", side=ship.side)
    ok = roll.total <= ld and roll.total <= 10
    ctx.emit(PriorityTest(ship=ship_id, passed=ok))
    return ok


@dataclass(frozen=True)
class Gunnery:
    """How a battery volley is read on the Gunnery table."""

    column: int
    dice: int
    armour: int
    aspect: str
    shifts: tuple[str, ...]


def sunward(state: SFState, ship: Ship, tx: float, ty: float) -> tuple[bool, bool]:
    """(may be sunward, may be not): the target lies in the firer's compass
    quadrant facing the sunward edge (celestial phenomena: fighting sunward);
    on a boundary both answers are possible and the shooter picks."""
    if state.battlezone not in tables().phenomena.sunward_zones or ship.zone != "main":
        return (False, True)
    q = geom.quadrants(SUNWARD_HEADING[state.sunward], ship.x, ship.y, tx, ty)
    return ("front" in q, q != ("front",))


def gunnery(state: SFState, ship: Ship, w: Weapon, fp: int, target: Ship) -> Gunnery:
    """Dice and armour for ``fp`` firepower at ``target``: base column by type
    and aspect, then range shifts (doubled sunward), one right for blast
    markers, one right in low orbit; the shooter picks the better answer on a
    quadrant boundary (spacefleet_core 1.1, 1.7)."""
    t = tables()
    c = t.constants
    d = math.hypot(target.x - ship.x, target.y - ship.y)
    cols = t.gunnery.base_column
    pa = prof(target)
    kind = "capital" if pa.capital else "escort"
    inside = ship.zone == "main" and inside_asteroids(state, ship.x, ship.y) is not None
    bm = under_fire(state, ship) or under_fire(state, target) or line_crosses_bm(state, ship.zone, ship.x, ship.y, target.x, target.y)
    best: Gunnery | None = None
    aspects = geom.quadrants(target.heading, target.x, target.y, ship.x, ship.y)
    sun_opts = sunward(state, ship, target.x, target.y)
    for q in aspects:
        asp = {"front": "closing", "rear": "away"}.get(q, "abeam")
        armour = pa.armour.front if q == "front" else pa.armour.other
        for sun in (True, False):
            if not sun_opts[0 if sun else 1]:
                continue
            shifts = []
            col = cols["defences"] if target.stationary else cols[f"{kind}:{asp}"]
            k = 2 if sun else 1
            if d <= c.close_range_mm and not inside:
                col -= k
                shifts.append(f"close range -{k}")
            elif d > c.long_range_mm and not w.no_long_range_shift:
                col += k
                shifts.append(f"long range +{k}")
            if bm:
                col += 1
                shifts.append("blast markers +1")
            if ship.zone == "low_orbit":
                col += t.low_orbit.column_shift
                shifts.append("low orbit +1")
            col = max(0, min(4, col))
            g = Gunnery(col, t.gunnery.dice(fp, col), armour, "stationary" if target.stationary else asp, tuple(shifts))
            if best is None or g.dice * (7 - g.armour) > best.dice * (7 - best.armour):
                best = g
    assert best is not None
    return best


def lance_armour(target: Ship) -> int:
    return 4


def resolve_attack(ctx: Ctx, ship_id: str, wi: int, target: str) -> None:
    """Fire one weapon: batteries on the Gunnery table, lances 4+ (6 against
    ordnance); Lock On re-rolls misses; hits go through shields
    (spacefleet_core 1.7, 1.8; low orbit lances fire on 4+)."""
    s = ctx.s
    ship = s.ships[ship_id]
    w = prof(ship).weapons[wi]
    fp = weapon_strength(ship, w)
    lock = ship.order == "lock_on"
    o = find_ordnance(s, target)
    if w.kind == "lance" and ship.zone == "low_orbit":
        need = tables().low_orbit.lance_fire_needs
        if ctx.roll("d6", f"{ship_id} {w.name} in low orbit fires on {need}+", side=ship.side).total < need:
            ctx.emit(WeaponFired(ship=ship_id, weapon=wi, target=target, note="failed to fire in low orbit"))
            return
    if o is not None:
        n = tables().gunnery.dice(fp, 4) if w.kind == "battery" else fp
        faces = ctx.d6s(n, f"{ship_id} {w.name} at ordnance {target} (6s)", side=ship.side)
        hits = sum(1 for f in faces if f >= 6)
        ctx.emit(WeaponFired(ship=ship_id, weapon=wi, target=target, dice=n, hits=hits))
        if hits:
            ctx.emit(OrdnanceRemoved(id=o.id, why=f"shot down by {ship_id}"))
        return
    tgt = s.ships[target]
    if w.kind == "battery":
        g = gunnery(s, ship, w, fp, tgt)
        need, n, note = g.armour, g.dice, f"column {'ABCDE'[g.column]} ({g.aspect}{', ' + ', '.join(g.shifts) if g.shifts else ''})"
    else:
        need, n, note = lance_armour(tgt), fp, "lances hit on 4+"
    faces = ctx.d6s(n, f"{ship_id} {w.name} at {target}: {n} dice, {need}+ ({note})", side=ship.side)
    hits = sum(1 for f in faces if f >= need)
    miss = len(faces) - hits
    if lock and miss:
        faces2 = ctx.d6s(miss, f"{ship_id} Lock On re-rolls {miss} misses", side=ship.side)
        hits += sum(1 for f in faces2 if f >= need)
    ctx.emit(WeaponFired(ship=ship_id, weapon=wi, target=target, dice=n, hits=hits, note=note))
    apply_hits(ctx, target, hits, (ship.x, ship.y), why=f"{w.name} of {ship_id}")

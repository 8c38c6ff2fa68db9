"""Shooting phase: target priority, the Gunnery table and its column shifts
(range, blast markers, aspect, sunward doubling, low orbit), lances, fire at
ordnance (spacefleet_core 1.7; celestial phenomena)."""

from __future__ import annotations

import math

from .. import geom

from game.core.event import Target

from ..actions import Fire
from ..data import Weapon, tables
from ..events import OrdnanceRemoved, PriorityTest, WeaponFired
from ..names import feature_name, order_words, ship_name, the
from ..sight import sight
from ..state import Feature, SFState, Ship
from .common import (HULKS, Ctx, ceil_half, crippled, field_touching, halve_for_order, in_field, ld_target,
                     leadership, on_table, pool_faces, prof, remaining, shield_capacity, shooting_unit, squadron,
                     unit_launched, weapon_disabled, weapon_strength)
from .damage import apply_hits, catastrophe
from .gunnery import Gunnery, armour_label, gunnery, lance_armour
from .nova import nova_reason, resolve_nova
from .targets import field_aim, field_blast_markers, find_field, find_ordnance, find_point



def can_shoot(state: SFState, ship: Ship) -> str | None:
    """Why a ship may not shoot at all now, or None."""
    if not on_table(ship):
        return f"{the(state, ship.id)} is not an active ship on the table"
    if ship.disengage_failed:
        return f"{the(state, ship.id)} failed to disengage and may not shoot this turn"
    if leadership(state, ship) <= 1:
        return f"{the(state, ship.id)} has Leadership 1 or less and may not shoot"
    if in_field(state, ship) and (ship.braced or crippled(ship)):
        return f"{the(state, ship.id)} is braced or crippled inside an asteroid field and may not shoot"
    return None


def shooting_reason(state: SFState, ship: Ship, launching: bool = False) -> str | None:
    """Why ``ship`` may not fire (or, with ``launching``, launch) now because
    of the order of shooting, or None: ships shoot one at a time, a squadron
    as one, and a ship (or squadron) that has finished - another has begun
    since - shoots no more this phase; it launches its ordnance last, so a
    ship of a squadron that has launched fires no more (spacefleet_core 1.5,
    1.11)."""
    unit = shooting_unit(ship)
    if unit in state.done_shooting:
        return (f"the {ship_name(state, ship.id)} has finished its shooting this phase: ships shoot one at a time, "
                "each finishing before the next begins")
    if not launching and unit_launched(state, unit):
        return (f"the {ship_name(state, ship.id)}" + (" (or its squadron)" if ship.squadron else "")
                + " has launched ordnance: a ship launches last and fires no more guns this phase")
    return None


def battery_left(ship: Ship, wi: int) -> int:
    """Firepower weapon ``wi`` still has this phase: after halvings, less what
    split volleys have fired (spacefleet_core 1.7: split after all halvings)."""
    return max(0, weapon_strength(ship, prof(ship).weapons[wi]) - ship.split_fp.get(wi, 0))


def split_reason(state: SFState, ship: Ship, a: Fire) -> str | None:
    """Why ``a`` may not fire part of a battery (``a.fp``) or the rest of a
    split one, or None: batteries only, after all halvings, at most what is
    left, never two volleys of one battery at the same target, no pooling
    (spacefleet_core 1.7; ours: a pooled volley fires whole batteries)."""
    w = prof(ship).weapons[a.weapon]
    split = a.fp or ship.split_fp.get(a.weapon, 0)
    if not split:
        return None
    if w.kind != "battery":
        return f"only batteries split their firepower ({w.name} is a {w.kind.replace('_', ' ')})"
    if a.pool:
        return "a pooled volley fires whole batteries: split fire is not pooled"
    left = battery_left(ship, a.weapon)
    if a.fp < 0 or a.fp > left:
        return f"{w.name} has {left} firepower left to fire, not {a.fp}"
    if a.target in ship.split_at.get(a.weapon, []):
        return f"{w.name} has fired at that target already: a battery splits only between different targets"
    return None


def weapon_range(state: SFState, ship: Ship, w: Weapon, tx: float, ty: float, tr: float = 0.0) -> float:
    """Weapon range in mm, cut to 10 cm between ships both in asteroid fields
    (celestial phenomena; ``tr`` the target's base radius, mm)."""
    r = w.range_cm * 10.0
    if in_field(state, ship) and field_touching(state, tx, ty, tr):
        r = min(r, tables().constants.asteroid_range_mm)
    return r


def target_reason(state: SFState, ship: Ship, wi: int, target: str) -> str | None:
    """Why weapon ``wi`` of ``ship`` may not fire at ``target`` (ignoring priority), or None."""
    p = prof(ship)
    if not 0 <= wi < len(p.weapons):
        return f"{the(state, ship.id)} has no weapon {wi}"
    w = p.weapons[wi]
    if w.kind not in ("battery", "lance", "nova_cannon"):
        return f"{w.name} is ordnance: launch it instead"
    if wi in ship.fired:
        return f"{the(state, ship.id)}'s {w.name} has already fired this turn"
    if weapon_disabled(ship, w):
        return f"{the(state, ship.id)}'s {w.name} is knocked out by a critical"
    if w.kind == "nova_cannon":
        return nova_reason(state, ship, w, target)
    fld = find_field(state, target)
    if fld is not None:
        return field_reason(state, ship, w, fld)
    o = find_ordnance(state, target)
    if o is not None:
        if o.side == ship.side:
            return "that ordnance is friendly"
        if o.zone != ship.zone:
            return "that ordnance is on another table"
        tx, ty, tr = o.x, o.y, tables().constants.ordnance_radius_mm
    else:
        t = state.ships.get(target)
        if t is not None and t.status in HULKS and t.id != ship.id:
            pass  # fire at a hulk of either fleet: a new catastrophic roll if it hits (spacefleet_core 1.8)
        elif t is None or t.side == ship.side or not on_table(t):
            return f"{target!r} is not an enemy ship, hulk or ordnance marker on the table"
        if t.zone != ship.zone:
            return f"{the(state, t.id)} is on another table (low orbit)"
        tx, ty, tr = t.x, t.y, t.radius
    if not set(geom.quadrants(ship.heading, ship.x, ship.y, tx, ty)) & set(w.arcs):
        return f"{the(state, target)} is outside the {'/'.join(w.arcs)} arc of {w.name}"
    d = math.hypot(tx - ship.x, ty - ship.y)
    rng = weapon_range(state, ship, w, tx, ty, tr)
    if d > rng + 1e-6:
        return f"{the(state, target)} is {d / 10:.1f} cm away; {w.name} reaches {rng / 10:g} cm"
    return sight(state, ship, tx, ty, state.ships.get(target), tr)


def field_reason(state: SFState, ship: Ship, w: Weapon, f: Feature) -> str | None:
    """Why a battery or lance may not fire at the asteroid field ``f``: in arc,
    in range and in sight of the field's nearest point, from outside it."""
    if ship.zone != "main":
        return "the asteroid field is on the main table"
    if in_field(state, ship):
        return "no shooting out of an asteroid field"
    px, py = field_aim(f, ship.x, ship.y)
    d = math.hypot(px - ship.x, py - ship.y)
    if not set(geom.quadrants(ship.heading, ship.x, ship.y, px, py)) & set(w.arcs):
        return f"{feature_name(f)} is outside the {'/'.join(w.arcs)} arc of {w.name}"
    if d > w.range_cm * 10.0 + 1e-6:
        return f"{feature_name(f)} is {d / 10:.1f} cm away; {w.name} reaches {w.range_cm:g} cm"
    if d > 1.0:
        qx, qy = px + (ship.x - px) / d, py + (ship.y - py) / d
        return sight(state, ship, qx, qy)
    return None


def pool_reason(state: SFState, ship: Ship, a: Fire) -> str | None:
    """Why squadron-mates' batteries may not join ``a`` (spacefleet_core 1.11:
    a squadron adds its firepower up before the table, in groups by aspect
    and range): batteries of other ships of the squadron, each able to fire
    at the target and reading the same column and armour as the lead."""
    w = prof(ship).weapons[a.weapon]
    tgt = state.ships.get(a.target)
    if w.kind != "battery" or tgt is None:
        return "only batteries firing at a ship may be pooled"
    if not ship.squadron:
        return f"{the(state, ship.id)} is not in a squadron"
    g = gunnery(state, ship, w, weapon_strength(ship, w), tgt)
    seen = set()
    for sid, wi in a.pool:
        m = state.ships.get(sid)
        if m is None or m.id == ship.id or m.side != ship.side or m.squadron != ship.squadron:
            return f"{sid!r} is not another ship of {the(state, ship.id)}'s squadron"
        if sid in seen:
            return f"{the(state, sid)} may add only one battery to the volley"
        seen.add(sid)
        why = can_shoot(state, m) or target_reason(state, m, wi, a.target)
        if why:
            return why
        mw = prof(m).weapons[wi]
        if mw.kind != "battery":
            return "only batteries are pooled"
        if m.priority != "passed" and a.target not in nearest_targets(state, m, wi):
            return f"{the(state, sid)} must fire at its nearest enemy (it took no target-priority test)"
        gm = gunnery(state, m, mw, weapon_strength(m, mw), tgt)
        if (gm.column, gm.armour) != (g.column, g.armour):
            return f"{the(state, sid)} sees {the(state, a.target)} on another column or facing; it fires as a separate group"
    return None


def pooled_firepower(state: SFState, ship: Ship, w: Weapon, pool) -> int:
    """Total firepower of a pooled volley: escort squadrons halve the total for
    orders (not each ship); capital ships halve each ship's own (spacefleet_core 1.11)."""
    members = [(ship, w)] + [(state.ships[sid], prof(state.ships[sid]).weapons[wi]) for sid, wi in pool]
    if not prof(ship).capital:
        total = sum(mw.strength for _, mw in members)
        return ceil_half(total) if halve_for_order(ship) else total
    return sum(weapon_strength(m, mw) for m, mw in members)


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
    why = can_shoot(state, ship) or shooting_reason(state, ship) or target_reason(state, ship, a.weapon, a.target)
    if why:
        return why
    why = split_reason(state, ship, a)
    if why:
        return why
    if a.pool:
        why = pool_reason(state, ship, a)
        if why:
            return why
    if find_field(state, a.target) is not None:
        return f"{the(state, ship.id)} failed its Leadership test and may not fire at the asteroid field" if ship.priority == "failed" else None
    if find_point(a.target) is not None:
        if ship.priority == "failed" and not _point_on_nearest(state, ship, a):
            return f"{the(state, ship.id)} failed its target-priority test and must aim at the nearest enemy"
        return None
    if ship.priority == "failed" and find_ordnance(state, a.target) is None and a.target not in nearest_targets(state, ship, a.weapon):
        return f"{the(state, ship.id)} failed its target-priority test and must fire at the nearest enemy"
    return None


def _point_on_nearest(state: SFState, ship: Ship, a: Fire) -> bool:
    """A nova cannon aimed at a point counts as aimed at the nearest enemy
    when the point lies on one of the nearest eligible targets' bases (ours)."""
    pt = find_point(a.target)
    near = nearest_targets(state, ship, a.weapon)
    return pt is not None and any(math.hypot(state.ships[n].x - pt[0], state.ships[n].y - pt[1]) <= state.ships[n].radius
                                  for n in near if n in state.ships)


def needs_priority_test(state: SFState, ship: Ship, a: Fire) -> bool:
    if find_point(a.target) is not None:  # a point: tested unless it is on the nearest enemy (ours)
        return ship.priority == "none" and not _point_on_nearest(state, ship, a)
    if find_field(state, a.target) is not None:
        return ship.priority != "passed"  # a test even when the field is the only target (celestial phenomena)
    return (ship.priority == "none" and find_ordnance(state, a.target) is None
            and a.target not in nearest_targets(state, ship, a.weapon))


def priority_test(ctx: Ctx, ship_id: str) -> bool:
    """Target priority: 2D6 <= Ld to fire at other than the nearest (spacefleet_core 1.7)."""
    ship = ctx.s.ships[ship_id]
    roll = ctx.roll("2d6", f"{ctx.name(ship_id)}: target-priority test (to fire past the nearest enemy)", side=ship.side,
                    target=ld_target(ctx.s, ship))
    ok = roll.passed
    ctx.emit(PriorityTest(ship=ship_id, passed=ok))
    return ok


def squadron_targets(state: SFState, ship: Ship, wi: int, fp: int, tgt: Ship, g: Gunnery | None) -> list[tuple[Ship, int]]:
    """Ships of the target's squadron the volley may hit, nearest first, each
    with the score a die needs against it: for batteries only those read on
    the chosen target's column or an easier one (spacefleet_core 1.11)."""
    w = prof(ship).weapons[wi]
    out = []
    for m in squadron(state, tgt):
        if m.zone != tgt.zone:
            continue
        if m.id != tgt.id and target_reason(state, ship, wi, m.id) is not None:
            continue
        if w.kind == "battery":
            gm = gunnery(state, ship, w, fp, m)
            if m.id != tgt.id and g is not None and gm.column > g.column:
                continue
            need = gm.armour if m.id != tgt.id or g is None else g.armour
        else:
            need = lance_armour(m)
        out.append((m, need))
    out.sort(key=lambda p: (round(math.hypot(p[0].x - ship.x, p[0].y - ship.y), 3), p[0].id))
    return out


def allocate_hits(state: SFState, eligible: list[tuple[Ship, int]], faces) -> dict[str, int]:
    """Dice to ships (spacefleet_core 1.11): the lowest dice first, each to the
    nearest ship it can damage that is not yet taken out by the hits already
    given to it (shield capacity + hits left); the last ship takes the rest."""
    got: dict[str, int] = {}
    cap = {m.id: shield_capacity(state, m) + remaining(m) for m, _ in eligible}
    for f in sorted(faces):
        fits = [m for m, need in eligible if f >= need]
        if not fits:
            continue
        room = [m for m in fits if got.get(m.id, 0) < cap[m.id]]
        m = room[0] if room else fits[-1]
        got[m.id] = got.get(m.id, 0) + 1
    return got


def halvings(ship: Ship, w: Weapon) -> list[str]:
    """Why the weapon's firepower or strength is halved now, in the order
    :func:`weapon_strength` halves it (special orders or Brace, crippling)."""
    out: list[str] = []
    if w.kind in ("battery", "lance"):
        if halve_for_order(ship):
            spec = tables().orders.get(ship.order or "")
            out.append(order_words(ship.order) if spec is not None and spec.halve_fire else "braced")
    elif ship.braced:
        out.append("braced")
    if crippled(ship):
        out.append("crippled")
    return out


def _halved(n: int, reasons) -> tuple[int, str]:
    text = ""
    for why in reasons:
        n = ceil_half(n)
        text += f", halved ({why}) = {n}"
    return n, text


def firepower_text(state: SFState, ship: Ship, w: Weapon, pool=(), part: int = 0) -> str:
    """The volley's firepower (batteries) or strength (lances) itemised, as
    :func:`weapon_strength` and :func:`pooled_firepower` reckon it:
    "firepower 6, halved (Lock On) = 3"; a pooled escort volley "firepower 2
    + 2 (Sword class frigate 2) = 4"; a split volley "firepower 10, 4 of it
    at this target" (spacefleet_core 1.4, 1.7, 1.8, 1.11)."""
    word = "firepower" if w.kind == "battery" else "strength"
    if not pool:
        whole, text = _halved(w.strength, halvings(ship, w))
        return f"{word} {w.strength}" + text + (f", {part} of it at this target" if part and part != whole else "")
    members = [(ship, w)] + [(state.ships[sid], prof(state.ships[sid]).weapons[wi]) for sid, wi in pool]
    if not prof(ship).capital:
        total = sum(mw.strength for _, mw in members)
        parts = f"{word} {w.strength}" + "".join(f" + {mw.strength} ({ship_name(state, m.id)})" for m, mw in members[1:])
        reasons = halvings(ship, w)[:1] if halve_for_order(ship) else []
        return parts + f" = {total}" + _halved(total, reasons)[1]
    each = [(m, weapon_strength(m, mw)) for m, mw in members]
    return (f"{word} {each[0][1]}" + "".join(f" + {n} ({ship_name(state, m.id)})" for m, n in each[1:])
            + f" = {sum(n for _, n in each)}")


def _volley(ctx: Ctx, ship: Ship, w: Weapon, what: str, fp_text: str, reading: str, n: int, need: Target,
            lock: bool, side: str) -> tuple[int, ...]:
    """Roll a volley of ``n`` dice against ``need`` (each die) and Lock On's
    re-roll of the misses; returns every die that counts (the re-rolled misses
    replaced). No dice: nothing is rolled and the log says so."""
    purpose = f"the {ctx.name(ship.id)} fires {w.name} at {what}: {fp_text}{reading} = {n} {'die' if n == 1 else 'dice'}"
    r = ctx.pool(n, purpose, need, side=side)
    faces = pool_faces(r)
    miss = sum(1 for f in faces if not need.meets(f))
    if lock and miss:
        again = ctx.pool(miss, f"the {ctx.name(ship.id)} on Lock On re-rolls {miss} "
                               f"miss{'es' if miss != 1 else ''}", need, side=side)
        faces = tuple(f for f in faces if need.meets(f)) + pool_faces(again)
    return faces


def resolve_attack(ctx: Ctx, ship_id: str, wi: int, target: str, pool=(), part: int = 0) -> None:
    """Fire one weapon (or a squadron's pooled batteries): batteries on the
    Gunnery table, lances 4+ (6 against ordnance and asteroid fields), the nova
    cannon's template; Lock On re-rolls misses; hits spread over the target's
    squadron nearest first and go through shields (spacefleet_core 1.7, 1.8,
    1.11; low orbit lances fire on 4+). ``part`` is a split volley's
    firepower (0: the whole battery, or all it has left after split volleys).
    Every roll itemises the firepower, the column and the score each die
    needs; a volley of no dice rolls nothing and says so."""
    s = ctx.s
    ship = s.ships[ship_id]
    w = prof(ship).weapons[wi]
    if w.kind == "battery" and not pool and (part or ship.split_fp.get(wi)):
        part = part or battery_left(ship, wi)
    else:
        part = 0
    fp = pooled_firepower(s, ship, w, pool) if pool else (part or weapon_strength(ship, w))
    fp_text = firepower_text(s, ship, w, pool, part)
    lock = ship.order == "lock_on"
    o = find_ordnance(s, target)
    if w.kind in ("lance", "nova_cannon") and ship.zone == "low_orbit":
        need = Target(label="fires in low orbit on", base=tables().low_orbit.lance_fire_needs, words=("fires", "does not fire"))
        if not ctx.roll("d6", f"the {ctx.name(ship_id)}'s {w.name} in low orbit", side=ship.side, target=need).passed:
            ctx.emit(WeaponFired(ship=ship_id, weapon=wi, target=target, weapon_name=w.name, note="failed to fire in low orbit",
                                 fp=part))
            return
    if w.kind == "nova_cannon":
        resolve_nova(ctx, ship_id, wi, target)
        return
    fld = find_field(s, target)
    if o is not None or fld is not None:
        n = tables().gunnery.dice(fp, 4) if w.kind == "battery" else fp
        what = f"the {ctx.oname(o.id)}" if o is not None else feature_name(fld)
        reading = " on column E" if w.kind == "battery" else ""
        need = Target(label="the score against ordnance" if o is not None else "the score against an asteroid field", base=6)
        faces = _volley(ctx, ship, w, what, fp_text, reading, n, need, False, ship.side)
        hits = sum(1 for f in faces if need.meets(f))
        ctx.emit(WeaponFired(ship=ship_id, weapon=wi, target=target, weapon_name=w.name, dice=n, hits=hits,
                             note="" if n else f"no dice rolled ({fp_text}{reading} = 0 dice)", fp=part))
        if o is not None and hits:  # any hit destroys the whole wave (core 1.9)
            for x in ([y for y in s.ordnance if y.wave == o.wave and y.side == o.side and y.kind != "torpedo"]
                      if o.kind != "torpedo" and o.wave else [o]):
                ctx.emit(OrdnanceRemoved(id=x.id, why=f"shot down by the {ctx.name(ship_id)}"))
        if fld is not None:
            field_blast_markers(ctx, fld, ship.x, ship.y, hits)
        return
    tgt = s.ships[target]
    if tgt.status in HULKS:
        _fire_at_hulk(ctx, ship, wi, w, fp, tgt, lock, pool, part)
        return
    g = None
    if w.kind == "battery":
        g = gunnery(s, ship, w, fp, tgt)
        need, n, reading = g.armour, g.dice, f" on {g.parts()}"
        label = armour_label(g.facing)
    else:
        need, n, reading, label = lance_armour(tgt), fp, "", "lance score"
    eligible = squadron_targets(s, ship, wi, fp, tgt, g) if tgt.squadron else [(tgt, need)]
    floor = min(nd for _, nd in eligible)
    if floor != need:
        label = "the lowest score in the squadron"
    faces = _volley(ctx, ship, w, f"the {ctx.name(tgt.id)}", fp_text, reading, n, Target(label=label, base=floor),
                    lock, ship.side)
    if len(eligible) == 1:
        got = {tgt.id: sum(1 for f in faces if f >= need)}
    else:
        got = allocate_hits(s, eligible, faces)
    hits = sum(got.values())
    if not n:
        note = f"no dice rolled ({fp_text}{reading} = 0 dice)"
    elif len(eligible) > 1 and hits:
        note = "hits: " + ", ".join(f"{got[m.id]} on the {ctx.name(m.id)}" for m, _ in eligible if got.get(m.id))
    else:
        note = ""
    ctx.emit(WeaponFired(ship=ship_id, weapon=wi, target=target, weapon_name=w.name, dice=n, hits=hits, note=note,
                         fp=part))
    for sid, wj in pool:
        ctx.emit(WeaponFired(ship=sid, weapon=wj, target=target, weapon_name=prof(s.ships[sid]).weapons[wj].name,
                             note=f"pooled into the {ctx.name(ship_id)}'s volley"))
    for m, _ in eligible:
        if got.get(m.id):
            apply_hits(ctx, m.id, got[m.id], (ship.x, ship.y), why=f"{w.name} of the {ctx.name(ship_id)}",
                       holofield=w.kind == "lance")


def _fire_at_hulk(ctx: Ctx, ship: Ship, wi: int, w: Weapon, fp: int, hulk: Ship, lock: bool, pool, part: int = 0) -> None:
    """Fire at a hulk (spacefleet_core 1.8): rolled as at the ship it was
    (its armour; no shields, no Brace); the first volley of a ship (or
    squadron) this phase that scores a hit on the hulk makes it roll once more
    on the catastrophic table - one roll per attacking ship or squadron, not
    per hit or per weapon."""
    s = ctx.s
    if w.kind == "battery":
        g = gunnery(s, ship, w, fp, hulk)
        need, n, reading = g.armour_target(), g.dice, f" on {g.parts()}"
    else:
        need, n, reading = Target(label="lance score", base=lance_armour(hulk)), fp, ""
    fp_text = firepower_text(s, ship, w, pool, part)
    faces = _volley(ctx, ship, w, f"the hulk of the {ctx.name(hulk.id)}", fp_text, reading, n, need, lock, ship.side)
    hits = sum(1 for f in faces if need.meets(f))
    again = hulk_struck_key(ship, hulk.id) in s.hulks_struck
    note = "at a hulk" + (" (it has rolled for this ship's fire already)" if hits and again else "")
    ctx.emit(WeaponFired(ship=ship.id, weapon=wi, target=hulk.id, weapon_name=w.name, dice=n, hits=hits,
                         note=note if n else f"no dice rolled ({fp_text}{reading} = 0 dice)", fp=part))
    for sid, wj in pool:
        ctx.emit(WeaponFired(ship=sid, weapon=wj, target=hulk.id, weapon_name=prof(s.ships[sid]).weapons[wj].name,
                             note=f"pooled into the {ctx.name(ship.id)}'s volley"))
    if hits and not again:
        catastrophe(ctx, hulk.id)


def hulk_struck_key(ship: Ship, hulk_id: str) -> str:
    """The record that ``ship``'s shooting unit has made ``hulk_id`` roll on
    the catastrophic table this phase (``SFState.hulks_struck``)."""
    return f"{shooting_unit(ship)}>{hulk_id}"

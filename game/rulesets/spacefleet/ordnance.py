"""Ordnance: launching torpedoes and attack craft, the launch-bay limit,
moving salvos and waves, turrets, torpedo and bomber attacks, assault boats,
fighters, and ordnance meeting blast markers and phenomena
(spacefleet_core 1.9; celestial phenomena)."""

from __future__ import annotations

import math

from . import geom
from .actions import Launch
from .common import (HULKS, Ctx, crippled, inside_asteroids, on_table, prof, turrets, weapon_disabled)
from .damage import apply_hits, hit_and_run
from .events import OrdnanceChanged, OrdnanceLaunched, OrdnanceMoved, OrdnanceRemoved, Reloaded
from .shooting import can_shoot
from .state import Ordnance, SFState
from .tables import tables


def bay_capacity(state: SFState, side: str) -> int:
    """Working launch bays of a fleet: squadrons it may have in play."""
    n = 0
    for s in state.ships.values():
        if s.side == side and on_table(s):
            for w in prof(s).weapons:
                if w.kind == "launch_bay" and not weapon_disabled(s, w):
                    n += (w.strength + 1) // 2 if crippled(s) else w.strength
    return n


def craft_in_play(state: SFState, side: str) -> int:
    return sum(o.strength for o in state.ordnance if o.side == side and o.kind != "torpedo")


def launch_strength(ship, w) -> int:
    n = w.strength
    if ship.braced:
        n = (n + 1) // 2
    if crippled(ship):
        n = (n + 1) // 2
    return n


def check_launch(state: SFState, a: Launch) -> str | None:
    ship = state.ships.get(a.ship)
    if ship is None or ship.side != a.side:
        return f"{a.side} has no ship {a.ship!r}"
    why = can_shoot(state, ship)
    if why:
        return why
    p = prof(ship)
    if not 0 <= a.weapon < len(p.weapons):
        return f"{ship.id} has no weapon {a.weapon}"
    w = p.weapons[a.weapon]
    if w.kind not in ("torpedo", "launch_bay"):
        return f"{w.name} is not ordnance"
    if a.weapon in ship.fired:
        return f"{w.name} has already launched this turn"
    if weapon_disabled(ship, w):
        return f"{w.name} is knocked out by a critical"
    if ship.zone == "main" and inside_asteroids(state, ship.x, ship.y):
        return "ordnance cannot be launched inside an asteroid field"
    same_type_fired = any(prof(ship).weapons[i].kind == w.kind for i in ship.fired)
    if w.kind == "torpedo":
        if a.craft != "torpedo":
            return "torpedo tubes launch torpedoes"
        if ship.zone == "low_orbit":
            return "torpedoes may not be fired in low orbit"
        if not ship.torpedoes_loaded and not same_type_fired:
            return f"{ship.id}'s torpedoes need a Reload Ordnance order"
        rel = geom.norm(a.heading - ship.heading)
        centre = {"front": 0.0, "right": 90.0, "rear": 180.0, "left": -90.0}
        if not any(abs(geom.norm(rel - centre[q])) <= 45.0 + 1e-6 for q in w.arcs):
            return f"the salvo's heading is outside the {'/'.join(w.arcs)} arc"
        return None
    if a.craft not in w.craft:
        return f"{w.name} carries {', '.join(w.craft)}, not {a.craft}"
    if not ship.bays_loaded and not same_type_fired:
        return f"{ship.id}'s launch bays need a Reload Ordnance order"
    if craft_in_play(state, ship.side) + launch_strength(ship, w) > bay_capacity(state, ship.side):
        return "the fleet may not have more attack craft in play than working launch bays"
    if a.target is not None:
        t = state.ships.get(a.target)
        if t is None or t.side == ship.side or not on_table(t) or t.zone != ship.zone:
            return f"{a.target!r} is not an enemy ship to send attack craft at"
    return None


def resolve_launch(ctx: Ctx, a: Launch) -> None:
    """Place the marker and give it its first full move at once."""
    s = ctx.s
    ship = s.ships[a.ship]
    w = prof(ship).weapons[a.weapon]
    n = launch_strength(ship, w)
    oid = s.next_id
    if w.kind == "torpedo":
        x, y = ship.x, ship.y
        ctx.emit(OrdnanceLaunched(id=oid, side=ship.side, kind="torpedo", x=x, y=y, heading=a.heading, strength=n,
                                  launcher=ship.id, weapon=a.weapon, zone=ship.zone))
        ctx.emit(Reloaded(ship=ship.id, torpedoes=False))
        move_one(ctx, oid, launch=True)
    else:
        tgt = a.target
        h = ship.heading
        if tgt:
            t = s.ships[tgt]
            h = geom.bearing(ship.x, ship.y, t.x, t.y)
        ctx.emit(OrdnanceLaunched(id=oid, side=ship.side, kind=a.craft, x=ship.x, y=ship.y, heading=h, strength=n,
                                  launcher=ship.id, weapon=a.weapon, target=tgt, wave=oid, zone=ship.zone))
        ctx.emit(Reloaded(ship=ship.id, bays=False))
        move_one(ctx, oid, launch=True)


def speed_of(o: Ordnance) -> float:
    return tables().ordnance[o.kind]["speed_cm"] * 10.0


def _get(ctx: Ctx, oid: int) -> Ordnance | None:
    return next((o for o in ctx.s.ordnance if o.id == oid), None)


def move_one(ctx: Ctx, oid: int, launch: bool = False) -> None:
    """Move one marker its full speed and resolve what it meets on the way."""
    o = _get(ctx, oid)
    if o is None:
        return
    if o.kind == "torpedo":
        _move_torpedo(ctx, o, launch)
    else:
        _move_craft(ctx, o, launch)


def _hazards_on(ctx: Ctx, o: Ordnance, a, b) -> list[tuple[float, str, object]]:
    """Things met on the segment a-b in order: ('ship', id), ('bm', None), ('feature', f)."""
    s = ctx.s
    r = tables().constants.ordnance_radius_mm
    hits: list[tuple[float, str, object]] = []
    for sh in s.ships.values():
        if sh.zone != o.zone or not (on_table(sh) or sh.status in HULKS):
            continue
        if sh.id == o.launcher and o.phases == 0:
            continue
        if sh.id in o.attacked:
            continue
        if o.kind != "torpedo" and sh.side == o.side:
            continue
        d = geom.first_touch(a[0], a[1], b[0], b[1], sh.x, sh.y, sh.radius + r)
        if d is not None:
            hits.append((d, "ship", sh.id))
    if o.kind == "torpedo":
        # torpedoes meeting another salvo (either side) or an enemy fighter: both go (core 1.9)
        for t2 in s.ordnance:
            if t2.id == o.id or t2.zone != o.zone or not (t2.kind == "torpedo" or (t2.kind == "fighter" and t2.side != o.side)):
                continue
            d = geom.first_touch(a[0], a[1], b[0], b[1], t2.x, t2.y, 2 * r)
            if d is not None:
                hits.append((d, "ord", t2.id))
    bmd = [geom.first_touch(a[0], a[1], b[0], b[1], m.x, m.y, r + tables().constants.blast_marker_radius_mm)
           for m in s.blast_markers if m.zone == o.zone]
    bmd = [d for d in bmd if d is not None]
    if bmd:
        hits.append((min(bmd), "bm", None))
    if o.zone == "main":
        for f in s.features:
            d = geom.path_first_touch(f, a, b, r)
            if d is not None:
                hits.append((d, "feature", f))
    hits.sort(key=lambda h: (h[0], h[1]))
    return hits


def _move_torpedo(ctx: Ctx, o: Ordnance, launch: bool) -> None:
    s = ctx.s
    a = (o.x, o.y)
    b = geom.step(o.x, o.y, o.heading, speed_of(o))
    bm_rolled = False
    for d, kind, what in _hazards_on(ctx, o, a, b):
        o = _get(ctx, o.id)
        if o is None:
            return
        if kind == "bm" or (kind == "feature" and what.kind == "gas_cloud"):
            if bm_rolled:
                continue
            bm_rolled = True
            if ctx.roll("d6", f"torpedoes {o.id} cross blast markers (6: removed)", side=o.side).total == 6:
                ctx.emit(OrdnanceRemoved(id=o.id, why="lost in blast markers"))
                return
        elif kind == "ord":
            if _get(ctx, what) is None:
                continue
            x, y = geom.step(a[0], a[1], o.heading, d)
            ctx.emit(OrdnanceMoved(id=o.id, x=x, y=y, heading=o.heading))
            ctx.emit(OrdnanceRemoved(id=what, why=f"met torpedoes {o.id}"))
            ctx.emit(OrdnanceRemoved(id=o.id, why=f"met ordnance {what}"))
            return
        elif kind == "feature":
            what_kind = what.kind
            if what_kind in ("planet", "moon") and geom.point_in(what, *a) and launch:
                pass  # launched from a planet template: removed at its edge below
            x, y = geom.step(a[0], a[1], o.heading, d)
            ctx.emit(OrdnanceMoved(id=o.id, x=x, y=y, heading=o.heading))
            ctx.emit(OrdnanceRemoved(id=o.id, why=f"torpedoes detonate on the {what_kind.replace('_', ' ')} {what.id}"))
            return
        else:
            x, y = geom.step(a[0], a[1], o.heading, d)
            ctx.emit(OrdnanceMoved(id=o.id, x=x, y=y, heading=o.heading))
            _torpedo_attack(ctx, o.id, what, a)
    o = _get(ctx, o.id)
    if o is None:
        return
    ctx.emit(OrdnanceMoved(id=o.id, x=b[0], y=b[1], heading=o.heading))
    w, h = s.table if o.zone == "main" else s.low_orbit_size
    if not (0 <= b[0] <= w and 0 <= b[1] <= h):
        ctx.emit(OrdnanceRemoved(id=o.id, why="left the table"))


def supporting_turrets(s: SFState, ship) -> int:
    """+1 turret die per friendly ship in base contact, at most +3 (spacefleet_core 1.9)."""
    near = sum(1 for o in s.ships.values() if o.id != ship.id and o.side == ship.side and o.status == "active"
               and o.zone == ship.zone and math.hypot(o.x - ship.x, o.y - ship.y) <= o.radius + ship.radius + 1e-6)
    return min(3, near)


def _turret_kills(ctx: Ctx, ship_id: str, n: int, what: str) -> int:
    """Turret dice (the ship's own plus support from ships in base contact), 4+ each."""
    sh = ctx.s.ships[ship_id]
    k = turrets(sh) + (supporting_turrets(ctx.s, sh) if sh.status == "active" else 0)
    faces = ctx.d6s(k, f"{ship_id} turrets against {what} (4+)", side=sh.side)
    return min(n, sum(1 for f in faces if f >= 4))


def _torpedo_attack(ctx: Ctx, oid: int, ship_id: str, origin) -> None:
    """Turrets, then a D6 per remaining torpedo against the armour of the facing
    hit first; shields ignored; the salvo loses 1 per hit and goes on."""
    o = _get(ctx, oid)
    sh = ctx.s.ships[ship_id]
    strength = o.strength
    if sh.status in HULKS:
        ctx.emit(OrdnanceRemoved(id=oid, why=f"hit the hulk of {ship_id}"))
        return
    strength -= _turret_kills(ctx, ship_id, strength, f"torpedoes {oid}")
    q = geom.quadrants(sh.heading, sh.x, sh.y, *origin)
    armour = prof(sh).armour.front if q == ("front",) else prof(sh).armour.other
    faces = ctx.d6s(strength, f"torpedoes {oid} attack {ship_id} ({armour}+)", side=o.side)
    hits = sum(1 for f in faces if f >= armour)
    strength -= hits
    ctx.emit(OrdnanceChanged(id=oid, strength=max(0, strength), attacked=ship_id))
    apply_hits(ctx, ship_id, hits, None, shields=False, why=f"torpedoes {oid}")
    if strength <= 0:
        ctx.emit(OrdnanceRemoved(id=oid, why="salvo spent"))


def _craft_goal(s: SFState, o: Ordnance):
    """Where an attack-craft marker heads: fighters at the nearest enemy
    ordnance (else back to their carrier), others at their target or the
    nearest enemy ship."""
    if o.kind == "fighter":
        foes = [x for x in s.ordnance if x.side != o.side and x.zone == o.zone]
        if foes:
            f = min(foes, key=lambda x: (math.hypot(x.x - o.x, x.y - o.y), x.id))
            return ("ord", f)
        home = s.ships.get(o.launcher)
        return ("home", home) if home and on_table(home) and home.zone == o.zone else (None, None)
    t = s.ships.get(o.target or "")
    if t is None or not on_table(t) or t.zone != o.zone:
        foes = [x for x in s.ships.values() if x.side != o.side and on_table(x) and x.zone == o.zone]
        if not foes:
            return (None, None)
        t = min(foes, key=lambda x: (math.hypot(x.x - o.x, x.y - o.y), x.id))
    return ("ship", t)


def _move_craft(ctx: Ctx, o: Ordnance, launch: bool) -> None:
    s = ctx.s
    kind, goal = _craft_goal(s, o)
    if goal is None:
        return
    r = tables().constants.ordnance_radius_mm
    reach = (goal.radius if kind in ("ship", "home") else r) + r
    dist = math.hypot(goal.x - o.x, goal.y - o.y)
    h = geom.bearing(o.x, o.y, goal.x, goal.y) if dist > 0 else o.heading
    travel = speed_of(o)
    if kind == "home":
        travel = max(0.0, min(travel, dist - reach))
    arrive = kind != "home" and dist - reach <= travel
    d = max(0.0, dist - reach) if arrive else travel
    a = (o.x, o.y)
    b = geom.step(o.x, o.y, h, d)
    # blast markers, clouds, asteroid fields and rifts on the way
    bm_rolled = False
    for dd, hk, what in _hazards_on(ctx, o, a, b):
        if hk == "ship":
            continue
        if hk == "bm" or what.kind == "gas_cloud":
            if bm_rolled:
                continue
            bm_rolled = True
            if ctx.roll("d6", f"attack craft {o.id} cross blast markers (6: removed)", side=o.side).total == 6:
                ctx.emit(OrdnanceRemoved(id=o.id, why="lost in blast markers"))
                return
        elif what.kind == "asteroid_field":
            if ctx.roll("d6", f"attack craft {o.id} in an asteroid field (6: destroyed)", side=o.side).total == 6:
                ctx.emit(OrdnanceRemoved(id=o.id, why="smashed in the asteroid field"))
                return
        elif what.kind == "warp_rift":
            ctx.emit(OrdnanceRemoved(id=o.id, why="lost in the warp rift"))
            return
    ctx.emit(OrdnanceMoved(id=o.id, x=b[0], y=b[1], heading=h))
    if not arrive:
        return
    if kind == "ord":
        ctx.emit(OrdnanceRemoved(id=goal.id, why=f"intercepted by fighters {o.id}"))
        if o.strength > 1:
            ctx.emit(OrdnanceChanged(id=o.id, strength=o.strength - 1))
        else:
            ctx.emit(OrdnanceRemoved(id=o.id, why="fighters spent"))
        return
    _craft_attack(ctx, o.id, goal.id)


def _craft_attack(ctx: Ctx, oid: int, ship_id: str) -> None:
    """Turrets shoot at the wave; bombers make D6 − turrets attacks each against
    the lowest armour; assault boats make Hit-and-Run attacks (spacefleet_core 1.9, 1.10)."""
    o = _get(ctx, oid)
    sh = ctx.s.ships[ship_id]
    n = o.strength - _turret_kills(ctx, ship_id, o.strength, f"attack craft {oid}")
    ctx.emit(OrdnanceRemoved(id=oid, why=f"attacked {ship_id}"))
    if n <= 0 or o.kind == "fighter":
        return
    p = prof(sh)
    if o.kind == "bomber":
        armour = min(p.armour.front, p.armour.other)
        for i in range(n):
            k = max(0, ctx.roll("d6", f"bomber squadron {i + 1} of {oid}: attacks (D6 - turrets)", side=o.side).total - turrets(sh))
            faces = ctx.d6s(k, f"bomber attacks on {ship_id} ({armour}+)", side=o.side)
            apply_hits(ctx, ship_id, sum(1 for f in faces if f >= armour), None, shields=False, why=f"bombers {oid}")
            if ctx.s.ships[ship_id].status != "active":
                return
    else:
        for i in range(n):
            if ctx.s.ships[ship_id].status != "active":
                return
            hit_and_run(ctx, ship_id, o.side, f"assault boats {oid}")


def ordnance_phase(ctx: Ctx, first: str) -> None:
    """Both fleets move their ordnance, the active player's first; markers
    launched this turn made their first move at launch; attack craft run out
    after their endurance (ours: 3 ordnance phases)."""
    s = ctx.s
    order = sorted(s.ordnance, key=lambda o: (o.side != first, o.id))
    for o0 in order:
        o = _get(ctx, o0.id)
        if o is None or o.moved_this_turn:
            continue
        if o.kind != "torpedo" and o.phases >= tables().constants.craft_endurance_phases:
            ctx.emit(OrdnanceRemoved(id=o.id, why="attack craft out of fuel"))
            continue
        move_one(ctx, o.id)

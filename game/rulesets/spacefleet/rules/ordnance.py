"""Ordnance: launching torpedoes and attack craft, the launch-bay limit,
moving salvos and waves, turrets, torpedo and bomber attacks, assault boats,
fighters, and ordnance meeting blast markers and phenomena
(spacefleet_core 1.9; celestial phenomena)."""

from __future__ import annotations

import math

from game.core.event import Logged, Target
from game.core.logtext import ordinal

from .. import geom
from ..actions import Launch
from ..data import tables
from ..events import (OrdnanceAttackDeclared, OrdnanceChanged, OrdnanceLaunched, OrdnanceMoved, OrdnanceRemoved,
                      Reloaded, TurretsEngaged)
from ..names import feature_name, the
from ..state import Ordnance, SFState
from .common import HULKS, Ctx, crippled, in_field, on_table, pool_hits, prof, turrets, weapon_disabled
from .damage import apply_hits, hit_and_run, holofield_saves
from .shooting import can_shoot, shooting_reason


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
    why = can_shoot(state, ship) or shooting_reason(state, ship, launching=True)
    if why:
        return why
    p = prof(ship)
    if not 0 <= a.weapon < len(p.weapons):
        return f"{the(state, ship.id)} has no weapon {a.weapon}"
    w = p.weapons[a.weapon]
    if w.kind not in ("torpedo", "launch_bay"):
        return f"{w.name} is not ordnance"
    if a.weapon in ship.fired:
        return f"{w.name} has already launched this turn"
    if weapon_disabled(ship, w):
        return f"{w.name} is knocked out by a critical"
    if w.kind == "torpedo" and in_field(state, ship):
        return "torpedoes cannot be launched inside an asteroid field"  # attack craft may (celestial phenomena)
    same_type_fired = any(prof(ship).weapons[i].kind == w.kind for i in ship.fired)
    if w.kind == "torpedo":
        if a.craft != "torpedo":
            return "torpedo tubes launch torpedoes"
        if ship.zone == "low_orbit":
            return "torpedoes may not be fired in low orbit"
        if not ship.torpedoes_loaded and not same_type_fired:
            return f"{the(state, ship.id)}'s torpedoes need a Reload Ordnance order"
        rel = geom.norm(a.heading - ship.heading)
        centre = {"front": 0.0, "right": 90.0, "rear": 180.0, "left": -90.0}
        if not any(abs(geom.norm(rel - centre[q])) <= 45.0 + 1e-6 for q in w.arcs):
            return f"the salvo's heading is outside the {'/'.join(w.arcs)} arc"
        return None
    if a.craft not in w.craft:
        return f"{w.name} carries {', '.join(w.craft)}, not {a.craft}"
    if not ship.bays_loaded and not same_type_fired:
        return f"{the(state, ship.id)}'s launch bays need a Reload Ordnance order"
    if craft_in_play(state, ship.side) + launch_strength(ship, w) > bay_capacity(state, ship.side):
        return "the fleet may not have more attack craft in play than working launch bays"
    if a.wave is not None:
        lead = next((o for o in state.ordnance if o.id == a.wave), None)
        if lead is None or lead.side != ship.side or lead.kind == "torpedo" or lead.wave != lead.id:
            return f"there is no attack-craft wave {a.wave} of {ship.side} to join"
        if lead.launcher != ship.id or lead.phases > 0:
            return "a marker joins only a wave its own ship launched this turn"
        if lead.target and state.ships.get(lead.target) and state.ships[lead.target].side == ship.side:
            return "fighters flying CAP do not form waves"
        return None
    if a.target is not None:
        t = state.ships.get(a.target)
        if a.craft == "fighter" and t is not None and t.side == ship.side and on_table(t) and t.zone == ship.zone:
            return None  # combat air patrol with a friendly ship (core 1.9)
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
        if a.wave is not None:  # joins the wave where it is; it moves and attacks with it (core 1.9)
            lead = _get(ctx, a.wave)
            ctx.emit(OrdnanceLaunched(id=oid, side=ship.side, kind=a.craft, x=lead.x, y=lead.y, heading=lead.heading,
                                      strength=n, launcher=ship.id, weapon=a.weapon, target=lead.target, wave=lead.id,
                                      zone=ship.zone))
            ctx.emit(Reloaded(ship=ship.id, bays=False))
            ctx.emit(OrdnanceMoved(id=oid, x=lead.x, y=lead.y, heading=lead.heading))
            return
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
            # a torpedo meets a planet's or moon's template at its edge, from outside or from on it (celestial phenomena)
            d = geom.edge_touch(f, a, b, r) if o.kind == "torpedo" else geom.path_first_touch(f, a, b, r)
            if d is not None:
                hits.append((d, "feature", f))
    hits.sort(key=lambda h: (h[0], h[1]))
    return hits


def brace_window(ctx: Ctx, o: Ordnance, ship_id: str, **resume) -> bool:
    """Open a Brace window before ordnance attacks an active ship that may
    still brace (spacefleet_core 1.4: declared before turret and attack dice);
    the ordnance step pauses until the defender answers."""
    s = ctx.s
    sh = s.ships[ship_id]
    if sh.status != "active" or sh.braced or f"o{o.wave or o.id}" in sh.brace_failed_vs or sh.side not in s.order:
        return False
    ctx.emit(OrdnanceAttackDeclared(ordnance=o.id, kind=o.kind, target=ship_id, defender=sh.side, resume=s.phase, **resume))
    return True


def resume_ordnance_attack(ctx: Ctx, p) -> None:
    """After the Brace decision: the marker attacks, and a torpedo salvo goes
    on along the rest of its move."""
    o = _get(ctx, p.ordnance)
    if o is None:
        return
    if o.kind == "torpedo":
        _torpedo_attack(ctx, o.id, p.target, p.origin)
        o = _get(ctx, o.id)
        if o is not None and p.end is not None:
            _move_torpedo(ctx, o, False, end=p.end, bm_rolled=p.bm_rolled, origin=p.origin)
    else:
        _craft_attack(ctx, o.id, p.target)


def _move_torpedo(ctx: Ctx, o: Ordnance, launch: bool, end=None, bm_rolled: bool = False, origin=None) -> None:
    s = ctx.s
    a = (o.x, o.y)
    b = end if end is not None else geom.step(o.x, o.y, o.heading, speed_of(o))
    src = origin if origin is not None else a
    for d, kind, what in _hazards_on(ctx, o, a, b):
        o = _get(ctx, o.id)
        if o is None:
            return
        if kind == "bm" or (kind == "feature" and what.kind == "gas_cloud"):
            if bm_rolled:
                continue
            bm_rolled = True
            if ctx.roll("d6", f"{ctx.oname(o.id)} crosses blast markers", side=o.side, target=LOST_ON_6).passed:
                ctx.emit(OrdnanceRemoved(id=o.id, why="lost in blast markers"))
                return
        elif kind == "ord":
            if _get(ctx, what) is None:
                continue
            x, y = geom.step(a[0], a[1], o.heading, d)
            ctx.emit(OrdnanceMoved(id=o.id, x=x, y=y, heading=o.heading))
            ctx.emit(OrdnanceRemoved(id=what, why=f"met the {ctx.oname(o.id)}"))
            ctx.emit(OrdnanceRemoved(id=o.id, why=f"met the {ctx.oname(what)}"))
            return
        elif kind == "feature":
            x, y = geom.step(a[0], a[1], o.heading, d)
            ctx.emit(OrdnanceMoved(id=o.id, x=x, y=y, heading=o.heading))
            ctx.emit(OrdnanceRemoved(id=o.id, why=f"the torpedoes detonate on {feature_name(what)}"))
            return
        else:
            x, y = geom.step(a[0], a[1], o.heading, d)
            ctx.emit(OrdnanceMoved(id=o.id, x=x, y=y, heading=o.heading))
            if cap_intercepts(ctx, o, what) or brace_window(ctx, o, what, end=b, origin=src, bm_rolled=bm_rolled):
                return
            _torpedo_attack(ctx, o.id, what, src)
    o = _get(ctx, o.id)
    if o is None:
        return
    ctx.emit(OrdnanceMoved(id=o.id, x=b[0], y=b[1], heading=o.heading))
    w, h = s.table if o.zone == "main" else s.low_orbit_size
    if not (0 <= b[0] <= w and 0 <= b[1] <= h):
        ctx.emit(OrdnanceRemoved(id=o.id, why="left the table"))


#: ordnance crossing blast markers (or flying into an asteroid field) is lost on a 6 (spacefleet_core 1.9; celestial phenomena)
LOST_ON_6 = Target(label="lost on", base=6, words=("lost", "comes through"))


def supporting_turrets(s: SFState, ship) -> int:
    """+1 turret die per friendly ship in base contact, at most +3 (spacefleet_core 1.9)."""
    near = sum(1 for o in s.ships.values() if o.id != ship.id and o.side == ship.side and o.status == "active"
               and o.zone == ship.zone and math.hypot(o.x - ship.x, o.y - ship.y) <= o.radius + ship.radius + 1e-6)
    return min(3, near)


def turret_need(state: SFState, o: Ordnance) -> int:
    """Score a turret die needs against ``o``: 4+, only a 6 against ordnance
    launched by an Eldar ship (spacefleet_core 1.9)."""
    launcher = state.ships.get(o.launcher)
    return tables().eldar.turret_hits_on if launcher is not None and launcher.eldar else 4


def _turret_kills(ctx: Ctx, ship_id: str, n: int, what: str, against: str = "torpedo", need: int = 4) -> int:
    """Turret dice (the ship's own plus support from ships in base contact),
    ``need`` or more each (4+; Eldar ordnance 6s). In one phase the turrets
    engage torpedoes or attack craft, not both (spacefleet_core 1.9): the
    first kind to arrive takes them (ours)."""
    sh = ctx.s.ships[ship_id]
    if sh.turrets_vs and sh.turrets_vs != against:
        ctx.emit(Logged(text=f"the {ctx.name(ship_id)}'s turrets engaged "
                             f"{'torpedoes' if sh.turrets_vs == 'torpedo' else 'attack craft'} "
                             f"this phase and cannot fire at the {what}"))
        return 0
    if not sh.turrets_vs and sh.status == "active" and turrets(sh) > 0:
        ctx.emit(TurretsEngaged(ship=ship_id, against=against))
    own = turrets(sh)
    support = supporting_turrets(ctx.s, sh) if sh.status == "active" else 0
    k = own + support
    count = f"turrets {own}" + (f" + {support} (ships in base contact) = {k}" if support else "")
    score = Target(label="turret score", base=4, mods=((("Eldar ordnance", need - 4),) if need != 4 else ()))
    r = ctx.pool(k, f"the {ctx.name(ship_id)}'s turrets against the {what}: {count}", score, side=sh.side)
    if r is None and sh.status == "active":
        ctx.emit(Logged(text=f"the {ctx.name(ship_id)} has no turrets to fire at the {what}: no dice rolled"))
    return min(n, pool_hits(r))


def _torpedo_attack(ctx: Ctx, oid: int, ship_id: str, origin) -> None:
    """Turrets, then a D6 per remaining torpedo against the armour of the facing
    hit first; shields ignored; an Eldar target's holofields turn hits into
    misses, which stay in the salvo (spacefleet_core 1.12; ours); the salvo
    loses 1 per hit and goes on."""
    o = _get(ctx, oid)
    sh = ctx.s.ships[ship_id]
    strength = o.strength
    if sh.status in HULKS:
        ctx.emit(OrdnanceRemoved(id=oid, why=f"hit the hulk of the {ctx.name(ship_id)}"))
        return
    name = ctx.oname(oid)
    kills = _turret_kills(ctx, ship_id, strength, name, need=turret_need(ctx.s, o))
    strength -= kills
    q = geom.quadrants(sh.heading, sh.x, sh.y, *origin)
    front = q == ("front",)
    armour = Target(label="front armour" if front else "side or rear armour",
                    base=prof(sh).armour.front if front else prof(sh).armour.other)
    count = f"strength {o.strength}" + (f" -{kills} (shot down by turrets) = {strength}" if kills else "")
    r = ctx.pool(strength, f"the {name} attacks the {ctx.name(ship_id)}: a die per torpedo ({count})", armour,
                 side=o.side)
    if r is None:
        ctx.emit(Logged(text=f"the {name} reaches the {ctx.name(ship_id)} with no torpedoes left ({count}): "
                             "no dice rolled"))
    hits = holofield_saves(ctx, ship_id, pool_hits(r), origin, name)
    strength -= hits
    ctx.emit(OrdnanceChanged(id=oid, strength=max(0, strength), attacked=ship_id))
    apply_hits(ctx, ship_id, hits, None, shields=False, why=name)
    if strength <= 0:
        ctx.emit(OrdnanceRemoved(id=oid, why="salvo spent"))


def _craft_goal(s: SFState, o: Ordnance):
    """Where an attack-craft marker heads: fighters at the nearest enemy
    ordnance (else back to their carrier), others at their target or the
    nearest enemy ship."""
    cap = s.ships.get(o.target or "")
    if o.kind == "fighter" and cap is not None and cap.side == o.side:  # CAP: stays with its ship (core 1.9)
        return ("home", cap) if on_table(cap) and cap.zone == o.zone else (None, None)
    if o.kind == "fighter" and not (len(wave_of(s, o)) > 1):
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


def wave_of(s: SFState, o: Ordnance) -> list[Ordnance]:
    """The markers flying in ``o``'s wave (``o`` alone when it flies alone)."""
    return [x for x in s.ordnance if x.wave == o.wave and x.side == o.side and x.kind != "torpedo"] if o.wave else [o]


def remove_wave(ctx: Ctx, o: Ordnance, why: str) -> None:
    """A whole wave goes (direct-fire hits, blast markers, phenomena)."""
    for x in wave_of(ctx.s, o):
        ctx.emit(OrdnanceRemoved(id=x.id, why=why))


def cap_intercepts(ctx: Ctx, o: Ordnance, ship_id: str) -> bool:
    """A fighter on CAP with the ship meets enemy ordnance about to attack it:
    one fighter and the enemy marker (or wave) are removed (ours, core 1.9)."""
    s = ctx.s
    sh = s.ships[ship_id]
    r = tables().constants.ordnance_radius_mm
    for f in sorted(s.ordnance, key=lambda x: x.id):
        if (f.kind == "fighter" and f.side == sh.side and f.side != o.side and f.target == ship_id and f.zone == sh.zone
                and math.hypot(f.x - sh.x, f.y - sh.y) <= sh.radius + 2 * r + 1e-6):
            remove_wave(ctx, o, f"intercepted by the {ctx.oname(f.id)} on CAP with the {ctx.name(ship_id)}")
            if f.strength > 1:
                ctx.emit(OrdnanceChanged(id=f.id, strength=f.strength - 1))
            else:
                ctx.emit(OrdnanceRemoved(id=f.id, why="fighters spent"))
            return True
    return False


def _move_craft(ctx: Ctx, o: Ordnance, launch: bool) -> None:
    s = ctx.s
    if o.wave and o.wave != o.id and _get(ctx, o.wave) is not None:
        return  # moves with the wave's lead marker
    kind, goal = _craft_goal(s, o)
    if goal is None:
        return
    r = tables().constants.ordnance_radius_mm
    reach = (goal.radius if kind in ("ship", "home") else r) + r
    dist = math.hypot(goal.x - o.x, goal.y - o.y)
    h = geom.bearing(o.x, o.y, goal.x, goal.y) if dist > 0 else o.heading
    travel = min(speed_of(x) for x in wave_of(s, o))  # a wave flies at its slowest marker's speed
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
            if ctx.roll("d6", f"{ctx.oname(o.id)} crosses blast markers", side=o.side, target=LOST_ON_6).passed:
                remove_wave(ctx, o, "lost in blast markers")
                return
        elif what.kind == "asteroid_field":
            if ctx.roll("d6", f"{ctx.oname(o.id)} flies into {feature_name(what)}", side=o.side,
                        target=LOST_ON_6).passed:
                remove_wave(ctx, o, "smashed in the asteroid field")
                return
        elif what.kind == "warp_rift":
            remove_wave(ctx, o, "lost in the warp rift")
            return
    for x in wave_of(s, o):
        ctx.emit(OrdnanceMoved(id=x.id, x=b[0], y=b[1], heading=h))
    if not arrive:
        return
    if kind == "ord":
        escorts = [x for x in wave_of(s, goal) if x.kind == "fighter" and x.id != o.id] if goal.kind != "torpedo" else []
        if escorts and len(wave_of(s, goal)) > 1:  # a wave's fighters are removed first (core 1.9)
            f = escorts[0]
            if f.strength > 1:
                ctx.emit(OrdnanceChanged(id=f.id, strength=f.strength - 1))
            else:
                ctx.emit(OrdnanceRemoved(id=f.id, why=f"intercepted by the {ctx.oname(o.id)}"))
        else:
            ctx.emit(OrdnanceRemoved(id=goal.id, why=f"intercepted by the {ctx.oname(o.id)}"))
        if o.strength > 1:
            ctx.emit(OrdnanceChanged(id=o.id, strength=o.strength - 1))
        else:
            ctx.emit(OrdnanceRemoved(id=o.id, why="fighters spent"))
        return
    if cap_intercepts(ctx, o, goal.id) or brace_window(ctx, o, goal.id):
        return
    _craft_attack(ctx, o.id, goal.id)


def _craft_attack(ctx: Ctx, oid: int, ship_id: str) -> None:
    """Turrets fire once at the whole wave, fighters taken first (Eldar craft
    only on 6s); bombers make D6 − turrets attacks each against the lowest
    armour, plus one per escorting fighter up to the surviving bombers;
    assault boats make Hit-and-Run attacks; an Eldar target's holofields roll
    against each hit (spacefleet_core 1.9, 1.10, 1.12)."""
    o = _get(ctx, oid)
    name = ctx.oname(oid)
    sh = ctx.s.ships[ship_id]
    wave = sorted(wave_of(ctx.s, o), key=lambda x: (x.kind != "fighter", x.id))
    total = sum(x.strength for x in wave)
    kills = _turret_kills(ctx, ship_id, total, name + (f" and its wave ({total} squadrons)" if len(wave) > 1 else ""),
                          "craft", need=turret_need(ctx.s, o))
    left: dict[str, int] = {}
    for x in wave:
        k = min(kills, x.strength)
        kills -= k
        left[x.kind] = left.get(x.kind, 0) + x.strength - k
        ctx.emit(OrdnanceRemoved(id=x.id, why=f"attacked the {ctx.name(ship_id)}"))
    p = prof(sh)
    bombers = left.get("bomber", 0)
    if bombers:
        armour = Target(label="the lowest armour", base=min(p.armour.front, p.armour.other))
        escort = min(left.get("fighter", 0), bombers)
        tur = turrets(sh)
        for i in range(bombers):
            ar = ctx.roll("d6", f"the {name}, its {ordinal(i + 1)} bomber: attack runs", mods=(("turrets", -tur),) if tur else (),
                          side=o.side)
            k = max(0, ar.total)
            count = f"{k}" if k == ar.total else f"{ar.total}, at least 0 = {k}"
            if i < escort:
                k += 1  # an escorting fighter adds one attack (core 1.9)
                count += f" +1 (escorting fighters) = {k}"
            r = ctx.pool(k, f"the {name}, its {ordinal(i + 1)} bomber, attacks the {ctx.name(ship_id)}: {count} attack runs",
                         armour, side=o.side)
            if r is None:
                ctx.emit(Logged(text=f"the {name}, its {ordinal(i + 1)} bomber, makes no attack run: no dice rolled"))
            apply_hits(ctx, ship_id, pool_hits(r), None, shields=False, why=f"{name}, its {ordinal(i + 1)} bomber", holofield=True)
            if ctx.s.ships[ship_id].status != "active":
                return
    for i in range(left.get("assault_boat", 0)):
        if ctx.s.ships[ship_id].status != "active":
            return
        hit_and_run(ctx, ship_id, o.side, f"the {name}")


def ordnance_phase(ctx: Ctx, first: str) -> None:
    """Both fleets move their ordnance, the active player's first; markers
    launched this turn made their first move at launch; attack craft run out
    after their endurance (ours: 3 ordnance phases)."""
    s = ctx.s
    order = sorted(s.ordnance, key=lambda o: (o.side != first, o.id))
    for o0 in order:
        if s.phase == "brace":  # paused for the defender's Brace decision (core 1.4)
            return
        o = _get(ctx, o0.id)
        if o is None or o.moved_this_turn:
            continue
        if o.kind != "torpedo" and o.phases >= tables().constants.craft_endurance_phases:
            ctx.emit(OrdnanceRemoved(id=o.id, why="attack craft out of fuel"))
            continue
        if o.kind != "torpedo" and o.wave and o.wave != o.id and _get(ctx, o.wave) is not None:
            continue  # flies with its wave's lead marker
        move_one(ctx, o.id)

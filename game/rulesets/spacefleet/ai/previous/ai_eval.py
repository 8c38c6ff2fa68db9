# Frozen copy of game/rulesets/spacefleet/ai/ai_eval.py at bf0d31dd24aa, made by
# tools/freeze_agent.py: the ruleset's `previous` agent. Do not edit (see that tool for the one exception).
"""Evaluation helpers of the ``default`` space-fleet agent (``ai/ai.py``): hit
and damage odds, the enemy's reply model, fire now and next turn, hazards
(asteroid fields, flares, edges, salvo lanes, boarding). Distances are table
mm; the rule clauses each estimate leans on are cited where it is defined.
No dice are rolled here."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from ... import geom
from ...actions import Board
from ...data import tables
from ...odds import boarding_numbers, teleport_odds
from ...rules.common import (base_shields, ceil_half, crippled, in_field, leadership, prof, remaining,
                            shield_capacity, speed_mm, turrets, weapon_disabled, weapon_strength)
from ...rules.gunnery import gunnery, lance_armour
from ...rules.ordnance import launch_strength, speed_of
from ...sight import blocker, shifts, sight
from ...state import SFState, Ship


#: centre of each quadrant relative to the heading (degrees, clockwise)
ARC_CENTRE = {"front": 0.0, "right": 90.0, "rear": 180.0, "left": -90.0}


#: weight of a hit that only strips a shield (it leaves a blast marker that helps the next volleys)
SHIELD_HIT_CREDIT = 0.3


#: what a hit our shields take costs us, as a share of a hull hit (a blast marker on the base)
REPLY_SHIELD_CREDIT = 0.1


#: weight of next turn's fire in a move's score (the enemy moves first and may not be there)
NEXT_TURN_WEIGHT = 0.6


#: share of next turn's fire counted at an enemy behind a planet, moon, rift, field or hulk now
NEXT_BLOCKED = 0.5


#: weight of the enemy's reply in a move's score
REPLY_WEIGHT = 0.5


#: share of the enemy's full move it is assumed to close by before our next turn
ENEMY_APPROACH = 0.5


#: chance a salvo still finds an enemy that makes one move before it arrives, scaled by
#: the share of its sampled moves that end in the lane (our agent's own dodging included)
SALVO_DODGE = 0.6


#: a salvo is worth launching when its expected hits are at least this share of a certain hit's
SALVO_MIN_SHARE = 0.15


#: ... and it is launched when they beat this share, kept for a closer shot otherwise (not on our last turn)
SALVO_HOLD = 0.4


#: chance an enemy that would win a boarding action comes to board when its move reaches us
BOARD_CHANCE = 0.5


#: a lance hits on 4+ whatever the armour (spacefleet_core 1.7)
LANCE_P = 0.5


# ---------------------------------------------------------------------- probabilities
def _p_hit(need: int, lock: bool = False) -> float:
    """The chance one D6 scores ``need`` or more; with Lock On a miss is
    re-rolled once (spacefleet_core 1.4)."""
    p = max(0.0, min(1.0, (7 - need) / 6))
    return 1.0 - (1.0 - p) ** 2 if lock else p


@lru_cache(maxsize=64)
def _p_over(n: int, ld: int) -> float:
    """Probability that nD6 (n = 2 or 3) rolls more than ``ld``."""
    import itertools
    outs = list(itertools.product(range(1, 7), repeat=n))
    return sum(1 for o in outs if sum(o) > ld) / len(outs)


def _p_pass(ld: int) -> float:
    """A 2D6 Leadership test passed: at most Ld, and 11-12 always fail (spacefleet_core 1.3)."""
    return 1.0 - _p_over(2, min(ld, 10))


def _hull_loss(lam: float, cap: int, limit: int = 99) -> float:
    """Expected hits beyond ``cap`` shields, at most ``limit`` (the hits the
    ship has left), when the hits are Poisson with mean ``lam``
    (spacefleet_core 1.8: each shield absorbs one hit a turn, less the blast
    markers touching the base)."""
    if lam <= 0.0 or limit <= 0:
        return 0.0
    cap = max(0, cap)
    pk = math.exp(-lam)
    cdf = 0.0
    out = 0.0
    for k in range(cap + limit):
        cdf += pk
        pk *= lam / (k + 1)
        if k >= cap:
            out += max(0.0, 1.0 - cdf)
    return out


def _damage_value(target: Ship, lam: float, cap: int, support: float = 0.0, credit: float = SHIELD_HIT_CREDIT) -> float:
    """Points-like worth of ``lam`` expected hits on ``target`` with ``cap``
    shields up, on top of ``support`` expected hits from other ships in the
    same turn (they strip shields too): hull hits, no more than it has left,
    at ``_hit_value``; hits the shields take at ``credit`` of that
    (spacefleet_core 1.8)."""
    left = remaining(target)
    hull = _hull_loss(lam + support, cap, left) - _hull_loss(support, cap, left)
    return _hit_value(target) * (hull + credit * min(lam, max(0.0, cap - support)))


def _value(target: Ship) -> float:
    p = prof(target)
    left = max(1, p.hits - target.damage)
    bonus = 1.5 if crippled(target) else 1.0
    return p.points / p.hits * bonus * (1.0 + 1.0 / left)


def _hit_value(target: Ship) -> float:
    """What one hull hit on ``target`` is worth: the victory points still to
    be won from it (all of them once destroyed, a quarter already counted
    once crippled) per hit it has left, and a little more for the guns a
    kill or crippling silences (ours: 20% for an escort, 10% for a capital
    ship). The last hits of a hurt ship are worth the most."""
    p = prof(target)
    if not p.capital:
        return 1.2 * p.points
    v = tables().victory
    won = v["crippled"] * p.points if crippled(target) else 0.0
    return 1.1 * (p.points - won) / max(1, remaining(target))


def _turn_left(state: SFState, side: str) -> tuple[bool, bool]:
    """(the enemy has a player turn after this one, ``side`` has another)
    before the turn limit (spacefleet_core 1.5: players alternate in seating order)."""
    first = state.order[0] == side
    more_game_turns = state.turn < state.turn_limit
    return (first or more_game_turns), more_game_turns


# ---------------------------------------------------------------------- the exchange model
def _rel(h: float, x: float, y: float, tx: float, ty: float) -> float:
    """Bearing of (tx, ty) from (x, y) relative to heading ``h``, degrees in [-180, 180)."""
    return (math.degrees(math.atan2(ty - y, tx - x)) - h + 180.0) % 360.0 - 180.0


@dataclass
class _Gun:
    """One weapon as the exchange model reads it (mm, degrees)."""

    kind: str                    #: battery, lance or torpedo
    fp: int                      #: firepower or strength in the ship's coming turn (brace and crippling halve it)
    range_mm: float
    centres: tuple[float, ...]   #: centre of each of its arcs relative to the heading
    side: int                    #: 0 port, 1 starboard (those two never bear on one target), -1 otherwise
    no_long: bool


@dataclass
class _Arms:
    """A ship's numbers for the exchange model, read once per decision."""

    ship: Ship
    hv: float                    #: ``_hit_value``
    left: int                    #: hits left
    capital: bool
    armour: tuple[int, int]      #: front, other
    turrets: int
    speed: float                 #: mm a move
    turn: float                  #: degrees a turn
    guns: list[_Gun]


def _arms(ship: Ship) -> _Arms:
    """The exchange-model numbers of ``ship``: guns that work, at the strength
    they would have in its next turn (halved by Brace, which lasts through it,
    and by crippling; spacefleet_core 1.4, 1.8); loaded torpedoes."""
    p = prof(ship)
    guns = []
    for w in p.weapons:
        if weapon_disabled(ship, w) or w.kind not in ("battery", "lance", "torpedo"):
            continue
        if w.kind == "torpedo" and not (ship.torpedoes_loaded and ship.zone == "main"):
            continue
        fp = launch_strength(ship, w) if w.kind == "torpedo" else w.strength
        if w.kind != "torpedo":
            fp = ceil_half(fp) if ship.braced else fp
            fp = ceil_half(fp) if crippled(ship) else fp
        side = {"left": 0, "right": 1}.get(w.arcs[0], -1) if len(w.arcs) == 1 and w.location in ("port", "starboard") else -1
        guns.append(_Gun(w.kind, fp, w.range_cm * 10.0, tuple(ARC_CENTRE[a] for a in w.arcs), side, w.no_long_range_shift))
    return _Arms(ship, _hit_value(ship), remaining(ship), p.capital, (p.armour.front, p.armour.other), turrets(ship),
                 speed_mm(ship), float(p.turns_deg), guns)


def _bears(g: _Gun, rel: float, turn: float) -> bool:
    """``g`` can bear on a point at relative bearing ``rel`` once its ship has
    turned up to ``turn`` degrees (quadrant arcs of 90 degrees)."""
    lim = 45.0 + turn
    return any(abs((rel - c + 180.0) % 360.0 - 180.0) <= lim for c in g.centres)


def _dmg(a: _Arms, lam: float, cap: int, support: float = 0.0, credit: float = SHIELD_HIT_CREDIT) -> float:
    """``_damage_value`` from precomputed numbers."""
    hull = _hull_loss(lam + support, cap, a.left) - _hull_loss(support, cap, a.left)
    return a.hv * (hull + credit * min(lam, max(0.0, cap - support)))


@dataclass
class _Scene:
    """What a move's score needs about the rest of the table, gathered once
    per ship and decision."""

    foes: list[Ship]
    arms: dict[str, _Arms] = field(default_factory=dict)                 #: every active ship on the ship's table
    rivals: dict[str, tuple[float, float]] = field(default_factory=dict)  #: per enemy: sum and sum of squares of the damage it could do to our other ships
    support: dict[str, float] = field(default_factory=dict)              #: per enemy: hits our other ships may put on it
    caps: dict[str, int] = field(default_factory=dict)                   #: shields up now, by ship
    boarders: dict[str, float] = field(default_factory=dict)             #: per enemy: what boarding the ship would win it
    enemy_turn: bool = True                                              #: the enemy fires again before the end
    own_turn: bool = True                                                #: we fire again after this turn


def _scene(state: SFState, ship: Ship) -> _Scene:
    """The foes, every ship's arms, and how our other ships share the
    enemy's fire (``rivals``) and add to ours (``support``): ships still to
    move are taken as coming a full move nearer."""
    foes = [e for e in state.ships.values() if e.side != ship.side and e.status == "active" and e.zone == ship.zone]
    enemy_turn, own_turn = _turn_left(state, ship.side)
    sc = _Scene(foes, enemy_turn=enemy_turn, own_turn=own_turn)
    mates = [f for f in state.ships.values() if f.side == ship.side and f.status == "active" and f.zone == ship.zone
             and f.id != ship.id]
    for s in foes + mates + [ship]:
        sc.arms[s.id] = _arms(s)
        sc.caps[s.id] = shield_capacity(state, s)
    for e in foes:
        sc.boarders[e.id] = max(0.0, _assault_worth(state, e, Board(side=e.side, ship=e.id, target=ship.id)))
        ea = sc.arms[e.id]
        ds = [_dmg(sc.arms[f.id], _reply_hits(ea, sc.arms[f.id], f.x, f.y, f.heading, reach=ea.speed + _still_to_move(f)),
                   sc.caps[f.id], credit=REPLY_SHIELD_CREDIT) for f in mates]
        sc.rivals[e.id] = (sum(ds), sum(d * d for d in ds))
    for f in mates:
        fa = sc.arms[f.id]
        hits = {e.id: _reply_hits(fa, sc.arms[e.id], e.x, e.y, e.heading, reach=_still_to_move(f)) for e in foes}
        worth = {e.id: _dmg(sc.arms[e.id], hits[e.id], sc.caps[e.id]) for e in foes}
        total = sum(worth.values())
        if total > 0:
            for k, v in hits.items():
                sc.support[k] = sc.support.get(k, 0.0) + v * worth[k] / total
    return sc


def _still_to_move(f: Ship) -> float:
    """How much nearer (mm) a friendly ship may still come this turn."""
    return 0.0 if f.moved else speed_mm(f)


def _column_for(target_capital: bool, aspect: str, d: float, no_long: bool, bm: bool) -> int:
    """Gunnery column (0 = A) for fire at ``d`` mm (spacefleet_core 1.7: base
    column by type and aspect, or the Defences column for a ship that moved
    less than 5 cm (``aspect`` "defences"); one left at close range, one
    right at long range and for blast markers)."""
    t = tables()
    col = t.gunnery.base_column["defences" if aspect == "defences" else ("capital:" if target_capital else "escort:") + aspect]
    if d <= t.constants.close_range_mm:
        col -= 1
    elif d > t.constants.long_range_mm and not no_long:
        col += 1
    if bm:
        col += 1
    return max(0, min(4, col))


def _reply_hits(ea: _Arms, ma: _Arms, x: float, y: float, h: float, bm: bool = False, reach: float | None = None,
                still: bool = False) -> float:
    """Expected hits (before shields) the ship of ``ea`` can score on the ship
    of ``ma`` standing at (x, y) facing ``h`` (mm, degrees) in its coming
    turn: it may close by ``reach`` mm (default its full move) and turn
    toward it, its port and starboard guns never both bear, the facing it
    sees is the one turned toward it now (spacefleet_core 1.6, 1.7, 1.9:
    Gunnery table, one right for blast markers, the Defences column when
    ``still`` (it moved less than 5 cm), lances 4+, torpedoes ahead of it
    with turrets first)."""
    e = ea.ship
    d = math.hypot(e.x - x, e.y - y)
    dist = max(0.0, d - (ea.speed if reach is None else reach))
    rel = _rel(e.heading, e.x, e.y, x, y)
    seen = abs(_rel(h, x, y, e.x, e.y))
    aspect = "defences" if still else ("closing" if seen < 45.0 else ("away" if seen > 135.0 else "abeam"))
    p = _p_hit(ma.armour[0] if seen < 45.0 else ma.armour[1])
    dice = tables().gunnery.dice
    sides = [0.0, 0.0]
    rest = 0.0
    for g in ea.guns:
        if dist > g.range_mm or not _bears(g, rel, ea.turn):
            continue
        if g.kind == "torpedo":
            rest += 0.5 * max(0.0, g.fp - 0.5 * ma.turrets) * p
            continue
        if g.kind == "lance":
            hits = g.fp * LANCE_P
        else:
            hits = dice(g.fp, _column_for(ma.capital, aspect, dist, g.no_long, bm)) * p
        if g.side >= 0:
            sides[g.side] += hits
        else:
            rest += hits
    return max(sides) + rest


#: where an enemy may fire from in its coming turn, for the line-of-fire check: where it
#: stands, and a full move toward us straight and 60 degrees either side (ours)
REPLY_BEARINGS = (0.0, 60.0, -60.0)


def _lines_from(state: SFState, firer: Ship, target: Ship, places) -> tuple[float, float]:
    """(share of ``places`` from which ``firer``'s line of fire to ``target``
    is open and crosses nothing, share from which it is open but shifted by
    blast markers or gas clouds) by the ruleset's one sight adjudication
    (``sight.blocker``, ``sight.shifts``: spacefleet_core 1.7, line of sight
    and planets; celestial phenomena). ``firer`` is moved to each place and
    put back."""
    if not places:
        return 0.0, 0.0
    saved = (firer.x, firer.y)
    clear = shifted = 0
    try:
        for px, py in places:
            firer.x, firer.y = px, py
            if blocker(state, firer, target.x, target.y, target) is not None:
                continue
            if shifts(state, firer, target):
                shifted += 1
            else:
                clear += 1
    finally:
        firer.x, firer.y = saved
    return clear / len(places), shifted / len(places)


def _reply_lines(state: SFState, e: Ship, me: Ship, x: float, y: float, reach: float) -> tuple[float, float]:
    """:func:`_lines_from` for enemy ``e`` firing at ``me`` standing at (x, y)
    mm, from where ``e`` stands and from :data:`REPLY_BEARINGS` a move of
    ``reach`` mm toward us (never past us). Off the main table nothing blocks."""
    if me.zone != "main" or e.zone != "main":
        return 1.0, 0.0
    d = math.hypot(x - e.x, y - e.y)
    places = [(e.x, e.y)]
    if d > 1e-6:
        step = min(reach, max(0.0, d - e.radius - me.radius))
        base = math.atan2(y - e.y, x - e.x)
        for b in REPLY_BEARINGS:
            a = base + math.radians(b)
            places.append((e.x + math.cos(a) * step, e.y + math.sin(a) * step))
    saved = (me.x, me.y)
    me.x, me.y = x, y
    try:
        return _lines_from(state, e, me, places)
    finally:
        me.x, me.y = saved


def _reply_value(state: SFState, me: Ship, x: float, y: float, h: float, sc: _Scene, still: bool = False) -> float:
    """Points the enemy's coming turn is expected to take off our fleet
    because ``me`` stands at (x, y, h) rather than out of its reach: each
    enemy ship spreads its fire over the ships it can reach in proportion to
    the damage it can do to each (through the shields left after the blast
    markers and gas clouds touching the base), so ``me`` adds to the fleet's
    loss only what it offers beyond our other ships (spacefleet_core 1.7,
    1.8); an enemy that would win a boarding action and can reach our base
    with its move may come and board (core 1.10)."""
    if not sc.enemy_turn:
        return 0.0
    c = tables().constants
    reach = me.radius + c.blast_marker_radius_mm
    bms = sum(1 for b in state.blast_markers if b.zone == me.zone and math.hypot(b.x - x, b.y - y) <= reach)
    if me.zone == "main":
        bms += sum(1 for f in state.features if f.kind == "gas_cloud" and geom.disc_touches(f, x, y, me.radius))
    ma = sc.arms[me.id]
    cap = max(0, base_shields(me) - bms)
    loss = 0.0
    for e in sc.foes:
        if sc.boarders[e.id] > 0 and math.hypot(e.x - x, e.y - y) <= sc.arms[e.id].speed + e.radius + me.radius:
            loss += BOARD_CHANCE * sc.boarders[e.id]
        hits = _reply_hits(sc.arms[e.id], ma, x, y, h, bm=bms > 0, still=still)
        if hits <= 0:
            continue
        clear, shifted = _reply_lines(state, e, me, x, y, sc.arms[e.id].speed)
        if clear + shifted <= 0.0:
            continue  # a planet, moon, rift, field or hulk covers us from every place it may fire from
        if shifted > 0.0 and bms == 0:
            hits = clear * hits + shifted * _reply_hits(sc.arms[e.id], ma, x, y, h, bm=True, still=still)
        else:
            hits *= clear + shifted
        if hits <= 0:
            continue
        mine = _dmg(ma, hits, cap, credit=REPLY_SHIELD_CREDIT)
        r, r2 = sc.rivals.get(e.id, (0.0, 0.0))
        loss += max(0.0, (mine * mine + r2) / (mine + r) - (r2 / r if r > 0 else 0.0))
    return loss


def _gun_hits(state: SFState, ship: Ship, w, fp: int, e: Ship, cache: dict, lock: bool) -> float:
    """Expected hits of one gun of ``ship`` (placed where it would end) at
    ``e`` now: arc, range (10 cm between ships inside one asteroid field),
    line of fire and the rules' own Gunnery reading (``shooting.gunnery``)."""
    key = e.id
    if key not in cache:
        d = math.hypot(e.x - ship.x, e.y - ship.y)
        both_in = in_field(state, ship) is not None and in_field(state, e) is not None
        quads = set(geom.quadrants(ship.heading, ship.x, ship.y, e.x, e.y))
        cache[key] = {"d": d, "in": both_in, "q": quads, "sight": None, "col": {}}
    c = cache[key]
    rng = min(w.range_cm * 10.0, tables().constants.asteroid_range_mm) if c["in"] else w.range_cm * 10.0
    if c["d"] > rng or not c["q"] & set(w.arcs):
        return 0.0
    if c["sight"] is None:
        c["sight"] = sight(state, ship, e.x, e.y, e) is None
    if not c["sight"]:
        return 0.0
    if w.kind == "lance":
        fire = (7 - tables().low_orbit.lance_fire_needs) / 6 if ship.zone == "low_orbit" else 1.0
        return fire * fp * _p_hit(lance_armour(e), lock)
    if w.kind == "nova_cannon":
        return 1.2 if c["d"] - tables().nova.template_radius_mm >= w.min_range_cm * 10.0 else 0.0
    g = c["col"].get(w.no_long_range_shift)
    if g is None:
        g = c["col"][w.no_long_range_shift] = gunnery(state, ship, w, 10, e)
    return tables().gunnery.dice(fp, g.column) * _p_hit(g.armour, lock)


def _nova_ready(ship: Ship) -> bool:
    """The nova cannon may fire under the ship's order (spacefleet_core 1.7)."""
    spec = tables().orders.get(ship.order or "")
    return not ship.braced and (spec is None or spec.nova) and not crippled(ship)


def _fire_now(state: SFState, ship: Ship, sc: _Scene) -> float:
    """Points the ship's guns are expected to take off the enemy in this
    shooting phase from where it stands (each gun at its best target; a
    target other than the nearest needs the target-priority test, and a
    failure sends the gun at the nearest; torpedoes at an enemy close ahead)."""
    lock = ship.order == "lock_on"
    cache: dict = {}
    lam: dict[str, float] = {}
    p_pass = _p_pass(leadership(state, ship)) if ship.priority == "none" else (1.0 if ship.priority == "passed" else 0.0)
    for w in prof(ship).weapons:
        if w.kind not in ("battery", "lance", "nova_cannon") or weapon_disabled(ship, w):
            continue
        if w.kind == "nova_cannon" and not _nova_ready(ship):
            continue
        fp = weapon_strength(ship, w)
        shots = [(cache[e.id]["d"], e, h) for e in sc.foes if (h := _gun_hits(state, ship, w, fp, e, cache, lock)) > 0]
        if not shots:
            continue
        near = min(shots, key=lambda t: (t[0], t[1].id))
        best = max(shots, key=lambda t: (t[2] * sc.arms[t[1].id].hv, -t[0]))
        if best[1].id == near[1].id:
            lam[near[1].id] = lam.get(near[1].id, 0.0) + near[2]
        else:
            lam[best[1].id] = lam.get(best[1].id, 0.0) + p_pass * best[2]
            lam[near[1].id] = lam.get(near[1].id, 0.0) + (1.0 - p_pass) * near[2]
    total = sum(_dmg(sc.arms[k], v, sc.caps[k], sc.support.get(k, 0.0)) for k, v in lam.items())
    return total + _torpedo_now(ship, sc)


def _torpedo_now(ship: Ship, sc: _Scene) -> float:
    """A loaded salvo's worth against the best enemy it reaches on its launch
    move straight ahead (or within the 45 degrees it may turn), before any
    check of the lane (``_torpedo_value`` does that when it launches)."""
    torps = [g for g in sc.arms[ship.id].guns if g.kind == "torpedo"]
    if not torps:
        return 0.0
    best = 0.0
    reach = tables().constants.torpedo_speed_mm
    for g in torps:
        for e in sc.foes:
            if math.hypot(e.x - ship.x, e.y - ship.y) > reach + e.radius:
                continue
            if _bears(g, _rel(ship.heading, ship.x, ship.y, e.x, e.y), 0.0):
                best = max(best, _salvo_expect(g.fp, e, ship.x, ship.y) * sc.arms[e.id].hv)
    return 0.8 * best


def _fire_next(state: SFState, ship: Ship, x: float, y: float, h: float, sc: _Scene) -> float:
    """Points the ship's guns could take off the enemy next turn: it may
    close by its full move and turn, and the enemy is assumed to come part
    of the way; a target beyond that counts less the farther it is (a ramp
    over one more move), so a ship out of reach still prefers to close.
    Aspect unknown: abeam, against the armour of the other facings. The
    line of fire from (x, y) to where the enemy stands now (the ruleset's
    sight adjudication): blocked, it counts half (either may move clear
    first); crossing blast markers or a gas cloud, one column right
    (spacefleet_core 1.7)."""
    a = sc.arms[ship.id]
    v = max(a.speed, 1.0)
    dice = tables().gunnery.dice
    geo = []
    for e in sc.foes:
        ea = sc.arms[e.id]
        dn = max(0.0, math.hypot(e.x - x, e.y - y) - v - ENEMY_APPROACH * ea.speed)
        clear, shifted = _lines_from(state, ship, e, [(x, y)]) if ship.zone == "main" else (1.0, 0.0)
        geo.append((e, ea, dn, _rel(h, x, y, e.x, e.y), _p_hit(ea.armour[1]),
                    NEXT_BLOCKED + (1.0 - NEXT_BLOCKED) * (clear + shifted), shifted > 0.0))
    lam: dict[str, float] = {}
    for g in a.guns:
        best, best_e = 0.0, None
        for e, ea, dn, rel, p, seen, bm in geo:
            ramp = 1.0 if dn <= g.range_mm else 1.0 - (dn - g.range_mm) / v
            if ramp <= 0.0 or not _bears(g, rel, a.turn):
                continue
            if g.kind == "lance":
                hits = g.fp * LANCE_P
            elif g.kind == "torpedo":
                hits = 0.5 * max(0.0, g.fp - 0.5 * ea.turrets) * p
            else:
                hits = dice(g.fp, _column_for(ea.capital, "abeam", dn, g.no_long, bm)) * p
            val = ramp * seen * hits * ea.hv
            if val > best:
                best, best_e = val, ea
        if best_e is not None:
            k = best_e.ship.id
            lam[k] = lam.get(k, 0.0) + best / best_e.hv
    return sum(_dmg(sc.arms[k], v_, base_shields(sc.arms[k].ship), sc.support.get(k, 0.0)) for k, v_ in lam.items())


def _torpedo_danger(state: SFState, me: Ship, x: float, y: float, h: float, phases: int) -> float:
    """Points enemy salvos already in play are expected to take off ``me`` at
    (x, y, h) over their next ``phases`` moves (spacefleet_core 1.9: they fly
    straight at full speed and attack the first base they touch, against the
    facing hit first, turrets first, shields ignored)."""
    r = tables().constants.ordnance_radius_mm + me.radius
    mp = prof(me)
    total = 0.0
    for o in state.ordnance:
        if o.kind != "torpedo" or o.side == me.side or o.zone != me.zone or me.id in o.attacked:
            continue
        end = geom.step(o.x, o.y, o.heading, speed_of(o) * phases)
        if geom.seg_point_dist(o.x, o.y, end[0], end[1], x, y)[0] > r:
            continue
        front = geom.quadrants(h, x, y, o.x, o.y) == ("front",)
        hits = max(0.0, o.strength - 0.5 * turrets(me)) * _p_hit(mp.armour.front if front else mp.armour.other)
        total += hits * _hit_value(me)
    return total


def _contact_value(state: SFState, me: Ship, x: float, y: float, foes: list[Ship]) -> float:
    """Ending in base contact with an enemy means boarding it in our end phase
    (spacefleet_core 1.10; the nearest, undeclared): the expected swing of
    that fight, good or bad."""
    touching = [e for e in foes if math.hypot(e.x - x, e.y - y) <= e.radius + me.radius + 1e-6]
    if not touching:
        return 0.0
    e = min(touching, key=lambda e: (math.hypot(e.x - x, e.y - y), e.id))
    return _assault_worth(state, me, Board(side=me.side, ship=me.id, target=e.id))


def _edge_risk(state: SFState, ship: Ship, x: float, y: float, h: float) -> float:
    """Points lost if the next turn's shortest legal move (half speed, the
    straight run first, then the sharpest turn) cannot keep the ship on the
    table (spacefleet_core 1.6: a ship moving off the edge disengages)."""
    W, H = state.table
    p = prof(ship)
    run = tables().constants.straight_run_mm[p.type]
    vmin = p.speed_cm * 10.0 / 2.0
    for turn in (0.0, float(p.turns_deg), -float(p.turns_deg)):
        ax, ay = geom.step(x, y, h, min(run, vmin))
        bx, by = geom.step(ax, ay, h + turn, max(0.0, vmin - run))
        if 0 <= ax <= W and 0 <= ay <= H and 0 <= bx <= W and 0 <= by <= H:
            return 0.0
    return _leave_cost(ship)


def _pull_risk(state: SFState, ship: Ship, y: float) -> float:
    """Points at stake from the low-orbit pull for a ship ending at ``y`` mm
    from the planet edge of the low-orbit table (celestial phenomena: low
    orbit): inside the grip it is dragged 5/8/10 cm toward the planet at the
    start of each turn and crashes off that edge, so two pulls from the edge
    cost the ship; inside the grip at all, a tenth of it (it must climb out)."""
    if ship.zone != "low_orbit" or state.low_orbit_planet is None:
        return 0.0
    lo = tables().low_orbit
    if y > lo.grip_cm * 10.0:
        return 0.0
    planet = next(f for f in state.features if f.id == state.low_orbit_planet)
    pull = tables().gravity_wells[planet.size or "small"].low_orbit_pull_cm * 10.0
    pts = prof(ship).points
    return pts if y - 2 * pull < 0 else 0.1 * pts


def _leave_cost(ship: Ship) -> float:
    """A ship leaving the table gives the enemy 10% of its points (25% if it was
    crippled) and takes its guns out of the battle."""
    v = tables().victory
    frac = v["disengaged_crippled"] if ship.ever_crippled or crippled(ship) else v["disengaged"]
    return prof(ship).points * (frac + 1.0)


def _asteroid_risk(state: SFState, ship: Ship, order: str | None, next_turn: bool = False) -> float:
    """Expected cost of crossing an asteroid field: failure odds of the
    Leadership test (2D6, 3D6 on All Ahead Full) times the expected hull
    damage, in points. A radiation burst lasts this game turn only; next
    turn's test allows for a new one (celestial phenomena: each possible
    burst occurs on 5+ and takes D6 off every Ld)."""
    p = prof(ship)
    n = 3 if order == "all_ahead_full" else 2
    if next_turn:
        ld = leadership(state, ship) + state.radiation
        calm = (1.0 - (7 - tables().phenomena.radiation_occurs_on) / 6) ** state.radiation_bursts
        pf = calm * _p_over(n, ld) + (1.0 - calm) * sum(_p_over(n, ld - k) for k in range(1, 7)) / 6
    else:
        pf = _p_over(n, leadership(state, ship))
    cap = shield_capacity(state, ship)
    if not p.capital:
        return pf * pf * (6 - min(cap, 5)) / 6 * p.points * 1.5 + 5
    hull = sum(max(0, d - cap) for d in range(1, 7)) / 6
    return pf * (hull + 0.3) * _value(ship) * 1.5 + 10


def _flare_risk(state: SFState, ship: Ship, x: float, y: float) -> float:
    """Expected cost of a solar flare still to come catching the ship at
    (x, y) with its shields down: blast markers and gas clouds touching the
    base (the flare judges every ship before it places its own markers,
    celestial phenomena: solar flares). An unshielded escort is lost outright."""
    if state.flares_occurred >= state.solar_flares or ship.zone != "main":
        return 0.0
    shields = base_shields(ship)
    p_flare = 1.0 - (5 / 6) ** (state.solar_flares - state.flares_occurred)
    c = tables().constants
    reach = ship.radius + c.blast_marker_radius_mm + 1.0
    touching = sum(1 for b in state.blast_markers if b.zone == "main" and math.hypot(b.x - x, b.y - y) <= reach)
    touching += sum(1 for f in state.features if f.kind == "gas_cloud" and geom.disc_touches(f, x, y, ship.radius))
    cost = 0.0
    if touching >= shields:
        cost += _flare_loss(ship)
    elif touching == shields - 1:
        # one hit the shields soak up in the enemy's turn leaves a marker on
        # the base, and the flare then finds the ship bare
        lam = 0.0
        for e in state.ships.values():
            if e.side == ship.side or e.status != "active" or e.zone != ship.zone:
                continue
            ep = prof(e)
            d = math.hypot(e.x - x, e.y - y)
            for w in ep.weapons:
                if w.kind in ("battery", "lance") and d <= w.range_cm * 10.0 + ep.speed_cm * 5.0:
                    lam += w.strength * (0.5 if w.kind == "lance" else 0.15)
        cost += lam * math.exp(-lam) * 0.6 * _flare_loss(ship)
    return p_flare * cost


def _flare_loss(ship: Ship) -> float:
    """Points at stake when a flare hits the ship unshielded (1 hit, and a
    critical on 4+ for capital ships)."""
    p = prof(ship)
    if p.hits - ship.damage <= 1:
        return p.points * 1.2
    return _value(ship) * 1.6


def _terrain_risk(state: SFState, ship: Ship, x: float, y: float, h: float, path, order: str | None) -> float:
    """Phenomena on the move and just ahead of it: asteroid fields (the
    Leadership test's odds, and a look-ahead for next turn's straight
    minimum run), warp rifts, gas clouds, and blast markers near the end."""
    p = prof(ship)
    hazard = 0.0
    for f in state.features:
        if f.kind == "asteroid_field" and geom.path_touches(f, path, ship.radius):
            hazard += _asteroid_risk(state, ship, order)
        elif f.kind == "warp_rift" and geom.path_touches(f, path, ship.radius):
            hazard += 200
        elif f.kind == "gas_cloud" and geom.disc_touches(f, x, y, ship.radius):
            hazard += 4
    hazard += _asteroid_ahead(state, ship, x, y, h)
    if order != "all_ahead_full":
        hazard += 3 * sum(1 for b in state.blast_markers if math.hypot(b.x - x, b.y - y) < ship.radius + 15)
    return hazard


def _asteroid_ahead(state: SFState, ship: Ship, x: float, y: float, h: float) -> float:
    """Next turn's asteroid test, looking ahead from (x, y) facing ``h``: for
    certain when the straight run it must make before turning (or its
    minimum move, if shorter) touches a field or it ends in one, in part when
    only a longer straight move would (spacefleet_core 1.6)."""
    p = prof(ship)
    vmin = p.speed_cm * 10.0 / 2.0
    forced = [(x, y), geom.step(x, y, h, min(tables().constants.straight_run_mm[p.type], vmin))]
    longer = [(x, y), geom.step(x, y, h, vmin + 50.0)]
    share = 0.0
    for f in state.features:
        if f.kind != "asteroid_field":
            continue
        if geom.disc_touches(f, x, y, ship.radius) or geom.path_touches(f, forced, ship.radius):
            share = 1.0
            break
        if geom.path_touches(f, longer, ship.radius):
            share = 0.4
    return share * _asteroid_risk(state, ship, None, next_turn=True) if share else 0.0


def _aaf_extra_mm(ship: Ship) -> float:
    """The mean All Ahead Full extra distance (spacefleet_core 1.4: 4D6 cm, 5D6 for some)."""
    return prof(ship).aaf_dice * 35.0


def _move_rank(s: SFState):
    """Sort key for the order ships move in: the one nearest the enemy last
    (it sees where the others went), then by id."""
    def key(ship: Ship):
        foes = [e for e in s.ships.values() if e.side != ship.side and e.status == "active"]
        return (-min((math.hypot(e.x - ship.x, e.y - ship.y) for e in foes), default=0.0), ship.id)
    return key


def _salvo_expect(strength: int, e: Ship, ox: float, oy: float) -> float:
    """Expected hits of a salvo of ``strength`` on ``e`` coming from (ox, oy)
    (spacefleet_core 1.9: turrets 4+ each take one off, then a D6 per torpedo
    against the armour of the facing hit first)."""
    front = geom.quadrants(e.heading, e.x, e.y, ox, oy) == ("front",)
    armour = prof(e).armour.front if front else prof(e).armour.other
    return max(0.0, strength - 0.5 * turrets(e)) * _p_hit(armour)


def _assault_worth(s: SFState, ship: Ship, a: Board) -> float:
    """Expected points swing of the end-phase assault ``a`` (core 1.10):
    boarding by the margins' damage and criticals both ways (a critical taken
    as a hit), a teleport attack by its Hit-and-Run odds."""
    t = s.ships[a.target]
    if a.teleport:
        return teleport_odds(t) * _value(t)
    ev = 0.0
    for m, p in boarding_numbers(s, ship, t)["margins"].items():
        row = tables().boarding.result(abs(m))
        if row is None:
            continue
        loser, winner = (t, ship) if m > 0 else (ship, t)
        swing = ((min(abs(m), remaining(loser)) + _p_score(row.loser_crit_on)) * _value(loser)
                 - _p_score(row.winner_crit_on) * _value(winner))
        ev += p * (swing if loser is t else -swing)
    return ev


def _p_score(need: int) -> float:
    """The chance of ``need`` or more on a D6 (1 or less: automatic; 7 or more: never)."""
    return 0.0 if need > 6 else (7 - max(1, need)) / 6

# Frozen copy of game/rulesets/spacefleet/ai/ai_ordnance.py at bf0d31dd24aa, made by
# tools/freeze_agent.py: the ruleset's `previous` agent. Do not edit (see that tool for the one exception).
"""Ordnance and close-action choices of the ``default`` space-fleet agent
(``ai/ai.py``): torpedo lanes traced with the ordnance rules, aimed salvos,
attack-craft waves and escorts, CAP, fire at hulks and boarding
(spacefleet_core 1.9, 1.10). Distances are table mm. No dice are rolled here."""

from __future__ import annotations

import math

from ... import geom
from ...actions import Board, Fire, Launch
from ...data import tables
from ...odds import catastrophe_numbers, fire_numbers
from ...rules.common import HULKS, leadership, prof, shield_capacity, speed_mm, turrets
from ...rules.gunnery import gunnery
from ...rules.ordnance import _craft_goal, _hazards_on, launch_strength, speed_of, wave_of
from ...rules.shooting import needs_priority_test, pooled_firepower
from ...state import Ordnance, SFState, Ship
from .ai_eval import (SALVO_DODGE, SALVO_HOLD, _assault_worth, _damage_value, _hit_value, _p_hit, _p_over,
                      _salvo_expect, _turn_left, _value)
from .candidates import cap_reach_mm


def _shot_value(s: SFState, ship: Ship, a: Fire, t: Ship) -> float:
    """A volley at ship ``t`` now: the rules' own expected hits (Gunnery
    reading, lances, Lock On re-rolls, pooled firepower), valued through the
    target's shields left."""
    w = prof(ship).weapons[a.weapon]
    if w.kind == "nova_cannon":
        return 1.2 * _hit_value(t)
    if a.pool:
        fp = pooled_firepower(s, ship, w, a.pool)
        g = gunnery(s, ship, w, fp, t)
        eh = g.dice * _p_hit(g.armour, ship.order == "lock_on")
    else:
        eh = fire_numbers(s, a)["expected"]
    return _damage_value(t, eh, shield_capacity(s, t))


# ---------------------------------------------------------------------- torpedoes
class _LaneCtx:
    """The scratch context ``ordnance._hazards_on`` reads (only its state)."""

    def __init__(self, s: SFState) -> None:
        self.s = s


def _salvo_hits(ship: Ship, w, e: Ship, ox: float, oy: float) -> float:
    """Expected hits of ``ship``'s salvo of weapon ``w`` on ``e``, launched from (ox, oy)."""
    return _salvo_expect(launch_strength(ship, w), e, ox, oy)


def _enemy_spots(e: Ship) -> list[tuple[float, float, float]]:
    """Where enemy ``e`` may stand after its next move: at its minimum, middle
    and full distance, straight on or with its sharpest turn either way after
    the straight run (spacefleet_core 1.6: half speed at least, one turn)."""
    p = prof(e)
    v = speed_mm(e)
    vmin = min(v, p.speed_cm * 10.0 / 2.0)
    run = tables().constants.straight_run_mm[p.type]
    out = []
    for d in (vmin, (vmin + v) / 2, v):
        out.append((*geom.step(e.x, e.y, e.heading, d), e.heading))
        ax, ay = geom.step(e.x, e.y, e.heading, min(run, d))
        for sg in (1.0, -1.0):
            h2 = e.heading + sg * p.turns_deg
            out.append((*geom.step(ax, ay, h2, max(0.0, d - run)), h2))
    return out


def _salvo_lane(s: SFState, ship: Ship, w, heading: float) -> tuple[float, float]:
    """(expected worth, worth of a sure hit on the best enemy met) of a salvo
    of weapon ``w`` from ``ship`` along ``heading`` over its launch move and
    the next two ordnance phases (``_lane_trace``, ``_lane_meets``); nothing
    when a friendly ship comes first."""
    stop, survive, friend_at = _lane_trace(s, ship, w, heading)
    hits = sorted(_lane_meets(s, ship, heading, stop), key=lambda t: (t[0], t[2].id))
    if not hits or hits[0][0] >= friend_at:
        return 0.0, 0.0
    worth, left, sure = 0.0, survive, 0.0
    for d, p, e in hits:
        if d >= friend_at:
            break
        v = _salvo_hits(ship, w, e, ship.x, ship.y) * _hit_value(e)
        sure = max(sure, v)
        worth += left * p * v
        left *= 1.0 - p
    return worth, sure


def _lane_trace(s: SFState, ship: Ship, w, heading: float) -> tuple[float, float, float]:
    """(where the lane ends, the chance the salvo gets through blast markers,
    where a friendly ship first stands in it), mm along ``heading``, traced
    with the ordnance rules' own contact test (``ordnance._hazards_on``,
    celestial phenomena and core 1.9): a planet, moon, asteroid field or warp
    rift ends the salvo (torpedoes detonate or are destroyed), so do another
    salvo, a hulk and the table edge; a blast marker or gas cloud takes it on
    a 6; a friendly ship in the way would be attacked."""
    length = 3 * tables().constants.torpedo_speed_mm
    marker = Ordnance(id=-1, side=ship.side, kind="torpedo", x=ship.x, y=ship.y, heading=heading,
                      strength=launch_strength(ship, w), launcher=ship.id, phases=0, zone=ship.zone)
    end = geom.step(ship.x, ship.y, heading, length)
    stop, survive, friend_at = length, 1.0, math.inf
    for d, kind, what in _hazards_on(_LaneCtx(s), marker, (ship.x, ship.y), end):
        if d >= stop:
            break
        if kind == "bm" or (kind == "feature" and what.kind == "gas_cloud"):
            survive *= 5 / 6 if d > 0 else 1.0
        elif kind in ("feature", "ord") or (kind == "ship" and s.ships[what].status in HULKS):
            stop = d
        elif kind == "ship" and s.ships[what].side == ship.side:
            friend_at = min(friend_at, d)
    return min(stop, _off_table_at(ship.x, ship.y, heading, *s.table)), survive, friend_at


def _lane_meets(s: SFState, ship: Ship, heading: float, stop: float) -> list[tuple[float, float, Ship]]:
    """(lane distance, chance, enemy) for each enemy the salvo may attack
    before ``stop`` mm: for certain one its 30 cm launch move reaches where it
    stands; else one that ends its next move in the salvo's next 60 cm, for
    the share of its sampled moves (``_enemy_spots``) that do, times
    ``SALVO_DODGE`` (core 1.9: 30 cm in each ordnance phase)."""
    speed = tables().constants.torpedo_speed_mm
    r = tables().constants.ordnance_radius_mm
    first = geom.step(ship.x, ship.y, heading, min(speed, stop))
    a, b = geom.step(ship.x, ship.y, heading, speed), geom.step(ship.x, ship.y, heading, stop)
    out = []
    for e in s.ships.values():
        if e.side == ship.side or e.status != "active" or e.zone != ship.zone:
            continue
        d0 = geom.first_touch(ship.x, ship.y, *first, e.x, e.y, e.radius + r)
        if d0 is not None:
            out.append((d0, 1.0, e))
        elif stop > speed:
            spots = _enemy_spots(e)
            met = [m for x, y, _ in spots if (m := geom.first_touch(*a, *b, x, y, e.radius + r)) is not None]
            if met:
                out.append((speed + min(met), SALVO_DODGE * len(met) / len(spots), e))
    return out


def _salvo_kept(s: SFState, ship: Ship, a: Launch) -> float:
    """What keeping the salvo is expected to be worth: ``SALVO_HOLD`` of a
    sure hit on the best enemy on this lane, as a closer shot may come next
    turn (none after our last turn)."""
    if not _turn_left(s, ship.side)[1]:
        return 0.0
    return SALVO_HOLD * _salvo_lane(s, ship, prof(ship).weapons[a.weapon], a.heading)[1]


def _off_table_at(x: float, y: float, h: float, W: float, H: float) -> float:
    """How far (mm) along heading ``h`` a marker at (x, y) leaves the table."""
    dx, dy = math.cos(math.radians(h)), math.sin(math.radians(h))
    out = math.inf
    if dx > 1e-9:
        out = min(out, (W - x) / dx)
    elif dx < -1e-9:
        out = min(out, -x / dx)
    if dy > 1e-9:
        out = min(out, (H - y) / dy)
    elif dy < -1e-9:
        out = min(out, -y / dy)
    return max(0.0, out)


def _aimed_salvos(s: SFState, ship: Ship, rs, opts) -> list[Launch]:
    """Torpedo launches the candidates do not offer: at each enemy within
    two salvo moves, aimed where it stands and where its next move at middle
    speed would take it, turned within the tubes' arc (spacefleet_core 1.9)."""
    out: list[Launch] = []
    have = {(a.weapon, round(a.heading, 1)) for a in opts if isinstance(a, Launch) and a.craft == "torpedo"}
    reach = 3 * tables().constants.torpedo_speed_mm
    for wi, w in enumerate(prof(ship).weapons):
        if w.kind != "torpedo" or not any(isinstance(a, Launch) and a.weapon == wi for a in opts):
            continue
        for e in sorted(s.ships.values(), key=lambda e: e.id):
            if e.side == ship.side or e.status != "active" or e.zone != ship.zone:
                continue
            if math.hypot(e.x - ship.x, e.y - ship.y) > reach:
                continue
            p = prof(e)
            mid = geom.step(e.x, e.y, e.heading, (p.speed_cm * 10.0 / 2.0 + speed_mm(e)) / 2.0)
            for tx, ty in ((e.x, e.y), mid):
                rel = geom.norm(geom.bearing(ship.x, ship.y, tx, ty) - ship.heading)
                h = round(geom.norm(ship.heading + max(-45.0, min(45.0, rel))), 1)
                if (wi, h) in have:
                    continue
                a = Launch(side=ship.side, ship=ship.id, weapon=wi, heading=h, craft="torpedo")
                if rs.check(s, a).ok:
                    have.add((wi, h))
                    out.append(a)
    return out


# ---------------------------------------------------------------------- ordnance and assault options
def _in_reach(kind: str, src, target: Ship, moves: int | None = None) -> bool:
    """Whether attack craft of ``kind`` at ``src`` (a ship or marker) can
    reach ``target`` in ``moves`` moves (default: the launch move and the
    ordnance phases before they run out)."""
    t = tables()
    n = t.constants.craft_endurance_phases if moves is None else moves
    reach = t.ordnance[kind]["speed_cm"] * 10.0 * n + target.radius + t.constants.ordnance_radius_mm
    return math.hypot(target.x - src.x, target.y - src.y) <= reach


def _wave_hits(bombers: float, fighters: float, target: Ship) -> float:
    """Expected hits of a wave of ``bombers`` squadrons and ``fighters`` on
    ``target`` (core 1.9): turret kills (4+ each) fall on fighters first; each
    bomber left makes D6 - turrets attacks at the lowest armour, plus one per
    fighter left (at most one each)."""
    tur = turrets(target)
    kills = tur * 0.5
    f_left = max(0.0, fighters - kills)
    b_left = max(0.0, bombers - max(0.0, kills - fighters))
    per_bomber = sum(max(0, d - tur) for d in range(1, 7)) / 6
    armour = min(prof(target).armour.front, prof(target).armour.other)
    return (b_left * per_bomber + min(f_left, b_left)) * (7 - armour) / 6


def _craft_count(markers, kind: str) -> int:
    return sum(o.strength for o in markers if o.kind == kind)


def _join_value(s: SFState, ship: Ship, a: Launch) -> float:
    """What fighters launched into bomber wave ``a.wave`` add to its attack
    on the lead's target as escorts, if the wave can still reach it after its
    launch move. The agent's waves are bombers escorted by fighters: other
    joins are worth nothing to it (a second bomber marker would add a little
    against 2-turret ships, but leaves the bombers without fighter cover)."""
    if a.craft != "fighter":
        return 0.0
    lead = next((o for o in s.ordnance if o.id == a.wave), None)
    t = s.ships.get(lead.target or "") if lead is not None else None
    if t is None or t.status != "active" or not _in_reach(lead.kind, lead, t, tables().constants.craft_endurance_phases - 1):
        return 0.0
    wave = wave_of(s, lead)
    b, f = _craft_count(wave, "bomber"), _craft_count(wave, "fighter")
    n = launch_strength(ship, prof(ship).weapons[a.weapon])
    return (_wave_hits(b, f + n, t) - _wave_hits(b, f, t)) * _value(t)


def _escort_to_come(s: SFState, ship: Ship, a: Launch, opts) -> float:
    """The escort value of fighter launch ``a`` in a wave not launched yet:
    another bay of the ship may launch bombers at a target in reach now."""
    if any(o.launcher == ship.id and o.kind == "bomber" and o.phases == 0 for o in s.ordnance):
        return 0.0  # the wave is out: joining it is its own option
    best = 0.0
    for b in opts:
        if not (isinstance(b, Launch) and b.craft == "bomber" and b.wave is None and b.weapon != a.weapon):
            continue
        t = s.ships.get(b.target or "")
        if t is None or not _in_reach("bomber", ship, t):
            continue
        nb = launch_strength(ship, prof(ship).weapons[b.weapon])
        nf = launch_strength(ship, prof(ship).weapons[a.weapon])
        best = max(best, (_wave_hits(nb, nf, t) - _wave_hits(nb, 0, t)) * _value(t))
    return best


def _inbound_threat(s: SFState, friend: Ship, marker) -> float:
    """Expected hits enemy torpedoes or attack craft ``marker`` will score on
    ``friend`` if nothing stops it in the next two ordnance moves (ours and
    the enemy's); 0 when it is not heading for it."""
    if marker.side == friend.side or marker.zone != friend.zone or marker.kind == "fighter":
        return 0.0
    p = prof(friend)
    reach = 2 * speed_of(marker) + friend.radius + tables().constants.ordnance_radius_mm
    if marker.kind == "torpedo":
        end = geom.step(marker.x, marker.y, marker.heading, 2 * speed_of(marker))
        d, _ = geom.seg_point_dist(marker.x, marker.y, *end, friend.x, friend.y)
        if d > friend.radius + tables().constants.ordnance_radius_mm:
            return 0.0
        left = max(0.0, marker.strength - turrets(friend) * 0.5)
        return left * (7 - p.armour.front) / 6
    kind, goal = _craft_goal(s, marker)
    if kind != "ship" or goal.id != friend.id or math.hypot(friend.x - marker.x, friend.y - marker.y) > reach:
        return 0.0
    if marker.kind == "bomber":
        return _wave_hits(_craft_count(wave_of(s, marker), "bomber"), _craft_count(wave_of(s, marker), "fighter"), friend)
    return marker.strength * 5 / 6  # assault boats: a critical on 2+ each, about a hit's worth


def _cap_value(s: SFState, ship: Ship, friend: Ship) -> float:
    """Fighters on CAP with a friendly capital ship they reach now stop the
    worst enemy marker (or wave) inbound on it (core 1.9, ours)."""
    if friend.side != ship.side or not prof(friend).capital or math.hypot(friend.x - ship.x, friend.y - ship.y) > cap_reach_mm(friend):
        return 0.0
    worst = max((_inbound_threat(s, friend, o) for o in s.ordnance), default=0.0)
    return 0.9 * worst * _value(friend)


def _hulk_shot_value(s: SFState, ship: Ship, a: Fire, hulk: Ship) -> float:
    """Fire at a hulk (core 1.8) for the blast of its new catastrophic roll:
    the chance of a hit (and of passing the target-priority test) times the
    expected damage it would do, enemies counting for and friends (more)
    against; never positive unless enemies stand in the blast's reach."""
    ev = 0.0
    for sid, hits in catastrophe_numbers(s, hulk)["hits"].items():
        t = s.ships[sid]
        ev += hits * _value(t) * (1.0 if t.side != ship.side else -1.5)
    if ev <= 0:
        return 0.0
    p = fire_numbers(s, a)["odds"]
    if needs_priority_test(s, ship, a):
        p *= 1.0 - _p_over(2, min(leadership(s, ship), 10))
    return p * ev


def _board_gain(s: SFState, ship: Ship, a: Board, opts) -> float:
    """Declaring an assault pays only when it picks a better target than the
    one the end phase would take undeclared (the nearest)."""
    if a.teleport and any(isinstance(b, Board) and not b.teleport for b in opts):
        return 0.0  # a ship that boards makes no teleport attack
    same = [b for b in opts if isinstance(b, Board) and b.teleport == a.teleport] or [a]
    auto = min(same, key=lambda b: (math.hypot(s.ships[b.target].x - ship.x, s.ships[b.target].y - ship.y), b.target))
    if auto.target == a.target:
        return 0.0
    return _assault_worth(s, ship, a) - _assault_worth(s, ship, auto)

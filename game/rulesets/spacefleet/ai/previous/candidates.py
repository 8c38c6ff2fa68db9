# Frozen copy of game/rulesets/spacefleet/ai/candidates.py at bf0d31dd24aa, made by
# tools/freeze_agent.py: the ruleset's `previous` agent. Do not edit (see that tool for the one exception).
"""Enumerating actions: the legal choices of a side now, with a sample of
moves (every one passes ``check``)."""

from __future__ import annotations

import math
import random

from game.core.action import Action
from game.core.ruleset import RULES_SIDE

from ... import geom
from ...actions import (ORDERS, Board, Brace, DeclareOrder, Disengage, EndPhase, EnterLowOrbit, Fire, Launch, MoveShip,
                       RulesStep, TakeIt)
from ...data import tables
from ...rules.common import HULKS, gravity_turns, prof, squadron, weapon_strength
from ...rules.movement import allowed_turns, move_limits, plan_move
from ...rules.targets import field_target, ordnance_id
from ...state import Ordnance, SFState, Ship


def move_options(state: SFState, ship: Ship, rng: random.Random | None = None, rich: bool = False,
                 plans: list | None = None) -> list[MoveShip]:
    """Legal moves worth considering for ``ship``: straight, turning after the
    straight run or at the end, both ways, at min/mid/max distance, with and
    without the free gravity-well turns. ``plans``, when given, receives each
    returned move with its ``plan_move`` trace, as (move, plan) pairs."""
    t = tables()
    p = prof(ship)
    side = ship.side
    dists = set()
    for loss in (False, True):
        vmin, vmax = move_limits(state, ship, loss)
        dists.update({round(vmin, 1), round(vmax, 1), round((vmin + vmax) / 2, 1)})
        if rich:
            dists.update({round(vmin + (vmax - vmin) * f, 1) for f in (0.25, 0.75)})
    if rng is not None:
        vmin, vmax = move_limits(state, ship, False)
        dists.add(round(rng.uniform(vmin, vmax), 1))
    run = 0.0 if ship.zone == "low_orbit" else t.constants.straight_run_mm[p.type]
    spec = t.orders.get(ship.order or "")
    free_first = bool(spec and spec.turn_without_moving) or run == 0
    nturns = allowed_turns(ship)
    T = float(p.turns_deg)
    pres = [0.0]
    if ship.zone == "main" and not ship.eldar:  # Eldar: the free turn only at the end (core rulings, gravity wells)
        for _, g in gravity_turns(state, ship.x, ship.y, ship.heading):
            pres.append(round(g, 3))
    legs_set: list[tuple[tuple[float, float], ...]] = []
    for d in sorted(dists):
        legs_set.append(((0.0, d),) if d > 0 else ())
        if nturns >= 1:
            for sg in (1.0, -1.0):
                if d >= run:
                    legs_set.append(((0.0, d), (sg * T, 0.0)))
                if d > run + 1:
                    legs_set.append(((0.0, run), (sg * T, d - run)))
                if free_first:
                    legs_set.append(((sg * T, d),))
                if rich and d > run + 1 and run > 0:
                    legs_set.append(((0.0, run), (sg * T / 2, d - run)))
        if nturns >= 2 and d >= 2 * run:
            for sg in (1.0, -1.0):
                for sg2 in (1.0, -1.0):
                    legs_set.append(((0.0, run), (sg * T, run), (sg2 * T, d - 2 * run)) if run > 0 else ((sg * T, d / 2), (sg2 * T, d / 2)))
    legs_set.extend(_formation_legs(state, ship))
    out: list[MoveShip] = []
    seen = set()
    for pre in pres:
        for legs in legs_set:
            m = MoveShip(side=side, ship=ship.id, pre_turn=pre, legs=legs)
            pl = plan_move(state, m)
            if not pl.ok:
                continue
            key = (pre, m.legs)
            if key in seen:
                continue
            seen.add(key)
            out.append(m)
            if plans is not None:
                plans.append((m, pl))
            if ship.zone == "main":
                ex, ey = pl.path[-1]
                for _, g in gravity_turns(state, ex, ey, pl.heading):
                    m2 = MoveShip(side=side, ship=ship.id, pre_turn=pre, legs=legs, post_turn=round(g, 3))
                    pl2 = plan_move(state, m2)
                    if pl2.ok:
                        out.append(m2)
                        if plans is not None:
                            plans.append((m2, pl2))
    return out


def _formation_legs(state: SFState, ship: Ship) -> list[tuple[tuple[float, float], ...]]:
    """Moves that keep an escort in squadron formation: one turn then straight
    to a point 10-14 cm beside or behind a squadron-mate that has moved."""
    if not ship.squadron or prof(ship).capital:
        return []
    out = []
    T = float(prof(ship).turns_deg)
    vmin, vmax = move_limits(state, ship, True)
    for m in squadron(state, ship):
        if m.id == ship.id or not m.moved or m.zone != ship.zone:
            continue
        for off, d in ((90.0, 140.0), (-90.0, 140.0), (180.0, 140.0), (90.0, 100.0), (-90.0, 100.0), (135.0, 130.0), (-135.0, 130.0)):
            px, py = geom.step(m.x, m.y, m.heading + off, d)
            dist = math.hypot(px - ship.x, py - ship.y)
            turn = max(-T, min(T, geom.norm(geom.bearing(ship.x, ship.y, px, py) - ship.heading))) if dist > 1 else 0.0
            dist = max(vmin, min(vmax, dist))
            out.append(((round(turn, 3), round(dist, 1)),))
    return out


def _pool_for(state: SFState, ship: Ship, wi: int, target: str, rs) -> tuple[tuple[str, int], ...]:
    """Squadron-mates' unfired batteries that may join a volley at ``target``
    (one each, the first that passes the pooling check)."""
    if not ship.squadron:
        return ()
    pool: list[tuple[str, int]] = []
    for m in sorted(squadron(state, ship), key=lambda m: m.id):
        if m.id == ship.id:
            continue
        for wj, mw in enumerate(prof(m).weapons):
            if mw.kind != "battery" or wj in m.fired:
                continue
            trial = Fire(side=ship.side, ship=ship.id, weapon=wi, target=target, pool=tuple(pool + [(m.id, wj)]))
            if rs.check(state, trial).ok:
                pool.append((m.id, wj))
                break
    return tuple(pool)


def fire_options(state: SFState, ship: Ship, rs) -> list[Action]:
    """Every legal Fire at enemy ships, ordnance and asteroid fields, a few at
    hulks (``hulk_shots``) and the launches of each ordnance weapon
    (``launch_options``) for ``ship`` (spacefleet_core 1.7-1.9)."""
    out: list[Action] = []
    p = prof(ship)
    foes = [s for s in state.ships.values() if s.side != ship.side and s.status == "active" and s.zone == ship.zone]
    for wi, w in enumerate(p.weapons):
        if wi in ship.fired:
            continue
        if w.kind == "nova_cannon":
            for f in foes:
                a = Fire(side=ship.side, ship=ship.id, weapon=wi, target=f.id)
                if rs.check(state, a).ok:
                    out.append(a)
        if w.kind in ("battery", "lance"):
            for f in foes:
                if math.hypot(f.x - ship.x, f.y - ship.y) > w.range_cm * 10 + 1:
                    continue
                a = Fire(side=ship.side, ship=ship.id, weapon=wi, target=f.id)
                if rs.check(state, a).ok:
                    out.append(a)
                    pool = _pool_for(state, ship, wi, f.id, rs) if w.kind == "battery" else ()
                    if pool:
                        out.append(Fire(side=ship.side, ship=ship.id, weapon=wi, target=f.id, pool=pool))
            if ship.zone == "main":
                for fld in state.features:
                    if fld.kind == "asteroid_field":
                        a = Fire(side=ship.side, ship=ship.id, weapon=wi, target=field_target(fld))
                        if rs.check(state, a).ok:
                            out.append(a)
            for o in state.ordnance:
                if o.side != ship.side and math.hypot(o.x - ship.x, o.y - ship.y) <= w.range_cm * 10:
                    a = Fire(side=ship.side, ship=ship.id, weapon=wi, target=ordnance_id(o))
                    if rs.check(state, a).ok:
                        out.append(a)
        elif w.kind in ("torpedo", "launch_bay"):
            out.extend(launch_options(state, ship, wi, foes, rs))
    out.extend(hulk_shots(state, ship, rs))
    return out


def launch_options(state: SFState, ship: Ship, wi: int, foes: list[Ship], rs) -> list[Launch]:
    """Legal launches of weapon ``wi`` (spacefleet_core 1.9): torpedoes ahead
    or turned toward the nearest enemy (within the 45 degrees of the arc);
    attack craft at the nearest enemy (fighters free), each craft into each
    wave the ship launched this turn, and fighters on CAP with each friendly
    ship they reach with their launch move (``cap_reach_mm``)."""
    w = prof(ship).weapons[wi]
    out: list[Launch] = []
    if w.kind == "torpedo":
        hs = [ship.heading]
        if foes:
            f = min(foes, key=lambda f: math.hypot(f.x - ship.x, f.y - ship.y))
            b = geom.bearing(ship.x, ship.y, f.x, f.y)
            rel = max(-45.0, min(45.0, geom.norm(b - ship.heading)))
            hs.append(round(geom.norm(ship.heading + rel), 3))
        for h in hs:
            a = Launch(side=ship.side, ship=ship.id, weapon=wi, heading=h, craft="torpedo")
            if rs.check(state, a).ok:
                return [a]
        return []
    tgt = min(foes, key=lambda f: math.hypot(f.x - ship.x, f.y - ship.y)).id if foes else None
    leads = joinable_waves(state, ship)
    friends = sorted((f for f in state.ships.values() if f.side == ship.side and f.status == "active" and f.zone == ship.zone
                      and math.hypot(f.x - ship.x, f.y - ship.y) <= cap_reach_mm(f)), key=lambda f: f.id)
    opts: list[Launch] = []
    for c in w.craft:
        opts.append(Launch(side=ship.side, ship=ship.id, weapon=wi, craft=c, target=None if c == "fighter" else tgt))
        opts.extend(Launch(side=ship.side, ship=ship.id, weapon=wi, craft=c, wave=o.id) for o in leads)
        if c == "fighter":
            opts.extend(Launch(side=ship.side, ship=ship.id, weapon=wi, craft=c, target=f.id) for f in friends)
    return [a for a in opts if rs.check(state, a).ok]


def joinable_waves(state: SFState, ship: Ship) -> list[Ordnance]:
    """Lead markers of the attack-craft waves ``ship`` launched this turn
    (the only waves its new craft may join, spacefleet_core 1.9; ``check``
    still has the last word, e.g. on CAP fighters and the launch-bay limit)."""
    return [o for o in state.ordnance if o.launcher == ship.id and o.kind != "torpedo" and o.wave == o.id and o.phases == 0]


def cap_reach_mm(friend: Ship) -> float:
    """How far (stem to stem, mm) a carrier may stand from ``friend`` for its
    fighters to reach contact with it on their launch move (core 1.9: 30 cm)."""
    t = tables()
    return t.ordnance["fighter"]["speed_cm"] * 10.0 + friend.radius + t.constants.ordnance_radius_mm


#: hulks a ship is offered shots at, nearest first (each with its strongest gun that bears)
HULK_SHOTS_PER_SHIP = 2


def hulk_shots(state: SFState, ship: Ship, rs) -> list[Fire]:
    """Fire at hulks of either fleet (spacefleet_core 1.8): for the nearest
    ``HULK_SHOTS_PER_SHIP`` hulks some unfired battery or lance can legally
    hit, one shot each with the strongest such weapon (the random agent samples
    the candidates, so every gun at every hulk would swamp them)."""
    weapons = prof(ship).weapons
    guns = sorted((wi for wi, w in enumerate(weapons) if w.kind in ("battery", "lance") and wi not in ship.fired),
                  key=lambda wi: (-weapon_strength(ship, weapons[wi]), wi))
    reach = max((weapons[wi].range_cm * 10.0 for wi in guns), default=0.0) + 1.0
    hulks = sorted((h for h in state.ships.values() if h.status in HULKS and h.zone == ship.zone
                    and math.hypot(h.x - ship.x, h.y - ship.y) <= reach),
                   key=lambda h: (math.hypot(h.x - ship.x, h.y - ship.y), h.id))
    out: list[Fire] = []
    for h in hulks:
        if len(out) >= HULK_SHOTS_PER_SHIP:
            break
        for wi in guns:
            a = Fire(side=ship.side, ship=ship.id, weapon=wi, target=h.id)
            if rs.check(state, a).ok:
                out.append(a)
                break
    return out


def board_options(state: SFState, ship: Ship, rs) -> list[Board]:
    """Legal end-phase assault declarations of ``ship`` (spacefleet_core
    1.10): boarding each enemy in base contact, a teleport attack on each
    enemy within 10 cm whose shields are down."""
    out: list[Board] = []
    near = tables().constants.teleport_range_mm + 2 * tables().constants.large_base_radius_mm  # beyond: neither applies
    for t in sorted(state.ships.values(), key=lambda t: t.id):
        if t.side == ship.side or t.status != "active" or t.zone != ship.zone or math.hypot(t.x - ship.x, t.y - ship.y) > near:
            continue
        for tele in (False, True):
            a = Board(side=ship.side, ship=ship.id, target=t.id, teleport=tele)
            if rs.check(state, a).ok:
                out.append(a)
    return out


def shooting_options(state: SFState, ship: Ship, rs) -> list[Action]:
    """All of ``ship``'s shooting-phase choices: ``fire_options`` and ``board_options``."""
    return fire_options(state, ship, rs) + board_options(state, ship, rs)


def enumerate_actions(rs, state: SFState, side: str, rng: random.Random | None) -> list[Action]:
    """The choices of ``side`` now (moves sampled; all pass ``check``)."""
    if state.over or side != state.active:
        return []
    if side == RULES_SIDE:
        return [RulesStep(side=RULES_SIDE)]
    if state.phase == "brace":
        out: list[Action] = [TakeIt(side=side)]
        b = Brace(side=side, ship=state.pending.target)
        if rs.check(state, b).ok:
            out.append(b)
        return out
    out = [EndPhase(side=side)]
    mine = sorted((s for s in state.ships.values() if s.side == side and s.status == "active"), key=lambda s: s.id)
    if state.phase == "movement":
        for s in mine:
            if s.moved:
                a = Disengage(side=side, ship=s.id)
                if rs.check(state, a).ok:
                    out.append(a)
                continue
            for o in ORDERS:
                a = DeclareOrder(side=side, ship=s.id, order=o)
                if rs.check(state, a).ok:
                    out.append(a)
            a = EnterLowOrbit(side=side, ship=s.id)
            if rs.check(state, a).ok:
                out.append(a)
            out.extend(move_options(state, s, rng))
    elif state.phase == "shooting":
        for s in mine:
            out.extend(shooting_options(state, s, rs))
    return out

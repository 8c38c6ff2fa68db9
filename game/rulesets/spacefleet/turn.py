"""The turn sequence of the space fleet (spacefleet_core 1.5): whose
action is legal in which phase (``why_illegal``), resolving an action
(``resolve``), the Brace for Impact! window that pauses an attack for the
defender (core 1.4), the moves the rules make for ships not moved, and the
rules' own steps at the start, ordnance and end of a player turn."""

from __future__ import annotations

from game.core.action import Action
from game.core.dice import Dice
from game.core.ruleset import RULES_SIDE, Accepted, Rejected

from . import geom
from .actions import (Board, Brace, DeclareOrder, Disengage, EndPhase, EnterLowOrbit, Fire, Launch, MoveShip,
                      RulesStep, TakeIt)
from .events import (AssaultDeclared, AttackCleared, AttackDeclared, Braced, GameFinished, PhaseChanged, ShipMoved,
                     ShootingBegan, TurnBegan, WeaponFired)
from .names import the, unit_name
from .rules.boarding import assault_reason, boarding_actions
from .rules.common import (Ctx, attacker_key, current_side, enemy_contacts, ld_target, on_table, prof, shooting_unit,
                           squadron, under_fire)
from .rules.endphase import damage_control, lapse_braces, remove_blast_markers, remove_field_markers
from .rules.movement import (aaf_stop, check_disengage, check_low_orbit, edge_moves, move_limits, plan_move,
                             resolve_disengage, resolve_low_orbit, resolve_move)
from .rules.orders import check_order, resolve_order
from .rules.ordnance import check_launch, ordnance_phase, resolve_launch, resume_ordnance_attack
from .rules.phenomena import cloud_tests, drift_hulks, flare_hit, flare_hits, low_orbit_pull, start_of_game_turn
from .rules.shooting import battery_left, check_fire, needs_priority_test, priority_test, resolve_attack
from .state import SFState, Ship


def why_illegal(s: SFState, a: Action) -> str | None:
    if s.over:
        return "the battle is over"
    if a.side != s.active:
        return f"it is not {a.side}'s turn to act"
    ph = s.phase
    if isinstance(a, RulesStep):
        return None if a.side == RULES_SIDE and ph in ("start", "flare", "ordnance", "end") else "only the rules take this step"
    if a.side == RULES_SIDE:
        return "the rules side only takes rules steps"
    if isinstance(a, (Brace, TakeIt)):
        if ph != "brace" or s.pending is None:
            return "no attack is waiting for a Brace decision"
        if isinstance(a, Brace):
            if a.ship != s.pending.target:
                return f"only the attacked ship, {the(s, s.pending.target)}, may brace now"
            return brace_reason(s, s.ships[a.ship], s.pending.ship)
        return None
    if isinstance(a, EndPhase):
        return None if ph in ("movement", "shooting") else f"nothing to end in the {ph} phase"
    if isinstance(a, (DeclareOrder, MoveShip, EnterLowOrbit, Disengage)):
        if ph != "movement":
            return f"{a.type} belongs to the movement phase (now: {ph})"
        if isinstance(a, DeclareOrder):
            return check_order(s, a)
        if isinstance(a, MoveShip):
            p = plan_move(s, a)
            return None if p.ok else p.reason
        if isinstance(a, EnterLowOrbit):
            return check_low_orbit(s, a)
        return check_disengage(s, a)
    if isinstance(a, Board):
        if ph != "shooting":
            return f"boarding and teleport attacks are declared in the shooting phase (now: {ph})"
        ship = s.ships.get(a.ship)
        if ship is None or ship.side != a.side:
            return f"{a.side} has no ship {a.ship!r}"
        return assault_reason(s, ship, a.target, a.teleport)
    if isinstance(a, (Fire, Launch)):
        if ph != "shooting":
            return f"{a.type} belongs to the shooting phase (now: {ph})"
        return check_fire(s, a) if isinstance(a, Fire) else check_launch(s, a)
    return f"unknown action {a.type}"


def brace_reason(s: SFState, ship: Ship, attacker: str) -> str | None:
    """Why ``ship`` may not brace against ``attacker`` now (None: it may):
    spacefleet_core 1.4, a failed test holds against the same attacker."""
    if ship.status != "active":
        return f"{the(s, ship.id)} is not an active ship"
    if ship.braced:
        return f"{the(s, ship.id)} is already braced"
    if attacker_key(s, attacker) in ship.brace_failed_vs:
        return f"{the(s, ship.id)} failed to brace against this attacker already (until it has finished attacking)"
    if not on_table(ship):
        return f"{the(s, ship.id)} is not on the table"
    return None


# -- resolution ------------------------------------------------------------------
def resolve(rs, state: SFState, action: Action, dice: Dice) -> Accepted | Rejected:
    why = why_illegal(state, action)
    if why:
        return Rejected(why)
    ctx = Ctx(rs, state, dice)
    a = action
    s = ctx.s
    if isinstance(a, RulesStep):
        _rules_step(ctx)
    elif isinstance(a, DeclareOrder):
        resolve_order(ctx, a)
    elif isinstance(a, MoveShip):
        resolve_move(ctx, a, plan_move(s, a))
    elif isinstance(a, EnterLowOrbit):
        resolve_low_orbit(ctx, a)
    elif isinstance(a, Disengage):
        resolve_disengage(ctx, a)
    elif isinstance(a, Fire):
        _fire(ctx, a)
    elif isinstance(a, Launch):
        begin_shooting(ctx, a.ship)
        resolve_launch(ctx, a)
    elif isinstance(a, Board):
        ctx.emit(AssaultDeclared(ship=a.ship, target=a.target, teleport=a.teleport))
    elif isinstance(a, Brace):
        _brace(ctx, a)
    elif isinstance(a, TakeIt):
        _release(ctx)
    elif isinstance(a, EndPhase):
        if s.phase == "movement":
            _auto_moves(ctx)
            ctx.emit(PhaseChanged(phase="shooting", active=a.side))
        else:
            ctx.emit(PhaseChanged(phase="ordnance", active=RULES_SIDE))
    _check_end(ctx)
    return Accepted(tuple(ctx.events))


def begin_shooting(ctx: Ctx, ship_id: str) -> None:
    """The ship's shooting unit (its squadron, or itself) takes its turn to
    shoot, ending the previous one's (spacefleet_core 1.5: ship by ship)."""
    s = ctx.s
    unit = shooting_unit(s.ships[ship_id])
    if s.shooter != unit:
        prev = s.shooter
        ctx.emit(ShootingBegan(unit=unit, ship=ship_id, previous=prev,
                               unit_name=unit_name(s, unit), previous_name=unit_name(s, prev) if prev else ""))


def _fire(ctx: Ctx, a: Fire) -> None:
    s = ctx.s
    ship = s.ships[a.ship]
    begin_shooting(ctx, a.ship)
    if needs_priority_test(s, ship, a):
        if not priority_test(ctx, a.ship):
            return
    tgt = s.ships.get(a.target)
    if tgt is not None and brace_reason(s, tgt, a.ship) is None:
        ctx.emit(AttackDeclared(ship=a.ship, weapon=a.weapon, target=a.target, defender=tgt.side, pool=a.pool,
                                weapon_name=prof(ship).weapons[a.weapon].name, fp=a.fp))
        return
    resolve_attack(ctx, a.ship, a.weapon, a.target, a.pool, a.fp)


def _brace(ctx: Ctx, a: Brace) -> None:
    """Command check to brace (allowed after a failed check ends orders)."""
    s = ctx.s
    ship = s.ships[a.ship]
    mods = []
    if under_fire(s, ship):
        mods.append(("under fire", -1))
    if enemy_contacts(s, ship.side):
        mods.append(("enemy contacts", 1))
    against = f" against the {ctx.name(s.pending.ship)}" if s.pending and s.pending.ship in s.ships else ""
    ok = ctx.roll("2d6", f"the {ctx.name(ship.id)}: command check to brace for impact{against}", side=ship.side,
                  target=ld_target(s, ship, mods)).passed
    for m in squadron(s, ship):
        if ok or m.id == ship.id:
            ctx.emit(Braced(ship=m.id, passed=ok, attacker=attacker_key(s, s.pending.ship) if s.pending else ""))
    _release(ctx)


def _release(ctx: Ctx) -> None:
    s = ctx.s
    p = s.pending
    ctx.emit(AttackCleared())
    if p.flare:
        flare_hit(ctx, p.target)
        return
    if p.ordnance is not None:
        resume_ordnance_attack(ctx, p)
        return
    attacker = s.ships[p.ship]
    if attacker.status == "active" and s.ships[p.target].status == "active":
        resolve_attack(ctx, p.ship, p.weapon, p.target, p.pool, p.fp)
    else:
        part = p.fp or (battery_left(attacker, p.weapon) if attacker.split_fp.get(p.weapon) else 0)
        ctx.emit(WeaponFired(ship=p.ship, weapon=p.weapon, target=p.target, note="the target is gone",
                             weapon_name=prof(attacker).weapons[p.weapon].name, fp=part))


def _auto_moves(ctx: Ctx) -> None:
    """Ships not moved when the phase ends go straight ahead their minimum
    distance (ours: the rules move every ship)."""
    s = ctx.s
    side = current_side(s)
    for sid in sorted(s.ships):
        sh = s.ships[sid]
        if sh.side != side or sh.status != "active" or sh.moved:
            continue
        dists = [move_limits(s, sh, loss)[0] for loss in (False, True)]
        if sh.order == "all_ahead_full":  # halted by a blast marker in the last 5 cm (core 1.6)
            full = move_limits(s, sh, False)[1]
            stop = aaf_stop(s, sh, [(sh.x, sh.y), geom.step(sh.x, sh.y, sh.heading, full)])
            if stop is not None:
                dists.insert(0, stop)
        moves = [MoveShip(side=side, ship=sid, legs=((0.0, d),) if d > 0 else ()) for d in dists]
        moves += edge_moves(s, sh)  # a ship at Ld 1 or less heads for the nearest edge (core 1.3)
        for m in moves:
            p = plan_move(s, m)
            if p.ok:
                how = "straight ahead its least distance" if all(not tn for tn, _ in m.legs) else "toward the nearest edge"
                resolve_move(ctx, m, p, why=f"not moved this phase: the rules move it {how}")
                break
        else:
            ctx.emit(ShipMoved(ship=sid, x=sh.x, y=sh.y, heading=sh.heading, distance=0.0, from_heading=sh.heading,
                               why="not moved this phase and no legal straight move: it stays"))


def _rules_step(ctx: Ctx) -> None:
    s = ctx.s
    side = current_side(s)
    if s.phase in ("start", "flare"):
        if s.phase == "start" and s.player == 0:
            start_of_game_turn(ctx)
        if flare_hits(ctx, lambda sh: sh.side in s.order and brace_reason(s, sh, "flare") is None):
            return  # paused for a Brace decision against the flare's hit (core 1.4); goes on in the "flare" phase
        low_orbit_pull(ctx)
        drift_hulks(ctx, side)
        cloud_tests(ctx)
        ctx.emit(PhaseChanged(phase="movement", active=side))
    elif s.phase == "ordnance":
        ordnance_phase(ctx, side)
        if s.phase == "ordnance":  # not paused for a Brace decision against ordnance (core 1.4)
            ctx.emit(PhaseChanged(phase="end", active=RULES_SIDE))
    elif s.phase == "end":
        boarding_actions(ctx, side)
        damage_control(ctx)
        remove_blast_markers(ctx, side)
        remove_field_markers(ctx)
        lapse_braces(ctx, side)
        if s.player + 1 < len(s.order):
            ctx.emit(TurnBegan(turn=s.turn, side=s.order[s.player + 1], player=s.player + 1))
        elif s.turn >= s.turn_limit:
            ctx.emit(GameFinished(reason=f"turn limit ({s.turn_limit}) reached"))
        else:
            ctx.emit(TurnBegan(turn=s.turn + 1, side=s.order[0], player=0))


def _check_end(ctx: Ctx) -> None:
    s = ctx.s
    if s.finished:
        return
    alive = [side for side in s.order if any(sh.side == side and sh.status == "active" for sh in s.ships.values())]
    if len(alive) < len(s.order):
        ctx.emit(GameFinished(reason="a fleet has no ships left in the fight"))

"""Boarding actions and teleport attacks in the end phase
(spacefleet_core 1.10): boarding values and modifiers, the roll-off, its
damage and criticals, who may board or teleport onto whom."""

from __future__ import annotations

import math

from game.core.event import Target

from ..data import tables
from ..events import BoardingFought, ShipDamaged, ShipStatus, TeleportAttack
from ..names import the
from .common import Ctx, crippled, on_table, prof, remaining, shield_capacity, turrets, under_fire
from .damage import critical, destroyed, hit_and_run, holofield_saves, hull_damage, place_bms_around


def boarding_value(ship, defending: bool) -> int:
    """Hits left, plus turrets for the defender (spacefleet_core 1.10)."""
    return remaining(ship) + (turrets(ship) if defending else 0)


def boarding_modifiers(state, me, enemy, mine: int, theirs: int) -> list[tuple[str, int]]:
    """One side's modifiers: the best boarding-value ratio bonus only, enemy
    under blast markers, crippled, on special orders, and the fleet's bonus."""
    b = tables().boarding
    mods: list[tuple[str, int]] = []
    ratio = mine / theirs if theirs > 0 else math.inf
    for at_least, bonus in b.ratio_bonus:
        if ratio >= at_least:
            mods.append((f"boarding value x{at_least:g}", int(bonus)))
            break
    if under_fire(state, enemy):
        mods.append(("enemy under blast markers", b.enemy_blast_marker))
    if crippled(enemy):
        mods.append(("enemy crippled", b.enemy_crippled))
    if enemy.order or enemy.braced:
        mods.append(("enemy on special orders", b.enemy_on_orders))
    fb = b.fleet_bonus.get(prof(me).fleet, 0)
    if fb:
        mods.append((f"{prof(me).fleet} crew", fb))
    return mods


def board(ctx: Ctx, sid: str, tid: str) -> None:
    """One boarding action: each side rolls D6 + modifiers; the loser takes the
    difference as damage (no shields, no Brace saves; an Eldar loser's
    holofields roll against each point, spacefleet_core 1.12), then the loser
    and the winner roll for a critical at the margin's scores; a capital ship
    boarded to 0 hits becomes a drifting hulk; a tie does nothing (ours)."""
    s = ctx.s
    a, d = s.ships[sid], s.ships[tid]
    va, vd = boarding_value(a, False), boarding_value(d, True)
    ma = boarding_modifiers(s, a, d, va, vd)
    md = boarding_modifiers(s, d, a, vd, va)
    ra = ctx.roll("d6", f"the {ctx.name(sid)} boards the {ctx.name(tid)} (boarding value {va} against {vd})", mods=ma,
                  side=a.side).total
    rd = ctx.roll("d6", f"the {ctx.name(tid)} repels boarders (boarding value {vd} against {va})", mods=md,
                  side=d.side).total
    margin = abs(ra - rd)
    row = tables().boarding.result(margin)
    ctx.emit(BoardingFought(attacker=sid, defender=tid, attacker_score=ra, defender_score=rd, result=row.id if row else "tie"))
    if row is None:
        return
    loser, winner = (tid, sid) if ra > rd else (sid, tid)
    n = min(holofield_saves(ctx, loser, margin, None, "boarding"), remaining(s.ships[loser]))
    lo = s.ships[loser]
    if 0 < n >= remaining(lo) and prof(lo).capital:
        ctx.emit(ShipDamaged(ship=loser, amount=n, why=f"boarding ({row.id})"))
        ctx.emit(ShipStatus(ship=loser, status="drifting_hulk", why="boarded to 0 hits"))
        place_bms_around(ctx, loser, 1, None)
    else:
        hull_damage(ctx, loser, n, crits=False, why=f"boarding ({row.id})")
    for who, need in ((loser, row.loser_crit_on), (winner, row.winner_crit_on)):
        if need > 6 or s.ships[who].status != "active":
            continue
        if need <= 1 or ctx.roll("d6", f"boarding critical on the {ctx.name(who)}", side=s.ships[who].side,
                                 target=Target(label="critical score", base=need)).passed:
            critical(ctx, who)
            w = s.ships[who]
            if w.status == "active" and remaining(w) <= 0:
                destroyed(ctx, who, "boarding")


def in_contact(a, b) -> bool:
    """Bases touching (or overlapping): boarding needs it (spacefleet_core 1.10)."""
    return a.zone == b.zone and math.hypot(a.x - b.x, a.y - b.y) <= a.radius + b.radius + 1e-6


def teleport_reach(state, a, b) -> bool:
    """A teleport attack reaches 10 cm (stem to stem) and only a ship whose
    shields are down (spacefleet_core 1.10)."""
    return (a.zone == b.zone and math.hypot(a.x - b.x, a.y - b.y) <= tables().constants.teleport_range_mm + 1e-6
            and shield_capacity(state, b) == 0)


def assault_reason(state, ship, target_id: str, teleport: bool) -> str | None:
    """Why ``ship`` may not board (or teleport onto) ``target_id`` in this
    end phase, or None."""
    t = state.ships.get(target_id)
    if not on_table(ship):
        return f"{the(state, ship.id)} is not an active ship on the table"
    if t is None or t.side == ship.side or t.status != "active":
        return f"{target_id!r} is not an enemy ship in the fight"
    if teleport:
        if ship.id in state.teleports:
            return f"{the(state, ship.id)} has already declared a teleport attack this turn"
        if not teleport_reach(state, ship, t):
            return f"{the(state, t.id)} must be within 10 cm with its shields down for a teleport attack"
        return None
    if ship.id in state.assaults:
        return f"{the(state, ship.id)} has already declared a boarding action this turn"
    if not in_contact(ship, t):
        return f"{the(state, ship.id)} must be in base contact with {the(state, t.id)} to board it"
    return None


def boarding_actions(ctx: Ctx, side: str) -> None:
    """The active fleet's ships in base contact with an enemy ship board it:
    the one declared with ``Board`` if still in contact, else (ours,
    automatically) the nearest; once a turn each. Then teleport attacks
    (ours: one per ship, a declared target first, else the nearest enemy
    within 10 cm with its shields down; a ship that boarded does not teleport)."""
    s = ctx.s
    for sid in sorted(s.ships):
        sh = s.ships[sid]
        if sh.side != side or sh.status != "active" or sid in s.boarded:
            continue
        foes = [t for t in s.ships.values() if t.side != side and t.status == "active" and in_contact(sh, t)]
        if foes:
            chosen = s.assaults.get(sid)
            t = next((f for f in foes if f.id == chosen), None) or min(
                foes, key=lambda t: (math.hypot(t.x - sh.x, t.y - sh.y), t.id))
            board(ctx, sid, t.id)
    for sid in sorted(s.ships):
        sh = s.ships[sid]
        if sh.side != side or sh.status != "active" or sid in s.boarded or sid in s.teleported:
            continue
        foes = [t for t in s.ships.values() if t.side != side and t.status == "active" and teleport_reach(s, sh, t)]
        if foes:
            chosen = s.teleports.get(sid)
            t = next((f for f in foes if f.id == chosen), None) or min(
                foes, key=lambda t: (math.hypot(t.x - sh.x, t.y - sh.y), t.id))
            ctx.emit(TeleportAttack(ship=sid, target=t.id))
            hit_and_run(ctx, t.id, side, f"teleport attack of the {ctx.name(sid)}")

"""End phase: damage control, fires, blast-marker removal, Brace lapsing
(spacefleet_core 1.10, 1.4)."""

from __future__ import annotations

import math

from .common import Ctx, prof, remaining, under_fire
from .damage import hull_damage
from .events import BlastMarkerRemoved, BraceEnded, CriticalRepaired
from .tables import tables

REPAIR_ORDER = ("fire", "engine_room", "thrusters", "prow_armament", "port_armament", "starboard_armament", "dorsal_armament")


def damage_control(ctx: Ctx) -> None:
    """Both fleets: a D6 per remaining hit (half, rounded up, with a BM
    touching); each 6 repairs one repairable critical, fires first; every
    fire left burning does 1 damage."""
    s = ctx.s
    t = tables()
    for sid in sorted(s.ships):
        sh = s.ships[sid]
        if sh.status != "active":
            continue
        rep = [c for c in sh.crits if t.critical({r.id: r.roll for r in t.criticals}[c]).repairable]
        if rep:
            n = remaining(sh)
            if under_fire(s, sh):
                n = (n + 1) // 2
            sixes = sum(1 for f in ctx.d6s(n, f"damage control on {sid} (6s repair)", side=sh.side) if f == 6)
            todo = sorted(rep, key=lambda c: REPAIR_ORDER.index(c) if c in REPAIR_ORDER else 99)
            for c in todo[:sixes]:
                ctx.emit(CriticalRepaired(ship=sid, crit=c))
        fires = s.ships[sid].crits.count("fire")
        if fires:
            hull_damage(ctx, sid, fires, crits=False, why="fire")


def remove_blast_markers(ctx: Ctx, side: str) -> None:
    """The active player removes D6 blast markers touching no base (ours: the oldest first)."""
    s = ctx.s
    r = tables().constants.blast_marker_radius_mm
    free = [b for b in s.blast_markers
            if not any(sh.status in ("active", "drifting_hulk", "blazing_hulk") and sh.zone == b.zone
                       and math.hypot(sh.x - b.x, sh.y - b.y) <= sh.radius + r for sh in s.ships.values())]
    if not free:
        return
    n = ctx.roll("d6", "blast markers removed", side=side).total
    for b in sorted(free, key=lambda b: b.id)[:n]:
        ctx.emit(BlastMarkerRemoved(id=b.id))


def lapse_braces(ctx: Ctx, side: str) -> None:
    s = ctx.s
    for sid in sorted(s.ships):
        sh = s.ships[sid]
        if sh.side == side and sh.braced and s.player_turns > sh.brace_turn:
            ctx.emit(BraceEnded(ship=sid))

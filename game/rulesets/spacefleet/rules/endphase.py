"""End phase: damage control, fires, blast-marker removal, Brace lapsing
(spacefleet_core 1.10, 1.4)."""

from __future__ import annotations

import math

from game.core.event import Target

from ..data import tables
from ..events import BlastMarkerRemoved, BraceEnded, CriticalRepaired
from ..names import feature_by_id
from .common import Ctx, pool_faces, remaining, under_fire
from .damage import hull_damage


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
            count = f"{n} hit{'s' if n != 1 else ''} left"
            if under_fire(s, sh):
                n = (n + 1) // 2
                count += f", halved (blast markers) = {n}"
            faces = pool_faces(ctx.pool(n, f"damage control on the {ctx.name(sid)}: a die per hit left ({count})",
                                        REPAIR, side=sh.side))
            sixes = sum(1 for f in faces if f == 6)
            todo = sorted(rep, key=lambda c: REPAIR_ORDER.index(c) if c in REPAIR_ORDER else 99)
            fixed = todo[:sixes]
            for c in dict.fromkeys(fixed):  # the same kind twice: one repair of both
                ctx.emit(CriticalRepaired(ship=sid, crit=c, count=fixed.count(c)))
        fires = s.ships[sid].crits.count("fire")
        if fires:
            hull_damage(ctx, sid, fires, crits=False, why="fire")


#: damage control repairs a critical on each 6 (spacefleet_core 1.10)
REPAIR = Target(label="repair score", base=6)


def remove_blast_markers(ctx: Ctx, side: str) -> None:
    """The active player removes D6 blast markers touching no base (ours: the oldest first)."""
    s = ctx.s
    r = tables().constants.blast_marker_radius_mm
    free = [b for b in s.blast_markers
            if not b.field and not any(sh.status in ("active", "drifting_hulk", "blazing_hulk") and sh.zone == b.zone
                       and math.hypot(sh.x - b.x, sh.y - b.y) <= sh.radius + r for sh in s.ships.values())]
    if not free:
        return
    n = ctx.roll("d6", f"blast markers removed in {side}'s end phase (of the {len(free)} touching no base)", side=side).total
    gone = [b.id for b in sorted(free, key=lambda b: b.id)[:n]]
    ctx.emit(BlastMarkerRemoved(id=gone[0], more=tuple(gone[1:])))


def lapse_braces(ctx: Ctx, side: str) -> None:
    s = ctx.s
    for sid in sorted(s.ships):
        sh = s.ships[sid]
        if sh.side == side and sh.braced and s.player_turns > sh.brace_turn:
            ctx.emit(BraceEnded(ship=sid))


# -- boarding (spacefleet_core 1.10) -------------------------------------------------


def remove_field_markers(ctx: Ctx) -> None:
    """Each asteroid field sheds D6 of the blast markers shot onto it, apart
    from the active player's D6 (celestial phenomena, asteroid fields)."""
    s = ctx.s
    for f in sorted({b.field for b in s.blast_markers if b.field}):
        mine = sorted((b for b in s.blast_markers if b.field == f), key=lambda b: b.id)
        n = ctx.roll(tables().phenomena.asteroid_bm_removed, f"{feature_by_id(s, f)} sheds blast markers").total
        if n > 0 and mine:
            ctx.emit(BlastMarkerRemoved(id=mine[0].id, more=tuple(b.id for b in mine[1:n])))

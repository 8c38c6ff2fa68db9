"""Damage: shields and blast markers, Brace for Impact! saves, hull damage,
critical hits and catastrophic damage (spacefleet_core 1.4, 1.8)."""

from __future__ import annotations

import math

from .. import geom
from game.core.event import Target

from ..data import tables
from ..events import BlastMarkerPlaced, CriticalHit, HolofieldSaves, ShipDamaged, ShipStatus
from .common import Ctx, base_shields, pool_faces, pool_hits, prof, remaining, shield_capacity



def place_bm(ctx: Ctx, x: float, y: float, zone: str = "main", more: tuple = (), field: str | None = None) -> None:
    """Place one blast marker centred on (x, y) mm, and the ``more`` ((x, y) mm
    each) placed with it: one event, one line in the log."""
    ctx.emit(BlastMarkerPlaced(id=ctx.s.next_id, x=x, y=y, zone=zone, more=tuple(more), field=field))


def place_bms_around(ctx: Ctx, ship_id: str, n: int, toward: tuple[float, float] | None,
                     at: tuple[float, float] | None = None) -> None:
    """``n`` blast markers touching the base: the first toward ``toward`` (the
    line of fire), the rest fanned out around it (spacefleet_core 1.8);
    around the point ``at`` (mm) instead of the stem when given (an
    explosion that starts where the ship entered a gas cloud)."""
    s = ctx.s.ships[ship_id]
    cx, cy = at if at is not None else (s.x, s.y)
    r = s.radius + tables().constants.blast_marker_radius_mm * 0.9
    base = geom.bearing(cx, cy, *toward) if toward else s.heading
    pts = [geom.step(cx, cy, base + ((k + 1) // 2) * 40.0 * (1 if k % 2 else -1), r) for k in range(n)]
    if pts:
        place_bm(ctx, *pts[0], s.zone, pts[1:])


def holofield_saves(ctx: Ctx, ship_id: str, hits: int, source: tuple[float, float] | None = None, why: str = "") -> int:
    """Holofields (spacefleet_core 1.12) against a hit that is not Gunnery-table
    fire: an active Eldar ship rolls a D6 per hit; a 1 lets the hit through,
    2-6 turns it into a miss and puts a blast marker touching the base (toward
    ``source``, a table point in mm, when given). Returns the hits that stand
    (all of them for other ships)."""
    s = ctx.s.ships[ship_id]
    if hits <= 0 or not s.eldar or s.status != "active":
        return max(0, hits)
    need = Target(label="holofield save", base=tables().eldar.holofield_miss_from)
    saved = pool_hits(ctx.pool(hits, f"the {ctx.name(ship_id)}'s holofields against {hits} hit{'s' if hits != 1 else ''}",
                               need, side=s.side))
    ctx.emit(HolofieldSaves(ship=ship_id, hits=hits, saved=saved, why=why))
    place_bms_around(ctx, ship_id, saved, source)
    return hits - saved


def critical_on(ship) -> int:
    """D6 score a hull hit needs to be critical: 6, an Eldar ship's 4+
    (spacefleet_core 1.8, 1.12, ambiguity 6; ours: the standard table)."""
    return tables().eldar.critical_on if ship.eldar else 6


def critical_target(ship) -> Target:
    """:func:`critical_on` itemised: 6, and the Eldar ship's lower score as a modifier."""
    need = critical_on(ship)
    return Target(label="critical score", base=6, mods=((("Eldar ship", need - 6),) if need != 6 else ()))


#: Brace for Impact! saves a hit on 4+ (spacefleet_core 1.4)
BRACE_SAVE = Target(label="brace save", base=4)


def apply_hits(ctx: Ctx, ship_id: str, hits: int, source: tuple[float, float] | None, *, shields: bool = True,
               place_bms: bool = True, crits: bool = True, why: str = "", holofield: bool = False) -> None:
    """Resolve ``hits`` on a ship: holofield saves when ``holofield`` (lances,
    nova cannon, ordnance, rams; spacefleet_core 1.12), shields absorb
    (placing BMs), Brace saves on 4+, then hull damage with critical rolls
    (spacefleet_core 1.8, 1.4). ``source`` is where the hits came from (mm)."""
    if hits <= 0:
        return
    s = ctx.s.ships[ship_id]
    if s.status != "active":
        return
    if holofield:
        hits = holofield_saves(ctx, ship_id, hits, source, why)
        if hits <= 0:
            return
    hull = hits
    if shields:
        absorbed = min(hits, shield_capacity(ctx.s, s))
        if absorbed and place_bms:
            place_bms_around(ctx, ship_id, absorbed, source)
        hull -= absorbed
    if hull > 0 and s.braced:
        hull -= pool_hits(ctx.pool(hull, f"the {ctx.name(ship_id)}, braced, against {hull} hit{'s' if hull != 1 else ''}",
                                   BRACE_SAVE, side=s.side))
    hull_damage(ctx, ship_id, hull, crits=crits, why=why)


def hull_damage(ctx: Ctx, ship_id: str, n: int, *, crits: bool = True, why: str = "",
                origin: tuple[float, float] | None = None) -> None:
    """``n`` points of hull damage; a D6 per point, criticals on a 6 (an
    Eldar ship's on 4+, spacefleet_core 1.12)."""
    s = ctx.s.ships[ship_id]
    if n <= 0 or s.status != "active":
        return
    n = min(n, remaining(s))
    ctx.emit(ShipDamaged(ship=ship_id, amount=n, why=why))
    if crits and prof(s).capital:
        need = critical_target(s)
        left = remaining(ctx.s.ships[ship_id])
        faces = pool_faces(ctx.pool(n, f"critical rolls for the {ctx.name(ship_id)} ({left} hit{'s' if left != 1 else ''} "
                                       f"left): a die per damage point", need,
                                    side=s.side))
        for f in faces:
            if need.meets(f) and ctx.s.ships[ship_id].status == "active":
                critical(ctx, ship_id)
    elif crits and not prof(s).capital:
        pass  # an escort is destroyed by its only hit anyway
    s = ctx.s.ships[ship_id]
    if s.status == "active" and remaining(s) <= 0:
        destroyed(ctx, ship_id, why, origin)


def critical(ctx: Ctx, ship_id: str, roll: int | None = None) -> None:
    """One critical hit (2D6 on the table, or ``roll`` from Hit-and-Run); an
    inapplicable result moves to the next higher (spacefleet_core 1.8)."""
    s = ctx.s.ships[ship_id]
    p = prof(s)
    if not p.capital:
        ctx.emit(ShipStatus(ship=ship_id, status="destroyed", why="an escort suffering a critical is destroyed"))
        place_bms_around(ctx, ship_id, 1, None)
        return
    if roll is None:
        roll = ctx.roll("2d6", f"critical hit table for the {ctx.name(ship_id)}", side=s.side).total
    t = tables()
    locations = {w.location for w in p.weapons}
    r = roll
    while r < 12:
        c = t.critical(r)
        if c.location and c.location not in locations:
            r += 1
            continue
        if not c.repairable and c.id in s.crits and c.id not in ("hull_breach", "bulkhead_collapse"):
            r += 1
            continue
        if c.id == "shields_collapse" and base_shields(s) == 0:
            r += 1
            continue
        break
    c = t.critical(r)
    ctx.emit(CriticalHit(ship=ship_id, crit=c.id, roll=roll, row=r, number=len(s.crits) + 1))
    extra = 0
    if c.extra == "1":
        extra = 1
    elif c.extra in ("D3", "D6"):
        extra = ctx.roll(c.extra, f"extra damage from {c.id.replace('_', ' ')} on the {ctx.name(ship_id)}",
                         side=s.side).total
    if extra:
        hull_damage(ctx, ship_id, extra, crits=False, why=c.id)


def destroyed(ctx: Ctx, ship_id: str, why: str = "", origin: tuple[float, float] | None = None) -> None:
    """A ship reduced to 0 hits: escorts are removed leaving one BM; capital
    ships roll on the catastrophic damage table (spacefleet_core 1.8)."""
    s = ctx.s.ships[ship_id]
    if not prof(s).capital:
        ctx.emit(ShipStatus(ship=ship_id, status="destroyed", why=why or "reduced to 0 hits"))
        place_bms_around(ctx, ship_id, 1, None)
        return
    catastrophe(ctx, ship_id, origin)


def catastrophe(ctx: Ctx, ship_id: str, origin: tuple[float, float] | None = None) -> None:
    """Roll 2D6 on the catastrophic damage table and resolve it. ``origin``
    (mm) is where an explosion starts when not at the stem: a 0-shield ship
    destroyed by touching a gas cloud explodes where it entered the cloud
    (celestial phenomena: gas and dust clouds); its blast markers go there too."""
    s = ctx.s.ships[ship_id]
    p = prof(s)
    roll = ctx.roll("2d6", f"catastrophic damage table for the {ctx.name(ship_id)}", side=s.side).total
    row = tables().catastrophe(roll)
    count = {"1": 1, "half_hits": math.ceil(p.hits / 2), "hits": p.hits}
    bms = count[row.blast_markers]
    if row.id in ("drifting_hulk", "blazing_hulk"):
        ctx.emit(ShipStatus(ship=ship_id, status=row.id, why=f"catastrophic damage roll {roll}"))
        place_bms_around(ctx, ship_id, bms, None)
        return
    ctx.emit(ShipStatus(ship=ship_id, status="destroyed", why=f"{row.id.replace('_', ' ')} (roll {roll})"))
    ox, oy = origin if origin is not None else (s.x, s.y)
    place_bms_around(ctx, ship_id, bms, None, at=(ox, oy))
    shots = count[row.lance_shots]
    where = ", from where it entered the gas cloud" if origin is not None else ""
    radius = ctx.roll(row.blast_radius or "3D6", f"{row.id.replace('_', ' ')} blast radius (cm){where}",
                      side=s.side).total * 10.0
    explode(ctx, ox, oy, s.zone, radius, shots, f"the {row.id.replace('_', ' ')} of the {ctx.name(ship_id)}")


def explode(ctx: Ctx, x: float, y: float, zone: str, radius: float, shots: int, why: str) -> None:
    """An area blast: every ship whose base lies within ``radius`` mm of (x, y)
    takes ``shots`` lance shots hitting on 4+; shields work; lines of sight are
    ignored (spacefleet_core 1.8; celestial phenomena: warp drive implosions)."""
    victims = sorted(sid for sid, t in ctx.s.ships.items()
                     if t.status == "active" and t.zone == zone and math.hypot(t.x - x, t.y - y) <= radius + t.radius)
    for sid in victims:
        t = ctx.s.ships[sid]
        if t.status != "active":
            continue
        hits = pool_hits(ctx.pool(shots, f"{why}: {shots} lance shot{'s' if shots != 1 else ''} at the {ctx.name(sid)}",
                                  Target(label="lance score", base=4), side=t.side))
        apply_hits(ctx, sid, hits, (x, y), why=why)


def hit_and_run(ctx: Ctx, ship_id: str, side: str, why: str) -> None:
    """One Hit-and-Run attack (assault boats, teleport attacks;
    spacefleet_core 1.10): a D6, 1 fails, 2-6 gives that critical; an escort
    is destroyed on 4+; an Eldar target's holofields may turn it into a miss
    (core 1.12); a braced ship saves the critical on 4+ (core 1.4)."""
    sh = ctx.s.ships[ship_id]
    if sh.status != "active":
        return
    p = prof(sh)
    works = Target(label="hit-and-run works on", base=2, mods=(() if p.capital else (("an escort", 2),)),
                   words=("works", "fails"))
    rr = ctx.roll("d6", f"hit-and-run on the {ctx.name(ship_id)} by {why}", side=side, target=works)
    r = rr.total
    if not rr.passed:
        return
    if holofield_saves(ctx, ship_id, 1, None, why) == 0:
        return
    if sh.braced and ctx.roll("d6", f"the {ctx.name(ship_id)}, braced, against the hit-and-run by {why}", side=sh.side,
                              target=BRACE_SAVE.model_copy(update={"words": ("saved", "not saved")})).passed:
        return
    if not p.capital:
        ctx.emit(ShipStatus(ship=ship_id, status="destroyed", why="hit-and-run on an escort"))
        place_bms_around(ctx, ship_id, 1, None)
        return
    critical(ctx, ship_id, roll=r)
    sh = ctx.s.ships[ship_id]
    if sh.status == "active" and sh.damage >= p.hits:
        destroyed(ctx, ship_id, "hit-and-run")

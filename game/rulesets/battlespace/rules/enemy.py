"""The enemy as the rules' automated side (Battlespace: Enemy AI).

Stragglers act alone; an element moves its point man and places the rest in
one card area around him; every enemy with LoS attacks the nearest soldier
(one not yet targeted this phase first, then the lowest initiative); enemies
without LoS take the shortest route into LoS, never detour to cover, and stop
short of suppression fire when they can. Downed soldiers are targeted only
when nothing else is (No Mercy).
"""

from __future__ import annotations

import math

from game.geometry.contact import disc_entry_one, sweep_polygon

from ..data import data
from ..events import Changed, Placed
from ..geo import R, edge_distance, geo_of, in_contact
from ..names import display_name as nm
from ..sight import sees
from ..state import BSState, Fig
from .combat import contact_fights, enemy_attacks, melee
from .common import Emitter, suppressed, suppression_zones

#: an enemy looks for a line of sight every 2 x STEP_MM along its route, then narrows the
#: first sighting down to SIGHT_MM
STEP_MM = 11.0
SIGHT_MM = 0.25


def targets(s: BSState) -> list[Fig]:
    """Models the enemy shoots at: soldiers and aid workers (Mission 4 note) on the table."""
    return [f for f in s.figs.values() if f.on_table and f.kind in ("soldier", "hostage") and f.carried_by is None]


def groups(s: BSState, only_unactivated: bool = True) -> list[list[str]]:
    """Enemy elements and stragglers (each a list of model ids), nearest to a soldier first."""
    by: dict[str, list[str]] = {}
    for f in s.enemies():
        if only_unactivated and f.activated:
            continue
        by.setdefault(f.group or f.id, []).append(f.id)
    tg = targets(s)

    def near(ids):
        return min((math.hypot(s.figs[i].x - t.x, s.figs[i].y - t.y) for i in ids for t in tg), default=0.0)

    return sorted(by.values(), key=lambda ids: (near(ids), ids[0]))


def _choose_target(s: BSState, e: Fig) -> Fig | None:
    seen = [t for t in targets(s) if sees(s, e, t)]
    if not seen:
        return None
    up = [t for t in seen if t.status == "ok"]
    pool = up or seen

    def prio(t: Fig):
        veh = 0
        if t.vehicle:
            veh = -2 if t.seat == "gunner" else -1 if t.seat == "driver" else 0
        init = data().soldiers[t.card].initiative if t.kind == "soldier" else 99
        return (t.id in s.targeted, round(edge_distance(e, t), 1), veh, init, t.id)

    return min(pool, key=prio)


def _has_los_any(s: BSState, e: Fig) -> bool:
    return any(sees(s, e, t) for t in targets(s))


def _first_sight(s: BSState, probe: Fig, a, ux: float, uy: float, length: float, tg: list[Fig]) -> float | None:
    """How far along the straight stretch from ``a`` (direction (ux, uy), ``length``
    mm) a model first sees one of ``tg`` (its start unseen): sampled every
    ``2 * STEP_MM``, then bisected to ``SIGHT_MM``; None when it never does there."""
    def sees_any(d: float) -> bool:
        probe.x, probe.y = a[0] + ux * d, a[1] + uy * d
        return any(sees(s, probe, t) for t in tg)

    n = max(1, math.ceil(length / (2 * STEP_MM)))
    lo = 0.0
    for k in range(1, n + 1):
        hi = length * k / n
        if sees_any(hi):
            while hi - lo > SIGHT_MM:
                mid = (lo + hi) / 2
                if sees_any(mid):
                    hi = mid
                else:
                    lo = mid
            return hi
        lo = hi
    return None


def _walk(s: BSState, e: Fig, pts, reach: float, target: Fig | None, seek_sight: bool) -> tuple[float, float]:
    """Where enemy ``e`` walking the path ``pts`` (starting at its centre) stops, by the
    rules: after ``reach`` mm; where its base first touches hindering terrain it did
    not touch at the start (Hindering Terrain) or a suppression card or lane (Enemies
    avoid suppression fire); in base contact with ``target``; with ``seek_sight``, at
    the first point from which it sees a soldier (Moving: the shortest route into
    LoS). The stop never overlaps another model: it goes on past a model it would
    stand on while it may, else stops where it first touches it. Exact contacts."""
    g = geo_of(s)
    tg = [t for t in targets(s) if t.status == "ok"] or targets(s)
    polys = [p for _, card, lane in suppression_zones(s) for p in (card, lane)]
    start_hind = {p.id for p in g.touching(e.x, e.y, g.hind)}
    others = [o for o in s.figs.values() if o.id != e.id and (target is None or o.id != target.id)
              and o.on_table and not o.vehicle and not o.carried_by and o.z == 0]
    probe = e.model_copy()
    walked = 0.0
    end = (e.x, e.y)
    for a, b in zip(pts, pts[1:]):
        seg = math.dist(a, b)
        if seg <= 0:
            continue
        ux, uy = (b[0] - a[0]) / seg, (b[1] - a[1]) / seg
        lim, halt = seg, False
        if reach - walked < lim:
            lim, halt = max(0.0, reach - walked), True
        hs = g.hinder_stop(a[0], a[1], b[0], b[1], ignore=start_hind)
        if hs < lim:
            lim, halt = hs, True
        for poly in polys:
            d = sweep_polygon(a, b, R, poly)
            if d is not None and d < lim:
                lim, halt = d, True
        if target is not None:
            t = disc_entry_one(a[0], a[1], b[0] - a[0], b[1] - a[1], target.x, target.y, 2 * R)
            if t * seg < lim:
                lim, halt = t * seg, True
        stop = lim
        if seek_sight and tg:
            seen = _first_sight(s, probe, a, ux, uy, lim, tg)
            if seen is not None:
                stop, halt = seen, True
        # not on another model: on past it while the stretch allows, else short of it
        stop = _clear_of(a, ux, uy, others, stop, lim)
        end = (a[0] + ux * stop, a[1] + uy * stop)
        walked += stop
        if halt or stop < seg:
            break
    return end


def _clear_of(a, ux: float, uy: float, others: list[Fig], stop: float, lim: float) -> float:
    """The nearest point to ``stop`` (mm along the line from ``a``) where a base overlaps
    none of ``others``: the first one past ``stop`` when it is no farther than ``lim``,
    else the last one before it (at worst the start). Each search only goes one way,
    so it ends."""
    spans = [iv for iv in (_inside(a, ux, uy, o) for o in others) if iv is not None]
    t, moved = stop, True
    while moved:
        moved = False
        for lo, hi in spans:
            if lo < t < hi:
                t, moved = hi, True
    if t <= lim:
        return t
    t, moved = stop, True
    while moved and t > 0:
        moved = False
        for lo, hi in spans:
            if lo < t < hi:
                t, moved = max(0.0, lo), True
    return t


def _inside(a, ux: float, uy: float, o: Fig) -> tuple[float, float] | None:
    """The stretch (mm along the line from ``a``) on which a base would overlap ``o``'s."""
    fx, fy = a[0] - o.x, a[1] - o.y
    b = fx * ux + fy * uy
    q = b * b - (fx * fx + fy * fy - 4 * R * R)
    if q <= 0:
        return None
    r = math.sqrt(q)
    return (-b - r, -b + r)


def _route(s: BSState, e: Fig, reach: float) -> tuple[float, float] | None:
    """Where the point man stops (Battlespace: Enemy AI - Moving): along the shortest
    path toward the nearest soldier (or aid worker) it can reach - to the nearest
    point a base can reach when he stands where no base can (on a roof, in a
    vehicle), the next one when even that is walled off - at the first point with
    LoS to one, at most ``reach`` mm along, short of suppression fire and stopping
    on hindering terrain (:func:`_walk`). None when no soldier can be approached."""
    g = geo_of(s)
    tg = [t for t in targets(s) if t.status == "ok"] or targets(s)
    for goal in sorted(tg, key=lambda t: (math.hypot(t.x - e.x, t.y - e.y), t.id)):
        path = g.approach(e.x, e.y, goal.x, goal.y)
        if path.found and len(path.points) >= 2:
            pts = [(e.x, e.y)] + list(path.points[1:])
            return _walk(s, e, pts, reach, goal if goal.on is None and goal.vehicle is None else None, True)
    return None


#: places behind the point man (along, across the heading, mm), each layout inside one
#: 63 x 88 mm card with the point man in its front row: up to 5 in two staggered files,
#: then the six of the printed diagram (A to F) as a 2 x 3 block with A at a front corner
LAYOUTS = [
    [(-31.0, 13.0), (-31.0, -13.0), (-62.0, 13.0), (-62.0, -13.0)],
    [(0.0, 37.5), (-31.25, 0.0), (-31.25, 37.5), (-62.5, 0.0), (-62.5, 37.5)],
    [(0.0, -37.5), (-31.25, 0.0), (-31.25, -37.5), (-62.5, 0.0), (-62.5, -37.5)],
]


def _slots(em: Emitter, lead: Fig, others: list[Fig], heading: float, slots) -> list[tuple[float, float]]:
    s = em.s
    g = geo_of(s)
    zones = suppression_zones(s)
    c, sn = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    mine = {q.id for q in others} | {lead.id}
    free = []
    for along, across in slots:
        x = lead.x + along * c - across * sn
        y = lead.y + along * sn + across * c
        if not g.point_free(x, y):
            continue
        if any(math.hypot(x - o.x, y - o.y) < 2 * R for o in s.figs.values()
               if o.on_table and o.vehicle is None and o.id not in mine):
            continue
        if zones and suppressed(s, lead.model_copy(update={"x": x, "y": y}), zones):
            continue  # Suppression Fire: enemies avoid it if possible
        free.append((x, y))
    return free


def place_element(em: Emitter, lead: Fig, others: list[Fig], heading: float) -> None:
    """Battlespace: Enemy Element Positioning: the rest within one card area behind the
    point man (the layout placing the most of them; out of suppression fire)."""
    if not others:
        return
    best: list[tuple[float, float]] = []
    for slots in LAYOUTS:
        free = _slots(em, lead, others, heading, slots)
        if len(free) > len(best):
            best = free
        if len(best) >= len(others):
            break
    for f, (x, y) in zip(others, best):
        em.emit(Placed(unit=f.id, x=x, y=y, z=0.0, on=None))


def activate(em: Emitter, ids: list[str], rush: bool = False) -> None:
    """Activate one straggler or element: melee, move into LoS, attack; then
    mark each member still standing as having acted, so the log tells its
    moves and attacks first and "has acted this turn" after them (no rule
    reads the mark during the activation: SITREP cards are drawn only
    between activations)."""
    s = em.s
    members = [s.figs[i] for i in ids if s.figs[i].status == "ok" and not s.figs[i].activated]
    if not members:
        return
    _act(em, members, rush)
    for f in members:
        if em.s.figs[f.id].status == "ok":
            em.emit(Changed(unit=f.id, changes={"activated": True}))


def _act(em: Emitter, members: list[Fig], rush: bool) -> None:
    """The activation's actions (:func:`activate`)."""
    live = []
    for f in members:
        if f.stunned:
            em.emit(Changed(unit=f.id, changes={"stunned": False}))
            em.log(f"{nm(f)} is stunned and loses its activation")
            continue
        live.append(f)
    # hand to hand first (repeated at each activation while in contact)
    fighting = set()
    for f in live:
        f = em.s.figs[f.id]
        if f.status != "ok":
            continue
        foes = [t for t in em.s.figs.values() if t.kind == "soldier" and t.status == "ok" and in_contact(t, f)]
        if foes:
            fighting.add(f.id)
            melee(em, min(foes, key=lambda t: t.id), f)
    movers = [em.s.figs[f.id] for f in live if f.id not in fighting and em.s.figs[f.id].status == "ok"]
    if movers:
        lead = movers[0]
        can_move = lead.z == 0 and not suppressed(em.s, lead) and not any(_has_los_any(em.s, m) for m in movers)
        if can_move:
            # Hindering Terrain: no advance (the rush) from contact with it
            reach = data().tables.advance_mm if rush and not geo_of(em.s).in_hindering(lead.x, lead.y) else data().tables.move_mm
            dest = _route(em.s, lead, reach)
            if dest and (abs(dest[0] - lead.x) > 0.01 or abs(dest[1] - lead.y) > 0.01):
                h = math.degrees(math.atan2(dest[1] - lead.y, dest[0] - lead.x))
                em.emit(Placed(unit=lead.id, x=dest[0], y=dest[1], z=0.0, on=None))
                rest = [em.s.figs[m.id] for m in movers[1:] if not suppressed(em.s, em.s.figs[m.id]) and em.s.figs[m.id].z == 0]
                place_element(em, em.s.figs[lead.id], rest, h)
        fighting |= contact_fights(em, [m.id for m in movers])  # base contact: hand to hand at once
    for f in movers:
        f = em.s.figs[f.id]
        if f.status != "ok" or f.id in fighting:
            continue
        t = _choose_target(em.s, f)
        if t is not None:
            enemy_attacks(em, f, t)


def move_toward(em: Emitter, e: Fig, goal: Fig) -> None:
    """Civilian reaction 'screams': the nearest enemy moves one card along the shortest
    path toward the soldier (Battlespace: Civilians), ending in base contact with him
    when it gets there (then hand to hand at once), stopping where it first touches
    hindering terrain and short of suppression fire. An enemy under suppression fire
    cannot move (Suppression Fire), nor one on a rooftop (ours: enemies never climb)."""
    s = em.s
    if suppressed(s, e):
        em.log(f"{nm(e)} is pinned by suppression fire and cannot move")
        return
    if e.z > 0:
        return
    g = geo_of(s)
    path = g.approach(e.x, e.y, goal.x, goal.y)
    if not path.found or len(path.points) < 2:
        return
    pts = [(e.x, e.y)] + list(path.points[1:])
    x, y = _walk(s, e, pts, data().tables.move_mm, goal if goal.on is None and goal.vehicle is None else None, False)
    if math.hypot(x - e.x, y - e.y) > 1e-6:
        em.emit(Placed(unit=e.id, x=x, y=y, z=0.0, on=None))
        contact_fights(em, [e.id])


__all__ = ["activate", "groups", "targets", "place_element", "move_toward"]

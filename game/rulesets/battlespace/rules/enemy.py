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

from ..data import DATA
from ..events import Changed, Placed
from ..geo import R, edge_distance, geo_of, in_contact
from ..names import display_name as nm
from ..sight import sees
from ..state import BSState, Fig
from .combat import contact_fights, enemy_attacks, melee
from .common import Emitter, suppressed, suppression_zones

T = DATA.tables
STEP_MM = 11.0


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
        init = DATA.soldiers[t.card].initiative if t.kind == "soldier" else 99
        return (t.id in s.targeted, round(edge_distance(e, t), 1), veh, init, t.id)

    return min(pool, key=prio)


def _has_los_any(s: BSState, e: Fig) -> bool:
    return any(sees(s, e, t) for t in targets(s))


def _route(s: BSState, e: Fig, reach: float) -> tuple[float, float] | None:
    """Where the point man stops: along the shortest path toward the nearest target,
    at the first point with LoS to a target, at most ``reach`` mm along it, and
    short of suppression fire when the path would enter it."""
    g = geo_of(s)
    tg = [t for t in targets(s) if t.status == "ok"] or targets(s)
    if not tg:
        return None
    goal = min(tg, key=lambda t: (math.hypot(t.x - e.x, t.y - e.y), t.id))
    path = g.finder.shortest_path((e.x, e.y), (goal.x, goal.y))
    if not path.found or len(path.points) < 2:
        return None
    zones = suppression_zones(s, "enemy")
    pts = path.points
    walked = 0.0
    last_ok = (e.x, e.y)
    probe = e.model_copy()
    start_hind = {p.id for p in g.touching(e.x, e.y, g.hind)}
    for a, b in zip(pts, pts[1:]):
        seg = math.dist(a, b)
        # Battlespace: Hindering Terrain: the move ends where the base first touches it
        hs = g.hinder_stop(a[0], a[1], b[0], b[1], ignore=start_hind)
        halt = hs < seg
        if halt:
            b = (a[0] + (b[0] - a[0]) * hs / seg, a[1] + (b[1] - a[1]) * hs / seg) if seg else a
            seg = hs
        n = max(1, int(seg // STEP_MM))
        for k in range(1, n + 1):
            t = k / n
            px, py = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            d = walked + seg * t
            if d > reach:
                return last_ok
            probe.x, probe.y = px, py
            if math.hypot(px - goal.x, py - goal.y) < 2 * R + 0.5:
                return last_ok
            if zones and suppressed(s, probe, zones):
                return last_ok
            if any(math.hypot(px - f.x, py - f.y) < 2 * R for f in s.figs.values() if f.on_table and f.id != e.id and f.vehicle is None):
                continue
            last_ok = (px, py)
            if k % 2 == 0 or k == n:
                if any(sees(s, probe, t) for t in tg):
                    return last_ok
        if halt:
            return last_ok
        walked += seg
    return last_ok


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
    zones = suppression_zones(s, "enemy")
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
    """Activate one straggler or element: melee, move into LoS, attack."""
    s = em.s
    members = [s.figs[i] for i in ids if s.figs[i].status == "ok" and not s.figs[i].activated]
    if not members:
        return
    for f in members:
        em.emit(Changed(unit=f.id, changes={"activated": True}))
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
            reach = T.advance_mm if rush and not geo_of(em.s).in_hindering(lead.x, lead.y) else T.move_mm
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
    """Civilian reaction 'screams': the nearest enemy moves one card toward the soldier
    (stopping where it first touches hindering terrain); base contact means a fight."""
    g = geo_of(em.s)
    path = g.finder.shortest_path((e.x, e.y), (goal.x, goal.y))
    if not path.found:
        return
    left = T.move_mm
    pts = path.points
    x, y = e.x, e.y
    start_hind = {p.id for p in g.touching(e.x, e.y, g.hind)}
    for a, b in zip(pts, pts[1:]):
        seg = math.dist(a, b)
        if seg <= 0:
            continue
        stop = min(seg, left, g.hinder_stop(a[0], a[1], b[0], b[1], ignore=start_hind))
        x, y = a[0] + (b[0] - a[0]) * stop / seg, a[1] + (b[1] - a[1]) * stop / seg
        if stop < seg:
            break
        left -= seg
    if math.hypot(x - goal.x, y - goal.y) < 2 * R + 0.5:
        return
    if g.point_free(x, y):
        em.emit(Placed(unit=e.id, x=x, y=y, z=0.0, on=None))
        contact_fights(em, [e.id])


__all__ = ["activate", "groups", "targets", "place_element", "move_toward"]

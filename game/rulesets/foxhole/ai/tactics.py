"""What the commander agent weighs: danger at a place, cover, goals and
paths. Everything reads the side's view only: enemy elements it knows,
unidentified markers it can see, objectives it knows.

Weights are ours (the agent's judgement, not rules).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Point, Polygon

from game.core.caches import PerThread
from game.geometry.paths import PathFinder

from ..geo import geo_of, height
from ..rules import fire as FI
from ..rules.common import dist
from ..rules.contact_math import point_polyline_distance
from ..rules.interrupt import first_half, interrupt_shot
from ..rules.missions import control_area, mission_numbers, start_area
from ..rules.movement import allowance_mm, cut_at_share
from ..sight import dense_between, line_blockers
from ..state import Element, FoxState
from ..tables import TABLES
from . import field as FD

#: how much a place's going is worth to an element standing there (ours)
COVER = {"buildings": 3.0, "trenches": 3.0, "dense": 2.0, "normal": 0.0, "open": -4.0, "impassable": -9.0}
#: an unidentified marker counts as this share of a green rifle section's shot (ours; v5.2: 0.25, was 0.5)
MARKER_WEIGHT = 0.25
#: the chance an unidentified marker within close range takes an interrupt shot (ours; v5.2: 0.5, was 1). In
#: v5.1's Convoy Ambush replays moves the agent judged 30% likely to be hurt were hurt 7% of the time, 50% ones 19%
MARKER_INTERRUPTS = 0.5


def cover_at(s: FoxState, x: float, y: float) -> float:
    return COVER.get(geo_of(s).kind_at(x, y), 0.0)


def _enemy_shot_value(s: FoxState, f: Element, x: float, y: float, z: float) -> float:
    """The base modifier ``f`` would add to an attack on an element at (x, y) (0: none)."""
    band = FI.band_of(f) if f.kind != "unknown" else TABLES.ranges.infantry
    if band is None:
        return 0.0
    d = dist(f.x, f.y, x, y)
    if band is TABLES.ranges.indirect:
        return float(f.quality) * 0.5 if TABLES.yards(band.min) <= d <= TABLES.yards(band.long) else 0.0
    if d > TABLES.yards(band.long) + 1e-9:
        return 0.0
    g = geo_of(s)
    if line_blockers(g, (f.x, f.y), height(f), (x, y), z):
        return 0.0
    eff = d / TABLES.ranges.dense_factor if dense_between(s, (f.x, f.y), (x, y)) else d
    if eff > TABLES.yards(band.long) + 1e-9:
        return 0.0
    q = 1 if f.kind == "unknown" else f.quality
    v = q + (1 if eff <= TABLES.yards(band.close) else 0)
    return v * (MARKER_WEIGHT if f.kind == "unknown" else 1.0)


def fire_odds(s: FoxState, e: Element, x: float, y: float, moved: bool = True) -> dict[str, float] | None:
    """The odds of each result (none, suppressed, reduced, destroyed) of the
    fire ``e`` would take ending its use at (x, y): the enemies it knows of
    that would see it there, with the target's situation modifiers and the
    +6 cap (Foxhole, Fire). None when no enemy it knows would fire."""
    z = height(e)
    total = 0.0
    fs = False
    for f in s.elements.values():
        if f.side == e.side or not f.on_table or f.kind == "non_combatant":
            continue
        v = _enemy_shot_value(s, f, x, y, z)
        if v > 0:
            total += v
            fs = fs or FI.is_fire_support(f)
    if total <= 0:
        return None
    kind = geo_of(s).kind_at(x, y)
    total += (1 if fs else 0) + (1 if moved else 0) + (1 if kind == "open" else 0) - (1 if kind == "dense" else 0)
    total -= 2 if kind in ("buildings", "trenches") else 0
    total = min(total, TABLES.fire.cap)
    return FI.odds(round(total), FI.target_quality(e))


def danger(s: FoxState, e: Element, x: float, y: float, moved: bool = True) -> float:
    """Expected harm (suppressed 1, reduced 2, destroyed 4) if ``e`` ends its
    use at (x, y) (:func:`fire_odds`)."""
    return harm(fire_odds(s, e, x, y, moved))


def use_fire_odds(s: FoxState, e: Element, pts, moved: bool, non_tactical: bool = False) -> dict[str, float] | None:
    """The odds of each result of the fire ``e`` takes at the end of a use
    along ``pts`` (a one-point path: it stays), by the rules' own
    adjudication (:func:`..rules.fire.attackers`: every enemy it knows of that
    sees it at the start, at the end or for half the route, ranges halved by
    dense terrain, the situation modifiers and the +6 cap); unidentified
    markers that would see the end add :data:`MARKER_WEIGHT` of a green
    section's shot. None when nothing would fire (Foxhole, Fire)."""
    pts = [tuple(p) for p in pts]
    start, end = pts[0], pts[-1]
    route = pts if len(pts) >= 2 else [start]
    shots = FI.attackers(s, e, start, route, end)
    extra = 0.0
    z = height(e)
    for f in s.elements.values():
        if f.side != e.side and f.on_table and f.kind == "unknown":
            extra += _enemy_shot_value(s, f, end[0], end[1], z)
    if not shots and extra <= 0:
        return None
    total = sum(v for _, v in FI.modifiers(s, e, shots, moved, non_tactical, end)) + round(extra)
    if not shots:
        kind = geo_of(s).kind_at(*end)
        total += (1 if moved else 0) + (1 if kind == "open" else 0) - (1 if kind == "dense" else 0)
        total -= 2 if kind in ("buildings", "trenches") or e.dug_in else 0
    return FI.odds(min(total, TABLES.fire.cap), FI.target_quality(e))


def interrupt_odds(s: FoxState, e: Element, pts, non_tactical: bool = False) -> dict[str, float] | None:
    """The odds of each result (none, suppressed, reduced, destroyed) of the
    most dangerous interrupt fire ``e`` could draw moving along ``pts``
    (Foxhole, Interrupt fire: one enemy element that sees the mover in the
    first half of its move fires; suppressed or worse sends it back). Enemy
    elements ``e``'s side knows of, by the rules' own shot and modifiers
    (:func:`..rules.interrupt.interrupt_shot`, :func:`..rules.fire.modifiers`);
    an unidentified marker within close range (200 yards) of the first half
    counts as a green section firing at close range at a mover, d6 + 3 (+1 for
    a non-tactical move; ours: an unrevealed element interrupts only in ambush,
    at close range), with :data:`MARKER_INTERRUPTS` of a chance to fire (it may
    be a non-combatant, or hold its fire). None when no enemy could (or ``e``
    is unrevealed)."""
    pts = [tuple(p) for p in pts]
    if len(pts) < 2 or e.unrevealed:
        return None
    best = None
    half = None
    for f in s.elements.values():
        if f.side == e.side or not f.on_table or f.kind == "non_combatant":
            continue
        if f.kind == "unknown":
            half = half or first_half(pts)
            if point_polyline_distance((f.x, f.y), half) > TABLES.yards(TABLES.ranges.infantry.close):
                continue
            # a green section (quality 1) at close range (+1), at a mover (+1), non-tactical (+1)
            o = FI.odds(min(1 + 1 + 1 + (1 if non_tactical else 0), TABLES.fire.cap), FI.target_quality(e))
            o = {k: v * MARKER_INTERRUPTS + (1.0 - MARKER_INTERRUPTS) * (k == "none") for k, v in o.items()}
        else:
            sh = interrupt_shot(s, f, e, pts)
            if sh is None:
                continue
            o = FI.odds(sum(v for _, v in FI.modifiers(s, e, [sh], True, non_tactical, sh.point)), FI.target_quality(e))
        if best is None or o["none"] < best["none"]:
            best = o
    return best


def harm(o: dict[str, float] | None) -> float:
    """Expected harm of an attack's odds (suppressed 1, reduced 2, destroyed 4)."""
    return 0.0 if o is None else o["suppressed"] * 1.0 + o["reduced"] * 2.0 + o["destroyed"] * 4.0


def exposure(s: FoxState, side: str, a: tuple[float, float], b: tuple[float, float], step: float = 10.0) -> float:
    """How long (mm) a walk straight from ``a`` to ``b`` lies within the long
    direct-fire range of enemy combat elements ``side`` knows of, counted once
    per element in range (an approach past three elements scores three times
    its length in their reach). Ranges are not halved here: this is the
    agent's coarse look at an approach (ours), not an adjudication."""
    foes = []
    for f in s.elements.values():
        if f.side == side or not f.on_table or f.unrevealed or not f.combatant:
            continue
        band = FI.band_of(f)
        if band is None or band is TABLES.ranges.indirect:
            continue
        foes.append((f.x, f.y, TABLES.yards(band.long)))
    L = math.dist(a, b)
    if not foes or L <= 0:
        return 0.0
    n = max(1, int(L // step))
    tot = 0.0
    for k in range(n):
        t = (k + 0.5) / n
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        tot += sum(1 for fx, fy, r in foes if dist(fx, fy, x, y) <= r) * (L / n)
    return tot


def held_by_enemy(s: FoxState, side: str, x: float, y: float, markers: bool = True) -> bool:
    """Some enemy combat element ``side`` knows of, or (with ``markers``) an
    unidentified marker (it may be one), stands within the hold distance of
    (x, y): an objective there cannot be taken (ours, Foxhole End Game: see
    rules/missions.py)."""
    r = TABLES.objectives.hold_mm + 1e-9
    return any(f.side != side and f.on_table and f.kind != "non_combatant" and (markers or f.kind != "unknown")
               and dist(f.x, f.y, x, y) <= r for f in s.elements.values())


def open_length(s: FoxState, pts) -> float:
    """Length (mm) of the path in open ground."""
    return sum(b - a for a, b in geo_of(s).open_intervals(list(pts)))


# ----------------------------------------------------------------------------- paths
_FINDERS = PerThread()  # one copy per thread: prepared geometry (game.core.caches)


def finder(s: FoxState) -> PathFinder:
    """A path finder round the impassable terrain, pioneers' routes open
    (cached by the terrain digest and the routes: nothing per battle)."""
    key = (s.terrain_key, tuple(tuple(map(tuple, c.ring)) for c in s.crossings))
    pf = _FINDERS.get(key)
    if pf is None:
        g = geo_of(s)
        obst = [g.polys[i] for i in g.by_kind.get("impassable", [])]
        if s.crossings:
            holes = shapely.union_all([Polygon(c.ring).buffer(0.5) for c in s.crossings])
            cut = []
            for p in obst:
                d = p.difference(holes)
                cut += [q for q in getattr(d, "geoms", [d]) if q.geom_type == "Polygon" and not q.is_empty]
            obst = cut
        pf = PathFinder(obst, 1.0, tuple(s.table))
        if len(_FINDERS) > 32:
            _FINDERS.clear()
        _FINDERS[key] = pf
    return pf


def path_to(s: FoxState, a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]]:
    """The shortest path for a centre round impassable terrain (straight when none)."""
    try:
        r = finder(s).shortest_path(a, b)
    except Exception:  # noqa: BLE001 - a path is advice; the rules check the move
        return [a, b]
    return [tuple(p) for p in r.points] if r.found else [a, b]


def reach_along(s: FoxState, e: Element, pts: list, share: float) -> list:
    """The path ``pts`` cut where ``share`` of ``e``'s allowance is spent (0.1 mm)."""
    if len(pts) < 2:
        return pts
    return cut_at_share(s, e, pts, share)


# ----------------------------------------------------------------------------- goals
def target_objectives(s: FoxState) -> list:
    """The attacker's mission objectives it knows and has not taken."""
    nums = set(mission_numbers(s))
    return [o for o in s.objectives if o.number in nums and not o.achieved]


def missing_numbers(s: FoxState) -> list[int]:
    """Mission objectives the attacker has not found yet."""
    known = {o.number for o in s.objectives}
    return [n for n in mission_numbers(s) if n not in known]


SEARCH_STEP = 20.0  #: the agent's search grid (mm): fine enough that ground looked at is ground searched
SEARCHERS = 9  #: elements sent to search for each mission objective not yet found (ours)
#: a searcher's place is worth the unsearched grid points it would look at there, divided by the turns its
#: going takes (the going cost over its move in normal going) plus this (ours)
SEARCH_PAUSE = 1.0
#: an element already going to a known objective keeps it unless another would get there in this share of its
#: turns (ours: the nearest changes as they move, and each change wastes a move)
STICK = 0.7
#: search points this near a known mission objective are left to the elements going there, who will
#: see them on the way, while other points remain (mm, ours)
TARGET_NEAR = 120.0
#: a point this near an element counts as looked at (it stands on it; mm, ours)
UNDERFOOT = 6.0
#: a searcher this near its point has arrived: what it sees from there it has seen (mm, ours)
ARRIVED = 20.0
#: a searcher gives up its point when fewer unsearched grid points than this are left to see from there (ours)
KEEP_GAIN = 4
_GRIDS = PerThread()  # search grids by terrain and control area (game.core.caches)
_SEEN = PerThread()  # grid points seen from a place


def _grid(s: FoxState):
    """(points, their xy array, dense mask, which points a place at each sees
    with the discovery reach, ignoring what blocks sight) for the control area."""
    area = control_area(s)
    if area is None:
        return (), np.zeros((0, 2)), np.zeros(0, bool), np.zeros((0, 0), bool)
    key = (s.terrain_key, tuple(area.exterior.coords))
    got = _GRIDS.get(key)
    if got is not None:
        return got
    g = geo_of(s)
    pts = []
    x0, y0, x1, y1 = area.bounds
    y = y0 + SEARCH_STEP / 2
    while y < y1:
        x = x0 + SEARCH_STEP / 2
        while x < x1:
            if area.contains(Point(x, y)) and g.kind_at(x, y) != "impassable":
                pts.append((round(x, 2), round(y, 2)))
            x += SEARCH_STEP
        y += SEARCH_STEP
    xy = np.array(pts, dtype=float).reshape(-1, 2)
    dense = np.array([g.kind_at(x, y) == "dense" for x, y in pts], dtype=bool)
    reach = TABLES.yards(TABLES.objectives.discover_yards) * 0.97
    d = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1])
    half = reach * TABLES.ranges.dense_factor
    cover = d <= np.where(dense[:, None] | dense[None, :], half, reach)
    u = g.unions.get("dense")
    if u is not None:  # a line through dense terrain between two points outside it: the halved reach too
        ii, jj = np.nonzero(np.triu(cover & (d > half), 1))
        if len(ii):
            lines = shapely.linestrings(np.stack([xy[ii], xy[jj]], axis=1))
            hit = shapely.intersects(lines, u)
            cover[ii[hit], jj[hit]] = False
            cover[jj[hit], ii[hit]] = False
    got = (tuple(pts), xy, dense, cover)
    if len(_GRIDS) > 16:
        _GRIDS.clear()
    _GRIDS[key] = got
    return got


def turns_to(s: FoxState, e: Element, goal: tuple[float, float]) -> float:
    """About how many moves ``e`` needs to reach ``goal``: the going cost
    (:func:`.field.cost_to`, mm of normal going) over its normal-going move."""
    return FD.cost_to(s, goal, e.x, e.y) / max(1.0, allowance_mm(e, "normal"))


def search_grid(s: FoxState) -> list[tuple[float, float]]:
    """Points of a :data:`SEARCH_STEP` mm grid in the control area, off impassable
    terrain, where an objective could stand."""
    return list(_grid(s)[0])


def _seen_from(s: FoxState, e: Element) -> frozenset:
    """Indices of the grid points ``e`` would find an objective at from where
    it stands: within the discovery reach, halved into, out of or through dense
    terrain, in sight, with a margin (Mission Design, rules/missions.py)."""
    from ..sight import sees_point
    pts, xy, _, _ = _grid(s)
    key = (s.terrain_key, len(pts), pts[:1], round(e.x, 2), round(e.y, 2), height(e))
    got = _SEEN.get(key)
    if got is not None:
        return got
    reach = TABLES.yards(TABLES.objectives.discover_yards) * 0.97
    out = []
    if len(pts):
        d = np.hypot(xy[:, 0] - e.x, xy[:, 1] - e.y)
        for i in np.flatnonzero(d <= reach):
            p = pts[i]
            if d[i] <= UNDERFOOT:
                out.append(int(i))
                continue
            if d[i] > reach * TABLES.ranges.dense_factor and dense_between(s, (e.x, e.y), p):
                continue
            if sees_point(s, e, p[0], p[1]):
                out.append(int(i))
    got = frozenset(out)
    if len(_SEEN) > 4096:
        _SEEN.clear()
    _SEEN[key] = got
    return got


def looked_at(s: FoxState, side: str, pts) -> set[tuple[float, float]]:
    """Those of the grid points ``pts`` an element of ``side`` now sees near
    enough to find an objective there (the rules' discovery reach, with a margin)."""
    grid = _grid(s)[0]
    seen: set[int] = set()
    for e in s.elements.values():
        if e.side == side and e.on_table and e.combatant:
            seen |= _seen_from(s, e)
    found = {grid[i] for i in seen}
    return {tuple(p) for p in pts if tuple(p) in found}


def search_points(s: FoxState, explored: set | None = None) -> list[tuple[float, float]]:
    """Where to look for objectives not yet found: grid points of the control
    area no attacking element has looked at (``explored``: those looked at
    before), none within the least distance between objectives of one it knows
    (Mission Design: no other objective can stand there)."""
    pts = search_grid(s)
    seen = set(explored or ()) | looked_at(s, s.attacker, pts)
    apart = TABLES.objectives.min_apart_mm - 1e-6
    return [p for p in pts if p not in seen and all(dist(o.x, o.y, *p) >= apart for o in s.objectives)]


def goals_for(s: FoxState, side: str, explored: set | None = None,
              kept: dict[str, tuple[float, float]] | None = None) -> dict[str, tuple[float, float]]:
    """Each element's goal point. Attacker: each mission objective it knows
    first draws the element that would reach it in the fewest moves
    (:func:`turns_to`; the one already going there unless another needs
    :data:`STICK` of its moves); while some are not found, the others (up to
    :data:`SEARCHERS` per missing objective) search: each goes to the grid
    point from which it would look at the most unsearched ground for its
    moves (points it would see there over its moves to get there plus
    :data:`SEARCH_PAUSE`), the ground a searcher is going to see and the ground
    round the known objectives counted as taken; a searcher keeps its point
    (``kept``: element id -> point) until it is there or nothing unsearched
    is left in its sight from there (it has arrived within :data:`ARRIVED`); the rest go to the known objectives.
    Defender: the nearest objective (its post)."""
    mine = sorted((e for e in s.elements.values() if e.side == side and e.on_table and e.combatant), key=lambda e: e.id)
    out: dict[str, tuple[float, float]] = {}
    if not mine:
        return out
    if side != s.attacker:
        obs = [(o.x, o.y) for o in s.objectives]
        for e in mine:
            if obs:
                out[e.id] = min(obs, key=lambda t: (dist(e.x, e.y, *t), t))
        return out
    targets = [(o.x, o.y) for o in target_objectives(s)]
    missing = len(missing_numbers(s))
    free = list(mine)
    load = {t: 0 for t in targets}
    if missing and targets:
        # each known objective first draws the element nearest to it by the going (v5: the searchers were
        # dealt first, and the element left for an objective could be the far side of the table)
        for t in sorted(targets):
            if not free:
                break
            e = min(free, key=lambda e: (turns_to(s, e, t) * (STICK if (kept or {}).get(e.id) == t else 1.0), e.id))
            out[e.id] = t
            load[t] += 1
            free.remove(e)
    if missing:
        grid, xy, _, cover = _grid(s)
        index = {p: i for i, p in enumerate(grid)}
        todo = np.zeros(len(grid), bool)
        for p in search_points(s, explored):
            todo[index[p]] = True
        if targets and len(grid):
            near = np.zeros(len(grid), bool)
            for t in targets:
                near |= np.hypot(xy[:, 0] - t[0], xy[:, 1] - t[1]) <= TARGET_NEAR
            if (todo & ~near).any():
                todo &= ~near
        k = min(len(free), SEARCHERS * missing)
        for e in list(free):  # searchers keep their points while there is ground to see from them
            p = (kept or {}).get(e.id)
            i = index.get(p) if p is not None else None
            if k <= 0 or i is None or dist(e.x, e.y, *p) <= ARRIVED or (cover[i] & todo).sum() < KEEP_GAIN:
                continue
            out[e.id] = p
            free.remove(e)
            k -= 1
            todo &= ~cover[i]
        cells = np.array([FD.cell_of(s, x, y) for x, y in grid], dtype=int) if k > 0 and free else None
        while k > 0 and free and todo.any():
            gain = cover[:, todo].sum(axis=1).astype(float)
            best = None
            for e in free:
                cost = np.asarray(FD.field(s, (e.x, e.y)), dtype=float)[cells]
                ok = np.isfinite(cost) & (gain > 0) & (np.hypot(xy[:, 0] - e.x, xy[:, 1] - e.y) > ARRIVED)
                turns = np.nan_to_num(cost, posinf=1e9) / max(1.0, allowance_mm(e, "normal"))
                v = np.where(ok, gain / (turns + SEARCH_PAUSE), -1.0)
                i = int(np.argmax(v))
                if v[i] > 0 and (best is None or v[i] > best[0] + 1e-12):
                    best = (float(v[i]), e, i)
            if best is None:
                break
            _, e, i = best
            out[e.id] = grid[i]
            free.remove(e)
            k -= 1
            todo &= ~cover[i]
    if targets:
        share = max(1, math.ceil((len(free) + sum(load.values())) / len(targets)))
        for e in free:
            best = min(targets, key=lambda t: (dist(e.x, e.y, *t) + (400 if load[t] >= share else 0), t))
            load[best] += 1
            out[e.id] = best
    return out


@lru_cache(maxsize=64)
def _reach_key(x: float, y: float, r: float) -> Polygon:
    return Point(x, y).buffer(r, quad_segs=8)


def cover_spots(s: FoxState, e: Element, reach: float, step: float = 18.0) -> list[tuple[float, float]]:
    """Points in cover (buildings, trenches, dense terrain) within ``reach`` of ``e``."""
    g = geo_of(s)
    disc = _reach_key(round(e.x, 1), round(e.y, 1), round(reach, 1))
    out = []
    for kind in ("buildings", "trenches", "dense"):
        for i in g.by_kind.get(kind, []):
            p = g.polys[i]
            if not p.intersects(disc):
                continue
            part = p.intersection(disc)
            x0, y0, x1, y1 = part.bounds
            y = y0 + step / 2
            while y < y1:
                x = x0 + step / 2
                while x < x1:
                    if part.contains(Point(x, y)):
                        out.append((round(x, 2), round(y, 2)))
                    x += step
                y += step
    return out


__all__ = ["danger", "exposure", "fire_odds", "use_fire_odds", "interrupt_odds", "harm", "held_by_enemy", "cover_at", "open_length", "path_to", "reach_along", "goals_for", "cover_spots",
           "target_objectives", "search_points", "allowance_mm"]

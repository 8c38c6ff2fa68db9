"""What the commander agent weighs: danger at a place, cover, goals and
paths. Everything reads the side's view only: enemy elements it knows,
unidentified markers it can see, objectives it knows.

Weights are ours (the agent's judgement, not rules).
"""

from __future__ import annotations

import math
from functools import lru_cache

import shapely
from shapely.geometry import Point, Polygon

from game.core.caches import PerThread
from game.geometry.paths import PathFinder

from ..geo import geo_of, height
from ..rules import fire as FI
from ..rules.common import dist
from ..rules.missions import control_area, mission_numbers, start_area
from ..rules.movement import allowance_mm, cut_at_share
from ..sight import dense_between, line_blockers
from ..state import Element, FoxState
from ..tables import TABLES

#: how much a place's going is worth to an element standing there (ours)
COVER = {"buildings": 3.0, "trenches": 3.0, "dense": 2.0, "normal": 0.0, "open": -4.0, "impassable": -9.0}
#: an unidentified marker counts as this share of a green rifle section (ours)
MARKER_WEIGHT = 0.5


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


def held_by_enemy(s: FoxState, side: str, x: float, y: float) -> bool:
    """Some enemy combat element ``side`` knows of, or an unidentified marker
    (it may be one), stands within the hold distance of (x, y): an objective
    there cannot be taken (ours, Foxhole End Game: see rules/missions.py)."""
    r = TABLES.objectives.hold_mm + 1e-9
    return any(f.side != side and f.on_table and f.kind != "non_combatant" and dist(f.x, f.y, x, y) <= r
               for f in s.elements.values())


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


SEARCH_STEP = 60.0  #: the agent's search grid (mm)
SEARCHERS = 5  #: elements sent to search for each mission objective not yet found (ours)
SPREAD = 150.0  #: searchers take points at least this far apart (mm, ours)
#: search points this near a known mission objective are left to the elements going there, who will
#: see them on the way, while other points remain (mm, ours)
TARGET_NEAR = 120.0


def search_grid(s: FoxState) -> list[tuple[float, float]]:
    """Points of a 50 mm grid in the control area where an objective could stand."""
    area = control_area(s)
    if area is None:
        return []
    out = []
    x0, y0, x1, y1 = area.bounds
    y = y0 + SEARCH_STEP / 2
    while y < y1:
        x = x0 + SEARCH_STEP / 2
        while x < x1:
            if area.contains(Point(x, y)) and geo_of(s).kind_at(x, y) != "impassable":
                out.append((x, y))
            x += SEARCH_STEP
        y += SEARCH_STEP
    return out


def looked_at(s: FoxState, side: str, pts) -> set[tuple[float, float]]:
    """The points an element of ``side`` now sees near enough to find an
    objective there (the rules' discovery reach, with a margin)."""
    from ..sight import sees_point
    reach = TABLES.yards(TABLES.objectives.discover_yards) * 0.97
    mine = [e for e in s.elements.values() if e.side == side and e.on_table and e.combatant]
    out = set()
    for p in pts:
        for e in mine:
            d = dist(e.x, e.y, *p)
            if d > reach:
                continue
            if d > reach * TABLES.ranges.dense_factor and dense_between(s, (e.x, e.y), p):
                continue
            if sees_point(s, e, p[0], p[1]):
                out.add(p)
                break
    return out


def search_points(s: FoxState, explored: set | None = None) -> list[tuple[float, float]]:
    """Where to look for objectives not yet found: grid points of the control
    area no attacking element has looked at (``explored``: those looked at before)."""
    pts = search_grid(s)
    seen = set(explored or ()) | looked_at(s, s.attacker, pts)
    return [p for p in pts if p not in seen]


def goals_for(s: FoxState, side: str, explored: set | None = None,
              kept: dict[str, tuple[float, float]] | None = None) -> dict[str, tuple[float, float]]:
    """Each element's goal point. Attacker: the mission objectives it knows,
    each drawing its share of the nearest elements; while some are not found,
    searchers (up to :data:`SEARCHERS` per missing objective) each take the nearest point of
    the control area no attacking element has looked at, nearest first, leaving the ground round the
    known objectives to the elements going there; a searcher keeps the point it was given (``kept``:
    element id -> point) until that point is looked at. Defender: the nearest objective (its post)."""
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
    if missing:
        pts = search_points(s, explored)
        far = [p for p in pts if all(dist(p[0], p[1], *t) > TARGET_NEAR for t in targets)]
        pts = far or pts
        k = len(free) if not targets else min(len(free) - len(targets), SEARCHERS * missing)
        for e in list(free):  # searchers keep their points until looked at
            p = (kept or {}).get(e.id)
            if k <= 0 or p is None or p not in pts:
                continue
            out[e.id] = p
            free.remove(e)
            k -= 1
            pts = [q for q in pts if dist(q[0], q[1], *p) > SPREAD]
        for _ in range(max(0, k)):
            if not pts or not free:
                break
            e, p = min(((e, p) for e in free for p in pts),
                       key=lambda ep: (dist(ep[0].x, ep[0].y, *ep[1]), ep[0].id, ep[1]))
            out[e.id] = p
            free.remove(e)
            pts = [q for q in pts if dist(q[0], q[1], *p) > SPREAD]
    if targets:
        load = {t: 0 for t in targets}
        share = max(1, math.ceil(len(free) / len(targets)))
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


__all__ = ["danger", "exposure", "fire_odds", "use_fire_odds", "harm", "held_by_enemy", "cover_at", "open_length", "path_to", "reach_along", "goals_for", "cover_spots",
           "target_objectives", "search_points", "allowance_mm"]

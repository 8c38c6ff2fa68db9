# Frozen copy of game/rulesets/ww2_skirmish/ai/scoring.py at bf0d31dd24aa, made by
# tools/freeze_agent.py: the ruleset's `previous` agent. Do not edit (see that tool for the one exception).
"""How the default agent values things: a position's cover and exposure, a
unit's worth, the attack options, and the whole state (the ``score`` hook).

Values are in silver (the army lists' currency), so killing a model, losing
one, a point of mission progress and a composure token weigh on one scale.
"""

from __future__ import annotations

import math

import shapely

from ...bodies import centroid, radius
from ...catalogue import DATA, T, inches
from ...geo import geo_of
from ...rules.common import model_value, status_now
from ...rules.missions import controlled_band, in_trench_count
from ...state import HIDDEN, Unit, WWState

#: a victory point, in silver
VP = 120.0


def unit_value(s: WWState, u: Unit) -> float:
    """What the unit's living models are worth (silver)."""
    return model_value(u) * len(s.alive(u))


def threat(s: WWState, u: Unit) -> float:
    """How dangerous the unit is: its weapons' dice x caliber, roughly."""
    t = 0.0
    for wid, k in u.weapons.items():
        w = DATA.weapons[wid]
        n = min(k, len(s.alive(u)))
        t += n * w.attacks * (1 + max(0, w.caliber - 2) * 0.4) * (1.5 if w.radius_in else 1.0)
    return t


def cover_here(s: WWState, x: float, y: float, r: float, from_xy: tuple[float, float] | None) -> float:
    """A quick guess of the protection at (x, y) from the direction of
    ``from_xy``: 2 in a trench (1 in Frost), 1.2 in a crater or shallow
    trench, 1 behind heavy cover, 0.6 behind light cover (within 1/2", on the
    enemy's side). The exact verdict is :mod:`..sight`'s; this ranks moves."""
    g = geo_of(s)
    hole = g.hole_at(x, y)
    if hole is not None:
        if hole[0].kind == "trench":
            return 1.0 if s.condition == "frost" else 2.0
        return 1.2
    best = 0.0
    reach = r + inches(0.6)
    for fid, k, p, (a, b, c_, d) in _cover_pieces(g):
        if x < a - reach or x > c_ + reach or y < b - reach or y > d + reach:
            continue
        if shapely.distance(p, shapely.points(x, y)) > reach:
            continue
        c = p.centroid
        if from_xy is not None:
            vx, vy = c.x - x, c.y - y
            fx, fy = from_xy[0] - x, from_xy[1] - y
            if vx * fx + vy * fy <= 0:
                continue
        best = max(best, 1.0 if k.cover == "heavy" else 0.6)
    return best


def _cover_pieces(g) -> list:
    """The table's pieces that give cover beside them (not holes, fog, hills or impassable light pieces)."""
    got = getattr(g, "_ai_cover", None)
    if got is None:
        got = []
        for fid, p in g.polys.items():
            k = g.kind[fid]
            if k.hole or k.fog or k.cover == "none" or k.elevation or (k.move == "impassable" and k.cover != "heavy"):
                continue
            got.append((fid, k, p, p.bounds))
        g._ai_cover = got
    return got


def enemy_centre(s: WWState, side: str) -> tuple[float, float]:
    """The enemy's units' centre (their zone's when none stands)."""
    from .candidates import enemy_centre as ec
    return ec(s, side)


def evaluate(s: WWState, side: str) -> float:
    """The state for ``side`` (higher is better): victory points, silver
    destroyed less silver lost, what stands on the table, and the progress of
    the side's own active mission (the enemy's is hidden)."""
    other = s.enemy_of(side)
    v = VP * (s.hands[side].vp - s.hands[other].vp)
    v += s.destroyed.get(side, 0) - s.destroyed.get(other, 0)
    v += 0.3 * (sum(unit_value(s, u) for u in s.units_of(side)) - sum(unit_value(s, u) for u in s.units_of(other)))
    v += mission_progress(s, side)
    for u in s.units_of(side):
        v -= 3.0 * u.tokens
        st = status_now(s, u)
        if st in ("shell_shocked", "in_shock", "afraid"):
            v -= 6.0
    return v


def mission_progress(s: WWState, side: str) -> float:
    """Silver-valued progress of the side's active mission (0 when unknown)."""
    h = s.hands[side]
    k = h.kept
    if k in (None, HIDDEN) or s.stage != "battle":
        return 0.0
    enemy = s.enemy_of(side)
    if k == "overtake":
        return 12.0 * in_trench_count(s, side, enemy)
    if k == "hold_the_line":
        return -15.0 * in_trench_count(s, enemy, side)
    if k == "bite_and_hold":
        return 10.0 * controlled_band(s, side) + 20.0 * h.progress
    if k == "demolition":
        return 35.0 * len(h.charges)
    if k == "assassination" and h.target in s.units:
        t = s.units[h.target]
        return 20.0 * sum(s.models[m].damage for m in t.models)
    return 0.0


def distance_to(s: WWState, u: Unit, x: float, y: float) -> float:
    """Centre of the unit to a point, mm."""
    cx, cy = centroid(s, u)
    return math.hypot(cx - x, cy - y)


__all__ = ["evaluate", "unit_value", "threat", "cover_here", "mission_progress", "VP", "radius", "T"]

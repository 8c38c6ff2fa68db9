# Frozen copy of game/rulesets/ww2_skirmish/ai/candidates.py at bf0d31dd24aa, made by
# tools/freeze_agent.py: the ruleset's `previous` agent. Do not edit (see that tool for the one exception).
"""The choices a side has: the enumerable ones (:func:`legal`, the ruleset's
``legal_actions`` before its check) and sampled parametric ones (moves, runs,
set-up spots, groups) for the agents (:func:`sample`)."""

from __future__ import annotations

import math
import random
from functools import lru_cache

from shapely.geometry import Point, Polygon

from game.core.action import Action
from game.core.ruleset import RULES_SIDE

from ... import actions as A
from ...bodies import centroid, gap, unit_gap
from ...catalogue import DATA, T, inches
from ...geo import geo_of
from ...rules.activation import can_act, slots_left
from ...rules.attacks import plan_fight, plan_shot
from ...rules.missions import charge_points_near
from ...rules.movement import deploy_positions
from ...rules.orders import main_weapon
from ...rules.setup import undeployed
from ...state import Unit, WWState

#: set-up spots offered per unit (the trench first)
SPOTS = 6


def enemy_centre(s: WWState, side: str) -> tuple[float, float]:
    """Where the enemy is: its units' centre, else its deployment zone's, else the table's."""
    es = s.units_of(s.enemy_of(side))
    if es:
        pts = [centroid(s, u) for u in es]
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    z = s.zones.get(s.enemy_of(side))
    if z:
        c = Polygon(z).centroid
        return c.x, c.y
    return s.table[0] / 2, s.table[1] / 2


def facing_to(x: float, y: float, tx: float, ty: float, snap: float = 0.0) -> float:
    """The heading from (x, y) to (tx, ty), degrees (snapped to ``snap`` when given)."""
    h = math.degrees(math.atan2(ty - y, tx - x)) % 360.0
    return (round(h / snap) * snap) % 360.0 if snap else h


@lru_cache(maxsize=64)
def _zone_grid(zone: tuple, trench_wkb: bytes | None, step: float) -> tuple[tuple[float, float], ...]:
    """Grid points of a zone, those in the trench first (centre outwards)."""
    import shapely
    poly = Polygon(zone)
    trench = shapely.from_wkb(trench_wkb) if trench_wkb else None
    x0, y0, x1, y1 = poly.bounds
    cx = (x0 + x1) / 2
    pts = []
    y = y0 + step / 2
    while y < y1:
        x = x0 + step / 2
        while x < x1:
            if poly.contains(Point(x, y)):
                inside = trench is not None and trench.contains(Point(x, y))
                pts.append((0 if inside else 1, abs(x - cx), x, y))
            x += step
        y += step
    pts.sort()
    return tuple((x, y) for _, _, x, y in pts)


def deploy_spots(s: WWState, u: Unit, n: int = SPOTS) -> list[tuple[float, float, float]]:
    """Up to ``n`` legal set-up spots (x, y, heading) for the unit, spread out,
    in its trench first; facing the enemy's zone (snapped to 90 degrees)."""
    import shapely
    zone = s.zones.get(u.side)
    if not zone:
        return []
    g = geo_of(s)
    tr = g.trenches.get(u.side)
    grid = _zone_grid(tuple(map(tuple, zone)), shapely.to_wkb(tr) if tr is not None else None, inches(1.0))
    ex, ey = enemy_centre(s, u.side)
    out: list[tuple[float, float, float]] = []
    tried = 0
    for x, y in grid:
        if len(out) >= n or tried > 400:
            break
        if any(math.hypot(x - ox, y - oy) < inches(4) for ox, oy, _ in out):
            continue
        h = facing_to(x, y, ex, ey, 90.0)
        tried += 1
        pos, why = deploy_positions(s, u, x, y, h)
        if not why:
            out.append((x, y, h))
    return out


def barricade_spots(s: WWState, side: str, n: int = 4) -> list[tuple[str, float, float, float]]:
    """Legal barricade spots (kind, x, y, heading): just in front of the side's
    latest units, facing the enemy."""
    from ...rules.setup import check_barricade
    out = []
    ex, ey = enemy_centre(s, side)
    kinds = list(dict.fromkeys(s.barricade_stock))
    for u in sorted(s.units_of(side), key=lambda u: u.id):
        cx, cy = centroid(s, u)
        h = facing_to(cx, cy, ex, ey, 90.0)
        for d in (inches(2.0), inches(3.5)):
            x = cx + d * math.cos(math.radians(h))
            y = cy + d * math.sin(math.radians(h))
            for k in kinds:
                if len(out) >= n:
                    return out
                if not check_barricade(s, side, k, x, y, h):
                    out.append((k, x, y, h))
    return out


def legal(rs, s: WWState, side: str) -> list[Action]:
    """The side's enumerable choices now (unchecked)."""
    if side == RULES_SIDE:
        return [A.StartBattle(side=side)] if s.stage == "start" else []
    if s.pending:
        p = s.pending[0]
        if p.kind == "loss":
            return [A.ChooseLoss(side=side, unit=p.unit, weapon=w) for w in p.options]
        if p.kind == "ambush":
            return [A.AmbushFire(side=side, unit=p.unit, target=p.enemy, weapon=w) for w in p.options] + \
                [A.AmbushHold(side=side, unit=p.unit)]
        return [A.ChooseTarget(side=side, unit=u) for u in p.options]
    if s.stage == "role":
        return [A.ChooseRole(side=side, role="offence"), A.ChooseRole(side=side, role="defence")]
    if s.stage == "missions":
        return [A.KeepMission(side=side, mission=m) for m in s.hands[side].drawn]
    if s.stage == "deploy":
        if s.barricade_due:
            return [A.SkipBarricade(side=side)] + [A.PlaceBarricade(side=side, kind=k, x=x, y=y, heading=h)
                                                    for k, x, y, h in barricade_spots(s, side)]
        out: list[Action] = []
        for u in undeployed(s, side):
            out += [A.Deploy(side=side, unit=u.id, x=x, y=y, heading=h) for x, y, h in deploy_spots(s, u)]
        return out
    if s.stage != "battle":
        return []
    out = [A.EndActivation(side=side)]
    h = s.hands[side]
    if not s.seq_started and h.kept not in (None, "hidden") and not h.revealed:
        out.append(A.RevealMission(side=side))
    for u in s.units_of(side):
        out += unit_choices(s, u)
    return out


def unit_choices(s: WWState, u: Unit) -> list[Action]:
    """The enumerable actions of one unit (no moves)."""
    side = u.side
    if can_act(s, u, A.Rally(side=side, unit=u.id)) and can_act(s, u, A.Cooldown(side=side, unit=u.id)):
        return []
    out: list[Action] = []
    if u.cooldown:
        return [A.Cooldown(side=side, unit=u.id)]
    enemies = s.units_of(s.enemy_of(side))
    ranged = [w for w, k in u.weapons.items() if k > 0 and not DATA.weapons[w].melee]
    for e in enemies:
        for w in ranged:
            if plan_shot(s, u, e, w).ok:
                out.append(A.Shoot(side=side, unit=u.id, target=e.id, weapon=w))
                out.append(A.HoldTheLine(side=side, unit=u.id, target=e.id, weapon=w))
        if unit_gap(s, u, e) <= inches(2.0) + 1e-6 and plan_fight(s, u, e).ok:
            out.append(A.Fight(side=side, unit=u.id, target=e.id))
        for g, k in u.consumables.items():
            if k > 0 and DATA.weapons[g].has("grenade"):
                near = min(s.alive(e), key=lambda m: min(gap(s, m, f) for f in s.alive(u)))
                out.append(A.Throw(side=side, unit=u.id, target=near.id, weapon=g))
    if u.tokens > 0:
        out.append(A.Rally(side=side, unit=u.id))
    for w in u.unloaded:
        out.append(A.ShellUp(side=side, unit=u.id, weapon=w))
    if not u.ambush:
        out.append(A.Ambush(side=side, unit=u.id))
    if u.heat > 0 and DATA.units[u.profile].mech:
        out.append(A.Cooldown(side=side, unit=u.id))
    if s.hands[side].kept == "demolition":
        out += [A.Interact(side=side, unit=u.id, what=f"charge:{p}") for p in charge_points_near(s, side)]
        out.append(A.Interact(side=side, unit=u.id, what="detonate"))
    return out


def move_samples(s: WWState, u: Unit, rng: random.Random, n: int = 4) -> list[Action]:
    """Sampled moves (and one run) of the unit: random directions and lengths
    within its allowance, facing the enemy or the way it goes."""
    side = u.side
    cx, cy = centroid(s, u)
    ex, ey = enemy_centre(s, side)
    allow = inches(DATA.units[u.profile].m)
    out: list[Action] = []
    for _ in range(n):
        ang = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(0.3, 1.0) * allow
        x, y = cx + d * math.cos(ang), cy + d * math.sin(ang)
        h = facing_to(x, y, ex, ey) if rng.random() < 0.7 else math.degrees(ang) % 360
        out.append(A.Move(side=side, unit=u.id, x=x, y=y, heading=round(h, 1)))
    out.append(A.Move(side=side, unit=u.id, x=cx, y=cy, heading=round(facing_to(cx, cy, ex, ey), 1)))
    out.append(A.Run(side=side, unit=u.id, headings=(round(rng.uniform(0, 360), 1), round(rng.uniform(0, 360), 1))))
    out.append(A.Move(side=side, unit=u.id, x=cx + rng.uniform(-1, 1) * allow, y=cy + rng.uniform(-1, 1) * allow,
                      heading=round(rng.uniform(0, 360), 1), fall_back=True))
    return out


def groups(s: WWState, side: str) -> list[tuple[str, ...]]:
    """Candidate groups: a squad alone, or two units whose models stand near,
    of a size and class a group may have."""
    from ...rules.orders import group_sizes
    us = [u for u in s.units_of(side) if u.cls in ("infantry", "elite")]
    out = []
    for i, a in enumerate(us):
        if len(s.alive(a)) in group_sizes(a):
            out.append((a.id,))
        for b in us[i + 1:]:
            if b.cls == a.cls and len(s.alive(a)) + len(s.alive(b)) in group_sizes(a) and \
                    unit_gap(s, a, b) <= inches(T.group.within_in):
                out.append((a.id, b.id))
    return out


def sample(rs, s: WWState, side: str, rng: random.Random) -> list[Action]:
    """Candidates for the agents: every enumerable choice plus sampled moves,
    runs and group actions."""
    out = list(legal(rs, s, side))
    if s.stage != "battle" or s.pending or side != s.seq_side:
        return out
    for u in s.units_of(side):
        if slots_left(s, u) > 0 and not u.cooldown:
            out += move_samples(s, u, rng)
    ex, ey = enemy_centre(s, side)
    for grp in groups(s, side):
        us = [s.units[g] for g in grp]
        for e in s.units_of(s.enemy_of(side)):
            if any(main_weapon(u) and plan_shot(s, u, e, main_weapon(u)).ok for u in us):
                out.append(A.GroupShoot(side=side, units=grp, target=e.id))
        pts = [centroid(s, u) for u in us]
        gx, gy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        d = rng.uniform(0.4, 1.0) * inches(4)
        ang = rng.uniform(0, 2 * math.pi)
        out.append(A.GroupMove(side=side, units=grp, x=gx + d * math.cos(ang), y=gy + d * math.sin(ang),
                               heading=us[0].heading))
    return out

"""Movement (ww2_skirmish.txt: Movement; Facing Rule; Move, Fall Back, Run,
Get to Cover, Group Move; Barbed Wire; Battlefield Conditions).

A unit moves as a block: every model by the same vector, in a straight
line, and takes a new facing (a unit turns freely while it moves; the facing
is locked when the move ends). The allowance is M inches, less:

* 1" when the move goes backwards: its direction lies in the rear arc of
  the facing it ends with (moving backwards while facing away);
* 1" in Rain; 2" in a Flood when a model enters a trench (then a D6: on 4+
  the unit may do only one action this activation);
* the cost of the ground: each inch in barbed wire costs 2 (movement
  halved), each inch in medium terrain (bushes, rubble) costs 2 (ours),
  except in a Group Move. Mechs ignore wire (ours).

Models may pass friends but not enemies (exact sweeps of the round bases),
never enter impassable terrain, and end on the table, apart from every
other base. A model starting in wire must pass an agility test to leave it
(a failure wastes the move). A unit in combat (an enemy within 1", ours) may
only Fall Back, which must end out of combat.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from shapely.geometry import Point, Polygon

from ..bodies import angle_diff, centroid, engaged, formation, gap, radius
from ..catalogue import DATA, T, inches
from ..geo import first_base_contact, geo_of
from ..state import Unit, WWState

TOL = 1e-6


@dataclass
class MovePlan:
    """A move checked without dice: where each model ends and what it costs.

    cost and allowance in mm; ``reason`` is why it is illegal (empty: legal).
    enters_trench: a model steps into a trench (Flood). wire_exit: models
    leaving the wire they start in (an agility test first).
    """

    unit: str
    positions: list[tuple[str, float, float]] = field(default_factory=list)
    heading: float = 0.0
    length: float = 0.0
    cost: float = 0.0
    allowance: float = 0.0
    backwards: bool = False
    enters_trench: bool = False
    wire_exit: bool = False
    reason: str = ""
    mods: list[tuple[str, float]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.reason


def base_allowance(s: WWState, u: Unit, extra_in: float = 0.0) -> tuple[float, list[tuple[str, float]]]:
    """M (plus ``extra_in``) in mm, and the labelled inch changes of the conditions (Rain)."""
    mods: list[tuple[str, float]] = []
    allow = inches(DATA.units[u.profile].m + extra_in)
    if s.condition == "rain":
        mods.append(("rain", -float(T.conditions.rain_move_in)))
    return allow + sum(inches(v) for _, v in mods), mods


def _others(s: WWState, moving: set[str]) -> list:
    return [(m, s.units[m.unit]) for m in s.models.values()
            if m.alive and s.units[m.unit].deployed and m.unit not in moving]


def plan_move(s: WWState, units: list[Unit], dx: float, dy: float, heading: float, *, allowance: float | None = None,
              fall_back: bool = False, group: bool = False, check_cost: bool = True) -> MovePlan:
    """Check moving ``units`` (one, or a group moving together) by (dx, dy) mm
    to face ``heading`` (see the module notes). ``allowance`` overrides the
    units' own (mm, before the backwards and Flood penalties)."""
    g = geo_of(s)
    u0 = units[0]
    p = MovePlan(u0.id, heading=heading % 360.0)
    moving = {u.id for u in units}
    length = math.hypot(dx, dy)
    p.length = length
    if allowance is None:
        allowance, mods = min((base_allowance(s, u) for u in units), key=lambda a: a[0])
        p.mods += mods
    if length > TOL:
        bearing = math.degrees(math.atan2(dy, dx)) % 360.0
        if angle_diff(bearing, heading) > 135.0 + 1e-9:
            p.backwards = True
            p.mods.append(("moving backwards", -float(T.facing.backwards_penalty_in)))
            allowance -= inches(T.facing.backwards_penalty_in)
    others = _others(s, moving)
    enemies = [(m.x, m.y, radius(ou)) for m, ou in others if ou.side != u0.side]
    worst = 0.0
    for u in units:
        r = radius(u)
        mech = DATA.units[u.profile].mech
        for m in s.alive(u):
            x1, y1 = m.x + dx, m.y + dy
            if not g.free(x1, y1, r):
                p.reason = f"{m.name} would end off the table or inside impassable terrain"
                return p
            for o, ou in others:
                if math.hypot(o.x - x1, o.y - y1) < r + radius(ou) - 1e-6:
                    p.reason = f"{m.name} would end on top of {o.name} ({ou.name})"
                    return p
            if length > TOL:
                hit = g.blocked_at(m.x, m.y, x1, y1, r)
                if hit is not None:
                    p.reason = f"{m.name} would run into impassable terrain after {hit / inches(1):.1f}\""
                    return p
                hit = first_base_contact(m.x, m.y, x1, y1, r, enemies)
                if hit is not None:
                    p.reason = f"{m.name} would run into an enemy model after {hit / inches(1):.1f}\""
                    return p
            cost = length
            if not mech:
                cost += g.extra_cost(m.x, m.y, x1, y1, difficult=not group)
                wire = g.in_wire(m.x, m.y)
                if wire is not None and g.in_wire(x1, y1) != wire:
                    p.wire_exit = True
            worst = max(worst, cost)
            if not g.in_trench(m.x, m.y) and g.in_trench(x1, y1):
                p.enters_trench = True
            p.positions.append((m.id, x1, y1))
    if p.enters_trench and s.condition == "flood":
        p.mods.append(("flood: entering a trench", -float(T.conditions.flood_trench_in)))
        allowance -= inches(T.conditions.flood_trench_in)
    p.cost, p.allowance = worst, allowance
    if check_cost and worst > allowance + 1e-6:
        p.reason = f"the move costs {worst / inches(1):.2f}\" of an allowance of {max(0.0, allowance) / inches(1):.2f}\""
        return p
    if fall_back:
        if not all(engaged(s, u) for u in units):
            p.reason = "only a unit in combat falls back"
            return p
        if _engaged_after(s, units, p):
            p.reason = "a fall back must end out of combat (no enemy within 1\")"
            return p
    elif any(engaged(s, u) for u in units) and length > TOL:
        p.reason = "a unit in combat may only fall back"
    return p


def _engaged_after(s: WWState, units: list[Unit], p: MovePlan) -> bool:
    pos = {mid: (x, y) for mid, x, y in p.positions}
    reach = inches(T.combat.engaged_in)
    side = units[0].side
    for e in s.units_of(s.enemy_of(side)):
        for em in s.alive(e):
            for mid, (x, y) in pos.items():
                m = s.models[mid]
                if math.hypot(em.x - x, em.y - y) - radius(s.units[m.unit]) - radius(e) <= reach:
                    return True
    return False


def move_to(s: WWState, u: Unit, x: float, y: float, heading: float, **kw) -> MovePlan:
    """:func:`plan_move` of one unit whose centre goes to (x, y)."""
    cx, cy = centroid(s, u)
    return plan_move(s, [u], x - cx, y - cy, heading, **kw)


def furthest(s: WWState, units: list[Unit], ux: float, uy: float, max_len: float, budget: float, heading: float,
             group: bool = False) -> MovePlan | None:
    """The longest legal straight move along the unit vector (ux, uy), at most
    ``max_len`` mm, costing at most ``budget`` mm (bisection on the length;
    None when not even a short step is legal)."""
    best = None
    lo, hi = 0.0, max_len
    p = plan_move(s, units, ux * hi, uy * hi, heading, allowance=budget, group=group)
    if p.ok:
        return p
    for _ in range(14):
        mid = (lo + hi) / 2
        p = plan_move(s, units, ux * mid, uy * mid, heading, allowance=budget, group=group)
        if p.ok:
            lo, best = mid, p
        else:
            hi = mid
    return best


def run_path(s: WWState, u: Unit, headings: tuple[float, ...], total: float) -> tuple[list[MovePlan], float]:
    """The legs of a Run of ``total`` mm (Run: 4" a leg, one heading a leg; the
    last heading holds to the end). Each leg goes as far as it legally can;
    the run stops at the first leg cut short. Returns the legs and the
    distance run."""
    leg = inches(T.run.leg_in)
    legs: list[MovePlan] = []
    left = total
    i = 0
    work = s.clone()
    while left > 1e-6 and i < 64:
        h = headings[min(i, len(headings) - 1)]
        step = min(leg, left)
        ux, uy = math.cos(math.radians(h)), math.sin(math.radians(h))
        wu = work.units[u.id]
        p = furthest(work, [wu], ux, uy, step, left, h)
        if p is None or p.cost <= 1e-6:
            break
        legs.append(p)
        for mid, x, y in p.positions:
            work.models[mid].x, work.models[mid].y = x, y
        work.units[u.id].heading = h
        work.memo().clear()
        left -= p.cost
        if p.length < step - 1e-3:
            break
        i += 1
    return legs, total - left


def in_cover_at(s: WWState, u: Unit, positions) -> bool:
    """Every model would stand in cover (Get to Cover; ours): in a trench or
    crater, or within 1/2" of terrain that gives cover."""
    g = geo_of(s)
    reach = inches(T.get_to_cover.cover_contact_in)
    r = radius(u)
    for _, x, y in positions:
        if g.hole_at(x, y) is None and g.cover_piece_near(x, y, r, reach) is None:
            return False
    return True


def deploy_positions(s: WWState, u: Unit, x: float, y: float, heading: float) -> tuple[list[tuple[str, float, float]], str]:
    """Where the unit's models stand when set up at (x, y) facing ``heading``
    (abreast, ours), and why they may not (empty when they may): every centre
    in the side's deployment zone, on the table, off impassable terrain and
    apart from every base already set up (Setup Phase)."""
    g = geo_of(s)
    r = radius(u)
    pts = formation(x, y, heading, len(u.models), r)
    zone = s.zones.get(u.side)
    poly = Polygon(zone) if zone else None
    placed = [(m, s.units[m.unit]) for m in s.models.values() if m.alive and s.units[m.unit].deployed and m.unit != u.id]
    out = []
    for mid, (px, py) in zip(u.models, pts):
        if poly is not None and not poly.covers(Point(px, py)):
            return [], f"{s.models[mid].name} would stand outside {u.side}'s deployment zone"
        if not g.free(px, py, r):
            return [], f"{s.models[mid].name} would stand off the table or inside impassable terrain"
        for o, ou in placed:
            if math.hypot(o.x - px, o.y - py) < r + radius(ou) - 1e-6:
                return [], f"{s.models[mid].name} would stand on top of {o.name} ({ou.name})"
        out.append((mid, px, py))
    return out, ""


__all__ = ["plan_move", "move_to", "furthest", "run_path", "in_cover_at", "deploy_positions", "base_allowance",
           "MovePlan", "gap"]

"""Candidate actions for the agents: every enumerable choice now
(:func:`enumerable`, the ruleset's ``legal_actions`` before the legality
filter) and, for the parametric ones (where to set up, to place an
objective, to move), sampled points (:func:`candidates`). Everything here
reads only what the side may know (it is given the side's view)."""

from __future__ import annotations

import itertools
import math
import random

from shapely.geometry import Point

from .. import actions as A
from ..geo import geo_of
from ..orders import area_of, deploy_problem, problem, to_deploy, to_plan
from ..rules import assault as AS
from ..rules import missions as MI
from ..rules import pioneers as PI
from ..rules.common import known_enemies, nearest_known
from ..rules.movement import allowance_mm, route_ahead
from ..rules.support import lowest_free
from ..state import Element, FoxState
from ..tables import TABLES


def grid_points(area, step: float, limit: int | None = None) -> list[tuple[float, float]]:
    """Points of a ``step`` mm grid inside ``area`` (a shapely polygon), row by row."""
    if area is None or area.is_empty:
        return []
    x0, y0, x1, y1 = area.bounds
    out = []
    y = y0 + step / 2
    while y < y1:
        x = x0 + step / 2
        while x < x1:
            if area.contains(Point(x, y)):
                out.append((round(x, 2), round(y, 2)))
                if limit and len(out) >= limit:
                    return out
            x += step
        y += step
    return out


def sample_in(area, rng: random.Random, n: int) -> list[tuple[float, float]]:
    """``n`` random points in ``area`` (rejection sampling on its box)."""
    if area is None or area.is_empty:
        return []
    x0, y0, x1, y1 = area.bounds
    out = []
    for _ in range(n * 20):
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        if area.contains(Point(x, y)):
            out.append((round(x, 2), round(y, 2)))
            if len(out) >= n:
                break
    return out


def move_targets(s: FoxState, e: Element, rng: random.Random | None, n: int = 8) -> list[tuple[float, float]]:
    """Sampled move destinations for ``e``: towards the nearest known enemy,
    towards objectives it knows, away from the enemy, and random directions,
    at fractions of its normal-going allowance."""
    reach = allowance_mm(e, "normal")
    out: list[tuple[float, float]] = []
    aims = []
    f = nearest_known(s, e)
    if f is not None:
        aims.append(math.atan2(f.y - e.y, f.x - e.x))
        aims.append(math.atan2(e.y - f.y, e.x - f.x))
    for o in s.objectives:
        if not o.achieved:
            aims.append(math.atan2(o.y - e.y, o.x - e.x))
    fracs = (1.0, 0.6, 0.3)
    for a in aims[:4]:
        for fr in fracs:
            out.append((e.x + math.cos(a) * reach * fr * 0.98, e.y + math.sin(a) * reach * fr * 0.98))
    if f is not None:  # short steps round the bearing to the nearest enemy (must advance)
        a0 = math.atan2(f.y - e.y, f.x - e.x)
        for da in (-0.9, 0.9):
            out.append((e.x + math.cos(a0 + da) * 6, e.y + math.sin(a0 + da) * 6))
        # the 5 mm step straight at it that the rules test before they let a must-advance element stay
        out.append((e.x + math.cos(a0) * 5.0, e.y + math.sin(a0) * 5.0))
    r = rng or random.Random(0)
    for _ in range(n):
        a = r.uniform(0, 2 * math.pi)
        d = r.uniform(0.2, 1.0) * reach * 0.98
        out.append((e.x + math.cos(a) * d, e.y + math.sin(a) * d))
    w, h = s.table
    half = TABLES.bases.square_mm / 2
    return [(round(min(max(x, half), w - half), 2), round(min(max(y, half), h - half), 2)) for x, y in out]


def _use_actions(s: FoxState, side: str) -> list:
    out: list = []
    cp = s.cp.get(side, 0)
    for e in s.elements.values():
        if e.side != side or e.used:
            continue
        if e.on_table:
            out.append(A.Hold(side=side, element=e.id))
        if e.on_table or e.where == "carried":
            out.append(A.Roll(side=side, element=e.id))
            if e.kind != "non_combatant":
                out += [A.Roll(side=side, element=e.id, cp=c) for c in range(1, min(cp, 2) + 1)]
                if e.kind != "vehicle" and e.on_table:
                    out.append(A.Roll(side=side, element=e.id, into_open=True))
            if e.unrevealed and e.kind != "non_combatant" and e.order_turn != s.turn:
                out += [A.SetFireOrder(side=side, element=e.id, order=o) for o in ("at_will", "ambush", "hold")
                        if o != e.fire_order]
    return out


def _current_actions(s: FoxState, side: str, rng: random.Random | None) -> list:
    cur = s.current
    e = s.elements[cur.element]
    out: list = [A.Stay(side=side, element=e.id)]
    if cur.result is None:
        return out
    if e.where == "carried":
        return out + [A.Debus(side=side, element=e.id, x=x, y=y) for x, y in PI.debus_spots(s, e)]
    if cur.stopped_at_open and cur.rolls < 2:
        out.append(A.Roll(side=side, element=e.id, into_open=True))
    if e.route:
        ahead = route_ahead(s, e, (1 - cur.used_fraction) * 0.999)
        if len(ahead) >= 2:
            out.append(A.Move(side=side, element=e.id, path=tuple(ahead[1:])))
        return out
    for x, y in move_targets(s, e, rng):
        out.append(A.Move(side=side, element=e.id, path=((x, y),)))
    if e.kind != "vehicle" and not cur.formation_changed:
        other = "extended" if e.formation == "normal" else "normal"
        out.append(A.Move(side=side, element=e.id, path=(), formation=other))
    for v in s.elements.values():
        if v.side == side and v.kind == "vehicle" and v.on_table and not PI.embus_problem(s, e, v):
            out.append(A.Embus(side=side, element=e.id, vehicle=v.id))
    return out


def _assault_actions(s: FoxState, side: str) -> list:
    out: list = [A.EndAssaults(side=side)]
    foes = [t for t in known_enemies(s, side)]
    for e in s.elements.values():
        if e.side != side or not AS.can_assault(s, e):
            continue
        for t in foes:
            if math.hypot(t.x - e.x, t.y - e.y) > allowance_mm(e, "normal") + 45.0:
                continue
            for x, y in AS.slots(s, t):
                out.append(A.AssaultMove(side=side, element=e.id, target=t.id, x=x, y=y))
    return out


def _designations(s: FoxState, side: str, pts) -> list:
    out = []
    for a in s.assets:
        if a.side == side and a.missions > 0 and not any(st.asset == a.id and not st.fired for st in s.strikes):
            n = lowest_free(s, side)
            out += [A.Designate(side=side, asset=a.id, x=x, y=y, number=n) for x, y in pts]
    return out


def enumerable(s: FoxState, side: str) -> list:
    """The choices of ``side`` now that can be listed (points on a coarse grid)."""
    ph = s.phase
    if ph == "location":
        return [A.ChooseLocation(side=side, location=loc.name) for loc in s.locations]
    if ph == "objectives":
        return [A.PlaceObjective(side=side, x=x, y=y) for x, y in grid_points(MI.control_area(s), 50.0)]
    if ph == "reveal":
        nums = [o.number for o in s.objectives]
        return [A.RevealObjectives(side=side, numbers=c) for c in itertools.combinations(nums, s.reveal)]
    if ph == "mission":
        nums = list(range(1, TABLES.objectives.count + 1))
        p, q = MI.needed(s.mission.kind)
        out = []
        for prim in itertools.combinations(nums, p):
            rest = [n for n in nums if n not in prim]
            for sec in itertools.combinations(rest, q):
                out.append(A.ChooseMission(side=side, primary=prim, secondary=sec))
        return out
    if ph == "deploy":
        out: list = []
        for e in to_deploy(s, side)[:1]:
            out += deploy_spots(s, side, e)
        for iid in to_plan(s, side)[:1]:
            w, h = s.table
            ins = next(i for i in s.insertions if i.id == iid)
            for x, y in grid_points(geo_of(s).table_box, 100.0):
                out.append(A.PlanInsertion(side=side, insertion=iid, turn=max(ins.earliest, 2), x=x, y=y))
        return out
    if ph == "interrupt" and s.pending is not None:
        return [A.LetPass(side=side)] + [A.Interrupt(side=side, element=x) for x in s.pending.eligible]
    if ph == "assault":
        return _assault_actions(s, side)
    if ph == "activation":
        if s.current is not None:
            return _current_actions(s, side, None)
        return _use_actions(s, side)
    return []


def deploy_spots(s: FoxState, side: str, e: Element) -> list:
    """Set-up actions for ``e`` (Figure setup): the side's area on a 35 mm grid in
    normal formation; when none of those is legal (the area is crowded by the elements
    set up before), the first of a 10 mm then 5 mm grid, in normal then extended
    formation, that has legal spots, so a set-up never runs out of places while the
    area still has room for the base."""
    area = area_of(s, side)

    def fits(a: A.Deploy) -> bool:
        return not deploy_problem(s, e, a.x, a.y, a.formation, a.heading)

    coarse = [A.Deploy(side=side, element=e.id, x=x, y=y) for x, y in grid_points(area, 35.0)]
    if any(fits(a) for a in coarse):
        return coarse
    for step, formation in ((35.0, "extended"), (10.0, "normal"), (10.0, "extended"), (5.0, "normal"), (5.0, "extended")):
        legal = [a for a in (A.Deploy(side=side, element=e.id, x=x, y=y, formation=formation)
                             for x, y in grid_points(area, step)) if fits(a)]
        if legal:
            return legal
    return coarse


def candidates(s: FoxState, side: str, rng: random.Random, legal_only: bool = False) -> list:
    """:func:`enumerable` with sampled points for the parametric choices (the
    random agent's menu; it skips those ``check`` refuses). Sampled points are
    filtered where the phase cannot go on without one; ``legal_only`` filters all."""
    ph = s.phase
    if ph == "objectives":
        pts = sample_in(MI.control_area(s), rng, 12)
        acts = [A.PlaceObjective(side=side, x=x, y=y) for x, y in pts]
        acts = [a for a in acts if not problem(s, a)]
        return acts or [a for a in enumerable(s, side) if not problem(s, a)]
    if ph == "deploy":
        acts: list = []
        area = area_of(s, side)
        for e in to_deploy(s, side)[:1]:
            acts += [A.Deploy(side=side, element=e.id, x=x, y=y) for x, y in sample_in(area, rng, 10)]
        for iid in to_plan(s, side)[:1]:
            ins = next(i for i in s.insertions if i.id == iid)
            for x, y in sample_in(geo_of(s).table_box, rng, 6):
                acts.append(A.PlanInsertion(side=side, insertion=iid, turn=rng.randint(max(1, ins.earliest),
                                                                                       s.turn_limit), x=x, y=y))
        acts = [a for a in acts if not problem(s, a)]
        return acts or [a for a in enumerable(s, side) if not problem(s, a)]
    if ph == "activation" and s.current is not None:
        acts = _current_actions(s, side, rng)
    elif ph == "activation":
        acts = _use_actions(s, side) + _designations(s, side, sample_in(geo_of(s).table_box, rng, 2))
    else:
        acts = enumerable(s, side)
    return [a for a in acts if not problem(s, a)] if legal_only else acts

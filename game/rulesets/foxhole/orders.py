"""Legality (``check``) and resolution (``resolve``) of every Foxhole action,
by phase. ``problem`` never rolls and never mutates; ``resolve`` emits the
events through an :class:`~.rules.common.Emitter`.

Phases: ``location`` (the defender picks its table end), ``objectives``
(it places six), ``reveal`` (it shows the attacker as many as its intel
roll), ``mission`` (the attacker picks its objectives), ``deploy`` (the
defender's elements, then the attacker's, and their insertions), then each
side's turns: ``assault``, ``activation`` and, during a move, the other
side's ``interrupt``.
"""

from __future__ import annotations

import math

from shapely.geometry import Point, Polygon


from game.core.logtext import plural

from . import actions as A
from . import events as E
from . import turn as TN
from .geo import footprint, footprint_at, geo_of, grid_ref, overlaps
from .rules import assault as AS
from .rules import insertion as INS
from .rules import missions as MI
from .rules import pioneers as PI
from .rules import support as SUP
from .rules.common import Emitter, dist, known_enemies, nearest_known, public_name
from .rules.fire import end_of_use_fire
from .rules.motivation import resolve_roll
from .rules.movement import closer_problem, on_foot, path_fraction, path_problem, route_problem
from .state import Element, FoxState, possessive
from .tables import TABLES

SETUP_PHASES = ("location", "objectives", "reveal", "mission", "deploy")


# ---------------------------------------------------------------------------- helpers
def own(s: FoxState, side: str, eid: str) -> Element | None:
    e = s.elements.get(eid)
    return e if e is not None and e.side == side else None


def area_of(s: FoxState, side: str) -> Polygon | None:
    """The side's set-up area: the defender's control area, the attacker's start area."""
    return MI.control_area(s) if side == s.defender else MI.start_area(s)


def deploy_problem(s: FoxState, e: Element, x: float, y: float, formation: str, heading: float) -> str:
    """Why ``e`` may not be set up at (x, y), or "" (Figure setup)."""
    area = area_of(s, e.side)
    if area is None or not area.covers(Point(x, y)):
        return "set up in your own area (the defender's control area, the attacker's start area)"
    if formation == "extended" and e.kind == "vehicle":
        return "vehicles have no extended formation"
    g = geo_of(s)
    if g.kind_at(x, y) == "impassable":
        return "not on impassable terrain"
    fp = footprint_at(e, x, y, formation, heading)
    x0, y0, x1, y1 = fp.footprint.bounds
    w, h = s.table
    if x0 < -1e-6 or y0 < -1e-6 or x1 > w + 1e-6 or y1 > h + 1e-6:
        return "the base would be off the table"
    for o in s.elements.values():
        if o.id != e.id and o.on_table and o.deployed and overlaps(fp, footprint(o)):
            return "the base would overlap another element"
    return ""


def to_deploy(s: FoxState, side: str) -> list[Element]:
    """The side's elements still to set up on the table, in set-up order: open
    elements in roster order, then hidden ones by marker number (ours, Hidden
    Units: an order the owner picks would tell the enemy which numbered marker
    is which roster entry, or which one the owner values most)."""
    todo = [e for e in s.elements.values() if e.side == side and not e.deployed and e.where == "table"]
    return [e for e in todo if not e.marker] + sorted((e for e in todo if e.marker), key=lambda e: int(e.marker))


def to_plan(s: FoxState, side: str) -> list[str]:
    return [i.id for i in s.insertions if i.side == side and i.turn is None]


def activation_ready(s: FoxState, side: str) -> bool:
    return s.phase == "activation" and s.active == side and s.current is None and s.pending is None


# ---------------------------------------------------------------------------- check
def problem(s: FoxState, a: A.Action) -> str:
    """Why ``a`` is illegal now ("" when it is legal)."""
    side = a.side
    if s.over or s.decided:
        return "the battle is over"
    if side not in (s.attacker, s.defender):
        return f"{s.side_name(side)} does not play in this battle"
    if s.active != side:
        return f"it is not {possessive(s.side_name(side))} decision now"
    fn = CHECKS.get(type(a))
    if fn is None:
        return f"unknown action {a.type}"
    return fn(s, a)


def _c_location(s, a: A.ChooseLocation) -> str:
    if s.phase != "location" or a.side != s.defender:
        return "the defender chooses its end of the table first"
    if a.location not in [loc.name for loc in s.locations]:
        return f"no location {a.location!r} (choose {', '.join(loc.name for loc in s.locations)})"
    return ""


def _c_place(s, a: A.PlaceObjective) -> str:
    if s.phase != "objectives" or a.side != s.defender:
        return "the defender places the objectives now"
    return MI.place_problem(s, a.x, a.y)


def _c_reveal(s, a: A.RevealObjectives) -> str:
    if s.phase != "reveal" or a.side != s.defender:
        return "the defender shows objectives after the attacker's intel roll"
    nums = list(a.numbers)
    if len(nums) != s.reveal or len(set(nums)) != len(nums):
        return f"show exactly {plural(s.reveal, 'different objective')}"
    if any(s.objective(n) is None for n in nums):
        return "show objectives by their numbers (1 to 6)"
    return ""


def _c_mission(s, a: A.ChooseMission) -> str:
    if s.phase != "mission" or a.side != s.attacker:
        return "the attacker chooses its mission after the intel rolls"
    return MI.mission_problem(s, tuple(a.primary), tuple(a.secondary))


def _c_deploy(s, a: A.Deploy) -> str:
    if s.phase != "deploy":
        return "elements are set up in the set-up"
    e = own(s, a.side, a.element)
    if e is None:
        return f"{a.side} has no element {a.element!r}"
    if e.deployed or e.where != "table":
        return f"{e.name} is already set up (or arrives by insertion)"
    return deploy_problem(s, e, a.x, a.y, a.formation, a.heading)


def _c_plan(s, a: A.PlanInsertion) -> str:
    if s.phase != "deploy":
        return "insertions are planned in the set-up"
    return INS.plan_problem(s, a.side, a.insertion, a.turn, a.x, a.y)


def _c_order(s, a: A.SetFireOrder) -> str:
    if s.phase not in ("deploy", "activation", "assault") or s.current is not None or s.pending is not None:
        return "standing orders are given between uses of elements"
    e = own(s, a.side, a.element)
    if e is None or e.gone:
        return f"{a.side} has no element {a.element!r}"
    if not e.unrevealed:
        return "standing fire orders are for elements the enemy has not spotted"
    if e.kind == "non_combatant":
        return "non-combatants do not fire"
    if e.order_turn == s.turn and s.turn > 0:
        return "an element's standing order changes once a turn"
    if e.fire_order == a.order:
        return f"{e.name} already has that order"
    return ""


def _c_assault(s, a: A.AssaultMove) -> str:
    if s.phase != "assault" or s.current is not None:
        return "close assaults are made at the beginning of the turn"
    e = own(s, a.side, a.element)
    if e is None:
        return f"{a.side} has no element {a.element!r}"
    return AS.assault_problem(s, e, s.elements.get(a.target), a.x, a.y, a.cp)


def _c_end_assaults(s, a: A.EndAssaults) -> str:
    return "" if s.phase == "assault" and s.current is None else "there is no close assault step now"


def _c_hold(s, a: A.Hold) -> str:
    if not activation_ready(s, a.side):
        return "elements are used one at a time in the side's turn"
    e = own(s, a.side, a.element)
    if e is None or not e.on_table:
        return f"{a.side} has no element {a.element!r} on the table"
    if e.used:
        return f"{e.name} has been used this turn"
    return ""


def _c_roll(s, a: A.Roll) -> str:
    e = own(s, a.side, a.element)
    if e is None:
        return f"{a.side} has no element {a.element!r}"
    if a.cp < 0 or a.cp > s.cp.get(a.side, 0):
        return f"{a.cp} command points are not available ({s.cp.get(a.side, 0)} left)"
    if a.into_open and not on_foot(e):
        return "only elements on foot stop at open ground"
    if e.kind == "non_combatant" and (a.cp or a.into_open):
        return "non-combatants move without a motivation roll"
    cur = s.current
    if cur is not None:
        if cur.element != e.id or s.phase != "activation" or s.active != a.side or s.pending is not None:
            return "another element is being used"
        if not (cur.stopped_at_open and cur.rolls < 2 and a.into_open):
            return "a second roll is only for moving on into open ground"
        return ""
    if not activation_ready(s, a.side):
        return "elements are used one at a time in the side's turn"
    if e.used:
        return f"{e.name} has been used this turn"
    if e.where == "carried":
        if e.bussed_turn == s.turn:
            return "it embussed this turn"
        return ""
    if not e.on_table:
        return f"{e.name} is not on the table"
    return ""


def _current_for(s: FoxState, a) -> tuple[Element | None, str]:
    cur = s.current
    if cur is None or cur.element != a.element or s.phase != "activation" or s.active != a.side or s.pending is not None:
        return None, f"{a.element} is not the element being used"
    e = s.elements[a.element]
    if cur.result not in ("defensive", "may", "must"):
        return None, f"{e.name} has not rolled to move"
    return e, ""


def _c_move(s, a: A.Move) -> str:
    e, why = _current_for(s, a)
    if e is None:
        return why
    cur = s.current
    if not e.on_table:
        return f"{e.name} is aboard a vehicle: debus first"
    if cur.moved_since_roll and not cur.stopped_at_open:
        return f"{e.name} has moved"
    pts = [(e.x, e.y)] + [tuple(p) for p in a.path]
    formation = a.formation or e.formation
    if a.formation is not None and a.formation != e.formation:
        if cur.formation_changed:
            return "one change of formation per move"
        if e.kind == "vehicle":
            return "vehicles have no extended formation"
    if not a.path and (a.formation is None or a.formation == e.formation):
        return "a move goes somewhere or changes formation"
    if a.non_tactical and formation != "extended":
        return "a non-tactical move is made in extended formation"
    if a.non_tactical and cur.used_fraction > 0 and not cur.non_tactical:
        return "a move is tactical or non-tactical, not both"
    heading = a.heading if a.heading is not None else move_heading(e, pts, formation)
    frac, why = path_fraction(s, e, pts, a.non_tactical)
    if why:
        return why
    if cur.used_fraction + frac > 1.0 + 1e-9:
        return f"the move needs {frac:.0%} of the allowance and {max(0.0, 1 - cur.used_fraction):.0%} is left"
    why = route_problem(e, pts) or path_problem(s, e, pts, formation, heading)
    if why:
        return why
    if cur.result == "defensive":
        why = closer_problem(s, e, pts)
        if why:
            return why
    if cur.result == "must" and len(pts) > 1 and not e.route:
        f = nearest_known(s, e)
        if f is not None and dist(pts[-1][0], pts[-1][1], f.x, f.y) >= dist(e.x, e.y, f.x, f.y) - 1e-6:
            return f"{e.name} must advance on {f.name}"
    return ""


def move_heading(e: Element, pts, formation: str) -> float:
    """An extended formation lies along the move's last leg (a column; ours), else keeps its heading."""
    if formation != "extended":
        return 0.0
    if len(pts) >= 2:
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        if (x0, y0) != (x1, y1):
            return round(math.degrees(math.atan2(y1 - y0, x1 - x0)) % 180.0, 2)
    return e.heading


def _c_stay(s, a: A.Stay) -> str:
    e, why = _current_for(s, a)
    if e is None:
        return why
    cur = s.current
    if cur.result == "must" and e.on_table and not e.route:
        f = nearest_known(s, e, *cur.start)
        if f is not None and not _in_contact_enemy(s, e) and cur.used_fraction < 1.0 - 1e-6:
            if dist(e.x, e.y, f.x, f.y) >= dist(cur.start[0], cur.start[1], f.x, f.y) - 0.5 and _can_step(s, e, f):
                return f"{e.name} must advance on {f.name}"
    return ""


def _can_step(s: FoxState, e: Element, f: Element) -> bool:
    """A 5 mm step straight at ``f`` is open to ``e`` (so a must-advance element
    that cannot advance at all may stay: ours)."""
    d = dist(e.x, e.y, f.x, f.y)
    if d <= 5.0:
        return False
    x, y = e.x + (f.x - e.x) * 5.0 / d, e.y + (f.y - e.y) * 5.0 / d
    pts = [(e.x, e.y), (x, y)]
    frac, why = path_fraction(s, e, pts, False)
    if why or s.current.used_fraction + frac > 1.0:
        return False
    return not path_problem(s, e, pts, e.formation, e.heading)


def _in_contact_enemy(s: FoxState, e: Element) -> bool:
    from .geo import in_contact
    return any(in_contact(e, f) for f in known_enemies(s, e.side))


def _c_embus(s, a: A.Embus) -> str:
    e, why = _current_for(s, a)
    if e is None:
        return why
    return PI.embus_problem(s, e, s.elements.get(a.vehicle))


def _c_debus(s, a: A.Debus) -> str:
    e, why = _current_for(s, a)
    if e is None:
        return why
    return PI.debus_problem(s, e, a.x, a.y)


def _c_designate(s, a: A.Designate) -> str:
    if s.phase not in ("activation", "assault") or s.current is not None or s.pending is not None:
        return "targets are designated between uses of elements in the side's turn"
    return SUP.designate_problem(s, a.side, a.asset, a.x, a.y, a.number)


def _c_interrupt(s, a: A.Interrupt) -> str:
    if s.phase != "interrupt" or s.pending is None:
        return "there is no move to interrupt"
    if a.element not in s.pending.eligible:
        return f"{a.element} cannot interrupt this move"
    return ""


def _c_pass(s, a: A.LetPass) -> str:
    return "" if s.phase == "interrupt" and s.pending is not None else "there is no move to interrupt"


CHECKS = {A.ChooseLocation: _c_location, A.PlaceObjective: _c_place, A.RevealObjectives: _c_reveal,
          A.ChooseMission: _c_mission, A.Deploy: _c_deploy, A.PlanInsertion: _c_plan, A.SetFireOrder: _c_order,
          A.AssaultMove: _c_assault, A.EndAssaults: _c_end_assaults, A.Hold: _c_hold, A.Roll: _c_roll,
          A.Move: _c_move, A.Stay: _c_stay, A.Embus: _c_embus, A.Debus: _c_debus, A.Designate: _c_designate,
          A.Interrupt: _c_interrupt, A.LetPass: _c_pass}


# ---------------------------------------------------------------------------- resolve
def ensure_markers(em: Emitter) -> None:
    """Number each side's hidden elements in a secret shuffled order (Hidden
    Units: each is marked or numbered; the owner keeps the list)."""
    s = em.s
    for side in (s.defender, s.attacker):
        hid = [e for e in s.elements.values() if e.side == side and e.hidden and not e.marker]
        if not hid:
            continue
        used = {e.marker for e in s.elements.values() if e.marker}
        base = len(used)
        r = em.dice.shuffle(len(hid), f"(secret) numbering {possessive(s.side_name(side))} hidden elements", side=side)
        em.emit(r)
        mapping = {e.id: str(base + r.faces[k]) for k, e in enumerate(hid)}
        em.emit(E.MarkersAssigned(side=side, who=s.side_name(side), markers=mapping, names={e.id: e.name for e in hid}, private=side))


def after_deploy_step(em: Emitter) -> None:
    """Move the set-up on: the defender sets up, then the attacker; then the battle."""
    s = em.s
    side = s.active
    if to_deploy(s, side) or to_plan(s, side):
        return
    if side == s.defender and (to_deploy(s, s.attacker) or to_plan(s, s.attacker)):
        em.emit(E.Phase(turn=0, phase="deploy", side=s.attacker, who=em.s.side_name(s.attacker)))
        return
    if side == s.defender:
        em.emit(E.Phase(turn=0, phase="deploy", side=s.attacker, who=em.s.side_name(s.attacker)))
    TN.begin_battle(em)


def enter_deploy(em: Emitter) -> None:
    s = em.s
    em.emit(E.Phase(turn=0, phase="deploy", side=s.defender, who=em.s.side_name(s.defender)))
    if not (to_deploy(s, s.defender) or to_plan(s, s.defender)):
        em.emit(E.Phase(turn=0, phase="deploy", side=s.attacker, who=em.s.side_name(s.attacker)))
        if not (to_deploy(s, s.attacker) or to_plan(s, s.attacker)):
            TN.begin_battle(em)


def resolve(em: Emitter, a: A.Action) -> None:
    """Resolve a legal action (see the module notes)."""
    s = em.s
    if s.phase in SETUP_PHASES:
        ensure_markers(em)
    t = type(a)
    if t is A.ChooseLocation:
        em.emit(E.LocationChosen(side=a.side, who=s.side_name(a.side), location=a.location))
        em.emit(E.Phase(turn=0, phase="objectives", side=s.defender, who=em.s.side_name(s.defender)))
    elif t is A.PlaceObjective:
        n = len(s.objectives) + 1
        em.emit(E.ObjectivePlaced(number=n, x=a.x, y=a.y, grid=grid_ref(a.x, a.y, s.table), private=s.defender,
                                       who=s.side_name(s.defender)))
        if len(s.objectives) >= TABLES.objectives.count:
            MI.after_placed(em)
    elif t is A.RevealObjectives:
        MI.reveal_objectives(em, list(a.numbers))
        em.emit(E.Phase(turn=0, phase="mission", side=s.attacker, who=em.s.side_name(s.attacker)))
    elif t is A.ChooseMission:
        em.emit(E.MissionChosen(kind=s.mission.kind, primary=tuple(a.primary), secondary=tuple(a.secondary),
                                private=s.attacker))
        MI.after_mission(em)
        enter_deploy(em)
    elif t is A.Deploy:
        e = s.elements[a.element]
        heading = a.heading if a.formation == "extended" else 0.0
        em.emit(E.Deployed(element=e.id, side=e.side, who=s.side_name(e.side), name=public_name(e), x=a.x, y=a.y, formation=a.formation, heading=heading,
                           grid=grid_ref(a.x, a.y, s.table)))
        after_deploy_step(em)
    elif t is A.PlanInsertion:
        ins = next(i for i in s.insertions if i.id == a.insertion)
        em.emit(E.InsertionPlanned(insertion=a.insertion, method=ins.method, turn=a.turn, x=a.x, y=a.y,
                                   grid=grid_ref(a.x, a.y, s.table), private=a.side))
        after_deploy_step(em)
    elif t is A.SetFireOrder:
        e = s.elements[a.element]
        em.emit(E.FireOrderSet(element=e.id, name=e.name, order=a.order, private=a.side))
    elif t is A.Designate:
        SUP.designate(em, a.side, a.asset, a.x, a.y, a.number)
    elif t is A.AssaultMove:
        AS.resolve_assault_move(em, a.element, a.target, a.x, a.y, a.cp)
        TN.after_assault_move(em, a.side)
    elif t is A.EndAssaults:
        TN.end_assaults(em, a.side)
    elif t is A.Hold:
        e = s.elements[a.element]
        em.emit(E.ActivationBegan(element=e.id, name=public_name(e), x=e.x, y=e.y))
        TN.finish_activation(em, e.id)
    elif t is A.Roll:
        e = s.elements[a.element]
        if s.current is None:
            em.emit(E.ActivationBegan(element=e.id, name=public_name(e), x=e.x, y=e.y))
        result = resolve_roll(em, e, a.cp, a.into_open)
        if result == "fade":
            TN.end_without_fire(em, e.id)
    elif t is A.Move:
        TN.start_move(em, a.element, list(a.path), a.formation,
                      a.heading if a.heading is not None else move_heading(s.elements[a.element],
                                                                       [(s.elements[a.element].x, s.elements[a.element].y)] + list(a.path),
                                                                       a.formation or s.elements[a.element].formation),
                      a.non_tactical)
    elif t is A.Stay:
        TN.finish_activation(em, a.element)
    elif t is A.Embus:
        e, v = s.elements[a.element], s.elements[a.vehicle]
        em.emit(E.Embussed(element=e.id, name=public_name(e), vehicle=v.id, vehicle_name=v.name))
        TN.end_without_fire(em, e.id)
    elif t is A.Debus:
        e = s.elements[a.element]
        v = s.elements[e.carried_by]
        em.emit(E.Debussed(element=e.id, name=public_name(e), vehicle=v.id, vehicle_name=v.name, x=a.x, y=a.y))
        TN.finish_activation(em, e.id)
    elif t is A.Interrupt:
        TN.complete_move(em, s.pending, a.element)
    elif t is A.LetPass:
        TN.complete_move(em, s.pending, None)


__all__ = ["problem", "resolve", "deploy_problem", "to_deploy", "to_plan", "area_of", "end_of_use_fire"]

"""``apply``: the only mutation of a Foxhole state, one small function per event."""

from __future__ import annotations

from game.core.event import BattleEnded, DiceRolled, Event, Logged, PhaseBegan

from . import events as E
from .state import Activation, FoxState, Objective


def _phase(s: FoxState, ev: PhaseBegan) -> None:
    s.turn, s.phase, s.active = ev.turn, ev.phase, ev.side


def _location(s: FoxState, ev: E.LocationChosen) -> None:
    s.location = ev.location


def _objective(s: FoxState, ev: E.ObjectivePlaced) -> None:
    s.objectives.append(Objective(number=ev.number, x=ev.x, y=ev.y))


def _revealed(s: FoxState, ev: E.ObjectivesRevealed) -> None:
    for n in ev.numbers:
        o = s.objective(n)
        if o is not None:
            o.known = True


def _found(s: FoxState, ev: E.ObjectiveFound) -> None:
    o = s.objective(ev.number)
    if o is not None:
        o.known = True


def _achieved(s: FoxState, ev: E.ObjectiveAchieved) -> None:
    o = s.objective(ev.number)
    if o is not None:
        o.achieved = o.known = True


def _intel(s: FoxState, ev: E.IntelSet) -> None:
    s.intel[ev.side] = ev.total
    if ev.reveal is not None:
        s.reveal = ev.reveal


def _mission(s: FoxState, ev: E.MissionChosen) -> None:
    s.mission.kind = ev.kind  # type: ignore[assignment]
    s.mission.primary = list(ev.primary)
    s.mission.secondary = list(ev.secondary)
    s.mission.chosen = True


def _confirmed(s: FoxState, ev: E.PrimaryConfirmed) -> None:
    s.mission.confirmed = True
    if not s.mission.primary:
        s.mission.primary = list(ev.numbers)


def _markers(s: FoxState, ev: E.MarkersAssigned) -> None:
    for eid, m in ev.markers.items():
        if eid in s.elements:
            s.elements[eid].marker = m


def _deployed(s: FoxState, ev: E.Deployed) -> None:
    e = s.elements[ev.element]
    e.x, e.y, e.formation, e.heading, e.deployed, e.where = ev.x, ev.y, ev.formation, ev.heading, True, "table"  # type: ignore[assignment]


def _planned(s: FoxState, ev: E.InsertionPlanned) -> None:
    for ins in s.insertions:
        if ins.id == ev.insertion:
            ins.turn, ins.x, ins.y = ev.turn, ev.x, ev.y


def _arrival(s: FoxState, ev: E.ArrivalSet) -> None:
    for ins in s.insertions:
        if ins.id == ev.insertion:
            ins.arrival = ev.turn


def _landed(s: FoxState, ev: E.Landed) -> None:
    e = s.elements[ev.element]
    e.x, e.y, e.where, e.deployed = ev.x, ev.y, "table", True
    for ins in s.insertions:
        if ev.element in ins.elements:
            ins.arrived = True


def _cp(s: FoxState, ev: E.CommandPoints) -> None:
    s.cp[ev.side] = ev.points


def _reset(s: FoxState, ev: E.TurnReset) -> None:
    for e in s.elements.values():
        if e.side == ev.side:
            e.used = False
    s.advanced = [x for x in s.advanced if x != ev.side]
    s.assaults = []


def _began(s: FoxState, ev: E.ActivationBegan) -> None:
    s.current = Activation(element=ev.element, start=(ev.x, ev.y), route=[(ev.x, ev.y)], assault=ev.assault)


def _motivated(s: FoxState, ev: E.Motivated) -> None:
    a = s.current
    if a is not None and a.element == ev.element:
        a.result = ev.result  # type: ignore[assignment]
        a.rolls += 1
        a.into_open = a.into_open or ev.into_open
        a.stopped_at_open = False
        a.moved_since_roll = False
    s.cp[ev.side] = max(0, s.cp.get(ev.side, 0) - ev.cp)
    if ev.result in ("may", "must"):
        e = s.elements[ev.element]
        e.suppressed = False
        if not ev.free and ev.side not in s.advanced:
            s.advanced.append(ev.side)


def _mob(s: FoxState, ev: E.MobFell) -> None:
    s.elements[ev.element].motivation = ev.motivation


def _moved(s: FoxState, ev: E.Moved) -> None:
    e = s.elements[ev.element]
    old = (e.x, e.y)
    if ev.path:
        e.x, e.y = ev.path[-1]
    if ev.formation is not None and ev.formation != e.formation:
        e.formation = ev.formation  # type: ignore[assignment]
        if s.current is not None and s.current.element == e.id:
            s.current.formation_changed = True
    if ev.heading is not None:
        e.heading = ev.heading
    if ev.path:
        e.dug_in = False
        if e.route:
            e.route = _route_left([old] + list(e.route), e.x, e.y)
    for c in s.elements.values():
        if c.carried_by == e.id:
            c.x, c.y = e.x, e.y
    a = s.current
    if a is not None and a.element == e.id:
        a.route.extend(ev.path)
        a.moved = a.moved or bool(ev.path)
        a.non_tactical = a.non_tactical or ev.non_tactical
        a.used_fraction += ev.fraction
        a.stopped_at_open = ev.stopped_at_open
        a.moved_since_roll = a.moved_since_roll or bool(ev.path)


def _route_left(route, x: float, y: float) -> list:
    """The programmed route still ahead of an element that has moved to (x, y)
    along ``route`` (its old centre first)."""
    from shapely.geometry import LineString, Point
    pts = [tuple(p) for p in route]
    line = LineString(pts)
    d = line.project(Point(x, y))
    out, run = [], 0.0
    for i, p in enumerate(pts):
        if i:
            a = pts[i - 1]
            run += ((p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2) ** 0.5
        if i and run > d + 0.05:
            out.append(p)
    return out


def _sent_back(s: FoxState, ev: E.SentBack) -> None:
    e = s.elements[ev.element]
    e.x, e.y = ev.x, ev.y
    for c in s.elements.values():
        if c.carried_by == e.id:
            c.x, c.y = e.x, e.y
    a = s.current
    if a is not None and a.element == e.id:
        # the route back to where the move began: the cancelled part is not walked
        while a.route and a.route[-1] != (ev.x, ev.y):
            a.route.pop()
        if not a.route:
            a.route = [(ev.x, ev.y)]
        a.stopped_at_open = False


def _pending(s: FoxState, ev: E.PendingSet) -> None:
    s.pending = ev.pending


def _order(s: FoxState, ev: E.FireOrderSet) -> None:
    e = s.elements[ev.element]
    e.fire_order = ev.order  # type: ignore[assignment]
    e.order_turn = s.turn


def _revealed_el(s: FoxState, ev: E.Revealed) -> None:
    s.elements[ev.element].revealed = True


def _status(s: FoxState, ev: E.StatusSet) -> None:
    e = s.elements[ev.element]
    if ev.suppressed is not None:
        e.suppressed = ev.suppressed
    if ev.reduced is not None:
        e.reduced = ev.reduced
    if ev.where is not None:
        e.where = ev.where  # type: ignore[assignment]
        if e.where in ("destroyed", "faded"):
            e.carried_by = None
            s.crossings = [c for c in s.crossings if c.pioneer != e.id]
        if e.where == "table":
            e.carried_by = None
    if ev.x is not None and ev.y is not None:
        e.x, e.y = ev.x, ev.y


def _faded(s: FoxState, ev: E.Faded) -> None:
    e = s.elements[ev.element]
    e.where = "faded"
    s.crossings = [c for c in s.crossings if c.pioneer != e.id]


def _ended(s: FoxState, ev: E.ActivationEnded) -> None:
    e = s.elements.get(ev.element)
    if e is not None:
        e.used = True
        for c in s.elements.values():
            if c.carried_by == e.id:
                c.used = True
    s.current = None


def _contact(s: FoxState, ev: E.AssaultContact) -> None:
    rec = next((a for a in s.assaults if a.target == ev.target), None)
    if rec is None:
        from .state import AssaultRec
        rec = AssaultRec(target=ev.target)
        s.assaults.append(rec)
    rec.attackers.append(ev.element)
    rec.starts[ev.element] = ev.start


def _primary(s: FoxState, ev: E.PrimaryDesignated) -> None:
    rec = next((a for a in s.assaults if a.target == ev.target), None)
    if rec is not None:
        rest = [x for x in rec.attackers if x != ev.element]
        rec.attackers = ([ev.element] if ev.element else []) + rest


def _assaults_over(s: FoxState, ev: E.AssaultsOver) -> None:
    for a in s.assaults:
        a.resolved = True


def _designated(s: FoxState, ev: E.StrikeDesignated) -> None:
    s.strikes.append(ev.strike)
    s.numbers.setdefault(ev.strike.side, []).append(ev.strike.number)
    for a in s.assets:
        if a.id == ev.strike.asset:
            a.missions -= 1


def _strike_total(s: FoxState, ev: E.StrikeTotal) -> None:
    for st in s.strikes:
        if st.id == ev.strike:
            st.total = ev.total


def _strike_fired(s: FoxState, ev: E.StrikeFired) -> None:
    for st in s.strikes:
        if st.id == ev.strike:
            st.fired = True


def _embussed(s: FoxState, ev: E.Embussed) -> None:
    e, v = s.elements[ev.element], s.elements[ev.vehicle]
    e.where, e.carried_by, e.x, e.y, e.bussed_turn = "carried", v.id, v.x, v.y, s.turn
    e.formation = "normal"


def _debussed(s: FoxState, ev: E.Debussed) -> None:
    e = s.elements[ev.element]
    e.where, e.carried_by, e.x, e.y, e.bussed_turn = "table", None, ev.x, ev.y, s.turn


def _crossing_opened(s: FoxState, ev: E.CrossingOpened) -> None:
    s.crossings = [c for c in s.crossings if c.pioneer != ev.crossing.pioneer] + [ev.crossing]


def _crossing_closed(s: FoxState, ev: E.CrossingClosed) -> None:
    s.crossings = [c for c in s.crossings if c.pioneer != ev.pioneer]


def _sprung(s: FoxState, ev: E.Sprung) -> None:
    s.sprung = True
    for e in s.elements.values():
        e.route = []


def _decided(s: FoxState, ev: E.Decided) -> None:
    s.decided, s.result_winner, s.result_reason = True, ev.winner, ev.reason


def _noop(s: FoxState, ev: Event) -> None:
    return None


HANDLERS = {
    PhaseBegan: _phase, E.Phase: _phase, E.LocationChosen: _location, E.ObjectivePlaced: _objective, E.ObjectivesRevealed: _revealed,
    E.ObjectiveFound: _found, E.ObjectiveAchieved: _achieved, E.IntelSet: _intel, E.MissionChosen: _mission,
    E.PrimaryConfirmed: _confirmed, E.MarkersAssigned: _markers, E.Deployed: _deployed,
    E.InsertionPlanned: _planned, E.ArrivalSet: _arrival, E.Landed: _landed, E.CommandPoints: _cp,
    E.TurnReset: _reset, E.ActivationBegan: _began, E.Motivated: _motivated, E.MobFell: _mob, E.Moved: _moved,
    E.SentBack: _sent_back, E.PendingSet: _pending, E.FireOrderSet: _order, E.Revealed: _revealed_el,
    E.StatusSet: _status, E.Faded: _faded, E.ActivationEnded: _ended, E.AssaultContact: _contact,
    E.PrimaryDesignated: _primary, E.AssaultsOver: _assaults_over,
    E.StrikeDesignated: _designated, E.StrikeTotal: _strike_total, E.StrikeFired: _strike_fired,
    E.Embussed: _embussed, E.Debussed: _debussed, E.CrossingOpened: _crossing_opened,
    E.CrossingClosed: _crossing_closed, E.Sprung: _sprung, E.Decided: _decided,
    DiceRolled: _noop, Logged: _noop, BattleEnded: _noop, E.Attacked: _noop,
}


def apply(s: FoxState, ev: Event) -> None:
    """Apply one event (the ruleset's ``apply``). Raises KeyError for an event type it does not know."""
    HANDLERS[type(ev)](s, ev)

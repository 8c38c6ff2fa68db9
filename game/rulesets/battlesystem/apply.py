"""The only mutation: one event applied to the state."""

from __future__ import annotations

from game.core.event import Event, PhaseBegan
from game.core.ruleset import RULES_SIDE

from . import events as E
from .state import BSState, MagicArea, Pending, Unit

#: per-round records of a unit, cleared as a round begins
ROUND_FIELDS = {"moved": 0.0, "move_began": False, "move_done": False, "forced_march": False, "charged": None,
                "charge_failed": False, "fired": 0, "fired_in": [], "rallied": False, "engaged_start": False,
                "pinned": False, "no_charge": [], "attacked": False, "idle": True, "frontage_way": 0, "wrap": 0}


def _active(s: BSState) -> None:
    if s.result is not None:
        s.active = None
    elif s.pending is not None:
        s.active = s.pending.data.get("side") or s.units[s.pending.unit].side
    else:
        s.active = s.queue[0].side if s.queue else RULES_SIDE


def apply(s: BSState, ev: Event) -> None:
    t = type(ev)
    if t is E.Changed:
        u = s.units[ev.unit]
        for k, v in ev.changes.items():
            setattr(u, k, v)
        if u.figures == 0 and u.status in ("ok", "routed"):
            u.status = "destroyed"
    elif t is E.Attack:
        if ev.defender in s.units:
            s.units[ev.defender].attacked = True
            s.units[ev.defender].idle = False
        if ev.attacker in s.units:
            s.units[ev.attacker].idle = False
    elif t is E.Casualties:
        u = s.units[ev.unit]
        u.figures, u.wounded = ev.figures, ev.wounded
        if u.figures == 0 and u.status in ("ok", "routed"):
            u.status = "destroyed"
    elif t is E.IndividualChanged:
        c = s.chars[ev.individual]
        for k, v in ev.changes.items():
            setattr(c, k, v)
    elif t is E.RoundBegan:
        s.turn = ev.turn
        s.rally_tried, s.rally_used = [], []
        for u in s.units.values():
            for k, v in ROUND_FIELDS.items():
                setattr(u, k, list(v) if isinstance(v, list) else v)
        for c in s.chars.values():
            c.moved, c.move_done = 0.0, False
    elif t is E.Sequenced:
        s.phase = ev.phase
        s.queue = [q.model_copy() for q in ev.queue]
        if ev.order is not None:
            s.order = list(ev.order)
        if ev.first_mover is not None:
            s.first_mover = ev.first_mover
        _active(s)
    elif t is E.StepDone:
        if s.queue:
            s.queue = s.queue[1:]
        _active(s)
    elif t is E.RallyAttempt:
        s.rally_tried = s.rally_tried + [ev.unit]
        s.rally_used = s.rally_used + [ev.commander]
    elif t is E.PendingSet:
        p = ev.pending
        s.pending = Pending(kind=p["kind"], unit=p["unit"], enemy=p["enemy"],
                            data=dict(p.get("data", {}), side=p.get("side"))) if p else None
        _active(s)
    elif t is E.Ended:
        s.result = ev.winner or "draw"
        s.result_reason = ev.reason
        _active(s)
    elif t is E.WorldChanged:
        for k, v in ev.changes.items():
            setattr(s, k, [MagicArea.model_validate(a) for a in v] if k == "areas" else v)
    elif t is E.UnitCreated:
        u = Unit.model_validate(ev.unit)
        s.units = {**s.units, u.id: u}
    elif isinstance(ev, PhaseBegan):
        s.turn, s.phase = ev.turn, ev.phase

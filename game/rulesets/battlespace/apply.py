"""``apply``: the only mutation of Battlespace state, one small branch per event."""

from __future__ import annotations

from game.core.event import Event, PhaseBegan

from . import events as E
from .data import data
from .state import BSState, Fig, Smoke


def _release(s: BSState, f: Fig) -> None:
    if f.carrying and f.carrying in s.figs:
        s.figs[f.carrying].carried_by = None
    f.carrying = None
    f.dragging = False
    f.suppress = None


def apply(s: BSState, ev: Event) -> None:
    """Apply one event to ``s`` in place."""
    t = type(ev)
    if t is E.Placed:
        f = s.figs[ev.unit]
        f.x, f.y, f.z, f.on = ev.x, ev.y, ev.z, ev.on
        if f.carrying and f.carrying in s.figs:
            c = s.figs[f.carrying]
            c.x, c.y, c.z, c.on = ev.x, ev.y, ev.z, ev.on
    elif t is E.Changed:
        f = s.figs[ev.unit]
        for k, v in ev.changes.items():
            setattr(f, k, v)
    elif t is E.OrderUsed:
        f = s.figs[ev.unit]
        f.orders = max(0, f.orders - ev.cost)
        f.used.append(ev.order)
    elif t is E.Activated:
        f = s.figs[ev.unit]
        f.activated, f.orders, f.move_only = True, ev.orders, ev.move_only
        s.current = ev.unit
    elif t is E.ActivationEnded:
        s.current = None
        s.figs[ev.unit].orders = 0
    elif t is E.Handover:
        s.active, s.phase = ev.active, ev.phase
    elif t is E.Wounded or t is E.Healed:
        f = s.figs[ev.unit]
        f.wounds = ev.total
        if t is E.Wounded and f.kind == "soldier" and ev.total >= data().tables.wound_track.penalty_at:
            f.third_wound = True
        f.status = ev.status
        if ev.status in ("down", "kia"):
            _release(s, f)
            if f.carried_by and f.carried_by in s.figs:
                s.figs[f.carried_by].carrying = None
                s.figs[f.carried_by].dragging = False
                f.carried_by = None
            if s.current == f.id:
                s.current = None
        if ev.status == "kia":
            f.vehicle = f.seat = None
    elif t is E.Removed:
        f = s.figs[ev.unit]
        f.status = ev.status
        _release(s, f)
        f.vehicle = f.seat = None
        if s.current == f.id:
            s.current = None
    elif t is E.FigAdded:
        f = Fig.model_validate(ev.fig)
        s.figs[f.id] = f
        s.counter += 1
    elif t is E.CardDrawn:
        if s.deck and s.deck[0] == ev.card:
            s.deck.pop(0)
        s.discard.append(ev.card)
    elif t is E.DeckShuffled:
        s.deck = list(ev.order)
        s.discard = []
    elif t is E.SmokeLaid:
        s.smoke.append(Smoke(id=ev.id, ring=ev.ring, until_turn=ev.until_turn))
        s.counter += 1
    elif t is E.SmokeCleared:
        s.smoke = [x for x in s.smoke if x.id != ev.id]
    elif t is E.VehicleMoved:
        v = s.vehicles[ev.vehicle]
        v.dx, v.dy = round(v.dx + ev.dx, 2), round(v.dy + ev.dy, 2)
        for feat in s.terrain:
            if feat.id == ev.vehicle:
                feat.exterior = [(round(x + ev.dx, 4), round(y + ev.dy, 4)) for x, y in feat.exterior]
                feat.holes = [[(round(x + ev.dx, 4), round(y + ev.dy, 4)) for x, y in h] for h in feat.holes]
        for f in s.figs.values():
            if f.vehicle == ev.vehicle:
                f.x, f.y = round(f.x + ev.dx, 4), round(f.y + ev.dy, 4)
    elif t is E.VehicleHit:
        v = s.vehicles[ev.vehicle]
        v.hits, v.disabled = ev.hits, ev.disabled
    elif t is E.ObjectiveSet:
        s.obj[ev.key] = ev.value
    elif t is E.PhaseFlags:
        s.hold, s.rush, s.targeted = ev.hold, ev.rush, list(ev.targeted)
    elif t is E.Targeted:
        s.targeted.append(ev.unit)
    elif t is E.MissionEnded:
        s.result = "success" if ev.success else "failure"
        s.result_reason = ev.reason
    elif t is E.TurnCleared:
        for f in s.figs.values():
            f.activated = False
            f.orders = 0
            f.used = []
            f.move_only = False
            if f.dragging and not f.carrying:
                f.dragging = False
        s.targeted = []
        s.hold = s.rush = False
        s.current = None
    elif t is PhaseBegan:
        s.turn, s.phase, s.active = ev.turn, ev.phase, ev.side

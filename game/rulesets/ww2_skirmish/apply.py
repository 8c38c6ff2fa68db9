"""``apply``: the only mutation of a WW2 skirmish state, one small step per event."""

from __future__ import annotations

from game.core.event import Event, PhaseBegan

from . import events as E
from .state import Feat, Pending, WWState


def apply(s: WWState, ev: Event) -> None:
    """Apply one event to ``s`` in place."""
    s.memo().clear()
    if isinstance(ev, E.StateSet):
        for k, v in ev.fields.items():
            setattr(s, k, v)
    elif isinstance(ev, E.UnitSet):
        u = s.units[ev.unit]
        for k, v in ev.fields.items():
            setattr(u, k, v)
    elif isinstance(ev, E.Paid):
        s.cache[ev.side] = s.cache.get(ev.side, 0) - ev.cost
        s.slots[ev.unit] = s.slots.get(ev.unit, 0) + ev.slots
        if ev.unit not in s.activated:
            s.activated.append(ev.unit)
        if ev.free and ev.unit not in s.free_used:
            s.free_used.append(ev.unit)
        s.seq_started = True
    elif isinstance(ev, E.UnitMoved):
        for mid, x, y in ev.positions:
            m = s.models[mid]
            m.x, m.y = x, y
        s.units[ev.unit].heading = ev.heading
    elif isinstance(ev, E.ModelDamaged):
        m = s.models[ev.model]
        m.damage += ev.damage
        if ev.removed:
            m.alive = False
            if ev.by is not None:
                s.destroyed[ev.by] = s.destroyed.get(ev.by, 0) + ev.value
    elif isinstance(ev, E.BarricadeAdded):
        s.features = s.features + [Feat(id=ev.id, kind=ev.kind, name="", exterior=ev.exterior, height=ev.height)]
        s.barricades_placed += 1
        if ev.kind in s.barricade_stock:
            s.barricade_stock.remove(ev.kind)
    elif isinstance(ev, E.HandSet):
        h = s.hands[ev.side]
        for k, v in ev.fields.items():
            setattr(h, k, v)
    elif isinstance(ev, E.MissionRevealed):
        h = s.hands[ev.side]
        h.revealed = True
        h.kept = ev.mission
        if ev.target is not None:
            h.target = ev.target
    elif isinstance(ev, E.PendingAdded):
        s.pending.append(Pending(kind=ev.kind, side=ev.side, unit=ev.unit, options=list(ev.options), enemy=ev.enemy))
    elif isinstance(ev, E.PendingDone):
        if s.pending:
            s.pending.pop(0)
    elif isinstance(ev, PhaseBegan):
        s.turn = ev.turn
        s.phase = ev.phase
        s.seq_count = 0

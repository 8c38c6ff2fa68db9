"""Events of Battlespace (facts, past tense). ``apply.py`` applies them.

``name``-like fields (``name``, ``attacker_name``, ``other``, ...) hold the display
names of the models an event names, filled in by the emitter
(``describe.annotate``) so the battle log can be written from the event alone."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from game.core.event import CORE_EVENTS, Event
from game.core.model import Mm


class Activated(Event):
    type: Literal["bs_activated"] = "bs_activated"
    unit: str
    orders: int
    move_only: bool = False
    name: str = ""


class OrderUsed(Event):
    type: Literal["bs_order_used"] = "bs_order_used"
    unit: str
    order: str
    cost: int
    name: str = ""


class ActivationEnded(Event):
    type: Literal["bs_activation_ended"] = "bs_activation_ended"
    unit: str
    name: str = ""


class Handover(Event):
    """The fireteam side to act (co-op alternation) or the rules side."""

    type: Literal["bs_handover"] = "bs_handover"
    active: str
    phase: str
    name: str = ""


class Placed(Event):
    """A model now stands at (x, y) on a surface ``z`` mm high (``on``: the feature it stands on)."""

    type: Literal["bs_placed"] = "bs_placed"
    unit: str
    x: Mm
    y: Mm
    z: float = 0.0
    on: str | None = None
    name: str = ""
    dist: Mm = 0.0
    #: direction of the move, degrees clockwise from +x (east; 90 is south)
    bearing: float = 0.0
    #: which way the move went in words ("toward the humvee", "north-east"; filled by the emitter)
    way: str = ""
    #: the name of the feature ``on`` (filled by the emitter)
    on_name: str = ""


class Changed(Event):
    """Status flags of a model changed (prone, jammed, suppress, melee, vehicle, ...)."""

    type: Literal["bs_changed"] = "bs_changed"
    unit: str
    changes: dict[str, Any]
    name: str = ""
    other: str = ""


class Attacked(Event):
    """An attack was resolved (the dice roll is its own event just before)."""

    type: Literal["bs_attacked"] = "bs_attacked"
    attacker: str
    target: str
    kind: str
    hit: bool
    need: int = 0
    attacker_name: str = ""
    target_name: str = ""


class Wounded(Event):
    type: Literal["bs_wounded"] = "bs_wounded"
    COMMITS: ClassVar[bool] = True
    unit: str
    amount: int
    total: int
    status: str
    name: str = ""
    #: what the wounds are made of: the cause and its wounds first ("assault rifle", 1), then each extra
    #: ("point blank", 1); they add up to ``amount``
    parts: tuple[tuple[str, int], ...] = ()


class Healed(Event):
    type: Literal["bs_healed"] = "bs_healed"
    unit: str
    total: int
    status: str
    name: str = ""


class Removed(Event):
    type: Literal["bs_removed"] = "bs_removed"
    unit: str
    status: str
    name: str = ""


class FigAdded(Event):
    type: Literal["bs_fig_added"] = "bs_fig_added"
    COMMITS: ClassVar[bool] = True
    fig: dict[str, Any]
    where: str = ""


class CardDrawn(Event):
    """The top SITREP card was drawn (it goes to the discard pile once resolved)."""

    type: Literal["bs_card_drawn"] = "bs_card_drawn"
    COMMITS: ClassVar[bool] = True
    card: str
    applies: bool = True
    #: what the card brings instead of what it names, in words ("" when as printed):
    #: "Mission 1 fields no Veterans, so a Fighter enters" (Set Up: Fighters only in the first game)
    instead: str = ""


class DeckShuffled(Event):
    type: Literal["bs_deck_shuffled"] = "bs_deck_shuffled"
    COMMITS: ClassVar[bool] = True
    order: list[str]


class SmokeLaid(Event):
    type: Literal["bs_smoke_laid"] = "bs_smoke_laid"
    id: str
    ring: list[tuple[float, float]]
    until_turn: int
    #: where the smoke is, in words ("by the humvee"; filled by the emitter)
    where: str = ""


class SmokeCleared(Event):
    type: Literal["bs_smoke_cleared"] = "bs_smoke_cleared"
    id: str


class VehicleHit(Event):
    type: Literal["bs_vehicle_hit"] = "bs_vehicle_hit"
    vehicle: str
    hits: int
    disabled: bool
    name: str = ""


class VehicleMoved(Event):
    """A vehicle drove: its footprint moved by (dx, dy) mm, its centre is now (x, y);
    ``stopped_by`` names what it ran into (empty: it went the whole way)."""

    type: Literal["bs_vehicle_moved"] = "bs_vehicle_moved"
    vehicle: str
    dx: Mm
    dy: Mm
    x: Mm
    y: Mm
    dist: Mm = 0.0
    stopped_by: str = ""
    name: str = ""
    #: which way it drove in words (filled by the emitter)
    way: str = ""


class ObjectiveSet(Event):
    type: Literal["bs_objective"] = "bs_objective"
    key: str
    value: Any


class PhaseFlags(Event):
    """SITREP phase flags: enemies hold or rush; targets already taken this phase."""

    type: Literal["bs_phase_flags"] = "bs_phase_flags"
    hold: bool = False
    rush: bool = False
    targeted: list[str] = []
    #: the flags set as the SITREP phase begins (not by a card drawn in it)
    start: bool = False


class Targeted(Event):
    """An enemy (``attacker``) takes aim at ``unit``: the model counts as targeted this SITREP phase."""

    type: Literal["bs_targeted"] = "bs_targeted"
    unit: str
    name: str = ""
    attacker: str = ""
    attacker_name: str = ""


class MissionEnded(Event):
    type: Literal["bs_mission_ended"] = "bs_mission_ended"
    success: bool
    reason: str


class TurnCleared(Event):
    """Clear phase: activation markers removed, a new turn begins."""

    type: Literal["bs_turn_cleared"] = "bs_turn_cleared"
    turn: int


EVENTS = CORE_EVENTS + (Activated, OrderUsed, ActivationEnded, Handover, Placed, Changed, Attacked, Wounded, Healed,
                        Removed, FigAdded, CardDrawn, DeckShuffled, SmokeLaid, SmokeCleared, VehicleHit, VehicleMoved,
                        ObjectiveSet,
                        PhaseFlags, Targeted, MissionEnded, TurnCleared)

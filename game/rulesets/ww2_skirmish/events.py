"""Events of the WW2 trench skirmish (facts, past tense); ``apply.py`` applies them.

Every event carries ``text``: its battle-log line, written with names (never
ids) when the event is made, so the log reads from the event alone. Events
about hidden missions say only what the opponent may know ("red keeps one
of its two missions"); :class:`MissionRevealed` names the card.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from game.core.event import CORE_EVENTS, Event, PhaseBegan
from game.core.model import Mm


class StateSet(Event):
    """Battle-wide fields changed (stage, roles, the side acting, the cache, conditions...)."""

    type: Literal["ww2_state_set"] = "ww2_state_set"
    fields: dict[str, Any]
    text: str = ""


class UnitSet(Event):
    """Fields of one unit changed (tokens, status, heat, facing, weapons...)."""

    type: Literal["ww2_unit_set"] = "ww2_unit_set"
    unit: str
    fields: dict[str, Any]
    text: str = ""


class Paid(Event):
    """A unit acted: its action cost ``cost`` from the side's command cache and
    used ``slots`` of its two actions (Actions)."""

    type: Literal["ww2_paid"] = "ww2_paid"
    side: str
    unit: str
    cost: int
    slots: int
    free: bool = False
    text: str = ""


class UnitMoved(Event):
    """The unit's models now stand at ``positions`` ((model, x, y) mm), facing ``heading``."""

    type: Literal["ww2_unit_moved"] = "ww2_unit_moved"
    unit: str
    positions: list[tuple[str, Mm, Mm]]
    heading: float
    text: str = ""


class ModelDamaged(Event):
    """A model took ``damage``; ``removed`` when its wounds are gone."""

    type: Literal["ww2_model_damaged"] = "ww2_model_damaged"
    model: str
    damage: int
    removed: bool = False
    by: str | None = None  #: the side that did it (for destroyed silver)
    value: int = 0  #: the silver the model was worth when removed
    text: str = ""


class BarricadeAdded(Event):
    """A barricade stands on the table now (the defence's set-up)."""

    type: Literal["ww2_barricade_added"] = "ww2_barricade_added"
    id: str
    kind: str
    exterior: list[tuple[float, float]]
    height: float
    text: str = ""


class HandSet(Event):
    """A side's mission cards changed. Its text never names a hidden card."""

    type: Literal["ww2_hand_set"] = "ww2_hand_set"
    side: str
    fields: dict[str, Any]
    text: str = ""


class MissionRevealed(Event):
    """A side's active mission is revealed (by its card, by choice, after 3 turns, when done)."""

    COMMITS: ClassVar[bool] = True
    type: Literal["ww2_mission_revealed"] = "ww2_mission_revealed"
    side: str
    mission: str
    target: str | None = None
    text: str = ""


class PendingAdded(Event):
    """The rules wait for a decision (a weapon lost, an ambush reaction, a target)."""

    type: Literal["ww2_pending_added"] = "ww2_pending_added"
    kind: str
    side: str
    unit: str = ""
    options: list[str] = []
    enemy: str = ""
    text: str = ""


class PendingDone(Event):
    """The first waiting decision was taken."""

    type: Literal["ww2_pending_done"] = "ww2_pending_done"
    text: str = ""


class Note(Event):
    """A line of the log that changes nothing (a rule applied, a result)."""

    type: Literal["ww2_note"] = "ww2_note"
    text: str
    side: str | None = None


class TurnBegan(PhaseBegan):
    """A turn started (Sequence of Play: the offence activates first): a
    :class:`PhaseBegan` with its log line, the side that acts first named as
    a sentence's subject ("Turn 2 of 8 begins: the British act first")."""

    type: Literal["ww2_turn_began"] = "ww2_turn_began"  # type: ignore[assignment]
    text: str = ""


EVENTS = CORE_EVENTS + (TurnBegan, StateSet, UnitSet, Paid, UnitMoved, ModelDamaged, BarricadeAdded, HandSet, MissionRevealed,
                        PendingAdded, PendingDone, Note)

"""Events of the Battlesystem ruleset: facts in the past tense.

Every event carries ``text``: its line for the battle log, written with names when the
rules emit it, so the log needs no state.
"""

from __future__ import annotations

from typing import Any, Literal

from game.core.event import CORE_EVENTS, Event, PhaseBegan

from .state import Step


class BTSEvent(Event):
    text: str = ""


class RoundBegan(PhaseBegan):
    """A game round began: the per-round records of every unit are cleared (a phase event, so
    the battle log counts rounds)."""

    type: Literal["bts_round"] = "bts_round"
    phase: str = "initiative"
    text: str = ""


class Sequenced(BTSEvent):
    """The phase and the steps of the round's sequence still to come ([1.1]-[1.7])."""

    type: Literal["bts_sequence"] = "bts_sequence"
    phase: str
    queue: list[Step]
    order: list[str] | None = None
    first_mover: str | None = None


class StepDone(BTSEvent):
    """The side at the head of the queue is done with its step."""

    type: Literal["bts_step_done"] = "bts_step_done"
    side: str


class Changed(BTSEvent):
    """Fields of a unit changed (position, formation, status, records of the round)."""

    type: Literal["bts_changed"] = "bts_changed"
    unit: str
    changes: dict[str, Any]


class IndividualChanged(BTSEvent):
    """Fields of an individual changed."""

    type: Literal["bts_individual"] = "bts_individual"
    individual: str
    changes: dict[str, Any]


class Casualties(BTSEvent):
    """A unit lost figures and/or gained or lost wounded figures ([8.7])."""

    type: Literal["bts_casualties"] = "bts_casualties"
    unit: str
    killed: int
    figures: int  #: figures left
    wounded: int  #: wounded figures now


class Attack(BTSEvent):
    """One attack read on the CRT ([8.4]): the attack roll, the columns read, hit dice per
    figure, the attacking figures and the total hit dice of damage."""

    type: Literal["bts_attack"] = "bts_attack"
    attacker: str
    defender: str
    attack_roll: int
    readings: list[str]
    per_figure: int
    figures: int
    damage: float


class RallyAttempt(BTSEvent):
    """A commander tried to rally a unit or give a mob an order this round ([6.0])."""

    type: Literal["bts_rally_attempt"] = "bts_rally_attempt"
    unit: str
    commander: str


class PendingSet(BTSEvent):
    """The rules wait for a side's answer (a fighting withdrawal to follow or not)."""

    type: Literal["bts_pending"] = "bts_pending"
    pending: dict[str, Any] | None


class Ended(BTSEvent):
    """The battle's result is decided."""

    type: Literal["bts_ended"] = "bts_ended"
    winner: str | None
    reason: str


class SpellCast(BTSEvent):
    """[14.0] a spell, breath, item or power was used (``ok`` False: it failed and is spent,
    [14.4]); its effects follow as other events."""

    type: Literal["bts_spell"] = "bts_spell"
    caster: str
    spell: str
    x: float
    y: float
    ok: bool = True


class WorldChanged(BTSEvent):
    """Battle-wide fields changed (weather, night, magic areas: part 2)."""

    type: Literal["bts_world"] = "bts_world"
    changes: dict[str, Any]


class UnitCreated(BTSEvent):
    """[14.10] a unit came into play (summoned troops)."""

    type: Literal["bts_unit_created"] = "bts_unit_created"
    unit: dict[str, Any]


EVENTS = CORE_EVENTS + (RoundBegan, Sequenced, StepDone, Changed, IndividualChanged, Casualties, Attack, RallyAttempt, PendingSet,
                        Ended, SpellCast, WorldChanged, UnitCreated)

"""Events: facts in the past tense, the only way battle state changes.

Rulesets define their own event classes on :class:`Event`; the core defines
the ones every ruleset shares.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from game.core.model import Tagged


class Event(Tagged):
    """Base of every event. ``type`` is the event's tag (``"moved"``, ...).

    ``COMMITS`` marks event classes that make their action a commit point
    (it rolled dice or revealed hidden information): undo stops there.
    """

    COMMITS: ClassVar[bool] = False


class DiceRolled(Event):
    """A roll of the battle dice (design: Randomness).

    ``faces`` are the dice as they landed, ``natural`` their sum, ``modifiers``
    labelled additions, ``total`` the final value. ``purpose`` says what the
    roll decides, in plain words.
    """

    COMMITS: ClassVar[bool] = True
    type: Literal["dice_rolled"] = "dice_rolled"
    purpose: str
    notation: str
    faces: tuple[int, ...]
    natural: int
    modifiers: tuple[tuple[str, int], ...] = ()
    total: int
    side: str | None = None

    def dice_text(self) -> str:
        """The roll in one short form: notation, faces, labelled modifiers and
        total (``"2d6 [3, 5] -1 under fire = 7"``); every log uses it."""
        mods = "".join(f" {v:+d} {k}" for k, v in self.modifiers)
        return f"{self.notation} {list(self.faces)}{mods} = {self.total}"

    def describe(self) -> str:
        """``purpose: dice_text()``, the plain line for a log."""
        return f"{self.purpose}: {self.dice_text()}"


class PhaseBegan(Event):
    """A turn or phase started."""

    type: Literal["phase_began"] = "phase_began"
    turn: int
    phase: str
    side: str | None = None


class BattleEnded(Event):
    """The battle is over: ``winner`` is a side id or None for a draw."""

    type: Literal["battle_ended"] = "battle_ended"
    winner: str | None
    reason: str


class Logged(Event):
    """A line for the battle log that changes nothing (a rule explained)."""

    type: Literal["logged"] = "logged"
    text: str
    side: str | None = None


CORE_EVENTS: tuple[type[Event], ...] = (DiceRolled, PhaseBegan, BattleEnded, Logged)

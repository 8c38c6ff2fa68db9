"""The event emitter rulesets resolve with: the events of one ``resolve``, each applied to a
scratch copy of the state as it is emitted, so later decisions see earlier effects (the real
state is changed only by the engine, design principle 2)."""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

from game.core.dice import Dice
from game.core.event import DiceRolled, Event, Logged, Target
from game.core.state import BattleState

S = TypeVar("S", bound=BattleState)


class Emitter(Generic[S]):
    """Collects events for one ``resolve``.

    Args:
        state: the state the action is resolved on (copied with ``clone``; never changed).
        dice: the battle's dice.
        apply: the ruleset's one mutation, ``apply(state, event)``.

    Subclasses may override :meth:`prepare` to complete an event (names for the log) before
    it is applied.
    """

    def __init__(self, state: S, dice: Dice, apply: Callable[[S, Event], None]) -> None:
        self.s: S = state.clone()
        self.dice = dice
        self._apply = apply
        self.events: list[Event] = []

    def prepare(self, ev: Event) -> Event:
        """The event as it will be applied and recorded (default: unchanged)."""
        return ev

    def emit(self, ev: Event) -> Event:
        """Apply ``ev`` to the scratch state and record it."""
        ev = self.prepare(ev)
        self._apply(self.s, ev)
        self.events.append(ev)
        return ev

    def roll(self, notation: str, purpose: str, mods=(), side: str | None = None,
             target: Target | None = None) -> DiceRolled:
        """Roll and record; ``target`` is the number the roll is compared with, itemised."""
        ev = self.dice.roll(notation, purpose, mods, side, target)
        self.emit(ev)
        return ev

    def log(self, text: str, side: str | None = None) -> None:
        """A log line that changes nothing."""
        self.emit(Logged(text=text, side=side))

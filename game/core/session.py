"""A battle in progress: ruleset, state, dice and history together.

:class:`Battle` is what the turn controller, the UI and the CLI hold. It
submits actions through :func:`game.core.engine.step`, records them, tells
listeners (the replay writer), and undoes to the last commit point by
re-simulating from the seed.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Callable, Protocol

from game.core.action import Action
from game.core.dice import Dice
from game.core.engine import commits, step
from game.core.event import Event
from game.core.history import Entry, History
from game.core.overrides import BattleTables
from game.core.ruleset import Accepted, Rejected, Ruleset
from game.core.state import BattleState
from game.data.maps import MapFile
from game.data.scenario import Scenario


class Listener(Protocol):
    """Told of every accepted action and every undo (e.g. a replay writer)."""

    def on_action(self, battle: "Battle", entry: Entry) -> None: ...

    def on_undo(self, battle: "Battle", keep: int) -> None: ...


class Battle:
    """One battle: a pure function of (ruleset, scenario and map, seed, actions).

    Args:
        ruleset: the ruleset object (``RULESET`` of a ruleset package).
        scenario: the scenario.
        map_file: the map the scenario names.
        seed: the battle seed.
    """

    def __init__(self, ruleset: Ruleset, scenario: Scenario, map_file: MapFile, seed: int) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self.map = map_file
        self.seed = int(seed)
        self.listeners: list[Listener] = []
        #: this battle's own copy of the ruleset's data when the scenario overrides some of it
        #: (game/core/overrides.py): the rules read it while this battle sets up, resolves an
        #: action or lets an agent choose (:meth:`holding`), and no other battle ever does
        self.tables = BattleTables(ruleset, scenario.data_overrides)
        self._reset()

    def holding(self) -> AbstractContextManager[None]:
        """Within the block the ruleset's rules read this battle's data
        (its overrides, if any; the loaded data otherwise)."""
        return self.tables.holding()

    def _reset(self) -> None:
        self.dice = Dice(self.seed)
        with self.holding():
            self.state: BattleState = self.ruleset.setup(self.scenario, self.map, self.dice)
        self.history = History()

    # -- queries -------------------------------------------------------------
    @property
    def active_side(self) -> str | None:
        """The side to act, or None when the battle is over."""
        return None if self.state.over else self.ruleset.active_side(self.state)

    @property
    def over(self) -> bool:
        """True once the battle has ended."""
        return self.state.over

    def events(self) -> list[Event]:
        """Every event so far, in order."""
        return [ev for e in self.history.entries for ev in e.events]

    # -- change ----------------------------------------------------------------
    def submit(self, action: Action, reason: dict | None = None) -> Accepted | Rejected:
        """Resolve and apply ``action``; record it when accepted (with the
        agent's ``reason`` for choosing it, if any: shown and recorded, never
        part of the battle)."""
        with self.holding():
            result = step(self.ruleset, self.state, action, self.dice)
        if result.ok:
            entry = Entry(action, result.events, commits(result.events), reason)
            self.history.add(entry)
            for listener in self.listeners:
                listener.on_action(self, entry)
        return result

    def can_undo(self, side: str | None = None) -> int:
        """How many trailing actions ``side`` (None: anyone) may undo."""
        return self.history.undoable(lambda a: side is None or a.side == side)

    def undo(self, side: str | None = None, count: int | None = None) -> int:
        """Take back up to ``count`` (default: all undoable) trailing actions,
        never past the last commit point. Returns how many were undone."""
        n = self.can_undo(side)
        if count is not None:
            n = min(n, count)
        if n == 0:
            return 0
        keep = len(self.history) - n
        self.replay_actions(self.history.actions()[:keep])
        for listener in self.listeners:
            listener.on_undo(self, keep)
        return n

    def replay_actions(self, actions: list[Action], on_each: Callable[[int, Entry], None] | None = None) -> None:
        """Reset to the start and re-submit ``actions`` (listeners not told).

        Raises:
            ValueError: when an action is rejected (the record is not of this battle).
        """
        listeners, self.listeners = self.listeners, []
        try:
            self._reset()
            for i, a in enumerate(actions):
                r = self.submit(a)
                if not r.ok:
                    raise ValueError(f"action {i} ({a.type}) was rejected on replay: {r.reason}")
                if on_each:
                    on_each(i, self.history.entries[-1])
        finally:
            self.listeners = listeners

"""The record of a battle: its actions, their events, and undo.

Undo re-simulates from the start (a battle is a pure function of ruleset, map,
seed and actions), so it needs no snapshots and cannot drift. It never goes
back past a commit point: an action that rolled dice or revealed hidden
information.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.core.action import Action
from game.core.event import Event


@dataclass(frozen=True)
class Entry:
    """One accepted action, its events, and whether it is a commit point."""

    action: Action
    events: tuple[Event, ...]
    commit: bool
    #: why the agent chose it (``Reason.to_dict()``), for the log and the replay; never compared
    reason: dict | None = None


class History:
    """Accepted actions in order, with the undo boundary."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []

    def __len__(self) -> int:
        return len(self.entries)

    def add(self, entry: Entry) -> None:
        """Record an accepted action."""
        self.entries.append(entry)

    def last_commit(self) -> int:
        """Number of entries up to and including the last commit point (0 if none)."""
        for i in range(len(self.entries) - 1, -1, -1):
            if self.entries[i].commit:
                return i + 1
        return 0

    def undoable(self, may_undo: Callable[[Action], bool] = lambda a: True) -> int:
        """How many trailing actions may be undone (stopping at a commit point
        or at the first action ``may_undo`` refuses, e.g. another side's)."""
        n = 0
        for e in reversed(self.entries[self.last_commit():]):
            if not may_undo(e.action):
                break
            n += 1
        return n

    def truncate(self, keep: int) -> list[Entry]:
        """Drop entries after the first ``keep``; return the dropped ones."""
        dropped = self.entries[keep:]
        del self.entries[keep:]
        return dropped

    def actions(self) -> list[Action]:
        """The accepted actions, in order."""
        return [e.action for e in self.entries]

"""Per-side views: what one side may see (hidden units, hidden missions).

The ruleset decides the contents; these helpers are what the controller and UI
call so no caller reads a state it should not.
"""

from __future__ import annotations

from game.core.ruleset import Ruleset
from game.core.state import BattleState

SPECTATOR = None  #: the side argument for an all-seeing view (AI-vs-AI watching)


def view_for(ruleset: Ruleset, state: BattleState, side: str | None) -> BattleState:
    """The state as ``side`` sees it (a copy; ``None`` sees everything)."""
    return ruleset.view(state, side)


def handover_needed(previous: str | None, nxt: str | None, humans: set[str]) -> bool:
    """Hot-seat: hide the screen between two different human sides."""
    return previous is not None and nxt is not None and previous != nxt and previous in humans and nxt in humans

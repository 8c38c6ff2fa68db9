"""The Agent protocol and its budget."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.core.action import Action
from game.core.ruleset import Ruleset
from game.core.state import BattleState


@dataclass(frozen=True)
class Budget:
    """How much an agent may think per decision.

    ``nodes`` bounds simulated actions (deterministic); ``seconds`` is an
    optional wall-clock bound for interactive play (None: no clock, so the
    same seed always gives the same choices).
    """

    nodes: int = 400
    seconds: float | None = None


class Agent(Protocol):
    """Chooses an action for ``side`` from what that side may see."""

    name: str

    def choose(self, ruleset: Ruleset, view: BattleState, side: str) -> Action:
        """An action that ``ruleset.check`` accepts for ``side`` now."""

"""The random agent: a baseline and a fuzzer."""

from __future__ import annotations

import random

from game.core.action import Action
from game.core.ruleset import Ruleset
from game.core.state import BattleState


class RandomAgent:
    """Picks uniformly among the ruleset's candidates (or its legal actions),
    skipping any that ``check`` refuses.

    Raises:
        RuntimeError: when the side has no legal action at all (a ruleset bug).
    """

    name = "random"

    def __init__(self, rng: random.Random, **_: object) -> None:
        self.rng = rng

    def choose(self, ruleset: Ruleset, view: BattleState, side: str) -> Action:
        options = list(ruleset.candidates(view, side, self.rng)) or list(ruleset.legal_actions(view, side))
        self.rng.shuffle(options)
        for a in options:
            if ruleset.check(view, a).ok:
                return a
        raise RuntimeError(f"{ruleset.id}: side {side} has no legal action")

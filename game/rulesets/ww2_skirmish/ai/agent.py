"""The default agent (placeholder while the rules come up)."""

from __future__ import annotations

from game.ai.random_agent import RandomAgent


class CommanderAgent(RandomAgent):
    name = "commander"

    def __init__(self, rng, budget=None, **kw):
        super().__init__(rng)

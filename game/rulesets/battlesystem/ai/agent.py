"""The default agent."""

from __future__ import annotations

from game.ai.random_agent import RandomAgent


class GeneralAgent(RandomAgent):
    name = "general"

"""Agent names per ruleset: ``random`` always, ``default`` the ruleset's best."""

from __future__ import annotations

import random
from typing import Any, Callable

from game.ai.agent import Agent, Budget
from game.ai.random_agent import RandomAgent
from game.ai.scoring import ScoringAgent
from game.core.ruleset import Ruleset

AgentFactory = Callable[..., Agent]


def _generic() -> dict[str, AgentFactory]:
    """The agents every ruleset has. ``previous`` is the previous release of
    the ruleset's default agent, which a new default must beat on the ladder
    (``battletable ladder``): a ruleset names it in ``agents()``; without
    one it is the generic default."""
    return {"random": RandomAgent, "scoring": ScoringAgent, "default": ScoringAgent, "previous": ScoringAgent}


def agent_names(ruleset: Ruleset) -> list[str]:
    """Every agent name usable with ``ruleset``."""
    return sorted(set(_generic()) | set(ruleset.agents()))


def has_strengths(ruleset: Ruleset) -> bool:
    """Does ``ruleset``'s default agent play differently with a bigger search
    budget (``Budget.nodes``), so that a seat may be offered at several
    strengths? The ruleset says so in its optional ``agent_strengths``; one
    that does not say has them only when its default is the generic scoring
    agent (the one agent here that reads the budget; a ruleset's own agent
    may ignore it, as every bundled ruleset's does)."""
    declared = getattr(ruleset, "agent_strengths", None)
    if declared is not None:
        return bool(declared)
    return (_generic() | dict(ruleset.agents()))["default"] is ScoringAgent


def make_agent(ruleset: Ruleset, name: str, rng: random.Random, params: dict[str, Any] | None = None) -> Agent:
    """Build the agent called ``name`` for ``ruleset``.

    ``params`` may hold ``nodes`` and ``seconds`` (the budget) and agent
    options. Raises KeyError naming the known agents.
    """
    table = _generic() | dict(ruleset.agents())
    if name not in table:
        raise KeyError(f"unknown agent {name!r} for {ruleset.id} (known: {', '.join(agent_names(ruleset))})")
    p = dict(params or {})
    budget = Budget(nodes=int(p.pop("nodes", Budget.nodes)), seconds=p.pop("seconds", None))
    return table[name](rng=rng, budget=budget, **p)

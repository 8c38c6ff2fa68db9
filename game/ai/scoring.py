"""The scoring agent: try each candidate on a copy of the state, score the
result with the ruleset's ``score``, keep the best.

Chance in those trials comes from the agent's own dice stream, never the
battle's.
"""

from __future__ import annotations

import random
import time

from game.ai.agent import Budget, Reason, ranked_reason
from game.core.action import Action
from game.core.dice import Dice
from game.core.engine import step
from game.core.ruleset import Ruleset
from game.core.state import BattleState


class ScoringAgent:
    """One-ply search: each candidate is tried ``samples`` times with the
    agent's dice and scored for ``side``; the best mean wins.

    Args:
        rng: the agent's own random stream.
        budget: node (and optional time) budget per decision.
        samples: trials per candidate (more smooths out lucky rolls).
    """

    name = "scoring"

    def __init__(self, rng: random.Random, budget: Budget | None = None, samples: int = 2, **_: object) -> None:
        self.rng = rng
        self.budget = budget or Budget()
        self.samples = max(1, int(samples))
        #: why the last choice was made (game.ai.agent.Reason)
        self.reason: Reason | None = None

    def choose(self, ruleset: Ruleset, view: BattleState, side: str) -> Action:
        candidates = list(ruleset.candidates(view, side, self.rng)) or list(ruleset.legal_actions(view, side))
        start = time.perf_counter() if self.budget.seconds else 0.0
        nodes = 0
        best: tuple[float, int] | None = None
        best_action: Action | None = None
        scored: list[tuple[float, Action]] = []
        for i, action in enumerate(candidates):
            if nodes >= self.budget.nodes and best_action is not None:
                break
            if self.budget.seconds and best_action is not None and time.perf_counter() - start > self.budget.seconds:
                break
            total = 0.0
            ok = True
            for _ in range(self.samples):
                trial = view.clone()
                dice = Dice(self.rng.getrandbits(32), "agent-trial")
                r = step(ruleset, trial, action, dice)
                nodes += 1
                if not r.ok:
                    ok = False
                    break
                total += ruleset.score(trial, side)
            if not ok:
                continue
            key = (total / self.samples, -i)
            scored.append((key[0], action))
            if best is None or key > best:
                best, best_action = key, action
        if best_action is None:
            raise RuntimeError(f"{ruleset.id}: side {side} has no legal action")
        self.reason = ranked_reason(ruleset, scored, f"best mean score of the position after it over {self.samples} "
                                                     f"trial{'s' if self.samples > 1 else ''} of {len(scored)} candidates",
                                    state=view)
        return best_action

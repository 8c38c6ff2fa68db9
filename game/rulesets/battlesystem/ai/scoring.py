"""How good a state is for a side (the agents' evaluation)."""

from __future__ import annotations

from ..rules.steps import strength
from ..state import BSState


def evaluate(s: BSState, side: str) -> float:
    mine = strength(s, side)
    theirs = max((strength(s, x) for x in s.sides if x != side), default=0.0)
    return mine - theirs

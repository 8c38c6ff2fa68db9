"""How good a state is for a side (the ``score`` hook; the default agent's evaluation)."""

from __future__ import annotations

from ..state import WWState


def evaluate(s: WWState, side: str) -> float:
    """Victory points, then silver destroyed less silver lost."""
    other = s.enemy_of(side)
    return 100.0 * (s.hands[side].vp - s.hands[other].vp) + s.destroyed.get(side, 0) - s.destroyed.get(other, 0)

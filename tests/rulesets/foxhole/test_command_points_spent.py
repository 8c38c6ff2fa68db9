"""The attacker spends the command points it would otherwise lose (Foxhole,
Turn Sequence: points unspent at the end of the side's turn are lost;
Motivation: +1 a point, the modifiers at most +4): each element still to be
used gets an even share, rounded up, but no more than lifts its chance to
advance (README "AI")."""

from __future__ import annotations

import random

from game.rulesets.foxhole.ai.agent import FoxholeAgent

from .helpers import el, state


def _spare(motivation: int, have: int, rollers: int, into_open: bool = False) -> int:
    s = state([el("a1", "red", 100, 500, motivation=motivation)])
    s.cp = {"red": have}
    return FoxholeAgent(random.Random(0))._spare_cp(s, s.elements["a1"], into_open, rollers)


def test_spare_points__an_even_share_rounded_up():
    assert _spare(2, 3, 2) == 2  # normal +2: two points make the roll sure (6 in 6)
    assert _spare(2, 3, 3) == 1
    assert _spare(2, 3, 4) == 1
    assert _spare(2, 0, 1) == 0


def test_spare_points__none_past_the_cap_or_a_sure_roll():
    assert _spare(3, 3, 1) == 1  # gung-ho +3: one point reaches +4, the cap
    assert _spare(2, 5, 1) == 2
    assert _spare(2, 3, 1, into_open=True) == 3  # +2 -2 into the open: each point still counts

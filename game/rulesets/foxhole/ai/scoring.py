"""How good a state is for a side (the ``score`` hook; the scoring agent and
the default agent's look-ahead read it). Read from the side's view only."""

from __future__ import annotations

from ..rules.missions import mission_numbers
from ..state import FoxState

#: weights (ours): an element, its strength and suppression, objectives taken
WEIGHTS = {"element": 10.0, "reduced": -4.0, "suppressed": -2.0, "objective": 25.0, "win": 1000.0}


def strength(s: FoxState, side: str) -> float:
    """The side's elements left, with reductions and suppressions counted."""
    w = WEIGHTS
    tot = 0.0
    for e in s.elements.values():
        if e.side != side or e.gone or e.kind in ("non_combatant", "unknown"):
            continue
        tot += w["element"] + (w["reduced"] if e.reduced else 0.0) + (w["suppressed"] if e.suppressed else 0.0)
    return tot


def evaluate(s: FoxState, side: str) -> float:
    """Higher is better for ``side``: the battle won or lost, objectives taken
    (good for the attacker), and the balance of strength."""
    if s.decided:
        return WEIGHTS["win"] if s.result_winner == side else -WEIGHTS["win"]
    enemy = s.enemy_of(side)
    taken = sum(1 for o in s.objectives if o.achieved and (not mission_numbers(s) or o.number in mission_numbers(s)))
    sign = 1.0 if side == s.attacker else -1.0
    return sign * WEIGHTS["objective"] * taken + strength(s, side) - strength(s, enemy)

"""Candidates for the generic agents (legal actions plus sampled moves and
throws) and the state score they maximise (Battlespace AI hooks)."""

from __future__ import annotations

import math
import random

from game.core.action import Action
from game.core.ruleset import RULES_SIDE

from .. import actions as A
from ..data import data
from ..geo import R
from ..state import BSState



def sample_candidates(rs, state: BSState, side: str, rng: random.Random) -> list[Action]:
    """Legal actions plus a few sampled moves and throws (all checked)."""
    out = rs.legal_actions(state, side)
    if side == RULES_SIDE or state.current is None:
        return out
    f = state.figs[state.current]
    extra: list[Action] = []
    for adv in (False, True):
        for _ in range(3):
            ang = rng.uniform(0, 2 * math.pi)
            d = rng.uniform(20, data().tables.advance_mm if adv else data().tables.move_mm)
            extra.append(A.Move(side=side, unit=f.id, x=f.x + d * math.cos(ang), y=f.y + d * math.sin(ang), advance=adv))
    for g in f.gear:
        if data().gear[g].kind.startswith("throw"):
            for e in state.enemies():
                if math.hypot(e.x - f.x, e.y - f.y) <= R + data().tables.throw.reach_mm:
                    extra.append(A.Throw(side=side, unit=f.id, gear=g, x=e.x, y=e.y))
    return out + [a for a in extra if rs.check(state, a).ok]


def evaluate(state: BSState, side: str) -> float:
    """Higher is better for the fireteam: mission result, exfil, wounds, enemies left."""
    if state.result == "success":
        return 1000.0
    if state.result == "failure":
        return -1000.0
    sc = 0.0
    for f in state.figs.values():
        if f.kind == "soldier":
            sc += {"exfil": 40, "ok": 10, "down": -10, "kia": -30}.get(f.status, 0) - 3 * f.wounds
        elif f.side == "enemy" and f.status == "ok":
            sc -= 6
    sc += 30 * len(state.obj.get("breached", [])) + (40 if state.obj.get("searched") else 0)
    return sc

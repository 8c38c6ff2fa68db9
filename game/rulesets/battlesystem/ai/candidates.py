"""Candidate actions for the agents: the enumerable choices and sampled moves, unchecked
(the agents check what they pick, as the random agent does)."""

from __future__ import annotations

import random

from .. import actions as A
from ..rules.legality import options
from ..rules.movement import remaining
from ..state import BSState


def candidates(s: BSState, side: str, rng: random.Random) -> list:
    out = list(options(s, side))
    st = s.step
    if st is not None and st.phase == "move" and s.pending is None and side == s.active:
        for u in s.living(side):
            if u.status != "ok" or u.move_done or u.kind == "mob" or u.uncontrolled:
                continue
            left = remaining(s, u)
            if left > 2.0:
                for _ in range(2):
                    out.append(A.Advance(side=side, unit=u.id, distance=round(rng.uniform(0.3, 1.0) * left, 2),
                                         offset=round(rng.uniform(-45, 45), 1)))
                out.append(A.Wheel(side=side, unit=u.id, pivot=rng.choice(["left", "right"]),
                                   angle=round(rng.uniform(-60, 60), 1)))
    return out

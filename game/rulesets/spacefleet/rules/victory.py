"""Victory points and the battle's outcome (spacefleet_core 1.6; ours for
the shares: destroyed, hulked or lost forever 100%, crippled 25%,
disengaged 10%, 25% if it was crippled)."""

from __future__ import annotations

from game.core.ruleset import Outcome

from ..data import profile, tables
from ..state import SFState
from .common import crippled



# -- outcome ------------------------------------------------------------------------
def victory_points(s: SFState) -> dict[str, float]:
    """Victory points each side earned from the other's ships (spacefleet_core 1.6;
    ours: destroyed, hulked or lost forever 100%, crippled 25%, disengaged or
    lost in the warp 10% (25% if crippled), landed 0)."""
    v = tables().victory
    out = {side: 0.0 for side in s.order}
    for sh in s.ships.values():
        pts = profile(sh.profile).points
        if sh.status in ("destroyed", "drifting_hulk", "blazing_hulk") or (sh.status == "lost_in_warp" and sh.lost_forever):
            frac = v["destroyed"]
        elif sh.status in ("disengaged", "lost_in_warp"):
            frac = v["disengaged_crippled"] if sh.ever_crippled else v["disengaged"]
        elif sh.status == "active" and crippled(sh):
            frac = v["crippled"]
        else:
            frac = 0.0
        for side in s.order:
            if side != sh.side:
                out[side] += pts * frac
    return out


def outcome(state: SFState) -> Outcome:
    vp = victory_points(state)
    if not state.finished:
        return Outcome(False, score=vp)
    ranked = sorted(vp.items(), key=lambda kv: -kv[1])
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return Outcome(True, None, "victory points tied", vp)
    return Outcome(True, ranked[0][0], f"victory points {', '.join(f'{k} {v:g}' for k, v in ranked)}", vp)

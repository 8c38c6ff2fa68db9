"""Clicks to actions (no pygame).

A point clicked with a unit selected aims its move: ahead or up to 45 degrees oblique it
advances its front centre towards the point (as far as its move allows), wider than that it
wheels towards it (about the flank on the side it turns to, or the other), and a forced march
is offered too. A clicked enemy is charged, or shot at in a fire step. The unit itself offers
its facing, frontage and formation changes, its special formations, withdrawal, flight and
holding, each only where the rules allow it now; in the rally step the rallies and orders
it can receive. An individual is moved to the point.
"""

from __future__ import annotations

import math

from .. import actions as A
from ..formation import block_of
from ..rules.common import angle_diff, norm
from ..rules.legality import options, why_not
from ..rules.movement import best_charge, charge_candidates, remaining
from ..state import BSState

OBLIQUE = 45.0


def whole_degrees(deg: float) -> float:
    """An angle a click suggests, in the whole degrees every text gives it
    ([7.9] oblique moves and wheels): under 1° is none (straight ahead),
    else rounded (``0.7 -> 0.0``, ``12.6 -> 13.0``), so what the offer says
    is what the log says."""
    return 0.0 if abs(deg) < 1.0 else float(round(deg))


def point_actions(s: BSState, side: str, figure_id: str, x: float, y: float) -> list:
    st = s.step
    if st is not None and st.phase == "missile":
        from .magic import cast_at_point
        return cast_at_point(s, side, figure_id, x, y)
    if st is None or st.phase != "move" or s.active != side:
        return []
    if figure_id in s.chars:
        c = s.chars[figure_id]
        return [A.MoveIndividual(side=side, individual=c.id, x=x, y=y)] if c.side == side else []
    u = s.units.get(figure_id)
    if u is None or u.side != side:
        return []
    b = block_of(u)
    dx, dy = x - b.x, y - b.y
    dist = math.hypot(dx, dy)
    if dist < 1.0:
        return []
    want = norm(math.degrees(math.atan2(dy, dx)))
    d = whole_degrees(angle_diff(want, u.heading))
    out = []
    left = remaining(s, u)
    if u.formation == "skirmish" or abs(d) <= OBLIQUE:
        go = round(min(dist, left), 2) if left > 0 else round(dist, 2)
        out.append(A.Advance(side=side, unit=u.id, distance=go, offset=d))
        if not u.move_began:
            out.append(A.ForcedMarch(side=side, unit=u.id, distance=round(min(dist, 1.5 * max(left, 1.0)), 2),
                                     offset=d))
    else:
        # wheel so the front faces the point: about the flank on the side it turns to
        piv = "right" if d > 0 else "left"
        out.append(A.Wheel(side=side, unit=u.id, pivot=piv, angle=d))
        out.append(A.Wheel(side=side, unit=u.id, pivot="left" if piv == "right" else "right", angle=d))
    return out


def figure_actions(s: BSState, side: str, figure_id: str, target_id: str | None) -> list:
    st = s.step
    if st is None or s.active != side:
        return []
    if s.pending is not None and s.pending.kind == "declare":  # [14.11] B the unit asked about
        from ..rules.intent import declare_options
        if figure_id != s.pending.unit:
            return []
        return [d for d in declare_options(s, side) if target_id is None or d.target == target_id]
    if s.pending is not None and figure_id == s.pending.unit and target_id is None:
        return [A.Follow(side=side, unit=figure_id, follow=True), A.Follow(side=side, unit=figure_id, follow=False)]
    if target_id is not None:
        t = s.units.get(target_id) or s.chars.get(target_id)
        if t is None:
            return []
        if t.side == side:  # friendly magic: haste, bless, healing, invisibility
            from .magic import cast_at_figure
            return cast_at_figure(s, side, figure_id, target_id)
        out = []
        if st.phase == "move" and figure_id in s.units:
            u = s.units[figure_id]
            got = best_charge(s, u, target_id)
            if got is not None:
                (piv, wh, off), _ = got
                out.append(A.Charge(side=side, unit=u.id, target=target_id, pivot=piv, wheel=wh, offset=off))
            else:
                for piv, wh, off in charge_candidates(s, u, target_id)[:1]:
                    out.append(A.Charge(side=side, unit=u.id, target=target_id, pivot=piv, wheel=wh, offset=off))
        if st.phase in ("initial_missile", "missile", "artillery", "pass_fire") and figure_id in s.units and target_id in s.units:
            out.append(A.Fire(side=side, unit=figure_id, target=target_id))
        if st.phase == "missile":
            from .magic import cast_at_figure
            out += cast_at_figure(s, side, figure_id, target_id)
        if st.phase == "missile" and figure_id in s.units and s.units[figure_id].bombs and s.units[figure_id].altitude > 0:
            out.append(A.Bomb(side=side, unit=figure_id, target=target_id))  # [15.4]
        if st.phase == "move" and figure_id in s.chars:
            out.append(A.MoveIndividual(side=side, individual=figure_id, x=t.x if hasattr(t, "x") else 0.0,
                                        y=t.y if hasattr(t, "y") else 0.0))
        return out
    mine = []
    for a in options(s, side, thorough=False):
        d = a.to_dict()
        if figure_id in (d.get("unit"), d.get("individual")) and not isinstance(a, (A.Charge, A.Advance)):
            mine.append(a)
    if st.phase == "move" and figure_id in s.units:
        u = s.units[figure_id]
        if u.kind in ("regular", "elite", "berserker"):
            for k in (-2, -1, 1, 2):
                n = u.files + k
                if 1 <= n <= u.figures:
                    mine.append(A.Frontage(side=side, unit=u.id, files=n))
    if st.phase == "move" and figure_id in s.chars and s.chars[figure_id].side == side:
        mine.append(A.HoldStill(side=side, unit=figure_id))
    # only what the rules let this figure do now (a unit without spears is not offered to set them, [11.7])
    return [a for a in mine if why_not(s, a) is None]

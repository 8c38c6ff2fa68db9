"""The moves the rules make by themselves as a side's movement step begins: routed units run
on ([6.4], [7.15]); units that failed a discipline check charge or close with the nearest enemy
([4.6]); mobs carry out their last order ([2.10]: forward, charge, forced march, wheel up to 90
degrees, or halt).
"""

from __future__ import annotations

import math


from .. import actions as A
from ..profiles import DATA
from ..formation import block_of
from ..state import Unit
from .common import Emitter, angle_diff, mv_mm, norm
from .contact import in_contact
from .movement import best_charge, plan_advance, plan_wheel, remaining
from .words import says, their


def nearest_enemy(s, u: Unit) -> Unit | None:
    es = [e for e in s.enemies_of(u.side) if e.figures and e.status == "ok"] or \
         [e for e in s.enemies_of(u.side) if e.figures]
    if not es:
        return None
    c = block_of(u).centre
    return min(es, key=lambda e: (math.dist(c, block_of(e).centre), e.id))


def auto_moves(em: Emitter, side: str) -> None:
    from .morale import rout_move
    for u in sorted(em.s.living(side), key=lambda u: u.id):
        u = em.unit(u.id)
        if not u.on_table:
            continue
        if u.routed and not u.rallied:
            h = u.rout_heading if u.rout_heading is not None else norm(u.heading)
            em.log(f"{u.name} {says(u, 'is')} still routed and runs on ([6.4])", u.side)
            rout_move(em, u, mv_mm(u), h)
            continue
        if u.status != "ok" or in_contact(em.s, u):
            continue
        if u.uncontrolled:
            attack_nearest(em, u)
        elif u.kind == "mob" and u.mob_order and u.mob_order != "halt":
            carry_out(em, u)
        elif mindless_adrift(em.s, u):
            em.log(f"{u.name} are out of command and carry out their last order: {u.mob_order} ([13.9])", u.side)
            carry_out(em, u)


def mindless_adrift(s, u: Unit) -> bool:
    """[13.9] mindless undead out of command with an order to carry out."""
    from .command import in_command
    from .creatures import mindless
    return mindless(u) and not in_command(s, u) and bool(u.mob_order) and u.mob_order != "halt"


def attack_nearest(em: Emitter, u: Unit, forced: bool = False) -> None:
    """[4.6] charge the nearest enemy if the unit can, else turn towards it and close."""
    from .act import do_charge
    e = nearest_enemy(em.s, u)
    if e is None:
        return
    got = best_charge(em.s, u, e.id, auto=True)
    if got is not None:
        (piv, wh, off), _ = got
        do_charge(em, A.Charge(side=u.side, unit=u.id, target=e.id, pivot=piv, wheel=wh, offset=off), auto=True)
        return
    close_towards(em, u, e, auto=True)


def close_towards(em: Emitter, u: Unit, e: Unit, auto: bool = False) -> None:
    """Turn (by wheeling, at most what the move allows) and advance towards ``e``."""
    from .act import do_advance, do_wheel
    b = block_of(u)
    ex, ey = block_of(e).centre
    want = norm(math.degrees(math.atan2(ey - b.y, ex - b.x)))
    d = angle_diff(want, u.heading)
    if abs(d) > 45.0 and u.formation != "skirmish":
        piv = "right" if d > 0 else "left"
        turn = d
        room = remaining(em.s, u)
        cap = math.degrees(room / max(b.width, 1e-9))
        turn = math.copysign(min(abs(turn), cap), turn)
        if abs(turn) > 1.0 and plan_wheel(em.s, u, piv, turn, auto=auto).legal:
            do_wheel(em, A.Wheel(side=u.side, unit=u.id, pivot=piv, angle=turn), auto=auto)
            u = em.unit(u.id)
            d = angle_diff(want, u.heading)
    u = em.unit(u.id)
    off = max(-45.0, min(45.0, d)) if u.formation != "skirmish" else d
    room = remaining(em.s, u)
    for frac in (1.0, 0.75, 0.5, 0.25):
        dist = room * frac
        if dist < 1.0:
            break
        if plan_advance(em.s, u, dist, off, auto=auto).legal:
            do_advance(em, A.Advance(side=u.side, unit=u.id, distance=dist, offset=off), auto=auto)
            break


#: the ways a mob may bear off its line ([7.9]: up to 45 degrees is free), straightest first
MOB_OFFSETS = (0.0, -15.0, 15.0, -30.0, 30.0, -45.0, 45.0)


def easiest_way(s, u: Unit, dist: float, budget: float) -> float | None:
    """[2.10] the oblique (degrees) of a mob's advance of ``dist``: the path of least resistance
    (the lowest movement cost a unit of distance over the terrain), the straightest of equals;
    None when no way is legal."""
    best = None
    for off in MOB_OFFSETS:
        p = plan_advance(s, u, dist, off, auto=True, budget=budget)
        if not p.legal or p.length <= 0:
            continue
        rate = p.cost / p.length
        if best is None or rate < best[0] - 1e-9:
            best = (rate, off)
    return None if best is None else best[1]


def carry_out(em: Emitter, u: Unit) -> None:
    """[2.10] a mob follows its last order (in as straight a line as it can)."""
    from .act import do_advance
    order = u.mob_order
    if order == "charge":
        e = nearest_enemy(em.s, u)
        got = best_charge(em.s, u, e.id, auto=True) if e is not None else None
        if got is not None:
            from .act import do_charge
            (piv, wh, off), _ = got
            do_charge(em, A.Charge(side=u.side, unit=u.id, target=e.id, pivot=piv, wheel=wh, offset=off), auto=True)
            return
        order = "advance"
    if order in ("advance", "force_march"):
        room = remaining(em.s, u) * (DATA.tables.movement.forced_march if order == "force_march" else 1.0)
        for frac in (1.0, 0.75, 0.5, 0.25):
            dist = room * frac
            off = easiest_way(em.s, u, dist, room) if dist >= 1.0 else None
            if off is not None:
                do_advance(em, A.Advance(side=u.side, unit=u.id, distance=dist, offset=off), auto=True)
                break
    elif order in ("wheel_left", "wheel_right"):
        ang = -90.0 if order == "wheel_left" else 90.0
        piv = "left" if order == "wheel_left" else "right"
        cap = math.degrees(remaining(em.s, u) / max(block_of(u).width, 1e-9))
        ang = math.copysign(min(90.0, cap), ang)
        if abs(ang) > 1.0 and plan_wheel(em.s, u, piv, ang, auto=True).legal:
            do_wheel_mob(em, u, piv, ang)


def do_wheel_mob(em: Emitter, u: Unit, pivot: str, angle: float) -> None:
    from .act import apply_plan
    plan = plan_wheel(em.s, u, pivot, angle, auto=True)
    apply_plan(em, u, plan, f"{u.name} {says(u, 'wheels')} {abs(angle):.0f}° on {their(u)} order ([2.10])")

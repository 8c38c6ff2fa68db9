"""Carrying out a side's manoeuvres: each action's plan (:mod:`.movement`) turned into events,
with what follows a contact (closing up to the enemy, [7.8]; break-through, [7.14]), the
discipline check of a charge in closed order ([7.14], Table 7), a forced march's morale check
([7.13]), a fighting withdrawal and the enemy's answer ([7.12]), and a flight with its free
attack ([8.8]).
"""

from __future__ import annotations

import math

from game.core.logtext import plural

from .. import actions as A
from ..events import PendingSet, RallyAttempt
from ..formation import block_of
from ..profiles import DATA
from ..state import Unit
from .common import Emitter, inches, mv_mm, norm, oblique_words, profile
from .contact import contact_figs
from .movement import (Plan, best_charge, conform, obstacles, overlaps, plan_advance, plan_charge, plan_face,
                       plan_flee, plan_frontage, plan_individual, plan_reform, plan_special, plan_wheel, plan_withdraw,
                       sweep_translate)
from .words import says, their

M = DATA.tables.movement


def block_changes(b) -> dict:
    return {"x": b.x, "y": b.y, "heading": b.heading, "files": b.files}


def _verb(kind: str, plan: Plan) -> str:
    return kind


def apply_plan(em: Emitter, u: Unit, plan: Plan, text: str, *, done: bool = False, extra: dict | None = None) -> Unit:
    """Move ``u`` as ``plan`` says and record the movement it used."""
    ch = block_changes(plan.block) if plan.block is not None else {}
    ch.update(plan.changes)
    ch.update({"moved": u.moved + plan.cost, "move_began": True, "idle": False})
    if done:
        ch["move_done"] = True
    if extra:
        ch.update(extra)
    if any(k in ch for k in ("x", "y", "heading")) and plan.length > 0:
        ch.setdefault("shield_wall", u.shield_wall)
        ch["set_spears"] = False
    notes = f" ({'; '.join(plan.notes)})" if plan.notes else ""
    em.change(u, text + notes, **ch)
    u = em.unit(u.id)
    if plan.contact and plan.contact in em.s.units:
        close_up(em, u, plan.contact)
    return em.unit(u.id)


def close_up(em: Emitter, u: Unit, enemy: str) -> None:
    """[7.8] after first contact the rest of the unit closes up to the enemy's face."""
    b = block_of(u)
    nb = conform(em.s, u, b, enemy)
    if (nb.x, nb.y, nb.heading) != (b.x, b.y, b.heading):
        em.change(u, f"{u.name} {says(u, 'closes')} up to {em.s.units[enemy].name} ([7.8])", **block_changes(nb))


def do_advance(em: Emitter, a: A.Advance, auto: bool = False) -> None:
    u = em.unit(a.unit)
    plan = plan_advance(em.s, u, a.distance, a.offset, auto=auto)
    way = oblique_words(a.offset)
    stop = f", stopped by {_name(em, plan.hit.id)}" if plan.hit.hit else ""
    apply_plan(em, u, plan, f"{u.name} {says(u, 'moves')} {inches(plan.length)} {way}{stop} (uses {inches(plan.cost)})")


def do_wheel(em: Emitter, a: A.Wheel, auto: bool = False) -> None:
    u = em.unit(a.unit)
    plan = plan_wheel(em.s, u, a.pivot, a.angle, auto=auto)
    turned = a.angle * (plan.length / max(block_of(u).wheel_cost(a.angle), 1e-12)) if a.angle else 0.0
    stop = f", stopped by {_name(em, plan.hit.id)}" if plan.hit.hit else ""
    apply_plan(em, u, plan, f"{u.name} {says(u, 'wheels')} {abs(turned):.0f}° to the {'right' if a.angle > 0 else 'left'} "
                            f"about {their(u)} {a.pivot} flank{stop} (the outer figure moves {inches(plan.length)})")


def do_face(em: Emitter, a: A.Face) -> None:
    u = em.unit(a.unit)
    plan = plan_face(em.s, u, a.turn)
    what = {90: "right face", -90: "left face", 180: "about face"}[a.turn]
    apply_plan(em, u, plan, f"{u.name}: {what} (uses {inches(plan.cost)})")


def do_frontage(em: Emitter, a: A.Frontage) -> None:
    u = em.unit(a.unit)
    plan = plan_frontage(em.s, u, a.files)
    apply_plan(em, u, plan, f"{u.name} re-forms {a.files} figures wide (uses {inches(plan.cost)})")


def do_reform(em: Emitter, a: A.Reform) -> None:
    u = em.unit(a.unit)
    plan = plan_reform(em.s, u, a.formation)
    apply_plan(em, u, plan, f"{u.name} {says(u, 'forms')} {a.formation} order (uses {inches(plan.cost)})")


def do_special(em: Emitter, a: A.SpecialFormation) -> None:
    u = em.unit(a.unit)
    plan = plan_special(em.s, u, a.formation)
    words = "forms a shield wall ([11.6])" if a.formation == "shield_wall" else "sets its spears ([11.7])"
    apply_plan(em, u, plan, f"{u.name} {words}")


def do_hold(em: Emitter, a: A.HoldStill) -> None:
    if a.unit in em.s.chars:
        c = em.s.chars[a.unit]
        em.change_char(c, f"{c.name} stays where he is", move_done=True)
        return
    u = em.unit(a.unit)
    em.change(u, f"{u.name} {says(u, 'holds')} {their(u)} ground", move_done=True)


def do_charge(em: Emitter, a: A.Charge, auto: bool = False) -> None:
    """[7.14] the charge: a discipline check first for chaotic or low-intelligence units in
    closed order; then the move, break-through, and closing up to the enemy."""
    from .morale import check_discipline
    u = em.unit(a.unit)
    c = DATA.creatures[profile(u).creature]
    if u.formation == "closed" and u.kind != "mob" and (c.alignment.startswith("chaotic")
                                                        or c.intelligence in DATA.tables.discipline.low_or_lower):
        if not check_discipline(em, u, "charging in closed formation"):
            u = em.unit(u.id)
    u = em.unit(u.id)
    plan = plan_charge(em.s, u, a.target, a.pivot, a.wheel, a.offset, auto=auto or bool(u.uncontrolled))
    if not plan.legal:
        # opened ranks changed its footprint: it charges as far as it goes
        got = best_charge(em.s, u, a.target, auto=True)
        plan = got[1] if got else None
    tname = _name(em, a.target)
    if plan is None:
        em.change(u, f"{u.name}'s charge at {tname} falls short", move_done=True, move_began=True, charged=a.target,
                  idle=False)
        return
    u = apply_plan(em, u, plan, f"{u.name} {says(u, 'charges')} {tname} ({inches(plan.length)})", done=True,
                   extra={"charged": a.target})
    _break_through(em, u, a.target, plan)


def _break_through(em: Emitter, u: Unit, target: str, plan: Plan) -> None:
    """[7.14] when even the worst roll would kill the enemy figures in its path, they are
    removed at once and the charge goes on."""
    from .melee import min_damage_kills
    from .morale import losses_check
    t = em.s.units.get(target)
    if t is None:
        return
    left = M.charge * mv_mm(u) - plan.cost
    for _ in range(8):
        u, t = em.unit(u.id), em.s.units.get(target)
        if t is None or not t.on_table or left <= 1e-6:
            return
        mine, theirs = contact_figs(em.s, u, target)
        if not mine or not min_damage_kills(em.s, u, t, len(mine), len(theirs)):
            return
        before = t.figures
        em.log(f"{u.name} {says(u, 'breaks')} through: the {plural(len(theirs), 'figure')} in its path cannot survive its charge ([7.14])",
               u.side)
        from ..events import Casualties
        figs = t.figures - len(theirs)
        em.emit(Casualties(unit=t.id, killed=len(theirs), figures=figs, wounded=min(t.wounded, figs),
                           text=f"{t.name}: {plural(len(theirs), 'figure')} ridden down"))
        if figs == 0:
            from .heroes import unit_eliminated
            unit_eliminated(em, em.unit(t.id))
        else:
            losses_check(em, em.unit(t.id), before, f"broken through by {u.name}", source=block_of(u).centre,
                         attack=f"break:{em.s.turn}:{u.id}")
        u = em.unit(u.id)
        b = block_of(u)
        h = math.radians(u.heading)
        hit = sweep_translate(b.corners, (left * math.cos(h), left * math.sin(h)), obstacles(em.s, u.id))
        go = left * hit.share
        if go <= 1e-9:
            return
        nb = b.advanced(go)
        left -= go
        em.change(u, f"{u.name} {says(u, 'charges')} on {inches(go)}", x=nb.x, y=nb.y)
        if hit.kind in ("unit",) and hit.side != u.side:
            target = hit.id
            close_up(em, em.unit(u.id), target)
        else:
            return


def do_forced(em: Emitter, a: A.ForcedMarch) -> None:
    """[7.13] a forced march: 1 1/2 moves, then a morale check; a failure worsens the AR by one."""
    from .morale import current_morale
    from game.core.event import Target
    u = em.unit(a.unit)
    plan = plan_advance(em.s, u, a.distance, a.offset, forced=True, budget=mv_mm(u) * M.forced_march)
    u = apply_plan(em, u, plan, f"{u.name} force marches {inches(plan.length)}", done=True, extra={"forced_march": True})
    base, mods = current_morale(em.s, u)
    r = em.roll(DATA.tables.dice.morale, f"{u.name}: morale check after a forced march ([7.13])", side=u.side,
                target=Target(label="morale", base=base, mods=tuple(mods), at_most=True, words=("holds", "fails")))
    if not r.passed:
        u = em.unit(u.id)
        em.change(u, f"{u.name} {says(u, 'is')} worn out: attack rating worsens by one ([7.13])", ar_penalty=u.ar_penalty + 1)


def do_withdraw(em: Emitter, a: A.Withdraw) -> None:
    """[7.12] back 3"; the enemy may follow 3" (a discipline check decides for chaotic or
    low-intelligence units) or stay, and then may not charge this unit this round."""
    from .contact import enemies_in_contact
    from .morale import check_discipline
    u = em.unit(a.unit)
    enemies = enemies_in_contact(em.s, u)
    plan = plan_withdraw(em.s, u)
    b0 = block_of(u)
    u = apply_plan(em, u, plan, f"{u.name} {says(u, 'makes')} a fighting withdrawal of {inches(plan.length)} ([7.12])", done=True)
    dx, dy = u.x - b0.x, u.y - b0.y
    for e in enemies:
        eu = em.s.units[e]
        if not eu.on_table or eu.status != "ok":
            continue
        c = DATA.creatures[profile(eu).creature]
        if c.alignment.startswith("chaotic") or c.intelligence in DATA.tables.discipline.low_or_lower:
            if not check_discipline(em, eu, f"{u.name} {says(u, 'withdraws')}"):
                follow(em, em.unit(e), u.id, dx, dy)
                continue
        em.emit(PendingSet(pending={"kind": "withdrawal", "unit": e, "enemy": u.id, "data": {"dx": dx, "dy": dy},
                                    "side": eu.side},
                           text=f"{eu.name} may follow {u.name} 3\" or stay in place ([7.12])"))
        return


def follow(em: Emitter, eu: Unit, target: str, dx: float, dy: float) -> None:
    """[7.12] the enemy advances 3" after a withdrawing unit to stay in contact."""
    b = block_of(eu)
    obs = obstacles(em.s, eu.id)
    hit = sweep_translate(b.corners, (dx, dy), obs)
    nb = b.translated(dx * hit.share, dy * hit.share)
    em.change(eu, f"{eu.name} {says(eu, 'follows')} {em.s.units[target].name} ({inches(math.hypot(dx, dy) * hit.share)})",
              x=nb.x, y=nb.y, idle=False)


def do_follow(em: Emitter, a: A.Follow) -> None:
    p = em.s.pending
    eu = em.unit(p.unit)
    if a.follow:
        follow(em, eu, p.enemy, float(p.data["dx"]), float(p.data["dy"]))
    else:
        em.change(eu, f"{eu.name} {says(eu, 'stays')} in place and may not charge {em.s.units[p.enemy].name} this round ([7.12])",
                  no_charge=eu.no_charge + [p.enemy])
    em.emit(PendingSet(pending=None, text=""))


def do_flee(em: Emitter, a: A.Flee) -> None:
    """[8.8] about face (free) and a full move away; every enemy in contact gets a free attack
    at -2, which the fleeing unit cannot return."""
    from .contact import enemies_in_contact
    from .melee import apply_damage, attack, eligible
    from .morale import losses_check
    u = em.unit(a.unit)
    enemies = enemies_in_contact(em.s, u)
    key = f"flee:{em.s.turn}:{u.id}"
    for e in enemies:
        eu = em.unit(e)
        u = em.unit(u.id)
        if eu.status != "ok" or u.figures == 0:
            continue
        n, parts, _ = eligible(em.s, eu, u)
        if n:
            before = u.figures
            dmg = attack(em, eu, u, n, parts, free_attack=True, label="strikes the fleeing")
            apply_damage(em, u, dmg, f"free attack of {eu.name}")
            losses_check(em, em.unit(u.id), before, f"losses while fleeing {eu.name}", source=block_of(eu).centre,
                         attack=key)
    u = em.unit(u.id)
    if not u.on_table or u.status != "ok":
        return
    plan = plan_flee(em.s, u)
    if plan.legal:
        apply_plan(em, u, plan, f"{u.name} {says(u, 'flees')} {inches(plan.length)} ([8.8])", done=True)
    _pursuit_checks(em, enemies, u.name)


def _pursuit_checks(em: Emitter, enemies: list[str], who: str) -> None:
    """[4.6] Table 7: chaotic or low-intelligence units whose enemy flees or withdraws check
    discipline; on a failure they go out of command and pursue."""
    from .morale import check_discipline
    for e in enemies:
        eu = em.s.units.get(e)
        if eu is None or eu.status != "ok" or eu.uncontrolled:
            continue
        c = DATA.creatures[profile(eu).creature]
        if c.alignment.startswith("chaotic") or c.intelligence in DATA.tables.discipline.low_or_lower:
            check_discipline(em, eu, f"{who} flees")


def do_individual(em: Emitter, a: A.MoveIndividual) -> None:
    c = em.s.chars[a.individual]
    plan = plan_individual(em.s, c, a.x, a.y)
    ch = dict(plan.changes)
    ch["moved"] = c.moved + plan.cost
    stop = f", stopped by {_name(em, plan.hit.id)}" if plan.hit.hit else ""
    em.change_char(c, f"{c.name} {says(c, 'moves')} {inches(plan.length)}{stop}", **ch)


def _name(em: Emitter, oid: str | None) -> str:
    from .movement import name_of
    return name_of(em.s, oid)


def face_enemy_turn(s, u: Unit) -> int | None:
    """[6.3] the facing change (right, left or about) that best turns ``u`` to the nearest enemy."""
    es = [e for e in s.enemies_of(u.side) if e.figures]
    if not es:
        return None
    cx, cy = block_of(u).centre
    e = min(es, key=lambda e: math.dist((cx, cy), block_of(e).centre))
    ex, ey = block_of(e).centre
    want = norm(math.degrees(math.atan2(ey - cy, ex - cx)))
    from .common import angle_diff
    best, bd = None, abs(angle_diff(want, u.heading))
    for t in (90, -90, 180):
        d = abs(angle_diff(want, u.heading + t))
        if d + 1e-9 < bd:
            best, bd = t, d
    return best


def do_rally(em: Emitter, a: A.Rally | A.GiveOrder) -> None:
    """[6.2] a rally (or an order to a mob, [6.6]) is a morale check of the unit; a rallied unit
    drops its Rout marker and turns to face the enemy ([6.3]); a unit out of control comes back
    into command ([6.7]); a mob takes the order ([2.10])."""
    from game.core.event import Target
    from .morale import current_morale
    u = em.unit(a.unit)
    c = em.s.chars[a.commander]
    what = "order" if isinstance(a, A.GiveOrder) else "rally"
    em.emit(RallyAttempt(unit=u.id, commander=c.id, text=f"{c.name} tries to {what} {u.name}" + (
        f" ({a.order.replace('_', ' ')})" if isinstance(a, A.GiveOrder) else "")))
    base, mods = current_morale(em.s, u)
    r = em.roll(DATA.tables.dice.morale, f"{u.name}: morale check to {what}", side=u.side,
                target=Target(label="morale", base=base, mods=tuple(mods), at_most=True,
                              words=("rallied" if what == "rally" else "obeys", "fails")))
    u = em.unit(u.id)
    if not r.passed:
        return
    if isinstance(a, A.GiveOrder):
        em.change(u, f"{u.name} {says(u, 'takes')} the order: {a.order.replace('_', ' ')} ([2.10])", mob_order=a.order,
                  uncontrolled="", status="ok" if u.routed else u.status, rallied=u.routed)
        return
    ch: dict = {"uncontrolled": ""}
    if u.routed:
        ch.update(status="ok", rallied=True, rout_heading=None)
        turn = face_enemy_turn(em.s, u)
        if turn is not None:
            b = block_of(u).faced(turn)
            if not overlaps(b.corners, obstacles(em.s, u.id)).hit:
                ch.update(block_changes(b))
    em.change(u, f"{u.name} {says(u, 'rallies')}" + (" and turns to face the enemy ([6.3])" if "heading" in ch else ""), **ch)

"""Who may do what now: ``check`` (:func:`why_not`), the enumerable choices
(:func:`legal_actions`), and :func:`resolve` dispatching an accepted action to its rule."""

from __future__ import annotations

from game.core.action import Action
from game.core.ruleset import RULES_SIDE

from .. import actions as A
from ..state import BSState
from .common import Emitter, mv_mm
from .contact import in_contact
from .movement import (best_charge, charge_candidates, chargers_of, plan_advance, plan_charge, plan_face, plan_flee, plan_frontage,
                       plan_individual, plan_reform, plan_special, plan_wheel, plan_withdraw, remaining)
from .words import says, their

M_FIELDS = ("unit",)


def _step(s: BSState):
    return s.step


def why_not(s: BSState, a: Action) -> str | None:
    """The reason ``a`` is illegal now, or None."""
    if s.over or s.result is not None:
        return "the battle is over"
    if isinstance(a, A.RulesStep):
        if a.side != RULES_SIDE:
            return "only the rules take their own steps"
        return None if s.active == RULES_SIDE else "it is not the rules' step"
    if a.side != s.active:
        return f"it is not {a.side}'s step (waiting for {s.active})"
    if s.pending is not None and s.pending.kind == "declare":
        if not isinstance(a, A.Declare):
            return "answer the enemy's question first: declare what the unit will do next round ([14.11] B)"
        from .intent import why_not_declare
        return why_not_declare(s, a)
    if isinstance(a, A.Declare):
        from .intent import why_not_declare
        return why_not_declare(s, a)
    if s.pending is not None:
        if not isinstance(a, A.Follow):
            return "answer the fighting withdrawal first: follow or stay ([7.12])"
        return None if a.unit == s.pending.unit else f"{a.unit} has no withdrawal to answer"
    if isinstance(a, A.Follow):
        return "no fighting withdrawal to answer"
    st = _step(s)
    if st is None:
        return "no step is under way"
    if isinstance(a, A.EndStep):
        return None
    if isinstance(a, A.ChooseFirst):
        if st.phase != "choose_first":
            return "the order of movement is not being chosen now"
        return None if a.first in s.sides and s.living(a.first) else f"{a.first!r} is not a side with units"
    if isinstance(a, A.MoveIndividual):
        if st.phase != "move":
            return "individuals move in their side's movement step"
        c = s.chars.get(a.individual)
        if c is None or c.side != a.side:
            return f"{a.side} has no individual {a.individual!r}"
        if any(e.split(":")[0] == "stunned" for e in c.effects):
            return f"{c.name} is stunned ([14.17])"
        w, h = s.table
        if not (0 <= a.x <= w and 0 <= a.y <= h):
            return "the point is off the table"
        p = plan_individual(s, c, a.x, a.y)
        return None if p.legal else p.reason
    if isinstance(a, (A.Rally, A.GiveOrder)):
        if st.phase != "rally":
            return "rallies and orders are given in the rally phase ([6.0])"
        return _why_rally(s, a)
    if isinstance(a, A.Fire):
        from .missiles import why_not_fire
        return why_not_fire(s, a, st.phase)
    if isinstance(a, A.CastSpell):
        from .magic import why_not_cast
        return why_not_cast(s, a)
    if isinstance(a, A.TurnUndead):
        from .magic import why_not_turn
        return why_not_turn(s, a)
    if isinstance(a, A.Disbelieve):
        from .illusions import why_not_disbelieve
        return why_not_disbelieve(s, a)
    if isinstance(a, A.Bomb):
        from .flight import why_not_bomb
        return why_not_bomb(s, a)
    if isinstance(a, A.HoldStill) and a.unit in s.chars:
        c = s.chars[a.unit]
        if st.phase != "move" or c.side != a.side or not c.active or c.with_unit:
            return f"{a.side} has no individual {a.unit!r} to hold"
        return f"{c.name} {says(c, 'has')} finished moving" if c.move_done else None
    if isinstance(a, A.UNIT_MOVES):
        if st.phase != "move":
            return "units move in their side's movement step ([1.4])"
        u = s.units.get(a.unit)
        if u is None or u.side != a.side or not u.on_table:
            return f"{a.side} has no unit {a.unit!r} on the table"
        from .auto import mindless_adrift
        if mindless_adrift(s, u):
            return f"{u.name} are out of command: mindless undead follow their last order ([13.9])"
        from .intent import why_bound
        bound = why_bound(s, u, a)
        if bound:
            return bound
        from .markers import charmed_from, seen_by
        if isinstance(a, A.Charge) and a.target in s.units and s.units[a.target].side == charmed_from(u):
            return f"{u.name} {says(u, 'is')} charmed and cannot be sent against {their(u)} own side ([14.6] A)"
        p = _plan(seen_by(s, a.side), a)  # [14.8] judged on what the side can see
        if p.legal and u.altitude > 0:
            from .flying import check_turn
            return check_turn(s, u, p)  # [15.1] turns in the air
        return None if p.legal else p.reason
    return f"unknown action {a.type}"


def _plan(s: BSState, a: Action):
    u = s.units[a.unit]
    if isinstance(a, A.Advance):
        return plan_advance(s, u, a.distance, a.offset)
    if isinstance(a, A.Wheel):
        return plan_wheel(s, u, a.pivot, a.angle)
    if isinstance(a, A.Face):
        return plan_face(s, u, a.turn)
    if isinstance(a, A.Frontage):
        return plan_frontage(s, u, a.files)
    if isinstance(a, A.Reform):
        if a.formation == "closed" and u.altitude > 0:
            from .movement import no
            return no(f"{u.name} {says(u, 'is')} in the air: flyers keep open or skirmish order ([15.2])")
        return plan_reform(s, u, a.formation)
    if isinstance(a, A.Charge):
        return plan_charge(s, u, a.target, a.pivot, a.wheel, a.offset)
    if isinstance(a, A.ForcedMarch):
        from .movement import no
        if u.move_began:
            return no(f"{u.name} {says(u, 'has')} already moved: a forced march is the unit's whole move ([7.13])")
        if in_contact(s, u) or u.engaged_start:
            return no(f"{u.name} {says(u, 'is')} in contact and may not force march ([7.13])")
        return plan_advance(s, u, a.distance, a.offset, forced=True, budget=mv_mm(u) * 1.5)
    if isinstance(a, A.Withdraw):
        return plan_withdraw(s, u)
    if isinstance(a, A.Flee):
        return plan_flee(s, u)
    if isinstance(a, A.SpecialFormation):
        return plan_special(s, u, a.formation)
    if isinstance(a, A.HoldStill):
        from .movement import Plan, no
        if u.move_done:
            return no(f"{u.name} {says(u, 'has')} finished moving")
        return Plan(True)
    if isinstance(a, A.WrapAround):
        from .wrap import plan_wrap
        return plan_wrap(s, u, a.figures)
    if isinstance(a, A.Climb):
        from .flying import plan_climb
        return plan_climb(s, u, a.levels)
    from .movement import no
    return no(f"unknown manoeuvre {a.type}")


def _why_rally(s: BSState, a) -> str | None:
    from .command import can_reach_all, commanders_of
    u = s.units.get(a.unit)
    c = s.chars.get(a.commander)
    if u is None or u.side != a.side or not u.on_table:
        return f"{a.side} has no unit {a.unit!r} on the table"
    if c is None or c.side != a.side or not c.active:
        return f"{a.side} has no commander {a.commander!r} in the battle"
    if u.id in s.rally_tried:
        return f"a commander already tried to rally {u.name} this round ([6.0])"
    if c.id in s.rally_used:
        return f"{c.name} already tried a rally this round ([6.0])"
    if c.id not in {x.id for x in commanders_of(s, u)}:
        return f"{c.name} does not command {u.name} ([4.10])"
    if in_contact(s, u):
        return f"{u.name} {says(u, 'is')} in base contact with the enemy and cannot be rallied ([6.1])"
    if not can_reach_all(s, c, u):
        return f"not every figure of {u.name} {says(u, 'is')} within {c.name}'s command radius ([6.1])"
    if isinstance(a, A.GiveOrder):
        if u.kind != "mob":
            return f"{u.name} {says(u, 'is')} not a mob ([2.10])"
        return None
    if not (u.routed or u.uncontrolled):
        return f"{u.name} {says(u, 'has')} neither routed nor gone out of control"
    return None


def legal_actions(s: BSState, side: str) -> list[Action]:
    """The enumerable choices of ``side`` now, each checked."""
    return [a for a in options(s, side, thorough=True) if why_not(s, a) is None]


def options(s: BSState, side: str, thorough: bool = False) -> list[Action]:
    """The enumerable choices of ``side`` now, not yet checked (the agents check what they pick).
    ``thorough``: search every way to charge each enemy in reach (else the likeliest one)."""
    if s.over or s.result is not None or side != s.active:
        return []
    if side == RULES_SIDE:
        return [A.RulesStep(side=side)]
    if s.pending is not None and s.pending.kind == "declare":
        from .intent import declare_options
        return declare_options(s, side)
    if s.pending is not None:
        return [A.Follow(side=side, unit=s.pending.unit, follow=True), A.Follow(side=side, unit=s.pending.unit, follow=False)]
    st = _step(s)
    out: list[Action] = [A.EndStep(side=side)]
    if st is None:
        return out
    if st.phase == "choose_first":
        return [A.ChooseFirst(side=side, first=x) for x in s.order if s.living(x)]
    if st.phase == "rally":
        from .steps import rally_options
        for c, uid in rally_options(s, side):
            u = s.units[uid]
            if u.kind == "mob":
                out += [A.GiveOrder(side=side, commander=c, unit=uid, order=o) for o in ("advance", "charge", "halt")]
            else:
                out.append(A.Rally(side=side, commander=c, unit=uid))
    elif st.phase in ("initial_missile", "missile", "artillery", "pass_fire"):
        from .missiles import fire_options
        out += [A.Fire(side=side, unit=u, target=t) for u, t in fire_options(s, side, st.phase)]
        if st.phase == "missile":
            from .illusions import disbelief_options
            from .magic import cast_options, turn_options
            out += cast_options(s, side) + turn_options(s, side) + disbelief_options(s, side)
        if st.phase == "missile" and s.game == "advanced":
            from .flight import bomb_options
            out += [A.Bomb(side=side, unit=u, target=t) for u, t in bomb_options(s, side)]
    elif st.phase == "move":
        out += unit_options(s, side, thorough)
        from .missiles import fire_options
        out += [A.Fire(side=side, unit=u, target=t) for u, t in fire_options(s, side, "move")]
    return out


def unit_options(s: BSState, side: str, thorough: bool = False) -> list[Action]:
    """The enumerable manoeuvres of a side's units (parametric moves are sampled by the AI)."""
    out: list[Action] = []
    for u in sorted(s.living(side), key=lambda u: u.id):
        if u.status != "ok" or u.move_done or u.kind == "mob" or u.uncontrolled:
            continue
        from .auto import mindless_adrift
        if mindless_adrift(s, u):
            continue
        uid = u.id
        if u.engaged_start or in_contact(s, u):
            out += [A.Withdraw(side=side, unit=uid), A.Flee(side=side, unit=uid), A.HoldStill(side=side, unit=uid),
                    A.WrapAround(side=side, unit=uid, figures=1), A.WrapAround(side=side, unit=uid, figures=2)]
            continue
        if not u.move_began:
            for e in _charge_targets(s, u):
                if thorough:
                    got = best_charge(s, u, e)
                    ways = [got[0]] if got else []
                else:
                    ways = charge_candidates(s, u, e)[:1]
                for piv, wh, off in ways:
                    out.append(A.Charge(side=side, unit=uid, target=e, pivot=piv, wheel=wh, offset=off))
            out.append(A.SpecialFormation(side=side, unit=uid, formation="shield_wall"))
            if not chargers_of(s, u):  # [11.7] not once a charge has reached it
                out.append(A.SpecialFormation(side=side, unit=uid, formation="set_spears"))
        left = remaining(s, u)
        if left > 1.0:
            out.append(A.Advance(side=side, unit=uid, distance=round(left, 2)))
        out += [A.Face(side=side, unit=uid, turn=t) for t in (90, -90, 180)]
        if u.kind in ("regular", "elite", "berserker"):
            out.append(A.Reform(side=side, unit=uid, formation="open" if u.formation == "closed" else "closed"))
        out.append(A.HoldStill(side=side, unit=uid))
    if s.game == "advanced":
        from .flight import climb_options
        out += [A.Climb(side=side, unit=uid, levels=lv) for uid, lv in climb_options(s, side)]
    return out


def _charge_targets(s: BSState, u) -> list[str]:
    from .steps import enemies_within_charge
    return enemies_within_charge(s, u)[:3]


def resolve(em: Emitter, a: Action) -> None:
    """Carry out an accepted action (the events go to ``em``)."""
    from . import act
    from ..turn import choose_first, end_step, rules_step, settle
    from .markers import unseen_by
    from .steps import check_end
    if isinstance(a, A.RulesStep):
        rules_step(em)
    elif isinstance(a, A.EndStep):
        end_step(em, a.side)
    elif isinstance(a, A.ChooseFirst):
        choose_first(em, a.first)
    elif isinstance(a, A.Follow):
        act.do_follow(em, a)
    elif isinstance(a, A.Declare):
        from .intent import do_declare
        do_declare(em, a)
    elif isinstance(a, (A.Rally, A.GiveOrder)):
        act.do_rally(em, a)
    elif isinstance(a, A.Fire):
        from .missiles import do_fire
        do_fire(em, a)
    elif isinstance(a, A.MoveIndividual):
        act.do_individual(em, a)
    elif isinstance(a, A.Bomb):
        from .flying import do_bomb
        do_bomb(em, a)
    elif isinstance(a, A.Climb):
        from .flying import do_climb
        do_climb(em, a)
    elif isinstance(a, A.CastSpell):
        from .magic import do_cast
        do_cast(em, a)
    elif isinstance(a, A.TurnUndead):
        from .magic import do_turn
        do_turn(em, a)
    elif isinstance(a, A.Disbelieve):
        from .illusions import do_disbelieve
        do_disbelieve(em, a)
    elif isinstance(a, A.UNIT_MOVES) and not isinstance(a, (A.Charge, A.HoldStill)) and a.unit in em.s.units \
            and unseen_by(em.s, a.side) and not _plan(em.s, a).legal:
        u = em.unit(a.unit)  # [14.8] legal on what the side sees, blocked by an unseen enemy
        em.change(u, f"{u.name} {says(u, 'is')} stopped by something it cannot see ([14.8])", move_done=True, move_began=True,
                  idle=False)
    elif isinstance(a, A.UNIT_MOVES) and a.unit in em.s.units and em.s.units[a.unit].altitude > 0:
        from .flight import turn_changes
        before = em.s.units[a.unit].model_copy()
        _manoeuvre(em, a)
        after = em.s.units[a.unit]
        ch = turn_changes(em.s, before, after)
        if ch:
            em.change(after, f"{after.name} {says(after, 'has')} turned {ch['flight_turned']:.0f} degrees in the air this round ([15.1])", **ch)
    else:
        _manoeuvre(em, a)
    open_out_of_command(em)
    from .markers import reveal_contacts
    reveal_contacts(em)
    if any(u.on_table and u.effects and any(e.startswith("illusion:") for e in u.effects) for u in em.s.units.values()):
        from .illusions import dispel_touched
        dispel_touched(em)
    check_end(em)
    if em.s.result is None and em.s.pending is None:
        settle(em)


def _manoeuvre(em: Emitter, a: Action) -> None:
    from . import act
    {A.Advance: act.do_advance, A.Wheel: act.do_wheel, A.Face: act.do_face, A.Frontage: act.do_frontage,
     A.Reform: act.do_reform, A.Charge: act.do_charge, A.ForcedMarch: act.do_forced, A.Withdraw: act.do_withdraw,
     A.Flee: act.do_flee, A.SpecialFormation: act.do_special, A.HoldStill: act.do_hold,
     A.WrapAround: _wrap}[type(a)](em, a)


def open_out_of_command(em: Emitter) -> None:
    """[7.6] a regular unit in closed formation that is out of command opens its ranks at once
    (no cost)."""
    from .command import in_command
    for u in sorted(em.s.units.values(), key=lambda u: u.id):
        if u.status == "ok" and u.figures and u.formation == "closed" and u.kind in ("regular", "elite") \
                and not in_command(em.s, u):
            em.change(u, f"{u.name} {says(u, 'is')} out of command and opens {their(u)} ranks ([7.6])", formation="open",
                      shield_wall=False, set_spears=False)


def _wrap(em: Emitter, a: A.WrapAround) -> None:
    from .wrap import do_wrap
    do_wrap(em, a)


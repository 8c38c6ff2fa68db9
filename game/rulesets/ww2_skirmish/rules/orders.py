"""The actions of a unit in the battle: legality (:func:`check_order`) and
effects (:func:`resolve_order`) (ww2_skirmish.txt: Basic, Advanced and Group
Actions; Composure; Activation Phase).

Every unit action is paid first (:func:`.activation.pay`). A shell-shocked
unit then takes an agility test at -1 (Composure table 1): on a failure the
action is lost. Get to Cover (shell-shocked units only) takes that test as its
own agility roll: one roll at -1, not two (README, Deviations and decisions). After the action, enemy units in ambush that can fire at the
unit that acted may react (Ambush), and the missions' card conditions are
checked.
"""

from __future__ import annotations

import math

from game.core.dice import Notation
from game.core.event import Target

from game.core.logtext import compass_words, plural

from .. import actions as A
from ..places import inches_words, unit_move_words
from ..bodies import angle_diff, centroid, gap, unit_gap
from ..catalogue import DATA, T, inches
from ..events import PendingAdded, PendingDone, StateSet
from ..state import Unit, WWState
from . import missions
from .activation import can_act, may_activate, pay, slots_left, cost
from .attacks import melee_weapon, plan_fight, plan_shot, resolve_attack
from ..events import HandSet, UnitMoved
from .common import Emitter, agility_test, composure_target, composure_test, perk, prof, side_says, status_now, uname, wname
from .grenades import grenade_plan, throw
from .movement import base_allowance, furthest, in_cover_at, move_to, plan_move, run_path

GROUP = T.group


def _unit(s: WWState, side: str, uid: str) -> Unit | None:
    u = s.units.get(uid)
    return u if u is not None and u.side == side else None


# -- checks ---------------------------------------------------------------------------------
def check_order(s: WWState, a) -> str:
    """Why the unit action ``a`` is illegal now, or ''."""
    if isinstance(a, A.GROUP_ACTIONS):
        return check_group(s, a)
    u = _unit(s, a.side, a.unit)
    if u is None:
        return f"{a.side} has no unit {a.unit!r}"
    why = can_act(s, u, a)
    if why:
        return why
    if isinstance(a, A.Move):
        st = status_now(s, u)
        if st == "afraid" and not a.fall_back:
            cx, cy = centroid(s, u)
            if math.hypot(a.x - cx, a.y - cy) < 1e-6 or angle_diff(math.degrees(math.atan2(a.y - cy, a.x - cx)), u.heading) <= 135:
                return f"{u.name} is afraid: it must move backwards (into its rear arc) or fall back"
        return move_to(s, u, a.x, a.y, a.heading, fall_back=a.fall_back).reason
    if isinstance(a, A.Run):
        if not a.headings or len(a.headings) > 16:
            return "a run needs 1 to 16 headings (one a 4\" leg)"
        from ..bodies import engaged
        if engaged(s, u):
            return f"{u.name} is in combat and may only fall back"
        return ""
    if isinstance(a, (A.Shoot, A.HoldTheLine)):
        t = _enemy(s, u, a.target)
        if isinstance(t, str):
            return t
        if u.grenade_turn == s.turn:
            return f"{u.name} threw a grenade this turn and may not also fire a weapon"
        w = DATA.weapons.get(a.weapon)
        if w is None or w.melee or w.consumable:
            return f"{a.weapon} is not a weapon {u.name} fires"
        chosen = getattr(a, "chosen", ())
        if chosen and any(c not in t.models or not s.models[c].alive for c in chosen):
            return f"the chosen models must be living models of {t.name}"
        return plan_shot(s, u, t, a.weapon, chosen).reason
    if isinstance(a, A.Fight):
        t = _enemy(s, u, a.target)
        if isinstance(t, str):
            return t
        return plan_fight(s, u, t).reason
    if isinstance(a, A.Throw):
        m = s.models.get(a.target)
        if m is None or not m.alive or s.units[m.unit].side == u.side or not s.units[m.unit].deployed:
            return f"{a.target!r} is not an enemy model on the table"
        thrower, why, _ = grenade_plan(s, u, m, a.weapon)
        return "" if thrower is not None else why
    if isinstance(a, A.Rally):
        return "" if u.tokens > 0 else f"{u.name} has no composure token to shed"
    if isinstance(a, A.Interact):
        return check_interact(s, u, a.what)
    if isinstance(a, A.ShellUp):
        return "" if a.weapon in u.unloaded else f"{u.name}'s {a.weapon} needs no reloading"
    if isinstance(a, A.Ambush):
        return "" if not u.ambush else f"{u.name} is already in ambush"
    if isinstance(a, A.GetToCover):
        p = move_to(s, u, a.x, a.y, a.heading, check_cost=False)
        if not p.ok:
            return p.reason
        far = base_allowance(s, u, dice_max(str(T.get_to_cover.extra)))[0]
        if p.cost > far + 1e-6:
            return f"out of reach even with the best roll ({far / inches(1):.1f}\")"
        return "" if in_cover_at(s, u, p.positions) else "every model must end in cover: in a trench or crater, or within 1/2\" of cover"
    if isinstance(a, A.Cooldown):
        return "" if u.heat > 0 or u.cooldown else f"{u.name} has no heat to shed"
    return f"unknown action {a.type}"


def _enemy(s: WWState, u: Unit, tid: str):
    t = s.units.get(tid)
    if t is None or t.side == u.side or not s.on_table(t):
        return f"{tid!r} is not an enemy unit on the table"
    return t


def check_interact(s: WWState, u: Unit, what: str) -> str:
    """Demolition: a charge at a target point within 1", or the detonation."""
    h = s.hands[u.side]
    if h.kept != "demolition":
        return "there is nothing here to interact with"
    if what == "detonate":
        n = len(h.charges)
        return "" if n >= int(T.missions.demolition_points) else f"only {n} of {T.missions.demolition_points} charges are placed"
    if what.startswith("charge:"):
        pid = what.split(":", 1)[1]
        if not any(o.id == pid for o in s.objectives):
            return f"no target point {pid!r}"
        if pid in h.charges:
            return "a charge is already placed there"
        if len(h.charges) >= int(T.missions.demolition_points):
            return "every charge is placed"
        from .missions import charge_points_near
        reach_ok = any(p == pid for p in charge_points_near(s, u.side)) and _unit_near_point(s, u, pid)
        return "" if reach_ok else f"no model of {u.name} is within {T.missions.demolition_within_in}\" of the target point"
    return f"unknown interaction {what!r}"


def _unit_near_point(s: WWState, u: Unit, pid: str) -> bool:
    from ..bodies import gap_point
    o = next(o for o in s.objectives if o.id == pid)
    return any(gap_point(s, m, o.x, o.y) <= inches(T.missions.demolition_within_in) + 1e-6 for m in s.alive(u))


def group_sizes(u: Unit) -> tuple[int, ...]:
    """The group sizes the unit's class may form (Group Actions)."""
    return tuple(GROUP.elite_sizes) if u.cls == "elite" else tuple(GROUP.infantry_sizes)


def check_group(s: WWState, a) -> str:
    """Group actions: infantry (groups of 3, 4 or 6 models) or elites (2 or 4),
    every model within 2" of another of the group, all facing the same way;
    each unit spends one action (its class cost and one slot)."""
    if len(set(a.units)) != len(a.units) or not a.units:
        return "a group names each unit once"
    units = []
    for uid in a.units:
        u = _unit(s, a.side, uid)
        if u is None:
            return f"{a.side} has no unit {uid!r}"
        units.append(u)
    if len({u.cls for u in units}) != 1 or units[0].cls not in ("infantry", "elite"):
        return "a group is all infantry or all elites"
    n = sum(len(s.alive(u)) for u in units)
    if n not in group_sizes(units[0]):
        return f"a group of {units[0].cls} has {' or '.join(map(str, group_sizes(units[0])))} models, not {n}"
    if any(angle_diff(u.heading, units[0].heading) > float(GROUP.facing_tolerance_deg) for u in units):
        return "every unit of a group faces the same direction"
    if not _connected(s, units):
        return f"every model of a group is within {GROUP.within_in}\" of another"
    why = may_activate(s, units)
    if why:
        return why
    total = 0
    for u in units:
        why = can_act(s, u, a)
        if why:
            return why
        total += cost(s, u)[0]
    if s.cache.get(a.side, 0) < total:
        return f"the group costs {total} from the cache, which holds {s.cache.get(a.side, 0)}"
    if isinstance(a, A.GroupMove):
        cx, cy = _group_centre(s, units)
        return plan_move(s, units, a.x - cx, a.y - cy, a.heading, group=True).reason
    t = _enemy(s, units[0], a.target)
    if isinstance(t, str):
        return t
    if isinstance(a, A.GroupShoot):
        plans = [plan_shot(s, u, t, main_weapon(u) or "") for u in units]
        return "" if any(p.ok for p in plans) else plans[0].reason
    plans = [plan_fight(s, u, t) for u in units]
    return "" if any(p.ok for p in plans) else plans[0].reason


def _connected(s: WWState, units: list[Unit]) -> bool:
    ms = [m for u in units for m in s.alive(u)]
    if not ms:
        return False
    seen, todo = {ms[0].id}, [ms[0]]
    reach = inches(GROUP.within_in)
    while todo:
        m = todo.pop()
        for o in ms:
            if o.id not in seen and gap(s, m, o) <= reach + 1e-6:
                seen.add(o.id)
                todo.append(o)
    return len(seen) == len(ms)


def _group_centre(s: WWState, units: list[Unit]) -> tuple[float, float]:
    ms = [m for u in units for m in s.alive(u)]
    return sum(m.x for m in ms) / len(ms), sum(m.y for m in ms) / len(ms)


def main_weapon(u: Unit) -> str | None:
    """The unit's main ranged weapon: the primary it has most of (then the first listed)."""
    best, key = None, None
    for wid, k in u.weapons.items():
        w = DATA.weapons[wid]
        if k > 0 and not w.melee and not w.consumable and wid not in u.unloaded:
            kk = (w.slot == "primary", k, w.caliber)
            if key is None or kk > key:
                best, key = wid, kk
    return best


def dice_max(text: str) -> int:
    """The highest total of dice notation ``text`` ("d4" -> 4, "D3+1" -> 4)."""
    n = Notation.parse(text)
    return n.count * (3 if n.halved else n.sides) + n.bonus


# -- resolution -------------------------------------------------------------------------------
LABELS = {A.Move: "move", A.Run: "run", A.Shoot: "shoot", A.Fight: "fight", A.Throw: "throw a grenade",
          A.Rally: "rally", A.Interact: "interact", A.ShellUp: "shell up", A.HoldTheLine: "hold the line",
          A.Ambush: "ambush", A.GetToCover: "get to cover", A.Cooldown: "cool down"}


def resolve_order(em: Emitter, a) -> None:
    """Resolve a unit or group action (its check passed)."""
    s = em.s
    if isinstance(a, A.GROUP_ACTIONS):
        resolve_group(em, a)
        after_order(em, [s.units[u] for u in a.units])
        return
    u = s.units[a.unit]
    label = "fall back" if isinstance(a, A.Move) and a.fall_back else LABELS[type(a)]
    pay(em, u, a, label)
    u = em.s.units[u.id]
    # Get to Cover's own agility roll is the shell-shocked unit's test (one roll, at -1)
    if (status_now(em.s, u) == "shell_shocked" and not isinstance(a, A.GetToCover)
            and not agility_test(em, u, "shell-shocked, to act", shocked=True)):
        em.note(f"{u.name} is shell-shocked and does nothing", side=u.side)
        after_order(em, [u])
        return
    _effect(em, u, a)
    after_order(em, [em.s.units[u.id]])


def _effect(em: Emitter, u: Unit, a) -> None:
    s = em.s
    if isinstance(a, A.Move):
        do_move(em, u, move_to(s, u, a.x, a.y, a.heading, fall_back=a.fall_back), "falls back" if a.fall_back else "moves")
    elif isinstance(a, A.Run):
        extra = em.roll(str(T.run.extra), f"{u.name} runs: extra inches", side=u.side)
        allow, mods = base_allowance(s, u, extra.total)
        legs, dist = run_path(s, u, a.headings, allow)
        if not legs:
            em.note(f"{u.name} cannot run that way", side=u.side)
        else:
            last = legs[-1]
            last.heading = a.headings[min(len(legs) - 1, len(a.headings) - 1)] % 360.0
            do_move(em, u, last, f"runs {dist / inches(1):.1f}\" (M {prof(u).m:g}\" + {extra.total}\""
                    + "".join(f" {v:+g}\" ({k})" for k, v in mods) + ")")
        em.set_unit(em.s.units[u.id], f"{u.name} has -1 hit chance until the end of turn {s.turn + 1} (ran)",
                    ran_until=s.turn + 1)
    elif isinstance(a, A.Shoot):
        t = s.units[a.target]
        plan = plan_shot(s, u, t, a.weapon, a.chosen)
        _fired(em, u, a.weapon)
        resolve_attack(em, plan, chosen=bool(a.chosen))
    elif isinstance(a, A.HoldTheLine):
        t = s.units[a.target]
        plan = plan_shot(s, u, t, a.weapon)
        _fired(em, u, a.weapon)
        resolve_attack(em, plan, reroll_ones=True, verb="holds the line and fires its {w}")
    elif isinstance(a, A.Fight):
        resolve_attack(em, plan_fight(s, u, s.units[a.target]), verb="fights with its {w}")
    elif isinstance(a, A.Throw):
        throw(em, u, s.models[a.target], a.weapon)
    elif isinstance(a, A.Rally):
        r = em.roll("2d6", f"{u.name} rallies (composure test)", side=u.side, target=composure_target(s, u))
        if r.passed:
            d = em.roll(str(T.composure.rally_loss), f"{u.name} sheds composure tokens", side=u.side)
            left = max(0, u.tokens - d.total)
            em.set_unit(u, f"{u.name} sheds {plural(u.tokens - left, 'composure token')}: {left} left", tokens=left)
        else:
            em.note(f"{u.name} fails to rally", side=u.side)
    elif isinstance(a, A.Interact):
        h = s.hands[u.side]
        if a.what == "detonate":
            em.note(f"{u.name} sets off the charges", side=u.side)
            missions.finish(em, u.side, True, f"{len(h.charges)} charges set off")
        else:
            pid = a.what.split(":", 1)[1]
            label = next(o.label for o in s.objectives if o.id == pid)
            charges = h.charges + [pid]
            em.emit(HandSet(side=u.side, fields={"charges": charges},
                            text=f"{u.name} places a charge at {label} ({len(charges)} of {T.missions.demolition_points})"))
            if len(charges) >= int(T.missions.demolition_points):
                missions.reveal(em, u.side, "all three charges are placed")
    elif isinstance(a, A.ShellUp):
        em.set_unit(u, f"{u.name} reloads its {wname(a.weapon)}", unloaded=[w for w in u.unloaded if w != a.weapon])
    elif isinstance(a, A.Ambush):
        em.set_unit(u, f"{u.name} lies in ambush", ambush=True)
    elif isinstance(a, A.GetToCover):
        if not agility_test(em, u, "get to cover", shocked=status_now(s, u) == "shell_shocked"):
            em.note(f"{u.name} fails to get to cover", side=u.side)
            return
        extra = em.roll(str(T.get_to_cover.extra), f"{u.name} gets to cover: extra inches", side=u.side)
        allow, _ = base_allowance(s, u, extra.total)
        cx, cy = centroid(s, u)
        dx, dy = a.x - cx, a.y - cy
        L = math.hypot(dx, dy)
        p = move_to(s, u, a.x, a.y, a.heading, allowance=allow)
        if not p.ok and L > 0:
            p = furthest(s, [u], dx / L, dy / L, L, allow, a.heading)
        if p is not None and p.ok:
            p.heading = a.heading % 360.0
            do_move(em, u, p, "dives for cover")
        else:
            em.note(f"{u.name} cannot get there", side=u.side)
    elif isinstance(a, A.Cooldown):
        em.set_unit(u, f"{u.name} cools down: heat 0", heat=0, cooldown=False)
        em.emit(StateSet(fields={"cooled": em.s.cooled + [u.id]}, text=f"{u.name} vents its heat"))


def _fired(em: Emitter, u: Unit, wid: str) -> None:
    """The unit fired a weapon this turn (no grenade now); a siege weapon is left unloaded."""
    w = DATA.weapons[wid]
    u = em.s.units[u.id]
    if w.has("siege"):
        em.set_unit(u, f"{u.name}'s {w.name} must be reloaded before it fires again (Shell Up!)",
                    fired_turn=em.s.turn, unloaded=sorted(set(u.unloaded) | {wid}))
    elif u.fired_turn != em.s.turn:
        em.set_unit(u, f"{u.name} opens fire: no grenades for it this turn", fired_turn=em.s.turn)


def do_move(em: Emitter, u: Unit, p, verb: str) -> None:
    """Carry out a checked move: the wire test, the Flood roll, then the models move."""
    s = em.s
    if p.wire_exit and not agility_test(em, u, "to escape the wire"):
        em.note(f"{u.name} is caught in the wire and stays put", side=u.side)
        return
    ends = [(x, y) for _, x, y in p.positions] or [centroid(s, u)]
    ex, ey = sum(x for x, _ in ends) / len(ends), sum(y for _, y in ends) / len(ends)
    em.emit(UnitMoved(unit=u.id, positions=[(m, x, y) for m, x, y in p.positions], heading=p.heading,
                      text=f"{u.name} {verb} {unit_move_words(s, u, ex, ey, p.length)} and faces "
                      f"{compass_words(p.heading)}"
                      + (f" (cost {inches_words(p.cost)} of {inches_words(p.allowance)})" if abs(p.cost - p.length) > 1e-6 or p.backwards else "")))
    if p.enters_trench and s.condition == "flood":
        r = em.roll("d6", f"{u.name} wades into a flooded trench", side=u.side,
                    target=Target(label="one action only", base=int(T.conditions.flood_one_action_on),
                                  words=("one action only", "no effect")))
        if r.passed:
            em.emit(StateSet(fields={"one_action": em.s.one_action + [u.id]},
                             text=f"{u.name} may do only one action this activation (flood)"))


def resolve_group(em: Emitter, a) -> None:
    """A group action: each unit pays, the leadership roll (the group's best
    LD; Drilled +1) decides whether the bonus applies; a squad at half
    strength or worse gains no bonus."""
    s = em.s
    units = [s.units[u] for u in a.units]
    kind = {A.GroupShoot: "group shoot", A.GroupMove: "group move", A.GroupAssault: "group assault"}[type(a)]
    for u in units:
        pay(em, em.s.units[u.id], a, kind)
    best = min(units, key=lambda u: prof(u).ld)
    bonus = max(perk(u, "leadership_bonus") for u in units)
    t = Target(label="leadership", base=prof(best).ld, mods=(("Drilled", -bonus),) if bonus else (),
               words=("the group's bonus applies", "no bonus"))
    ok = em.roll("d6", f"leadership roll for the {kind} ({best.name} leads)", side=a.side, target=t).passed
    if isinstance(a, A.GroupMove):
        cx, cy = _group_centre(em.s, units)
        p = plan_move(em.s, [em.s.units[u.id] for u in units], a.x - cx, a.y - cy, a.heading, group=ok)
        if not p.ok:
            p = plan_move(em.s, [em.s.units[u.id] for u in units], a.x - cx, a.y - cy, a.heading, group=True,
                          check_cost=False)
            em.note("without the bonus the ground slows the group: it moves no further than it may", side=a.side)
            if p.cost > p.allowance:
                return
        for u in units:
            mine = [(m, x, y) for m, x, y in p.positions if em.s.models[m].unit == u.id]
            sub = type(p)(u.id, positions=mine, heading=p.heading, length=p.length, cost=p.cost,
                          allowance=p.allowance, enters_trench=p.enters_trench, wire_exit=p.wire_exit)
            do_move(em, em.s.units[u.id], sub, "moves with the group")
        return
    t_unit = s.units[a.target]
    for u in units:
        u = em.s.units[u.id]
        if not em.s.on_table(u) or not em.s.on_table(em.s.units[t_unit.id]):
            continue
        full = len(em.s.alive(u)) * 2 > u.start_models or u.start_models == 1
        use = ok and full
        if ok and not full:
            em.note(f"{u.name} has lost half its squad and gains no bonus", side=a.side)
        if isinstance(a, A.GroupShoot):
            wid = main_weapon(u)
            plan = plan_shot(em.s, u, em.s.units[t_unit.id], wid or "")
            if not plan.ok or em.s.units[u.id].grenade_turn == em.s.turn:
                em.note(f"{u.name} cannot fire: {plan.reason or 'it threw a grenade this turn'}", side=a.side)
                continue
            _fired(em, u, wid)
            resolve_attack(em, plan, reroll_ones=use, verb="fires its {w} with the group")
        else:
            plan = plan_fight(em.s, u, em.s.units[t_unit.id])
            if not plan.ok:
                em.note(f"{u.name} cannot reach: {plan.reason}", side=a.side)
                continue
            resolve_attack(em, plan, extra_wound=(("group assault", 1),) if use else (), verb="assaults with its {w}")


def after_order(em: Emitter, acted: list[Unit]) -> None:
    """After a unit action: ambushes that may react, and the missions' conditions."""
    s = em.s
    missions.after_action(em)
    if s.over or em.s.final:
        return
    for u in acted:
        u = em.s.units[u.id]
        if not em.s.on_table(u):
            continue
        for amb in em.s.units_of(em.s.enemy_of(u.side)):
            if not amb.ambush:
                continue
            opts = ambush_options(em.s, amb, u)
            if opts:
                em.emit(PendingAdded(kind="ambush", side=amb.side, unit=amb.id, enemy=u.id, options=opts,
                                     text=f"{amb.name} may spring its ambush on {u.name}"))
                return


def ambush_options(s: WWState, amb: Unit, target: Unit) -> list[str]:
    """The weapons an ambushing unit may fire at ``target`` now."""
    if status_now(s, amb) == "in_shock":
        return []
    out = []
    for wid, k in amb.weapons.items():
        w = DATA.weapons[wid]
        if k > 0 and not w.melee and not w.consumable and wid not in amb.unloaded:
            if amb.grenade_turn != s.turn and plan_shot(s, amb, target, wid).ok:
                out.append(wid)
    return out


# -- decisions ----------------------------------------------------------------------------------
def check_decision(s: WWState, a) -> str:
    """Why a decision action is illegal now, or ''."""
    if not s.pending:
        return "no decision is awaited"
    p = s.pending[0]
    if a.side != p.side:
        return f"the decision is {p.side}'s"
    if isinstance(a, A.ChooseLoss):
        if p.kind != "loss" or a.unit != p.unit:
            return "no weapon loss to choose for that unit"
        return "" if a.weapon in p.options else f"choose one of {', '.join(p.options)}"
    if isinstance(a, (A.AmbushFire, A.AmbushHold)):
        if p.kind != "ambush" or a.unit != p.unit:
            return "that unit has no ambush to spring"
        if isinstance(a, A.AmbushFire):
            if a.target != p.enemy:
                return "an ambush fires at the unit that just acted"
            return "" if a.weapon in p.options else f"fire one of {', '.join(p.options)}"
        return ""
    if isinstance(a, A.ChooseTarget):
        if p.kind != "target":
            return "no target to choose"
        return "" if a.unit in p.options else "choose an enemy Rank unit"
    return f"unknown decision {a.type}"


def resolve_decision(em: Emitter, a) -> None:
    s = em.s
    p = s.pending[0]
    if isinstance(a, A.ChooseLoss):
        u = s.units[a.unit]
        em.emit(PendingDone(text=f"{u.name} gives up a {wname(a.weapon)}"))
        em.set_unit(u, f"{u.name} has {plural(u.weapons[a.weapon] - 1, wname(a.weapon))} left",
                    weapons={**u.weapons, a.weapon: u.weapons[a.weapon] - 1})
    elif isinstance(a, A.AmbushHold):
        em.emit(PendingDone(text=f"{uname(s, a.unit)} holds its fire and stays in ambush"))
    elif isinstance(a, A.AmbushFire):
        u = s.units[a.unit]
        em.emit(PendingDone(text=f"{u.name} springs its ambush"))
        em.set_unit(u, f"{u.name} leaves its ambush", ambush=False)
        plan = plan_shot(em.s, em.s.units[u.id], em.s.units[a.target], a.weapon)
        _fired(em, em.s.units[u.id], a.weapon)
        resolve_attack(em, plan, verb="fires its {w} from ambush")
        missions.after_action(em)
    elif isinstance(a, A.ChooseTarget):
        em.emit(PendingDone(text=side_says(em.s, a.side, "has", "chosen a target for a hidden mission")))
        em.emit(HandSet(side=a.side, fields={"target": a.unit}, text=f"The {a.side} hidden mission has its target"))
    if p.kind == "target":
        from .setup import after_keep
        after_keep(em)


__all__ = ["check_order", "resolve_order", "check_decision", "resolve_decision", "main_weapon", "composure_test",
           "unit_gap", "slots_left", "melee_weapon"]

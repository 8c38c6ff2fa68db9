"""Attacks (ww2_skirmish.txt: Attacking; Attack Direction Bonuses; Weapon Profiles).

An attack is planned (:func:`plan_shot`, :func:`plan_fight`) without rolling,
so the rules, the previews and the AI read the same numbers, then resolved
(:func:`resolve_attack`):

1. **Targets** in range and in line of sight (:mod:`..sight`): each firing
   model aims at the nearest model of the target unit it can see and reach.
   A squad fires as many of the weapon as it has living models to carry them.
2. **Hit roll**: a D6 a die of Attacks, needing the weapon's hit chance (or
   the unit's WS in a fight) after the modifiers: accuracy of the range band
   (short up to the short value, long beyond), cover, fog, elevation, the
   Run penalty. A natural 1 always misses, a natural 6 always hits (ours,
   from the grenade clause) and adds +1 to that hit's wound roll.
3. **Wound roll**: D6 + (caliber - toughness) + AP + the other modifiers,
   wounding on 4+; the modifiers together stay within -3..+3; a natural 1
   always fails and a natural 6 always wounds. AP is added as printed (a
   rear attack adds +1 AP; the grenade's AP -1 is a penalty).
4. **Direction** (Facing Rule): from the attacking unit's centre, in the
   target's side arc +1 to wound; in its rear arc +1 to wound and +1 AP.
5. **Damage** goes to the target's models front to back (nearest the
   attacker first) among those the attack may reach; each wound deals the
   weapon's damage to the front model, excess is lost. Choosing the target
   models instead makes the attacker re-roll 6s to hit.

Rolls are pools: one roll of every die with the same modifiers, counted
against the itemised number they need (the log shows every part).
"""

from __future__ import annotations

import math

from ..bodies import centroid, gap
from ..catalogue import DATA, T, Weapon, inches
from ..sight import adjudicate
from ..state import Model, Unit, WWState
from .common import Emitter, add_tokens, damage_model, mname, perk, prof, weapons_usable
from .grenades import blast
from .rolls import (CAP, WOUND_NEED, Plan, Shot, band_of, direction_mods, hit_target, ran_penalty, rerolls_for,
                    wound_chance, wound_target)

HIT_FAIL, HIT_PASS = int(T.hit.natural_fail), int(T.hit.natural_success)
#: the shared numbers, read from here by the rest of the package and the tests
__all__ = ["CAP", "WOUND_NEED", "Plan", "Shot", "band_of", "direction_mods", "hit_target", "ran_penalty", "rerolls_for",
           "wound_chance", "wound_target", "plan_shot", "plan_fight", "resolve_attack", "allocate", "expected_wounds",
           "expected_kills", "eligible_models", "melee_weapon", "weapon_of"]


def weapon_of(wid: str) -> Weapon:
    """The weapon profile ``wid``."""
    return DATA.weapons[wid]


def plan_shot(s: WWState, u: Unit, target: Unit, wid: str, chosen: tuple[str, ...] = (),
              need_loaded: bool = True) -> Plan:
    """Plan a ranged attack of unit ``u`` with weapon ``wid`` at ``target`` (no
    rolls; memoised for the state as it stands)."""
    key = ("shot", u.id, target.id, wid, tuple(chosen), need_loaded)
    memo = s.memo()
    got = memo.get(key)
    if got is None:
        got = memo[key] = _plan_shot(s, u, target, wid, chosen, need_loaded)
    return got


def _plan_shot(s: WWState, u: Unit, target: Unit, wid: str, chosen: tuple[str, ...], need_loaded: bool) -> Plan:
    p = Plan(u.id, target.id, wid, False)
    w = DATA.weapons.get(wid)
    if w is None or w.melee:
        p.reason = f"{wid} is not a ranged weapon"
        return p
    have = u.consumables.get(wid, 0) if w.consumable else weapons_usable(s, u, wid)
    if have <= 0:
        p.reason = f"{u.name} has no {w.name} to fire"
        return p
    if need_loaded and wid in u.unloaded:
        p.reason = f"the {w.name} must be reloaded first (Shell Up!)"
        return p
    tmodels = [m for m in s.alive(target) if not chosen or m.id in chosen]
    if not tmodels:
        p.reason = f"{target.name} has no model to aim at"
        return p
    arc, dmods, dap = direction_mods(s, u, target)
    p.direction = arc
    n = 1 if w.consumable else have
    marks = perk(u, "ignore_long_range")
    incendiary = w.has("incendiary")
    firers = sorted(s.alive(u), key=lambda m: min(gap(s, m, t) for t in tmodels))
    for f in firers:
        if len(p.shots) >= n:
            break
        best = None
        for t in sorted(tmodels, key=lambda t: (gap(s, f, t), t.id)):
            band = band_of(w, gap(s, f, t))
            if band is None:
                break
            sg = adjudicate(s, f, t)
            if sg.sees:
                best = (t, band, sg)
                break
        if best is None:
            continue
        t, band, sg = best
        acc = w.acc_short if band == "short" else w.acc_long
        if band == "long" and marks and acc < 0:
            acc = 0
        hm = [(f"{band} range", acc)] if acc else []
        hm += [(k, v) for k, v in sg.hit_mods if not (incendiary and "cover" in k)]
        hm += list(ran_penalty(s, u))
        wm = list(dmods) + [(k, v) for k, v in sg.wound_mods if not incendiary]
        if dap:
            wm.append(("rear attack AP", dap))
        p.shots.append(Shot(f.id, t.id, w.attacks, tuple(hm), tuple(wm), band))
    p.eligible = sorted(set(eligible_models(s, [s.models[sh.firer] for sh in p.shots], tmodels, w))
                        | {sh.aim for sh in p.shots})
    if not p.shots:
        p.reason = f"no model of {u.name} can see {target.name} within the {w.name}'s {w.long_in:g}\" range"
    return p


def eligible_models(s: WWState, firers: list[Model], tmodels: list[Model], w: Weapon) -> list[str]:
    """The target models an attack may damage (ours): each one the firing model
    nearest to it has in range and in line of sight."""
    out = []
    if not firers:
        return out
    for t in tmodels:
        f = min(firers, key=lambda m: (gap(s, m, t), m.id))
        if band_of(w, gap(s, f, t)) is not None and adjudicate(s, f, t).sees:
            out.append(t.id)
    return sorted(out)


def melee_weapon(s: WWState, u: Unit) -> str | None:
    """The unit's best weapon for a fight: melee or sidearm (Weapon Skill), by caliber x attacks."""
    best, key = None, None
    for wid, k in u.weapons.items():
        w = DATA.weapons[wid]
        if k > 0 and (w.melee or w.has("sidearm")):
            kk = (w.caliber * w.attacks, wid)
            if key is None or kk > key:
                best, key = wid, kk
    return best


def plan_fight(s: WWState, u: Unit, target: Unit) -> Plan:
    """Plan a fight of ``u`` against ``target``: each model with a melee weapon
    (or a sidearm) within the weapon's reach of a target model attacks, hitting
    on the unit's WS; no cover in a fight (ours); direction bonuses apply."""
    wid = melee_weapon(s, u)
    p = Plan(u.id, target.id, wid or "", True)
    if wid is None:
        p.reason = f"{u.name} has no melee weapon"
        return p
    w = DATA.weapons[wid]
    n = weapons_usable(s, u, wid)
    reach = inches(w.long_in)
    arc, dmods, dap = direction_mods(s, u, target)
    p.direction = arc
    tmodels = s.alive(target)
    eligible: set[str] = set()
    for f in sorted(s.alive(u), key=lambda m: min(gap(s, m, t) for t in tmodels)):
        if len(p.shots) >= n:
            break
        near = sorted((t for t in tmodels if gap(s, f, t) <= reach + 1e-6), key=lambda t: (gap(s, f, t), t.id))
        if not near:
            continue
        eligible.update(t.id for t in near)
        wm = list(dmods)
        if perk(u, "melee_caliber"):
            wm.append(("Iron Knuckles", perk(u, "melee_caliber")))
        if dap:
            wm.append(("rear attack AP", dap))
        p.shots.append(Shot(f.id, near[0].id, w.attacks, (), tuple(wm), "melee"))
    p.eligible = sorted(eligible)
    if not p.shots:
        p.reason = f"no model of {u.name} is within {w.long_in:g}\" of {target.name}"
    return p


def resolve_attack(em: Emitter, plan: Plan, *, reroll_ones: bool = False, chosen: bool = False,
                   extra_wound: tuple[tuple[str, int], ...] = (), verb: str = "fires its {w}") -> int:
    """Roll the planned attack (see the module notes). Returns the models removed.
    ``verb``: the log's words for it, ``{w}`` the weapon ("fires its {w} from ambush")."""
    s = em.s
    u, target = s.units[plan.unit], s.units[plan.target]
    w = DATA.weapons[plan.weapon]
    ones, sixes = rerolls_for(s, u, melee=plan.melee, chosen=chosen, extra_ones=reroll_ones)
    label = "weapon skill" if plan.melee else "hit chance"
    base = prof(u).ws if plan.melee else int(w.hc)
    groups: dict[tuple, int] = {}
    for sh in plan.shots:
        groups[(sh.hit_mods, sh.wound_mods)] = groups.get((sh.hit_mods, sh.wound_mods), 0) + sh.dice
    em.note(f"{u.name} {verb.format(w=w.name)} at {target.name} ({plan.direction} arc)", side=u.side)
    hits: list[tuple[tuple, bool]] = []  # (wound mods, natural six)
    for (hm, wm), n in groups.items():
        tgt = hit_target(base, label, hm)
        r = em.roll(f"{n}d6", f"{u.name}'s {w.name} to hit", side=u.side, target=tgt)
        faces = list(r.faces)
        redo = [i for i, f in enumerate(faces) if (ones and f == 1) or (sixes and f == 6)]
        if redo:
            what = " and ".join(x for x, on in (("1s", ones and any(faces[i] == 1 for i in redo)),
                                                ("6s", sixes and any(faces[i] == 6 for i in redo))) if on)
            rr = em.roll(f"{len(redo)}d6", f"{u.name} re-rolls {what} to hit", side=u.side, target=tgt)
            for i, f in zip(redo, rr.faces):
                faces[i] = f
        for f in faces:
            if f == HIT_FAIL:
                continue
            if f == HIT_PASS or tgt.meets(f):
                hits.append((wm, f == HIT_PASS))
    if not hits:
        em.note(f"{u.name} misses {target.name}", side=u.side)
        _suppress(em, u, target, w)
        return 0
    if w.radius_in > 0:
        return _explode(em, plan, len(hits))
    ap = w.ap
    cal = w.caliber
    tp = prof(target)
    pools: dict[tuple, int] = {}
    for wm, six in hits:
        mods = tuple(wm) + tuple(extra_wound) + ((("a 6 to hit", int(T.wound.six_to_hit_bonus)),) if six else ())
        pools[mods] = pools.get(mods, 0) + 1
    wounds = 0
    for mods, n in pools.items():
        tgt = wound_target(cal, tp.t, ap, mods)
        r = em.roll(f"{n}d6", f"{u.name}'s {w.name} to wound {target.name}", side=u.side, target=tgt)
        wounds += r.successes
    removed = allocate(em, plan, wounds, w.damage, f"{u.name}'s {w.name}")
    _suppress(em, u, em.s.units[target.id], w)
    return removed


def allocate(em: Emitter, plan: Plan, wounds: int, dmg: int, how: str) -> int:
    """Deal ``wounds`` wounds of ``dmg`` damage to the target's eligible models,
    front to back (Attacking; Damage). Returns the models removed."""
    from .common import front_to_back

    s = em.s
    u, target = s.units[plan.unit], s.units[plan.target]
    order = front_to_back(s, target, u, [s.models[m] for m in plan.eligible if s.models[m].alive])
    removed = 0
    i = 0
    for _ in range(wounds):
        while i < len(order) and not em.s.models[order[i].id].alive:
            i += 1
        if i >= len(order):
            break
        if damage_model(em, em.s.models[order[i].id], dmg, u.side, how):
            removed += 1
    if wounds == 0:
        em.note(f"{target.name} takes no wound", side=u.side)
    return removed


def _suppress(em: Emitter, u: Unit, target: Unit, w: Weapon) -> None:
    """A suppression weapon gives the unit it fired at a composure token (Composure)."""
    if w.has("suppression") and em.s.on_table(em.s.units[target.id]):
        add_tokens(em, em.s.units[target.id], 1, f"suppressed by {w.name}")


def _explode(em: Emitter, plan: Plan, hits: int) -> int:
    """An explosive weapon (a radius) that hit: each hit bursts on the model
    aimed at (Radius: the blast circle)."""
    s = em.s
    removed = 0
    aim = next((sh.aim for sh in plan.shots), None)
    for _ in range(hits):
        m = s.models.get(aim) if aim else None
        if m is None or not em.s.models[m.id].alive:
            alive = [em.s.models[x] for x in plan.eligible if em.s.models[x].alive]
            if not alive:
                break
            m = alive[0]
        m = em.s.models[m.id]
        removed += blast(em, em.s.units[plan.unit], plan.weapon, m.x, m.y)
    return removed


def expected_wounds(s: WWState, plan: Plan, reroll_ones: bool = False, chosen: bool = False,
                    extra_wound=()) -> float:
    """The expected number of wounds of a planned attack (no dice): the same
    numbers the rolls use, for previews and the AI."""
    if not plan.ok:
        return 0.0
    u, target = s.units[plan.unit], s.units[plan.target]
    w = DATA.weapons[plan.weapon]
    ones, sixes = rerolls_for(s, u, melee=plan.melee, chosen=chosen, extra_ones=reroll_ones)
    base = prof(u).ws if plan.melee else int(w.hc)
    tp = prof(target)
    total = 0.0
    for sh in plan.shots:
        need = max(2, min(6, hit_target(base, "", sh.hit_mods).value))
        p_face = [0.0] + [1 / 6] * 6
        # one re-roll of 1s / 6s
        probs = {f: 1 / 6 for f in range(1, 7)}
        redo = sum(probs[f] for f in range(1, 7) if (ones and f == 1) or (sixes and f == 6))
        final = {f: (0.0 if ((ones and f == 1) or (sixes and f == 6)) else probs[f]) + redo / 6 for f in range(1, 7)}
        p_hit_plain = sum(final[f] for f in range(max(2, need), 6))
        p_hit_six = final[6]
        del p_face
        if w.radius_in > 0:
            total += sh.dice * (p_hit_plain + p_hit_six) * len(s.alive(target)) * 0.5 * \
                wound_chance(wound_target(w.caliber, tp.t, w.ap, sh.wound_mods))
            continue
        wt = wound_chance(wound_target(w.caliber, tp.t, w.ap, tuple(sh.wound_mods) + tuple(extra_wound)))
        w6 = wound_chance(wound_target(w.caliber, tp.t, w.ap, tuple(sh.wound_mods) + tuple(extra_wound) +
                                       (("a 6 to hit", 1),)))
        total += sh.dice * (p_hit_plain * wt + p_hit_six * w6)
    return total


def expected_kills(s: WWState, plan: Plan, **kw) -> float:
    """Expected models removed (wounds x damage over the target's wounds, capped by its models)."""
    if not plan.ok:
        return 0.0
    w = DATA.weapons[plan.weapon]
    target = s.units[plan.target]
    tp = prof(target)
    ew = expected_wounds(s, plan, **kw)
    per_kill = max(1, math.ceil(tp.w / w.damage))
    alive = len(s.alive(target))
    return min(alive, ew / per_kill)

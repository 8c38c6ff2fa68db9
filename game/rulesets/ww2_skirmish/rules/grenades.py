"""Grenades and blasts (ww2_skirmish.txt: Grenades; Radius; Consumables).

A unit throws one grenade an action at an enemy model in range and sight
(one of its models throws: the nearest that can). The hit roll is the
weapon's as usual. A hit bursts on the model aimed at; a plain miss falls
harmlessly (ours: the text gives no scatter). A natural 1 rolls a D6 on the
mishap table:

* 1-2: it goes off in the thrower's hand: the blast is centred on him;
* 3-4: a wild throw: it flies D6 inches in a random direction (a D360
  bearing, ours) from the thrower and bursts there;
* 5-6: a dud.

A blast (grenades and every weapon with a radius) strikes every model, of
either side, whose base the circle reaches (exact: a disc against round
bases), each with one wound roll of the weapon; heavy cover against the
attacker (or being hidden from him) is -1 to wound, incendiary weapons
ignore it; the direction bonus is judged from the attacking unit. Grenades
are shared by the squad and used up. A unit may not throw a grenade and
fire a weapon in the same turn.
"""

from __future__ import annotations

import math

from game.core.logtext import plural
from game.geometry.shapes import displace

from ..bodies import gap, radius
from ..catalogue import DATA, T, inches, mishap_result
from ..sight import adjudicate
from ..state import Model, Unit, WWState
from .rolls import Plan, band_of, direction_mods, hit_target, ran_penalty, rerolls_for, wound_target
from .common import Emitter, damage_model, mname, prof


def grenade_plan(s: WWState, u: Unit, target: Model, wid: str) -> tuple[Model | None, str, tuple]:
    """The thrower, the band and the hit modifiers of a throw at ``target``
    (``(None, reason, ())`` when no model of the unit may throw at it)."""
    w = DATA.weapons.get(wid)
    if w is None or not w.has("grenade"):
        return None, f"{wid} is not a grenade", ()
    if u.consumables.get(wid, 0) <= 0:
        return None, f"{u.name} has no {w.name} left", ()
    if u.fired_turn == s.turn:
        return None, f"{u.name} fired a weapon this turn and may not also throw a grenade", ()
    for f in sorted(s.alive(u), key=lambda m: gap(s, m, target)):
        band = band_of(w, gap(s, f, target))
        if band is None:
            continue
        sg = adjudicate(s, f, target)
        if not sg.sees:
            continue
        acc = w.acc_short if band == "short" else w.acc_long
        mods = ([(f"{band} range", acc)] if acc else []) + list(sg.hit_mods) + list(ran_penalty(s, u))
        return f, band, tuple(mods)
    return None, f"no model of {u.name} can see {mname(s, target)} within {w.long_in:g}\"", ()


def throw(em: Emitter, u: Unit, target: Model, wid: str) -> None:
    """Resolve a grenade throw (see the module notes)."""
    s = em.s
    w = DATA.weapons[wid]
    thrower, band, mods = grenade_plan(s, u, target, wid)
    if thrower is None:
        em.note(band, side=u.side)
        return
    left = u.consumables[wid] - 1
    em.set_unit(u, f"{mname(s, thrower)} throws a {w.name} at {mname(s, target)} ({left} left)",
                consumables={**u.consumables, wid: left}, grenade_turn=s.turn)
    ones, sixes = rerolls_for(s, u, melee=False, chosen=False)
    tgt = hit_target(int(w.hc), "hit chance", mods)
    r = em.roll("d6", f"{u.name} {w.name} to hit", side=u.side, target=tgt)
    face = r.natural
    if (ones and face == 1) or (sixes and face == 6):
        r = em.roll("d6", f"{u.name} re-rolls the {w.name} to hit", side=u.side, target=tgt)
        face = r.natural
    if face == int(T.grenade.mishap_on):
        mishap(em, u, thrower, wid)
        return
    if face == 6 or tgt.meets(face):
        t = em.s.models[target.id]
        blast(em, em.s.units[u.id], wid, t.x, t.y)
    else:
        em.note(f"the {w.name} falls wide and does no harm", side=u.side)


def mishap(em: Emitter, u: Unit, thrower: Model, wid: str) -> None:
    """The grenade mishap table (Grenades): a D6."""
    w = DATA.weapons[wid]
    r = em.roll("d6", f"{w.name} mishap", side=u.side)
    res = mishap_result(r.natural)
    if res == "in_hand":
        em.note(f"the {w.name} goes off in {mname(em.s, thrower)}'s hand", side=u.side)
        blast(em, em.s.units[u.id], wid, thrower.x, thrower.y)
    elif res == "wild":
        d = em.roll(str(T.grenade.wild_distance), f"wild throw: how far (inches)", side=u.side)
        b = em.roll(str(T.grenade.direction), f"wild throw: which way (degrees clockwise from east)", side=u.side)
        x, y = displace((thrower.x, thrower.y), float(b.total), inches(d.total))
        W, H = em.s.table
        x, y = min(max(x, 0.0), W), min(max(y, 0.0), H)
        em.note(f"the {w.name} spins away {d.total}\" at a bearing of {plural(b.total, 'degree')} and bursts", side=u.side)
        blast(em, em.s.units[u.id], wid, x, y)
    else:
        em.note(f"the {w.name} drops to the ground hissing: a dud", side=u.side)


def in_blast(s: WWState, x: float, y: float, r_mm: float) -> list[Model]:
    """Every model on the table whose round base the blast circle of radius
    ``r_mm`` about (x, y) reaches (exact: centre distance within the two radii)."""
    out = []
    for m in s.models.values():
        u = s.units[m.unit]
        if m.alive and u.deployed and math.hypot(m.x - x, m.y - y) <= r_mm + radius(u) + 1e-9:
            out.append(m)
    return sorted(out, key=lambda m: (math.hypot(m.x - x, m.y - y), m.id))


def blast(em: Emitter, attacker: Unit, wid: str, x: float, y: float) -> int:
    """A blast of weapon ``wid`` at (x, y): one wound roll for every model it
    reaches (see the module notes). Returns the models removed."""
    s = em.s
    w = DATA.weapons[wid]
    hit = in_blast(s, x, y, inches(w.radius_in))
    if not hit:
        em.note(f"the {w.name}'s blast catches no one", side=attacker.side)
        return 0
    em.note(f"the {w.name}'s blast ({w.radius_in:g}\") catches " + ", ".join(mname(s, m) for m in hit),
            side=attacker.side)
    eye_model = min(s.alive(attacker), key=lambda m: math.hypot(m.x - x, m.y - y)) if s.alive(attacker) else None
    removed = 0
    for m in hit:
        m = em.s.models[m.id]
        if not m.alive:
            continue
        tu = em.s.units[m.unit]
        mods: list = []
        ap = w.ap
        if tu.id != attacker.id:
            _, dmods, dap = direction_mods(em.s, attacker, tu)
            mods += list(dmods)
            if dap:
                mods.append(("rear attack AP", dap))
        if not w.has("incendiary") and eye_model is not None and eye_model.id != m.id:
            sg = adjudicate(em.s, eye_model, m)
            if not sg.sees:
                mods.append(("hidden from the attacker", -int(T.cover.heavy_wound)))
            else:
                mods += list(sg.wound_mods)
        tgt = wound_target(w.caliber, prof(tu).t, ap, tuple(mods))
        r = em.roll("1d6", f"{w.name} blast to wound {mname(em.s, m)}", side=attacker.side, target=tgt)
        if r.successes:
            if damage_model(em, m, w.damage, attacker.side if tu.side != attacker.side else None,
                            f"{attacker.name}'s {w.name}"):
                removed += 1
        else:
            em.note(f"{mname(em.s, m)} is not wounded", side=attacker.side)
    return removed


__all__ = ["throw", "blast", "mishap", "in_blast", "grenade_plan", "Plan"]

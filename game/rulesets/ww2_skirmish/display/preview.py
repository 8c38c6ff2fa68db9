"""Previews of actions (no pygame): a move's path, cost and the facing arcs it
ends with; an attack's odds, the numbers it needs and its direction; a
grenade's blast; and the range bands of a figure's main weapon. The numbers
are the rules' own plans (:mod:`..rules.attacks`, :mod:`..rules.movement`)."""

from __future__ import annotations

import math

from game.core.logtext import plural

from .. import actions as A
from ..bodies import centroid, radius
from ..catalogue import DATA, inches
from ..places import heading_words, inches_words
from ..rules.attacks import expected_kills, expected_wounds, hit_target, plan_fight, plan_shot, wound_target
from ..rules.common import prof
from ..rules.grenades import grenade_plan, in_blast
from ..rules.movement import move_to, plan_move
from ..rules.orders import _group_centre, main_weapon
from ..state import WWState
from .figures import FACING_ARCS


def facing(x: float, y: float, heading: float, r: float) -> dict:
    """The preview's facing arcs at (x, y): the four arcs' boundaries (``arcs``,
    degrees from the heading) drawn on a ghost base of radius ``r`` mm."""
    return {"x": x, "y": y, "heading": heading, "arcs": list(FACING_ARCS), "radius": r}


def preview(rs, s: WWState, a) -> dict:
    """What the app draws and says about ``a`` before it is committed."""
    if isinstance(a, A.ChooseTarget):  # the officer it would mark, ringed on the table (Missions: Assassination)
        u = s.units.get(a.unit)
        return {"touches": list(u.models), "text": [f"marks {u.name} as the officer to kill"]} if u is not None else {}
    if isinstance(a, (A.Move, A.GetToCover)):
        u = s.units.get(a.unit)
        if u is None or not s.on_table(u):
            return {}
        p = move_to(s, u, a.x, a.y, a.heading, fall_back=getattr(a, "fall_back", False),
                    check_cost=not isinstance(a, A.GetToCover))
        cx, cy = centroid(s, u)
        out = {"path": [(cx, cy), (a.x, a.y)], "facing": facing(a.x, a.y, a.heading % 360, radius(u)),
               "cost": f"{inches_words(p.cost)} of {inches_words(p.allowance)}" + (" (backwards)" if p.backwards else "")}
        text = [f"ends {heading_words(a.heading)}: front arc 45° either side"]
        text += [f"{v:+g}\" ({k})" for k, v in p.mods]
        if p.wire_exit:
            text.append("leaving the wire: an agility test first")
        if p.enters_trench and s.condition == "flood":
            text.append("flooded trench: on a D6 of 4+ only one action this activation")
        out["text"] = text
        return out
    if isinstance(a, A.GroupMove):
        units = [s.units[x] for x in a.units if x in s.units]
        if not units:
            return {}
        gx, gy = _group_centre(s, units)
        p = plan_move(s, units, a.x - gx, a.y - gy, a.heading, group=True)
        return {"path": [(gx, gy), (a.x, a.y)], "facing": facing(a.x, a.y, a.heading % 360, radius(units[0])),
                "cost": f"{inches_words(p.cost)} of {inches_words(p.allowance)}", "text": ["medium terrain ignored on a passed leadership roll"]}
    if isinstance(a, A.Run):
        u = s.units.get(a.unit)
        if u is None or not s.on_table(u):
            return {}
        cx, cy = centroid(s, u)
        h = a.headings[0]
        reach = inches(DATA.units[u.profile].m + 3.5)
        x, y = cx + reach * math.cos(math.radians(h)), cy + reach * math.sin(math.radians(h))
        return {"path": [(cx, cy), (x, y)], "facing": facing(x, y, h, radius(u)),
                "cost": f"M {DATA.units[u.profile].m:g}\" + D6 (3.5\" on average)",
                "text": ["-1 to hit until the end of next turn"]}
    if isinstance(a, (A.Shoot, A.HoldTheLine, A.AmbushFire)):
        u, t = s.units.get(a.unit), s.units.get(a.target)
        if u is None or t is None:
            return {}
        plan = plan_shot(s, u, t, a.weapon, getattr(a, "chosen", ()))
        return _attack_preview(s, plan, reroll_ones=isinstance(a, A.HoldTheLine), chosen=bool(getattr(a, "chosen", ())))
    if isinstance(a, A.Fight):
        u, t = s.units.get(a.unit), s.units.get(a.target)
        if u is None or t is None:
            return {}
        return _attack_preview(s, plan_fight(s, u, t))
    if isinstance(a, A.GroupShoot):
        t = s.units.get(a.target)
        parts = [(_attack_preview(s, plan_shot(s, s.units[x], t, main_weapon(s.units[x]) or ""), reroll_ones=True))
                 for x in a.units if x in s.units and t is not None]
        text = [line for p in parts for line in p.get("text", [])]
        return {"text": text + ["re-roll 1s to hit on a passed leadership roll"]}
    if isinstance(a, A.Throw):
        u, m = s.units.get(a.unit), s.models.get(a.target)
        if u is None or m is None or a.weapon not in DATA.weapons:
            return {}
        w = DATA.weapons[a.weapon]
        thrower, band, mods = grenade_plan(s, u, m, a.weapon)
        caught = in_blast(s, m.x, m.y, inches(w.radius_in))
        out = {"template": {"x": m.x, "y": m.y, "radius": inches(w.radius_in)}, "touches": [c.id for c in caught]}
        if thrower is not None:
            t = hit_target(int(w.hc), "hit chance", mods)
            out["odds"] = (7 - max(2, min(6, t.value))) / 6.0
            out["need"] = f"{t.parts()} on a D6; a 1 rolls on the mishap table"
        return out
    return {}


def _attack_preview(s: WWState, plan, reroll_ones: bool = False, chosen: bool = False) -> dict:
    if not plan.ok:
        return {"text": [plan.reason]} if plan.reason else {}
    u, t = s.units[plan.unit], s.units[plan.target]
    w = DATA.weapons[plan.weapon]
    sh = plan.shots[0]
    base = prof(u).ws if plan.melee else int(w.hc)
    ht = hit_target(base, "weapon skill" if plan.melee else "hit chance", sh.hit_mods)
    wt = wound_target(w.caliber, prof(t).t, w.ap, sh.wound_mods)
    ew = expected_wounds(s, plan, reroll_ones=reroll_ones, chosen=chosen)
    dice = sum(x.dice for x in plan.shots)
    p_die = ew / dice if dice else 0.0
    odds = 1.0 - (1.0 - min(1.0, p_die)) ** dice
    return {"odds": odds, "need": f"to hit: {ht.parts()}; to wound: {wt.parts()}",
            "range_bands": [inches(w.short_in), inches(w.long_in)],
            "text": [f"{plural(len(plan.shots), 'model')}, {dice} dice, {plan.direction} arc of {t.name}",
                     f"expected {ew:.2f} wounds, {expected_kills(s, plan, reroll_ones=reroll_ones, chosen=chosen):.2f} models removed"]}


def figure_overlays(s: WWState, figure_id: str) -> dict:
    """The range bands (short, long) of the figure's unit's main weapon."""
    m = s.models.get(figure_id)
    if m is None:
        return {}
    u = s.units[m.unit]
    wid = main_weapon(u)
    if wid is None:
        return {}
    w = DATA.weapons[wid]
    return {"range_bands": [inches(w.short_in), inches(w.long_in)]}

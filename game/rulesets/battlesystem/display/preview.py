"""What an action would do, before it is committed (no pygame).

Moves: the front centre's path (a wheel: the outer figure's arc), where first contact stops
it, the block where it would end (drawn as a template), the movement it uses and the terrain
costs. Without the scenario option ``premeasure`` the rules forbid measuring before declaring
([3.5], [7.9]): a move's preview says only that the rules allow it now (an illegal one is
refused with its reason), with the direction asked for (an advance's line, an individual's
line to the point) and no length, cost, end or contact; its button names no distance.
Charges and volleys: the CRT lookup on an average roll (the attack roll itemised, the column, hit dice per figure, figures) and the
chance of killing at least one figure. Rallies: the morale needed and the chance.
"""

from __future__ import annotations

import itertools

from game.core.logtext import agree, plural

from .. import actions as A
from ..ai.odds import front_figures
from ..formation import block_of
from ..profiles import DATA
from ..rules import crt
from ..rules.common import inches, profile, rating
from ..rules.legality import _plan
from ..rules.melee import defender_ac, melee_ar
from ..rules.morale import current_morale
from ..rules.movement import remaining
from ..rules.ratings import damage, missile_damage
from ..state import BSState
from ..rules.words import says, their

_2D6 = [a + b for a, b in itertools.product(range(1, 7), repeat=2)]
_2D10 = [a + b for a, b in itertools.product(range(1, 11), repeat=2)]


def preview(s: BSState, a) -> dict:
    try:
        if isinstance(a, A.Charge):
            return _charge(s, a)
        if isinstance(a, A.Fire):
            return _fire(s, a)
        if isinstance(a, A.Bomb):
            return _bomb(s, a)
        if isinstance(a, (A.Rally, A.GiveOrder)):
            return _rally(s, a)
        if isinstance(a, A.MoveIndividual):
            return _individual(s, a)
        if isinstance(a, A.CastSpell):
            from .magic import cast_preview
            return cast_preview(s, a)
        if isinstance(a, A.UNIT_MOVES) and a.unit in s.units:
            return _move(s, a)
    except (KeyError, ValueError, IndexError):
        return {}
    return {}


def _bomb(s: BSState, a) -> dict:
    """[15.4] the bombing run: the altitude's AC and the unit beneath."""
    from ..rules.flight import altitude_name, bomb_ac, why_not_bomb
    u, t = s.units[a.unit], s.units[a.target]
    why = why_not_bomb(s, a)
    if why:
        return {"text": [why]}
    return {"text": [f"{u.name} {says(u, 'drops')} {their(u)} bombs from {altitude_name(u.altitude)} on {t.name}: 2d6 a bomb, "
                     f"hitting as AC {bomb_ac(u.altitude)} ([15.4])"]}


#: the preview's line when the scenario does not allow measuring ahead ([3.5], [7.9]): words
#: first, the rules' references last
NO_MEASURING = ("No measuring ahead: how far it goes and what it meets show when it is made "
                "(a scenario may allow measuring before committing) [3.5, 7.9]")


def _premeasure(s: BSState) -> bool:
    """May the players measure a move before it is made (the scenario option; [3.5] says no)?"""
    return bool(s.options.get("premeasure"))


def _move(s: BSState, a) -> dict:
    u = s.units[a.unit]
    p = _plan(s, a)
    if not p.legal or p.block is None:
        return {}
    if not _premeasure(s):
        # [3.5], [7.9]: no distance, cost or end shown before the move is made; only that the rules allow it
        asked = _asked_path(s, a)
        return {**({"path": asked} if asked else {}), "cost": "",
                "text": [f"{u.name} may make this move now",
                         NO_MEASURING]}
    out: dict = {"path": [tuple(map(float, q)) for q in p.path] or [(u.x, u.y)],
                 "template": {"points": [tuple(map(float, q)) for q in p.block.outline]},
                 "cost": f"uses {inches(p.cost)} of {inches(remaining(s, u))} left"}
    if p.stop is not None:
        out["stop"] = tuple(map(float, p.stop))
    text = list(p.notes)
    if p.contact:
        name = s.units[p.contact].name if p.contact in s.units else s.chars[p.contact].name
        out["touches"] = [p.contact]
        text.append(f"first contact with {name}: the units fight in the melee phase ([7.8])")
    elif p.hit.hit:
        text.append(f"stopped on contact ({p.hit.kind})")
    out["text"] = text
    return out


def _asked_path(s: BSState, a) -> list[tuple[float, float]]:
    u = s.units[a.unit]
    b = block_of(u)
    if isinstance(a, (A.Advance, A.ForcedMarch)):
        e = b.advanced(a.distance, a.offset)
        return [(b.x, b.y), (e.x, e.y)]
    return []


def _odds_kill(base_mod: int, dice: list[str], figures: int, per_fig_hd: float, double: bool = False) -> tuple[float, int]:
    """(chance of killing at least one figure, hit dice on an average roll of 7)."""
    hits = 0
    for r in _2D6:
        per, _ = crt.hits(base_mod + r, dice)
        if per * figures * (2 if double else 1) >= per_fig_hd:
            hits += 1
    avg, _ = crt.hits(base_mod + 7, dice)
    return hits / len(_2D6), avg * figures * (2 if double else 1)


def _lookup_text(label: str, base: int, mods, ac: int, dice: list[str], figures: int, t_name: str, hd: float) -> list[str]:
    parts = " ".join(f"{v:+d} ({k})" for k, v in mods)
    total = base + sum(v for _, v in mods) - ac
    avg = total + 7
    per, rd = crt.hits(avg, dice)
    cols = "; ".join(r.text() for r in rd)
    return [f"{label}: AR {base} {parts} - AC {ac} + 2d6 = {total} + 2d6".replace("  ", " "),
            f"CRT on an average 7: attack roll {avg}: {cols} HD a figure x {figures} = {per * figures} HD "
            f"({per * figures / hd:.1f} figures of {t_name} at {hd:g} HD)"]


def _charge(s: BSState, a: A.Charge) -> dict:
    u = s.units[a.unit]
    p = _plan(s, a)
    out: dict = {}
    if p.legal and p.block is not None and _premeasure(s):
        out = {"path": [tuple(map(float, q)) for q in p.path], "stop": tuple(map(float, p.stop)) if p.stop else None,
               "template": {"points": [tuple(map(float, q)) for q in p.block.outline]},
               "cost": f"charge {inches(p.length)} of {inches(DATA.tables.movement.charge * rating(u).mv * 25.4)}",
               "touches": [a.target]}
    t = s.units.get(a.target)
    if t is None:
        return out
    att = u.model_copy(update={"charged": t.id})
    base, mods = melee_ar(s, att, t)
    ac, acm = defender_ac(s, att, t)
    ac_total = ac + sum(v for _, v in acm)
    n = min(front_figures(u), t.figures + 2)
    dice = damage(profile(u), rating(t).size)
    odds, _ = _odds_kill(base + sum(v for _, v in mods) - ac_total, dice, n, rating(t).hd_per_figure)
    out["odds"] = odds
    out["need"] = f"a figure killed (about {plural(n, 'figure')} fighting)"
    out["text"] = _lookup_text(f"{u.name} charging {t.name}", base, mods, ac_total, dice, n, t.name,
                               rating(t).hd_per_figure) + (p.notes if p.legal else [])
    return out


def _fire(s: BSState, a: A.Fire) -> dict:
    from ..rules.missiles import missile_ar, volley
    u, t = s.units[a.unit], s.units[a.target]
    st = s.step
    info = volley(s, u, t, st.phase if st else "missile")
    if info is None:
        return {}
    base, mods = missile_ar(s, u, t, info)
    piece = info["piece"]
    ac = piece.target_ac if piece is not None else rating(t).ac
    dice = [piece.damage] if piece is not None else missile_damage(profile(u), rating(t).size)
    n = 1 if piece is not None else len(info["seers"])
    odds, _ = _odds_kill(base + sum(v for _, v in mods) - ac, dice, n, rating(t).hd_per_figure)
    text = _lookup_text(f"{u.name} shooting at {t.name} ({info['band']} range, {inches(info['distance'])})", base, mods,
                        ac, dice, n, t.name, rating(t).hd_per_figure)
    seen = len(info["seen"])
    text.append(f"{plural(n, 'figure')} {agree('sees', n != 1)} the target; {seen} of its figures "
                f"{agree('is', seen != 1)} seen, and only they can be hit [10.1]")
    return {"odds": odds, "need": "a figure killed", "text": text,
            "touches": [t.id]}


def _rally(s: BSState, a) -> dict:
    u = s.units[a.unit]
    base, mods = current_morale(s, u)
    need = base + sum(v for _, v in mods)
    odds = sum(1 for r in _2D10 if r <= need) / len(_2D10)
    return {"odds": odds, "need": f"{need} or less on 2d10 (morale {base}"
                                  + "".join(f" {v:+d} {k}" for k, v in mods) + ")"}


def _individual(s: BSState, a: A.MoveIndividual) -> dict:
    from ..rules.movement import plan_individual
    c = s.chars[a.individual]
    p = plan_individual(s, c, a.x, a.y)
    if not p.legal:
        return {}
    if not _premeasure(s):
        return {"path": [(c.x, c.y), (float(a.x), float(a.y))], "cost": "",
                "text": [f"{c.name} may move towards this point now", NO_MEASURING]}
    out: dict = {"path": [tuple(map(float, q)) for q in p.path], "cost": f"uses {inches(p.cost)}"}
    if p.stop:
        out["stop"] = tuple(map(float, p.stop))
    return out

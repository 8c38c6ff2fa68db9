"""The agent's magic ([14.0]-[14.19]): which spell to use, where, and whether it pays.

Area spells are weighed by the figures they would take off the enemy less those they would take
off friends (a friend's figure counts one and a half), over aim points at each enemy unit's
centre and at each of its figures; a spell is cast when it pays at least ``THRESHOLD`` figures.
The agent measures range and sight before declaring (an AI's judgement of distance); a spell
out of range or sight is not tried. Bonus spells go to units in or near melee, cures to wounded
units, clerics turn undead in reach. Illusions ([14.14]) are raised between the caster and an
enemy within 18" when the caster keeps none up; conjured enemy troops are doubted (disbelief)
and asked about (divination, [14.11] B); spells on individuals and psionic attacks go to
enemy heroes and commanders ([14.17], [14.21]); telempathic projection raises a friendly unit
in or near melee or lowers an enemy one; a wish restores a unit with two wounds or losses.
Augury, ESP and vision's question about a brigade's moves ([14.11] B) go to the enemy units
that could charge a friendly unit next round (within two charge moves), the strongest first:
their answer binds them.
"""

from __future__ import annotations

import math

from .. import actions as A
from ..formation import block_of
from ..spells import SPELLS
from ..state import BSState
from ..rules import magic as M
from ..rules.common import INCH, rating

THRESHOLD = 1.0
FRIEND_WEIGHT = 1.5


def _expected_hd(expr: str) -> float:
    d = M.direct_hd(expr)
    if d is not None:
        return float(d)
    n, sides, plus = M._parse(expr)
    return float(plus) / 4.0 if n == 0 else n * ((sides + 1) / 2.0 + plus) / 4.0


def area_value(s: BSState, side: str, sp, origin, x: float, y: float, level: int) -> float:
    """Expected enemy figures removed (a wound a third of one) less friends' (x 1.5)."""
    area = M.template(sp, origin, x, y)
    if area is None:
        return 0.0
    hd = _expected_hd(M.damage_expr(sp, level)) if sp.damage else 0.0
    total = 0.0
    for u in s.living():
        figs = M.covered(u, area)
        if not figs:
            continue
        r = rating(u)
        hd_each = r.hd_per_figure / r.ratio
        p_fail = min(1.0, max(0.0, (M.unit_save(u, sp.save_vs) - 1) / 20.0))
        v = 0.0
        for f in figs:
            if sp.category == "artillery":
                fate = M.figure_fate(hd_each, hd, sp.save, f.inside, f.total, M.only_wounds(sp, u, origin, f.centre))
                val = {"removed": 1.0, "wounded": 1 / 3, "unharmed": 0.0}
                v += p_fail * val[fate.failed] + (1 - p_fail) * val[fate.saved]
            elif sp.category in ("hold", "fear") and f.inside >= f.total and u.side != side:
                if sp.creatures and r.ratio > sp.creatures:
                    continue
                if sp.max_hd and r.hd > sp.max_hd:
                    continue
                v += (p_fail if sp.save != "none" else 1.0) * 0.6
        total += -FRIEND_WEIGHT * v if u.side == side else v
    return total


def best_cast(s: BSState, side: str):
    """(action, value, reason) of the best spell to use now, or None."""
    best = None
    from ..rules.illusions import illusions_of
    keeping = {c for c in s.chars if any(M.effect(u, "known") is None for u in illusions_of(s, c))}
    for a in M.cast_options(s, side):
        if a.caster in keeping:
            continue  # [14.14] other magic would end an illusion the enemy still believes in
        sp = SPELLS[a.spell]
        got = _weigh(s, side, a, sp)
        if got is not None and (best is None or got[1] > best[1]):
            best = got
    from ..rules.illusions import disbelief_options
    for a in disbelief_options(s, side):
        if best is None or 1.0 > best[1]:
            best = (a, 1.0, f"try to disbelieve {s.units[a.unit].name}")
    for a in M.turn_options(s, side):
        u = s.units[a.unit]
        need = M.turning_need(M.caster_level(s.chars[a.cleric]), M.DATA.creatures[M.profile(u).creature].undead)
        p = 1.0 if need <= 0 else max(0.0, (21 - need) / 20.0)
        v = p * min(u.figures, M.turned_figures(7, rating(u).ratio)) + 0.5
        if best is None or v > best[1]:
            best = (a, v, f"turn {u.name}")
    if best is None or best[1] < THRESHOLD:
        return None
    return best


def _reach(s, a, sp, level, origin, aim, target=None) -> bool:
    """The spell would reach ``aim`` (the agent measures before declaring)."""
    b = a.model_copy(update={"x": float(aim[0]), "y": float(aim[1]), "target": target or a.target})
    return not M.out_of_reach(s, b, sp, level, origin)


def _weigh(s: BSState, side: str, a: A.CastSpell, sp):
    caster = s.chars.get(a.caster) or s.units.get(a.caster)
    level = M.caster_level(caster)
    origin = M.caster_point(s, a.caster)
    if sp.area in ("circle", "line", "cone") and sp.category in ("artillery", "hold", "fear") and not sp.morale_check:
        best = None
        aims = [(a.x, a.y)]
        for e in s.enemies_of(side):
            if e.figures and not M.invisible(e) and math.dist(origin, (e.x, e.y)) < M.spell_range_mm(sp, level) + 12 * INCH:
                aims += [tuple(map(float, c)) for c in block_of(e).centres]
        for aim in aims:
            if not _reach(s, a, sp, level, origin, aim):
                continue
            v = area_value(s, side, sp, origin, aim[0], aim[1], level)
            if best is None or v > best[1]:
                best = (a.model_copy(update={"x": round(aim[0], 2), "y": round(aim[1], 2)}), v,
                        f"{sp.name}: about {v:.1f} figures")
        return best
    if sp.area == "unit" and sp.category == "artillery":
        if not _reach(s, a, sp, level, origin, (a.x, a.y), a.target):
            return None
        t = s.units[a.target]
        v = M.magic_missiles(sp, level) * 1.0 / rating(t).hd_per_figure
        return (a, v, f"{sp.name} at {t.name}")
    if sp.category == "bonus" and sp.morale and a.target in s.units:
        t = s.units[a.target]
        from ..rules.contact import in_contact
        if M.effect(t, "morale") or not in_contact(s, t) or not _reach(s, a, sp, level, origin, (a.x, a.y), a.target):
            return None
        return (a, 1.0, f"{sp.name}: {a.option} the morale of {t.name}")
    if sp.category == "bonus" and a.target in s.units:
        t = s.units[a.target]
        from ..rules.contact import in_contact
        if t.side != side or M.effect(t, "haste") or M.effect(t, "bless") or not _reach(s, a, sp, level, origin, (a.x, a.y), a.target):
            return None
        near = in_contact(s, t) or any(math.dist((t.x, t.y), (e.x, e.y)) < 6 * INCH for e in s.enemies_of(side))
        if not near or rating(t).ratio > (sp.creatures or sp.creatures_per_level * level):
            return None
        return (a, 1.2 if a.spell == "haste" else 1.0, f"{sp.name} on {t.name}")
    if sp.category == "illusion":
        from ..rules.illusions import illusions_of
        near = any(math.dist((a.x, a.y), (e.x, e.y)) < 18 * INCH for e in s.enemies_of(side) if e.figures)
        if illusions_of(s, a.caster) or not near or not _reach(s, a, sp, level, origin, (a.x, a.y)):
            return None
        return (a, 1.1, f"{sp.name}: {M.DATA.units[sp.summons].name} to draw the enemy")
    if sp.reveals == "intent" or a.option == "moves":
        return _weigh_question(s, side, a, sp)
    if sp.category == "information" and a.target in s.units:
        t = s.units[a.target]
        from ..rules.illusions import knows
        return (a, 1.05, f"{sp.name}: what are {t.name}?") if M.effect(t, "summoned") and not knows(t, side) else None
    if sp.category in ("individual", "psionic") and a.target in s.chars:
        c = s.chars[a.target]
        if M.effect(c, "stunned") or not _reach(s, a, sp, level, origin, (a.x, a.y), a.target):
            return None
        return (a, 1.3 if c.role in ("army", "brigade", "unit_commander") else 1.0, f"{sp.name} on {c.name}")
    if sp.category == "special" and a.option == "restore":
        t = s.units[a.target]
        return (a, 1.5, f"{sp.name} on {t.name}") if t.wounded >= 2 or t.original - t.figures >= 1 else None
    if sp.category == "healing" and a.target in s.units:
        t = s.units[a.target]
        if not t.wounded or not _reach(s, a, sp, level, origin, (a.x, a.y), a.target):
            return None
        v = min(t.wounded, M.wounds_healed(M.healing_hd(sp), rating(t).hd_per_figure)) * 0.5
        return (a, v, f"{sp.name} on {t.name}")
    return None


def _threats(s: BSState, side: str, units) -> list:
    """[14.11] B the enemy units among ``units`` that may answer a question about the next round
    (in good order, not mobs, no declaration yet) and could reach a friendly unit then (within
    two charge moves)."""
    from ..rules.common import mv_mm
    from ..rules.intent import declaration
    from ..profiles import DATA
    friends = [f for f in s.living(side) if f.figures]
    reach = lambda e: mv_mm(e) * DATA.tables.movement.charge * 2
    return [e for e in units if e.status == "ok" and e.kind != "mob" and e.figures
            and declaration(e, s.turn + 1) is None
            and any(math.dist(block_of(e).centre, block_of(f).centre) <= reach(e) for f in friends)]


def _weigh_question(s: BSState, side: str, a: A.CastSpell, sp):
    """[14.11] B a question about the next round pays about one figure for the strongest enemy
    unit that threatens a friend (a little more for a brigade's several units): it comes after
    every other spell that pays (illusions, divination, spells on individuals), before bless
    and telempathic projection; a wish is not spent on it."""
    from ..rules.intent import questioned_units
    if a.spell == "wish":
        return None
    hit = _threats(s, side, questioned_units(s, a, sp))
    if not hit:
        return None
    best = max(hit, key=lambda e: (e.figures * rating(e).hd_per_figure, e.id))
    v = 1.005 + 0.01 * min(len(hit) - 1, 3) + 0.0001 * min(best.figures * rating(best).hd_per_figure, 50)
    return (a, v, f"{sp.name}: what will {best.name if len(hit) == 1 else 'their brigade'} do next round?")

# Frozen copy of game/rulesets/battlesystem/ai/odds.py at bf0d31dd24aa, made by
# tools/freeze_agent.py: the ruleset's `previous` agent. Do not edit (see that tool for the one exception).
"""The AI's estimates: the hit dice a unit would expect to do to another in melee or with a
volley (an average roll of 7 on 2d6 read on the CRT), and how a melee would go. The rules'
own functions give the modifiers, so the estimate and the battle agree."""

from __future__ import annotations

from ...profiles import DATA
from ...rules import crt
from ...rules.common import profile, rating
from ...rules.melee import defender_ac, melee_ar
from ...rules.ratings import damage
from ...state import BSState, Unit

AVERAGE_2D6 = 7


def melee_damage(s: BSState, att: Unit, dfn: Unit, figures: int, charging: bool = False) -> float:
    """Expected hit dice ``figures`` figures of ``att`` do to ``dfn`` (average roll)."""
    a = att.model_copy(update={"charged": dfn.id}) if charging else att
    base, mods = melee_ar(s, a, dfn)
    ac, acm = defender_ac(s, a, dfn)
    roll = base + sum(v for _, v in mods) - ac - sum(v for _, v in acm) + AVERAGE_2D6
    per, _ = crt.hits(roll, damage(profile(att), rating(dfn).size))
    return per * figures


def front_figures(u: Unit) -> int:
    """Figures a unit brings to a frontal melee: its front rank (and the ranks behind for pikes
    and spears, [8.1])."""
    from ...formation import block_of
    b = block_of(u)
    n = b.front_files
    kind = DATA.melee[u.weapon or profile(u).weapon].kind
    if u.formation == "closed" and kind in ("pike", "spear", "polearm"):
        rows = 2 if kind == "pike" else 1
        n += min(rows, max(0, b.ranks - 1)) * b.front_files
    return max(1, min(n, u.figures))


def charge_value(s: BSState, att: Unit, dfn: Unit) -> float:
    """How good a charge of ``att`` into ``dfn`` looks: the share of ``dfn``'s figures it would
    kill less the share of its own it would lose in the first exchange (set spears doubled)."""
    mine = min(front_figures(att), max(1, dfn.figures + 2))
    theirs = min(front_figures(dfn), max(1, att.figures + 2))
    dealt = melee_damage(s, att, dfn, mine, charging=True)
    taken = melee_damage(s, dfn, att, theirs) * (2 if dfn.set_spears else 1)
    kd = dealt / max(rating(dfn).hd_per_figure, 1e-9)
    ka = taken / max(rating(att).hd_per_figure, 1e-9)
    return kd / max(dfn.figures, 1) - ka / max(att.figures, 1) + (0.3 if dfn.routed else 0.0)


def strength(u: Unit) -> float:
    """Hit dice the unit fields."""
    return u.figures * rating(u).hd_per_figure

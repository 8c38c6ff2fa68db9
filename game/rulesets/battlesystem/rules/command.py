"""Command ([4.7]-[4.10], [9.2], [9.3]): who commands a unit, the command radius, whether a
unit is in command, and the charisma bonus.

A unit is in command when it has neither routed nor failed a discipline check, and each
of its figures lies within the command radius of its unit commander or of an eligible
brigade or army commander ([4.10]: they place figures outside their unit commander's radius
in command). Distances are edge to edge (gaps.md): a figure is within the radius when the
nearest point of its base is. A unit commander fighting with his unit stands at the centre
of its front edge ([9.2]). Skirmishers neither gain nor lose by command ([2.9]); mobs always
count as out of command ([2.10]).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from game.geometry.formation import Block

from ..formation import block_of
from ..profiles import DATA
from ..spells import PASSIVE_ITEMS
from ..state import BSState, Individual, Unit
from .common import INCH
from .ratings import charisma_bonus, command_radius_in


def position(s: BSState, c: Individual) -> tuple[float, float]:
    """Where commander ``c`` stands: his unit's front centre when fighting with it ([9.2])."""
    if c.with_unit and c.unit and c.unit in s.units:
        u = s.units[c.unit]
        return (u.x, u.y)
    return (c.x, c.y)


def radius_mm(c: Individual) -> float:
    """[4.8] command radius of ``c``, mm."""
    return command_radius_in(DATA.characters[c.profile]) * INCH


def unit_commander(s: BSState, u: Unit) -> Individual | None:
    """The living commander of ``u``: its unit commander, else his deputy who took over ([9.3])."""
    c = s.chars.get(u.commander) if u.commander else None
    if c is not None and c.active:
        return c if "stunned" not in {e.split(":")[0] for e in c.effects} else None  # [14.17] a stunned commander
    for d in s.chars.values():
        if d.active and d.deputy_of is not None and d.deputy_of == u.commander and d.side == u.side:
            return d
    return None


def higher_commanders(s: BSState, u: Unit) -> list[Individual]:
    """[4.10] the brigade commander of ``u`` and the army commander, living, on the table."""
    out = []
    for c in s.chars.values():
        if c.side != u.side or not c.active or any(e.split(":")[0] == "stunned" for e in c.effects):
            continue
        if c.role == "army" or (c.role == "brigade" and u.brigade == c.id):
            out.append(c)
        elif c.deputy_of is not None and c.deputy_of in s.chars:
            # [9.3] a deputy takes over when his commander is out of the battle
            boss = s.chars[c.deputy_of]
            if not boss.active and (boss.role == "army" or (boss.role == "brigade" and u.brigade == boss.id)):
                out.append(c)
    return sorted(out, key=lambda c: (c.role != "brigade", c.id))


def figures_within(s: BSState, c: Individual, u: Unit) -> np.ndarray:
    """(figures,) True where a figure's base lies within ``c``'s command radius (edge to edge)."""
    px, py = position(s, c)
    return _within(block_of(u), float(px), float(py), radius_mm(c))


@lru_cache(maxsize=8192)
def _within(b: Block, px: float, py: float, r: float) -> np.ndarray:
    """:func:`figures_within` of block ``b`` and a commander at (px, py) with radius ``r`` mm
    (a pure function of them: memoised by value; read-only)."""
    corners = b.corners
    if len(corners) == 0:
        return np.zeros(0, dtype=bool)
    # distance from the point to each (convex) base: 0 inside, else the nearest edge
    a = corners
    b = np.concatenate([corners[:, 1:], corners[:, :1]], axis=1)
    e = b - a
    w = np.array([px, py]) - a
    t = np.clip(np.einsum("nkd,nkd->nk", w, e) / np.einsum("nkd,nkd->nk", e, e), 0.0, 1.0)
    d = np.hypot(*(w - t[..., None] * e).transpose(2, 0, 1)).min(axis=1)
    cross = e[..., 0] * w[..., 1] - e[..., 1] * w[..., 0]
    inside = (cross >= 0).all(axis=1) | (cross <= 0).all(axis=1)
    d = np.where(inside, 0.0, d)
    out = d <= r + 1e-9
    out.setflags(write=False)
    return out


def commanders_of(s: BSState, u: Unit) -> list[Individual]:
    """Every commander who may command, rally or order ``u``: its unit commander, then the
    brigade and army commanders ([6.0], [4.10])."""
    uc = unit_commander(s, u)
    return ([uc] if uc else []) + higher_commanders(s, u)


def figures_in_command(s: BSState, u: Unit) -> np.ndarray:
    """(figures,) True where some commander of ``u`` has the figure within his radius."""
    covered = np.zeros(u.figures, dtype=bool)
    for c in commanders_of(s, u):
        covered |= figures_within(s, c, u)
        if covered.all():
            break
    return covered


def in_command(s: BSState, u: Unit) -> bool:
    """[4.7] the unit is in command (mobs never are; skirmishers are judged like the rest,
    but neither gain nor lose by it, see :func:`command_penalty`)."""
    if u.kind == "mob" or u.routed or u.uncontrolled or u.figures == 0:
        return False
    return bool(figures_in_command(s, u).all())


def command_penalty(s: BSState, u: Unit) -> bool:
    """The unit suffers the out-of-command penalties (Table 4, Table 10): mobs always,
    skirmishers never, others when out of command."""
    if u.kind == "mob":
        return True
    if u.kind == "skirmish":
        return False
    return not in_command(s, u)


def commander_bonus(s: BSState, u: Unit) -> tuple[str, int] | None:
    """[4.9] the charisma bonus of the unit's commander to its morale, while in command."""
    if u.kind in ("mob", "skirmish") or not in_command(s, u):
        return None
    c = unit_commander(s, u)
    if c is None:
        hc = higher_commanders(s, u)
        c = hc[0] if hc else None
    if c is None:
        return None
    cha = DATA.characters[c.profile].cha
    b = charisma_bonus(cha) + charisma_item_bonus(c)  # [14.20] rings and rods
    return (f"{c.name}'s charisma {cha}", b) if b else None


def commander_fights_with_unit(s: BSState, u: Unit) -> Individual | None:
    """[8.3] Table 10: the unit commander fighting as part of the unit."""
    c = unit_commander(s, u)
    return c if c is not None and c.with_unit and c.unit == u.id else None


def can_reach_all(s: BSState, c: Individual, u: Unit) -> bool:
    """[6.1] every figure of ``u`` lies within ``c``'s command radius."""
    return u.figures > 0 and bool(figures_within(s, c, u).all())


def distance_to_unit(s: BSState, c: Individual, u: Unit) -> float:
    """Distance (mm) from commander ``c`` to the nearest figure of ``u`` (0 when with it)."""
    px, py = position(s, c)
    cen = block_of(u).centres
    if len(cen) == 0:
        return math.inf
    return float(np.hypot(cen[:, 0] - px, cen[:, 1] - py).min())


def charisma_item_bonus(c: Individual) -> int:
    """[14.20] a ring of human influence +1, a rod of rulership (ruling) +2 to charisma."""
    return max([PASSIVE_ITEMS[i][1] for i in DATA.characters[c.profile].items
                if i in PASSIVE_ITEMS and PASSIVE_ITEMS[i][0] == "charisma"], default=0)

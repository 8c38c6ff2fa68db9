"""Ratings derived from the roster ([3.1], [3.2]): figure ratio, hit dice per figure, armour
class, movement, THAC0 and attack rating, base morale, discipline, command radius and the
charisma bonus. Nothing here is written by hand in a roster: each value is computed from the
creature, armour, weapon and unit type, so the text's examples can be checked.

Clauses: Battlesystem [2.2] Table 1, [4.1] Table 3 (+ gaps.md's three restored rows),
[4.6] Table 6, [4.8], [4.9] Table 8, [8.3] Table 9, [11.2] (cavalry).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..profiles import DATA, CharacterProfile, Creature, UnitProfile, Weapon

T = DATA.tables


def hd_value(hd: float, plus: int = 0) -> float:
    """Hit dice as one number for the tables (dice + plus/100: 4+1 is 4.01, 1-1 is 0.99)."""
    return hd + plus / 100.0


def ratio_for_hd(hd: float) -> int:
    """[2.2] Table 1: creatures per figure for a creature of ``hd`` (as :func:`hd_value`)."""
    for below, ratio in T.ratio:
        if hd < below:
            return ratio
    return T.ratio[-1][1]


def monster_thac0(hd: float) -> int:
    """THAC0 of a monster of ``hd`` (DMG monster matrix, adnd.toml; repeats ignored by [8.3])."""
    out = DATA.adnd.monster_thac0[0][1]
    for start, thac0 in DATA.adnd.monster_thac0:
        if hd >= start - 1e-9:
            out = thac0
    return out


def class_thac0(cls: str, level: int) -> int:
    """THAC0 of a character class at ``level`` (PHB/DMG tables, adnd.toml)."""
    rows = DATA.adnd.class_thac0[cls]
    out = rows[0][1]
    for start, thac0 in rows:
        if level >= start:
            out = thac0
    return out


def creature_thac0(c: Creature) -> int:
    """A creature's THAC0: its own (men fight by the class tables) or the monster matrix."""
    return c.thac0 if c.thac0 is not None else monster_thac0(c.hd_value)


def charisma_bonus(cha: int) -> int:
    """[4.9] Table 8: the commander's charisma modifier to his troops' morale."""
    for lowest, mod in T.charisma:
        if cha >= lowest:
            return mod
    return T.charisma[-1][1]


@dataclass(frozen=True)
class UnitRating:
    """Everything a roster line derives for one troop type (and figure count).

    Attributes:
        ratio: creatures per figure ([2.2]).
        hd: hit dice of one creature (cavalry: rider and mount averaged, rounded up, [11.2]).
        hd_per_figure: hit dice a figure must lose to be killed ([8.7]).
        ac: armour class ([3.1]; cavalry the poorer of rider and mount).
        mv: movement rate, inches (armour-limited; cavalry the mount's).
        size: S, M or L of the creatures (cavalry L).
        thac0: the rider's THAC0 ([8.3]) before the magic weapon.
        ar: base attack rating (THAC0 - magic weapon + Table 9).
        morale: base morale ([4.1]).
        discipline: discipline rating ([4.6]).
        morale_parts, discipline_parts: the labelled factors, for the log and the roster view.
    """

    ratio: int
    hd: float
    hd_per_figure: float
    ac: int
    mv: float
    size: str
    thac0: int
    ar: int
    ar_parts: tuple[tuple[str, int], ...]
    morale: int
    morale_parts: tuple[tuple[str, int], ...]
    discipline: int
    discipline_parts: tuple[tuple[str, int], ...]


def unit_hd(p: UnitProfile) -> float:
    """[11.2] hit dice of one creature of the unit (cavalry: rider and mount averaged, rounded up;
    [11.3] a chariot: the team's average plus the passengers' average)."""
    c = DATA.creatures[p.creature]
    if p.chariot:
        return float(DATA.creatures[p.mount].hd + c.hd)
    if p.mount:
        m = DATA.creatures[p.mount]
        return float(math.ceil((c.hd + m.hd) / 2.0))
    return c.hd_value


def unit_thac0(p: UnitProfile) -> int:
    """[8.3] the THAC0 the unit's attack rating starts from: the rider's, or [11.3] a chariot's
    passengers and team averaged, rounded down (in the chariot's favour)."""
    c = DATA.creatures[p.creature]
    if p.chariot:
        team = creature_thac0(DATA.creatures[p.mount])
        return math.floor((creature_thac0(c) * p.passengers + team * p.pullers) / (p.passengers + p.pullers))
    return creature_thac0(c)


def unit_ac(p: UnitProfile) -> int:
    """[3.1] the unit's armour class (armour and shield, or the creature's own); cavalry the
    poorer (higher) of rider and mount ([11.2])."""
    c = DATA.creatures[p.creature]
    ac = c.ac if p.armour == "natural" else DATA.adnd.armour[p.armour].ac
    ac -= DATA.adnd.shields[p.shield]
    if p.chariot:
        # [11.3] the average of passengers and team (rounded in the chariot's favour), 2 better
        team = DATA.creatures[p.mount].ac
        return math.floor((ac * p.passengers + team * p.pullers) / (p.passengers + p.pullers)) + T.chariot_ac
    if p.mount:
        ac = max(ac, DATA.creatures[p.mount].ac)
    return ac


def unit_mv(p: UnitProfile) -> float:
    """[3.1] movement rate in inches: the creature's, limited by armour; cavalry the mount's ([11.2]);
    artillery the piece's ([10.9])."""
    if p.piece:
        return DATA.tables.artillery[p.piece].mv
    if p.chariot:
        # [11.3] 2/3 of the team's move, the whole of it when the team has three times the
        # passengers' hit dice or more
        m, c = DATA.creatures[p.mount], DATA.creatures[p.creature]
        strong = m.hd_value * p.pullers >= T.chariot_strong_team * c.hd_value * p.passengers
        return m.mv if strong else m.mv * T.chariot_mv
    if p.mount:
        return DATA.creatures[p.mount].mv
    c = DATA.creatures[p.creature]
    return min(c.mv, DATA.adnd.armour[p.armour].mv)


def unit_size(p: UnitProfile) -> str:
    return "L" if p.mount else DATA.creatures[p.creature].size


def unit_ratio(p: UnitProfile) -> int:
    """[2.2] the roster's ratio, else Table 1 by hit dice."""
    return p.ratio or ratio_for_hd(unit_hd(p))


def hd_band(hd: float) -> int:
    """[4.1] Table 3's hit-dice rows."""
    for lo, hi, mod in T.morale.hd_bands:
        if lo <= hd < hi:
            return mod
    return 0


def morale_parts(p: UnitProfile, figures: int) -> list[tuple[str, int]]:
    """[4.1] Table 3 factors of a unit of ``figures`` figures (the initial 11 first)."""
    m = T.morale
    c = DATA.creatures[p.creature]
    parts: list[tuple[str, int]] = [("initial", m.initial)]
    band = hd_band(unit_hd(p))
    if band:
        parts.append((f"{_hd_text(unit_hd(p))} HD", band))
    if c.demihuman:
        parts.append(("demihumans", m.demihuman))
    if c.special_abilities:
        parts.append(("special abilities", m.special_abilities))
    if c.exceptional_abilities:
        parts.append(("exceptional abilities", m.exceptional_abilities))
    if p.magic_equipment:
        parts.append(("magic equipment", m.magic_equipment))
    for lo, hi, mod in m.size_bands:
        if lo <= figures <= hi:
            parts.append((f"{figures} figures", mod))
    ac = unit_ac(p)
    if ac >= m.ac_worse_or_equal[0]:
        parts.append((f"AC {ac}", m.ac_worse_or_equal[1]))
    elif ac <= m.ac_better_or_equal[0]:
        parts.append((f"AC {ac}", m.ac_better_or_equal[1]))
    if p.type in ("regular", "elite", "berserker"):
        parts.append(("regular", m.regular))
    if p.type == "elite":
        parts.append(("elite", m.elite))
    if p.type == "berserker":
        parts.append(("berserkers", m.berserker))
    return parts


def discipline_parts(p: UnitProfile, figures: int) -> list[tuple[str, int]]:
    """[4.6] the base morale's factors plus Table 6 (berserkers: 0, shown as one part)."""
    if p.type == "berserker":
        return [("berserkers", 0)]
    d = T.discipline
    c = DATA.creatures[p.creature]
    parts = morale_parts(p, figures)
    if c.intelligence in d.low_or_lower:
        parts.append((f"{c.intelligence} intelligence", d.low_intelligence))
    elif c.intelligence in d.high_or_higher:
        parts.append((f"{c.intelligence} intelligence", d.high_intelligence))
    if c.alignment.startswith("chaotic"):
        parts.append(("chaotic", d.chaotic))
    elif c.alignment.startswith("lawful"):
        parts.append(("lawful", d.lawful))
    return parts


def ar_parts(p: UnitProfile, ratio: int | None = None) -> list[tuple[str, int]]:
    """[8.3] THAC0 (the rider's; [11.3] a chariot's: the average of passengers and team, rounded
    in its favour), the magic weapon, Table 9's ratio adjustment."""
    c = DATA.creatures[p.creature]
    r = unit_ratio(p) if ratio is None else ratio
    parts = [("THAC0", unit_thac0(p))]
    if p.magic_weapon:
        parts.append((f"weapon +{p.magic_weapon}", -p.magic_weapon))
    parts.append((f"{r}:1 figures", T.ratio_adjustment[str(r)]))
    return parts


def rate(p: UnitProfile, figures: int) -> UnitRating:
    """Every derived value of troop type ``p`` fielded with ``figures`` figures."""
    r = unit_ratio(p)
    hd = unit_hd(p)
    dice = hd if p.mount else DATA.creatures[p.creature].hd  # 1+1 and 1-1 are one die each
    per = dice * r
    mp, dp, ap = morale_parts(p, figures), discipline_parts(p, figures), ar_parts(p, r)
    return UnitRating(r, hd, float(per), unit_ac(p), unit_mv(p), unit_size(p), unit_thac0(p),
                      sum(v for _, v in ap), tuple(ap), sum(v for _, v in mp), tuple(mp),
                      sum(v for _, v in dp), tuple(dp))


def damage(p: UnitProfile, target_size: str) -> list[str]:
    """The unit's damage dice against a target of ``target_size`` ([8.4] C): the weapon in
    hand, and for cavalry the mount's attacks too ([11.2], [11.5])."""
    out = [_dmg(DATA.melee[p.weapon], target_size)] * (p.passengers if p.chariot else 1)
    if p.mount:
        out += [_dmg(DATA.melee[a], target_size) for a in DATA.creatures[p.mount].attacks] * max(1, p.pullers)
    return out


def missile_damage(p: UnitProfile, target_size: str) -> list[str]:
    """The unit's missile damage against ``target_size`` ([10.0]: the melee procedure)."""
    return [_dmg(DATA.missiles[p.missile], target_size)]


def _dmg(w: Weapon, size: str) -> str:
    return w.l if size == "L" else w.sm


# -- characters ---------------------------------------------------------------------------------------

def character_thac0(c: CharacterProfile) -> int:
    """[3.2] THAC0 by class and level (PHB/DMG), or by hit dice for monsters; less the magic weapon."""
    base = monster_thac0(hd_value(c.hd, c.plus)) if c.race == "monster" else class_thac0(c.class_, c.level)
    return base - c.magic_weapon


def attacks_in_round(c: CharacterProfile, weak_target: bool, round_no: int) -> int:
    """[8.6] how many attacks character ``c`` makes in melee round ``round_no`` (1-based):
    fighters, rangers and paladins by level (adnd.toml ``fighter_attacks``: 3 attacks every 2
    rounds at 7th level fall as 1, 2, 1, 2 ...), or one a level against ``weak_target``s
    (creatures of less than one hit die, 0-level men: :func:`weak`); every other character 1."""
    if c.race == "monster" or c.class_ not in T.command.fighter_classes:
        return 1
    if weak_target:
        return max(1, c.level)
    n, per = 1, 1
    for start, attacks, rounds in DATA.adnd.fighter_attacks:
        if c.level >= start:
            n, per = attacks, rounds
    return (round_no * n) // per - ((round_no - 1) * n) // per


def weak(p: UnitProfile | CharacterProfile) -> bool:
    """[8.6] whether a fighter strikes a troop type or character once a level: creatures of less
    than one hit die or 0-level men (a mounted figure is judged by its averaged hit dice)."""
    if isinstance(p, CharacterProfile):
        if p.race == "monster":
            return hd_value(p.hd, p.plus) < 1.0
        return p.level == 0
    c = DATA.creatures[p.creature]
    if p.mount:
        return unit_hd(p) < 1.0
    return c.hd_value < 1.0 or c.zero_level


def character_ac(c: CharacterProfile) -> int:
    """[3.2] armour class: given, or armour and shield (the creature's own for ``natural``)."""
    if c.ac is not None:
        return c.ac
    cr = DATA.creatures[c.creature]
    ac = cr.ac if c.armour in ("", "natural") else DATA.adnd.armour[c.armour].ac
    return ac - DATA.adnd.shields[c.shield]


def character_mv(c: CharacterProfile) -> float:
    """Movement rate, inches: the creature's, limited by armour."""
    cr = DATA.creatures[c.creature]
    if c.armour in ("", "natural"):
        return cr.mv
    return min(cr.mv, DATA.adnd.armour[c.armour].mv)


def command_radius_in(c: CharacterProfile) -> float:
    """[4.8] command radius in inches: (charisma + level) / 2 for humans and demihumans, +3"
    for fighters and their sub-classes; 2/3 of the movement rate for humanoids and monsters."""
    cm = T.command
    if c.race == "monster":
        return cm.monster_share * character_mv(c)
    cr = (c.cha + c.level) / 2.0
    if c.class_ in cm.fighter_classes:
        cr += cm.fighter_bonus_in
    return cr


def character_hd(c: CharacterProfile) -> float:
    """Hit dice of a character (level for classed characters)."""
    return hd_value(c.hd, c.plus) if c.race == "monster" else float(max(1, c.level))


def _hd_text(hd: float) -> str:
    if hd < 1:
        return "1/2" if abs(hd - 0.5) < 1e-9 else f"{hd:g}"
    dice = int(hd)
    plus = round((hd - dice) * 100)
    if plus > 50:
        return f"{dice + 1}-{100 - plus}"
    return f"{dice}+{plus}" if plus else f"{dice}"

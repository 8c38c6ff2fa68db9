"""Battlesystem [16.3] Creating armies: Table 18's point costs and the power levels.

The rates and power levels are data (``data/points.toml``, validated here); the AD&D values
they read (experience tables, magic items' and monsters' experience values) are ours, from
the 1st edition books, in the same file. Only the AD&D game's costs are implemented (the
D&D game's rows of Table 18 are listed in the README as not done).

A roster (``*.roster.json``, :class:`Roster`) lists what a side buys: classed characters,
monsters, and troop units of the roster data (``data/rosters.toml``), each with its magic
items and spells; :func:`roster_cost` prices it line by line (points, whole numbers).
"""

from __future__ import annotations

import math
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, Field, ValidationError

from game.data.errors import FileError, from_validation
from game.data.filemodel import FrozenFileModel

HERE = Path(__file__).resolve().parent.parent / "data"


class _M(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class Rates(_M):
    spell_level: int
    innate_spell_level: int
    improved_innate_level: int
    item_share: float
    character_share: float
    charged_spell_above: int
    wish_level: int
    wish_points: int


class PowerLevel(_M):
    """[16.3] A: one power level."""

    id: str
    name: str
    rules: Literal["basic", "intermediate", "advanced"]
    max_spell_level: int | None = None  #: highest spell level allowed (None: any)
    item_xp_below: int | None = None  #: magic items must be worth less XP than this (None: any)
    wishes: Literal["none", "per_points", "unlimited"] = "none"
    artifacts: bool = False


class ClassTable(_M):
    """A class's experience table (the XP at which each level begins) and spells a day."""

    starts: list[int]
    beyond: int
    spells: list[list[int]] = Field(default_factory=list)

    def top_xp(self, level: int) -> int:
        """The most experience a character of ``level`` may have: one less than the next
        level's start, rounded to the table's round number (2,001 -> 2,000)."""
        if level < 1:
            raise ValueError(f"level {level}: classed characters are level 1 or more")
        nxt = level + 1
        if nxt <= len(self.starts):
            start = self.starts[nxt - 1]
        else:
            start = self.starts[-1] + (nxt - len(self.starts)) * self.beyond
        return start - 1

    def spell_levels(self, level: int) -> int:
        """Spell levels a day at ``level``: the sum over spell levels of spells x level
        (a magic-user of 18th level: 139)."""
        if not self.spells or level < 1:
            return 0
        row = self.spells[min(level, len(self.spells)) - 1]
        return sum(n * (i + 1) for i, n in enumerate(row))

    def highest_spell(self, level: int) -> int:
        if not self.spells or level < 1:
            return 0
        return len(self.spells[min(level, len(self.spells)) - 1])


class Item(_M):
    name: str
    xp: int = Field(ge=0)
    kind: Literal["item", "artifact", "cursed"] = "item"
    spell_level: int = Field(0, ge=0, le=9)  #: the highest spell level its charges cast
    charges: int = Field(0, ge=0)
    note: str = ""


class Monster(_M):
    name: str
    xp: int = Field(ge=0)
    calculated_xp: int = Field(0, ge=0)  #: the DMG p. 85 method, when it gives more
    note: str = ""


class PointsFile(_M):
    rates: Rates
    power_levels: list[PowerLevel]
    classes: dict[str, ClassTable]
    items: dict[str, Item]
    monsters: dict[str, Monster]


@lru_cache(maxsize=1)
def points_data(path: Path = HERE / "points.toml") -> PointsFile:
    """``data/points.toml`` validated (FileError naming the field otherwise)."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        return PointsFile.model_validate(raw)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise FileError(path, "", str(e)) from None
    except ValidationError as e:
        raise from_validation(path, e, data=raw) from None


def power_level(pid: str) -> PowerLevel:
    for p in points_data().power_levels:
        if p.id == pid:
            return p
    raise KeyError(pid)


# -- the roster file ------------------------------------------------------------------------------------

class ClassLevel(_M):
    class_: str = Field(alias="class")
    level: int = Field(ge=1, le=30)


class Scroll(_M):
    spell_level: int = Field(ge=1, le=9)
    spells: int = Field(1, ge=1, le=100)


class Purchase(_M):
    """What any roster line may carry besides its body: magic items, scrolls, spell use."""

    items: list[str] = Field(default_factory=list, description="magic items (data/points.toml ids), each")
    scrolls: list[Scroll] = Field(default_factory=list)
    spell_levels: int = Field(0, ge=0, description="spell levels it casts beyond its classes (e.g. wishes)")
    highest_spell: int = Field(0, ge=0, le=9, description="the highest spell level among those")
    wishes: int = Field(0, ge=0, description="wishes among its spell use")
    innate_levels: int = Field(0, ge=0, description="innate spell abilities, spell levels")
    improved_levels: int = Field(0, ge=0, description="improved innate abilities (at will, no save...), spell levels")
    casts_as: ClassLevel | None = Field(None, description="a monster casting as a character class")


class CharacterLine(Purchase):
    """A classed character (multi-classed: several classes), ``count`` alike; or a character
    of ``data/characters.toml`` by ``profile``."""

    kind: Literal["character"] = "character"
    name: str = ""
    profile: str = ""
    classes: list[ClassLevel] = Field(default_factory=list)
    count: int = Field(1, ge=1, le=100000)


class MonsterLine(Purchase):
    kind: Literal["monster"] = "monster"
    name: str = ""
    creature: str
    count: int = Field(1, ge=1, le=100000)


class UnitLine(Purchase):
    """A troop unit of ``data/rosters.toml``: ``figures`` figures of Table 1's creatures each
    (``items`` are bought for every creature)."""

    kind: Literal["unit"] = "unit"
    profile: str
    figures: int = Field(ge=1, le=96)


class Roster(_M):
    """A side's purchases ([16.3] B)."""

    format_version: Literal[1] = 1
    name: str
    side: str = ""
    lines: list[Annotated[CharacterLine | MonsterLine | UnitLine, Field(discriminator="kind")]] = Field(min_length=1, max_length=500)


@lru_cache(maxsize=8)
def _load_roster(path: str, mtime_ns: int) -> Roster:
    from game.data.io import parse_model, read_json
    return parse_model(path, Roster, read_json(path))


def load_roster(path: str | Path) -> Roster:
    """Read and validate a ``*.roster.json`` (FileError: one line naming the field)."""
    from game.data.io import read_bytes
    read_bytes(path)  # a missing or unreadable file fails here, with its name
    return _load_roster(str(path), Path(path).stat().st_mtime_ns)


# -- pricing ----------------------------------------------------------------------------------------------

class CostLine(BaseModel):
    """One priced part of a roster line: what, the value it is priced on, the points."""

    what: str
    basis: str
    points: int


def _half_up(x: float) -> int:
    return int(math.floor(x + 0.5))


def item_points(item_id: str) -> CostLine:
    """Table 18, magic items (AD&D): half the XP value; a charged item with spells above 3rd
    level also pays the spell cost for each charge. Raises KeyError for an unknown item."""
    d = points_data()
    it = d.items[item_id]
    pts = _half_up(it.xp * d.rates.item_share)
    basis = f"{it.xp:,} XP"
    if it.charges and it.spell_level > d.rates.charged_spell_above:
        extra = it.charges * it.spell_level * d.rates.spell_level
        pts += extra
        basis += f" + {it.charges} charges of level {it.spell_level} spells"
    return CostLine(what=it.name, basis=basis, points=pts)


def spell_points(levels: int) -> int:
    """Table 18, spells: 50 points a spell level."""
    return levels * points_data().rates.spell_level


def class_points(cls: str, level: int) -> CostLine:
    """Table 18, character types: 1% of the top XP of the level (F 18: 2,750,000 XP = 27,500)."""
    d = points_data()
    t = d.classes[cls]
    top = t.top_xp(level)
    return CostLine(what=f"{cls.replace('_', ' ')} {level}", basis=f"{top:,} XP",
                    points=_half_up(top * d.rates.character_share))


def monster_points(creature: str) -> CostLine:
    """Table 18, monsters (AD&D): the XP value, the official one or the DMG method's, the
    higher (the text's rule for disagreements)."""
    m = points_data().monsters[creature]
    xp = max(m.xp, m.calculated_xp)
    return CostLine(what=m.name, basis=f"{xp:,} XP", points=xp)


def _purchase_lines(p: Purchase) -> list[CostLine]:
    d = points_data()
    out = []
    levels = p.spell_levels
    if p.casts_as is not None:
        levels += d.classes[p.casts_as.class_].spell_levels(p.casts_as.level)
    if levels:
        out.append(CostLine(what="spells", basis=f"{levels} spell levels", points=spell_points(levels)))
    if p.innate_levels:
        out.append(CostLine(what="innate spell abilities", basis=f"{p.innate_levels} spell levels",
                            points=p.innate_levels * d.rates.innate_spell_level))
    if p.improved_levels:
        out.append(CostLine(what="improved innate abilities", basis=f"{p.improved_levels} spell levels",
                            points=p.improved_levels * d.rates.improved_innate_level))
    for it in p.items:
        out.append(item_points(it))
    for sc in p.scrolls:
        lv = sc.spell_level * sc.spells
        out.append(CostLine(what=f"scroll of {sc.spells} level {sc.spell_level} spells", basis=f"{lv} spell levels",
                            points=spell_points(lv)))
    return out


def line_cost(line: CharacterLine | MonsterLine | UnitLine) -> tuple[int, list[CostLine]]:
    """Points of one roster line (all ``count`` of it) and its parts for one. Raises KeyError
    for an unknown class, item, creature or profile."""
    from ..profiles import DATA
    from .ratings import unit_ratio
    d = points_data()
    parts: list[CostLine] = []
    n = 1
    if isinstance(line, CharacterLine):
        classes = list(line.classes)
        if line.profile:
            cp = DATA.characters[line.profile]
            if cp.race == "monster":
                parts.append(monster_points(cp.creature))
            else:
                classes.append(ClassLevel(**{"class": cp.class_, "level": max(1, cp.level)}))
        for cl in classes:
            parts.append(class_points(cl.class_, cl.level))
        spell = sum(d.classes[c.class_].spell_levels(c.level) for c in classes)
        if spell:
            parts.append(CostLine(what="spells", basis=f"{spell} spell levels", points=spell_points(spell)))
        n = line.count
    elif isinstance(line, MonsterLine):
        parts.append(monster_points(line.creature))
        n = line.count
    else:
        p = DATA.units[line.profile]
        n = line.figures * unit_ratio(p) * (p.passengers if p.chariot else 1)
        parts.append(monster_points(p.creature))
        if p.mount:
            mount = monster_points(p.mount)
            k = p.pullers / p.passengers if p.chariot else 1
            parts.append(CostLine(what=mount.what, basis=mount.basis, points=_half_up(mount.points * k)))
    parts += _purchase_lines(line)
    return n * sum(x.points for x in parts), parts


def line_name(line: CharacterLine | MonsterLine | UnitLine) -> str:
    from ..profiles import DATA
    if isinstance(line, UnitLine):
        return f"{DATA.units[line.profile].name} ({line.figures} figures)"
    if isinstance(line, MonsterLine):
        nm = line.name or points_data().monsters[line.creature].name
        return f"{line.count} x {nm}" if line.count > 1 else nm
    nm = line.name or (DATA.characters[line.profile].name if line.profile else
                       "/".join(f"{c.class_.replace('_', '-')} {c.level}" for c in line.classes))
    return f"{line.count} x {nm}" if line.count > 1 else nm


def roster_cost(r: Roster) -> int:
    """Total points of a roster."""
    return sum(line_cost(x)[0] for x in r.lines)

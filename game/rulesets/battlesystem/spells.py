"""The magic data file (``data/spells.toml``), validated by pydantic at load ([14.0]-[14.22]).

Each spell (or spell-like ability, breath weapon, magic item, psionic power) is a typed
effect: its category ([14.5]-[14.18]), range, area shape and size in AD&D inches (converted by
Table 17, :func:`game.rulesets.battlesystem.rules.magic.table_inches`), damage, saving throw
and duration. A bad file raises :class:`game.data.errors.FileError` naming the entry.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from game.data.errors import FileError
from game.data.filemodel import FrozenFileModel

from .profiles import DATA, _load

Category = Literal["artillery", "hold", "charm", "bonus", "invisibility", "detection", "fear", "defence", "movement",
                   "illusion", "terrain", "healing", "create", "weather", "individual", "special", "information",
                   "psionic"]
Area = Literal["unit", "circle", "line", "cone", "self", "individual", "point"]
SaveVs = Literal["paralyzation", "petrification", "rod", "breath", "spell"]


class _M(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class Spell(_M):
    """One spell as a typed effect (see ``data/spells.toml``'s notes for the units)."""

    name: str
    caster: Literal["magic-user", "cleric", "druid", "illusionist", "innate", "item", "psionic"]
    level: int = Field(ge=0, le=9)
    category: Category
    range_in: float = Field(ge=0)
    range_per_level_in: float = 0.0
    area: Area
    area_in: float = Field(0.0, ge=0)
    width_in: float = Field(0.0, ge=0)
    damage: str = ""
    per_level: bool = False
    max_dice: int = 0
    missiles_per_levels: int = 0
    save: Literal["none", "half", "negates"] = "none"
    save_vs: SaveVs = "spell"
    rounds: int = 0
    rounds_per_level: int = 0
    creatures: int = 0
    creatures_per_level: int = 0
    max_hd: float = 0.0
    heal_hd_per_level: int = 0
    images: str = ""
    summons: str = ""
    count: str = ""
    onset_rounds: int = 0
    morale: int = 0
    morale_check: bool = False
    uses: int = 0
    pass_through: bool = False
    figures: int = Field(0, ge=0)  #: [14.14] an illusion's size in figures (ours)
    missing_sense: bool = False  #: [14.14] A the illusion lacks a sense (sound): +1 to the disbelief morale check
    detects: Literal["invisible", "illusion", "both"] = "invisible"  #: [14.11] A what a detection finds
    reveals: Literal["", "unit", "brigade", "intent"] = ""  #: [14.11] B what an information spell tells
    answer_chance: int = Field(100, ge=0, le=100)  #: [14.11] B percent chance of an answer (augury: PHB 70%)
    answer_chance_per_level: int = Field(0, ge=0)  #: added a caster level
    individual: Literal["", "stun", "slay"] = ""  #: [14.17] what a spell on one individual does
    stun: list[tuple[int, str]] = []  #: [14.17] rounds stunned by the victim's hit points: [most hp, dice]
    save_from_level: int = 0  #: [14.17] victims of at least this level save (0: all save when ``save`` allows)
    wounds: int = Field(0, ge=0)  #: [14.16], [14.18] Wound markers a wish takes off
    raises: int = Field(0, ge=0)  #: [14.16], [14.18] figures a wish brings back

    @model_validator(mode="after")
    def _shape(self) -> "Spell":
        if self.area in ("circle", "line", "cone") and self.area_in <= 0:
            raise ValueError(f"a {self.area} needs area_in")
        if self.area in ("line", "cone") and self.width_in <= 0:
            raise ValueError(f"a {self.area} needs width_in")
        if self.category == "artillery" and not self.damage:
            raise ValueError("an artillery spell needs damage")
        if self.category == "illusion" and (not self.summons or self.figures <= 0 or self.area != "point"):
            raise ValueError("an illusion needs summons (its look), figures and area = 'point'")
        if self.category == "individual" and (self.area != "individual" or not self.individual):
            raise ValueError("a spell on individuals needs area = 'individual' and individual")
        return self


class SpellsFile(_M):
    area_table: list[tuple[float, float, float]] = Field(min_length=1)
    scale_beyond: float = Field(gt=0)
    bulk_batch: int = Field(gt=0)
    turn_range_in: float = Field(gt=0)
    tornado_width_in: float = Field(gt=0)
    disbelief_range_in: float = Field(gt=0)
    saves: dict[str, list[tuple[int, int, int, int, int, int]]]
    turning: "Turning"
    spells: dict[str, Spell]


class Turning(_M):
    dice: str
    table: dict[str, list[int]]


SpellsFile.model_rebuild()

#: [14.20] items with a lasting effect (rules/magic.py): charisma bonus or the side's morale
PASSIVE_ITEMS = {"ring_of_human_influence": ("charisma", 1), "rod_of_rulership": ("charisma", 2),
                 "rod_of_ruling": ("charisma", 2), "rod_of_victory": ("side_morale", 1)}

HERE = Path(__file__).resolve().parent / "data" / "spells.toml"


def load(path: Path = HERE) -> SpellsFile:
    f = _load(path, SpellsFile)
    for sid, sp in f.spells.items():
        if sp.summons and sp.summons not in DATA.units:
            raise FileError(path, f"spells.{sid}.summons", f"unknown roster entry {sp.summons!r}")
        if sp.category == "illusion" and (DATA.units[sp.summons].missile or DATA.units[sp.summons].piece):
            raise FileError(path, f"spells.{sid}.summons", "an illusion may not look like missile troops (ours, README)")
    for cid, ch in DATA.characters.items():
        for s in ch.spells:
            if s not in f.spells:
                raise FileError(DATA.folder / "characters.toml", f"characters.{cid}.spells", f"unknown spell {s!r}")
        for s in ch.items:
            if s not in f.spells and s not in PASSIVE_ITEMS:
                raise FileError(DATA.folder / "characters.toml", f"characters.{cid}.items", f"unknown magic item {s!r}")
    for cid, c in DATA.creatures.items():
        if c.breath and c.breath not in f.spells:
            raise FileError(DATA.folder / "creatures.toml", f"creatures.{cid}.breath", f"unknown breath weapon {c.breath!r}")
    return f


MAGIC = load()
SPELLS = MAGIC.spells

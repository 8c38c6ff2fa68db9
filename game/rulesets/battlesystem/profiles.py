"""The ruleset's data files (``data/*.toml``), validated by pydantic at load.

``DATA`` holds them: the rule text's tables (``tables.toml``), the combat
results table (``crt.toml``), terrain effects (``terrain.toml``), AD&D 1st
edition values (``adnd.toml``: THAC0 tables, armour), creatures, weapons,
roster entries (troop types) and characters. Cross references (a roster
entry's creature, weapon, mount, missile or artillery piece) are checked at
load; a bad file raises :class:`game.data.errors.FileError` naming the file,
the entry and the reason.
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, Field, ValidationError

from game.data.errors import FileError, from_validation
from game.data.filemodel import FrozenFileModel

HERE = Path(__file__).resolve().parent / "data"

Size = Literal["S", "M", "L"]
Intelligence = Literal["non", "animal", "semi", "low", "average", "very", "high", "exceptional", "genius", "supra",
                       "godlike"]


class _M(FrozenFileModel):
    model_config = ConfigDict(populate_by_name=True)


# -- tables.toml --------------------------------------------------------------------------------------

class Dice(_M):
    initiative: str
    initiative_optional: str
    morale: str
    fate: str
    melee: str


class FormationSpacing(_M):
    gap: float = Field(ge=0, description="inches between neighbouring bases")


class MoraleTable(_M):
    """[4.1] Table 3 (and gaps.md's restored rows, ours)."""

    initial: int
    hd_bands: list[tuple[float, float, int]]
    demihuman: int
    special_abilities: int
    exceptional_abilities: int
    magic_equipment: int
    size_bands: list[tuple[int, int, int]]
    ac_worse_or_equal: tuple[int, int]
    ac_better_or_equal: tuple[int, int]
    regular: int
    elite: int
    berserker: int


class Situational(_M):
    """[4.2] Table 4."""

    lost_half: int
    lost_three_quarters: int
    enemy_at_rear: int
    out_of_command: int
    removed_by_magic: int
    commander_killed: int
    failed_charge_open: int
    drainer_or_unharmable: int
    closed_formation: int
    mob_backed: int
    mob_backed_within_in: float


class Checks(_M):
    lost: list[float]


class DisciplineTable(_M):
    """[4.6] Table 6."""

    low_intelligence: int
    high_intelligence: int
    chaotic: int
    lawful: int
    low_or_lower: list[str]
    high_or_higher: list[str]


class CommandTable(_M):
    fighter_bonus_in: float
    monster_share: float
    fighter_classes: list[str]


class MeleeAR(_M):
    """[8.3] Table 10 and the AD&D adjustments the text names."""

    open_or_skirmish: int
    out_of_command: int
    defender_higher: int
    charging_closed: int
    commander_with_unit: int
    flank: int
    rear: int
    cavalry_charge: int
    fleeing_free_attack: int
    forced_march_step: int
    ditch_or_stream: int
    missile_unit_mounted: int


class MissileAR(_M):
    """[10.8] Table 13."""

    target_open_or_skirmish: int
    target_in_woods_or_hedge: int
    target_behind_wall_or_shield_wall: int
    mounted: int
    indirect: int
    medium_range: int
    long_range: int
    replacement_crew: int


class MissileMovement(_M):
    """[10.4] Table 12: shots a class may fire in a round and the share of MV left after firing once."""

    max_shots: int
    move_after_fire: float


class MovementTable(_M):
    formation_change: float
    face_quarter: float
    face_about: float
    frontage_per_figure_in: float
    oblique_max_deg: float
    charge: float
    charge_min_before_contact: float
    charge_straight_share: float
    forced_march: float
    rout: float
    withdrawal_in: float
    min_rate_for_withdrawal_in: float
    shield_wall_rate: float
    set_spears: float
    rout_gap_in: float
    indirect_min_in: float
    open_fill_per_figure_in: float
    magic_move: float
    split_fire_share: float


class HeroesTable(_M):
    hp_per_hd: int
    figures_vs_small: int
    figures_vs_large: int
    rounds_per_phase: int


class ArtilleryPiece(_M):
    """[10.9] one artillery piece (ranges in inches)."""

    name: str
    min_in: float
    short_in: float
    medium_in: float
    long_in: float
    damage: str
    mv: float
    target_ac: int
    every: int = Field(ge=1)
    indirect: bool


class Tables(_M):
    inch_mm: float
    figure_height_mm: float
    eye_height_mm: float
    woods_sight_in: float
    woods_sight_woodland_in: float
    chariot_ac: int
    chariot_mv: float
    chariot_strong_team: float
    dice: Dice
    ratio: list[tuple[float, int]]
    bases: dict[str, tuple[float, float]]
    unit_limits: dict[str, tuple[int, int]]
    formations: dict[str, FormationSpacing]
    morale: MoraleTable
    situational: Situational
    checks: Checks
    discipline: DisciplineTable
    charisma: list[tuple[int, int]]
    command: CommandTable
    ratio_adjustment: dict[str, int]
    melee_ar: MeleeAR
    missile_ar: MissileAR
    missile_movement: dict[str, MissileMovement]
    movement: MovementTable
    heroes: HeroesTable
    fate: list[tuple[int, str]]
    artillery: dict[str, ArtilleryPiece]


# -- crt.toml -----------------------------------------------------------------------------------------

class CRTFormula(_M):
    numerator: int
    low: int
    high: int
    denominator: int


class CRTFile(_M):
    """[8.4] D: the CRT, as gaps.md's formula or as explicit ``rows``."""

    ours: bool = False
    source: str = ""
    columns: list[str] = Field(min_length=2)
    first_row: int
    last_row: int
    formula: CRTFormula | None = None
    rows: dict[str, list[int]] | None = None


# -- terrain.toml ---------------------------------------------------------------------------------------

class TerrainKind(_M):
    """[11.8] Table 14 / [11.9] for one feature kind."""

    name: str
    rate: float = 1.0
    ignore: str = ""
    cross: float = 0.0
    climb: float = 0.0
    road_bonus: float = 0.0
    no_closed: bool = False
    obstacle: bool = False
    woods: bool = False
    ditch: bool = False
    elevation: bool = False
    water: bool = False
    impassable: bool = False
    missile_cover: int = 0


class TerrainFile(_M):
    kinds: dict[str, TerrainKind]


# -- adnd.toml ------------------------------------------------------------------------------------------

class Armour(_M):
    ac: int
    mv: float


class AdndFile(_M):
    monster_thac0: list[tuple[float, int]]
    class_thac0: dict[str, list[tuple[int, int]]]
    fighter_attacks: list[tuple[int, int, int]]
    armour: dict[str, Armour]
    shields: dict[str, int]


# -- creatures, weapons, rosters, characters ------------------------------------------------------------

class Creature(_M):
    """An AD&D creature (Monster Manual / Players Handbook values, cited in ``source``)."""

    name: str
    source: str
    hd: float = Field(ge=0)
    plus: int = 0
    note: str = ""
    ac: int
    mv: float = Field(gt=0)
    size: Size
    base: str | None = None
    intelligence: Intelligence
    alignment: str
    demihuman: bool = False
    abilities: list[str] = []
    daylight_penalty: int = 0
    hated: list[str] = []
    drains_levels: bool = False
    magic_to_hit: bool = False
    special_abilities: int = 0
    exceptional_abilities: int = 0
    attacks: list[str] = []
    thac0: int | None = None
    zero_level: bool = False  #: 0-level men ([8.6]: fighters strike once a level at them)
    # part 2: special abilities ([13.1]-[13.9], rules/creatures.py)
    damage_bonus: int = 0  #: [13.1] a damage adjustment: one CRT column a plus
    poison: Literal["", "weak", "normal", "strong"] = ""  #: [13.2] poison doing extra damage
    paralyzes: bool = False  #: [13.4] paralysis on touch
    immune_paralysis: bool = False  #: elves and the undead (MM)
    awe: bool = False  #: [13.6] causes awe or fear (MM)
    dragon: bool = False  #: [13.6] -1 to the awe check
    breath: str = ""  #: [13.7] a breath weapon (a spell of spells.toml)
    regenerates: bool = False  #: [13.8]
    undead: str = ""  #: [14.19] the turning table's row
    mindless: bool = False  #: [13.9] never checks morale; out of command follows its last order
    vulnerable: list[Literal["cold", "heat"]] = []  #: [12.3] A penalties against cold or heat

    @property
    def hd_value(self) -> float:
        """Hit dice as one number: dice + plus/100 (tables.toml)."""
        return self.hd + self.plus / 100.0


class Weapon(_M):
    """An AD&D weapon: damage against small/medium (``sm``) and large (``l``) creatures."""

    name: str
    sm: str
    l: str  # noqa: E741 - the PHB's column name
    kind: str
    short_in: float = 0.0
    medium_in: float = 0.0
    long_in: float = 0.0
    rate: int = 1
    unlimited: bool = True


class WeaponsFile(_M):
    melee: dict[str, Weapon]
    missile: dict[str, Weapon]


UnitType = Literal["regular", "skirmish", "mob", "artillery", "elite", "berserker"]


class UnitProfile(_M):
    """[3.1] one troop type."""

    name: str
    type: UnitType
    creature: str
    mount: str = ""
    armour: str = "natural"
    shield: str = "none"
    weapon: str
    missile: str = ""
    magic_weapon: int = 0
    magic_equipment: bool = False
    ratio: int = 0
    piece: str = ""
    ammunition: int = 2
    pullers: int = Field(0, ge=0, description="[11.3] a chariot: how many ``mount`` creatures pull it (0: not a chariot)")
    passengers: int = Field(1, ge=1, description="[11.3] a chariot's passengers (``creature``)")
    bombs: int = Field(0, ge=0, le=4, description="[15.4] man-sized weights of bombs each figure carries")

    @property
    def chariot(self) -> bool:
        return self.pullers > 0


class CharacterProfile(_M):
    """[3.2] one PC/NPC individual."""

    name: str
    race: Literal["human", "demihuman", "monster"]
    creature: str
    class_: str = Field("", alias="class")
    level: int = 0
    hd: float = 0.0
    plus: int = 0
    cha: int = Field(10, ge=1, le=25)
    armour: str = ""
    shield: str = "none"
    ac: int | None = None
    hp: int = Field(gt=0)
    weapon: str
    magic_weapon: int = 0
    spells: list[str] = []  #: part 2: memorised spells ([14.0], spells.toml)
    items: list[str] = []  #: part 2: magic items ([14.20]): ring_of_human_influence, rod_of_rulership, rod_of_victory
    psionic: bool = False  #: [14.21]
    magic_resistance: int = Field(0, ge=0, le=100)  #: [14.11] B per cent; any makes him proof against information magic


class RosterFile(_M):
    units: dict[str, UnitProfile]


class CharactersFile(_M):
    characters: dict[str, CharacterProfile]


class CreaturesFile(_M):
    creatures: dict[str, Creature]


class Data:
    """Every data file, loaded and cross-checked (see the module notes)."""

    def __init__(self, folder: Path = HERE) -> None:
        self.folder = folder
        self.tables: Tables = _load(folder / "tables.toml", Tables)
        self.crt_file: CRTFile = _load(folder / "crt.toml", CRTFile)
        self.terrain: dict[str, TerrainKind] = _load(folder / "terrain.toml", TerrainFile).kinds
        self.adnd: AdndFile = _load(folder / "adnd.toml", AdndFile)
        self.creatures: dict[str, Creature] = _load(folder / "creatures.toml", CreaturesFile).creatures
        w = _load(folder / "weapons.toml", WeaponsFile)
        self.melee: dict[str, Weapon] = w.melee
        self.missiles: dict[str, Weapon] = w.missile
        self.units: dict[str, UnitProfile] = _load(folder / "rosters.toml", RosterFile).units
        self.characters: dict[str, CharacterProfile] = _load(folder / "characters.toml", CharactersFile).characters
        self._check()

    def inches(self, v: float) -> float:
        """Inches on the table to mm ([2.1]; gaps.md: 25.4 mm)."""
        return v * self.tables.inch_mm

    def _check(self) -> None:
        for uid, u in self.units.items():
            where = self.folder / "rosters.toml"
            refs = [("creature", u.creature, self.creatures), ("weapon", u.weapon, self.melee),
                    ("armour", u.armour, self.adnd.armour), ("shield", u.shield, self.adnd.shields)]
            if u.mount:
                refs.append(("mount", u.mount, self.creatures))
            if u.missile:
                refs.append(("missile", u.missile, self.missiles))
            if u.piece:
                refs.append(("piece", u.piece, self.tables.artillery))
            for field, key, table in refs:
                if key not in table:
                    raise FileError(where, f"units.{uid}.{field}", f"unknown {field} {key!r}")
            if u.ratio not in (0, 2, 5, 10):
                raise FileError(where, f"units.{uid}.ratio", "a unit's figures are 10:1, 5:1 or 2:1 ([2.8]-[2.10])")
        for cid, c in self.characters.items():
            where = self.folder / "characters.toml"
            if c.creature not in self.creatures:
                raise FileError(where, f"characters.{cid}.creature", f"unknown creature {c.creature!r}")
            if c.weapon not in self.melee:
                raise FileError(where, f"characters.{cid}.weapon", f"unknown weapon {c.weapon!r}")
            if c.race != "monster" and c.class_ not in self.adnd.class_thac0:
                raise FileError(where, f"characters.{cid}.class", f"unknown class {c.class_!r}")
            if c.armour and c.armour not in self.adnd.armour:
                raise FileError(where, f"characters.{cid}.armour", f"unknown armour {c.armour!r}")
        for cid, c in self.creatures.items():
            for a in c.attacks:
                if a not in self.melee:
                    raise FileError(self.folder / "creatures.toml", f"creatures.{cid}.attacks", f"unknown attack {a!r}")
        if self.crt_file.formula is None and self.crt_file.rows is None:
            raise FileError(self.folder / "crt.toml", "formula", "the CRT needs a formula or rows")
        if not math.isclose(self.tables.inch_mm, 25.4):
            raise FileError(self.folder / "tables.toml", "inch_mm", "an inch is 25.4 mm (gaps.md)")


def _load(path: Path, model: type[_M]):
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise FileError(path, "", str(e)) from None
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise from_validation(path, e, data=data) from None


DATA = Data()
T = DATA.tables

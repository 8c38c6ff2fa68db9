"""The WW2 skirmish's data (``data/*.toml``), validated by pydantic at load.

Every number the rules use lives in the data files (gaps.md: values as data,
ours marked as ours): weapon and unit profiles, perks, the tables of the
text (composure, grenade mishaps, battlefield conditions), the terrain kinds
and the missions. :data:`DATA` is loaded once at import; a bad file raises
``pydantic.ValidationError`` naming the field.

Units: the profiles keep the text's inches; :func:`inches` converts to table
millimetres (25.4 mm an inch).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from game.data.filemodel import FrozenFileModel

HERE = Path(__file__).parent / "data"

UnitClass = Literal["infantry", "elite", "light_mech", "heavy_mech"]
Slot = Literal["primary", "secondary", "utility"]
Trait = Literal["suppression", "incendiary", "sidearm", "heavy", "consumable", "grenade", "siege"]
Status = Literal["shell_shocked", "afraid", "in_shock", "struggling", "strong", "brave"]
MoveKind = Literal["open", "difficult", "wire", "impassable"]
Condition = Literal["fog", "rain", "clear", "frost", "flood"]
Mishap = Literal["in_hand", "wild", "dud"]


class _M(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class Weapon(_M):
    """A weapon profile (Weapon Profiles): range bands in inches, accuracy per
    band, hit chance (ranged) or the wielder's WS (melee), caliber, attacks,
    armour penetration, damage, blast radius, traits, silver cost."""

    id: str = ""
    name: str
    source: Literal["text", "ours"]
    slot: Slot
    melee: bool = False
    short_in: float = Field(gt=0)
    long_in: float = Field(gt=0)
    acc_short: int = 0
    acc_long: int = 0
    hc: int | None = Field(None, ge=2, le=6)
    caliber: int = Field(ge=0, le=12)
    attacks: int = Field(ge=1, le=10)
    ap: int = Field(ge=-3, le=5)
    damage: int = Field(ge=1, le=10)
    radius_in: float = Field(0.0, ge=0)
    traits: tuple[Trait, ...] = ()
    cost: int = Field(ge=0)

    @model_validator(mode="after")
    def _ranged_need_hc(self) -> "Weapon":
        if not self.melee and self.hc is None:
            raise ValueError(f"ranged weapon {self.name!r} needs a hit chance (hc)")
        if self.long_in < self.short_in:
            raise ValueError(f"{self.name!r}: long range {self.long_in} is below short range {self.short_in}")
        return self

    def has(self, trait: str) -> bool:
        """True when the weapon carries ``trait``."""
        return trait in self.traits

    @property
    def consumable(self) -> bool:
        """Shared by the squad, used up when thrown (Consumables)."""
        return "consumable" in self.traits

    @property
    def sl(self) -> int:
        """Storage it takes: 2 for heavy weapons, else 1 (Storage Limit)."""
        return 2 if "heavy" in self.traits else 1


class UnitProfile(_M):
    """A unit of the army lists: its class, models, profile (Troop Profiles),
    storage limit, silver cost, default loadout and perks."""

    id: str = ""
    name: str
    faction: str
    source: Literal["text", "ours"]
    cls: UnitClass
    rank: bool = False
    models: int = Field(ge=1, le=10)
    m: float = Field(gt=0)
    ws: int = Field(ge=2, le=6)
    t: int = Field(ge=1, le=12)
    w: int = Field(ge=1, le=20)
    ag: int = Field(ge=2, le=6)
    ld: int = Field(ge=2, le=6)
    cp: int = Field(ge=2, le=12)
    sl: int = Field(ge=1, le=10)
    cost: int = Field(ge=0)
    base_mm: float = 25.0
    height_mm: float = 30.0
    loadout: dict[str, int] = Field(default_factory=dict)
    perks: tuple[str, ...] = ()

    @property
    def mech(self) -> bool:
        """A light or heavy mech."""
        return self.cls in ("light_mech", "heavy_mech")


class Perk(_M):
    """A perk (Perks): its category, the rule hook it switches on and its value."""

    id: str = ""
    name: str
    category: Literal["Strength", "Dexterity", "Ferocity", "Intelligence", "Shooting", "Cohesiveness", "Savant"]
    effect: Literal["melee_caliber", "agility_bonus", "melee_reroll_ones", "free_first_action", "ignore_long_range",
                    "leadership_bonus", "composure_bonus"]
    value: int = 1
    text: str
    cost: int = Field(ge=0)


class TerrainKind(_M):
    """A terrain kind a map may use (Terrain and Cover)."""

    id: str = ""
    name: str
    cover: Literal["none", "light", "heavy"]
    solid: bool
    move: MoveKind = "open"
    depth_mm: float | None = Field(None, gt=0)
    default_height_mm: float = 0.0
    elevation: bool = False
    fog: bool = False
    footprint_in: tuple[float, float] | None = None

    @property
    def hole(self) -> bool:
        """A hole in the battlefield surface (trench, crater)."""
        return self.depth_mm is not None


class Mission(_M):
    """A hidden mission card (Missions)."""

    id: str = ""
    name: str
    goal: str
    reveal: str


class _Open(FrozenFileModel):
    """An open table: any keys (the rules code reads them by name), strict values."""

    model_config = ConfigDict(extra="allow")


class Tables(_M):
    """``tables.toml``: the text's tables and constants (and ours, marked there)."""

    table: _Open
    cache: _Open
    class_cost: dict[str, int]
    weight: dict[str, int]
    group: _Open
    facing: _Open
    wound: _Open
    hit: _Open
    combat: _Open
    run: _Open
    get_to_cover: _Open
    composure: _Open
    grenade: _Open
    conditions: _Open
    cover: _Open
    elevation: _Open
    fog: _Open
    wire: _Open
    heat: _Open
    missions: _Open
    setup: _Open
    ai: _Open


class Catalogue(_M):
    """Everything in ``data/``, cross-checked (loadouts name known weapons,
    units known perks, every table row present)."""

    weapons: dict[str, Weapon]
    units: dict[str, UnitProfile]
    perks: dict[str, Perk]
    kinds: dict[str, TerrainKind]
    missions: dict[str, Mission]
    tables: Tables

    @model_validator(mode="after")
    def _cross(self) -> "Catalogue":
        for uid, u in self.units.items():
            for w in u.loadout:
                if w not in self.weapons:
                    raise ValueError(f"unit {uid}: loadout names unknown weapon {w!r}")
            for p in u.perks:
                if p not in self.perks:
                    raise ValueError(f"unit {uid}: unknown perk {p!r}")
        cats = {p.category for p in self.perks.values()}
        if len(cats) != 7:
            raise ValueError("perks must give one perk for each of the seven categories")
        t = self.tables
        for name, n in (("composure", 6), ("grenade", 6), ("conditions", 6)):
            tbl = getattr(t, name).table if name != "grenade" else t.grenade.mishap
            if sorted(int(k) for k in tbl) != list(range(1, n + 1)):
                raise ValueError(f"tables.{name}: needs rows 1-{n}")
        return self


def _load() -> Catalogue:
    raw = {}
    for name in ("weapons", "units", "perks", "missions"):
        with open(HERE / f"{name}.toml", "rb") as fh:
            raw[name] = {k: dict(v, id=k) for k, v in tomllib.load(fh)[name].items()}
    with open(HERE / "terrain.toml", "rb") as fh:
        raw["kinds"] = {k: dict(v, id=k) for k, v in tomllib.load(fh)["kinds"].items()}
    with open(HERE / "tables.toml", "rb") as fh:
        raw["tables"] = tomllib.load(fh)
    return Catalogue.model_validate(raw)


#: the loaded catalogue
DATA: Catalogue = _load()
T = DATA.tables
#: mm per inch (the text measures in inches)
INCH = float(T.table.inch_mm)


def inches(v: float) -> float:
    """Inches to table mm (25.4 mm an inch)."""
    return float(v) * INCH


def to_inches(mm: float) -> float:
    """Table mm to inches."""
    return float(mm) / INCH


def composure_result(face: int) -> str:
    """The composure table's result for a D6 ``face`` (Composure)."""
    return T.composure.table[str(face)]


def mishap_result(face: int) -> str:
    """The grenade mishap table's result for a D6 ``face`` (Grenades)."""
    return T.grenade.mishap[str(face)]


def condition_result(face: int) -> str:
    """The battlefield conditions table's result for a D6 ``face``."""
    return T.conditions.table[str(face)]

"""Card and table data of Battlespace, validated by pydantic at load.

Everything the rules use as a number lives in ``data/*.json`` (gaps.md:
"values as data"). :data:`DATA` is loaded once at import; a bad file raises
``pydantic.ValidationError`` naming the field.
"""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from game.core.overrides import BattleData
from game.data.filemodel import FrozenFileModel

HERE = Path(__file__).parent

Specialty = Literal["none", "medic", "marksman", "grenadier", "gunner", "radio_operator"]
GearKind = Literal["throw_aoe", "throw_smoke", "throw_stun", "fire_aoe", "heal", "armor", "aim_bonus",
                   "suppress_cheap", "radio", "leader", "accuracy", "breach", "nvg"]
SitrepEffect = Literal["activate_element", "activate_straggler", "enemies_enter", "straggler_enters",
                       "weapon_trouble", "civilians_panic", "smoke", "quiet", "heal", "discard_next",
                       "enemies_hold", "enemy_rush", "sniper"]


class _M(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class SoldierCard(_M):
    """A soldier card: Accuracy and Fight add to the D20; Initiative is the score to activate."""

    id: str
    name: str
    accuracy: int = Field(ge=0, le=3)
    fight: int = Field(ge=0, le=3)
    initiative: int = Field(ge=6, le=10)
    specialty: Specialty = "none"


class GearCard(_M):
    """A gear card: points, quantity (None: unlimited), drift and team-position flags, effect kind."""

    id: str
    name: str
    pts: int = Field(ge=1, le=5)
    qty: int | None = Field(None, ge=1)
    drift: bool = False
    team_position: str | None = None
    kind: GearKind
    wounds: int = 1
    avoid_tl: int = 12
    duration_turns: int = 1
    tl_bonus: int = 0
    bonus: int = 0
    radius_mm: float = 0.0


class EnemyCard(_M):
    """An enemy element card: Threat Level (to hit it and to avoid it), wounds, primary weapon."""

    id: str
    name: str
    tl: int = Field(ge=1, le=20)
    wounds: int = Field(ge=1)
    weapon: str


class OtherCard(_M):
    """Civilians, survivors and aid workers: wounds they can take before removal."""

    id: str
    name: str
    wounds: int = Field(ge=1)
    kind: Literal["civilian", "survivor", "hostage"]


class SitrepCard(_M):
    """One SITREP card as a typed effect (see ``sitrep.py``)."""

    id: str
    title: str
    effect: SitrepEffect
    harm: int = 0
    profile: str | None = None
    count: str | None = None
    duration_turns: int = 1
    tl: int = 12


class Weapon(_M):
    id: str
    name: str
    wounds: int = Field(ge=1)
    small_arms: bool


class VehicleType(_M):
    """A row of the vehicle table; ``protection`` attacks disable it (0 with ``disable`` False: never)."""

    id: str
    name: str
    seats: int
    rear_seats: int = 0
    mounted: int
    weapon: str | None
    armored: bool
    protection: int
    disable: bool
    negates_small_arms: bool
    free_rear_entry: bool
    comms: bool


class ChartRow(_M):
    low: int = Field(ge=1, le=20)
    high: int = Field(ge=1, le=20)
    result: str = ""
    groups: list[int] = Field(default_factory=list)
    ours: bool = False
    unreachable: bool = False


class Card(_M):
    short_mm: float
    long_mm: float


class Throw(_M):
    reach_mm: float
    hand_mm: float
    apex_mm: float


class Drift(_M):
    direct_from: int
    distance_mm: float
    degrees_per_step: float


class WoundTrack(_M):
    penalty_at: int
    penalty: int
    down_at: int
    kia_at: int


class Tables(_M):
    card: Card
    move_mm: float
    advance_mm: float
    point_blank_mm: float
    suppression_lane_mm: float
    base_radius_mm: float
    standing_height_mm: float
    prone_height_mm: float
    contact_tolerance_mm: float
    climb_long_factor: float
    throw: Throw
    drift: Drift
    orders_per_activation: int
    orders_on_natural_20: int
    wound_track: WoundTrack
    modifiers: dict[str, int]
    bleed_out_turns: int
    weapons: list[Weapon]
    vehicles: list[VehicleType]
    civilian_chart: list[ChartRow]
    staging_chart: list[ChartRow]
    staging_profile: str
    mission: dict[str, int | list[str]]

    @model_validator(mode="after")
    def _charts_cover_d20(self) -> "Tables":
        for name in ("civilian_chart", "staging_chart"):
            covered = {v for r in getattr(self, name) for v in range(r.low, r.high + 1)}
            if covered != set(range(1, 21)):
                raise ValueError(f"{name} must cover every D20 result")
        return self


class Data:
    """All Battlespace data, loaded from ``data/``."""

    def __init__(self, folder: Path = HERE) -> None:
        def load(name: str) -> dict:
            with open(folder / name, encoding="utf-8") as f:
                d = json.load(f)
            d.pop("_note", None)
            return d

        self.soldiers = {c.id: c for c in (SoldierCard.model_validate(x) for x in load("soldiers.json")["soldiers"])}
        self.gear = {c.id: c for c in (GearCard.model_validate(x) for x in load("gear.json")["gear"])}
        e = load("enemies.json")
        self.enemies = {c.id: c for c in (EnemyCard.model_validate(x) for x in e["enemies"])}
        self.others = {c.id: c for c in (OtherCard.model_validate(x) for x in e["others"])}
        self.sitrep = [SitrepCard.model_validate(x) for x in load("sitrep.json")["cards"]]
        self.tables = Tables.model_validate(load("tables.json"))
        self.weapons = {w.id: w for w in self.tables.weapons}
        self.vehicles = {v.id: v for v in self.tables.vehicles}
        if len(self.sitrep) != 20:
            raise ValueError("the SITREP deck has 20 cards")
        for c in self.enemies.values():
            if c.weapon not in self.weapons:
                raise ValueError(f"enemy {c.id}: unknown weapon {c.weapon}")

    @cached_property
    def sitrep_by_id(self) -> dict[str, SitrepCard]:
        return {c.id: c for c in self.sitrep}

    def mod(self, name: str) -> int:
        """A modifier value from the table (KeyError for an unknown name)."""
        return self.tables.modifiers[name]


DATA = Data()
#: the data the rules read, through ``data()``: :data:`DATA` unless the battle resolving
#: holds its own overridden copy (game/core/overrides.py); the geometry's constants are fixed
SLOT = BattleData("battlespace_data", DATA, fixed=("tables.base_radius_mm", "tables.contact_tolerance_mm"))
data = SLOT.get

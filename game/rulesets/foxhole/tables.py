"""Foxhole's tables and sample forces, validated by pydantic at load.

Every number the rules use lives in ``data/tables.toml`` and every sample
element in ``data/forces.toml`` (gaps.md: values as data, ours marked as
ours). :data:`TABLES` and :data:`FORCES` are loaded once at import; a bad file
raises ``pydantic.ValidationError`` naming the field.

Ground scale (Foxhole, Basics - Ground Scale): 10 mm of table is 25 m of
ground, a yard is 0.9144 m, so :func:`yards` turns 100 yards into 36.576 mm.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from game.data.filemodel import FrozenFileModel
from game.geometry.scale import METRES_PER_YARD, foxhole_metres_to_mm

HERE = Path(__file__).parent / "data"

Quality = Literal["elite", "regular", "green", "untrained"]
MotivationName = Literal["gung_ho", "normal", "uneasy", "mob"]
Equipment = Literal["light", "normal", "heavy"]
Kind = Literal["infantry", "fire_support", "indirect", "vehicle", "non_combatant"]
VehicleClass = Literal["soft", "light", "heavy"]
Going = Literal["dense", "normal", "non_tactical"]


class _M(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class Scale(_M):
    metres_per_mm: float = Field(gt=0)
    metres_per_yard: float = Field(gt=0)


class Bases(_M):
    square_mm: float = Field(gt=0)
    extended_width_mm: float = Field(gt=0)
    extended_depth_mm: float = Field(gt=0)
    half_depth_mm: float = Field(gt=0)
    contact_mm: float = Field(ge=0)
    element_height_mm: float = Field(gt=0)
    vehicle_height_mm: float = Field(gt=0)


class Grid(_M):
    square_mm: float = Field(gt=0)


class QualityTable(_M):
    elite: int
    regular: int
    green: int
    untrained: int


class QualityFigures(_M):
    elite: tuple[int, int]
    regular: tuple[int, int]
    green: tuple[int, int]
    untrained: tuple[int, int]


class MotivationTable(_M):
    gung_ho: int
    normal: int
    uneasy: int
    mob_start: int
    mob_floor: int


class MotivationRoll(_M):
    die: str
    per_command_point: int
    suppressed: int
    reduced: int
    into_open: int
    cap: int
    may_advance_from: int
    must_advance_from: int


class Command(_M):
    die: str


class InfantryGoing(_M):
    base: int
    elite: int
    light: int
    heavy: int


class InfantryMoves(_M):
    dense: InfantryGoing
    normal: InfantryGoing
    non_tactical: InfantryGoing


class VehicleMoves(_M):
    dense: int
    normal: int
    non_tactical: int


class Movement(_M):
    infantry: InfantryMoves
    vehicle: dict[VehicleClass, VehicleMoves]


class Band(_M):
    close: int = 0
    long: int
    min: int = 0


class Ranges(_M):
    infantry: Band
    fire_support: Band
    indirect: Band
    dense_factor: float = Field(gt=0, le=1)


class Fire(_M):
    long_per_quality: int
    close_per_quality: int
    close_bonus: int
    fire_support: int
    moved: int
    non_tactical: int
    open: int
    none_full_strength: int
    dense: int
    emplaced: int
    cap: int
    suppressed: int
    reduced: int
    destroyed: int


class Assault(_M):
    max_elements: int = Field(ge=1)
    per_quality: int
    per_support: int
    open: int
    suppressed: int
    primary_reduced: int
    dense: int
    emplaced: int
    suppressed_at: int
    reduced_at: int
    destroyed_at: int


class Arrival(_M):
    die: str
    turns_before: int = Field(ge=0)
    shift: dict[str, int]

    @model_validator(mode="after")
    def _faces(self) -> "Arrival":
        if sorted(int(k) for k in self.shift) != list(range(1, 7)):
            raise ValueError("arrival.shift needs faces 1 to 6")
        return self

    def of(self, face: int) -> int:
        """Turns early (negative) or late (positive) for a die face (Helicopter and glider insertions)."""
        return self.shift[str(face)]


class Para(_M):
    drift_step_mm: float = Field(ge=0)
    spread_step_mm: float = Field(ge=0)


class InsertionT(_M):
    cluster_mm: float = Field(gt=0)


class Asset(_M):
    name: str
    quality: int = Field(ge=0, le=3)
    radius_mm: float = Field(gt=0)


class Offboard(_M):
    die: str
    min_action_number: int
    assets: dict[str, Asset]


class Spotting(_M):
    concealed: int
    confused: int
    non_combatant: int


class Objectives(_M):
    count: int = Field(ge=1)
    radius_mm: float = Field(gt=0)
    hold_mm: float = Field(ge=0)
    min_apart_mm: float = Field(ge=0)
    discover_yards: int = Field(gt=0)
    intel_die: str


class Transport(_M):
    capacity: dict[VehicleClass, int]
    reach_mm: float = Field(gt=0)


class Pioneers(_M):
    route_width_mm: float = Field(gt=0)
    edge_mm: float = Field(ge=0)


class Vehicles(_M):
    quality: dict[VehicleClass, int]
    armed: dict[VehicleClass, bool]


class Tables(_M):
    """Everything in ``data/tables.toml`` (each section's clause is in the file)."""

    scale: Scale
    bases: Bases
    grid: Grid
    quality: QualityTable
    quality_figures: QualityFigures
    motivation: MotivationTable
    motivation_roll: MotivationRoll
    command: Command
    movement: Movement
    ranges: Ranges
    fire: Fire
    assault: Assault
    arrival: Arrival
    para: Para
    insertion: InsertionT
    offboard: Offboard
    spotting: Spotting
    objectives: Objectives
    transport: Transport
    pioneers: Pioneers
    vehicles: Vehicles

    def yards(self, y: float) -> float:
        """Ground yards as table mm (Basics - Ground Scale: 10 mm = 25 m)."""
        return y * self.scale.metres_per_yard / self.scale.metres_per_mm

    def quality_of(self, name: Quality) -> int:
        """The number of a quality name (Elements - Quality)."""
        return getattr(self.quality, name)

    def motivation_of(self, name: MotivationName) -> int:
        """The number of a motivation name; a mob starts at ``mob_start`` (Elements - Motivation)."""
        return self.motivation.mob_start if name == "mob" else getattr(self.motivation, name)


class Conflict(_M):
    name: str


class Profile(_M):
    """One sample element (Sample Units)."""

    name: str
    conflict: str
    force: str
    kind: Kind
    quality: Quality
    motivation: MotivationName
    equipment: Equipment = "normal"
    vehicle: VehicleClass | None = None
    pioneer: bool = False
    text: str = ""

    @model_validator(mode="after")
    def _vehicle(self) -> "Profile":
        if (self.kind == "vehicle") != (self.vehicle is not None):
            raise ValueError(f"{self.name}: a vehicle needs a vehicle class, and only a vehicle has one")
        return self


class Forces(_M):
    """Everything in ``data/forces.toml``."""

    conflicts: dict[str, Conflict]
    profiles: dict[str, Profile]

    @model_validator(mode="after")
    def _known_conflicts(self) -> "Forces":
        for pid, p in self.profiles.items():
            if p.conflict not in self.conflicts:
                raise ValueError(f"profile {pid}: unknown conflict {p.conflict!r}")
        return self


def load_tables(path: Path = HERE / "tables.toml") -> Tables:
    """Read and validate the tables file (ValidationError names the field)."""
    return Tables.model_validate(tomllib.loads(path.read_text()))


def load_forces(path: Path = HERE / "forces.toml") -> Forces:
    """Read and validate the sample forces file."""
    return Forces.model_validate(tomllib.loads(path.read_text()))


TABLES = load_tables()
FORCES = load_forces()

assert abs(foxhole_metres_to_mm(100 * METRES_PER_YARD) - TABLES.yards(100)) < 1e-9  # one ground scale
#: off-board asset kinds by name (Off-board Support)
OF_NAMES = {k: a.name for k, a in TABLES.offboard.assets.items()}

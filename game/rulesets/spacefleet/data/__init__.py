"""Profiles and tables of the space-fleet ruleset, loaded once from ``data/``
and validated with pydantic (spacefleet_core 1.2-1.13, celestial phenomena).

Distances in the data are cm where the key says ``_cm`` and mm where it says
``_mm``; the rules code works in table mm (1 cm = 10 mm).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import Field

from game.core.overrides import BattleData
from game.data.filemodel import FrozenFileModel

DATA = Path(__file__).resolve().parent  #: this folder: ships.json and tables.json

ArcName = Literal["front", "left", "right", "rear"]
Location = Literal["prow", "dorsal", "port", "starboard", "keel", "aft"]


class _Strict(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class Armour(_Strict):
    """Armour score (D6 needed) against fire from the front quadrant and from any other."""

    front: int = Field(ge=2, le=6)
    other: int = Field(ge=2, le=6)


class Weapon(_Strict):
    """One weapon system (spacefleet_core 1.2): ``strength`` is firepower for
    batteries, strength for lances and torpedoes, squadrons for launch bays."""

    name: str
    kind: Literal["battery", "lance", "torpedo", "launch_bay", "nova_cannon"]
    location: Location
    range_cm: float = Field(gt=0)
    min_range_cm: float = 0.0
    strength: int = Field(ge=1, le=40)
    arcs: list[ArcName] = Field(min_length=1)
    craft: list[Literal["fighter", "bomber", "assault_boat"]] = Field(default_factory=list)
    no_long_range_shift: bool = False


class Profile(_Strict):
    """A ship profile (spacefleet_core 1.2, 1.13)."""

    name: str
    fleet: Literal["imperial", "chaos"]
    points: int = Field(ge=1)
    type: Literal["escort", "cruiser", "battleship"]
    hits: int = Field(ge=1)
    speed_cm: float = Field(gt=0)
    turns_deg: Literal[45, 90]
    shields: int = Field(ge=0)
    armour: Armour
    turrets: int = Field(ge=0)
    weapons: list[Weapon]
    aaf_dice: int = 4

    @property
    def capital(self) -> bool:
        """Battleships and cruisers are capital ships."""
        return self.type != "escort"

    @property
    def base_radius_mm(self) -> float:
        """Large base for 3+ shields or more than 10 hits, else small (spacefleet_core 1.1)."""
        c = tables().constants
        return c.large_base_radius_mm if (self.shields >= 3 or self.hits > 10) else c.small_base_radius_mm


class Ships(_Strict):
    format_version: Literal[1]
    source: str
    ships: dict[str, Profile]


class Constants(_Strict):
    small_base_radius_mm: float
    large_base_radius_mm: float
    blast_marker_radius_mm: float
    ordnance_radius_mm: float
    close_range_mm: float
    long_range_mm: float
    stationary_below_mm: float
    blast_speed_loss_mm: float
    crippled_speed_loss_mm: float
    thrusters_speed_loss_mm: float
    torpedo_speed_mm: float
    straight_run_mm: dict[str, float]
    asteroid_range_mm: float
    disengage_bm_mm: float
    disengage_near_mm: float
    craft_endurance_phases: int
    max_leadership: int
    coherency_mm: float = 150.0
    teleport_range_mm: float = 100.0


class Gunnery(_Strict):
    columns: list[str]
    rows: list[list[int]] = Field(min_length=20, max_length=20)
    base_column: dict[str, int]

    def dice(self, firepower: int, column: int) -> int:
        """Dice for ``firepower`` on ``column`` (0 = A .. 4 = E); above 20 the
        row 20 and the remainder are added (spacefleet_core 1.7)."""
        column = max(0, min(4, column))
        total = 0
        fp = int(firepower)
        while fp > 20:
            total += self.rows[19][column]
            fp -= 20
        if fp > 0:
            total += self.rows[fp - 1][column]
        return total


class LdRow(_Strict):
    d6: int
    ld: int


class OrderSpec(_Strict):
    min: Literal["zero", "half", "full"]
    max: Literal["half", "full"]
    turns: int
    halve_fire: bool
    nova: bool
    ordnance_halved: bool
    turn_without_moving: bool


class Critical(_Strict):
    roll: int
    id: str
    extra: str
    repairable: bool
    location: str | None


class Catastrophe(_Strict):
    min: int
    max: int
    id: str
    blast_markers: str
    blast_radius: str | None
    lance_shots: str


class Well(_Strict):
    max_diameter_cm: float
    well_cm: float
    low_orbit_pull_cm: float


class LowOrbit(_Strict):
    width_cm: float
    length_cm: float
    grip_cm: float
    column_shift: int
    lance_fire_needs: int


class Phenomena(_Strict):
    flare_occurs_on: int
    flare_unshielded_critical_on: int
    flare_ordnance_removed_on: int
    radiation_occurs_on: int
    warp_rift_test: str
    warp_rift_reposition: str
    asteroid_test: str
    asteroid_test_aaf: str
    asteroid_damage: str
    craft_lost_in_asteroids_on: int
    lost_forever_on: int
    sunward_zones: list[str]
    asteroid_bm_removed: str = "d6"


class Generators(_Strict):
    area_cm: float
    area_has_phenomenon_on: int
    zones: dict[str, list[str]]
    planet_diameter_cm: dict[str, list[float]]
    moons: dict[str, str]
    moon_diameter_cm: float
    moon_distance: str
    rings_on: int
    rings_count: str
    ring_asteroid_on: int
    ring_width: str
    ring_start: str
    gas_cloud_size: dict[str, str]
    asteroid_size: dict[str, str]
    warp_rift_size: dict[str, str]
    sunward_d6: list[Literal["north", "south", "east", "west"]]


class BoardingResult(_Strict):
    """One row of the boarding results table: the margin it starts at and the
    D6 score each side needs for a critical (1 = automatic, 7 = none)."""

    margin: int
    id: str
    loser_crit_on: int
    winner_crit_on: int


class Boarding(_Strict):
    """Boarding modifiers and results (spacefleet_core 1.10)."""

    ratio_bonus: list[list[float]]          #: [ratio at least, bonus], best first
    enemy_blast_marker: int
    enemy_crippled: int
    enemy_on_orders: int
    fleet_bonus: dict[str, int]
    results: list[BoardingResult]

    def result(self, margin: int) -> BoardingResult | None:
        rows = [r for r in self.results if r.margin <= margin]
        return max(rows, key=lambda r: r.margin) if rows else None


class Nova(_Strict):
    """Nova cannon template and scatter (spacefleet_core 1.7)."""

    template_radius_mm: float
    hole_radius_mm: float
    scatter: list[tuple[float, str]]        #: [edge distance up to (cm), scatter dice]
    scatter_hit_faces: int                  #: faces of the D6 scatter die that leave the template
    direction_die: str                      #: rolled for the scatter direction (30 degrees a face)
    direct_hit: str


class Eldar(_Strict):
    """Eldar and Eldar-kin values (spacefleet_core 1.3, 1.9, 1.12; celestial
    phenomena: gas and dust clouds, solar flares). Dice are D6s."""

    ld_bonus: int                     #: added to the starting Ld (the Ld cap still holds)
    turret_hits_on: int               #: turrets hit Eldar ordnance only on this score
    critical_on: int                  #: a hull hit on an Eldar ship is critical on this score or more
    holofield_column_shift: int       #: extra right shift against Gunnery-table fire
    holofield_miss_from: int          #: a holofield save of this or more turns a hit into a miss
    phenomenon_test: str              #: the Ld test to ignore a gas/dust cloud or a solar flare
    flare_move_cm: str                #: how far a ship that passed against a flare moves away (cm)


class Tables(_Strict):
    format_version: Literal[1]
    source: str
    constants: Constants
    gunnery: Gunnery
    leadership: list[LdRow]
    orders: dict[str, OrderSpec]
    criticals: list[Critical]
    catastrophic: list[Catastrophe]
    hulk_drift: str
    ram_test: dict[str, str]
    size_rank: dict[str, int]
    ordnance: dict[str, dict[str, float]]
    victory: dict[str, float]
    disengage: dict[str, int]
    gravity_wells: dict[str, Well]
    low_orbit: LowOrbit
    free_gravity_turn_deg: float
    phenomena: Phenomena
    generators: Generators
    boarding: Boarding
    nova: Nova
    eldar: Eldar

    def start_ld(self, d6: int) -> int:
        """Starting Leadership for a D6 roll (spacefleet_core 1.3)."""
        for r in self.leadership:
            if r.d6 == d6:
                return r.ld
        raise ValueError(d6)

    def eldar_start_ld(self, ld: int) -> int:
        """An Eldar ship's starting Ld: the rolled Ld plus the Eldar bonus,
        never above the Ld cap (spacefleet_core 1.3: 7-10)."""
        return min(self.constants.max_leadership, ld + self.eldar.ld_bonus)

    def critical(self, roll: int) -> Critical:
        """The critical-hit table row for a 2D6 ``roll`` (spacefleet_core 1.8)."""
        return next(c for c in self.criticals if c.roll == roll)

    def catastrophe(self, roll: int) -> Catastrophe:
        """The catastrophic-damage row for a 2D6 ``roll`` (spacefleet_core 1.8)."""
        return next(c for c in self.catastrophic if c.min <= roll <= c.max)


#: the data the rules read: ``{"tables": Tables, "ships": {id: Profile}}`` as loaded, unless the
#: battle resolving holds its own overridden copy (game/core/overrides.py)
SLOT = BattleData("spacefleet_data", {
    "tables": Tables.model_validate(json.loads((DATA / "tables.json").read_text())),
    "ships": Ships.model_validate(json.loads((DATA / "ships.json").read_text())).ships,
})


def tables() -> Tables:
    """The validated tables of the battle resolving now (as loaded outside a battle)."""
    return SLOT.get()["tables"]


def ships() -> dict[str, Profile]:
    """Ship profiles by id, of the battle resolving now (as loaded outside a battle)."""
    return SLOT.get()["ships"]


def profile(pid: str) -> Profile:
    """The profile ``pid`` (KeyError if unknown)."""
    return ships()[pid]

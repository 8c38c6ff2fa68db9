"""Battle state of the space-fleet ruleset (JSON round-trippable).

Coordinates are table mm (origin top-left, y down), headings degrees
clockwise from +x. Ships in low orbit use the low-orbit table's own
coordinates (y = 0 is the planet edge).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.state import BattleState


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Ship(_M):
    """One ship on the table (spacefleet_core 1.2)."""

    id: str
    side: str
    profile: str
    name: str = ""
    squadron: str | None = None
    x: float
    y: float
    heading: float
    radius: float
    ld: int
    damage: int = 0
    status: Literal["active", "drifting_hulk", "blazing_hulk", "destroyed", "disengaged", "lost_in_warp", "landed"] = "active"
    lost_forever: bool = False
    zone: Literal["main", "low_orbit"] = "main"
    entered_low_orbit_turn: int = -1
    crits: list[str] = Field(default_factory=list)
    order: str | None = None
    aaf_extra_mm: float = 0.0
    ram_target: str | None = None  #: the ship it passed its ramming test against this turn (spacefleet_core 1.6)
    braced: bool = False           #: Brace for Impact! in force
    brace_turn: int = -1           #: player-turn index when the brace was taken
    #: attackers (a shooting ship's squadron or the ship, ``"o<wave>"`` for ordnance) it failed to brace
    #: against while they are still attacking (spacefleet_core 1.4)
    brace_failed_vs: list[str] = Field(default_factory=list)
    moved: bool = False
    moved_mm: float = 0.0
    stationary: bool = False       #: moved < 5 cm last move (Defences column)
    fired: list[int] = Field(default_factory=list)   #: weapons used up this turn
    #: firepower of a battery already fired in split volleys this turn, and at whom (spacefleet_core 1.7)
    split_fp: dict[int, int] = Field(default_factory=dict)
    split_at: dict[int, list[str]] = Field(default_factory=dict)
    priority: Literal["none", "passed", "failed"] = "none"
    disengage_failed: bool = False
    torpedoes_loaded: bool = True
    bays_loaded: bool = True
    ever_crippled: bool = False
    turrets_vs: Literal["", "torpedo", "craft"] = ""   #: what the turrets engaged this phase (core 1.9)
    eldar: bool = False            #: an Eldar or Eldar-kin ship (scenario ``params.kin = "eldar"``; core 1.12)
    cloud_turn: int = 0            #: game turn of its last gas/dust-cloud test (Eldar; phenomena: gas clouds)
    cloud_passed: bool = False     #: that test was passed: clouds do not count for it during that game turn



class BlastMarker(_M):
    """A blast marker (2.5 cm across; spacefleet_core 1.8). Markers never move."""

    id: int
    x: float
    y: float
    zone: Literal["main", "low_orbit"] = "main"
    field: str | None = None       #: asteroid field this marker was shot onto (removed D6 a turn with it)


class Ordnance(_M):
    """A torpedo salvo or an attack-craft marker (spacefleet_core 1.9)."""

    id: int
    side: str
    kind: Literal["torpedo", "fighter", "bomber", "assault_boat"]
    x: float
    y: float
    heading: float
    strength: int = 1
    launcher: str = ""
    target: str | None = None
    wave: int = 0
    phases: int = 0
    moved_this_turn: bool = True
    attacked: list[str] = Field(default_factory=list)
    zone: Literal["main", "low_orbit"] = "main"


class Feature(_M):
    """A celestial phenomenon on the main table (from the map)."""

    id: str
    kind: Literal["planet", "moon", "gas_cloud", "asteroid_field", "warp_rift"]
    exterior: list[tuple[float, float]]
    holes: list[list[tuple[float, float]]] = Field(default_factory=list)
    cx: float = 0.0
    cy: float = 0.0
    radius: float = 0.0
    size: Literal["small", "medium", "large", ""] = ""
    low_orbit: bool = False
    name: str = ""                 #: the map's display name of the feature


class Pending(_M):
    """A declared attack waiting for the target's Brace for Impact! decision."""

    ship: str
    weapon: int
    target: str
    pool: tuple[tuple[str, int], ...] = ()
    fp: int = 0                    #: the firepower of a split volley (0: the whole battery)
    ordnance: int | None = None    #: an ordnance marker about to attack (core 1.4 Brace against ordnance)
    resume: str = "shooting"       #: the phase the window returns to
    end: tuple[float, float] | None = None   #: where an interrupted torpedo move goes on to
    origin: tuple[float, float] | None = None  #: where the torpedo came from (facing hit first)
    bm_rolled: bool = False        #: the interrupted move already rolled for blast markers
    flare: bool = False            #: the attack is a solar flare's hit


class SFState(BattleState):
    """The whole battle: ships, markers, ordnance, phenomena and turn flow."""

    ships: dict[str, Ship]
    order: list[str]                       #: side ids, first player first
    player: int = 0                        #: index in ``order`` of the side whose turn it is
    player_turns: int = 0                  #: player turns begun so far
    turn_limit: int = 6
    table: tuple[float, float]
    features: list[Feature] = Field(default_factory=list)
    blast_markers: list[BlastMarker] = Field(default_factory=list)
    ordnance: list[Ordnance] = Field(default_factory=list)
    next_id: int = 1
    orders_failed: bool = False
    #: squadrons' asteroid-field navigation tests this player turn, and escort squadrons' damage still to share
    field_tests: dict[str, bool] = Field(default_factory=dict)
    field_pool: dict[str, int] = Field(default_factory=dict)
    pending: Pending | None = None
    #: the ship or squadron shooting now, and those done this shooting phase (ship by ship, spacefleet_core 1.5)
    shooter: str | None = None
    done_shooting: list[str] = Field(default_factory=list)
    #: "<unit>><hulk>": the hulk has rolled on the catastrophic table for that unit's fire this phase (core 1.8)
    hulks_struck: list[str] = Field(default_factory=list)
    battlezone: str = "deep_space"
    sunward: Literal["north", "south", "east", "west"] = "north"
    solar_flares: int = 0          #: solar flares generated: each occurs at most once a game
    flares_occurred: int = 0
    flare_hits: list[str] = Field(default_factory=list)   #: unshielded ships still to take a flare's hit
    radiation_bursts: int = 0
    radiation: int = 0
    low_orbit_planet: str | None = None
    low_orbit_size: tuple[float, float] = (1200.0, 600.0)
    rerolls: dict[str, int] = Field(default_factory=dict)     #: fleet commander re-rolls left, by side
    flagship: dict[str, str] = Field(default_factory=dict)    #: ship carrying each side's fleet commander
    boarded: list[str] = Field(default_factory=list)          #: ships that boarded this player turn
    teleported: list[str] = Field(default_factory=list)       #: ships that made a teleport attack this player turn
    assaults: dict[str, str] = Field(default_factory=dict)    #: declared boarding targets, by ship (this turn)
    teleports: dict[str, str] = Field(default_factory=dict)   #: declared teleport-attack targets, by ship (this turn)
    finished: bool = False
    vp: dict[str, float] = Field(default_factory=dict)
    log: list[str] = Field(default_factory=list)

"""Events of the space-fleet ruleset: facts in the past tense."""

from __future__ import annotations

from typing import Literal

from game.core.event import Event
from game.core.model import Mm


class TurnBegan(Event):
    """A player turn began: ``side`` moves; ``turn`` is the game turn."""

    type: Literal["sf_turn_began"] = "sf_turn_began"
    turn: int
    side: str
    player: int


class PhaseChanged(Event):
    type: Literal["sf_phase"] = "sf_phase"
    phase: str
    active: str | None


class OrderTaken(Event):
    """A ship passed (or failed) a command check for a special order."""

    type: Literal["sf_order"] = "sf_order"
    ship: str
    order: str | None
    passed: bool
    aaf_extra_mm: Mm = 0.0


class OrdersEnded(Event):
    """The fleet's first failed command check ends its special orders this turn (1.3)."""

    type: Literal["sf_orders_ended"] = "sf_orders_ended"
    side: str


class ShipMoved(Event):
    type: Literal["sf_moved"] = "sf_moved"
    ship: str
    x: Mm
    y: Mm
    heading: float
    distance: Mm
    path: tuple[tuple[Mm, Mm], ...] = ()


class ShipPlaced(Event):
    """A ship put somewhere by a rule (warp rift, low orbit, drift, pull)."""

    type: Literal["sf_placed"] = "sf_placed"
    ship: str
    x: Mm
    y: Mm
    heading: float
    zone: Literal["main", "low_orbit"] = "main"


class ShipStatus(Event):
    """A ship's status changed (hulk, destroyed, disengaged, lost in the warp, landed)."""

    type: Literal["sf_status"] = "sf_status"
    ship: str
    status: str
    lost_forever: bool = False
    why: str = ""


class ShipDamaged(Event):
    type: Literal["sf_damaged"] = "sf_damaged"
    ship: str
    amount: int
    why: str = ""


class CriticalHit(Event):
    type: Literal["sf_critical"] = "sf_critical"
    ship: str
    crit: str


class CriticalRepaired(Event):
    type: Literal["sf_repaired"] = "sf_repaired"
    ship: str
    crit: str


class BlastMarkerPlaced(Event):
    type: Literal["sf_bm_placed"] = "sf_bm_placed"
    id: int
    x: Mm
    y: Mm
    zone: Literal["main", "low_orbit"] = "main"
    field: str | None = None


class BlastMarkerRemoved(Event):
    type: Literal["sf_bm_removed"] = "sf_bm_removed"
    id: int


class WeaponFired(Event):
    """A weapon's volley (or why it did not fire). ``weapon_name`` is the
    profile's name for the weapon, so the log needs no state to name it."""

    type: Literal["sf_fired"] = "sf_fired"
    ship: str
    weapon: int
    target: str
    weapon_name: str = ""
    dice: int = 0
    hits: int = 0
    note: str = ""


class PriorityTest(Event):
    """Target-priority Leadership test result (spacefleet_core 1.7)."""

    type: Literal["sf_priority"] = "sf_priority"
    ship: str
    passed: bool


class AttackDeclared(Event):
    """An attack waits for the target side's Brace decision."""

    type: Literal["sf_attack_declared"] = "sf_attack_declared"
    ship: str
    weapon: int
    target: str
    weapon_name: str = ""
    defender: str
    pool: tuple[tuple[str, int], ...] = ()


class AttackCleared(Event):
    type: Literal["sf_attack_cleared"] = "sf_attack_cleared"


class Braced(Event):
    type: Literal["sf_braced"] = "sf_braced"
    ship: str
    passed: bool
    attacker: str = ""


class OrdnanceLaunched(Event):
    type: Literal["sf_launched"] = "sf_launched"
    id: int
    side: str
    kind: str
    x: Mm
    y: Mm
    heading: float
    strength: int
    launcher: str
    weapon: int = -1
    target: str | None = None
    wave: int = 0
    zone: Literal["main", "low_orbit"] = "main"


class OrdnanceMoved(Event):
    type: Literal["sf_ord_moved"] = "sf_ord_moved"
    id: int
    x: Mm
    y: Mm
    heading: float


class OrdnanceChanged(Event):
    """A salvo lost strength or attacked a ship."""

    type: Literal["sf_ord_changed"] = "sf_ord_changed"
    id: int
    strength: int
    attacked: str | None = None


class OrdnanceRemoved(Event):
    type: Literal["sf_ord_removed"] = "sf_ord_removed"
    id: int
    why: str = ""


class Reloaded(Event):
    type: Literal["sf_reloaded"] = "sf_reloaded"
    ship: str
    torpedoes: bool | None = None
    bays: bool | None = None


class DisengageTried(Event):
    type: Literal["sf_disengage"] = "sf_disengage"
    ship: str
    passed: bool


class FlareOccurred(Event):
    type: Literal["sf_flare"] = "sf_flare"


class RadiationBurst(Event):
    type: Literal["sf_radiation"] = "sf_radiation"
    level: int


class GameFinished(Event):
    type: Literal["sf_finished"] = "sf_finished"
    reason: str


SF_EVENTS = (TurnBegan, PhaseChanged, OrderTaken, OrdersEnded, ShipMoved, ShipPlaced, ShipStatus, ShipDamaged,
             CriticalHit, CriticalRepaired, BlastMarkerPlaced, BlastMarkerRemoved, WeaponFired, PriorityTest,
             AttackDeclared, AttackCleared, Braced, OrdnanceLaunched, OrdnanceMoved, OrdnanceChanged, OrdnanceRemoved,
             Reloaded, DisengageTried, FlareOccurred, RadiationBurst, GameFinished)


class BraceEnded(Event):
    """Brace for Impact! lapses at the end of the ship's next turn (spacefleet_core 1.4)."""

    type: Literal["sf_brace_ended"] = "sf_brace_ended"
    ship: str


SF_EVENTS = SF_EVENTS + (BraceEnded,)


class RerollUsed(Event):
    """A fleet commander's re-roll was spent on a failed Leadership test (spacefleet_core 1.1)."""

    type: Literal["sf_reroll"] = "sf_reroll"
    side: str
    ship: str


class BoardingFought(Event):
    """A boarding action was resolved in the end phase (spacefleet_core 1.10)."""

    type: Literal["sf_boarding"] = "sf_boarding"
    attacker: str
    defender: str
    attacker_score: int
    defender_score: int
    result: str = ""


class AssaultDeclared(Event):
    """A ship names the enemy it will board (or teleport onto) in the end phase."""

    type: Literal["sf_assault_declared"] = "sf_assault_declared"
    ship: str
    target: str
    teleport: bool = False


class TeleportAttack(Event):
    """A teleport attack was made (spacefleet_core 1.10: Hit-and-Run)."""

    type: Literal["sf_teleport"] = "sf_teleport"
    ship: str
    target: str


SF_EVENTS = SF_EVENTS + (RerollUsed, BoardingFought, AssaultDeclared, TeleportAttack)


class TurretsEngaged(Event):
    """A ship's turrets engaged torpedoes or attack craft: the other kind is
    out of their reach for the rest of the phase (spacefleet_core 1.9)."""

    type: Literal["sf_turrets"] = "sf_turrets"
    ship: str
    against: Literal["torpedo", "craft"]


class OrdnanceAttackDeclared(Event):
    """An ordnance marker reached a ship: the ship's side may brace before the
    turrets and the attack dice (spacefleet_core 1.4)."""

    type: Literal["sf_ordnance_attack"] = "sf_ordnance_attack"
    ordnance: int
    kind: str
    target: str
    defender: str
    resume: str
    end: tuple[float, float] | None = None
    origin: tuple[float, float] | None = None
    bm_rolled: bool = False


SF_EVENTS = SF_EVENTS + (TurretsEngaged, OrdnanceAttackDeclared)


class KinTested(Event):
    """An Eldar (or Eldar-kin) ship took its Leadership test to ignore a
    celestial phenomenon (celestial phenomena: gas and dust clouds, solar
    flares; spacefleet_core 1.12). ``phenomenon`` is ``"gas_cloud"`` (a pass:
    clouds do not count for the ship for the rest of the game turn) or
    ``"solar_flare"`` (a pass: no marker, hit or critical; the ship turns
    away from the sunward edge and moves 2D6 cm). Log: "<ship> passes/fails
    its Leadership test against the gas cloud / the solar flare"."""

    type: Literal["sf_kin_test"] = "sf_kin_test"
    ship: str
    passed: bool
    phenomenon: Literal["gas_cloud", "solar_flare"] = "gas_cloud"


class HolofieldSaves(Event):
    """An Eldar ship's holofields rolled against ``hits`` hits that are not
    Gunnery-table fire: ``saved`` of them missed, each leaving a blast marker
    touching the base (spacefleet_core 1.12). Log: "<ship>'s holofields turn
    <saved> of <hits> hits into misses"."""

    type: Literal["sf_holofields"] = "sf_holofields"
    ship: str
    hits: int
    saved: int
    why: str = ""


SF_EVENTS = SF_EVENTS + (KinTested, HolofieldSaves)

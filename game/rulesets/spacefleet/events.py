"""Events of the space-fleet ruleset: facts in the past tense."""

from __future__ import annotations

from typing import ClassVar, Literal

from game.core.event import Event
from game.core.model import Mm


class SFEvent(Event):
    """Base of the space-fleet events: ``names`` maps each ship id (and
    ``"o<number>"`` ordnance marker) the event refers to onto its name in the
    log, written by the emitter (``names.annotate``), so the log needs no state."""

    names: dict[str, str] = {}


class TurnBegan(SFEvent):
    """A player turn began: ``side`` moves; ``turn`` is the game turn."""

    STARTS_TURN: ClassVar[bool] = True
    type: Literal["sf_turn_began"] = "sf_turn_began"
    turn: int
    side: str
    player: int


class PhaseChanged(SFEvent):
    STARTS_TURN: ClassVar[bool] = True  #: a phase starts (it carries no turn: the turn goes on)
    type: Literal["sf_phase"] = "sf_phase"
    phase: str
    active: str | None


class OrderTaken(SFEvent):
    """A ship passed (or failed) a command check for a special order."""

    type: Literal["sf_order"] = "sf_order"
    ship: str
    order: str | None
    passed: bool
    aaf_extra_mm: Mm = 0.0
    ram: str | None = None         #: the ship it passed its ramming test against (spacefleet_core 1.6)


class OrdersEnded(SFEvent):
    """The fleet's first failed command check ends its special orders this turn (1.3)."""

    type: Literal["sf_orders_ended"] = "sf_orders_ended"
    side: str


class ShipMoved(SFEvent):
    """A ship's move (spacefleet_core 1.6): from ``from_heading`` a free
    gravity-well turn ``pre_turn`` (degrees, + clockwise), the ``legs``
    (turn before the leg, mm), a free turn ``post_turn`` at the end; ``wells``
    names the planets giving the two free turns; ``why`` says why the rules
    moved it (an automatic move), empty for a player's move."""

    type: Literal["sf_moved"] = "sf_moved"
    ship: str
    x: Mm
    y: Mm
    heading: float
    distance: Mm
    path: tuple[tuple[Mm, Mm], ...] = ()
    from_heading: float = 0.0
    pre_turn: float = 0.0
    legs: tuple[tuple[float, Mm], ...] = ()
    post_turn: float = 0.0
    wells: tuple[str, str] = ("", "")
    why: str = ""
    #: which way it went in words ("toward the planet 'gehenna'", "south"; filled by the emitter)
    way: str = ""


class ShipPlaced(SFEvent):
    """A ship put somewhere by a rule (warp rift, low orbit, drift, pull)."""

    type: Literal["sf_placed"] = "sf_placed"
    ship: str
    x: Mm
    y: Mm
    heading: float
    zone: Literal["main", "low_orbit"] = "main"
    #: how far and which way (degrees clockwise from +x) the ship was carried on its table (filled by the emitter)
    distance: Mm = 0.0
    bearing: float = 0.0
    why: str = ""
    #: where it now is, in words (filled by the emitter)
    where: str = ""


class ShipStatus(SFEvent):
    """A ship's status changed (hulk, destroyed, disengaged, lost in the warp, landed)."""

    type: Literal["sf_status"] = "sf_status"
    ship: str
    status: str
    lost_forever: bool = False
    why: str = ""


class ShipDamaged(SFEvent):
    type: Literal["sf_damaged"] = "sf_damaged"
    ship: str
    amount: int
    why: str = ""


class CriticalHit(SFEvent):
    """A critical hit: ``roll`` on the 2D6 table, ``row`` the result that
    applies (higher when the rolled ones cannot; spacefleet_core 1.8);
    ``number`` counts the ship's critical hits, this one included."""

    type: Literal["sf_critical"] = "sf_critical"
    ship: str
    crit: str
    roll: int = 0
    row: int = 0
    #: how many critical hits the ship has taken so far, this one included
    number: int = 0


class CriticalRepaired(SFEvent):
    type: Literal["sf_repaired"] = "sf_repaired"
    ship: str
    crit: str
    #: how many criticals of this kind the crew repair at once (one line for a ship's two
    #: damaged starboard armaments, spacefleet_core 1.10)
    count: int = 1


class BlastMarkerPlaced(SFEvent):
    """Blast markers placed at once (one line in the log): the first, number
    ``id``, at (x, y) mm, and the ``more`` further ones, numbered on from it."""

    type: Literal["sf_bm_placed"] = "sf_bm_placed"
    id: int
    x: Mm
    y: Mm
    zone: Literal["main", "low_orbit"] = "main"
    field: str | None = None
    #: (x, y) mm of the further markers placed with the first
    more: tuple[tuple[Mm, Mm], ...] = ()
    #: where they lie, in words (filled by the emitter)
    where: str = ""


class BlastMarkerRemoved(SFEvent):
    """Blast markers leaving the table at once: number ``id`` and the ``more``
    numbers; (x, y) is where the first lay (filled by the emitter)."""

    type: Literal["sf_bm_removed"] = "sf_bm_removed"
    id: int
    more: tuple[int, ...] = ()
    x: Mm = 0.0
    y: Mm = 0.0
    #: where they lay, in words (filled by the emitter)
    where: str = ""


class WeaponFired(SFEvent):
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
    fp: int = 0                    #: the firepower of a split volley (0: the whole battery)


class PriorityTest(SFEvent):
    """Target-priority Leadership test result (spacefleet_core 1.7)."""

    type: Literal["sf_priority"] = "sf_priority"
    ship: str
    passed: bool


class AttackDeclared(SFEvent):
    """An attack waits for the target side's Brace decision."""

    type: Literal["sf_attack_declared"] = "sf_attack_declared"
    ship: str
    weapon: int
    target: str
    weapon_name: str = ""
    defender: str
    pool: tuple[tuple[str, int], ...] = ()
    fp: int = 0


class AttackCleared(SFEvent):
    type: Literal["sf_attack_cleared"] = "sf_attack_cleared"


class Braced(SFEvent):
    type: Literal["sf_braced"] = "sf_braced"
    ship: str
    passed: bool
    attacker: str = ""


class OrdnanceLaunched(SFEvent):
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


class OrdnanceMoved(SFEvent):
    """An ordnance marker moved to (x, y) along ``heading``; ``distance`` mm
    from where it was (filled by the emitter)."""

    type: Literal["sf_ord_moved"] = "sf_ord_moved"
    id: int
    x: Mm
    y: Mm
    heading: float
    distance: Mm = 0.0
    #: which way it went in words (filled by the emitter)
    way: str = ""


class OrdnanceChanged(SFEvent):
    """A salvo lost strength or attacked a ship."""

    type: Literal["sf_ord_changed"] = "sf_ord_changed"
    id: int
    strength: int
    attacked: str | None = None


class OrdnanceRemoved(SFEvent):
    type: Literal["sf_ord_removed"] = "sf_ord_removed"
    id: int
    why: str = ""


class Reloaded(SFEvent):
    type: Literal["sf_reloaded"] = "sf_reloaded"
    ship: str
    torpedoes: bool | None = None
    bays: bool | None = None


class DisengageTried(SFEvent):
    type: Literal["sf_disengage"] = "sf_disengage"
    ship: str
    passed: bool


class FlareOccurred(SFEvent):
    """A solar flare erupted (the ``number``-th of the game); ``bare`` are the
    ships judged unshielded when it struck, before any of its markers
    (celestial phenomena: solar flares): each will take its hit."""

    type: Literal["sf_flare"] = "sf_flare"
    number: int = 1
    bare: tuple[str, ...] = ()


class RadiationBurst(SFEvent):
    type: Literal["sf_radiation"] = "sf_radiation"
    level: int


class GameFinished(SFEvent):
    type: Literal["sf_finished"] = "sf_finished"
    reason: str


SF_EVENTS = (TurnBegan, PhaseChanged, OrderTaken, OrdersEnded, ShipMoved, ShipPlaced, ShipStatus, ShipDamaged,
             CriticalHit, CriticalRepaired, BlastMarkerPlaced, BlastMarkerRemoved, WeaponFired, PriorityTest,
             AttackDeclared, AttackCleared, Braced, OrdnanceLaunched, OrdnanceMoved, OrdnanceChanged, OrdnanceRemoved,
             Reloaded, DisengageTried, FlareOccurred, RadiationBurst, GameFinished)


class BraceEnded(SFEvent):
    """Brace for Impact! lapses at the end of the ship's next turn (spacefleet_core 1.4)."""

    type: Literal["sf_brace_ended"] = "sf_brace_ended"
    ship: str


SF_EVENTS = SF_EVENTS + (BraceEnded,)


class RerollUsed(SFEvent):
    """A fleet commander's re-roll was spent on a failed Leadership test (spacefleet_core 1.1)."""

    type: Literal["sf_reroll"] = "sf_reroll"
    side: str
    ship: str


class BoardingFought(SFEvent):
    """A boarding action was resolved in the end phase (spacefleet_core 1.10)."""

    type: Literal["sf_boarding"] = "sf_boarding"
    attacker: str
    defender: str
    attacker_score: int
    defender_score: int
    result: str = ""


class AssaultDeclared(SFEvent):
    """A ship names the enemy it will board (or teleport onto) in the end phase."""

    type: Literal["sf_assault_declared"] = "sf_assault_declared"
    ship: str
    target: str
    teleport: bool = False


class TeleportAttack(SFEvent):
    """A teleport attack was made (spacefleet_core 1.10: Hit-and-Run)."""

    type: Literal["sf_teleport"] = "sf_teleport"
    ship: str
    target: str


SF_EVENTS = SF_EVENTS + (RerollUsed, BoardingFought, AssaultDeclared, TeleportAttack)


class TurretsEngaged(SFEvent):
    """A ship's turrets engaged torpedoes or attack craft: the other kind is
    out of their reach for the rest of the phase (spacefleet_core 1.9)."""

    type: Literal["sf_turrets"] = "sf_turrets"
    ship: str
    against: Literal["torpedo", "craft"]


class OrdnanceAttackDeclared(SFEvent):
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


class KinTested(SFEvent):
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


class HolofieldSaves(SFEvent):
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


class ShootingBegan(SFEvent):
    """A ship (or squadron, ``unit``) begins its shooting; the one before it,
    ``previous``, has finished for this phase (spacefleet_core 1.5: ship by
    ship, each launching its ordnance last)."""

    type: Literal["sf_shooting_began"] = "sf_shooting_began"
    unit: str
    ship: str
    previous: str | None = None
    unit_name: str = ""
    previous_name: str = ""


SF_EVENTS = SF_EVENTS + (ShootingBegan,)


class FieldTested(SFEvent):
    """A ship (for its squadron, ``squadron``) took the asteroid-field
    navigation test (celestial phenomena): ``shared`` is an escort squadron's
    D6 of damage after a failure, for the escorts that touch a field; ``field``
    names the field."""

    type: Literal["sf_field_tested"] = "sf_field_tested"
    ship: str
    squadron: str | None = None
    passed: bool
    shared: int = 0
    field: str = ""


class FieldDamageShared(SFEvent):
    """An escort that touched the field takes ``amount`` of its squadron's
    asteroid damage; ``left`` passes on to the next escort that touches."""

    type: Literal["sf_field_shared"] = "sf_field_shared"
    ship: str
    squadron: str
    amount: int
    left: int


SF_EVENTS = SF_EVENTS + (FieldTested, FieldDamageShared)


class FlareAttackDeclared(SFEvent):
    """The flare's hit is about to strike the unshielded ``target``: its side
    may brace first (spacefleet_core 1.4)."""

    type: Literal["sf_flare_attack"] = "sf_flare_attack"
    target: str
    defender: str


class FlareHit(SFEvent):
    """The flare's hit strikes ``ship`` (it leaves the queue of flare hits)."""

    type: Literal["sf_flare_hit"] = "sf_flare_hit"
    ship: str


SF_EVENTS = SF_EVENTS + (FlareAttackDeclared, FlareHit)

"""Foxhole's battle state (pydantic; JSON round-trips exactly).

Units: mm on the table, origin top-left, y down; headings in degrees
clockwise from +x. Every element is measured from its centre (Foxhole,
Movement: movement is measured from the centre of the unit).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from game.core.state import BattleState

Point = tuple[float, float]
Ring = list[Point]

Where = Literal["table", "reserve", "carried", "destroyed", "faded"]
Hidden = Literal["concealed", "confused", "non_combatant", "unknown"]
FireOrder = Literal["at_will", "ambush", "hold"]
Result = Literal["fade", "defensive", "may", "must"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Element(_M):
    """One element: a section, fire team, weapon crew, vehicle or group of
    non-combatants (Foxhole, Elements).

    Attributes:
        id, side, name, profile: identity; ``name`` is what a player reads.
        kind: infantry, fire_support, indirect, vehicle, non_combatant (``unknown``
            only in a view: an enemy element not yet revealed).
        quality: 0..3 (Elements - Quality); motivation: its current number
            (a mob's falls, Elements - Motivation); mob: the element is a mob.
        equipment: light, normal or heavy (Elements - Equipment).
        vehicle: soft, light or heavy for a vehicle.
        pioneer: it can open a route through impassable obstacles (Pioneers).
        x, y: centre, mm. formation: normal (30 mm square) or extended
            (60 x 15 mm along ``heading``).
        where: on the table, in reserve (an insertion still to arrive),
            carried by a vehicle, destroyed, or faded away.
        deployed: placed on the table in the set-up.
        suppressed, reduced: its state (Ranged Attacks - Results).
        hidden: concealed, confused or non_combatant (Hidden Units); revealed
            once spotted or once it fires; marker: its public number.
        fire_order: while unrevealed: fire at will, ambush (close range
            only) or hold fire (ours: the owner's choice to keep an ambush hidden).
        used: used this turn (Turn Sequence: every element is used each turn).
        carried_by: the vehicle carrying it; bussed_turn: the turn it last
            embussed or debussed (once a turn).
        dug_in: starts emplaced (trenches or bunkers) until it moves.
        insertion: the insertion it arrives by; route: programmed moves (the
            scenario's route, followed until the ambush is sprung).
    """

    id: str
    side: str
    name: str
    profile: str
    kind: Literal["infantry", "fire_support", "indirect", "vehicle", "non_combatant", "unknown"]
    quality: int
    motivation: int
    mob: bool = False
    equipment: Literal["light", "normal", "heavy"] = "normal"
    vehicle: Literal["soft", "light", "heavy"] | None = None
    pioneer: bool = False
    x: float = 0.0
    y: float = 0.0
    formation: Literal["normal", "extended"] = "normal"
    heading: float = 0.0
    where: Where = "table"
    deployed: bool = True
    suppressed: bool = False
    reduced: bool = False
    hidden: Hidden | None = None
    revealed: bool = False
    marker: str = ""
    fire_order: FireOrder = "at_will"
    order_turn: int = 0
    used: bool = False
    carried_by: str | None = None
    bussed_turn: int = 0
    dug_in: bool = False
    insertion: str | None = None
    route: list[Point] = []

    @property
    def on_table(self) -> bool:
        """On the table and not carried."""
        return self.where == "table"

    @property
    def gone(self) -> bool:
        """Destroyed or faded away."""
        return self.where in ("destroyed", "faded")

    @property
    def unrevealed(self) -> bool:
        """A hidden element the other side has not yet spotted (Hidden Units)."""
        return self.hidden is not None and not self.revealed

    @property
    def combatant(self) -> bool:
        """It fights (not non-combatants; an unknown marker in a view is not assumed to)."""
        return self.kind not in ("non_combatant", "unknown")


class TerrainRec(_M):
    """A map feature as the rules read it: kind (open, normal, dense,
    buildings, impassable, trenches), polygon, height and whether it blocks sight."""

    id: str
    name: str = ""
    kind: str
    ring: Ring
    holes: list[Ring] = []
    height: float = 0.0
    blocks: bool = False


class Location(_M):
    """One table end the defender may choose (Terrain Setup): the zone
    outlines of each side there."""

    name: str
    control: Ring
    start: Ring


class Objective(_M):
    """One of the defender's six possible objectives (Mission Design - Objectives).

    ``known``: the attacker knows where it is (intel roll or found);
    ``achieved``: an attacking element has taken it."""

    number: int
    x: float
    y: float
    known: bool = False
    achieved: bool = False


class Mission(_M):
    """The attacker's mission (Mission Design): normal (one primary and two
    secondary objectives) or priority (two primaries), by objective number;
    ``confirmed``: the defender's intel roll made the attacker tell its primary."""

    kind: Literal["normal", "priority"] = "normal"
    primary: list[int] = []
    secondary: list[int] = []
    chosen: bool = False
    confirmed: bool = False


class Insertion(_M):
    """A helicopter or glider insertion or a para drop, planned at the start
    (Helicopter and glider insertions; Para drops)."""

    id: str
    side: str
    method: Literal["helicopter", "glider", "para"]
    elements: list[str]
    earliest: int = 1
    turn: int | None = None
    x: float | None = None
    y: float | None = None
    arrival: int | None = None
    arrived: bool = False


class Asset(_M):
    """An off-board support asset of one side (Off-board Support)."""

    id: str
    side: str
    kind: str
    missions: int = 1


class Strike(_M):
    """A designated off-board target: its action number and the dice so far."""

    id: str
    side: str
    asset: str
    x: float
    y: float
    number: int
    total: int = 0
    fired: bool = False


class Crossing(_M):
    """A route a pioneer element opened through an impassable obstacle (Pioneers)."""

    pioneer: str
    feature: str
    ring: Ring


class Activation(_M):
    """The element being used now (Turn Sequence).

    ``route``: the points its centre has walked this activation, from where it
    started; ``result``: its motivation result (None until it rolls);
    ``used_fraction``: share of its movement allowance spent."""

    element: str
    start: Point
    route: list[Point]
    result: Result | None = None
    into_open: bool = False
    rolls: int = 0
    moved: bool = False
    non_tactical: bool = False
    used_fraction: float = 0.0
    formation_changed: bool = False
    stopped_at_open: bool = False
    moved_since_roll: bool = False
    assault: str | None = None


class PendingMove(_M):
    """A move waiting for the other side's interrupt decision (Interrupt fire)."""

    element: str
    path: list[Point]
    formation: Literal["normal", "extended"] | None = None
    heading: float | None = None
    non_tactical: bool = False
    stopped_at_open: bool = False
    fraction: float = 0.0
    eligible: list[str] = []


class AssaultRec(_M):
    """One close assault on ``target`` (Close Assaults): its attackers in the
    order they made contact; the first is the primary attacker."""

    target: str
    attackers: list[str] = []
    starts: dict[str, Point] = {}
    resolved: bool = False


def possessive(name: str) -> str:
    """``"NVA's"``, ``"MNLA insurgents'"``: a name in the possessive."""
    return name + ("'" if name.endswith("s") else "'s")


class FoxState(BattleState):
    """A Foxhole battle. See the module notes for units."""

    scenario: str = ""
    #: side id -> the name a player reads (the scenario's sides; the log words sides with it)
    side_names: dict[str, str] = {}
    table: tuple[float, float]
    terrain: list[TerrainRec]
    terrain_key: str
    attacker: str
    defender: str
    first: str
    turn_limit: int
    elements: dict[str, Element]
    locations: list[Location]
    location: str | None = None
    objectives: list[Objective] = []
    mission: Mission = Mission()
    intel: dict[str, int] = {}
    reveal: int = 0
    cp: dict[str, int] = {}
    current: Activation | None = None
    pending: PendingMove | None = None
    assaults: list[AssaultRec] = []
    insertions: list[Insertion] = []
    assets: list[Asset] = []
    strikes: list[Strike] = []
    numbers: dict[str, list[int]] = {}
    crossings: list[Crossing] = []
    advanced: list[str] = []
    sprung: bool = False
    result_winner: str | None = None
    result_reason: str = ""
    decided: bool = False
    #: who this state is a view for (None: the whole state)
    viewer: str | None = None

    def clone(self) -> "FoxState":
        """A deep copy that shares the terrain and the locations (never changed
        after set-up), the costliest parts to copy; the rest goes through a
        dump and a validation (faster than ``copy.deepcopy`` of the models)."""
        d = self.model_dump(exclude={"terrain", "locations"})
        d["terrain"], d["locations"] = [], []
        c = type(self).model_validate(d)
        object.__setattr__(c, "terrain", self.terrain)
        object.__setattr__(c, "locations", self.locations)
        return c

    def element(self, eid: str) -> Element | None:
        """The element ``eid`` or None."""
        return self.elements.get(eid)

    def side_name(self, side: str | None) -> str:
        """The name a player reads for ``side`` (its id when the scenario names none; "" for None)."""
        return "" if side is None else (self.side_names.get(side) or side)

    def enemy_of(self, side: str) -> str:
        """The other side."""
        return self.defender if side == self.attacker else self.attacker

    def side_elements(self, side: str, where: str | None = "table") -> list[Element]:
        """Elements of ``side`` (on the table by default; None: all), in id order of the dict."""
        return [e for e in self.elements.values() if e.side == side and (where is None or e.where == where)]

    def location_rec(self) -> Location | None:
        """The location the defender chose (None before)."""
        return next((loc for loc in self.locations if loc.name == self.location), None)

    def objective(self, n: int) -> Objective | None:
        """Objective number ``n``."""
        return next((o for o in self.objectives if o.number == n), None)

"""Battle state of the Battlesystem ruleset: units of figures, individuals, the round's sequence.

A :class:`Unit` is a block of figures ([2.6]-[2.10]) placed by the centre of its front edge
and its facing, with a frontage (``files``) and a formation; its figures' bases follow from
those (:mod:`.formation`). An :class:`Individual` is a PC/NPC (1:1) figure: a commander or
a hero ([2.7], [9.0]). The round's sequence ([1.1]-[1.7]) is a queue of steps, each taken
by one side (``Step``); the rules' own steps (initiative, melee, the end of the round) are
taken by the rules side.

Part 2 of the text ([12.1]-[16.4]) extends these records: the creature abilities live in
the roster data, ``altitude`` is the flying level ([15.1]; 0 on the ground), ``spells``
the spellcaster's memorised spells, ``effects`` the magic markers ([2.5]) on a unit.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.state import BattleState

Formation = Literal["closed", "open", "skirmish", "mob"]
Status = Literal["ok", "routed", "destroyed", "off_table", "captured"]
Role = Literal["unit_commander", "brigade", "army", "hero", "member"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Feat(_M):
    """A map feature as the rules need it (copied from the map at set-up)."""

    id: str
    kind: str
    name: str = ""
    exterior: list[tuple[float, float]]
    holes: list[list[tuple[float, float]]] = Field(default_factory=list)
    height: float = 0.0
    level: int = 0  #: elevation levels of 10 feet (hills, [11.8])
    fordable: bool = False


class Unit(_M):
    """A unit of figures ([2.6]; see the module notes).

    Position: ``x``, ``y`` the centre of its front edge (mm), ``heading`` degrees clockwise
    from +x. ``files`` figures to a rank; ``figures`` left of ``original``; ``wounded``
    figures carrying a Wound marker ([8.7]).
    """

    id: str
    side: str
    profile: str
    name: str
    kind: str
    formation: Formation
    x: float
    y: float
    heading: float
    files: int
    figures: int
    original: int
    wounded: int = 0
    status: Status = "ok"
    commander: str | None = None  #: the unit commander (an Individual id)
    brigade: str | None = None  #: the brigade commander's id, if any
    uncontrolled: str = ""  #: "discipline" (failed a discipline check, [4.6]) until rallied
    ar_penalty: int = 0  #: [7.13] forced-march penalty
    ammo: int = -1  #: volleys left (-1: unlimited, [10.3])
    mob_order: str = ""  #: [2.10] the last order a mob was given
    weapon: str = ""  #: melee weapon in hand ([8.2])
    crew_replaced: bool = False  #: [10.10]
    reload: int = 0  #: [10.9] rounds before a catapult fires again
    wrap: int = 0  #: [7.11] figures wheeled round each flank of the enemy
    altitude: int = 0  #: [15.1] flying level (part 2)
    flight_turned: float = 0.0  #: [15.1] degrees turned in the air in round ``flight_round``
    flight_round: int = 0
    landed_round: int = -1  #: [15.3] the round of a forced landing
    bombs: int = 0  #: [15.4] man-sized weights of bombs each figure still carries
    flown_off: bool = False  #: [15.1] left the battlefield upward (escaped, not routed)
    effects: list[str] = Field(default_factory=list)  #: magic markers (part 2)
    # this round
    moved: float = 0.0  #: movement allowance used this phase, mm
    move_began: bool = False  #: it has started moving this phase
    move_done: bool = False  #: it may not move again this phase
    forced_march: bool = False
    charged: str | None = None  #: the unit it charged this round
    charge_failed: bool = False  #: [7.14] -3 morale in open or mob formation
    fired: int = 0  #: shots fired this round
    fired_in: list[str] = Field(default_factory=list)  #: phases it fired in this round
    rallied: bool = False  #: [6.3] rallied this round: no moving or firing
    engaged_start: bool = False  #: began its movement phase in contact ([7.8])
    pinned: bool = False  #: [7.8] lost initiative and was contacted: no formation, facing or frontage change
    shield_wall: bool = False  #: [11.6]
    set_spears: bool = False  #: [11.7]
    no_charge: list[str] = Field(default_factory=list)  #: [7.12] units it may not charge this round
    attacked: bool = False  #: attacked this round ([7.13] recovery, [6.3])
    idle: bool = True  #: did nothing this round ([7.13])
    stand: str = ""  #: what it did in the previous rout ("" or the enemy it fled)
    rout_heading: float | None = None  #: [7.15] the direction it routs in
    frontage_way: int = 0  #: [7.10] +1 widened, -1 narrowed this phase

    @property
    def on_table(self) -> bool:
        return self.status in ("ok", "routed")

    @property
    def routed(self) -> bool:
        return self.status == "routed"


class Individual(_M):
    """A PC/NPC figure (1:1): commander or hero ([2.7], [9.0])."""

    id: str
    side: str
    profile: str
    name: str
    role: Role
    unit: str | None = None  #: the unit it commands or belongs to
    with_unit: bool = True  #: a unit commander fighting in his unit's front rank ([9.2])
    deputy_of: str | None = None  #: [9.3]
    x: float = 0.0
    y: float = 0.0
    heading: float = 0.0
    hp: int = 1
    status: Literal["ok", "dead", "wounded", "unconscious", "lost", "off_table", "captured"] = "ok"
    altitude: int = 0  #: part 2 (flying)
    spells: list[str] = Field(default_factory=list)  #: part 2 (magic)
    effects: list[str] = Field(default_factory=list)  #: part 2: magic markers ("mirror_image:3", rules/magic.py)
    moved: float = 0.0
    move_done: bool = False
    in_combat: str | None = None  #: the individual it fights ([9.4] B)

    @property
    def active(self) -> bool:
        return self.status == "ok"


class Step(_M):
    """One step of the round's sequence taken by one side (or the rules)."""

    phase: str
    side: str
    begun: bool = False


class Pending(_M):
    """A choice the rules wait for in the middle of another side's move ([7.12]: follow a
    fighting withdrawal or stay)."""

    kind: str
    unit: str
    enemy: str
    data: dict[str, Any] = Field(default_factory=dict)


class MagicArea(_M):
    """A spell's lasting area on the table ([14.15] fog and walls, [12.3] B the tornado): its
    outline (mm), the rounds left, who made it."""

    id: str
    kind: Literal["fog", "wall_of_fire", "tornado"]
    name: str
    side: str = ""
    points: list[tuple[float, float]]
    rounds: int = 1
    heading: float = 0.0


class BSState(BattleState):
    """The whole battle."""

    game: Literal["basic", "intermediate", "advanced"] = "intermediate"
    units: dict[str, Unit]
    chars: dict[str, Individual] = Field(default_factory=dict)
    table: tuple[float, float]
    map_sha: str
    terrain: list[Feat] = Field(default_factory=list)
    objectives: dict[str, tuple[float, float, float]] = Field(default_factory=dict)  #: id -> x, y, radius mm
    objective_names: dict[str, str] = Field(default_factory=dict)
    home: dict[str, float] = Field(default_factory=dict)  #: side -> heading towards its own table edge
    side_names: dict[str, str] = Field(default_factory=dict)
    turn_limit: int = 12
    options: dict[str, Any] = Field(default_factory=dict)
    order: list[str] = Field(default_factory=list)  #: initiative order this round (Side A first)
    queue: list[Step] = Field(default_factory=list)
    pending: Pending | None = None
    first_mover: str | None = None
    rally_tried: list[str] = Field(default_factory=list)  #: units a commander tried to rally this round ([6.0])
    rally_used: list[str] = Field(default_factory=list)  #: commanders who tried a rally this round ([6.0])
    result: str | None = None
    result_reason: str = ""
    # part 2 ([12.1]-[12.5], [14.15]): replaced whole by events, never changed in place
    weather: str = ""  #: [12.2] Table 16 condition ("": favourable)
    climate: list[str] = Field(default_factory=list)  #: [12.1] Table 15: humidity, temperature, wind
    night: bool = False  #: [12.5]
    areas: list[MagicArea] = Field(default_factory=list)  #: [14.15], [12.3] B
    weather_spells: list[dict[str, Any]] = Field(default_factory=list)  #: [12.4] control weather under way

    def living(self, side: str | None = None) -> list[Unit]:
        """Units on the table (ok or routed), optionally of one side."""
        return [u for u in self.units.values() if u.on_table and (side is None or u.side == side)]

    def enemies_of(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.on_table and u.side != side]

    @property
    def step(self) -> Step | None:
        return self.queue[0] if self.queue else None

    def clone(self) -> "BSState":
        """A copy that shares nothing the rules change in place: units, individuals, steps and
        the pending choice are copied; the terrain and other fields are only ever replaced."""
        return self.model_copy(update={
            "units": {k: u.model_copy() for k, u in self.units.items()},
            "chars": {k: c.model_copy() for k, c in self.chars.items()},
            "queue": [q.model_copy() for q in self.queue],
            "pending": self.pending.model_copy(deep=True) if self.pending is not None else None,
            "options": dict(self.options), "order": list(self.order), "home": dict(self.home),
            "rally_tried": list(self.rally_tried), "rally_used": list(self.rally_used)})

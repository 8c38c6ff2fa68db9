"""Battle state of Battlespace (JSON round-trippable pydantic models).

Units: mm on the table; ``z`` is the height of the surface a model stands on.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from game.core.state import BattleState


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Fig(_M):
    """One model on the table: a soldier, an enemy, a civilian, a survivor or an aid worker.

    ``status``: ok, down, kia (removed), exfil (left by the exfil edge) or gone
    (removed without being killed: a civilian sent away). ``wounds`` counts
    wounds taken (Battlespace: Hit Points). ``suppress`` is the lane of an
    active suppression fire: [shooter x, y, target x, y] in mm. ``third_wound``:
    the soldier has taken a 3rd wound at some point (the -1 stays after medical aid).
    """

    id: str
    side: str
    kind: str
    card: str
    name: str = ""
    x: float
    y: float
    z: float = 0.0
    on: str | None = None
    prone: bool = False
    wounds: int = 0
    status: str = "ok"
    group: str | None = None
    activated: bool = False
    orders: int = 0
    used: list[str] = Field(default_factory=list)
    move_only: bool = False
    jammed: bool = False
    gear: dict[str, int] = Field(default_factory=dict)
    suppress: list[float] | None = None
    dragging: bool = False
    carrying: str | None = None
    carried_by: str | None = None
    midway: str | None = None
    midway_down: bool = False
    vehicle: str | None = None
    seat: str | None = None
    reacted: bool = False
    down_turn: int = 0
    stunned: bool = False
    third_wound: bool = False

    @property
    def active(self) -> bool:
        """On the table and not down."""
        return self.status == "ok"

    @property
    def on_table(self) -> bool:
        return self.status in ("ok", "down")


class Feat(_M):
    """A map feature as the rules need it (copied from the map at set-up)."""

    id: str
    kind: str
    name: str = ""
    exterior: list[tuple[float, float]]
    holes: list[list[tuple[float, float]]] = Field(default_factory=list)
    height: float
    tags: list[str] = Field(default_factory=list)
    openings: list[tuple[float, float, float, float]] = Field(default_factory=list)
    props: dict[str, Any] = Field(default_factory=dict)


class ExitEdge(_M):
    id: str
    edge: str
    start: float = 0.0
    end: float | None = None
    side: str | None = None


class Smoke(_M):
    id: str
    ring: list[tuple[float, float]]
    until_turn: int


class Vehicle(_M):
    """A vehicle on the table; ``dx, dy``: how far it has driven from its map position (mm)."""

    id: str
    type: str
    hits: int = 0
    disabled: bool = False
    #: damaged so that it cannot drive (Mission 3: "your team's humvee has also sustained damage"; ours)
    immobile: bool = False
    dx: float = 0.0
    dy: float = 0.0


class BSState(BattleState):
    """The whole battle: models, SITREP deck, mission bookkeeping, table."""

    figs: dict[str, Fig]
    teams: list[str]
    table: tuple[float, float]
    map_sha: str
    terrain: list[Feat]
    exits: list[ExitEdge] = Field(default_factory=list)
    objectives_xy: dict[str, tuple[float, float, float]] = Field(default_factory=dict)
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    turn_limit: int = 10
    mission: str = "patrol"
    params: dict[str, Any] = Field(default_factory=dict)
    night: bool = False
    bleeding_out: bool = False
    current: str | None = None
    targeted: list[str] = Field(default_factory=list)
    hold: bool = False
    rush: bool = False
    smoke: list[Smoke] = Field(default_factory=list)
    vehicles: dict[str, Vehicle] = Field(default_factory=dict)
    obj: dict[str, Any] = Field(default_factory=dict)
    result: str | None = None
    result_reason: str = ""
    counter: int = 0

    def soldiers(self, team: str | None = None) -> list[Fig]:
        """Soldiers (optionally of one fireteam) still in the game (ok or down)."""
        return [f for f in self.figs.values() if f.kind == "soldier" and f.on_table and (team is None or f.side == team)]

    def enemies(self) -> list[Fig]:
        """Enemies on the table and able to act."""
        return [f for f in self.figs.values() if f.side == "enemy" and f.status == "ok"]

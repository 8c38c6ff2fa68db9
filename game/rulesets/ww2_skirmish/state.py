"""The battle state of the WW2 trench skirmish (JSON round-trippable).

Positions in table mm (origin top-left, y down), headings in degrees
clockwise from +x. A *unit* is a single model or a squad; every model of a
squad shares the unit's facing (Group Actions: "every unit in a squad must
be facing the same direction").
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr

from game.core.state import BattleState

#: the placeholder the other side's hidden mission cards show in a view
HIDDEN = "hidden"


class _B(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Feat(_B):
    """A terrain feature as the rules read it (a map feature or a placed barricade)."""

    id: str
    kind: str
    name: str = ""
    exterior: list[tuple[float, float]]
    holes: list[list[tuple[float, float]]] = []
    height: float = 0.0
    owner: str | None = None  #: the side whose trench this is (trenches only)
    depth: float | None = None  #: a hole's depth below the surface, mm (trench, crater)


class Objective(_B):
    """A demolition target point (Missions: Demolition)."""

    id: str
    label: str
    x: float
    y: float


class Model(_B):
    """One model: its base centre (mm), damage taken, alive or removed."""

    id: str
    unit: str
    name: str
    x: float = 0.0
    y: float = 0.0
    damage: int = 0
    alive: bool = True


class Unit(_B):
    """A single model or a squad, with everything the rules track on it.

    Attributes:
        profile: the unit profile id (``data/units.toml``).
        cls: infantry, elite, light_mech or heavy_mech (the action cost class).
        models: its model ids, in the order set up.
        weapons: non-consumable weapon id -> how many the unit still has
            (Squad Weapons: one is lost, of the owner's choice, with a model).
        consumables: consumable id -> uses left, shared by the squad.
        tokens: composure tokens (Composure).
        status: the composure result in force (None, or a row of the table),
            until the end of turn ``status_until``.
        ran_until: -1 hit chance until the end of this turn (Run).
        ambush: waiting to react in the opponent's activation (Ambush).
        heat: heat tokens (mechs); cooldown: must cool down this turn.
        unloaded: siege weapons fired and not yet reloaded (Shell Up!).
        fired_turn, grenade_turn: the last turn it fired a weapon / threw a grenade.
        half_tested: the composure test for losing half its models or wounds was taken.
        cost: its silver value (the tie-break of destroyed silver).
    """

    id: str
    side: str
    profile: str
    name: str
    cls: str
    rank: bool = False
    models: list[str]
    heading: float = 0.0
    deployed: bool = False
    weapons: dict[str, int] = {}
    consumables: dict[str, int] = {}
    perks: list[str] = []
    start_models: int = 1
    tokens: int = 0
    status: str | None = None
    status_until: int = 0
    ran_until: int = 0
    ambush: bool = False
    heat: int = 0
    cooldown: bool = False
    unloaded: list[str] = []
    fired_turn: int = 0
    grenade_turn: int = 0
    half_tested: bool = False
    cost: int = 0


class Pending(_B):
    """A decision the rules wait for before play goes on.

    kind: ``loss`` (choose the weapon a squad loses with a model), ``ambush``
    (react to an enemy action or hold), ``target`` (choose the Assassination
    target).
    """

    kind: Literal["loss", "ambush", "target"]
    side: str
    unit: str = ""
    options: list[str] = []
    enemy: str = ""


class Hand(_B):
    """A side's mission cards (Pre-Battle; Missions).

    drawn: the two cards dealt before one is kept; kept: the mission played
    for now (the active one); backup: the one held back for when it is done;
    deck: the cards still to draw, in order. revealed: the active mission is
    known to the opponent. target: the Assassination target (a unit id).
    active_since: the turn the active mission became active. progress: Bite
    and Hold checks passed. charges: demolition points holding this side's
    charges. vp: victory points scored. record: (mission, "completed" |
    "failed", turn) of each card done.
    """

    drawn: list[str] = []
    kept: str | None = None
    backup: str | None = None
    deck: list[str] = []
    revealed: bool = False
    target: str | None = None
    active_since: int = 1
    progress: int = 0
    charges: list[str] = []
    vp: int = 0
    record: list[tuple[str, str, int]] = []


class WWState(BattleState):
    """The whole battle.

    Stages: ``start`` (the rules roll priority and conditions), ``role``
    (the priority winner picks offence or defence), ``missions`` (each side
    keeps one of its two cards), ``deploy`` (alternating set-up, the defence
    adding barricades), ``battle`` (turns of alternating activations).
    """

    table: tuple[float, float]
    map_sha: str
    features: list[Feat]
    zones: dict[str, list[tuple[float, float]]] = {}
    objectives: list[Objective] = []
    units: dict[str, Unit] = {}
    models: dict[str, Model] = {}
    turn_limit: int = 8
    stage: str = "start"
    featured: str | None = None
    priority: str | None = None
    offence: str | None = None
    defence: str | None = None
    barricade_stock: list[str] = []
    barricades_placed: int = 0
    barricade_due: bool = False
    deploy_next: str | None = None
    seq_side: str | None = None
    seq_count: int = 0  #: activation sequences begun this turn
    seq_started: bool = False  #: a unit has acted in this sequence
    activated: list[str] = []  #: units activated in this sequence
    slots: dict[str, int] = {}  #: action slots each used this sequence
    free_used: list[str] = []  #: units whose free first action (Tactician) is spent
    one_action: list[str] = []  #: units limited to one action (Flood)
    cooled: list[str] = []  #: mechs that cooled down in this sequence
    cache: dict[str, int] = {}
    carried: dict[str, int] = {}
    pending: list[Pending] = []
    condition: str = "clear"
    condition_left: int = 0
    hands: dict[str, Hand] = {}
    destroyed: dict[str, int] = {}  #: silver of enemy models each side destroyed
    final: bool = False  #: the last turn has ended; missions judged
    #: side id -> the name the scenario gives it ("British"), for the words the rules write
    side_names: dict[str, str] = {}
    #: answers worked out for this state as it stands (attack plans); emptied by every change
    _memo: dict = PrivateAttr(default_factory=dict)

    def clone(self) -> "WWState":
        """A copy that shares nothing the rules change: every unit, model and
        hand is copied (their fields are only ever replaced, never changed in
        place, except a model's position and damage, which are its own), the
        lists and dicts of the battle too; the terrain's outlines, the zones and
        the target points are shared (never changed in place)."""
        c = self.model_copy()
        c._memo = {}
        c.units = {k: u.model_copy() for k, u in self.units.items()}
        c.models = {k: m.model_copy() for k, m in self.models.items()}
        c.hands = {k: h.model_copy() for k, h in self.hands.items()}
        c.pending = list(self.pending)
        for k in ("cache", "carried", "destroyed", "slots"):
            setattr(c, k, dict(getattr(self, k)))
        for k in ("activated", "free_used", "one_action", "cooled", "barricade_stock", "sides", "features"):
            setattr(c, k, list(getattr(self, k)))
        return c

    def memo(self) -> dict:
        """The per-state memo (see ``_memo``)."""
        return self._memo

    # -- lookups -----------------------------------------------------------------
    def enemy_of(self, side: str) -> str:
        """The other side (two sides a battle)."""
        return next(s for s in self.sides if s != side)

    def alive(self, unit: Unit) -> list[Model]:
        """The unit's models still on the table, in order."""
        return [self.models[m] for m in unit.models if self.models[m].alive]

    def on_table(self, unit: Unit) -> bool:
        """Deployed with at least one model alive."""
        return unit.deployed and any(self.models[m].alive for m in unit.models)

    def units_of(self, side: str) -> list[Unit]:
        """The side's units on the table."""
        return [u for u in self.units.values() if u.side == side and self.on_table(u)]

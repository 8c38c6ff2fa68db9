"""Actions of the space-fleet ruleset. Distances are table mm, angles degrees
(positive = clockwise, i.e. to starboard)."""

from __future__ import annotations

from typing import Literal

from game.core.action import Action
from game.core.model import Mm

ORDERS = ("all_ahead_full", "come_to_new_heading", "burn_retros", "lock_on", "reload_ordnance", "brace_for_impact")


class DeclareOrder(Action):
    """Take a special order for a ship (and its squadron) before it moves
    (spacefleet_core 1.3-1.4). ``ram`` names the enemy ship the ship means to
    ram: only with All Ahead Full, and its ramming Leadership test is taken
    before the extra distance is rolled (spacefleet_core 1.6)."""

    type: Literal["sf_declare_order"] = "sf_declare_order"
    ship: str
    order: Literal["all_ahead_full", "come_to_new_heading", "burn_retros", "lock_on", "reload_ordnance", "brace_for_impact"]
    ram: str | None = None


class MoveShip(Action):
    """Move one ship (spacefleet_core 1.6): an optional gravity-well turn at
    the start, legs of (turn before the leg in degrees, distance in mm), an
    optional gravity-well turn at the end; ``ram`` names the ship it rams
    (the one its All Ahead Full order declared and passed the test against;
    the move must pass over its base)."""

    type: Literal["sf_move"] = "sf_move"
    ship: str
    pre_turn: float = 0.0
    legs: tuple[tuple[float, Mm], ...] = ()
    post_turn: float = 0.0
    ram: str | None = None


class EnterLowOrbit(Action):
    """Leave the main table for the low-orbit table (celestial phenomena: low orbit)."""

    type: Literal["sf_enter_low_orbit"] = "sf_enter_low_orbit"
    ship: str


class Disengage(Action):
    """Test Leadership to disengage after moving (spacefleet_core 1.6)."""

    type: Literal["sf_disengage"] = "sf_disengage"
    ship: str


class Fire(Action):
    """Fire one weapon of a ship at a ship, an ordnance marker, an asteroid
    field or (nova cannon) a table point (spacefleet_core 1.7). ``fp`` splits
    a battery: that much of its firepower (after halvings) at this target, the
    rest kept for other targets; 0 fires all it has left."""

    type: Literal["sf_fire"] = "sf_fire"
    ship: str
    weapon: int
    target: str
    pool: tuple[tuple[str, int], ...] = ()   #: squadron-mates' batteries joining the volley (ship, weapon)
    fp: int = 0


class Launch(Action):
    """Launch ordnance (spacefleet_core 1.9): torpedoes along ``heading``;
    attack craft of ``craft`` kind toward ``target``."""

    type: Literal["sf_launch"] = "sf_launch"
    ship: str
    weapon: int
    heading: float = 0.0
    craft: Literal["torpedo", "fighter", "bomber", "assault_boat"] = "torpedo"
    target: str | None = None
    #: join the attack-craft wave led by this marker id (launched this turn by the
    #: same ship); fighters with a friendly ``target`` fly CAP with it (core 1.9)
    wave: int | None = None


class Board(Action):
    """Declare, in the shooting phase, the end-phase assault of ``ship`` on
    ``target``: a boarding action (bases in contact) or, with ``teleport``, a
    teleport attack (a Hit-and-Run within 10 cm of a ship whose shields are
    down) (spacefleet_core 1.10). Undeclared assaults are made automatically
    on the nearest enemy that qualifies."""

    type: Literal["sf_board"] = "sf_board"
    ship: str
    target: str
    teleport: bool = False


class Brace(Action):
    """The attacked ship tries Brace for Impact! (spacefleet_core 1.4)."""

    type: Literal["sf_brace"] = "sf_brace"
    ship: str


class TakeIt(Action):
    """The attacked side declines to brace; the attack is resolved."""

    type: Literal["sf_take_it"] = "sf_take_it"


class EndPhase(Action):
    """The active side ends its movement or shooting phase."""

    type: Literal["sf_end_phase"] = "sf_end_phase"


class RulesStep(Action):
    """The rules' own step: start of turn, ordnance phase or end phase."""

    type: Literal["sf_rules_step"] = "sf_rules_step"


ACTIONS = (DeclareOrder, MoveShip, EnterLowOrbit, Disengage, Fire, Launch, Board, Brace, TakeIt, EndPhase, RulesStep)

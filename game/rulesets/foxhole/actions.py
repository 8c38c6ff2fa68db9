"""Foxhole's actions: what a side asks for (imperative). Coordinates are mm."""

from __future__ import annotations

from typing import Literal

from game.core.action import Action
from game.core.model import Mm

Order = Literal["at_will", "ambush", "hold"]
Formation = Literal["normal", "extended"]


# -- set-up (Terrain Setup, Mission Design, Figure setup, insertions) -------------
class ChooseLocation(Action):
    """The defender picks its end of the table (Terrain Setup)."""

    type: Literal["fox_choose_location"] = "fox_choose_location"
    location: str


class PlaceObjective(Action):
    """The defender places its next possible objective (Mission Design - Objectives)."""

    type: Literal["fox_place_objective"] = "fox_place_objective"
    x: Mm
    y: Mm


class RevealObjectives(Action):
    """The defender tells the attacker where these objectives are (the attacker's intel roll)."""

    type: Literal["fox_reveal_objectives"] = "fox_reveal_objectives"
    numbers: tuple[int, ...]


class ChooseMission(Action):
    """The attacker picks its mission's objectives by number (Mission Design)."""

    type: Literal["fox_choose_mission"] = "fox_choose_mission"
    primary: tuple[int, ...]
    secondary: tuple[int, ...] = ()


class Deploy(Action):
    """Place an element in the side's area (Figure setup)."""

    type: Literal["fox_deploy"] = "fox_deploy"
    element: str
    x: Mm
    y: Mm
    formation: Formation = "normal"
    heading: Mm = 0.0


class PlanInsertion(Action):
    """Plot an insertion's turn and place (Helicopter and glider insertions; Para drops)."""

    type: Literal["fox_plan_insertion"] = "fox_plan_insertion"
    insertion: str
    turn: int
    x: Mm
    y: Mm


class SetFireOrder(Action):
    """An unrevealed element's standing order: fire at will, ambush (close range only) or hold fire."""

    type: Literal["fox_fire_order"] = "fox_fire_order"
    element: str
    order: Order


# -- the turn ------------------------------------------------------------------------
class AssaultMove(Action):
    """Move an element into close assault: it rolls, then moves into base contact
    with ``target`` with its centre at (x, y) (Close Assaults)."""

    type: Literal["fox_assault"] = "fox_assault"
    element: str
    target: str
    x: Mm
    y: Mm
    cp: int = 0


class EndAssaults(Action):
    """No more close assaults this turn: the assaulting elements take fire, then the assaults are fought."""

    type: Literal["fox_end_assaults"] = "fox_end_assaults"


class Hold(Action):
    """Use an element without moving it (no motivation roll); it then takes fire."""

    type: Literal["fox_hold"] = "fox_hold"
    element: str


class Roll(Action):
    """Use an element: its motivation roll, with ``cp`` command points added and
    the -2 if it is asked into or further into open ground (Motivation)."""

    type: Literal["fox_roll"] = "fox_roll"
    element: str
    cp: int = 0
    into_open: bool = False


class Move(Action):
    """Move the element being used along ``path`` (the points after its centre),
    optionally making its one formation change (Movement)."""

    type: Literal["fox_move"] = "fox_move"
    element: str
    path: tuple[tuple[Mm, Mm], ...]
    formation: Formation | None = None
    heading: Mm | None = None
    non_tactical: bool = False


class Stay(Action):
    """End the element's use where it stands (after its roll); it then takes fire."""

    type: Literal["fox_stay"] = "fox_stay"
    element: str


class Embus(Action):
    """The element being used climbs aboard a friendly vehicle (Debussing or embussing)."""

    type: Literal["fox_embus"] = "fox_embus"
    element: str
    vehicle: str


class Debus(Action):
    """The carried element being used gets off at (x, y) near its vehicle."""

    type: Literal["fox_debus"] = "fox_debus"
    element: str
    x: Mm
    y: Mm


class Designate(Action):
    """Designate an off-board target with an action number above 10 (Off-board Support)."""

    type: Literal["fox_designate"] = "fox_designate"
    asset: str
    x: Mm
    y: Mm
    number: int


class Interrupt(Action):
    """One element fires at the mover in the first half of its move (Interrupt fire)."""

    type: Literal["fox_interrupt"] = "fox_interrupt"
    element: str


class LetPass(Action):
    """No interrupt fire at this move."""

    type: Literal["fox_let_pass"] = "fox_let_pass"


ACTIONS = (ChooseLocation, PlaceObjective, RevealObjectives, ChooseMission, Deploy, PlanInsertion, SetFireOrder,
           AssaultMove, EndAssaults, Hold, Roll, Move, Stay, Embus, Debus, Designate, Interrupt, LetPass)

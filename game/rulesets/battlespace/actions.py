"""Actions of Battlespace: a fireteam's activations and orders, and the rules' own steps.

Coordinates are table mm. ``unit`` names a soldier of the acting fireteam.
"""

from __future__ import annotations

from typing import Literal

from game.core.action import Action
from game.core.model import Mm


class Activate(Action):
    """Attempt the initiative roll of ``unit`` (Battlespace: Player Phase)."""

    type: Literal["bs_activate"] = "bs_activate"
    unit: str


class EndActivation(Action):
    """Issue no more orders to the activated soldier."""

    type: Literal["bs_end_activation"] = "bs_end_activation"
    unit: str


class EndPlayerPhase(Action):
    """End the player phase: every able soldier not yet activated this turn attempts
    initiative now (a failure draws a SITREP card) and is issued no orders."""

    type: Literal["bs_end_player_phase"] = "bs_end_player_phase"


class Move(Action):
    """Move (one card, 88 mm) or advance (two cards, 176 mm, two orders) in a straight line to (x, y).

    ``drag`` names a downed soldier in base contact dragged along (Battlespace: Man Down).
    """

    type: Literal["bs_move"] = "bs_move"
    unit: str
    x: Mm
    y: Mm
    advance: bool = False
    drag: str | None = None


class Fire(Action):
    """Shooting attack on ``target`` with the primary (or mounted) weapon; ``aimed``: two orders, +1."""

    type: Literal["bs_fire"] = "bs_fire"
    unit: str
    target: str
    aimed: bool = False


class Suppress(Action):
    """Suppression fire on ``target`` (two orders; one for a gunner or a SAW)."""

    type: Literal["bs_suppress"] = "bs_suppress"
    unit: str
    target: str


class Throw(Action):
    """Throw a grenade gear card at the reference point (x, y), up to 88 mm beyond the base."""

    type: Literal["bs_throw"] = "bs_throw"
    unit: str
    gear: str
    x: Mm
    y: Mm


class FireGear(Action):
    """Fire a launcher gear card (M203) at ``target``; the card drifts."""

    type: Literal["bs_fire_gear"] = "bs_fire_gear"
    unit: str
    gear: str
    target: str


class Prone(Action):
    """Go prone (one order) or, with ``stand``, stand up (free)."""

    type: Literal["bs_prone"] = "bs_prone"
    unit: str
    stand: bool = False


class Interact(Action):
    """Interact with an objective, a door, a civilian or a survivor in base contact (one order)."""

    type: Literal["bs_interact"] = "bs_interact"
    unit: str
    what: str


class Aid(Action):
    """Medical aid: remove one wound from ``target`` in base contact (or self) with a medic or a heal gear card."""

    type: Literal["bs_aid"] = "bs_aid"
    unit: str
    target: str
    gear: str | None = None


class Climb(Action):
    """Climb up or down elevated terrain (or over a wall) in base contact (two orders; ends the activation)."""

    type: Literal["bs_climb"] = "bs_climb"
    unit: str
    feature: str


class ClearJam(Action):
    """Clear a jammed weapon (one order)."""

    type: Literal["bs_clear_jam"] = "bs_clear_jam"
    unit: str


class Enter(Action):
    """Enter a vehicle in base contact (one order); with ``leave``, exit it (free)."""

    type: Literal["bs_enter"] = "bs_enter"
    unit: str
    vehicle: str
    leave: bool = False


class Exfil(Action):
    """Leave the table by an exfil edge the base touches (free)."""

    type: Literal["bs_exfil"] = "bs_exfil"
    unit: str


class SitrepPhase(Action):
    """The rules side: draw the SITREP card and activate the enemies."""

    type: Literal["bs_sitrep_phase"] = "bs_sitrep_phase"


class ClearPhase(Action):
    """The rules side: check objectives, clear markers and effects, start the next turn."""

    type: Literal["bs_clear_phase"] = "bs_clear_phase"


ACTIONS = (Activate, EndActivation, EndPlayerPhase, Move, Fire, Suppress, Throw, FireGear, Prone, Interact,
           Aid, Climb, ClearJam, Enter, Exfil, SitrepPhase, ClearPhase)

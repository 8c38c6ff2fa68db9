"""Foxhole's events: facts in the past tense, the only way the state changes.

Every event carries the names its log line needs (written when it is made),
so :mod:`.display.describe` words it from the event alone. An event with
``private`` set tells something only that side may know (the defender's
objectives, the attacker's mission, the owner's list of hidden elements, a
plotted insertion or off-board target): the app's log shows it to that side
only (the ruleset's ``private_to`` hook). Hidden elements are named by their
public marker while unrevealed.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from game.core.event import CORE_EVENTS, Event, PhaseBegan
from game.core.model import Mm

from .state import Crossing, PendingMove, Strike

P = tuple[Mm, Mm]


class _Private(Event):
    private: str | None = None


class Phase(PhaseBegan):
    """A phase began (the core event with ``who``: the side's name, for the log)."""

    type: Literal["fox_phase"] = "fox_phase"
    who: str = ""


class LocationChosen(Event):
    type: Literal["fox_location"] = "fox_location"
    side: str
    who: str = ""
    location: str


class ObjectivePlaced(_Private):
    type: Literal["fox_objective_placed"] = "fox_objective_placed"
    number: int
    x: Mm
    y: Mm
    grid: str = ""
    who: str = ""


class ObjectivesRevealed(Event):
    COMMITS: ClassVar[bool] = True
    type: Literal["fox_objectives_revealed"] = "fox_objectives_revealed"
    numbers: tuple[int, ...]
    points: tuple[P, ...]
    grids: tuple[str, ...] = ()


class ObjectiveFound(Event):
    COMMITS: ClassVar[bool] = True
    type: Literal["fox_objective_found"] = "fox_objective_found"
    number: int
    x: Mm
    y: Mm
    by: str
    grid: str = ""


class ObjectiveAchieved(Event):
    type: Literal["fox_objective_achieved"] = "fox_objective_achieved"
    number: int
    element: str
    name: str
    grid: str = ""


class IntelSet(Event):
    type: Literal["fox_intel"] = "fox_intel"
    side: str
    total: int
    reveal: int | None = None


class MissionChosen(_Private):
    type: Literal["fox_mission_chosen"] = "fox_mission_chosen"
    kind: str
    primary: tuple[int, ...]
    secondary: tuple[int, ...] = ()


class PrimaryConfirmed(Event):
    COMMITS: ClassVar[bool] = True
    type: Literal["fox_primary_confirmed"] = "fox_primary_confirmed"
    numbers: tuple[int, ...]


class MarkersAssigned(_Private):
    type: Literal["fox_markers"] = "fox_markers"
    side: str
    markers: dict[str, str]
    who: str = ""
    names: dict[str, str] = {}


class Deployed(Event):
    type: Literal["fox_deployed"] = "fox_deployed"
    element: str
    side: str = ""
    who: str = ""
    name: str
    x: Mm
    y: Mm
    formation: str = "normal"
    heading: Mm = 0.0
    grid: str = ""


class InsertionPlanned(_Private):
    type: Literal["fox_insertion_planned"] = "fox_insertion_planned"
    insertion: str
    method: str
    turn: int
    x: Mm
    y: Mm
    grid: str = ""


class ArrivalSet(_Private):
    type: Literal["fox_arrival_set"] = "fox_arrival_set"
    insertion: str
    method: str
    turn: int
    shift: int = 0


class Landed(Event):
    type: Literal["fox_landed"] = "fox_landed"
    element: str
    name: str
    method: str
    x: Mm
    y: Mm
    grid: str = ""
    note: str = ""


class CommandPoints(Event):
    type: Literal["fox_command_points"] = "fox_command_points"
    side: str
    points: int
    who: str = ""


class TurnReset(Event):
    type: Literal["fox_turn_reset"] = "fox_turn_reset"
    side: str
    who: str = ""


class ActivationBegan(Event):
    type: Literal["fox_activation"] = "fox_activation"
    element: str
    name: str
    x: Mm
    y: Mm
    assault: str | None = None


class Motivated(_Private):
    type: Literal["fox_motivated"] = "fox_motivated"
    element: str
    name: str
    side: str
    result: str
    total: int
    cp: int = 0
    into_open: bool = False
    free: bool = False


class MobFell(_Private):
    type: Literal["fox_mob_fell"] = "fox_mob_fell"
    element: str
    name: str
    motivation: int


class Moved(Event):
    type: Literal["fox_moved"] = "fox_moved"
    element: str
    name: str
    path: tuple[P, ...]
    formation: str | None = None
    heading: Mm | None = None
    non_tactical: bool = False
    stopped_at_open: bool = False
    fraction: float = 0.0
    yards: int = 0
    grid: str = ""


class SentBack(Event):
    type: Literal["fox_sent_back"] = "fox_sent_back"
    element: str
    name: str
    x: Mm
    y: Mm


class PendingSet(Event):
    type: Literal["fox_pending"] = "fox_pending"
    pending: PendingMove | None
    names: tuple[str, ...] = ()


class FireOrderSet(_Private):
    type: Literal["fox_fire_order_set"] = "fox_fire_order_set"
    element: str
    name: str
    order: str


class Revealed(Event):
    COMMITS: ClassVar[bool] = True
    type: Literal["fox_revealed"] = "fox_revealed"
    element: str
    name: str
    marker: str
    hidden: str
    how: str


class Attacked(_Private):
    """The outcome of one attack (fire, interrupt fire, assault or off-board strike)."""

    type: Literal["fox_attacked"] = "fox_attacked"
    target: str
    name: str
    result: Literal["none", "suppressed", "reduced", "destroyed"]
    total: int
    quality: int
    what: str = "fire"


class StatusSet(Event):
    """An element's suppression, strength or place changes (quietly: the line is in Attacked/Motivated)."""

    type: Literal["fox_status"] = "fox_status"
    element: str
    name: str = ""
    suppressed: bool | None = None
    reduced: bool | None = None
    where: str | None = None
    x: Mm | None = None
    y: Mm | None = None


class Faded(Event):
    type: Literal["fox_faded"] = "fox_faded"
    element: str
    name: str


class ActivationEnded(Event):
    type: Literal["fox_activation_ended"] = "fox_activation_ended"
    element: str
    name: str


class AssaultContact(Event):
    type: Literal["fox_assault_contact"] = "fox_assault_contact"
    element: str
    name: str
    target: str
    target_name: str
    x: Mm
    y: Mm
    primary: bool
    start: P = (0.0, 0.0)
    yards: int = 0


class PrimaryDesignated(Event):
    type: Literal["fox_primary"] = "fox_primary"
    target: str
    target_name: str
    element: str | None
    name: str


class AssaultsOver(Event):
    type: Literal["fox_assaults_over"] = "fox_assaults_over"


class StrikeDesignated(_Private):
    type: Literal["fox_strike_designated"] = "fox_strike_designated"
    strike: Strike
    name: str
    grid: str = ""


class StrikeTotal(_Private):
    type: Literal["fox_strike_total"] = "fox_strike_total"
    strike: str
    name: str
    total: int
    number: int


class StrikeFired(Event):
    type: Literal["fox_strike_fired"] = "fox_strike_fired"
    strike: str
    name: str
    x: Mm
    y: Mm
    grid: str = ""


class Embussed(Event):
    type: Literal["fox_embussed"] = "fox_embussed"
    element: str
    name: str
    vehicle: str
    vehicle_name: str


class Debussed(Event):
    type: Literal["fox_debussed"] = "fox_debussed"
    element: str
    name: str
    vehicle: str
    vehicle_name: str
    x: Mm
    y: Mm


class CrossingOpened(Event):
    type: Literal["fox_crossing_opened"] = "fox_crossing_opened"
    crossing: Crossing
    name: str
    feature_name: str


class CrossingClosed(Event):
    type: Literal["fox_crossing_closed"] = "fox_crossing_closed"
    pioneer: str
    name: str


class Sprung(Event):
    type: Literal["fox_sprung"] = "fox_sprung"
    reason: str


class Decided(Event):
    type: Literal["fox_decided"] = "fox_decided"
    winner: str | None
    reason: str
    who: str = ""


EVENTS = CORE_EVENTS + (
    Phase, LocationChosen, ObjectivePlaced, ObjectivesRevealed, ObjectiveFound, ObjectiveAchieved, IntelSet, MissionChosen,
    PrimaryConfirmed, MarkersAssigned, Deployed, InsertionPlanned, ArrivalSet, Landed, CommandPoints, TurnReset,
    ActivationBegan, Motivated, MobFell, Moved, SentBack, PendingSet, FireOrderSet, Revealed, Attacked, StatusSet,
    Faded, ActivationEnded, AssaultContact, PrimaryDesignated, AssaultsOver, StrikeDesignated,
    StrikeTotal, StrikeFired, Embussed, Debussed, CrossingOpened, CrossingClosed, Sprung, Decided,
)

"""Actions of the Battlesystem ruleset (requests a side makes). Distances are table mm, angles
degrees (positive: clockwise on screen, i.e. to the unit's right)."""

from __future__ import annotations

from typing import Literal

from game.core.action import Action
from game.core.model import Mm

Turn = Literal[90, -90, 180]


class ChooseFirst(Action):
    """[1.4] Side A chooses which side moves first."""

    type: Literal["bts_choose_first"] = "bts_choose_first"
    first: str


class Advance(Action):
    """[7.7]-[7.9] move a unit straight ahead or obliquely (``offset`` up to 45 degrees either
    side of its facing, the facing kept) up to ``distance`` mm; it stops on base contact ([7.8])."""

    type: Literal["bts_advance"] = "bts_advance"
    unit: str
    distance: Mm
    offset: float = 0.0


class Wheel(Action):
    """[7.9] wheel a unit ``angle`` degrees about the front corner of its ``pivot`` flank."""

    type: Literal["bts_wheel"] = "bts_wheel"
    unit: str
    pivot: Literal["left", "right"]
    angle: float


class Face(Action):
    """[7.9] right face (90), left face (-90) or about face (180)."""

    type: Literal["bts_face"] = "bts_face"
    unit: str
    turn: Turn


class Frontage(Action):
    """[7.10] change the number of figures in the front rank."""

    type: Literal["bts_frontage"] = "bts_frontage"
    unit: str
    files: int


class Reform(Action):
    """[7.6] change formation (closed or open)."""

    type: Literal["bts_reform"] = "bts_reform"
    unit: str
    formation: Literal["closed", "open"]


class Charge(Action):
    """[7.14] charge ``target``: an optional wheel (``pivot``, ``wheel`` degrees), then straight
    ahead (``offset`` up to 45 degrees oblique) until base contact, within 1 1/2 moves."""

    type: Literal["bts_charge"] = "bts_charge"
    unit: str
    target: str
    pivot: Literal["left", "right"] = "left"
    wheel: float = 0.0
    offset: float = 0.0


class ForcedMarch(Action):
    """[7.13] a forced march straight ahead (or oblique) up to 1 1/2 moves."""

    type: Literal["bts_forced_march"] = "bts_forced_march"
    unit: str
    distance: Mm
    offset: float = 0.0


class Withdraw(Action):
    """[7.12] fighting withdrawal: 3" straight back from the enemy in contact."""

    type: Literal["bts_withdraw"] = "bts_withdraw"
    unit: str


class Flee(Action):
    """[8.8] flee a melee: about face (free) and a full move away, giving a free attack."""

    type: Literal["bts_flee"] = "bts_flee"
    unit: str


class WrapAround(Action):
    """[7.11] expand the frontage of a unit in contact by ``figures`` on each flank and wheel
    them in round the enemy's flanks."""

    type: Literal["bts_wrap"] = "bts_wrap"
    unit: str
    figures: int


class SpecialFormation(Action):
    """[11.6] shield wall or [11.7] set spears/pikes, declared before the unit moves."""

    type: Literal["bts_special"] = "bts_special"
    unit: str
    formation: Literal["shield_wall", "set_spears"]


class HoldStill(Action):
    """The unit (or individual) does nothing more this phase."""

    type: Literal["bts_hold"] = "bts_hold"
    unit: str


class MoveIndividual(Action):
    """Move a hero or a commander standing apart from units to (x, y) mm, facing ``heading``."""

    type: Literal["bts_move_individual"] = "bts_move_individual"
    individual: str
    x: Mm
    y: Mm


class Fire(Action):
    """[10.0]-[10.9] missile or artillery fire at an enemy unit or individual."""

    type: Literal["bts_fire"] = "bts_fire"
    unit: str
    target: str


class Rally(Action):
    """[6.1]-[6.7] a commander tries to rally a routed or out-of-command unit."""

    type: Literal["bts_rally"] = "bts_rally"
    commander: str
    unit: str


class GiveOrder(Action):
    """[2.10], [6.6] a commander tries to give a mob an order."""

    type: Literal["bts_order"] = "bts_order"
    commander: str
    unit: str
    order: Literal["advance", "charge", "force_march", "wheel_left", "wheel_right", "halt"]


class Follow(Action):
    """[7.12] answer an enemy's fighting withdrawal: advance 3" to stay in contact, or stay."""

    type: Literal["bts_follow"] = "bts_follow"
    unit: str
    follow: bool


class Climb(Action):
    """[15.1] a flying unit rises (``levels`` > 0: 1/3 of its flying move a level; above 8" it
    leaves the battlefield) or comes down (``levels`` < 0: free; to 0 it lands)."""

    type: Literal["bts_climb"] = "bts_climb"
    unit: str
    levels: int


class Bomb(Action):
    """[15.4] a flying unit drops its bombs on the enemy unit beneath it (missile phase)."""

    type: Literal["bts_bomb"] = "bts_bomb"
    unit: str
    target: str


class EndStep(Action):
    """The side is done with its part of the phase."""

    type: Literal["bts_end_step"] = "bts_end_step"


class RulesStep(Action):
    """The rules' own step (initiative, melee, end of the round) and their automatic moves."""

    type: Literal["bts_rules"] = "bts_rules"


class CastSpell(Action):
    """[14.0] use a spell, a breath weapon ([13.7]), a magic item or a psionic power: ``caster``
    an individual or a unit, aimed at (``x``, ``y``) mm (an area's centre, a line's start, a
    cone's direction) or at ``target`` (a unit or an individual); ``option`` the weather a
    control weather asks for ([12.4])."""

    type: Literal["bts_cast"] = "bts_cast"
    caster: str
    spell: str
    x: Mm
    y: Mm
    target: str = ""
    option: str = ""


class TurnUndead(Action):
    """[14.19] a cleric tries to turn (or destroy) an undead unit."""

    type: Literal["bts_turn_undead"] = "bts_turn_undead"
    cleric: str
    unit: str


ACTIONS = (ChooseFirst, Advance, Wheel, Face, Frontage, Reform, Charge, ForcedMarch, Withdraw, Flee, WrapAround,
           SpecialFormation, HoldStill, MoveIndividual, Fire, Rally, GiveOrder, Follow, EndStep, RulesStep, CastSpell, TurnUndead)
UNIT_MOVES = (Advance, Wheel, Face, Frontage, Reform, Charge, ForcedMarch, Withdraw, Flee, WrapAround,
              SpecialFormation, HoldStill)
FLIGHT = (Climb, Bomb)  #: [15.1], [15.4] (part 2)
ACTIONS = ACTIONS + FLIGHT
UNIT_MOVES = UNIT_MOVES + (Climb,)


class Disbelieve(Action):
    """[14.14] A the side's forces near ``unit`` (an enemy unit) try to disbelieve it."""

    type: Literal["bts_disbelieve"] = "bts_disbelieve"
    unit: str


ACTIONS = ACTIONS + (Disbelieve,)


class Declare(Action):
    """[14.11] B a side questioned by an enemy's information magic declares what its ``unit``
    will do in the next round's movement step, and is bound by it: ``hold`` (it keeps its
    place), ``move`` (it moves but charges no one) or ``charge`` (it charges ``target``, an
    enemy unit, or stands when it cannot)."""

    type: Literal["bts_declare"] = "bts_declare"
    unit: str
    intent: Literal["hold", "move", "charge"]
    target: str = ""


ACTIONS = ACTIONS + (Declare,)

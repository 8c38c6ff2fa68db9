"""Actions of the WW2 trench skirmish (requests; ``rules`` decide them).

Coordinates are table mm (quantised), headings degrees clockwise from +x.
A move's (x, y) is where the centre of the unit's models (their centroid)
ends: a squad moves as a block, every model by the same vector, and takes
the new facing.
"""

from __future__ import annotations

from typing import Literal

from game.core.action import Action
from game.core.model import Mm


class StartBattle(Action):
    """The rules roll priority and the battlefield conditions (Setup Phase)."""

    type: Literal["ww2_start"] = "ww2_start"


class ChooseRole(Action):
    """The priority winner chooses to be the offence or the defence."""

    type: Literal["ww2_choose_role"] = "ww2_choose_role"
    role: Literal["offence", "defence"]


class KeepMission(Action):
    """Keep one of the two drawn missions; the other becomes the backup (Pre-Battle)."""

    type: Literal["ww2_keep_mission"] = "ww2_keep_mission"
    mission: str


class ChooseTarget(Action):
    """Choose the enemy Rank unit of an Assassination mission."""

    type: Literal["ww2_choose_target"] = "ww2_choose_target"
    unit: str


class Deploy(Action):
    """Set a unit up in the side's deployment zone (Setup Phase)."""

    type: Literal["ww2_deploy"] = "ww2_deploy"
    unit: str
    x: Mm
    y: Mm
    heading: float = 0.0


class PlaceBarricade(Action):
    """The defence sets up a barricade from its stock alongside a unit."""

    type: Literal["ww2_place_barricade"] = "ww2_place_barricade"
    kind: str
    x: Mm
    y: Mm
    heading: float = 0.0


class SkipBarricade(Action):
    """The defence sets up no barricade this time."""

    type: Literal["ww2_skip_barricade"] = "ww2_skip_barricade"


class RevealMission(Action):
    """Reveal the active mission at the start of the side's activation (Pre-Battle)."""

    type: Literal["ww2_reveal"] = "ww2_reveal"


class Move(Action):
    """Move: up to M inches; ``fall_back`` to leave combat (Basic Actions)."""

    type: Literal["ww2_move"] = "ww2_move"
    unit: str
    x: Mm
    y: Mm
    heading: float
    fall_back: bool = False


class Run(Action):
    """Run: M + D6 inches, 4" a leg, one heading a leg (Advanced Actions)."""

    type: Literal["ww2_run"] = "ww2_run"
    unit: str
    headings: tuple[float, ...]


class Shoot(Action):
    """Shoot one weapon at an enemy unit; ``chosen``: target models picked by
    the attacker (6s to hit are then re-rolled)."""

    type: Literal["ww2_shoot"] = "ww2_shoot"
    unit: str
    target: str
    weapon: str
    chosen: tuple[str, ...] = ()


class Fight(Action):
    """Fight an enemy unit in reach of the unit's melee weapons."""

    type: Literal["ww2_fight"] = "ww2_fight"
    unit: str
    target: str


class Throw(Action):
    """Throw a grenade at an enemy model (Grenades)."""

    type: Literal["ww2_throw"] = "ww2_throw"
    unit: str
    target: str
    weapon: str


class Rally(Action):
    """Rally: a composure test that sheds D3 tokens on a pass."""

    type: Literal["ww2_rally"] = "ww2_rally"
    unit: str


class Interact(Action):
    """Interact with an objective: ``charge:<point>`` places an explosive,
    ``detonate`` sets the charges off (Missions: Demolition)."""

    type: Literal["ww2_interact"] = "ww2_interact"
    unit: str
    what: str


class ShellUp(Action):
    """Shell Up!: reload a fired siege weapon."""

    type: Literal["ww2_shell_up"] = "ww2_shell_up"
    unit: str
    weapon: str


class HoldTheLine(Action):
    """Holding the Line: fire without moving, re-rolling 1s to hit."""

    type: Literal["ww2_hold_the_line"] = "ww2_hold_the_line"
    unit: str
    target: str
    weapon: str


class Ambush(Action):
    """Ambush: stay put, ready to react with an action in the opponent's activation."""

    type: Literal["ww2_ambush"] = "ww2_ambush"
    unit: str


class GetToCover(Action):
    """Get to Cover: an agility test, then M + D4 inches into cover (shell-shocked units only)."""

    type: Literal["ww2_get_to_cover"] = "ww2_get_to_cover"
    unit: str
    x: Mm
    y: Mm
    heading: float


class Cooldown(Action):
    """Cooldown: a mech sheds its heat tokens (Activation Phase)."""

    type: Literal["ww2_cooldown"] = "ww2_cooldown"
    unit: str


class GroupShoot(Action):
    """Group Shoot: the units fire together at one enemy unit, re-rolling 1s to hit."""

    type: Literal["ww2_group_shoot"] = "ww2_group_shoot"
    units: tuple[str, ...]
    target: str


class GroupMove(Action):
    """Group Move: the units move together by one vector, ignoring medium terrain."""

    type: Literal["ww2_group_move"] = "ww2_group_move"
    units: tuple[str, ...]
    x: Mm
    y: Mm
    heading: float


class GroupAssault(Action):
    """Group Assault: the units fight one enemy unit together, +1 to wound."""

    type: Literal["ww2_group_assault"] = "ww2_group_assault"
    units: tuple[str, ...]
    target: str


class EndActivation(Action):
    """End the side's activation; the unspent cache is carried over."""

    type: Literal["ww2_end_activation"] = "ww2_end_activation"


class ChooseLoss(Action):
    """Choose the weapon a squad loses with a removed model (Squad Weapons)."""

    type: Literal["ww2_choose_loss"] = "ww2_choose_loss"
    unit: str
    weapon: str


class AmbushFire(Action):
    """An ambushing unit reacts: it fires at the enemy unit that just acted."""

    type: Literal["ww2_ambush_fire"] = "ww2_ambush_fire"
    unit: str
    target: str
    weapon: str


class AmbushHold(Action):
    """An ambushing unit lets this enemy action pass and keeps waiting."""

    type: Literal["ww2_ambush_hold"] = "ww2_ambush_hold"
    unit: str


UNIT_ACTIONS = (Move, Run, Shoot, Fight, Throw, Rally, Interact, ShellUp, HoldTheLine, Ambush, GetToCover, Cooldown)
GROUP_ACTIONS = (GroupShoot, GroupMove, GroupAssault)
ACTIONS = (StartBattle, ChooseRole, KeepMission, ChooseTarget, Deploy, PlaceBarricade, SkipBarricade, RevealMission,
           *UNIT_ACTIONS, *GROUP_ACTIONS, EndActivation, ChooseLoss, AmbushFire, AmbushHold)

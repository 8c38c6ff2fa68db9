"""The space-fleet ruleset object (``RULESET``): thin methods over the
package's modules - set-up (``setup``), legality and resolution (``turn``),
the one mutation (``apply``), the outcome (``rules.victory``), the display
hooks (``display``), the one sight adjudication (``sight``) and the AI hooks
(``ai``). See README.md in this package."""

from __future__ import annotations

import random

from game.core.action import Action
from game.core.dice import Dice
from game.core.event import CORE_EVENTS, Event
from game.core.ruleset import Accepted, Illegal, Legal, Outcome, Rejected
from game.core.ruleset_base import RulesetBase, verdict
from game.data.maps import MapFile
from game.data.scenario import Scenario

from . import sight as S
from . import turn
from .actions import ACTIONS, Fire, MoveShip
from .ai.ai import FleetAgent, evaluate
from .ai.candidates import enumerate_actions
from .apply import apply as apply_event
from .display import choices, descriptions, previews
from .display import figures as F
from .events import SF_EVENTS
from .rules.common import current_side, on_table
from .rules.victory import outcome, victory_points
from .setup import RULESET_ID, fleet_sides, map_reason, setup_state, validate_scenario
from .state import SFState
from .display.kinds import LOG_KINDS


class SpaceFleet(RulesetBase):
    """The ``spacefleet`` ruleset (see README.md in this package)."""

    id = RULESET_ID
    log_kinds = LOG_KINDS
    version = 13
    title = "Space fleet (Battlefleet-style cruiser clashes with celestial phenomena)"
    #: the desktop app draws this ruleset's tables as space
    table_style = "space"
    #: ``view`` hides nothing: two human seats pass decisions in place, with a banner (game/core/ruleset.py)
    hidden_information = False

    def __init__(self) -> None:
        super().__init__(actions=ACTIONS, events=CORE_EVENTS + SF_EVENTS, state=SFState)

    # -- set-up ------------------------------------------------------------------
    def sides(self, scenario: Scenario) -> list[str]:
        return fleet_sides(scenario)

    def validate_map(self, m: MapFile):
        """Feature kinds and properties the rules read (see :func:`.setup.map_reason`)."""
        return map_reason(m)

    def validate_scenario(self, sc: Scenario, m: MapFile):
        """See :func:`.setup.validate_scenario`."""
        return validate_scenario(sc, m)

    def setup(self, scenario: Scenario, map_file: MapFile, dice: Dice) -> SFState:
        """See :func:`.setup.setup_state`."""
        return setup_state(scenario, map_file, dice)

    # -- queries -------------------------------------------------------------------
    def current_side(self, state: SFState) -> str:
        return current_side(state)

    # -- legality, resolution, mutation ----------------------------------------------
    def check(self, state: SFState, action: Action) -> Legal | Illegal:
        return verdict(turn.why_illegal(state, action))

    def resolve(self, state: SFState, action: Action, dice: Dice) -> Accepted | Rejected:
        return turn.resolve(self, state, action, dice)

    def apply(self, state: SFState, ev: Event) -> None:
        apply_event(state, ev)

    # -- outcome ------------------------------------------------------------------------
    def victory_points(self, s: SFState) -> dict[str, float]:
        return victory_points(s)

    def outcome(self, state: SFState) -> Outcome:
        return outcome(state)

    def describe(self, ev: Event) -> str:
        """Plain words for every event (:func:`.display.descriptions.describe_event`)."""
        return descriptions.describe_event(ev)

    # -- display hooks (display/) ------------------------------------------------------
    def figures(self, state: SFState) -> list:
        return F.figures(state)

    def markers(self, state: SFState) -> list:
        return F.markers(state)

    def point_actions(self, state: SFState, side: str, figure_id: str, x: float, y: float) -> list[Action]:
        return choices.point_actions(self, state, side, figure_id, x, y)

    def figure_actions(self, state: SFState, side: str, figure_id: str, target_id: str | None) -> list[Action]:
        return choices.figure_actions(self, state, side, figure_id, target_id)

    def preview(self, state: SFState, action: Action) -> dict:
        return previews.preview(self, state, action)

    def describe_action(self, action: Action, state: SFState | None = None) -> str:
        """The button label (:func:`.display.descriptions.describe_action`): names ships and weapons given ``state``."""
        return descriptions.describe_action(action, state)

    def action_words(self, state: SFState, action: Action) -> str:
        """The action in a sentence for an AI's reason (:func:`.display.descriptions.action_words`)."""
        return descriptions.action_words(state, action)

    def describe_action_in(self, state: SFState, action: Action) -> str:
        """The app's button label for ``action`` in ``state`` (ships and weapons named)."""
        return descriptions.describe_action(action, state)

    def confirm(self, state: SFState, action: Action) -> str | None:
        """The question the app asks before ``action`` (None: none): ending the
        movement phase with ships not moved (:func:`.display.descriptions.confirm`)."""
        return descriptions.confirm(state, action)

    def decision_note(self, state: SFState, side: str) -> str:
        """Why ``side`` acts now, for the hot-seat banner (:func:`.display.descriptions.decision_note`)."""
        return descriptions.decision_note(state, side)

    def figure_overlays(self, state: SFState, figure_id: str) -> dict:
        return F.figure_overlays(state, figure_id)

    def sight(self, state: SFState, viewer_id: str, target_id: str):
        """The one sight adjudication (:func:`.sight.adjudicate`) for the overlay;
        None unless both are ships on the same table."""
        a, b = state.ships.get(viewer_id), state.ships.get(target_id)
        if a is None or b is None or not (on_table(a) and on_table(b)) or a.zone != b.zone:
            return None
        return S.adjudicate(state, a, b, detail=True)

    def sight_region(self, state: SFState, viewer_id: str):
        """Where the ship's lines of fire do not reach (:func:`.sight.region`)."""
        a = state.ships.get(viewer_id)
        return S.region(state, a) if a is not None and on_table(a) else None

    def enemies_of(self, state: SFState, side: str) -> set[str]:
        return F.enemies_of(state, side)

    def side_style(self, side: str) -> str:
        return F.side_style(side)

    # -- AI hooks -----------------------------------------------------------------------
    def legal_actions(self, state: SFState, side: str) -> list[Action]:
        return enumerate_actions(self, state, side, None)

    def candidates(self, state: SFState, side: str, rng: random.Random) -> list[Action]:
        return enumerate_actions(self, state, side, rng)

    def score(self, state: SFState, side: str) -> float:
        return evaluate(state, side)

    def data_slot(self):
        """The tables and ship profiles (``{"tables": ..., "ships": ...}``) and the accessor the
        rules read them through (``data.SLOT``), for validated per-battle data overrides
        (game/core/overrides.py)."""
        from .data import SLOT
        return SLOT

    def agents(self) -> dict:
        from .ai.previous import PreviousAgent  # the default of the last release (tools/freeze_agent.py)
        return {"default": FleetAgent, "fleet": FleetAgent, "previous": PreviousAgent}

    def illegal_examples(self, state: SFState, side: str) -> list[Action]:
        """Deliberately illegal actions for the conformance suite."""
        out: list[Action] = [Fire(side=side, ship="nobody", weapon=0, target="nobody"),
                             MoveShip(side=side, ship="nobody", legs=((0.0, 10.0),))]
        mine = [sh for sh in state.ships.values() if sh.side == side and sh.status == "active"]
        if mine:
            sh = mine[0]
            out.append(MoveShip(side=side, ship=sh.id, legs=((0.0, 5000.0),)))
            out.append(MoveShip(side=side, ship=sh.id, pre_turn=170.0, legs=((0.0, 100.0),)))
            out.append(Fire(side=side, ship=sh.id, weapon=99, target=sh.id))
        return out

"""The Battlesystem ruleset object (``RULESET``): set-up, legality, resolution, outcome, hooks."""

from __future__ import annotations

import random

from game.core.action import Action
from game.core.dice import Dice
from game.core.event import Event
from game.core.ruleset import RULES_SIDE, Accepted, Illegal, Legal, Outcome, Rejected
from game.core.ruleset_base import RulesetBase, verdict
from game.data.maps import MapFile
from game.data.scenario import Scenario

from . import actions as A
from . import events as E
from .apply import apply as apply_event
from .rules import legality
from .rules.common import Emitter
from .setup import setup_state, validate, validate_map
from .state import BSState
from .display.kinds import LOG_KINDS


class Battlesystem(RulesetBase):
    """AD&D Battlesystem (1985), the Basic and Intermediate games: units of figures in
    formations, morale and command, the combat results table, missiles and artillery,
    heroes, cavalry, special formations and terrain."""

    id = "battlesystem"
    log_kinds = LOG_KINDS
    version = 10
    title = "Battlesystem"
    #: the rules' unit of time is the Game Round (Battlesystem: Game Rounds): the header says "Round 1 of 8"
    turn_word = "Round"

    def __init__(self) -> None:
        super().__init__(actions=A.ACTIONS, events=E.EVENTS, state=BSState)

    # -- set-up --------------------------------------------------------------------------------
    def validate_scenario(self, sc: Scenario, m: MapFile):
        """Roster entries, unit sizes, roles, params and placement (:func:`.setup.validate`)."""
        return validate(sc, m)

    def validate_map(self, m: MapFile):
        """Terrain kinds and properties ([11.8]; :func:`.setup.validate_map`)."""
        return validate_map(m)

    def setup(self, scenario: Scenario, map_file: MapFile, dice: Dice) -> BSState:
        return setup_state(scenario, map_file, dice, self.sides(scenario))

    # -- queries ---------------------------------------------------------------------------------
    def phase(self, state: BSState) -> str:
        from .rules.steps import label
        st = state.step
        return label(st.phase) if st is not None else state.phase

    def legal_actions(self, state: BSState, side: str) -> list[Action]:
        return legality.legal_actions(state, side)

    def check(self, state: BSState, action: Action) -> Legal | Illegal:
        return verdict(legality.why_not(state, action))

    def resolve(self, state: BSState, action: Action, dice: Dice) -> Accepted | Rejected:
        em = Emitter(state, dice, apply_event)
        legality.resolve(em, action)
        return Accepted(tuple(em.events))

    def apply(self, state: BSState, event: Event) -> None:
        apply_event(state, event)

    def outcome(self, state: BSState) -> Outcome:
        from .rules.steps import strength
        score = {x: round(strength(state, x), 4) for x in state.sides}
        if state.result is None:
            return Outcome(False, score=score)
        return Outcome(True, None if state.result == "draw" else state.result, state.result_reason, score)

    def score_words(self, score: dict[str, float]) -> str:
        """The outcome's score in words (side ids as written, the app names
        them): each side's strength, the share of its hit dice still on the
        table and not routed (``rules/steps.py:strength``, ours), as a
        percentage: ``"Strength: valmark 100%, horde 75%"``."""
        return "Strength: " + ", ".join(f"{k} {100 * v:.0f}%" for k, v in score.items())

    def view(self, state: BSState, side: str | None) -> BSState:
        """The state a side may see: [14.8] invisible enemy units are left out (the rules,
        standing in for the referee, keep them)."""
        from .rules.markers import seen_by
        v = seen_by(state, side)
        return state.clone() if v is state else v

    def describe(self, event: Event) -> str:
        from .display.describe import describe
        return describe(event)

    def quiet(self, event: Event) -> bool:
        """An event with no words for a player (:func:`.display.describe.quiet`)."""
        from .display.describe import quiet
        return quiet(event)

    # -- display hooks ------------------------------------------------------------------------------
    def figures(self, state: BSState) -> list:
        from .display.figures import figures
        return figures(state)

    def markers(self, state: BSState) -> list:
        from .display.figures import markers
        return markers(state)

    def point_actions(self, state: BSState, side: str, figure_id: str, x: float, y: float) -> list[Action]:
        from .display.actions import point_actions
        return point_actions(state, side, figure_id, x, y)

    def figure_actions(self, state: BSState, side: str, figure_id: str, target_id: str | None) -> list[Action]:
        from .display.actions import figure_actions
        return figure_actions(state, side, figure_id, target_id)

    def preview(self, state: BSState, action: Action) -> dict:
        from .display.preview import preview
        return preview(state, action)

    def describe_action(self, action: Action) -> str:
        from .display.describe import describe_action
        return describe_action(action)

    #: the labels of :meth:`describe_action_in` name every figure: the app rewrites no ids in them
    labels_named = True

    def describe_action_in(self, state: BSState, action: Action) -> str:
        """The app's button label for ``action`` in ``state`` (figures named)."""
        from .display.describe import describe_action_in
        return describe_action_in(state, action)

    def figure_overlays(self, state: BSState, figure_id: str) -> dict:
        from .display.figures import figure_overlays
        return figure_overlays(state, figure_id)

    def sight(self, state: BSState, viewer_id: str, target_id: str):
        """The one sight adjudication (:func:`.sight.adjudicate`) for the overlay."""
        from . import sight as S
        return S.hook_sight(state, viewer_id, target_id)

    def sight_region(self, state: BSState, viewer_id: str):
        from . import sight as S
        return S.hook_region(state, viewer_id)

    def enemies_of(self, state: BSState, side: str) -> set[str]:
        return {x for x in state.sides if x != side}

    def side_style(self, side: str) -> str:
        return "friendly"

    # -- campaign and army builder ([16.1]-[16.3]) ---------------------------------------------------
    def campaign_carry(self, state: BSState, events: list, forces: dict, carried: dict) -> dict:
        """[16.1], [16.2] what the battle that ended in ``state`` leaves for the next one:
        ``forces`` (the next scenario's forces as plain dicts) with survivors and experience
        carried in, ``carried`` experience (id -> XP) and ``lines`` for the player
        (:mod:`.rules.campaign`)."""
        from .rules.campaign import aftermath, carry_over, summary_lines
        am = aftermath(state, events)
        new_forces, notes = carry_over(state, am, forces, carried)
        out = dict(carried)
        for uid, a in am.units.items():
            if a.xp_each:
                out[uid] = out.get(uid, 0.0) + a.xp_each
        for cid, xp in am.command_xp.items():
            out[cid] = out.get(cid, 0.0) + xp
        return {"forces": new_forces, "carried": out, "lines": summary_lines(state, am) + notes}

    def army_check(self, roster_path, scenario: Scenario) -> tuple[bool, list[str]]:
        """[16.3] a roster file against the scenario's points and power level: (fits, lines).
        Raises FileError for a bad roster."""
        from .rules.army import check_roster_file, report_lines
        chk = check_roster_file(roster_path, scenario)
        return chk.ok, report_lines(chk)

    def check_roster(self, roster_path) -> str:
        """[16.3] a roster file on its own (``battletable validate``): its ids known and
        its cost, as one line. Raises FileError (naming the file and field) for a bad one."""
        from game.data.errors import FileError
        from .rules.army import check_roster, unknown_reference
        from .rules.points import load_roster
        r = load_roster(roster_path)
        bad = unknown_reference(r)
        if bad:
            raise FileError(roster_path, *bad)
        chk = check_roster(r, None, None)
        return f"roster of {len(r.lines)} line{'s' if len(r.lines) != 1 else ''}, {chk.points:,} points"

    def army_report(self, scenario: Scenario) -> list[str]:
        """[16.3] each side's forces priced against the scenario's limits (the app's panel)."""
        from .rules.army import scenario_report
        return scenario_report(scenario)

    # -- AI hooks -----------------------------------------------------------------------------------
    def candidates(self, state: BSState, side: str, rng: random.Random) -> list[Action]:
        from .ai.candidates import candidates
        return candidates(state, side, rng)

    def score(self, state: BSState, side: str) -> float:
        from .ai.scoring import evaluate
        return evaluate(state, side)

    def agents(self) -> dict:
        from .ai.agent import GeneralAgent
        from .ai.previous import PreviousAgent  # the default of the last release (tools/freeze_agent.py)
        return {"default": GeneralAgent, "general": GeneralAgent, "previous": PreviousAgent}

    def illegal_examples(self, state: BSState, side: str) -> list[Action]:
        """Deliberately illegal actions for the conformance suite."""
        out: list[Action] = [A.Advance(side=side, unit="nobody", distance=10.0), A.Fire(side=side, unit="nobody", target="x")]
        mine = [u for u in state.units.values() if u.side == side and u.on_table]
        if mine:
            u = mine[0]
            out.append(A.Advance(side=side, unit=u.id, distance=100000.0))
            out.append(A.Wheel(side=side, unit=u.id, pivot="left", angle=720.0))
        if side != RULES_SIDE:
            out.append(A.RulesStep(side=side))
        return out

"""The Foxhole ruleset object (``RULESET``): set-up, legality, resolution,
outcome, views, display and AI hooks."""

from __future__ import annotations

import random

from game.core.action import Action
from game.core.dice import Dice
from game.core.event import Event
from game.core.logtext import plural
from game.core.ruleset import Accepted, Illegal, Legal, Outcome, Rejected
from game.core.ruleset_base import RulesetBase, verdict
from game.data.maps import MapFile
from game.data.scenario import Scenario

from . import actions as A
from . import events as E
from .apply import apply as apply_event
from .display import describe as D
from .display import table as T
from .orders import problem, resolve
from .rules.common import Emitter
from .rules.hidden import view as hidden_view
from .rules.missions import mission_numbers
from .setup import setup_state
from .state import FoxState
from .display.kinds import LOG_KINDS
from .display.help import HELP_LINES


class Foxhole(RulesetBase):
    """Foxhole: modern infantry, platoon to company (2004 draft)."""

    id = "foxhole"
    log_kinds = LOG_KINDS
    version = 6
    title = "Foxhole"
    help_lines = HELP_LINES
    #: the agents plan without a search budget (README, "AI"): the seat menu offers one
    #: "AI", no weak or strong one (game.ai.registry.has_strengths)
    agent_strengths = False
    #: the action that leaves an element unused this turn (the app's button that holds every unused element)
    pass_action = "fox_hold"

    def __init__(self) -> None:
        super().__init__(actions=A.ACTIONS, events=E.EVENTS, state=FoxState)

    # -- set-up --------------------------------------------------------------------
    def validate_scenario(self, sc: Scenario, m: MapFile):
        """Sides, profiles, params, locations, insertions, off-board assets (:mod:`.validation`)."""
        from .validation import validate
        return validate(sc, m)

    def validate_map(self, m: MapFile):
        """Feature kinds: the five terrain types and trenches (:mod:`.validation`)."""
        from .validation import validate_map
        return validate_map(m)

    def setup(self, scenario: Scenario, map_file: MapFile, dice: Dice) -> FoxState:
        return setup_state(scenario, map_file, self.id)

    # -- queries -------------------------------------------------------------------
    def legal_actions(self, state: FoxState, side: str) -> list[Action]:
        """The enumerable choices now (parametric moves and placements are
        sampled by :meth:`candidates`; these are all legal)."""
        if state.over or side != state.active:
            return []
        from .ai.candidates import enumerable
        return [a for a in enumerable(state, side) if not problem(state, a)]

    def check(self, state: FoxState, action: Action) -> Legal | Illegal:
        return verdict(problem(state, action))

    def resolve(self, state: FoxState, action: Action, dice: Dice) -> Accepted | Rejected:
        """Resolve an action ``check`` accepted (the engine checks first)."""
        em = Emitter(state, dice)
        resolve(em, action)
        return Accepted(tuple(em.events))

    def apply(self, state: FoxState, event: Event) -> None:
        apply_event(state, event)

    def outcome(self, state: FoxState) -> Outcome:
        got = sum(1 for o in state.objectives if o.achieved and o.number in mission_numbers(state))
        score = {"objectives taken": float(got)}
        if not state.decided:
            return Outcome(False, score=score)
        return Outcome(True, state.result_winner, state.result_reason, score)

    def objective_status(self, state: FoxState) -> dict[str, tuple[str, str]]:
        """The app's objectives panel, by side (each side's scenario
        objective): the winner's ticked and the loser's crossed once the
        battle is decided; while it is not, the attacker's line notes how many
        of its mission's objectives it has taken (when the state shows its mission)."""
        if state.decided and state.result_winner:
            return {sd: ("done" if sd == state.result_winner else "failed", "") for sd in state.sides}
        nums = mission_numbers(state) if state.mission.chosen else []
        if not nums:
            return {}
        got = sum(1 for o in state.objectives if o.achieved and o.number in nums)
        return {state.attacker: ("open", f"{got} of {len(nums)} taken")}

    def score_text(self, state: FoxState, score: dict[str, float]) -> str:
        """The score in words, saying whose objectives were taken (side ids as
        written, the app names them): "arvn took 1 of 3 objectives"."""
        got = int(score.get("objectives taken", 0))
        nums = mission_numbers(state) if state.mission.chosen else []
        of = f"{got} of {len(nums)} objectives" if nums else plural(got, "objective")
        return f"{state.attacker} took {of}"

    def view(self, state: FoxState, side: str | None) -> FoxState:
        """What ``side`` may know (:func:`.rules.hidden.view`)."""
        return hidden_view(state, side)

    def describe(self, event: Event) -> str:
        return D.describe(event)

    def describe_roll(self, event) -> str:
        """A roll's log line without the ``(secret)`` mark (:func:`.display.describe.roll_line`)."""
        return D.roll_line(event)

    def log_side(self, event: Event, units: dict[str, str]) -> str | None:
        """The side a log line belongs to where the event names no side: an
        attack's result is the attacker's, as its roll is (the side that is
        not the target's); None: the core's rule (:func:`game.core.logtext.line_side`)."""
        if isinstance(event, E.Attacked) and event.private:
            return event.private  # a secret attack's result, with its secret roll
        if isinstance(event, E.Attacked) and event.target in units:
            other = {s for s in units.values() if s != units[event.target]}
            return other.pop() if len(other) == 1 else None
        return None

    def private_to(self, event: Event) -> str | None:
        """The side only whose battle log may show ``event`` (None: both)."""
        return D.private_to(event)

    # -- display hooks -------------------------------------------------------------
    def figures(self, state: FoxState) -> list:
        return T.figures(state)

    def markers(self, state: FoxState) -> list:
        return T.markers(state)

    def briefing(self, state: FoxState) -> list[str]:
        return T.briefing(state)

    def point_actions(self, state: FoxState, side: str, figure_id: str, x: float, y: float) -> list[Action]:
        return T.point_actions(self, state, side, figure_id, x, y)

    def spot_point_actions(self, state: FoxState, side: str, x: float, y: float) -> list[Action]:
        """The action a click at exactly (x, y) mm asks for with no element
        selected: a possible objective there, in the objectives step (Mission
        Design). The app shows the rules' reason when it is refused."""
        if state.phase == "objectives" and state.active == side:
            return [A.PlaceObjective(side=side, x=round(x, 2), y=round(y, 2))]
        return []

    def figure_actions(self, state: FoxState, side: str, figure_id: str, target_id: str | None) -> list[Action]:
        return T.figure_actions(self, state, side, figure_id, target_id)

    def preview(self, state: FoxState, action: Action) -> dict:
        return T.preview(self, state, action)

    def describe_action(self, action: Action) -> str:
        return T.describe_action(action)

    def confirm(self, state: FoxState, action: Action) -> str | None:
        """A question before an off-board target on the side's own area or
        elements (Off-board Support: the strike hits either side), else None."""
        if type(action) is A.Designate:
            warn = T.designate_warning(state, action)
            if warn:
                return f"The fire would come down {warn}. Call it there?"
        return None

    def describe_action_in(self, state: FoxState, action: Action) -> str:
        """A button label naming places by grid square and feature (:func:`.display.table.describe_action_in`)."""
        return T.describe_action_in(state, action)

    def figure_overlays(self, state: FoxState, figure_id: str) -> dict:
        return T.figure_overlays(state, figure_id)

    def enemies_of(self, state: FoxState, side: str) -> set[str]:
        return T.enemies_of(state, side)

    def sight(self, state: FoxState, viewer_id: str, target_id: str):
        """The one sight adjudication (:func:`.sight.adjudicate`); None unless
        both are elements on the table."""
        from . import sight as S
        a, b = state.elements.get(viewer_id), state.elements.get(target_id)
        if a is None or b is None or not (a.on_table and b.on_table) or not (a.deployed and b.deployed):
            return None
        return S.adjudicate(state, a, b)

    def sight_region(self, state: FoxState, viewer_id: str):
        """Where the element's sight does not reach (:func:`.sight.region`)."""
        from . import sight as S
        a = state.elements.get(viewer_id)
        return S.region(state, a) if a is not None and a.on_table and a.deployed else None

    # -- AI hooks ------------------------------------------------------------------
    def candidates(self, state: FoxState, side: str, rng: random.Random) -> list[Action]:
        from .ai.candidates import candidates
        return candidates(state, side, rng)

    def score(self, state: FoxState, side: str) -> float:
        from .ai.scoring import evaluate
        return evaluate(state, side)

    def agents(self) -> dict:
        from .ai.agent import FoxholeAgent
        from .ai.previous import PreviousAgent  # the default of the last release (tools/freeze_agent.py)
        return {"default": FoxholeAgent, "commander": FoxholeAgent, "previous": PreviousAgent}

    def illegal_examples(self, state: FoxState, side: str) -> list[Action]:
        """Deliberately illegal actions for the conformance suite."""
        out: list[Action] = [A.Hold(side=side, element="nobody"), A.Interrupt(side=side, element="nobody"),
                             A.Designate(side=side, asset="nothing", x=10, y=10, number=5)]
        mine = [e for e in state.elements.values() if e.side == side and e.on_table]
        if mine:
            e = mine[0]
            out.append(A.Roll(side=side, element=e.id, cp=state.cp.get(side, 0) + 1))
            out.append(A.Move(side=side, element=e.id, path=((e.x + 2000, e.y),)))
        return out

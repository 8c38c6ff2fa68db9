"""The WW2 trench skirmish ruleset object (``RULESET``): set-up, legality,
resolution, outcome, the per-side view, the display and AI hooks."""

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
from .rules import missions
from .rules.common import Emitter
from .rules.orders import check_decision, check_order, resolve_decision, resolve_order
from .rules.setup import (check_barricade, check_deploy, resolve_barricade, resolve_deploy, resolve_keep, resolve_role,
                          resolve_skip, resolve_start, setup_state)
from .state import WWState
from .turn import active_side, end_sequence
from .validation import validate, validate_map
from .display.kinds import LOG_KINDS

DECISIONS = (A.ChooseLoss, A.AmbushFire, A.AmbushHold, A.ChooseTarget)


class WW2Skirmish(RulesetBase):
    """A WW2 trench skirmish: command cache, facing, composure, grenades, hidden missions, mechs."""

    id = "ww2_skirmish"
    log_kinds = LOG_KINDS
    version = 7
    title = "WW2 Trench Skirmish"
    #: hidden missions weigh in every choice an agent makes, so its reasons are its
    #: own side's to read (README, "Deviations and decisions": agents' reasons)
    reasons_private = True

    def __init__(self) -> None:
        super().__init__(actions=A.ACTIONS, events=E.EVENTS, state=WWState)

    # -- set-up -----------------------------------------------------------------
    def validate_scenario(self, sc: Scenario, m: MapFile):
        """Sides, forces (profiles, loadouts, perks, silver), params and the map's trenches (``validation.validate``)."""
        return validate(sc, m)

    def validate_map(self, m: MapFile):
        """Terrain kinds, trench owners, hole depths, objective kinds (``validation.validate_map``)."""
        return validate_map(m)

    def setup(self, scenario: Scenario, map_file: MapFile, dice: Dice) -> WWState:
        return setup_state(scenario, map_file, dice, self.sides(scenario))

    # -- queries ------------------------------------------------------------------
    def active_side(self, state: WWState) -> str | None:
        return active_side(state)

    def phase(self, state: WWState) -> str:
        if state.pending:
            return {"loss": "weapon lost", "ambush": "ambush", "target": "choose a target"}[state.pending[0].kind]
        return {"start": "set-up", "role": "choose a role", "missions": "missions", "deploy": "set-up",
                "battle": "activation", "over": "over"}.get(state.stage, state.stage)

    def legal_actions(self, state: WWState, side: str) -> list[Action]:
        from .ai.candidates import legal
        if state.over or side != active_side(state):
            return []
        return [a for a in legal(self, state, side) if self.check(state, a).ok]

    def check(self, state: WWState, action: Action) -> Legal | Illegal:
        return verdict(self._why(state, action))

    def _why(self, s: WWState, a: Action) -> str:
        if s.over:
            return "the battle is over"
        act = active_side(s)
        if a.side != act:
            return f"it is not {a.side}'s turn to act (waiting for {act})"
        if isinstance(a, A.StartBattle):
            return "" if a.side == RULES_SIDE and s.stage == "start" else "only the rules start the battle"
        if a.side == RULES_SIDE:
            return "the rules only start the battle"
        if s.pending:
            return check_decision(s, a) if isinstance(a, DECISIONS) else "a decision is awaited first"
        if isinstance(a, DECISIONS):
            return "no decision is awaited"
        if isinstance(a, A.ChooseRole):
            return "" if s.stage == "role" and a.side == s.priority else "only the priority winner chooses a role, once"
        if isinstance(a, A.KeepMission):
            h = s.hands[a.side]
            if s.stage != "missions" or h.kept is not None:
                return "missions are kept once, before the set-up"
            return "" if a.mission in h.drawn else "keep one of the two missions drawn"
        if isinstance(a, A.Deploy):
            return check_deploy(s, a.side, a.unit, a.x, a.y, a.heading)
        if isinstance(a, A.PlaceBarricade):
            return check_barricade(s, a.side, a.kind, a.x, a.y, a.heading)
        if isinstance(a, A.SkipBarricade):
            return "" if s.stage == "deploy" and s.barricade_due else "no barricade to set up now"
        if s.stage != "battle" or s.seq_side != a.side:
            return f"it is not {a.side}'s activation"
        if isinstance(a, A.EndActivation):
            return ""
        if isinstance(a, A.RevealMission):
            h = s.hands[a.side]
            if s.seq_started:
                return "a mission is revealed at the start of an activation"
            return "" if h.kept not in (None, "hidden") and not h.revealed else "no hidden mission to reveal"
        if isinstance(a, (*A.UNIT_ACTIONS, *A.GROUP_ACTIONS)):
            return check_order(s, a)
        return f"unknown action {a.type}"

    def resolve(self, state: WWState, action: Action, dice: Dice) -> Accepted | Rejected:
        em = Emitter(state, dice, apply_event)
        a = action
        if isinstance(a, A.StartBattle):
            resolve_start(em)
        elif isinstance(a, DECISIONS):
            resolve_decision(em, a)
        elif isinstance(a, A.ChooseRole):
            resolve_role(em, a.side, a.role)
        elif isinstance(a, A.KeepMission):
            resolve_keep(em, a.side, a.mission)
        elif isinstance(a, A.Deploy):
            resolve_deploy(em, a.side, a.unit, a.x, a.y, a.heading)
        elif isinstance(a, A.PlaceBarricade):
            resolve_barricade(em, a.side, a.kind, a.x, a.y, a.heading)
        elif isinstance(a, A.SkipBarricade):
            resolve_skip(em, a.side)
        elif isinstance(a, A.EndActivation):
            end_sequence(em)
        elif isinstance(a, A.RevealMission):
            missions.reveal(em, a.side, "its holder chose to")
        else:
            resolve_order(em, a)
        return Accepted(tuple(em.events))

    def apply(self, state: WWState, event: Event) -> None:
        apply_event(state, event)
        state.active = active_side(state)

    def outcome(self, state: WWState) -> Outcome:
        score = {f"{s} VP": float(state.hands[s].vp) for s in state.sides}
        score.update({f"{s} kills (silver)": float(state.destroyed.get(s, 0)) for s in state.sides})
        if state.stage in ("battle", "over"):
            standing = [s for s in state.sides if state.units_of(s)]
            if len(standing) < 2:
                win = standing[0] if standing else None
                return Outcome(True, win, "the enemy force is destroyed" if win else "both forces are destroyed", score)
        if not state.final or state.pending:
            return Outcome(False, score=score)
        a, b = state.sides
        va, vb = state.hands[a].vp, state.hands[b].vp
        if va != vb:
            w = a if va > vb else b
            return Outcome(True, w, f"victory points {max(va, vb)} to {min(va, vb)}", score)
        da, db = state.destroyed.get(a, 0), state.destroyed.get(b, 0)
        if da != db:
            w = a if da > db else b
            return Outcome(True, w, f"victory points level at {va}; silver destroyed {max(da, db)} to {min(da, db)}", score)
        return Outcome(True, None, f"victory points level at {va} and silver destroyed level at {da}", score)

    def view(self, state: WWState, side: str | None) -> WWState:
        """What ``side`` may see: the other side's mission cards, its
        Assassination target and charges are placeholders until revealed; no
        side sees the order of a deck (None and the rules see everything)."""
        v = state.clone()
        if side is None or side == RULES_SIDE:
            return v
        for sd, h in v.hands.items():
            if sd == side:
                h.deck = ["hidden" for _ in h.deck]
            else:
                v.hands[sd] = missions.hide(h, known=h.revealed)
        return v

    def describe(self, event: Event) -> str:
        """The words the rules wrote into the event (a turn's start: "Turn 2 of
        8 begins: the British act first"); a turn's start recorded before
        version 7 (no words of its own) as "Turn 2 of 8 begins: the red side
        acts first" (its phase holds "activation, turn 2 of 8")."""
        if event.type == "phase_began" and event.phase.startswith("activation, turn "):
            return f"Turn {event.phase.removeprefix('activation, turn ')} begins: the {event.side} side acts first"
        return getattr(event, "text", "") or ""

    # -- display hooks (display/) -----------------------------------------------
    def figures(self, state: WWState) -> list:
        from .display.figures import figures
        return figures(state)

    def markers(self, state: WWState) -> list:
        from .display.figures import markers
        return markers(state)

    def terrain(self, state: WWState) -> list:
        from .display.figures import terrain
        return terrain(state)

    def point_actions(self, state: WWState, side: str, figure_id: str, x: float, y: float) -> list[Action]:
        from .display.actions import point_actions
        return point_actions(self, state, side, figure_id, x, y)

    def figure_actions(self, state: WWState, side: str, figure_id: str, target_id: str | None) -> list[Action]:
        from .display.actions import figure_actions
        return figure_actions(self, state, side, figure_id, target_id)

    def preview(self, state: WWState, action: Action) -> dict:
        from .display.preview import preview
        return preview(self, state, action)

    def describe_action(self, action: Action) -> str:
        from .display.actions import describe_action
        return describe_action(action)

    def describe_action_in(self, state: WWState, action: Action) -> str:
        """A button label naming what the state knows (:func:`.display.actions.describe_action_in`)."""
        from .display.actions import describe_action_in
        return describe_action_in(state, action)

    def figure_overlays(self, state: WWState, figure_id: str) -> dict:
        from .display.preview import figure_overlays
        return figure_overlays(state, figure_id)

    def side_panel(self, state: WWState, side: str | None) -> list[str]:
        """The viewer's private lines for the app's side panel: its command
        cache and carry-over, its missions (the other side's only as revealed)."""
        from .display.panel import side_panel
        return side_panel(state, side)

    def sight(self, state: WWState, viewer_id: str, target_id: str):
        """The one sight adjudication (:func:`.sight.adjudicate`, with the exact
        visible share) for the overlay; None unless both are models on the table."""
        from . import sight as S
        a, b = state.models.get(viewer_id), state.models.get(target_id)
        if a is None or b is None or not (a.alive and b.alive) or not (state.units[a.unit].deployed and state.units[b.unit].deployed):
            return None
        return S.adjudicate(state, a, b, detail=True).verdict

    def sight_region(self, state: WWState, viewer_id: str):
        """Where the model's sight does not reach (:func:`.sight.region`), for the overlay."""
        from . import sight as S
        a = state.models.get(viewer_id)
        return S.region(state, a) if a is not None and a.alive and state.units[a.unit].deployed else None

    def enemies_of(self, state: WWState, side: str) -> set[str]:
        return {s for s in state.sides if s != side}

    def side_style(self, side: str) -> str:
        return "friendly"

    # -- AI hooks --------------------------------------------------------------------
    def candidates(self, state: WWState, side: str, rng: random.Random) -> list[Action]:
        from .ai.candidates import sample
        return sample(self, state, side, rng)

    def score(self, state: WWState, side: str) -> float:
        from .ai.scoring import evaluate
        return evaluate(state, side)

    def agents(self) -> dict:
        from .ai.agent import CommanderAgent
        from .ai.previous import PreviousAgent  # the default of the last release (tools/freeze_agent.py)
        return {"default": CommanderAgent, "commander": CommanderAgent, "previous": PreviousAgent}

    def illegal_examples(self, state: WWState, side: str) -> list[Action]:
        """Deliberately illegal actions for the conformance suite."""
        out: list[Action] = [A.Shoot(side=side, unit="nobody", target="nobody", weapon="lee_enfield"),
                             A.KeepMission(side=side, mission="no_such_mission"),
                             A.ChooseLoss(side=side, unit="nobody", weapon="bayonet")]
        mine = [u for u in state.units.values() if u.side == side and state.on_table(u)]
        if mine:
            u = mine[0]
            cx, cy = state.alive(u)[0].x, state.alive(u)[0].y
            out.append(A.Move(side=side, unit=u.id, x=cx + 900, y=cy, heading=0.0))
            out.append(A.Run(side=side, unit=u.id, headings=()))
        if side != RULES_SIDE:
            out.append(A.StartBattle(side=side))
        return out

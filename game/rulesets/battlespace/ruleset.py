"""The Battlespace ruleset object (``RULESET``): set-up, legality, resolution, outcome, AI hooks."""

from __future__ import annotations

import math
import random

from shapely.geometry import Point

from game.core.action import Action
from game.core.dice import Dice
from game.core.event import DiceRolled, Event
from game.core.ruleset import RULES_SIDE, Accepted, Illegal, Legal, Outcome, Rejected
from game.core.ruleset_base import RulesetBase
from game.data.maps import MapFile
from game.data.scenario import Scenario

from . import actions as A
from . import events as E
from . import sight as S
from .ai import FireteamAgent, evaluate, sample_candidates
from .apply import apply as apply_event
from .data import data
from .display import actions as display_actions, figures as display_figures, preview as display_preview
from .display.describe import describe as describe_event
from .geo import R, geo_of
from .names import display_name, name_of
from .rules.civilians import sweep
from .rules.common import Emitter
from .rules.missions import after_rolls, interactions
from .rules.orders import check_order, climb_target, on_exit, resolve_order
from .setup import setup_state
from .state import BSState
from .validation import validate, validate_map
from .turn import can_attempt, end_activation, handover, resolve_activate, resolve_clear, resolve_end_phase, resolve_sitrep
from .display.kinds import LOG_KINDS

ORDER_TYPES = (A.Move, A.Fire, A.Suppress, A.Throw, A.FireGear, A.Prone, A.Interact, A.Aid, A.Climb, A.ClearJam,
               A.Enter, A.Exfil)
MISSIONS = ("m1_survivors", "m2_awad", "m3_ambush", "m4_hostages", "m5_retreat")


class Battlespace(RulesetBase):
    """Battlespace: ultra-modern solo/co-op skirmish against the card-driven enemy."""

    id = "battlespace"
    log_kinds = LOG_KINDS
    version = 12
    title = "Battlespace"

    def __init__(self) -> None:
        super().__init__(actions=A.ACTIONS, events=E.EVENTS, state=BSState)

    # -- set-up ----------------------------------------------------------
    def validate_scenario(self, sc: Scenario, m: MapFile):
        """Sides, fireteams, cards, params, mission needs, objectives,
        special rules and models apart (``validation.validate``)."""
        return validate(sc, m, MISSIONS)

    def validate_map(self, m: MapFile):
        """Feature kinds and the properties the rules read (``validation.validate_map``)."""
        return validate_map(m)

    def setup(self, scenario: Scenario, map_file: MapFile, dice: Dice) -> BSState:
        return setup_state(scenario, map_file, dice, self.sides(scenario))

    # -- queries -----------------------------------------------------------
    def legal_actions(self, state: BSState, side: str) -> list[Action]:
        if state.over or side != state.active:
            return []
        if side == RULES_SIDE:
            return [A.SitrepPhase(side=side) if state.phase == "sitrep" else A.ClearPhase(side=side)]
        if state.current is None:
            out: list[Action] = [A.Activate(side=side, unit=f.id) for f in state.figs.values()
                                 if f.side == side and can_attempt(state, f)]
            return out + [A.EndPlayerPhase(side=side)]
        f = state.figs[state.current]
        u = f.id
        out = []
        for e in state.enemies():
            out += [A.Fire(side=side, unit=u, target=e.id), A.Fire(side=side, unit=u, target=e.id, aimed=True),
                    A.Suppress(side=side, unit=u, target=e.id)]
            out += [A.FireGear(side=side, unit=u, gear=g, target=e.id) for g in f.gear if data().gear[g].kind == "fire_aoe"]
        out += [A.Prone(side=side, unit=u, stand=f.prone), A.ClearJam(side=side, unit=u), A.Exfil(side=side, unit=u)]
        if f.on_table:
            out += [A.Interact(side=side, unit=u, what=w) for w in interactions(state, f)]
        for o in state.figs.values():
            if o.kind in ("soldier", "hostage") and o.on_table and o.wounds > 0 and math.hypot(o.x - f.x, o.y - f.y) <= 2 * R + 2:
                out.append(A.Aid(side=side, unit=u, target=o.id))
                out += [A.Aid(side=side, unit=u, target=o.id, gear=g) for g in f.gear if data().gear[g].kind == "heal"]
        g = geo_of(state)
        for p in g.elev + [q for q in g.pieces.values() if q.kind == "wall"]:
            if f.midway == p.id or f.on == p.id or p.polygon.distance(_pt(f)) <= R + 3:
                out.append(A.Climb(side=side, unit=u, feature=p.id))
        for vid in state.vehicles:
            out.append(A.Enter(side=side, unit=u, vehicle=vid, leave=f.vehicle == vid))
        out.append(A.EndActivation(side=side, unit=u))
        return [a for a in out if self.check(state, a).ok]

    def check(self, state: BSState, action: Action) -> Legal | Illegal:
        if state.over:
            return Illegal("the battle is over")
        if isinstance(action, (A.SitrepPhase, A.ClearPhase)):
            if action.side != RULES_SIDE:
                return Illegal("only the rules run the SITREP and Clear phases")
            want = "sitrep" if isinstance(action, A.SitrepPhase) else "clear"
            return Legal() if state.phase == want else Illegal(f"it is the {state.phase} phase, not {want}")
        if action.side not in state.teams:
            return Illegal(f"{action.side} is not a fireteam")
        if state.phase != "player" or state.active != action.side:
            return Illegal(f"it is not {action.side}'s player phase")
        if isinstance(action, A.EndPlayerPhase):
            return Legal() if state.current is None else Illegal(f"{name_of(state, state.current)} is still activated")
        f = state.figs.get(getattr(action, "unit", ""))
        if f is None or f.side != action.side or f.kind != "soldier":
            return Illegal(f"{action.side} has no soldier {getattr(action, 'unit', '?')!r}")
        if isinstance(action, A.Activate):
            if state.current is not None:
                return Illegal(f"{name_of(state, state.current)} is still activated")
            if f.status != "ok":
                return Illegal(f"{display_name(f)} is {f.status} and cannot be activated")
            return Legal() if can_attempt(state, f) else Illegal(f"{display_name(f)} has already been activated this turn")
        if state.current != f.id:
            return Illegal(f"{display_name(f)} is not the activated soldier")
        if isinstance(action, A.EndActivation):
            return Legal()
        if not isinstance(action, ORDER_TYPES):
            return Illegal(f"unknown action {action.type}")
        why = check_order(state, f, action)
        return Illegal(why) if why else Legal()

    def resolve(self, state: BSState, action: Action, dice: Dice) -> Accepted | Rejected:
        em = Emitter(state, dice, apply_event)
        sweep(em)  # Civilians: a civilian seeing a soldier from set-up reacts before the first action
        if isinstance(action, A.SitrepPhase):
            resolve_sitrep(em)
        elif isinstance(action, A.ClearPhase):
            resolve_clear(em)
        elif isinstance(action, A.EndPlayerPhase):
            resolve_end_phase(em, action.side)
        elif isinstance(action, A.Activate):
            resolve_activate(em, action)
        elif isinstance(action, A.EndActivation):
            end_activation(em, action.unit)
        else:
            resolve_order(em, em.s.figs[action.unit], action)
            f = em.s.figs[action.unit]
            if em.s.current == f.id and f.status != "ok":
                em.emit(E.ActivationEnded(unit=f.id))
            if em.s.current is None and em.s.phase == "player":
                handover(em, action.side)
        sweep(em)  # Civilians: first unobscured sight, however this action brought it about
        rolls = [(e.notation, e.natural) for e in em.events if isinstance(e, DiceRolled)]
        after_rolls(em, rolls)
        if em.s.phase == "player" and em.s.current is not None and em.s.figs[em.s.current].status != "ok":
            em.emit(E.ActivationEnded(unit=em.s.current))
            handover(em, action.side)
        return Accepted(tuple(em.events))

    def apply(self, state: BSState, event: Event) -> None:
        apply_event(state, event)

    def outcome(self, state: BSState) -> Outcome:
        score = {"exfil": float(sum(1 for f in state.figs.values() if f.kind == "soldier" and f.status == "exfil"))}
        if state.result is None:
            return Outcome(False, score=score)
        return Outcome(True, state.teams[0] if state.result == "success" else "enemy",
                       f"mission {state.result}: {state.result_reason}", score)

    def view(self, state: BSState, side: str | None) -> BSState:
        v = state.clone()
        if side is not None and side != RULES_SIDE:
            v.deck = sorted(v.deck)  # the deck's order is hidden; its contents are known
        return v

    def describe(self, event: Event) -> str:
        return describe_event(event)

    # -- display hooks (display/) --------------------------------------------
    def figures(self, state: BSState) -> list:
        return display_figures.figures(state)

    def markers(self, state: BSState) -> list:
        return display_figures.markers(state)

    def terrain(self, state: BSState) -> list:
        return display_figures.terrain(state)

    def point_actions(self, state: BSState, side: str, figure_id: str, x: float, y: float) -> list[Action]:
        return display_actions.point_actions(self, state, side, figure_id, x, y)

    def figure_actions(self, state: BSState, side: str, figure_id: str, target_id: str | None) -> list[Action]:
        return display_actions.figure_actions(self, state, side, figure_id, target_id)

    def preview(self, state: BSState, action: Action) -> dict:
        return display_preview.preview(self, state, action)

    def describe_action(self, action: Action) -> str:
        """A button label (ids where a name needs the state)."""
        return display_actions.describe_action(action)

    def action_words(self, state: BSState, action: Action) -> str:
        """The action in a sentence for an AI's reason: names, inches and
        directions (:func:`.display.actions.action_words`)."""
        return display_actions.action_words(state, action)

    def describe_action_in(self, state: BSState, action: Action) -> str:
        """A button label naming models and features ("Climb the low wall")."""
        return display_actions.describe_action(action, state)

    def describe_aimed(self, state: BSState, action: Action, aim) -> str | None:
        """The label of a move offered toward ``aim`` (a model id or a point) that
        stops short of it (:func:`.display.actions.describe_aimed`), else None."""
        return display_actions.describe_aimed(state, action, aim)

    def confirm(self, state: BSState, action: Action) -> str | None:
        """The question the app asks before ``action`` (None: none): ending the player
        phase with soldiers not yet activated (:func:`.display.actions.confirm`)."""
        return display_actions.confirm(state, action)

    def figure_overlays(self, state: BSState, figure_id: str) -> dict:
        return display_preview.figure_overlays(state, figure_id)

    def sight(self, state: BSState, viewer_id: str, target_id: str):
        """The one sight adjudication (:func:`.sight.adjudicate`, with the exact
        visible share) for the overlay; None unless both are models on the table."""
        a, b = state.figs.get(viewer_id), state.figs.get(target_id)
        if a is None or b is None or not (a.on_table and b.on_table):
            return None
        return S.adjudicate(state, a, b, detail=True)

    def sight_region(self, state: BSState, viewer_id: str):
        """Where the model's sight does not reach (:func:`.sight.region`), for the overlay."""
        a = state.figs.get(viewer_id)
        return S.region(state, a) if a is not None and a.on_table else None

    def enemies_of(self, state: BSState, side: str) -> set[str]:
        return display_figures.enemies_of(state, side)

    def side_style(self, side: str) -> str:
        return display_figures.side_style(side)

    def objective_status(self, state: BSState) -> dict[str, tuple[str, str]]:
        """Display hook: each mission objective done, failed or open, with its progress
        (:func:`.display.figures.objective_status`)."""
        return display_figures.objective_status(state)

    # -- AI hooks ------------------------------------------------------------
    def candidates(self, state: BSState, side: str, rng: random.Random) -> list[Action]:
        return sample_candidates(self, state, side, rng)

    def score(self, state: BSState, side: str) -> float:
        return evaluate(state, side)

    def data_slot(self):
        """The card data and the accessor the rules read it through (``data.SLOT``), for
        validated per-battle data overrides (game/core/overrides.py)."""
        from .data import SLOT
        return SLOT

    def agents(self) -> dict:
        from .ai.previous import PreviousAgent  # the default of the last release (tools/freeze_agent.py)
        return {"default": FireteamAgent, "fireteam": FireteamAgent, "previous": PreviousAgent}

    def illegal_examples(self, state: BSState, side: str) -> list[Action]:
        """Deliberately illegal actions for the conformance suite."""
        out: list[Action] = [A.Fire(side=side, unit="nobody", target="nobody"), A.Activate(side=side, unit="nobody")]
        mine = [f for f in state.figs.values() if f.side == side and f.kind == "soldier" and f.status == "ok"]
        if mine:
            f = mine[0]
            out.append(A.Move(side=side, unit=f.id, x=f.x + 500, y=f.y))
            out.append(A.Throw(side=side, unit=f.id, gear="frag_grenade", x=f.x + 400, y=f.y))
        if side != RULES_SIDE:
            out.append(A.SitrepPhase(side=side))
        return out


def _pt(f):
    return Point(f.x, f.y)


__all__ = ["Battlespace", "climb_target", "on_exit"]

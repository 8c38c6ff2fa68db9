"""A minimal ruleset that lives only in the tests: proves the engine, the
replays, the controller and the conformance suite before real rulesets land.

"Duel": two sides of a few models each take turns; on its turn a side may move
one model up to 100 mm, shoot once per model at a visible enemy (d6 of 4+
removes it; 5+ when the target touches terrain), and ends its turn. After both
sides have had a turn the rules side closes the round. The last side with
models wins; at the turn limit the side with more models wins, else a draw.
"""

from __future__ import annotations

import math
import random
from typing import Any, Literal

from pydantic import TypeAdapter
from shapely.geometry import LineString, Point, Polygon

from game.core.action import Action
from game.core.dice import Dice
from game.core.event import CORE_EVENTS, Event, Logged, PhaseBegan, Target
from game.core.model import Mm, make_codec
from game.core.ruleset import RULES_SIDE, Accepted, Illegal, Legal, Outcome, Rejected
from game.core.state import BattleState
from game.data.maps import MapFile
from game.data.scenario import Scenario

MOVE_MM = 100.0
BASE_R = 12.5


class Move(Action):
    type: Literal["toy_move"] = "toy_move"
    unit: str
    x: Mm
    y: Mm


class Shoot(Action):
    type: Literal["toy_shoot"] = "toy_shoot"
    unit: str
    target: str


class EndTurn(Action):
    type: Literal["toy_end_turn"] = "toy_end_turn"


class CloseRound(Action):
    type: Literal["toy_close_round"] = "toy_close_round"


class Moved(Event):
    type: Literal["toy_moved"] = "toy_moved"
    unit: str
    x: Mm
    y: Mm


class Fired(Event):
    type: Literal["toy_fired"] = "toy_fired"
    unit: str
    target: str


class Removed(Event):
    type: Literal["toy_removed"] = "toy_removed"
    unit: str


class TurnPassed(Event):
    type: Literal["toy_turn_passed"] = "toy_turn_passed"
    to: str


class Unit(BattleState.__base__):  # a plain pydantic BaseModel
    id: str
    side: str
    x: float
    y: float
    alive: bool = True
    moved: bool = False
    fired: bool = False


class ToyState(BattleState):
    units: dict[str, Unit]
    order: list[str]
    turn_limit: int
    to_act: int = 0
    table: tuple[float, float]
    blockers: list[list[tuple[float, float]]]


ACTIONS = (Move, Shoot, EndTurn, CloseRound)
EVENTS = CORE_EVENTS + (Moved, Fired, Removed, TurnPassed)


class Toy:
    id = "toy"
    version = 1
    title = "Duel (test ruleset)"

    def __init__(self) -> None:
        self._actions = make_codec(ACTIONS)
        self._events = make_codec(EVENTS)
        self._state = TypeAdapter(ToyState)
        self._blocker_cache: dict[int, list[Polygon]] = {}

    # -- set-up -----------------------------------------------------------------
    def sides(self, scenario: Scenario) -> list[str]:
        return [s.id for s in scenario.sides if s.playable]

    def validate_scenario(self, sc: Scenario, m: MapFile):
        for side, units in sc.forces.items():
            for u in units:
                if u.x is None or u.y is None:
                    return (f"forces.{side}.{u.id}", "toy units need x and y")
        return None

    def setup(self, scenario: Scenario, map_file: MapFile, dice: Dice) -> ToyState:
        units = {}
        for side, placed in scenario.forces.items():
            for u in placed:
                units[u.id] = Unit(id=u.id, side=side, x=u.x, y=u.y)
        sides = self.sides(scenario)
        return ToyState(ruleset=self.id, sides=sides, units=units, order=sides, turn_limit=scenario.turn_limit or 6,
                        phase="turn", active=sides[0], table=(map_file.table.width_mm, map_file.table.height_mm),
                        blockers=[list(f.exterior) for f in map_file.features if "blocks_sight" in f.tags])

    # -- queries -------------------------------------------------------------------
    def active_side(self, state: ToyState) -> str | None:
        return None if state.over else state.active

    def phase(self, state: ToyState) -> str:
        return state.phase

    def _blockers(self, state: ToyState) -> list[Polygon]:
        key = repr(state.blockers)  # by content: an id may be reused by another battle's list
        if key not in self._blocker_cache:
            self._blocker_cache = {key: [Polygon(b) for b in state.blockers]}
        return self._blocker_cache[key]

    def sees(self, state: ToyState, a: Unit, b: Unit) -> bool:
        line = LineString([(a.x, a.y), (b.x, b.y)])
        return not any(line.crosses(p) or line.within(p) for p in self._blockers(state))

    def sight(self, state: ToyState, viewer_id: str, target_id: str):
        """The toy's one sight adjudication: the centre-to-centre line (for the overlay)."""
        from game.core.sight import BLOCKS, Crossing, SightVerdict

        a, b = state.units.get(viewer_id), state.units.get(target_id)
        if a is None or b is None or not (a.alive and b.alive):
            return None
        ok = self.sees(state, a, b)
        line = LineString([(a.x, a.y), (b.x, b.y)])
        cross = () if ok else tuple(Crossing(f"block{i}", "a block", BLOCKS)
                                    for i, p in enumerate(self._blockers(state)) if line.crosses(p) or line.within(p))
        cover = "partial" if ok and self.touches_terrain(state, b) else "none"
        return SightVerdict(a.id, b.id, ok, cover, 1.0 if ok else 0.0, a.id, b.id, crossings=cross,
                            lines=(((a.x, a.y), (b.x, b.y)),), clause="toy duel: centre to centre")

    def touches_terrain(self, state: ToyState, u: Unit) -> bool:
        disc = Point(u.x, u.y).buffer(BASE_R + 1.0)
        return any(disc.intersects(p) for p in self._blockers(state))

    def legal_actions(self, state: ToyState, side: str) -> list[Action]:
        if state.over or side != state.active:
            return []
        if side == RULES_SIDE:
            return [CloseRound(side=RULES_SIDE)]
        out: list[Action] = [EndTurn(side=side)]
        mine = [u for u in state.units.values() if u.side == side and u.alive]
        foes = [u for u in state.units.values() if u.side != side and u.alive]
        for u in mine:
            if not u.fired:
                out += [Shoot(side=side, unit=u.id, target=f.id) for f in foes if self.sees(state, u, f)]
        return out

    def check(self, state: ToyState, action: Action) -> Legal | Illegal:
        if isinstance(action, CloseRound):
            return Legal() if action.side == RULES_SIDE else Illegal("only the rules close a round")
        if isinstance(action, EndTurn):
            return Legal()
        u = state.units.get(getattr(action, "unit", ""))
        if u is None or u.side != action.side:
            return Illegal(f"{action.side} has no model {getattr(action, 'unit', '?')!r}")
        if not u.alive:
            return Illegal(f"{u.id} has been removed")
        if isinstance(action, Move):
            if u.moved:
                return Illegal(f"{u.id} has already moved this turn")
            d = math.hypot(action.x - u.x, action.y - u.y)
            if d > MOVE_MM + 1e-9:
                return Illegal(f"a move is at most {MOVE_MM:g} mm; this one is {d:.1f} mm")
            w, h = state.table
            if not (BASE_R <= action.x <= w - BASE_R and BASE_R <= action.y <= h - BASE_R):
                return Illegal("the base would leave the table")
            path = LineString([(u.x, u.y), (action.x, action.y)]).buffer(BASE_R)
            for p in self._blockers(state):
                if path.intersects(p):
                    return Illegal("the move passes through blocking terrain")
            return Legal()
        if isinstance(action, Shoot):
            if u.fired:
                return Illegal(f"{u.id} has already fired this turn")
            t = state.units.get(action.target)
            if t is None or not t.alive or t.side == action.side:
                return Illegal(f"{action.target!r} is not an enemy model on the table")
            if not self.sees(state, u, t):
                return Illegal(f"{u.id} has no line of sight to {t.id}")
            return Legal()
        return Illegal(f"unknown action {action.type}")

    def resolve(self, state: ToyState, action: Action, dice: Dice) -> Accepted | Rejected:
        if isinstance(action, Move):
            return Accepted((Moved(unit=action.unit, x=action.x, y=action.y),))
        if isinstance(action, Shoot):
            t = state.units[action.target]
            cover = (("touching terrain", 1),) if self.touches_terrain(state, t) else ()
            need = Target(label="to hit", base=4, mods=cover, words=("hit", "miss"))
            roll = dice.roll("d6", f"{action.unit} shoots {t.id}", side=action.side, target=need)
            evs: list[Event] = [Fired(unit=action.unit, target=t.id), roll]
            if roll.passed:
                evs.append(Removed(unit=t.id))
            return Accepted(tuple(evs))
        if isinstance(action, EndTurn):
            i = state.order.index(action.side)
            nxt = state.order[i + 1] if i + 1 < len(state.order) else RULES_SIDE
            return Accepted((TurnPassed(to=nxt),))
        if isinstance(action, CloseRound):
            evs = [PhaseBegan(turn=state.turn + 1, phase="turn", side=state.order[0])]
            if state.turn >= state.turn_limit:
                evs = [Logged(text="turn limit reached")]
            return Accepted(tuple(evs))
        return Rejected(f"unknown action {action.type}")

    def apply(self, state: ToyState, event: Event) -> None:
        if isinstance(event, Moved):
            u = state.units[event.unit]
            u.x, u.y, u.moved = event.x, event.y, True
        elif isinstance(event, Fired):
            state.units[event.unit].fired = True
        elif isinstance(event, Removed):
            state.units[event.unit].alive = False
        elif isinstance(event, TurnPassed):
            state.active = event.to
            for u in state.units.values():
                u.moved = u.fired = False
        elif isinstance(event, PhaseBegan):
            state.turn, state.phase, state.active = event.turn, event.phase, event.side
        elif isinstance(event, Logged) and event.text == "turn limit reached":
            state.turn_limit = -1  # marks the end for outcome()

    def outcome(self, state: ToyState) -> Outcome:
        alive = {s: sum(1 for u in state.units.values() if u.side == s and u.alive) for s in state.order}
        standing = [s for s, n in alive.items() if n > 0]
        if len(standing) <= 1:
            return Outcome(True, standing[0] if standing else None, "last side standing", dict(alive))
        if state.turn_limit < 0:
            best = max(alive.values())
            top = [s for s, n in alive.items() if n == best]
            return Outcome(True, top[0] if len(top) == 1 else None, "turn limit", dict(alive))
        return Outcome(False, score=dict(alive))

    def view(self, state: ToyState, side: str | None) -> ToyState:
        return state.clone()

    def parse_action(self, data: dict[str, Any]) -> Action:
        return self._actions.validate_python(data)

    def parse_event(self, data: dict[str, Any]) -> Event:
        return self._events.validate_python(data)

    def load_state(self, text: str) -> ToyState:
        return self._state.validate_json(text)

    def describe(self, event: Event) -> str:
        if isinstance(event, Moved):
            return f"{event.unit} moves to ({event.x:.0f}, {event.y:.0f})"
        if isinstance(event, Removed):
            return f"{event.unit} is removed"
        if isinstance(event, Fired):
            return f"{event.unit} fires at {event.target}"
        if isinstance(event, TurnPassed):
            return f"{event.to} to play"
        return ""

    # -- display hooks ---------------------------------------------------------
    def figures(self, state: ToyState) -> list:
        from game.core.view import Figure

        return [Figure(id=u.id, side=u.side, x=u.x, y=u.y, radius=BASE_R, label=u.id,
                       markers=(("moved",) if u.moved else ()) + (("fired",) if u.fired else ()),
                       profile=(f"{u.id} ({u.side})", "move 100 mm, hits on 4+"))
                for u in state.units.values() if u.alive]

    def markers(self, state: ToyState) -> list:
        return []

    def point_actions(self, state: ToyState, side: str, figure_id: str, x: float, y: float) -> list[Action]:
        return [Move(side=side, unit=figure_id, x=x, y=y)]

    def figure_actions(self, state: ToyState, side: str, figure_id: str, target_id: str | None) -> list[Action]:
        if target_id is None:
            return [EndTurn(side=side)]
        return [Shoot(side=side, unit=figure_id, target=target_id)]

    # -- AI hooks ------------------------------------------------------------------
    def candidates(self, state: ToyState, side: str, rng: random.Random) -> list[Action]:
        out = self.legal_actions(state, side)
        if side == RULES_SIDE:
            return out
        for u in state.units.values():
            if u.side == side and u.alive and not u.moved:
                for _ in range(4):
                    ang = rng.uniform(0, 2 * math.pi)
                    d = rng.uniform(20, MOVE_MM)
                    out.append(Move(side=side, unit=u.id, x=u.x + d * math.cos(ang), y=u.y + d * math.sin(ang)))
        return [a for a in out if self.check(state, a).ok]

    def score(self, state: ToyState, side: str) -> float:
        mine = sum(1 for u in state.units.values() if u.side == side and u.alive)
        theirs = sum(1 for u in state.units.values() if u.side != side and u.alive)
        return mine - theirs

    def agents(self) -> dict:
        return {}

    def illegal_examples(self, state: ToyState, side: str) -> list[Action]:
        """Deliberately illegal actions for the conformance suite."""
        out: list[Action] = []
        for u in state.units.values():
            if u.side == side and u.alive:
                out.append(Move(side=side, unit=u.id, x=u.x + 500, y=u.y))
                break
        out.append(Shoot(side=side, unit="nobody", target="nobody"))
        return out


RULESET = Toy()

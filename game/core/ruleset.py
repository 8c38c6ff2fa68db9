"""The Ruleset protocol (design: The ruleset protocol) and the result types.

A ruleset decides (``check``, ``resolve``) without mutating and mutates only in
``apply``, one event at a time. ``resolve`` may roll the dice it is given and
must put every roll into the events it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence, runtime_checkable

from game.core.action import Action
from game.core.event import Event
from game.core.state import BattleState

if TYPE_CHECKING:  # pragma: no cover
    import random

    from game.core.dice import Dice
    from game.core.view import Figure, Marker
    from game.data.maps import MapFile
    from game.data.scenario import Scenario

#: The side id of the rules' own automated actions (enemy AI in Battlespace,
#: drifting hulks, ...). The turn controller advances it without asking anyone.
RULES_SIDE = "rules"


@dataclass(frozen=True)
class Legal:
    """``check`` found the action legal."""

    ok: bool = True


@dataclass(frozen=True)
class Illegal:
    """``check`` refused the action; ``reason`` cites the rule in plain words."""

    reason: str
    ok: bool = False


@dataclass(frozen=True)
class Accepted:
    """``resolve`` accepted the action; ``events`` say what happened, in order."""

    events: tuple[Event, ...]
    ok: bool = True


@dataclass(frozen=True)
class Rejected:
    """``resolve`` or the engine refused the action; nothing changed."""

    reason: str
    ok: bool = False


@dataclass(frozen=True)
class Outcome:
    """How a battle ended (or stands): ``winner`` None means a draw."""

    over: bool
    winner: str | None = None
    reason: str = ""
    score: dict[str, float] = field(default_factory=dict)


@runtime_checkable
class Ruleset(Protocol):
    """What every ``game/rulesets/<id>`` package exposes as ``RULESET``.

    Optional file checks (looked up with ``getattr``; not part of the
    runtime-checkable protocol), each returning ``(field, reason)`` for a
    one-line error or None:

    - ``validate_scenario(scenario, map_file)``: everything the generic file
      model cannot know - the sides the ruleset seats, units for every side
      that needs them, profiles, every ``params`` key it reads at scenario,
      unit and objective level (unknown keys refused naming the known ones,
      values typed and ranged; :mod:`game.data.params` helps), objective
      kinds and special rules it implements, set-up placement. Field paths
      name units by id: ``forces.chaos.cha_murder.params.kin``.
    - ``validate_map(map_file)``: feature kinds and properties the ruleset
      reads (where: ``feature <id> kind``). A ruleset with this hook is also
      given only maps made for it (or for no ruleset) whose deployment zones
      and exits name the scenario's sides (see
      :func:`game.battle.loading.open_scenario`); one without it plays on
      any map.

    Optional hot-seat hooks (also looked up with ``getattr``):

    - ``hidden_information`` (bool, default True): False when ``view`` hides
      nothing from any side; then two human seats pass the decision in place
      (a banner says who decides and why) instead of the full-screen handover.
    - ``decision_note(state, side) -> str``: why ``side`` is asked to act now,
      in words ("imperial decides whether the Lunar class cruiser braces
      against ..."), for that banner and the handover screen.
    """

    id: str
    version: int
    title: str

    def sides(self, scenario: "Scenario") -> list[str]:
        """Side ids the scenario seats, in seating order (excluding RULES_SIDE)."""

    def setup(self, scenario: "Scenario", map_file: "MapFile", dice: "Dice") -> BattleState:
        """The state at the start of the battle."""

    def active_side(self, state: BattleState) -> str | None:
        """The side to act now (maybe RULES_SIDE); None when over."""

    def phase(self, state: BattleState) -> str:
        """The current phase, in the ruleset's own terms."""

    def legal_actions(self, state: BattleState, side: str) -> list[Action]:
        """The enumerable choices of ``side`` now (parametric ones are checked)."""

    def check(self, state: BattleState, action: Action) -> Legal | Illegal:
        """Is ``action`` legal now? Never rolls, never mutates."""

    def resolve(self, state: BattleState, action: Action, dice: "Dice") -> Accepted | Rejected:
        """Decide what ``action`` does; may roll; never mutates ``state``."""

    def apply(self, state: BattleState, event: Event) -> None:
        """Apply one event to ``state`` in place (the only mutation)."""

    def outcome(self, state: BattleState) -> Outcome:
        """Winner, reason and score (``over`` False while playing)."""

    def view(self, state: BattleState, side: str | None) -> BattleState:
        """What ``side`` may see (None: everything, for spectators of AI battles)."""

    def parse_action(self, data: dict[str, Any]) -> Action:
        """Decode an action dict (raises pydantic.ValidationError)."""

    def parse_event(self, data: dict[str, Any]) -> Event:
        """Decode an event dict (raises pydantic.ValidationError)."""

    def load_state(self, text: str) -> BattleState:
        """Decode state JSON (saves, round-trip tests)."""

    def describe(self, event: Event) -> str:
        """The event in plain words for the battle log."""

    # Display hooks (the UI draws only through these) ------------------------
    def figures(self, state: BattleState) -> list["Figure"]:
        """Every model on the table as the UI should draw it (from a view)."""

    def markers(self, state: BattleState) -> list["Marker"]:
        """Blast markers, objectives, lanes and other things to draw."""

    def point_actions(self, state: BattleState, side: str, figure_id: str, x: float, y: float) -> list[Action]:
        """Actions of ``figure_id`` aimed at the table point (x, y) mm: move
        there, throw there, place a template there. Empty when none apply."""

    def figure_actions(self, state: BattleState, side: str, figure_id: str, target_id: str | None) -> list[Action]:
        """Actions of ``figure_id`` at another figure (shoot, assault, drag...)
        or, with ``target_id`` None, on itself (go prone, use gear, end)."""

    # AI hooks -------------------------------------------------------------
    def candidates(self, state: BattleState, side: str, rng: "random.Random") -> Sequence[Action]:
        """Actions worth considering for ``side`` (includes sampled parametric ones)."""

    def score(self, state: BattleState, side: str) -> float:
        """How good ``state`` is for ``side`` (higher is better)."""

    def agents(self) -> dict[str, Callable[..., Any]]:
        """Extra agent factories by name; ``random`` and ``default`` exist always."""

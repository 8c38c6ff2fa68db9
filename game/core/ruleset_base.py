"""The plumbing every ruleset shares (design: The ruleset protocol).

:class:`RulesetBase` holds the decoders of a ruleset's actions, events and
state and the hooks that read the same way in every ruleset (the playable
sides, the active side, the phase, the unhidden view); a ruleset subclasses
it and overrides what its text makes different. :func:`verdict` turns a
ruleset's "why not" text into the protocol's :class:`Legal`/:class:`Illegal`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from pydantic import TypeAdapter

from game.core.model import make_codec
from game.core.ruleset import Illegal, Legal

if TYPE_CHECKING:  # pragma: no cover
    from game.core.action import Action
    from game.core.event import Event
    from game.core.state import BattleState
    from game.data.scenario import Scenario


def verdict(why: str | None) -> Legal | Illegal:
    """``Legal()`` when ``why`` is None or empty, else ``Illegal(why)``."""
    return Illegal(why) if why else Legal()


class RulesetBase:
    """Codecs and the shared hooks of a ruleset.

    Args:
        actions: the ruleset's action classes (each a tagged pydantic model).
        events: its event classes.
        state: its state class (a :class:`~game.core.state.BattleState`).

    Raises:
        ValueError: when two action or two event classes share a ``type`` tag.
    """

    #: the ruleset's unit of time as the app's header names it ("Turn 3 of 8";
    #: Battlesystem plays in rounds: "Round 3 of 8")
    turn_word = "Turn"
    #: event type -> the battle log's short name for that kind of line (the
    #: "Kind:" filter button, :func:`game.core.logtext.kind_label`); each
    #: ruleset's ``display/kinds.py``
    log_kinds: dict[str, str] = {}
    #: the ruleset's own section of the in-battle Help: how a turn goes and what
    #: the player does, a few lines in the app's words (empty: the Help screen
    #: shows only its generic keys and mouse)
    help_lines: tuple[str, ...] = ()

    def __init__(self, *, actions: Iterable[type], events: Iterable[type], state: type) -> None:
        self._actions = make_codec(actions)
        self._events = make_codec(events)
        self._state = TypeAdapter(state)

    # -- set-up and queries -------------------------------------------------------
    def sides(self, scenario: "Scenario") -> list[str]:
        """The scenario's playable side ids, in the scenario's order."""
        return [s.id for s in scenario.sides if s.playable]

    def active_side(self, state: Any) -> str | None:
        """The side to act now; None once the battle is over."""
        return None if state.over else state.active

    def phase(self, state: Any) -> str:
        """The current phase in the ruleset's own words."""
        return state.phase

    def view(self, state: "BattleState", side: str | None) -> "BattleState":
        """A copy of the whole state: nothing is hidden from anyone."""
        return state.clone()

    # -- files ------------------------------------------------------------------------
    def parse_action(self, data: dict[str, Any]) -> "Action":
        """Decode an action dict (raises pydantic.ValidationError)."""
        return self._actions.validate_python(data)

    def parse_event(self, data: dict[str, Any]) -> "Event":
        """Decode an event dict (raises pydantic.ValidationError)."""
        return self._events.validate_python(data)

    def load_state(self, text: str) -> "BattleState":
        """Decode state JSON (raises pydantic.ValidationError)."""
        return self._state.validate_json(text)

"""The battle log: every event in plain words, rolls with their dice and
modifiers, each line tagged with its action, turn, side and kind so the log
can be filtered (no pygame)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from game.core.event import BattleEnded, DiceRolled, Event, PhaseBegan
from game.core.logtext import (event_line, event_turns, line_owner, line_side, unit_sides, reason_line, reason_owner, secret_mark, side_names,
                               why_after)


@dataclass(frozen=True)
class LogLine:
    """One line of the log."""

    action: int  #: index of the action that caused it
    turn: int
    side: str | None
    kind: str  #: "roll", "phase", "end" or the event type without the ruleset prefix
    text: str
    private: str | None = None  #: the only side that may read it (the ruleset's ``private_to``), None: both
    #: a private line as the log with no seated player reads it (the umpire's, as the headless log):
    #: marked with its side's name (:func:`game.core.logtext.secret_mark`); "" for a line both sides read
    marked: str = ""


#: log kinds of routine bookkeeping (a phase begun, an element used or done, command points counted)
ROUTINE_KINDS = frozenset({"phase", "why", "turn_reset", "command_points", "pending", "fire_order_set"})


def routine(line: "LogLine") -> bool:
    """True for a routine line (:data:`ROUTINE_KINDS`, or a model's activation
    begun or ended), False for what changed the battle (moves, fire, rolls,
    results): the hot-seat summary puts these first."""
    return line.kind in ROUTINE_KINDS or "activat" in line.kind


def event_kind(event: Event, ruleset_id: str = "") -> str:
    """The filter kind of an event."""
    if isinstance(event, DiceRolled):
        return "roll"
    if isinstance(event, PhaseBegan):
        return "phase"
    if isinstance(event, BattleEnded):
        return "end"
    t = event.type
    return t[len(ruleset_id) + 1:] if ruleset_id and t.startswith(ruleset_id + "_") else t


def event_text(ruleset, event: Event, sides=None) -> str:
    """The event in words: the one log formatter (:func:`game.core.logtext.event_line`),
    sides named as ``sides`` (a scenario or side id -> name) names them."""
    return event_line(ruleset, event, sides)


class BattleLog:
    """Log lines built from a battle's history; ``sides`` (the scenario, or
    side id -> name) names the sides in every line."""

    def __init__(self, ruleset, sides=None, turn: int = 1, units: Mapping[str, str] | None = None) -> None:
        self.ruleset = ruleset
        #: side id -> name, read once from the scenario (every line is named with it)
        self.naming = sides if sides is None or isinstance(sides, Mapping) else side_names(sides)
        #: unit id -> side (the scenario's forces), so a line about a unit is its side's (:func:`line_side`)
        self.units = dict(units) if units is not None else unit_sides(None if isinstance(sides, Mapping) else sides)
        self.lines: list[LogLine] = []
        #: the turn the battle starts in (0 for a ruleset whose set-up comes before turn 1)
        self.first_turn = turn
        self.turn = turn
        self.version = 0

    def add(self, index: int, action, events, reason: dict | None = None) -> None:
        """Lines for one accepted action and its events, each with the turn it
        happened in (:func:`event_turns`), and (kind ``why``) the reason its agent
        gave for choosing it, if any, under the side's own first event
        (:func:`why_after`); a line the ruleset
        marks private (``private_to(event)``, for hidden information) keeps
        the side that may read it, and under hidden information a reason is
        private to the side that gave it (it was weighed on that side's view)."""
        events = list(events)
        why = reason_line(reason, self.naming).strip()
        at = why_after(events, action.side, lambda ev: line_side(self.ruleset, ev, action.side, self.units))
        why_private = reason_owner(self.ruleset, action.side)
        why_marked = reason_line(reason, self.naming, why_private).strip() if why_private else ""
        if why and at < 0:
            self.lines.append(LogLine(index, self.turn, action.side, "why", why, why_private, why_marked))
        for i, (ev, turn) in enumerate(zip(events, event_turns(events, self.turn))):
            self.turn = turn
            side = line_side(self.ruleset, ev, action.side, self.units)
            owner = line_owner(self.ruleset, ev)
            text = event_text(self.ruleset, ev, self.naming)
            if text:  # "": an event the ruleset keeps out of the log (``quiet``)
                self.lines.append(LogLine(index, self.turn, side, event_kind(ev, self.ruleset.id), text, owner,
                                          secret_mark(owner, self.naming) + text if owner else ""))
            if why and i == at:
                self.lines.append(LogLine(index, self.turn, action.side, "why", why, why_private, why_marked))
        self.version += 1

    def rebuild(self, entries) -> None:
        """Start again from a list of history entries."""
        self.lines, self.turn = [], self.first_turn
        for i, e in enumerate(entries):
            self.add(i, e.action, e.events, e.reason)
        self.version += 1

    def kinds(self) -> list[str]:
        """Distinct kinds, in order of appearance."""
        return list(dict.fromkeys(ln.kind for ln in self.lines))

    def sides(self) -> list[str]:
        """Distinct sides, in order of appearance."""
        return [s for s in dict.fromkeys(ln.side for ln in self.lines) if s]

    def filtered(self, side: str | None = None, kind: str | None = None, upto: int | None = None,
                 viewer: str | None = None) -> list[LogLine]:
        """Lines of ``side`` and ``kind`` (None: all), of actions before ``upto``,
        that ``viewer`` may read. ``viewer`` None: every line, for a log with no
        seated player (an AI battle, the replay viewer), which is the umpire's:
        a private line reads as the headless log prints it, marked with the
        one side that may read it (:attr:`LogLine.marked`, "(NVA only) ...")."""
        keep = [ln for ln in self.lines if (side is None or ln.side == side) and (kind is None or ln.kind == kind)
                and (upto is None or ln.action < upto)]
        if viewer is None:
            return [replace(ln, text=ln.marked) if ln.marked else ln for ln in keep]
        return [ln for ln in keep if ln.private is None or ln.private == viewer]

"""Shared by the rules: the event emitter (a scratch copy kept in step),
element names as each side may read them, known enemies and yards."""

from __future__ import annotations

import math

from game.core.dice import Dice
from game.core.event import DiceRolled, Event, Logged, Target

from ..apply import apply
from ..state import Element, FoxState
from ..tables import TABLES

T = TABLES
#: the purpose of a roll only its side may read starts with this (``private_to``)
SECRET = "(secret) "


class Emitter:
    """Collects the events of one ``resolve`` and applies each to a scratch copy
    of the state, so later decisions see earlier effects (the real state is
    changed only by the engine)."""

    def __init__(self, state: FoxState, dice: Dice) -> None:
        self.s: FoxState = state.clone()
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, ev: Event) -> Event:
        apply(self.s, ev)
        self.events.append(ev)
        return ev

    def roll(self, notation: str, purpose: str, mods=(), side: str | None = None,
             target: Target | None = None, secret: bool = False) -> DiceRolled:
        """Roll and record; ``secret`` marks a roll only ``side`` may read in the log."""
        ev = self.dice.roll(notation, (SECRET if secret else "") + purpose, mods, side, target)
        self.emit(ev)
        return ev

    def log(self, text: str, side: str | None = None) -> None:
        self.emit(Logged(text=text, side=side))


def public_name(e: Element) -> str:
    """The element's name as the other side reads it: its marker while unrevealed (Hidden Units)."""
    return f"unidentified element #{e.marker}" if e.unrevealed else e.name


def yards_of(mm: float) -> int:
    """Table mm as whole ground yards (Basics - Ground Scale)."""
    return int(round(mm / T.yards(1.0)))


def dist(ax: float, ay: float, bx: float, by: float) -> float:
    return math.hypot(bx - ax, by - ay)


def known_enemies(s: FoxState, side: str) -> list[Element]:
    """Enemy combat elements ``side`` knows of: on the table and not hidden
    from it (Motivation results: "known enemy"; the same from a view as from
    the whole state, since a view shows unrevealed elements as markers)."""
    return [e for e in s.elements.values() if e.side != side and e.on_table and not e.unrevealed and e.combatant]


def nearest_known(s: FoxState, e: Element, x: float | None = None, y: float | None = None) -> Element | None:
    """The known enemy nearest (x, y) (default: the element's centre)."""
    px, py = (e.x, e.y) if x is None else (x, y)
    foes = known_enemies(s, e.side)
    return min(foes, key=lambda f: (dist(px, py, f.x, f.y), f.id)) if foes else None


def quality_word(q: int) -> str:
    """Elite, regular, green, untrained for 3..0 (Elements - Quality)."""
    for name in ("elite", "regular", "green", "untrained"):
        if T.quality_of(name) == q:
            return name
    return f"quality {q}"

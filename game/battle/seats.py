"""Seats: who plays each side."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.data.replay import SeatSpec


class SeatError(ValueError):
    """A ``--seat`` option that cannot be understood."""


@dataclass(frozen=True)
class Seat:
    """A human, or an AI agent by name with parameters."""

    kind: str = "ai"  # "human" | "ai"
    agent: str = "default"
    params: dict[str, Any] = field(default_factory=dict)

    def spec(self) -> SeatSpec:
        """The replay header's record of this seat."""
        return SeatSpec(kind=self.kind, agent=None if self.kind == "human" else self.agent, params=self.params)

    def __str__(self) -> str:
        return "human" if self.kind == "human" else f"ai:{self.agent}"


def parse_seat(text: str) -> tuple[str, Seat]:
    """Parse ``SIDE=human`` or ``SIDE=ai:NAME`` (``ai`` alone means ``ai:default``).

    Raises :class:`SeatError` with the reason.
    """
    side, eq, who = text.partition("=")
    if not eq or not side:
        raise SeatError(f"--seat {text!r}: expected SIDE=human or SIDE=ai:NAME")
    if who == "human":
        return side, Seat("human")
    if who == "ai" or who.startswith("ai:"):
        name = who[3:] or "default"
        return side, Seat("ai", name)
    raise SeatError(f"--seat {text!r}: who sits must be 'human' or 'ai:NAME'")


def seats_for(sides: list[str], given: dict[str, Seat]) -> dict[str, Seat]:
    """Every side's seat: those given, and ``ai:default`` for the rest.

    Raises :class:`SeatError` for a side the scenario does not have.
    """
    for s in given:
        if s not in sides:
            raise SeatError(f"--seat names side {s!r}, but the scenario's sides are {', '.join(sides)}")
    return {s: given.get(s, Seat("ai", "default")) for s in sides}

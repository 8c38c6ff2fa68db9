"""Actions: requests a side makes (imperative: ``Move``, ``Shoot``).

Each action names the ``side`` that asks. Rulesets subclass :class:`Action`.
"""

from __future__ import annotations

from typing import Literal

from game.core.model import Tagged


class Action(Tagged):
    """Base of every action: ``side`` is the side id that submits it."""

    side: str


class EndPhase(Action):
    """The acting side is done with the current phase or activation."""

    type: Literal["end_phase"] = "end_phase"


class Concede(Action):
    """The acting side gives up the battle."""

    type: Literal["concede"] = "concede"

"""The Agent protocol and its budget."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.core.action import Action
from game.core.ruleset import Ruleset
from game.core.state import BattleState


@dataclass(frozen=True)
class Budget:
    """How much an agent may think per decision.

    ``nodes`` bounds simulated actions (deterministic); ``seconds`` is an
    optional wall-clock bound for interactive play (None: no clock, so the
    same seed always gives the same choices).
    """

    nodes: int = 400
    seconds: float | None = None


@dataclass(frozen=True)
class Reason:
    """Why an agent chose what it did: the words saying what decided it
    (``"fires at Fighter 1: 55% to hit"``) and the best candidates it
    weighed, each as (label, score) in the agent's own units, best first."""

    text: str
    candidates: tuple[tuple[str, float], ...] = ()

    def __str__(self) -> str:
        if not self.candidates:
            return self.text
        best = "; ".join(f"{label} {score:.3g}" for label, score in self.candidates[:3])
        return f"{self.text} (weighed: {best})"

    def to_dict(self) -> dict:
        """The reason as a replay's action line records it."""
        return {"text": self.text, "candidates": [[label, round(float(score), 4)] for label, score in self.candidates]}


def action_label(ruleset: object, action: Action, state: object | None = None) -> str:
    """Short words for an action in a reason, which players read in the log
    and its hover: with ``state``, the ruleset's words for it in a sentence
    (``action_words(state, action)``: names, never ids or table
    coordinates) or its named button label (``describe_action_in``); else
    its button label (``describe_action``); else the action's type."""
    hooks = []
    if state is not None:
        hooks += [getattr(ruleset, "action_words", None), getattr(ruleset, "describe_action_in", None)]
    for hook in hooks:
        if hook is None:
            continue
        try:
            text = hook(state, action)
            if text:
                return text
        except Exception:  # noqa: BLE001 - a label never stops a decision
            pass
    describe = getattr(ruleset, "describe_action", None)
    if describe is not None:
        try:
            text = describe(action)
            if text:
                return text
        except Exception:  # noqa: BLE001 - a label never stops a decision
            pass
    return action.type.replace("_", " ")


def ranked_reason(ruleset: object, scored: list[tuple[float, Action]], why: str, top: int = 3,
                  state: object | None = None) -> Reason:
    """A :class:`Reason` from scored candidates (score, action), best first:
    ``why`` says what decided it; the best ``top`` are listed with scores,
    each in words (:func:`action_label`, named from ``state`` when given)."""
    best = sorted(scored, key=lambda t: -t[0])[:top]
    return Reason(why, tuple((action_label(ruleset, a, state), float(v)) for v, a in best))


def reason_of(agent: object) -> Reason | None:
    """The reason ``agent`` gave for its last choice, if it gives reasons
    (an agent without the ``reason`` attribute gives none; a plain string
    is taken as the words)."""
    r = getattr(agent, "reason", None)
    if isinstance(r, str):
        return Reason(r) if r else None
    return r if isinstance(r, Reason) else None


class Agent(Protocol):
    """Chooses an action for ``side`` from what that side may see.

    An agent may explain its choices: after ``choose`` it leaves a
    :class:`Reason` (or a short string) in its ``reason`` attribute; the
    controller reads it with :func:`reason_of`, the battle log shows it under
    the action and the replay records it (``verify`` does not compare it).
    Agents without the attribute still work unchanged.
    """

    name: str

    def choose(self, ruleset: Ruleset, view: BattleState, side: str) -> Action:
        """An action that ``ruleset.check`` accepts for ``side`` now."""

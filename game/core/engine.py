"""The one door for change (design principle 2).

:func:`step` checks and resolves an action, then applies its events one by
one. Nothing else mutates battle state.
"""

from __future__ import annotations

import hashlib
import json
from typing import Sequence

from game.core.action import Action
from game.core.dice import Dice
from game.core.event import BattleEnded, Event
from game.core.ruleset import Accepted, Rejected, Ruleset
from game.core.state import BattleState


class RulesetBug(RuntimeError):
    """A ruleset broke the protocol (e.g. rolled dice it did not report)."""


def step(ruleset: Ruleset, state: BattleState, action: Action, dice: Dice) -> Accepted | Rejected:
    """Resolve ``action`` and apply its events to ``state`` in place.

    Returns :class:`Accepted` with the events applied, or :class:`Rejected`
    with a reason and ``state`` and ``dice`` unchanged.

    Raises:
        RulesetBug: when the ruleset rolled dice without returning every
            ``DiceRolled`` event among its events.
    """
    if state.over:
        return Rejected("the battle is over")
    active = ruleset.active_side(state)
    if action.side != active:
        return Rejected(f"it is not {action.side}'s turn to act (waiting for {active})")
    verdict = ruleset.check(state, action)
    if not verdict.ok:
        return Rejected(verdict.reason)
    snap = dice.snapshot()
    n_before = len(dice.emitted)
    result = ruleset.resolve(state, action, dice)
    if not result.ok:
        dice.restore(snap)
        return result
    rolled = dice.emitted[n_before:]
    reported = {id(e) for e in result.events}
    missing = [r for r in rolled if id(r) not in reported]
    if missing:
        raise RulesetBug(f"{ruleset.id}: resolve of {action.type} rolled {len(missing)} dice it did not report ({missing[0].purpose})")
    for ev in result.events:
        ruleset.apply(state, ev)
        state.seq += 1
    out = ruleset.outcome(state)
    if out.over and not state.over:
        end = BattleEnded(winner=out.winner, reason=out.reason)
        _apply_end(state, end)
        result = Accepted(result.events + (end,))
    return result


def apply_recorded(ruleset: Ruleset, state: BattleState, events: Sequence[Event]) -> None:
    """Apply recorded events to ``state`` as :func:`step` applied them (a
    replay shown from its events, without resolving its actions)."""
    for ev in events:
        if isinstance(ev, BattleEnded):
            _apply_end(state, ev)
        else:
            ruleset.apply(state, ev)
            state.seq += 1


def _apply_end(state: BattleState, end: BattleEnded) -> None:
    state.over = True
    state.winner = end.winner
    state.end_reason = end.reason
    state.active = None
    state.seq += 1


def events_digest(events: Sequence[Event]) -> str:
    """SHA-256 of the events' canonical JSON (replay action lines)."""
    return dicts_digest([e.to_dict() for e in events])


def dicts_digest(dicts: Sequence[dict]) -> str:
    """SHA-256 of encoded events' canonical JSON: :func:`events_digest` of the
    events a replay records (format 2) without decoding them."""
    blob = json.dumps(list(dicts), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def commits(events: Sequence[Event]) -> bool:
    """True when the events make their action a commit point (a roll or a reveal)."""
    return any(type(e).COMMITS for e in events)

"""The turn controller: drives a battle seat by seat.

It advances the rules' own automated side and every AI seat without asking
anyone, stops when a human must act, and in hot-seat play raises a handover
between two human sides so the previous side's private view is hidden.
"""

from __future__ import annotations

import random
import time
from typing import Callable

from game.ai.agent import Agent, reason_of
from game.ai.registry import make_agent
from game.battle.seats import Seat, SeatError
from game.core.action import Action
from game.core.ruleset import RULES_SIDE, Accepted, Rejected, Ruleset
from game.core.session import Battle
from game.core.view import handover_needed


def seat_agent(ruleset: Ruleset, side: str, seat: Seat, rng: random.Random) -> Agent:
    """The agent of AI seat ``seat`` for ``side``; SeatError for an unknown agent."""
    try:
        return make_agent(ruleset, seat.agent, rng, seat.params)
    except KeyError as e:
        raise SeatError(f"--seat {side}=ai:{seat.agent}: {e.args[0]}") from None


class Controller:
    """Seats around one :class:`~game.core.session.Battle`.

    Args:
        battle: the battle.
        seats: side id -> :class:`Seat` for every playable side.
        on_step: called with (action, result) after every accepted action.
    """

    def __init__(self, battle: Battle, seats: dict[str, Seat], on_step: Callable[[Action, Accepted], None] | None = None) -> None:
        self.battle = battle
        self.seats = seats
        self.on_step = on_step
        self.agents: dict[str, Agent] = {}
        for side, seat in seats.items():
            if seat.kind == "ai":
                rng = battle.dice.agent_stream(f"{side}:{seat.agent}")
                self.agents[side] = seat_agent(battle.ruleset, side, seat, rng)
        self.humans = {s for s, seat in seats.items() if seat.kind == "human"}
        self.last_human: str | None = None
        #: wall-clock seconds of each AI decision (tools/bench_decisions.py)
        self.decision_seconds: list[float] = []
        #: CPU seconds of this process in each AI decision (the same decisions; apart from other load)
        self.decision_cpu_seconds: list[float] = []
        self.handover_to: str | None = None
        #: the ruleset hides part of the state from each side (default): then
        #: a change of human seat is a full handover, else it is asked in place
        self.hidden = bool(getattr(battle.ruleset, "hidden_information", True))
        #: a human side asked to act in place (no hidden information), until it acts
        self.asked_in_place: str | None = None

    @property
    def waiting_for(self) -> str | None:
        """The human side whose decision the battle waits for, or None."""
        side = self.battle.active_side
        return side if side in self.humans else None

    def _run(self, action: Action, reason: dict | None = None) -> Accepted | Rejected:
        result = self.battle.submit(action, reason)
        if result.ok and self.on_step:
            self.on_step(action, result)
        return result

    def advance(self, max_actions: int | None = None) -> str | None:
        """Play automated and AI actions until a human must act, the battle
        ends, or ``max_actions`` were taken. Returns the side waited for."""
        with self.battle.holding():  # the agents weigh this battle's data
            return self._advance(max_actions)

    def _advance(self, max_actions: int | None) -> str | None:
        done = 0
        rs = self.battle.ruleset
        while not self.battle.over and (max_actions is None or done < max_actions):
            side = self.battle.active_side
            if side in self.humans:
                break
            reason = None
            if side == RULES_SIDE:
                action = rs.legal_actions(self.battle.state, RULES_SIDE)[0]
            elif side in self.agents:
                view = rs.view(self.battle.state, side)
                agent = self.agents[side]
                if hasattr(agent, "reason"):
                    agent.reason = None
                start, cpu = time.perf_counter(), time.process_time()
                action = agent.choose(rs, view, side)
                self.decision_seconds.append(time.perf_counter() - start)
                self.decision_cpu_seconds.append(time.process_time() - cpu)
                why = reason_of(agent)
                reason = why.to_dict() if why is not None else None
            else:
                raise RuntimeError(f"no seat for side {side!r}")
            result = self._run(action, reason)
            if not result.ok:
                raise RuntimeError(f"{rs.id}: {side} chose an illegal action {action.type}: {result.reason}")
            done += 1
        self._check_handover()
        return self.waiting_for

    def _check_handover(self) -> None:
        side = self.waiting_for
        if side is not None and handover_needed(self.last_human, side, self.humans):
            if self.hidden:
                self.handover_to = side
            else:
                self.asked_in_place = side

    def submit(self, action: Action) -> Accepted | Rejected:
        """A human's action. Rejected when it is not that human's turn."""
        if action.side not in self.humans:
            return Rejected(f"{action.side} is not a human seat")
        result = self._run(action)
        if result.ok:
            self.last_human = action.side
            self.asked_in_place = None
            self._check_handover()
        return result

    def catch_up(self, action: Action) -> None:
        """Before ``action`` is re-submitted from a record (resuming a replay):
        the agent seated for its side decides as it did in the unbroken battle,
        so its random stream and memory stand where they would have; the
        recorded action, not this choice, is what the battle takes."""
        side = self.battle.active_side
        if side in self.agents and side == action.side:
            with self.battle.holding():
                self.agents[side].choose(self.battle.ruleset, self.battle.ruleset.view(self.battle.state, side), side)

    def acknowledge_handover(self) -> None:
        """The next player has taken the seat: show their view."""
        self.handover_to = None

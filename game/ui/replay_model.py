"""A replay opened for viewing (no pygame): verified, re-simulated once, with
the state after every action kept so stepping and jumping are instant."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from game.battle.loading import open_replay
from game.core.engine import apply_recorded, commits
from game.core.history import Entry
from game.core.replay import verify, version_problem
from game.core.session import Battle
from game.data.errors import action_problem
from game.ui.log import BattleLog


class ReplayModel:
    """Positions are (k, j): the state after ``k`` actions and the first ``j``
    events of action ``k``.

    Raises:
        FileError: a bad replay file.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.ruleset, self.record = open_replay(path)
        self.verdict = verify(self.record, self.ruleset)
        h = self.record.header
        self.scenario, self.map, self.seed = h.scenario, h.map, h.seed
        battle = Battle(self.ruleset, h.scenario, h.map, h.seed)
        self.states = [battle.state.clone()]
        self.entries = []
        self.stopped: str = ""  #: why re-simulation stopped early, if it did
        #: recorded with another ruleset version: shown from its recorded events (not re-simulated)
        self.recorded_only = version_problem(self.record, self.ruleset) is not None and self.record.has_events
        if self.recorded_only:
            self._from_events(battle)
        for i, line in enumerate([] if self.recorded_only else self.record.actions):
            try:
                action = self.ruleset.parse_action(line.action)
            except ValidationError as e:
                self.stopped = f"action {i}: {action_problem(e)}"
                break
            r = battle.submit(action, line.reason)  # the agent's recorded reason, for the log
            if not r.ok:
                self.stopped = f"action {i} ({action.type}) is rejected: {r.reason}"
                break
            self.entries.append(battle.history.entries[-1])
            self.states.append(battle.state.clone())
        self.log = BattleLog(self.ruleset, self.scenario, self.states[0].turn)
        self.log.rebuild(self.entries)

    def _from_events(self, battle) -> None:
        """States from the recorded events applied one by one (another
        ruleset version: as far as this version can decode them)."""
        state = battle.state.clone()
        for i, line in enumerate(self.record.actions):
            try:
                action = self.ruleset.parse_action(line.action)
                events = tuple(self.ruleset.parse_event(e) for e in line.events or [])
                apply_recorded(self.ruleset, state, events)
            except Exception as e:  # noqa: BLE001 - an action or event this version cannot read
                self.stopped = f"action {i} cannot be shown by this version ({e.__class__.__name__})"
                return
            self.entries.append(Entry(action, events, commits(events)))
            self.states.append(state.clone())

    @property
    def actions(self) -> int:
        """Number of actions that could be re-simulated."""
        return len(self.entries)

    @property
    def first_bad(self) -> int | None:
        """The action where verification fails (None: verified)."""
        return None if self.verdict.ok else self.verdict.first_bad

    @property
    def unfinished(self) -> bool:
        """True when the replay ends without its end line (the program was
        stopped mid-battle, or the file was cut): what there is is shown."""
        return self.record.end is None

    def cut_off(self) -> list[str]:
        """What the viewer says of a replay cut off before its end line: where
        it stops and that the battle was not finished (or, when the battle
        was over, that its end line is missing), and a torn last line left
        out; [] for a whole replay."""
        if not self.unfinished:
            return []
        last = self.states[-1]
        out = [f"This replay stops at turn {last.turn}: "
               + ("the battle was over, but its end line is missing" if last.over else "the battle was not finished")]
        if self.record.truncated:
            out.append("its last line was cut off and is left out")
        return out

    def state_at(self, k: int, j: int = 0):
        """The state after ``k`` actions and ``j`` events of the next one."""
        k = max(0, min(k, self.actions))
        if j <= 0 or k >= self.actions:
            return self.states[k]
        st = self.states[k].clone()
        for ev in self.entries[k].events[:j]:
            self.ruleset.apply(st, ev)
        return st

    def events_in(self, k: int) -> int:
        """How many events action ``k`` has."""
        return len(self.entries[k].events) if 0 <= k < self.actions else 0

    def turn_of(self, k: int) -> int:
        """The turn after ``k`` actions."""
        return self.states[max(0, min(k, self.actions))].turn

    def index_of_turn(self, turn: int) -> int:
        """The first position whose turn is at least ``turn`` (the end if none)."""
        for k, s in enumerate(self.states):
            if s.turn >= turn:
                return k
        return self.actions

    def turn_starts(self) -> list[tuple[int, int]]:
        """(turn, position) where each turn begins."""
        out, last = [], None
        for k, s in enumerate(self.states):
            if s.turn != last:
                out.append((s.turn, k))
                last = s.turn
        return out

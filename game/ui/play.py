"""A battle being played in the app: battle, controller, seats, replay writer
and log together (no pygame). The battle scene drives it; tests may too."""

from __future__ import annotations

import time
from pathlib import Path

from pydantic import ValidationError

from game.battle.controller import Controller
from game.battle.loading import check_embedded, open_scenario
from game.battle.seats import Seat, seats_for
from game.core.replay import ReplayWriter
from game.core.ruleset import RULES_SIDE
from game.core.session import Battle
from game.data.errors import FileError
from game.ui.log import BattleLog
from game.ui.saves import read_save, write_save
from game.ui.settings import config_dir


def default_replay_path(stem: str, seed: int) -> Path:
    """Where a battle's replay goes when none was named."""
    return config_dir() / "replays" / f"{stem}-seed{seed}-{time.strftime('%Y%m%d-%H%M%S')}.replay.jsonl"


class PlaySession:
    """One battle in the app.

    Args:
        ruleset, scenario, map_file, seed: the battle.
        seats: side -> Seat (missing sides get the default AI).
        replay: replay file to write (default: one in the config folder).
        scenario_path: where the scenario came from (saved with the game).
        actions: actions to re-play first (a loaded save).
    """

    def __init__(self, ruleset, scenario, map_file, seed: int, seats: dict[str, Seat], replay: str | Path | None = None,
                 scenario_path: str | Path | None = None, actions=()) -> None:
        self.ruleset = ruleset
        self.scenario_path = Path(scenario_path) if scenario_path else None
        self.seats = seats_for(ruleset.sides(scenario), dict(seats))
        self.battle = Battle(ruleset, scenario, map_file, seed)
        self.replay_path = Path(replay) if replay else default_replay_path(scenario.id, seed)
        self.writer = ReplayWriter(self.replay_path, self.battle, {k: v.spec() for k, v in self.seats.items()})
        self.log = BattleLog(ruleset)
        self.controller = Controller(self.battle, self.seats, on_step=self._on_step)
        for i, a in enumerate(actions):
            r = self.battle.submit(a)
            if not r.ok:
                self.close()
                raise ValueError(f"action {i} ({a.type}) was rejected: {r.reason}")
            self.log.add(i, a, r.events)
        last = next((a.side for a in reversed(list(actions)) if a.side in self.controller.humans), None)
        self.controller.last_human = last
        #: the human side whose view is shown (None: all, AI against AI)
        self.viewer: str | None = self._first_viewer()

    @classmethod
    def from_scenario(cls, path: str | Path, seed: int, seats: dict[str, Seat], replay=None) -> "PlaySession":
        """Open a scenario file (FileError for a bad one)."""
        rs, sc, m = open_scenario(path)
        return cls(rs, sc, m, seed, seats, replay, scenario_path=path)

    @classmethod
    def from_save(cls, path: str | Path, replay=None) -> "PlaySession":
        """Resume a saved game. Raises :class:`FileError` for a bad, corrupt
        or foreign save (nothing else changes)."""
        sv = read_save(path)
        rs = check_embedded(path, "", sv.ruleset, sv.scenario, sv.map, sv.seats)
        try:
            actions = [rs.parse_action(a) for a in sv.actions]
        except ValidationError as e:
            raise FileError(path, "actions", f"an action cannot be decoded ({e.errors()[0]['msg']})") from None
        seats = {s: Seat(spec.kind, spec.agent or "default", dict(spec.params)) for s, spec in sv.seats.items()}
        # re-simulate on a scratch battle first, so a bad save writes no replay
        scratch = Battle(rs, sv.scenario, sv.map, sv.seed)
        try:
            scratch.replay_actions(actions)
        except ValueError as e:
            raise FileError(path, "actions", str(e)) from None
        return cls(rs, sv.scenario, sv.map, sv.seed, seats, replay, sv.scenario_path, actions)

    # -- queries ---------------------------------------------------------------------
    def _first_viewer(self) -> str | None:
        humans = [s for s in self.battle.ruleset.sides(self.battle.scenario) if s in self.controller.humans]
        w = self.controller.waiting_for
        return w or (humans[0] if humans else None)

    @property
    def humans(self) -> set[str]:
        """Human sides."""
        return self.controller.humans

    @property
    def waiting_for(self) -> str | None:
        """The human side to act now, if any."""
        return self.controller.waiting_for

    @property
    def ai_to_act(self) -> bool:
        """True when an AI or the rules side is to act."""
        b = self.battle
        return not b.over and b.active_side is not None and b.active_side not in self.humans

    def view(self):
        """The state the viewer may see."""
        return self.ruleset.view(self.battle.state, self.viewer)

    # -- change ------------------------------------------------------------------------
    def _on_step(self, action, result) -> None:
        self.log.add(len(self.battle.history) - 1, action, result.events)

    def submit(self, action):
        """A human's action (Accepted or Rejected)."""
        return self.controller.submit(action)

    def step_ai(self, n: int | None = 1) -> int:
        """Let AI and rules sides act (``n`` actions, None: until a human
        must act). Returns the number of actions taken."""
        before = len(self.battle.history)
        self.controller.advance(max_actions=n)
        return len(self.battle.history) - before

    def take_seat(self) -> None:
        """The next human sits down (after a handover, or at the start)."""
        self.controller.acknowledge_handover()
        w = self.waiting_for
        if w is not None:
            self.viewer = w

    def can_undo(self) -> int:
        """How many trailing actions the viewer may take back."""
        return self.battle.can_undo(self.viewer) if self.viewer else 0

    def undo(self) -> int:
        """Take back the viewer's actions since the last commit point."""
        n = self.battle.undo(self.viewer) if self.viewer else 0
        if n:
            self.log.rebuild(self.battle.history.entries)
        return n

    def save(self, path: str | Path) -> Path:
        """Save the game atomically."""
        return write_save(path, self)

    def close(self) -> None:
        """Close the replay file."""
        self.writer.close()

    @property
    def rules_active(self) -> bool:
        """True when the rules' own side is to act."""
        return self.battle.active_side == RULES_SIDE

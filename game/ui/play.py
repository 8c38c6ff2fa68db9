"""A battle being played in the app: battle, controller, seats, replay writer
and log together (no pygame). The battle scene drives it; tests may too."""

from __future__ import annotations

import time
from pathlib import Path

from pydantic import ValidationError

from game.battle.controller import Controller
from game.battle.loading import open_replay, open_save, open_scenario
from game.battle.seats import Seat, seats_for
from game.core.replay import ReplayRecord, ReplayWriter, resume_battle
from game.core.ruleset import RULES_SIDE
from game.core.session import Battle
from game.data.errors import FileError, action_problem
from game.ui.log import BattleLog
from game.ui.saves import write_save
from game.ui.settings import config_dir


#: what the Load dialogs offer: saved games and (unfinished) battles' replays
LOAD_SUFFIXES = (".save.json", ".replay.jsonl")


def load_folders() -> list[Path]:
    """Where the Load dialogs look: the config folder's saves (autosaves
    among them), then its replays."""
    return [config_dir() / "saves", config_dir() / "replays"]


def load_note(path: Path) -> str | None:
    """What the Load list says of ``path`` beside its name: why a replay
    cannot be continued (empty, cut off, not a replay; judged from its first
    line, :func:`game.core.replay.header_problem`), or None."""
    from game.core.replay import header_problem

    return header_problem(path) if str(path).endswith(".jsonl") else None


def load_failed_text(path: str | Path, e: FileError) -> str:
    """The Load failed message: which file, what it is, and why it cannot be
    loaded ("Could not continue the battle in r.replay.jsonl: the file is
    empty ...", then the full path)."""
    what = "continue the battle in" if str(path).endswith(".jsonl") else "load the saved game"
    where = f" ({e.where})" if e.where else ""
    return f"Could not {what} {Path(e.path).name}: {e.reason}{where}\nFile: {e.path}"


def load_session(path: str | Path) -> "PlaySession":
    """A save (:meth:`PlaySession.from_save`) or a replay to continue
    (:meth:`PlaySession.from_replay`), by the file's name. Raises FileError."""
    if str(path).endswith(".jsonl"):
        return PlaySession.from_replay(path)
    return PlaySession.from_save(path)


def default_replay_path(stem: str, seed: int) -> Path:
    """Where a battle's replay goes when none was named."""
    return config_dir() / "replays" / f"{stem}-seed{seed}-{time.strftime('%Y%m%d-%H%M%S')}.replay.jsonl"


class PlaySession:
    """One battle in the app, with one replay file from its start to its end
    across saves, loads and crashes.

    Args:
        ruleset, scenario, map_file, seed: the battle.
        seats: side -> Seat (missing sides get the default AI).
        replay: replay file to write (default: one in the config folder).
        scenario_path: where the scenario came from (saved with the game).
        actions: actions to re-play first into a new replay (a loaded save
            whose replay is gone).
        record, keep: continue this replay instead (:meth:`from_replay`,
            :meth:`from_save`): its first ``keep`` actions are re-played, then
            the file is appended to (with an undo line when ``keep`` is less
            than it holds).
    """

    def __init__(self, ruleset, scenario, map_file, seed: int, seats: dict[str, Seat], replay: str | Path | None = None,
                 scenario_path: str | Path | None = None, actions=(), record: ReplayRecord | None = None,
                 keep: int | None = None) -> None:
        self.ruleset = ruleset
        self.scenario_path = Path(scenario_path) if scenario_path else None
        self.seats = seats_for(ruleset.sides(scenario), dict(seats))
        self.battle = Battle(ruleset, scenario, map_file, seed)
        self.log = BattleLog(ruleset, scenario, self.battle.state.turn)
        self.controller = Controller(self.battle, self.seats, on_step=self._on_step)
        #: why the last autosave failed (None: it did not)
        self.autosave_error: str | None = None
        if record is not None:
            self.replay_path = record.path
            keep = len(record.actions) if keep is None else keep
            prefix = ReplayRecord(record.path, record.header, record.actions[:keep], record.checkpoints,
                                  record.end if keep == len(record.actions) else None, record.truncated, record.valid_bytes)
            resume_battle(prefix, ruleset, lambda b, a: self.controller.catch_up(a), battle=self.battle)
            self.writer = ReplayWriter.append(prefix, self.battle)
            if keep < len(record.actions):
                self.writer.on_undo(self.battle, keep)
            self.log.rebuild(self.battle.history.entries)
            actions = self.battle.history.actions()
        else:
            self.replay_path = Path(replay) if replay else default_replay_path(scenario.id, seed)
            self.writer = ReplayWriter(self.replay_path, self.battle, {k: v.spec() for k, v in self.seats.items()})
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
    def from_replay(cls, path: str | Path, seats: dict[str, Seat] | None = None) -> "PlaySession":
        """Continue an unfinished battle from its replay (after a crash, or
        from the Load dialog): its actions are re-played, each checked
        against its recorded events, and the battle goes on in the same file
        with the recorded seats (``seats`` overrides some).

        Raises:
            FileError: a bad replay, another ruleset version, a finished
                battle, or a record that does not re-play (nothing written).
        """
        rs, rec = open_replay(path)
        if rec.end is not None:
            raise FileError(path, "", "this battle is over; watch it with Replays")
        h = rec.header
        recorded = {s: Seat(spec.kind, spec.agent or "default", dict(spec.params)) for s, spec in h.seats.items()}
        return cls(rs, h.scenario, h.map, h.seed, {**recorded, **(seats or {})}, record=rec)

    @classmethod
    def from_save(cls, path: str | Path, replay=None) -> "PlaySession":
        """Resume a saved game. Raises :class:`FileError` for a bad, corrupt
        or foreign save (nothing else changes). The battle goes on in the
        replay the save names when that replay holds the save's actions
        (one replay file per battle); else in a new replay."""
        rs, sv = open_save(path)
        actions = []
        for i, a in enumerate(sv.actions):
            try:
                actions.append(rs.parse_action(a))
            except ValidationError as e:
                raise FileError(path, f"actions[{i}]", action_problem(e)) from None
        seats = {s: Seat(spec.kind, spec.agent or "default", dict(spec.params)) for s, spec in sv.seats.items()}
        # re-simulate on a scratch battle first, so a bad save writes no replay
        scratch = Battle(rs, sv.scenario, sv.map, sv.seed)
        try:
            scratch.replay_actions(actions)
        except ValueError as e:
            raise FileError(path, "actions", str(e)) from None
        rec = None if replay else _replay_of(sv)
        if rec is not None:
            return cls(rs, sv.scenario, sv.map, sv.seed, seats, scenario_path=sv.scenario_path, record=rec, keep=len(actions))
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
        self.log.add(len(self.battle.history) - 1, action, result.events, self.battle.history.entries[-1].reason)
        if self.battle.history.entries[-1].commit:
            self.autosave()

    @property
    def autosave_path(self) -> Path:
        """This battle's autosave: one per replay, in the config folder's saves."""
        stem = Path(self.replay_path).name.removesuffix(".replay.jsonl")
        return config_dir() / "saves" / f"autosave-{stem}.save.json"

    def autosave(self) -> Path | None:
        """Save to :attr:`autosave_path` (after every commit point); a failure
        is kept in :attr:`autosave_error`, never raised mid-battle."""
        try:
            p = write_save(self.autosave_path, self, autosave=True)
        except FileError as e:
            self.autosave_error = str(e)
            return None
        self.autosave_error = None
        return p

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


def _replay_of(sv) -> ReplayRecord | None:
    """The replay a save names, when it is of the same battle (ruleset
    version, scenario, map, seed) and its standing actions begin with the
    save's; else None (the save then starts a new replay)."""
    if not sv.replay:
        return None
    try:
        rs, rec = open_replay(sv.replay)
    except FileError:
        return None
    h = rec.header
    same = (h.ruleset == sv.ruleset and h.ruleset_version == rs.version == sv.ruleset_version and h.seed == sv.seed
            and h.scenario == sv.scenario and h.map_sha256 == sv.map.sha256())
    if not same or len(rec.actions) < len(sv.actions):
        return None
    if any(line.action != a for line, a in zip(rec.actions, sv.actions)):
        return None
    return rec

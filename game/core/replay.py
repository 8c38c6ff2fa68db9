"""Replays: written as the battle runs, read back, verified, continued.

The writer puts the header first, then appends and flushes one line per
accepted action (format 2: the action, its events and their digest), an undo
line when actions are taken back, a state checkpoint every
``checkpoint_every`` actions, and an end line. A file cut off mid-line (a
crash) loads up to its last complete line, and :meth:`ReplayWriter.append`
continues it from there. Format 1 files (digests without events) still load
and verify.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Callable

from pydantic import ValidationError

import game
from game.core.action import Action
from game.core.engine import dicts_digest, events_digest
from game.core.history import Entry
from game.core.ruleset import Ruleset
from game.core.session import Battle
from game.core.logtext import plural
from game.data import limits
from game.data.errors import FileError, action_problem, from_validation
from game.data.io import loads, os_reason, read_bytes
from game.data.maps import map_problems
from game.data.replay import REPLAY_FORMAT, ActionLine, CheckpointLine, EndLine, ReplayHeader, SeatSpec, UndoLine


def _line(obj) -> str:
    import json

    return json.dumps(obj, sort_keys=True, separators=(",", ":")) + "\n"


class ReplayWriter:
    """A :class:`~game.core.session.Listener` that streams a battle to a JSONL file.

    Raises:
        FileError: naming the file when it cannot be created or written.
    """

    def __init__(self, path: str | Path, battle: Battle, seats: dict[str, SeatSpec], checkpoint_every: int = 10,
                 _append_at: int | None = None) -> None:
        self.path = Path(path)
        self.checkpoint_every = checkpoint_every
        self._ended = False
        self.format_version = REPLAY_FORMAT  #: a format 1 file goes on in format 1 (no events)
        try:
            if _append_at is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._f: IO[str] = open(self.path, "w", encoding="utf-8")
            else:
                os.truncate(self.path, _append_at)  # drop a line a crash cut off
                self._f = open(self.path, "a", encoding="utf-8")
        except OSError as e:
            raise FileError(self.path, "", f"cannot write replay ({os_reason(e)})") from None
        if _append_at is None:
            header = ReplayHeader(
                format_version=REPLAY_FORMAT,
                game_version=game.__version__,
                ruleset=battle.ruleset.id,
                ruleset_version=battle.ruleset.version,
                map_id=battle.map.id,
                map_sha256=battle.map.sha256(),
                seed=battle.seed,
                seats=seats,
                checkpoint_every=checkpoint_every,
                scenario=battle.scenario,
                map=battle.map,
            )
            self._write(header.model_dump(mode="json"))
        battle.listeners.append(self)

    @classmethod
    def append(cls, record: "ReplayRecord", battle: Battle) -> "ReplayWriter":
        """Continue ``record``'s file for ``battle``, which has re-played the
        record's standing actions (:func:`resume_battle`): a line a crash cut
        off is dropped, new lines follow the last complete one; a checkpoint
        due after the last action and cut off is written first. Writes the end
        line at once if the battle ended but the crash came before its line."""
        w = cls(record.path, battle, record.header.seats, record.header.checkpoint_every, _append_at=record.valid_bytes)
        w.format_version = record.header.format_version
        n = len(battle.history)
        if n and n % w.checkpoint_every == 0 and n not in record.checkpoints:
            # the crash came between an action line and its checkpoint: write the one due
            w._write(CheckpointLine(index=n, state_sha256=battle.state.digest()).model_dump(mode="json"))
        if battle.over and record.end is None:
            w._write_end(battle)
        return w

    def _write(self, obj: dict) -> None:
        try:
            self._f.write(_line(obj))
            self._f.flush()
        except (OSError, ValueError) as e:
            raise FileError(self.path, "", f"cannot write replay ({os_reason(e)})") from None

    def _write_end(self, battle: Battle) -> None:
        self._ended = True
        s = battle.state
        self._write(EndLine(winner=s.winner, reason=s.end_reason, turns=s.turn, actions=len(battle.history)).model_dump(mode="json"))

    def on_action(self, battle: Battle, entry: Entry) -> None:
        """Append the action line with its events (and a checkpoint when due)."""
        n = len(battle.history)
        events = [e.to_dict() for e in entry.events]
        line = ActionLine(index=n - 1, action=entry.action.to_dict(), events_sha256=dicts_digest(events),
                          n_events=len(events), events=events if self.format_version >= 2 else None,
                          reason=entry.reason).model_dump(mode="json", exclude_none=self.format_version < 2)
        if line.get("reason", 0) is None or self.format_version < 2:
            line.pop("reason", None)  # no reason (or format 1, which has none): the line as before
        self._write(line)
        if n % self.checkpoint_every == 0:
            self._write(CheckpointLine(index=n, state_sha256=battle.state.digest()).model_dump(mode="json"))
        if battle.over and not self._ended:
            self._write_end(battle)

    def on_undo(self, battle: Battle, keep: int) -> None:
        """Append an undo line."""
        self._write(UndoLine(keep=keep).model_dump(mode="json"))
        self._ended = battle.over

    def close(self) -> None:
        """Flush and close the file."""
        if not self._f.closed:
            try:
                self._f.close()
            except OSError as e:
                raise FileError(self.path, "", f"cannot write replay ({os_reason(e)})") from None


@dataclass
class ReplayRecord:
    """A replay read back: the header, the actions that stand, checkpoints.

    ``valid_bytes`` is the length of the file up to its last complete line
    (where :meth:`ReplayWriter.append` continues).
    """

    path: Path
    header: ReplayHeader
    actions: list[ActionLine] = field(default_factory=list)
    checkpoints: dict[int, str] = field(default_factory=dict)
    end: EndLine | None = None
    truncated: str | None = None  #: why reading stopped early (a crash), if it did
    valid_bytes: int = 0

    @property
    def has_events(self) -> bool:
        """True when every action records its events (format 2)."""
        return all(a.events is not None for a in self.actions)


#: why an empty replay file cannot be read
EMPTY_REPLAY = "the file is empty (a replay starts with a header line; this one has none)"


def header_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot be a replay, judged from its first line alone (what
    a file list can afford for every file): empty, cut off in its header,
    not JSON or not a replay header; None when the header line looks whole.
    Reads at most the replay size limit; never raises."""
    try:
        with open(path, "rb") as f:
            first = f.readline(limits.MAX_REPLAY_BYTES)
    except OSError as e:
        return f"cannot be read ({e.strerror or e.__class__.__name__})"
    if not first.strip():
        return "the file is empty"
    if not first.endswith(b"\n"):
        return "the header was cut off"
    try:
        head = json.loads(first)
    except ValueError:
        return "not a replay (its first line is not JSON)"
    if not isinstance(head, dict) or head.get("line") != "header":
        return "not a replay (its first line is not a replay header)"
    return None


def read_replay(path: str | Path) -> ReplayRecord:
    """Read a replay file within the limits (:mod:`game.data.limits`).

    Raises :class:`FileError` on a bad header (the embedded map is checked as
    a map file is) or a malformed line before the last; a torn last line is
    dropped and noted in :attr:`ReplayRecord.truncated`."""
    p = Path(path)
    raw = read_bytes(p, limits.MAX_REPLAY_BYTES)
    lines = raw.split(b"\n")
    torn = lines.pop()  # b"" when the file ends with a newline
    if len(lines) > limits.MAX_REPLAY_LINES:
        raise FileError(p, "", f"{len(lines)} lines (the limit is {limits.MAX_REPLAY_LINES})")
    if not lines:
        if torn.strip():
            raise FileError(p, "line 1", "the header was cut off (a crash before the battle began?)")
        raise FileError(p, "", EMPTY_REPLAY)

    def text(no: int, b: bytes) -> str:
        try:
            return b.decode("utf-8")
        except UnicodeDecodeError:
            raise FileError(p, f"line {no}", "not UTF-8 text") from None

    head = loads(p, text(1, lines[0]), "line 1")
    if not isinstance(head, dict) or head.get("line") != "header":
        raise FileError(p, "line 1", "first line is not a replay header")
    try:
        header = ReplayHeader.model_validate(head)
    except ValidationError as e:
        err = from_validation(p, e, data=head)
        raise FileError(p, f"line 1 {err.where}", err.reason) from None
    probs = map_problems(header.map)
    if probs:
        raise FileError(p, f"line 1 map {probs[0][0]}", probs[0][1])
    if header.map.sha256() != header.map_sha256:
        raise FileError(p, "line 1 map_sha256", f"replay was recorded on another map (map {header.map_id!r} has SHA-256 {header.map.sha256()[:12]}..., header says {header.map_sha256[:12]}...)")
    if header.map_id != header.map.id:
        raise FileError(p, "line 1 map_id", f"header names map {header.map_id!r} but embeds map {header.map.id!r}")
    if header.scenario.ruleset != header.ruleset:
        raise FileError(p, "line 1 ruleset", f"header says {header.ruleset!r} but the scenario is for {header.scenario.ruleset!r}")
    rec = ReplayRecord(p, header, valid_bytes=len(raw) - len(torn))
    kinds = {"action": ActionLine, "undo": UndoLine, "checkpoint": CheckpointLine, "end": EndLine}
    for no, b in enumerate(lines[1:], start=2):
        obj = loads(p, text(no, b), f"line {no}")
        model = kinds.get(obj.get("line")) if isinstance(obj, dict) and isinstance(obj.get("line"), str) else None
        if model is None:
            raise FileError(p, f"line {no}", "unknown line kind")
        try:
            item = model.model_validate(obj)
        except ValidationError as e:
            err = from_validation(p, e, data=obj)
            raise FileError(p, f"line {no} {err.where}", err.reason) from None
        if rec.end is not None and not isinstance(item, UndoLine):
            raise FileError(p, f"line {no}", f"a {obj['line']} line after the end line")
        if isinstance(item, ActionLine):
            if item.index != len(rec.actions):
                raise FileError(p, f"line {no} index", f"action index {item.index} out of sequence (expected {len(rec.actions)})")
            if header.format_version == 1 and item.events is not None:
                raise FileError(p, f"line {no} events", "a format 1 replay records no events")
            if header.format_version >= 2 and item.events is None:
                raise FileError(p, f"line {no} events", "missing field (format 2 records every action's events)")
            rec.actions.append(item)
        elif isinstance(item, UndoLine):
            if item.keep > len(rec.actions):
                raise FileError(p, f"line {no} keep", f"undo keeps {item.keep} of only {len(rec.actions)} actions")
            del rec.actions[item.keep:]
            rec.checkpoints = {k: v for k, v in rec.checkpoints.items() if k <= item.keep}
            if rec.end is not None and item.keep < rec.end.actions:
                rec.end = None
        elif isinstance(item, CheckpointLine):
            if item.index > len(rec.actions):
                raise FileError(p, f"line {no} index", f"checkpoint after action {item.index}, but only {len(rec.actions)} actions precede it")
            rec.checkpoints[item.index] = item.state_sha256
        else:
            rec.end = item
    if torn:
        rec.truncated = (f"cut off in line {len(lines) + 1} (a crash?): "
                         f"loaded {len(rec.actions)} complete action{'s' if len(rec.actions) != 1 else ''}")
    return rec


@dataclass(frozen=True)
class Verdict:
    """The result of :func:`verify`.

    ``ok``: everything recorded matches. ``first_bad``: the first action that
    does not (None when it is the header or the end line). ``needs`` is the
    ruleset version the replay needs when it is not this program's (then it
    was not re-simulated). ``unfinished`` says the replay has no end line.
    """

    ok: bool
    actions: int
    first_bad: int | None = None
    reason: str = ""
    needs: int | None = None
    unfinished: bool = False

    @property
    def where(self) -> str:
        """Where the problem is: ``line 1 ruleset_version``, ``action N`` or
        ``end line`` (empty when ok)."""
        if self.ok:
            return ""
        if self.reason.startswith(("the end line", "recorded with", "replay is for")) or self.first_bad is None:
            return "line 1 ruleset_version" if self.first_bad is None and not self.reason.startswith("the end line") else "end line"
        return f"action {self.first_bad}"


def version_problem(record: ReplayRecord, ruleset: Ruleset) -> str | None:
    """Why ``ruleset`` cannot re-simulate ``record``: another ruleset, or
    another version of it (re-simulation needs exactly the recorded one)."""
    h = record.header
    if ruleset.id != h.ruleset:
        return f"replay is for ruleset {h.ruleset!r}, not {ruleset.id!r}"
    if ruleset.version != h.ruleset_version:
        return (f"recorded with {h.ruleset} version {h.ruleset_version}; this program has version {ruleset.version}, "
                f"and re-simulating it needs {h.ruleset} version {h.ruleset_version}")
    return None


def _recorded_problem(i: int, line: ActionLine) -> str | None:
    """Whether an action line's own events agree with its digest and count."""
    if line.events is None:
        return None
    if len(line.events) != line.n_events:
        return f"action {i} records {len(line.events)} events but n_events says {line.n_events}"
    if dicts_digest(line.events) != line.events_sha256:
        return f"action {i}'s recorded events do not match their events_sha256"
    return None


def action_words(ruleset: Ruleset, action) -> str:
    """Who did what, in the words a player reads, for a verification message:
    ``"imperial: Move ahead 6.2\""`` (the side's id, which the app and the
    command line name as the scenario does; the ruleset's ``describe_action``
    label, else the action's type in words)."""
    try:
        text = str(ruleset.describe_action(action) or "")
    except Exception:  # noqa: BLE001 - a message never fails for its label
        text = ""
    text = text or action.type.replace("_", " ")
    return f"{action.side}: {text}" if getattr(action, "side", None) else text


def verify(record: ReplayRecord, ruleset: Ruleset,
           on_step: Callable[[Battle, int, Entry], None] | None = None, keep_going: bool = False) -> Verdict:
    """Re-simulate ``record`` with ``ruleset`` and check everything recorded:
    the ruleset and its exact version, every action's events (their digest,
    their count and, in format 2, the events themselves), every checkpoint,
    and the whole end line (winner, reason, turns, actions). A replay without
    an end line verifies up to where it stops, with ``unfinished`` set.
    ``on_step(battle, i, entry)`` is called after each re-simulated action;
    with ``keep_going`` re-simulation goes on past the first difference (as
    long as the actions are accepted) and that first difference is returned."""
    h = record.header
    why = version_problem(record, ruleset)
    if why:
        return Verdict(False, 0, None, why, needs=h.ruleset_version if ruleset.id == h.ruleset else None)
    battle = Battle(ruleset, h.scenario, h.map, h.seed)
    if 0 in record.checkpoints and record.checkpoints[0] != battle.state.digest():
        return Verdict(False, 0, 0, "the starting state differs from its checkpoint")
    first: Verdict | None = None
    for i, line in enumerate(record.actions):
        try:
            action = ruleset.parse_action(line.action)
        except ValidationError as e:
            return first or Verdict(False, i, i, f"action {i}: {action_problem(e)}")
        result = battle.submit(action)
        if not result.ok:
            return first or Verdict(False, i, i, f"action {i} ({action_words(ruleset, action)}) is rejected: {result.reason}")
        if on_step is not None:
            on_step(battle, i, battle.history.entries[-1])
        if first is not None:
            continue
        got = [e.to_dict() for e in result.events]
        want = record.checkpoints.get(i + 1)
        problem = None
        what = action_words(ruleset, action)
        if len(got) != line.n_events:
            problem = f"action {i} ({what}) produced {plural(len(got), 'event')}; the file says {line.n_events}"
        elif dicts_digest(got) != line.events_sha256:
            problem = f"action {i} ({what}) produced other events than recorded"
        elif line.events is not None and line.events != got:
            k = next((j for j, (a, b) in enumerate(zip(line.events, got)) if a != b), 0)
            problem = f"action {i} ({what}): its recorded event {k + 1} of {len(line.events)} differs from the re-simulated one"
        elif want is not None and want != battle.state.digest():
            problem = f"state after action {i} ({what}) differs from its checkpoint"
        if problem:
            first = Verdict(False, i, i, problem)
            if not keep_going:
                return first
    n = len(record.actions)
    s = battle.state
    last = n - 1 if n else None
    if first is not None:
        return first
    if record.end is None:
        if s.over:
            return Verdict(True, n, None, f"verified; unfinished: the battle ended ({s.winner or 'a draw'}) but the end line is missing", unfinished=True)
        return Verdict(True, n, None, f"verified up to where it stops; unfinished: no end line (after {n} action{'s' if n != 1 else ''}, turn {s.turn})"
                       if n else "verified; unfinished: no action and no end line", unfinished=True)
    end = record.end
    if not s.over:
        return Verdict(False, n, last, f"the end line says the battle ended ({end.winner or 'a draw'}) but after {n} actions it goes on")
    got_end = (s.winner, s.end_reason, s.turn, n)
    names = [name for name, want_v, got_v in zip(("winner", "reason", "turns", "actions"),
                                                 (end.winner, end.reason, end.turns, end.actions), got_end) if want_v != got_v]
    if names:
        return Verdict(False, n, last, f"the end line's {' and '.join(names)} differ{'s' if len(names) == 1 else ''}: "
                                       f"it says \"{_ended(end.winner, end.reason, end.turns, end.actions)}\", "
                                       f"re-simulated: \"{_ended(*got_end)}\"")
    return first or Verdict(True, n, None, "verified")


def _ended(winner: str | None, reason: str, turns: int, actions: int) -> str:
    who = f"{winner} won" if winner is not None else "a draw"
    return f"{who} ({reason}) on turn {turns} after {actions} action{'s' if actions != 1 else ''}"


def resume_battle(record: ReplayRecord, ruleset: Ruleset,
                  before_each: Callable[[Battle, Action], None] | None = None, battle: Battle | None = None) -> Battle:
    """A fresh battle that has re-played ``record``'s standing actions, each
    checked against its recorded events digest (the replay's battle as it
    stood at its last complete action). ``before_each(battle, action)`` is
    called before each action is submitted (the seats' agents catch up);
    ``battle`` is the fresh battle to use (default: a new one).

    Raises:
        FileError: naming the file and the action, for another ruleset
            version, an action that cannot be decoded or is rejected, or
            events that differ from the record.
    """
    h = record.header
    why = version_problem(record, ruleset)
    if why:
        raise FileError(record.path, "line 1 ruleset_version", why)
    battle = battle or Battle(ruleset, h.scenario, h.map, h.seed)
    for i, line in enumerate(record.actions):
        try:
            action = ruleset.parse_action(line.action)
        except ValidationError as e:
            raise FileError(record.path, f"action {i}", action_problem(e)) from None
        if before_each is not None:
            before_each(battle, action)
        r = battle.submit(action)
        if not r.ok:
            raise FileError(record.path, f"action {i}", f"rejected on re-play: {r.reason}")
        if events_digest(r.events) != line.events_sha256:
            raise FileError(record.path, f"action {i}", f"{action_words(ruleset, action)} produced other events than recorded (the file was edited or damaged)")
    return battle

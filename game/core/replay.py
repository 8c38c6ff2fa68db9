"""Replays: written as the battle runs, read back, verified.

The writer puts the header first, then appends and flushes one line per
accepted action (with a digest of its events), an undo line when actions are
taken back, a state checkpoint every ``checkpoint_every`` actions, and an end
line. A file cut off mid-line (a crash) loads up to its last complete line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from pydantic import ValidationError

import game
from game.core.engine import events_digest
from game.core.history import Entry
from game.core.ruleset import Ruleset
from game.core.session import Battle
from game.data.errors import FileError, from_validation
from game.data.maps import map_problems
from game.data.replay import ActionLine, CheckpointLine, EndLine, ReplayHeader, SeatSpec, UndoLine


class ReplayWriter:
    """A :class:`~game.core.session.Listener` that streams a battle to a JSONL file."""

    def __init__(self, path: str | Path, battle: Battle, seats: dict[str, SeatSpec], checkpoint_every: int = 10) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.checkpoint_every = checkpoint_every
        header = ReplayHeader(
            format_version=1,
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
        self._f: IO[str] = open(self.path, "w", encoding="utf-8")
        self._write(header.model_dump(mode="json"))
        self._ended = False
        battle.listeners.append(self)

    def _write(self, obj: dict) -> None:
        self._f.write(json.dumps(obj, sort_keys=True, separators=(",", ":")) + "\n")
        self._f.flush()

    def on_action(self, battle: Battle, entry: Entry) -> None:
        """Append the action line (and a checkpoint when due)."""
        n = len(battle.history)
        self._write(ActionLine(index=n - 1, action=entry.action.to_dict(), events_sha256=events_digest(entry.events), n_events=len(entry.events)).model_dump(mode="json"))
        if n % self.checkpoint_every == 0:
            self._write(CheckpointLine(index=n, state_sha256=battle.state.digest()).model_dump(mode="json"))
        if battle.over and not self._ended:
            self._ended = True
            s = battle.state
            self._write(EndLine(winner=s.winner, reason=s.end_reason, turns=s.turn, actions=n).model_dump(mode="json"))

    def on_undo(self, battle: Battle, keep: int) -> None:
        """Append an undo line."""
        self._write(UndoLine(keep=keep).model_dump(mode="json"))

    def close(self) -> None:
        """Flush and close the file."""
        if not self._f.closed:
            self._f.close()


@dataclass
class ReplayRecord:
    """A replay read back: the header, the actions that stand, checkpoints."""

    path: Path
    header: ReplayHeader
    actions: list[ActionLine] = field(default_factory=list)
    checkpoints: dict[int, str] = field(default_factory=dict)
    end: EndLine | None = None
    truncated: str | None = None  #: why reading stopped early (a crash), if it did


def read_replay(path: str | Path) -> ReplayRecord:
    """Read a replay file. Raises :class:`FileError` on a bad header or a
    malformed line before the last; a torn last line is dropped and noted in
    :attr:`ReplayRecord.truncated`."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise FileError(p, "", "file not found") from None
    except OSError as e:
        raise FileError(p, "", f"cannot read file ({e.__class__.__name__})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileError(p, "", "not a text file") from None
    lines = text.split("\n")
    torn = None
    if lines and lines[-1] == "":
        lines.pop()
    elif lines:
        torn = lines.pop()  # no newline at the end: cut off mid-line
    if not lines:
        raise FileError(p, "line 1", "empty replay: no header")
    try:
        head = json.loads(lines[0])
    except json.JSONDecodeError as e:
        raise FileError(p, "line 1", f"header is not valid JSON ({e.msg})") from None
    if not isinstance(head, dict) or head.get("line") != "header":
        raise FileError(p, "line 1", "first line is not a replay header")
    try:
        header = ReplayHeader.model_validate(head)
    except ValidationError as e:
        err = from_validation(p, e)
        raise FileError(p, f"line 1 {err.where}", err.reason) from None
    probs = map_problems(header.map)
    if probs:
        raise FileError(p, f"line 1 map {probs[0][0]}", probs[0][1])
    if header.map.sha256() != header.map_sha256:
        raise FileError(p, "line 1 map_sha256", f"replay was recorded on another map (map {header.map_id!r} has SHA-256 {header.map.sha256()[:12]}..., header says {header.map_sha256[:12]}...)")
    if header.scenario.ruleset != header.ruleset:
        raise FileError(p, "line 1 ruleset", f"header says {header.ruleset!r} but the scenario is for {header.scenario.ruleset!r}")
    rec = ReplayRecord(p, header)
    kinds = {"action": ActionLine, "undo": UndoLine, "checkpoint": CheckpointLine, "end": EndLine}
    for no, line in enumerate(lines[1:], start=2):
        try:
            obj = json.loads(line)
            model = kinds[obj["line"]]
            item = model.model_validate(obj)
        except json.JSONDecodeError as e:
            raise FileError(p, f"line {no}", f"not valid JSON ({e.msg})") from None
        except (KeyError, TypeError):
            raise FileError(p, f"line {no}", "unknown line kind") from None
        except ValidationError as e:
            err = from_validation(p, e)
            raise FileError(p, f"line {no} {err.where}", err.reason) from None
        if isinstance(item, ActionLine):
            if item.index != len(rec.actions):
                raise FileError(p, f"line {no} index", f"action index {item.index} out of sequence (expected {len(rec.actions)})")
            rec.actions.append(item)
        elif isinstance(item, UndoLine):
            if item.keep > len(rec.actions):
                raise FileError(p, f"line {no} keep", f"undo keeps {item.keep} of only {len(rec.actions)} actions")
            del rec.actions[item.keep:]
            rec.checkpoints = {k: v for k, v in rec.checkpoints.items() if k <= item.keep}
        elif isinstance(item, CheckpointLine):
            rec.checkpoints[item.index] = item.state_sha256
        else:
            rec.end = item
    if torn is not None:
        rec.truncated = f"the last line was cut off (a crash?); loaded {len(rec.actions)} complete actions"
    return rec


@dataclass(frozen=True)
class Verdict:
    """The result of :func:`verify`: ``ok``, or the first diverging action."""

    ok: bool
    actions: int
    first_bad: int | None = None
    reason: str = ""


def verify(record: ReplayRecord, ruleset: Ruleset) -> Verdict:
    """Re-simulate ``record`` with ``ruleset``; name the first action whose
    events or following checkpoint hash diverge, or that is rejected."""
    h = record.header
    if ruleset.id != h.ruleset:
        return Verdict(False, 0, 0, f"replay is for ruleset {h.ruleset!r}, not {ruleset.id!r}")
    if ruleset.version != h.ruleset_version:
        note = f" (recorded with {h.ruleset} v{h.ruleset_version}, now v{ruleset.version})"
    else:
        note = ""
    battle = Battle(ruleset, h.scenario, h.map, h.seed)
    if 0 in record.checkpoints and record.checkpoints[0] != battle.state.digest():
        return Verdict(False, 0, 0, "the starting state differs" + note)
    for i, line in enumerate(record.actions):
        try:
            action = ruleset.parse_action(line.action)
        except ValidationError as e:
            return Verdict(False, i, i, f"action {i} cannot be decoded: {e.errors()[0]['msg']}" + note)
        result = battle.submit(action)
        if not result.ok:
            return Verdict(False, i, i, f"action {i} ({action.type}) is rejected: {result.reason}" + note)
        if events_digest(result.events) != line.events_sha256:
            return Verdict(False, i, i, f"action {i} ({action.type}) produced different events" + note)
        want = record.checkpoints.get(i + 1)
        if want is not None and want != battle.state.digest():
            return Verdict(False, i, i, f"state after action {i} ({action.type}) differs from its checkpoint" + note)
    if record.end is not None:
        s = battle.state
        if not s.over or s.winner != record.end.winner:
            return Verdict(False, len(record.actions), len(record.actions) - 1 if record.actions else 0, f"recorded end ({record.end.winner}) does not match the re-simulated one ({s.winner if s.over else 'not over'})" + note)
    return Verdict(True, len(record.actions), None, ("verified" + note))

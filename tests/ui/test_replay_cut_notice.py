"""The replay viewer says plainly when a replay was cut off: a file that
ends without its end line (the program was killed mid-battle) shows what
there is, and its side panel's head says where it stops and that the battle
was not finished; a torn last line is said to be left out. A whole replay
says nothing of the kind."""

from __future__ import annotations

from pathlib import Path

from game.battle.runner import play
from game.ui.scenes.replay import ReplayScene

DUEL = Path(__file__).resolve().parents[2] / "tests" / "rulesets" / "toy" / "duel.scenario.json"


def _cut(tmp_path, keep_actions: int, torn: bool = False) -> Path:
    """A whole duel replay cut after its ``keep_actions``-th action line (no end
    line), with half of the next line left on when ``torn``."""
    path = tmp_path / "duel.replay.jsonl"
    play(DUEL, {}, 5, path)
    lines = path.read_text().splitlines(keepends=True)
    kept, n = [], 0
    for i, ln in enumerate(lines):
        if '"line":"action"' in ln:
            if n == keep_actions:
                if torn:
                    kept.append(ln[: len(ln) // 2])
                break
            n += 1
        if '"line":"end"' in ln:
            break
        kept.append(ln)
    path.write_text("".join(kept))
    return path


def _head(scene) -> list[str]:
    return [t for t, *_ in scene.panel_lines(10_000)]


def test_cut_off_replay__says_where_it_stops_and_shows_what_there_is(app, tmp_path):
    path = _cut(tmp_path, 6)
    scene = app.push(ReplayScene(path))
    app.drive(2)
    m = scene.model
    assert app.top is scene and m.actions == 6 and m.record.end is None
    turn = m.turn_of(6)
    head = _head(scene)
    assert f"This replay stops at turn {turn}: the battle was not finished" in head, head
    assert not any(t.startswith("Recorded result") for t in head)
    scene.to_end()
    app.drive(1)
    assert scene.k == 6 and len(scene._log_lines) > 6  # what there is, shown
    assert scene.next_line() == f"the replay stops here, at turn {turn}: the battle was not finished"
    app.screenshot(tmp_path / "replay-cut.png")


def test_torn_last_line__said_to_be_left_out(app, tmp_path):
    path = _cut(tmp_path, 4, torn=True)
    scene = app.push(ReplayScene(path))
    app.drive(2)
    head = _head(scene)
    turn = scene.model.turn_of(4)
    assert f"This replay stops at turn {turn}: the battle was not finished" in head, head
    assert "its last line was cut off and is left out" in head, head


def test_whole_replay__no_such_notice(app, tmp_path):
    path = tmp_path / "whole.replay.jsonl"
    play(DUEL, {}, 5, path)
    scene = app.push(ReplayScene(path))
    app.drive(2)
    head = _head(scene)
    assert not any("stops" in t or "not finished" in t for t in head), head
    assert any(t.startswith("Recorded result: ") for t in head)
    scene.to_end()
    assert scene.next_line() == ""

"""``battletable replay --headless`` prints each agent's reason right under
its own action's lines, where the live headless log puts it (both print the
same lines), never after the battle's end."""

from __future__ import annotations

from tests.conftest import ROOT
from tests.data.test_bad_files import run_cli

ASSAULT = ROOT / "maps" / "foxhole" / "simple_assault.scenario.json"


def _log(out: str) -> list[str]:
    return [ln for ln in out.splitlines() if ln.startswith(("[turn", "  why"))]


def test_replay_printout_reasons_sit_with_their_actions_before_the_end(tmp_path):
    replay = tmp_path / "a.replay.jsonl"
    played = run_cli("play", str(ASSAULT), "--headless", "--seat", "british=ai:default", "--seat",
                     "argentine=ai:default", "--replay", str(replay))
    assert played.returncode == 0, played.stderr
    shown = run_cli("replay", "--headless", str(replay))
    assert shown.returncode == 0, shown.stderr
    lines = _log(shown.stdout)
    end = next(i for i, ln in enumerate(lines) if "Battle over" in ln)
    assert end == len(lines) - 1, lines[end:]  # nothing after the battle's end, no reason either
    whys = [i for i, ln in enumerate(lines) if ln.startswith("  why")]
    assert len(whys) > 100
    # the last action's reason (the marine section holding) sits under its own first line, before the result
    last_why = whys[-1]
    assert lines[last_why - 1].startswith("[turn ") and last_why < end - 1
    # the printout is the live headless log, line for line
    assert lines == _log(played.stdout)
    # the first reason (the defender's choice of table end) under its own line, before the next phase's
    assert lines[0].startswith("[turn 0] Argentine Army defends from")
    assert lines[1].startswith("  why (Argentine Army only): the north end")

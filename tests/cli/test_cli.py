"""The command line: simulate writes replays that verify accepts; a changed
action is named by its index; --json summary shape; seats."""

from __future__ import annotations

import json
import re

from tests.conftest import ROOT
from tests.data.test_bad_files import run_cli

DUEL = str(ROOT / "tests/rulesets/toy/duel.scenario.json")


def test_simulate_json__summary_and_replays_verify(tmp_path):
    r = run_cli("simulate", DUEL, "--games", "6", "--seed", "3", "--jobs", "2", "--out", str(tmp_path), "--json")
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert summary["games"] == 6 and summary["seed"] == 3
    assert set(summary["sides"]) == {"red", "blue"}
    wins = sum(s["wins"] for s in summary["sides"].values())
    assert wins + summary["draws"] == 6
    for s in summary["sides"].values():
        lo, hi = s["ci95"]
        assert 0 <= lo <= s["win_rate"] <= hi <= 1
    assert len(summary["replays"]) == 6 and summary["mean_turns"] >= 1
    first = summary["replays"][0]
    v = run_cli("verify", first)
    assert v.returncode == 0 and "ok" in v.stdout
    # the same seed gives the same games
    again = run_cli("simulate", DUEL, "--games", "6", "--seed", "3", "--out", str(tmp_path / "again"), "--json")
    s2 = json.loads(again.stdout)
    assert s2["sides"] == summary["sides"] and s2["mean_turns"] == summary["mean_turns"]


def test_verify__names_the_changed_action(tmp_path):
    replay = tmp_path / "g.replay.jsonl"
    r = run_cli("play", DUEL, "--headless", "--seed", "5", "--replay", str(replay), "--quiet")
    assert r.returncode == 0, r.stderr
    lines = replay.read_text().splitlines()
    idx = next(i for i, l in enumerate(lines) if '"toy_end_turn"' in l)
    obj = json.loads(lines[idx])
    obj["action"]["side"] = "blue" if obj["action"]["side"] == "red" else "red"
    lines[idx] = json.dumps(obj)
    replay.write_text("\n".join(lines) + "\n")
    v = run_cli("verify", str(replay))
    assert v.returncode == 1
    assert f"[action {obj['index']}]" in v.stderr and "Traceback" not in v.stderr


def test_play__unknown_side_in_seat_is_one_line(tmp_path):
    r = run_cli("play", DUEL, "--headless", "--seat", "green=ai:random")
    assert r.returncode == 2 and "green" in r.stderr and r.stderr.count("\n") == 1


def test_play__unknown_agent_is_one_line_and_writes_nothing(tmp_path):
    r = run_cli("play", DUEL, "--headless", "--seat", "red=ai:genius", "--quiet", cwd=tmp_path)
    assert r.returncode == 2 and "unknown agent 'genius'" in r.stderr and "Traceback" not in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_play__default_replay_names_never_overwrite(tmp_path):
    for _ in range(2):
        assert run_cli("play", DUEL, "--headless", "--seed", "2", "--quiet", cwd=tmp_path).returncode == 0
    names = sorted(p.name for p in (tmp_path / "replays").iterdir())
    assert names == ["duel-seed2-2.replay.jsonl", "duel-seed2.replay.jsonl"]


def test_play__replay_must_be_a_replay_file(tmp_path):
    target = tmp_path / "keep.scenario.json"
    target.write_text("precious")
    r = run_cli("play", DUEL, "--headless", "--replay", str(target))
    assert r.returncode == 2 and "must end in .replay.jsonl" in r.stderr
    assert target.read_text() == "precious"


def test_play__unwritable_replay_path_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = run_cli("play", DUEL, "--headless", "--replay", str(blocker / "x.replay.jsonl"), "--quiet")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert "there is no folder" in r.stderr  # a file where the folder should be


def test_simulate__bad_seat_fails_before_any_game(tmp_path):
    r = run_cli("simulate", DUEL, "--games", "3", "--seat", "red=ai:genius", "--out", str(tmp_path / "sim"))
    assert r.returncode == 2 and "unknown agent" in r.stderr
    assert not (tmp_path / "sim").exists()


def test_seat__same_side_twice_is_refused():
    r = run_cli("play", DUEL, "--headless", "--seat", "red=ai:random", "--seat", "red=ai:default")
    assert r.returncode == 2 and "twice" in r.stderr


def test_replay_headless__prints_the_log(tmp_path):
    replay = tmp_path / "g.replay.jsonl"
    run_cli("play", DUEL, "--headless", "--seed", "6", "--replay", str(replay), "--quiet")
    r = run_cli("replay", str(replay), "--headless")
    assert r.returncode == 0 and re.search(r"shoots b\d: D6 roll \d vs to hit 4.*: (hit|miss)", r.stdout) and r.stderr == ""
    assert r.stdout.splitlines()[-1] == "30 actions; a draw (turn limit)"


def _toy_save(tmp_path, actions):
    from game.data.io import dumps, write_atomic
    from game.data.save import SaveFile
    from game.data.scenario import load_scenario

    sc, m = load_scenario(DUEL)
    sv = SaveFile(format_version=1, ruleset="toy", ruleset_version=1, scenario=sc, map=m, seed=4,
                  seats={"red": {"kind": "human"}, "blue": {"kind": "ai", "agent": "random"}}, actions=actions)
    p = tmp_path / "game.save.json"
    write_atomic(p, dumps(sv))
    return p


def test_validate__saved_game_is_resimulated(tmp_path):
    good = _toy_save(tmp_path, [{"type": "toy_move", "side": "red", "unit": "r1", "x": 100.0, "y": 100.0}])
    r = run_cli("validate", str(good))
    assert r.returncode == 0 and "saved game of 'duel', 1 action, turn 1" in r.stdout
    bad = _toy_save(tmp_path, [{"type": "toy_move", "side": "red", "unit": "r1", "x": 400.0, "y": 100.0}])
    r = run_cli("validate", str(bad))
    assert r.returncode == 2 and "[actions[0]]: rejected on replay: a move is at most 100 mm" in r.stderr


def test_play__screenshot_must_be_png(tmp_path):
    r = run_cli("play", DUEL, "--screenshot", str(tmp_path / "x.txt"))
    assert r.returncode == 2 and "must end in .png" in r.stderr
    assert list(tmp_path.iterdir()) == []

"""verify checks everything a replay records (every action's events, their
count, the checkpoints, the whole end line, the exact ruleset version) and
says when a replay is unfinished; replay shows a replay of another ruleset
version from its recorded events; format 1 replays still load and verify."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_cli_safety import DUEL, one_error, run
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("v") / "good.replay.jsonl"
    r = run("play", DUEL, "--headless", "--seed", "5", "--quiet", "--replay", str(out))
    assert r.returncode == 0, r.stderr
    return out


def edited(good: Path, tmp_path: Path, edit) -> Path:
    lines = [json.loads(x) for x in good.read_text().splitlines()]
    edit(lines)
    bad = tmp_path / "bad.replay.jsonl"
    bad.write_text("".join(json.dumps(o) + "\n" for o in lines))
    return bad


def test_format_2__every_action_line_records_its_events(good):
    lines = [json.loads(x) for x in good.read_text().splitlines()]
    assert lines[0]["format_version"] == 2
    actions = [o for o in lines if o["line"] == "action"]
    assert len(actions) == 27
    assert all(len(o["events"]) == o["n_events"] > 0 for o in actions)


@pytest.mark.parametrize("field, value, where, says", [
    ("turns", 99, "end line", "the end line's turns differs"),
    ("reason", "made up", "end line", "the end line's reason differs"),
    ("actions", 3, "end line", "the end line's actions differs"),
])
def test_verify__a_forged_end_line_is_named(good, tmp_path, field, value, where, says):
    def forge(lines):
        lines[-1][field] = value

    r = run("verify", str(edited(good, tmp_path, forge)))
    assert r.returncode == 1 and f"[{where}]: {says}" in r.stderr and r.stderr.count("\n") == 1


def test_verify__n_events_and_recorded_events_are_checked(good, tmp_path):
    def count(lines):
        lines[1]["n_events"] += 1

    bad = edited(good, tmp_path, count)
    r = run("verify", str(bad))
    assert r.returncode == 1 and f"{bad} [action 0]: action 0 (" in r.stderr and "events; the file says" in r.stderr

    def event(lines):
        ev = lines[1]["events"][0]
        key = next(k for k, v in ev.items() if isinstance(v, str) and k != "type")
        ev[key] = ev[key] + "x"

    r = run("verify", str(edited(good, tmp_path, event)))
    assert r.returncode == 1 and "[action 0]: action 0 (" in r.stderr and "its recorded event 1 of " in r.stderr
    # the action in words (its side named, its button label), not its type id
    kind = json.loads(good.read_text().splitlines()[1])["action"]["type"]
    assert kind not in r.stderr, r.stderr


def test_verify__a_forged_checkpoint_is_named(good, tmp_path):
    def cp(lines):
        c = next(o for o in lines if o["line"] == "checkpoint")
        c["state_sha256"] = "0" * 64

    r = run("verify", str(edited(good, tmp_path, cp)))
    assert r.returncode == 1 and "differs from its checkpoint" in r.stderr


def test_verify__an_unfinished_replay_says_so(good, tmp_path):
    def cut(lines):
        del lines[10:]

    bad = edited(good, tmp_path, cut)
    r = run("verify", str(bad))
    assert r.returncode == 0
    assert r.stdout.startswith(f"{bad}: ok, ") and "unfinished: no end line (after " in r.stdout
    # validate says the same of it, in the same words (it used to say only "verified")
    from game.battle.loading import validate_file

    said = r.stdout.split("; ", 1)[1].strip()
    assert validate_file(bad).endswith(f"verified; {said})")


@pytest.mark.parametrize("version", [0, 2, 99])
def test_verify__the_ruleset_version_must_match_exactly(good, tmp_path, version):
    def claim(lines):
        lines[0]["ruleset_version"] = version

    bad = edited(good, tmp_path, claim)
    r = run("verify", str(bad))
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    if version == 0:
        assert "[line 1 ruleset_version]: must be at least 1, not 0" in r.stderr
    else:
        one_error(r, f"{bad} [line 1 ruleset_version]: recorded with toy version {version}; this program has version 1, "
                     f"and re-simulating it needs toy version {version}")


def test_replay__another_version_shows_the_recorded_events_and_says_so(good, tmp_path):
    def newer(lines):
        lines[0]["ruleset_version"] = 7

    same = run("replay", str(good), "--headless")
    other = run("replay", str(edited(good, tmp_path, newer)), "--headless")
    assert other.returncode == 0 and other.stderr == ""
    note, *log = other.stdout.splitlines()
    assert note == ("note: recorded with toy version 7; this program has version 1: "
                    "showing the recorded events (not re-simulated)")
    assert log == same.stdout.splitlines()


def test_replay__format_1_of_another_version_is_one_line(tmp_path):
    golden = ROOT / "tests/golden/battlespace/mission1.replay.jsonl"
    lines = [json.loads(x) for x in golden.read_text().splitlines()]
    assert lines[0]["format_version"] == 1
    lines[0]["ruleset_version"] += 1
    bad = tmp_path / "old.replay.jsonl"
    bad.write_text("".join(json.dumps(o) + "\n" for o in lines))
    r = run("replay", str(bad), "--headless")
    assert r.returncode == 2 and "in replay format 1, which keeps no events" in r.stderr and r.stderr.count("\n") == 1


def test_format_1__still_loads_and_verifies():
    golden = ROOT / "tests/golden/battlespace/mission1.replay.jsonl"  # a format 1 golden of this version
    assert json.loads(golden.read_text().split("\n", 1)[0])["format_version"] == 1
    r = run("verify", str(golden))
    assert r.returncode == 0 and r.stdout.endswith(" actions verified\n")


def test_play_resume__continues_the_same_file_to_the_same_end(good, tmp_path):
    def cut(lines):
        del lines[12:]

    bad = edited(good, tmp_path, cut)
    r = run("play", "--resume", str(bad), "--headless", "--quiet")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0].startswith(f"Resumed {bad} after ")
    assert [json.loads(x) for x in bad.read_text().splitlines()][1:] == [json.loads(x) for x in good.read_text().splitlines()][1:]
    again = run("play", "--resume", str(bad), "--headless")
    one_error(again, f"{bad}: the battle is over (a draw (turn limit)); there is nothing to resume")


def test_resume_of_a_format_1_replay__goes_on_in_format_1(tmp_path):
    golden = ROOT / "tests/golden/battlespace/mission1.replay.jsonl"
    lines = golden.read_text().splitlines(keepends=True)
    cut = tmp_path / "old.replay.jsonl"
    cut.write_text("".join(lines[:40]))
    r = run("play", "--resume", str(cut), "--headless", "--quiet")
    assert r.returncode == 0, r.stderr
    assert cut.read_text() == golden.read_text()

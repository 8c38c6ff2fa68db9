"""Every malformed file in tests/data/bad/ gets one clear line through the
CLI, exit status 2 and no traceback (issue: Files)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

BAD = ROOT / "tests" / "data" / "bad"
EXPECTED = json.loads((BAD / "expected.json").read_text())


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_there_are_at_least_12_bad_files_of_every_family():
    names = list(EXPECTED)
    assert len(names) >= 12
    assert {n.split(".", 1)[1] for n in names} == {"map.json", "scenario.json", "replay.jsonl"}


def test_bad_files_through_validate__one_line_each_and_exit_2():
    files = [str(BAD / n) for n in sorted(EXPECTED)]
    r = run_cli("validate", *files)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == len(files), r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    for name, line in zip(sorted(EXPECTED), lines):
        assert line.startswith("error: ") and name in line, line
        assert EXPECTED[name] in line, (name, line)


@pytest.mark.parametrize("name", ["missing_table.map.json", "unknown_ruleset.scenario.json", "other_map.replay.jsonl"])
def test_bad_file_through_its_own_command(name):
    path = str(BAD / name)
    cmd = {"map.json": ["edit", path], "scenario.json": ["play", path, "--headless"], "replay.jsonl": ["verify", path]}[name.split(".", 1)[1]]
    r = run_cli(*cmd)
    assert r.returncode == 2, r.stderr
    assert r.stderr.count("\n") == 1 and EXPECTED[name] in r.stderr
    assert "Traceback" not in r.stderr


def test_good_duel_map_in_the_bad_folder_is_ok():
    r = run_cli("validate", str(BAD / "duel.map.json"))
    assert r.returncode == 0 and "ok" in r.stdout


SCENARIOS = sorted(n for n in EXPECTED if n.endswith(".scenario.json"))


def run_main(capsys, *args: str) -> tuple[int, str, str]:
    """``battletable ARGS`` in this process (the same entry point as the
    command): exit status, stdout, stderr."""
    from game.cli import main

    try:
        main(list(args))
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("name", SCENARIOS)
def test_bad_scenario_through_play_and_simulate__the_same_one_line_and_exit_2(name, capsys, tmp_path):
    """Issue: bad scenarios are refused by play and simulate as by validate:
    one line naming the file, the field and the reason; exit status 2."""
    path = str(BAD / name)
    for args in (["play", path, "--headless"], ["simulate", path, "--games", "1", "--out", str(tmp_path / "sim")]):
        code, out, err = run_main(capsys, *args)
        assert code == 2, (args, out, err)
        assert err.count("\n") == 1 and err.startswith("error: ") and path in err, (args, err)
        assert EXPECTED[name] in err, (args, err)
        assert "Traceback" not in out + err and not (tmp_path / "sim").exists()


def test_a_map_with_wrong_geometry_opens_in_the_editor_to_be_mended(capsys, tmp_path, monkeypatch):
    """``battletable edit`` refuses only what is not a map (above: a missing
    table); a self-intersecting wall opens, with the editor's problem panel
    naming it, as ``validate`` does, so the map can be repaired."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    shot = tmp_path / "mend.png"
    code, out, err = run_main(capsys, "edit", str(BAD / "self_intersecting.map.json"), "--screenshot", str(shot))
    assert code == 0 and out.strip() == f"screenshot saved to {shot}" and shot.stat().st_size > 0, err
    from game.editor.files import open_map
    from game.editor.validate import validate

    problems = [str(p) for p in validate(open_map(BAD / "self_intersecting.map.json"))]
    assert any(EXPECTED["self_intersecting.map.json"].split(": ", 1)[-1] in p for p in problems), problems

"""``battletable --scenario FILE`` (the menu with FILE chosen): a file that
does not open is named with the reason on stderr before any window opens,
exit 2, no traceback, and the default battle is never played in its place."""

from __future__ import annotations

import shutil

from tests.conftest import ROOT
from tests.data.test_bad_files import run_cli


def _refused(r, *words):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr and "Mission 1" not in r.stdout + r.stderr
    for w in words:
        assert w in r.stderr, r.stderr


def test_a_missing_scenario_file_is_named_and_nothing_is_played(tmp_path):
    path = tmp_path / "nowhere.scenario.json"
    r = run_cli("--scenario", str(path), "--headless")
    _refused(r, "--scenario", str(path), "not found")
    assert r.stdout == ""


def test_a_scenario_that_is_not_json_is_named_with_the_reason(tmp_path):
    path = tmp_path / "broken.scenario.json"
    path.write_text('{"ruleset": "foxhole",,\n "name": "x"}', encoding="utf-8")
    _refused(run_cli("--scenario", str(path), "--headless"), str(path), "JSON")


def test_a_scenario_whose_map_is_missing_is_named_with_the_map(tmp_path):
    path = tmp_path / "patrol.scenario.json"
    shutil.copy(ROOT / "maps" / "foxhole" / "patrol.scenario.json", path)
    _refused(run_cli("--scenario", str(path), "--headless"), str(path), "patrol.map.json")


def test_a_good_scenario_option_plays_that_scenario_not_the_default():
    path = ROOT / "tests/rulesets/toy/duel.scenario.json"
    r = run_cli("--scenario", str(path), "--headless", "--seed", "2")
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[0]
    assert first.startswith('playing "') and "Mission 1" not in first and "seed 2" in first, first

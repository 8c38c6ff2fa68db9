"""``battletable validate`` refuses a saved game that loading it would
refuse: one saved with another version of its ruleset (resuming
re-simulates the actions, which needs exactly that version), and one whose
replay reference is not a regular file (/dev/zero would never end)."""

from __future__ import annotations

import json
import os

import pytest

from game import rulesets
from game.data.errors import FileError
from tests.cli.test_cli import _toy_save
from tests.data.test_bad_files import run_cli

MOVE = {"type": "toy_move", "side": "red", "unit": "r1", "x": 100.0, "y": 100.0}


def _edited(path, **changes):
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))
    return path


def test_a_save_from_another_ruleset_version_is_refused_in_one_line(tmp_path):
    p = _edited(_toy_save(tmp_path, [MOVE]), ruleset_version=999)
    version = rulesets.get("toy").version
    r = run_cli("validate", str(p))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == (f"error: {p} [ruleset_version]: saved with toy version 999; this program has toy version "
                        f"{version}, and resuming the battle needs version 999\n")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_save_whose_replay_is_a_device_is_refused_in_one_line(tmp_path):
    p = _edited(_toy_save(tmp_path, [MOVE]), replay="/dev/zero")
    r = run_cli("validate", str(p))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == f"error: {p} [replay]: '/dev/zero' is not a regular file\n"


def test_loading_refuses_the_same_saves(tmp_path):
    from game.battle.loading import open_save

    good = _toy_save(tmp_path, [MOVE])
    assert open_save(good)[1].actions == [MOVE]
    with pytest.raises(FileError, match=r"\[ruleset_version\]: saved with toy version 999"):
        open_save(_edited(good, ruleset_version=999))


def test_a_save_whose_replay_is_missing_still_validates(tmp_path):
    """Loading such a save goes on in a new replay, so it is no error."""
    p = _edited(_toy_save(tmp_path, [MOVE]), replay=str(tmp_path / "gone.replay.jsonl"))
    r = run_cli("validate", str(p))
    assert r.returncode == 0 and "saved game of 'duel', 1 action" in r.stdout


def test_a_folder_stands_for_every_file_it_holds(tmp_path):
    """``validate FOLDER`` checks each map, scenario, replay and save under it,
    sorted by path, and skips files of other kinds; an empty folder is one
    error line."""
    from game.battle.loading import expand_folder

    save = _toy_save(tmp_path, [MOVE])
    (tmp_path / "notes.txt").write_text("not a battle file")
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "broken.map.json").write_text("{")
    assert expand_folder(tmp_path) == sorted([save, sub / "broken.map.json"])
    r = run_cli("validate", str(tmp_path))
    assert r.returncode == 2
    assert r.stdout.startswith(f"{save}: ok (saved game of 'duel', 1 action")
    assert r.stderr.startswith(f"error: {sub / 'broken.map.json'}") and r.stderr.count("\n") == 1
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(FileError, match="a folder with no maps, scenarios, replays or saved games in it"):
        expand_folder(empty)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_folder_lists_its_links_and_special_files_too(tmp_path):
    """A FIFO or a link among a folder's maps is named and refused, not skipped."""
    from game.battle.loading import expand_folder, validate_file

    os.mkfifo(tmp_path / "fifo.map.json")
    (tmp_path / "link.map.json").symlink_to(tmp_path / "fifo.map.json")
    assert [p.name for p in expand_folder(tmp_path)] == ["fifo.map.json", "link.map.json"]
    for p in expand_folder(tmp_path):
        with pytest.raises(FileError, match="not a regular file"):
            validate_file(p)


def test_campaigns_and_rosters_validate():
    """Battlesystem [16.1]-[16.3]: a campaign's battles are opened as play opens them;
    a roster's ids are checked and it is priced."""
    from game.battle.loading import validate_file
    from tests.conftest import ROOT

    bs = ROOT / "maps" / "battlesystem"
    assert validate_file(bs / "valmark_march.campaign.json").endswith("for battlesystem, 2 battles)")
    said = validate_file(bs / "valmark_host.roster.json")
    assert said.startswith(f"{bs / 'valmark_host.roster.json'}: ok (roster of 5 lines, ") and " points; " in said

"""Every file loader reads JSON the same way (game.data.io.loads): a key held
twice in one object is refused with its field path; a UTF-8 byte order mark
at the start of a file (as some Windows editors write it) is skipped."""

from __future__ import annotations

import shutil

import pytest

from game.battle.loading import validate_file
from game.core.replay import read_replay
from game.data.errors import FileError
from game.data.io import loads, read_json
from game.ui.scenarios import peek
from game.ui.scenes.map_chooser import display_name, map_of
from tests.conftest import ROOT

BOM = "\ufeff"
MAPS = ROOT / "maps" / "battlespace"
GOLDEN = ROOT / "tests" / "golden" / "battlespace" / "mission1.replay.jsonl"


def with_bom(src, dst):
    dst.write_text(BOM + src.read_text(encoding="utf-8"), encoding="utf-8")
    return dst


def test_a_key_held_twice_is_refused_naming_its_field():
    with pytest.raises(FileError) as e:
        loads("m.map.json", '{"features": [{"id": "a", "kind": "wall", "kind": "woods"}]}')
    assert e.value.where == "features.a.kind"  # a list item by its id
    assert str(e.value) == "m.map.json [features.a.kind]: key 'kind' appears twice in one object"


def test_a_key_held_twice_at_the_top_and_in_a_replay_line():
    with pytest.raises(FileError, match=r"\[id\]: key 'id' appears twice"):
        loads("m.map.json", '{"id": "a", "id": "b"}')
    with pytest.raises(FileError, match=r"\[line 4 side\]: key 'side' appears twice"):
        loads("r.replay.jsonl", '{"side": "red", "side": "blue"}', "line 4")
    assert loads("m.map.json", '{"a": {"id": 1}, "b": {"id": 2}}') == {"a": {"id": 1}, "b": {"id": 2}}


def test_a_byte_order_mark_is_skipped_by_every_loader(tmp_path):
    shutil.copy(MAPS / "mission1.map.json", tmp_path / "mission1.map.json")
    sc = with_bom(MAPS / "mission1.scenario.json", tmp_path / "mission1.scenario.json")
    m = with_bom(MAPS / "mission1.map.json", tmp_path / "bom.map.json")
    assert read_json(m)["id"] == read_json(MAPS / "mission1.map.json")["id"]
    assert validate_file(m).endswith("features)")
    assert "ok (scenario" in validate_file(sc)
    assert peek(sc).ruleset == "battlespace"
    assert display_name(m) != m.name and map_of(sc) == tmp_path / "mission1.map.json"
    rep = with_bom(GOLDEN, tmp_path / "bom.replay.jsonl")
    assert len(read_replay(rep).actions) == len(read_replay(GOLDEN).actions) > 0


def test_validate_accepts_a_map_with_a_byte_order_mark(tmp_path, capsys):
    from tests.data.test_bad_files import run_main

    m = with_bom(MAPS / "mission1.map.json", tmp_path / "bom.map.json")
    code, out, err = run_main(capsys, "validate", str(m))
    assert code == 0 and "ok (map" in out and err == ""

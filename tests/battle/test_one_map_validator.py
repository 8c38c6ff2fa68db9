"""One map validator: the editor's save, ``battletable validate``, ``play``
and ``simulate`` refuse exactly the same maps with the same messages, each
naming the feature and its location (game/battle/mapcheck.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.battle.loading import check_map_file, open_scenario
from game.data.errors import FileError
from game.editor import files
from game.editor.document import MapDocument
from game.data.maps import load_map
from tests.cli.test_cli_safety import run
from tests.conftest import ROOT

DUEL = ROOT / "tests/rulesets/toy/duel.map.json"


@pytest.fixture(autouse=True)
def _config(tmp_path, monkeypatch):
    """The editor's recent-files list goes to a temporary config folder."""
    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "cfg"))
DEEP = ROOT / "maps/spacefleet/deep_space.map.json"


def overlapping_buildings(d):
    d["features"].append({"id": "annex", "kind": "building", "exterior": [[320, 320], [380, 320], [380, 380], [320, 380]],
                          "height": 40, "tags": ["blocks_sight", "impassable"]})


def objective_walled_in(d):
    d["objectives"][0].update(x=300, y=300)


def self_intersecting(d):
    d["features"][0]["exterior"] = [[200, 150], [400, 170], [400, 150], [200, 170]]


def planet_property_the_rules_do_not_read(d):
    planet = next(f for f in d["features"] if f["kind"] == "planet")
    planet.setdefault("properties", {})["colour"] = "red"


CASES = {
    "overlapping_buildings": (DUEL, overlapping_buildings),
    "objective_walled_in": (DUEL, objective_walled_in),
    "self_intersecting": (DUEL, self_intersecting),
    "planet_property": (DEEP, planet_property_the_rules_do_not_read),
}


def write_case(tmp_path: Path, name: str) -> Path:
    src, edit = CASES[name]
    d = json.loads(src.read_text())
    edit(d)
    out = tmp_path / f"{name}.map.json"
    out.write_text(json.dumps(d))
    return out


def editor_errors(path: Path, out: Path) -> list[str]:
    """What the editor's save (to the folder ``out``) refuses the map for
    (its problem panel's messages)."""
    doc = MapDocument.from_map(load_map(path, check_geometry=False), path)
    written, errs = files.save_or_draft(doc, out / "saved.map.json")
    assert (written.name == "saved.map.json") == (not errs)
    return [e.message for e in errs]


def validate_errors(path: Path) -> list[str]:
    try:
        check_map_file(path)
    except FileError as e:
        return [x.reason for x in [e, *e.more]]
    return []


@pytest.mark.parametrize("name", sorted(CASES))
def test_editor_and_validate__refuse_with_the_same_messages(tmp_path, name):
    path = write_case(tmp_path, name)
    ed = editor_errors(path, tmp_path)
    assert ed, name
    assert validate_errors(path) == ed


@pytest.mark.parametrize("name", sorted(CASES))
def test_editor_open__lists_the_problems_validate_names(tmp_path, name):
    """The editor's Open takes a map that validate refuses and shows the same
    errors in its problem panel (so the map can be fixed, never lost)."""
    from game.editor.validate import errors, validate

    path = write_case(tmp_path, name)
    doc = files.open_map(path)
    assert [p.message for p in errors(validate(doc))] == validate_errors(path)


def test_the_messages_name_the_feature_and_where(tmp_path):
    path = write_case(tmp_path, "overlapping_buildings")
    r = run("validate", "--all", str(path))
    assert r.returncode == 2
    assert r.stderr == (f"error: {path} [feature house at (330, 330) mm]: the building at B2 overlaps the building "
                        "at C3; two pieces of that kind may not overlap\n")
    walled = write_case(tmp_path, "objective_walled_in")
    r = run("validate", str(walled))
    assert r.stderr == (f"error: {walled} [objective centre at (300, 300) mm]: Centre cannot be reached "
                        "from a deployment zone by a base of 25 mm\n")


@pytest.mark.parametrize("path", sorted((ROOT / "maps").glob("*/*.map.json")) + [DUEL], ids=lambda p: p.name)
def test_bundled_maps__valid_everywhere(tmp_path, path):
    assert validate_errors(path) == []
    assert editor_errors(path, tmp_path) == []


def test_play_and_simulate__refuse_the_map_validate_refuses(tmp_path):
    bad = write_case(tmp_path, "objective_walled_in")
    sc = json.loads((ROOT / "tests/rulesets/toy/duel.scenario.json").read_text())
    sc["map"] = bad.name
    scen = tmp_path / "walled.scenario.json"
    scen.write_text(json.dumps(sc))
    line = (f"error: {scen} [map]: {bad.name} [objective centre at (300, 300) mm]: Centre cannot be "
            "reached from a deployment zone by a base of 25 mm\n")
    for cmd in (["play", str(scen), "--headless"], ["simulate", str(scen), "--games", "1"], ["validate", str(scen)]):
        r = run(*cmd, cwd=tmp_path)
        assert r.returncode == 2 and r.stderr == line, (cmd, r.stderr)
    with pytest.raises(FileError):
        open_scenario(scen)


def test_a_feature_is_named_by_its_name_else_by_its_kind_and_square(tmp_path):
    """Messages name a shape as a player knows it, never by its id: by its
    name when it has one, else "the building at B2" (its kind and the grid
    square of its middle); never "building building2 self-intersects"."""
    d = json.loads(DUEL.read_text())
    f = d["features"][0]
    f.update(id="building2", kind="building", exterior=[[200, 150], [400, 170], [400, 150], [200, 170]])
    f.pop("name", None)
    path = tmp_path / "named.map.json"
    path.write_text(json.dumps(d))
    assert validate_errors(path) == ["the building at B2 self-intersects"]
    f["name"] = "Old barn"
    path.write_text(json.dumps(d))
    assert validate_errors(path) == ["Old barn self-intersects"]

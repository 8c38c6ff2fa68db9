"""Every file message names its field in one form: keys joined by dots, a
list item by its id when it has one (``forces.chaos.cha_murder.heading``,
``features.wall-a.height``), by its index in brackets only when it has none
(``lines[1].figures``). The same form whether pydantic found the problem, a
model validator (``FieldProblem``) or the JSON reader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.battle.loading import open_scenario
from game.data.errors import FileError, field_path
from game.data.io import loads
from game.data.maps import load_map

ROOT = Path(__file__).resolve().parents[2]
SF = ROOT / "maps" / "spacefleet" / "deep_space.scenario.json"


def test_field_path__items_by_id_else_by_index():
    data = {"forces": {"red": [{"id": "a0", "weapons": [{"range": 3}, {"range": "x"}]}, {"x": 1}, {"id": "b.1"}]}}
    assert field_path(("forces", "red", 0, "weapons", 1, "range"), data) == "forces.red.a0.weapons[1].range"
    assert field_path(("forces", "red", 1, "x"), data) == "forces.red[1].x"  # no id
    assert field_path(("forces", "red", 2), data) == "forces.red[2]"  # an id with a dot would read as two keys
    assert field_path(("lines", 0, "kind"), {"lines": [{"id": "h"}]}) == "lines.h.kind"
    assert field_path(("lines", 0, "kind")) == "lines[0].kind"  # without the data: by index


def _scenario(tmp_path, edit) -> Path:
    data = json.loads(SF.read_text())
    edit(data)
    p = tmp_path / "s.scenario.json"
    p.write_text(json.dumps(data))
    (tmp_path / data["map"]).write_text((SF.parent / data["map"]).read_text())
    return p


@pytest.mark.parametrize("edit,where", [
    (lambda d: d["forces"]["chaos"][0].update(heading="north"), "forces.chaos.{cid}.heading"),  # pydantic
    (lambda d: d["forces"]["chaos"][0].update(id=d["forces"]["chaos"][1]["id"]), "forces.chaos.{cid1}"),  # validator
    (lambda d: d["forces"]["chaos"][1].update(params={"ld": 0}), "forces.chaos.{cid1}.params.ld"),  # ruleset check
])
def test_scenario_problems__one_form_from_every_checker(tmp_path, edit, where):
    data = json.loads(SF.read_text())
    ids = {"cid": data["forces"]["chaos"][0]["id"], "cid1": data["forces"]["chaos"][1]["id"]}
    with pytest.raises(FileError) as e:
        open_scenario(_scenario(tmp_path, edit))
    assert e.value.where == where.format(**ids)


def test_map_problems__features_by_id_from_pydantic_the_validator_and_the_reader(tmp_path):
    src = json.loads((ROOT / "maps" / "battlespace" / "mission1.map.json").read_text())
    fid = src["features"][1]["id"]
    bad = json.loads(json.dumps(src))
    bad["features"][1]["height"] = "tall"
    dup = json.loads(json.dumps(src))
    dup["features"][0]["id"] = fid
    got = []
    for data in (bad, dup):
        p = tmp_path / "m.map.json"
        p.write_text(json.dumps(data))
        with pytest.raises(FileError) as e:
            load_map(p)
        got.append(e.value.where)
    text = json.dumps(src).replace('"kind": ', '"kind": "x", "kind": ', 1)
    with pytest.raises(FileError) as e:
        loads("m.map.json", text)
    first = json.loads(json.dumps(src))["features"][0]["id"]
    assert got == [f"features.{fid}.height", f"features.{fid}"]
    assert e.value.where.endswith(".kind") and "[" not in e.value.where and first in e.value.where.split(".")

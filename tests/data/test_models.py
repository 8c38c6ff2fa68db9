"""File models: schemas export, every field documented, round-trips, atomic saves."""

from __future__ import annotations

import json

import pytest

from game.data.io import write_atomic
from game.data.maps import load_map
from game.data.scenario import load_scenario
from tests.conftest import ROOT
from tools.export_schemas import MODELS, schemas


def test_every_top_level_model_documents_every_field_and_forbids_extras():
    for name, model in MODELS.items():
        assert model.model_config.get("extra") == "forbid", name
        for field, info in model.model_fields.items():
            assert info.description, f"{name}.{field} has no description"


def test_schemas_export_with_format_version():
    out = schemas()
    assert "format_version" in out["map"]["properties"]
    assert "format_version" in out["scenario"]["properties"]
    assert out["map"]["additionalProperties"] is False


def test_map_round_trip_is_exact(tmp_path):
    m = load_map(ROOT / "tests/rulesets/toy/duel.map.json")
    p = tmp_path / "copy.map.json"
    write_atomic(p, m.model_dump_json())
    assert load_map(p) == m and load_map(p).sha256() == m.sha256()


def test_scenario_forces_follow_seating_order_whatever_the_file_order(tmp_path):
    src = json.loads((ROOT / "tests/rulesets/toy/duel.scenario.json").read_text())
    src["forces"] = dict(reversed(list(src["forces"].items())))
    p = tmp_path / "rev.scenario.json"
    p.write_text(json.dumps(src))
    (tmp_path / "duel.map.json").write_text((ROOT / "tests/rulesets/toy/duel.map.json").read_text())
    sc, _ = load_scenario(p)
    assert list(sc.forces) == ["red", "blue"]


def test_write_atomic__a_failed_write_keeps_the_old_file(tmp_path):
    p = tmp_path / "save.json"
    write_atomic(p, "old")

    class Boom(str):
        def __str__(self):  # pragma: no cover - not reached
            return "x"

    with pytest.raises(TypeError):
        write_atomic(p, 12345)  # not text: the write fails before the rename
    assert p.read_text() == "old"
    assert [f.name for f in tmp_path.iterdir()] == ["save.json"]

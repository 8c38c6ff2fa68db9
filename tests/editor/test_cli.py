"""The editor's command-line front ends (the sub-app the main CLI registers)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from game.data.io import dumps
from game.data.maps import load_map
from game.editor.cli import app
from tests.editor.samples import hand_made, tiled_dict

runner = CliRunner()


def test_import_export_generate(tmp_path):
    src = tmp_path / "s.tmj"
    src.write_text(json.dumps(tiled_dict()))
    r = runner.invoke(app, ["import", str(src), "--out", str(tmp_path / "s.map.json"), "--scale", "2"])
    assert r.exit_code == 0, r.output
    assert "imported 4 features" in r.output and "object 7 'mystery'" in r.output
    assert [f.id for f in load_map(tmp_path / "s.map.json").features] == [f.id for f in hand_made().features]
    (tmp_path / "h.map.json").write_text(dumps(hand_made()))
    r = runner.invoke(app, ["export", str(tmp_path / "h.map.json"), "--format", "geojson", "--out", str(tmp_path / "h.geojson")])
    assert r.exit_code == 0 and json.loads((tmp_path / "h.geojson").read_text())["type"] == "FeatureCollection"
    r = runner.invoke(app, ["generate", "battlespace", "--seed", "5", "--out", str(tmp_path / "g.map.json")])
    assert r.exit_code == 0 and len(load_map(tmp_path / "g.map.json").features) >= 10


def test_bad_input__one_line_exit_2(tmp_path):
    (tmp_path / "bad.tmj").write_text("{")
    r = runner.invoke(app, ["import", str(tmp_path / "bad.tmj"), "--out", str(tmp_path / "x.map.json")])
    assert r.exit_code == 2 and "not valid JSON" in r.output
    r = runner.invoke(app, ["export", str(tmp_path / "none.map.json"), "--format", "svg", "--out", "x"])
    assert r.exit_code == 2 and "tiled or geojson" in r.output

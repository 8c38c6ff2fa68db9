"""Seeded table generators and test-play scenarios."""

from __future__ import annotations

import json

import pytest

from game.editor import commands as C
from game.editor import files
from game.editor.document import MapDocument
from game.editor.generators import GeneratorUnavailable, battlespace_table, generate, spacefleet_table
from game.editor.history import History
from game.editor.testplay import make_test_scenario
from game.editor.validate import errors, validate


@pytest.mark.parametrize("seed", range(6))
def test_battlespace_table__ten_plus_pieces_valid(seed):
    m = battlespace_table(seed)
    kinds = [f.kind for f in m.features]
    assert (m.table.width_mm, m.table.height_mm) == (914, 914)
    assert len(m.features) >= 10
    assert kinds.count("building") >= 3 and "wall" in kinds and "vehicle" in kinds
    assert any("hindering" in f.tags for f in m.features)
    assert all(f.openings for f in m.features if f.kind == "building")
    assert errors(validate(MapDocument.from_map(m))) == []


def test_battlespace_table__reproducible_from_seed():
    assert battlespace_table(42) == battlespace_table(42)
    assert battlespace_table(42) != battlespace_table(43)
    assert generate("battlespace", 7) == battlespace_table(7)


def test_spacefleet_table__hook():
    try:
        m = spacefleet_table(1)
    except GeneratorUnavailable as e:
        assert "battlezone" in str(e)
        return
    assert m == spacefleet_table(1)  # same seed, same map
    assert m.table.width_mm == 1829 and m.ruleset in (None, "spacefleet")
    for seed in range(6):
        assert errors(validate(MapDocument.from_map(spacefleet_table(seed)))) == []


def test_test_play__scenario_uses_map_and_zones(tmp_path):
    from game.battle.runner import play
    from game.battle.seats import Seat

    doc = MapDocument.new("2'x2'", map_id="arena", name="Arena")
    h = History(doc)
    h.execute(C.AddRectangle("building", 250, 250, 350, 350, tags=["blocks_sight", "impassable"]))
    h.execute(C.AddOpening("building1", (280, 250), (305, 250)))
    h.execute(C.AddZone("red", [(0, 0), (100, 0), (100, 610), (0, 610)]))
    h.execute(C.AddZone("blue", [(510, 0), (610, 0), (610, 610), (510, 610)]))
    mp = files.save(doc, tmp_path / "arena.map.json")
    template = files.Path(__file__).resolve().parents[1] / "rulesets" / "toy" / "duel.scenario.json"
    sc = make_test_scenario(mp, template)
    data = json.loads(sc.read_text())
    assert data["map"] == "arena.map.json"
    assert all(u["x"] < 100 for u in data["forces"]["red"]) and all(u["x"] > 510 for u in data["forces"]["blue"])
    res = play(sc, {"red": Seat("ai", "random"), "blue": Seat("ai", "random")}, seed=3)
    assert res.actions > 0

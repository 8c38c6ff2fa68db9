"""User-testing fixes in the editor: the Save-as chooser's confirm button says
Save, a single click with the door tool explains how to place a door, and Test
play builds a neutral battle (units in the deployment zones, nothing else from
the map) for a fresh map of either ruleset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from game.battle.loading import open_scenario  # noqa: E402
from game.battle.runner import play  # noqa: E402
from game.battle.seats import Seat  # noqa: E402
from game.editor import commands as C  # noqa: E402
from game.editor import files  # noqa: E402
from game.editor.document import MapDocument  # noqa: E402
from game.editor.history import History  # noqa: E402
from game.editor.testplay import make_neutral_scenario  # noqa: E402
from tests.editor.test_editor_ui_fixes import open_editor, pygame_app  # noqa: E402,F401

ROOT = Path(__file__).resolve().parents[2]
BS_TPL = ROOT / "maps" / "battlespace" / "mission1.scenario.json"
SF_TPL = ROOT / "maps" / "spacefleet" / "asteroid_belt.scenario.json"


def test_save_as_chooser_confirms_with_save(pygame_app, tmp_path):
    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace")
    scene.ask_save_as()
    d.frames(1)
    chooser = app.top
    assert chooser.name == "files" and chooser.ok.text == "Save"
    chooser.entry.set_text(str(tmp_path / "x.map.json"))
    d.press(chooser.ok)
    assert (tmp_path / "x.map.json").exists()
    scene.ask_open()
    d.frames(1)
    assert app.top.ok.text == "Open"


def test_save_as__the_map_id_field_shows_the_saved_maps_id(pygame_app, tmp_path):
    """A new map saved as ``ford_crossing.map.json`` takes the id ``ford_crossing``: the
    panel's map id field shows it at once (not "untitled"), and the name field the map's name."""
    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace")
    assert scene.doc.id == "untitled"
    scene.ask_save_as()
    d.frames(1)
    chooser = app.top
    chooser.entry.set_text(str(tmp_path / "ford_crossing.map.json"))
    d.press(chooser.ok)
    d.frames(1)
    shown = {key: e.get_text() for e, key in scene.entries.items()}
    assert scene.doc.id == "ford_crossing" and shown["id"] == "ford_crossing"
    assert shown["name"] == scene.doc.name
    assert json.loads((tmp_path / "ford_crossing.map.json").read_text())["id"] == "ford_crossing"


def test_single_click_with_the_door_tool_says_how(pygame_app):
    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace")
    scene.run(C.AddRectangle("building", 100, 100, 200, 180))
    d.tool("door")
    d.click(150, 100)
    assert scene.status == "drag along an edge to place a door"
    assert not any(f.openings for f in scene.doc.features)
    d.drag((120, 100), (150, 100))
    assert [len(f.openings) for f in scene.doc.features] == [1]


def _fresh(tmp_path, ruleset, preset, zone=None):
    doc = MapDocument.new(preset, ruleset=ruleset, map_id="fresh", name="Fresh")
    if zone:
        History(doc).execute(C.AddZone(*zone))
    return files.save(doc, tmp_path / f"fresh_{ruleset}.map.json")


def test_neutral_battlespace_test_play_on_a_fresh_map(tmp_path):
    """No humvee needed: the fireteam stands (on one card) in its zone, four fighters in the opposite half, Mission 3 params only."""
    mp = _fresh(tmp_path, "battlespace", "3'x3'", ("fireteam", [(0, 714), (914, 714), (914, 914), (0, 914)]))
    sc = make_neutral_scenario(mp, BS_TPL)
    data = json.loads(sc.read_text())
    assert data["params"] == {"mission": "m3_ambush", "staging": False} and data["objectives"] == []
    team = data["forces"]["fireteam"]
    assert [u["id"] for u in team] == ["reyes", "okafor", "lindqvist", "tanaka"]
    assert all(714 < u["y"] < 914 for u in team)
    assert max(u["x"] for u in team) - min(u["x"] for u in team) == 30.0
    foes = data["forces"]["enemy"]
    assert len(foes) == 4 and all(u["profile"] == "fighter" and u["y"] < 457 for u in foes)
    open_scenario(sc)  # the ruleset's own validation passes
    res = play(sc, {"fireteam": Seat("ai")}, seed=2)
    assert res.actions > 0


def test_neutral_spacefleet_test_play_two_small_fleets_facing(tmp_path):
    mp = _fresh(tmp_path, "spacefleet", "6'x4'")
    sc = make_neutral_scenario(mp, SF_TPL)
    data = json.loads(sc.read_text())
    imp, cha = data["forces"]["imperial"], data["forces"]["chaos"]
    assert [u["profile"] for u in imp] == ["lunar", "gothic"] and [u["profile"] for u in cha] == ["murder", "carnage"]
    assert all(u["x"] > 914 for u in imp) and all(u["x"] < 914 for u in cha)
    assert {u["heading"] for u in imp} == {180.0} and {u["heading"] for u in cha} == {0.0}
    assert data["params"]["battlezone"] == "deep_space"
    open_scenario(sc)


def test_neutral_scenario_reports_a_clear_message_when_it_cannot_fit(tmp_path):
    mp = _fresh(tmp_path, "battlespace", "3'x3'", ("fireteam", [(0, 0), (20, 0), (20, 20), (0, 20)]))
    with pytest.raises(ValueError, match="test play: no clear spot for the fireteam"):
        make_neutral_scenario(mp, BS_TPL)


def test_editor_test_play_on_a_fresh_battlespace_map_opens_a_battle(pygame_app, tmp_path):
    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace")
    scene.run(C.AddZone("fireteam", [(0, 714), (914, 714), (914, 914), (0, 914)]))
    scene.doc.path = tmp_path / "fresh.map.json"
    battle = scene.test_play()
    assert battle is not None, scene.status
    assert app.top.name != "editor"
    d.frames(3)
    app.screenshot(tmp_path / "testplay.png")
    assert "humvee" not in scene.status

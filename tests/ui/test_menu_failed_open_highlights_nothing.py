"""A scenario that fails to open (its map missing, a bad value) leaves the
menu saying plainly that nothing is chosen: no scenario highlighted in the
list, the preview area naming the file and the reason, and Start answering
with that same reason instead of starting the scenario chosen before."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.ui.menu_driver import fresh_menu, open_typed_path

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"


def highlighted(menu) -> list[str]:
    return [item["text"] for item in menu.sc_list.item_list if item["selected"]]


def _start_says(app, menu, *words) -> None:
    n = len(app.stack)
    assert menu.start() is None
    app.drive(1)
    assert app.top.name == "message" and len(app.stack) == n + 1  # a dialog, no battle
    assert all(w in app.top.text for w in words), app.top.text
    app.top.close()
    app.drive(1)
    assert app.top is menu


def test_missing_map__nothing_highlighted_and_start_says_why(app, tmp_path):
    sc = tmp_path / "mission2.scenario.json"
    shutil.copy(MAPS / "battlespace" / "mission2.scenario.json", sc)  # its map is not beside it
    menu = fresh_menu(app)
    assert highlighted(menu) == ["Mission 1: the ambushed patrol"]
    open_typed_path(app, menu, sc)
    assert menu.chosen is None and menu.preview is None
    assert highlighted(menu) == [] and menu.sc_list.get_single_selection() is None
    assert str(sc) in menu.problem and "not found" in menu.problem
    app.screenshot(tmp_path / "menu-failed-open-missing-map.png")
    _start_says(app, menu, str(sc), "not found")


def test_bad_value__nothing_highlighted_and_start_says_why(app, tmp_path):
    d = json.loads((MAPS / "battlespace" / "mission2.scenario.json").read_text())
    shutil.copy(MAPS / "battlespace" / d["map"], tmp_path / d["map"])
    d["turn_limit"] = "many"
    sc = tmp_path / "mission2.scenario.json"
    sc.write_text(json.dumps(d))
    menu = fresh_menu(app)
    open_typed_path(app, menu, sc)
    assert menu.chosen is None and highlighted(menu) == []
    assert str(sc) in menu.problem and "turn_limit" in menu.problem
    app.screenshot(tmp_path / "menu-failed-open-bad-value.png")
    _start_says(app, menu, str(sc), "turn_limit")


def test_a_failed_open_of_another_ruleset_shows_that_ruleset_with_nothing_highlighted(app, tmp_path):
    sc = tmp_path / "patrol.scenario.json"
    shutil.copy(MAPS / "foxhole" / "patrol.scenario.json", sc)  # its map is not beside it
    menu = fresh_menu(app)
    open_typed_path(app, menu, sc)
    assert menu.chosen is None and menu.rs_menu.selected_option[0] == "Foxhole"
    assert highlighted(menu) == []
    _start_says(app, menu, str(sc), "not found")

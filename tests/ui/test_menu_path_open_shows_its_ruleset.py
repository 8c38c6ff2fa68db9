"""A scenario opened by its path in the menu (Open, or Enter in the field)
brings its ruleset with it: the Ruleset box names the scenario's ruleset,
the Scenario list shows that ruleset's scenarios, the opened one highlighted
when it is one of them and nothing highlighted when it is a file from
elsewhere."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.ui.menu_driver import fresh_menu, open_typed_path

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"


def shown_ruleset(menu) -> str:
    return menu.rs_menu.selected_option[0]


def listed(menu) -> list[str]:
    return [item["text"] for item in menu.sc_list.item_list]


def highlighted(menu) -> list[str]:
    return [item["text"] for item in menu.sc_list.item_list if item["selected"]]


def test_a_bundled_scenario_of_another_ruleset_shows_its_ruleset_and_is_highlighted(app, tmp_path):
    menu = fresh_menu(app)
    assert shown_ruleset(menu) == "Battlespace" and highlighted(menu) == ["Mission 1: the ambushed patrol"]
    open_typed_path(app, menu, MAPS / "foxhole" / "patrol.scenario.json")
    assert menu.chosen is not None and menu.preview[2].name == "Patrol (Malaya)"
    assert menu.ruleset == "foxhole" and shown_ruleset(menu) == "Foxhole"
    assert listed(menu) == ["Convoy Ambush (Vietnam)", "Firebase Defence (Vietnam)", "Patrol (Malaya)",
                            "Search and Destroy (Vietnam)", "Simple Assault (Falklands)"]
    assert highlighted(menu) == ["Patrol (Malaya)"]
    assert menu.sc_list.get_single_selection() == "Patrol (Malaya)"
    assert str(MAPS / "foxhole" / "patrol.scenario.json") in menu.path_entry.get_text()  # what was typed stays
    app.screenshot(tmp_path / "menu-path-open-foxhole-patrol.png")
    open_typed_path(app, menu, MAPS / "battlespace" / "mission2.scenario.json")  # and back to another ruleset
    assert shown_ruleset(menu) == "Battlespace"
    assert highlighted(menu) == ["Mission 2: the bomb maker of Mohashan"]
    assert set(menu.seat_choice) >= set(menu.seats())


def test_a_scenario_from_elsewhere_shows_its_ruleset_with_nothing_highlighted(app, tmp_path):
    here = tmp_path / "mine"
    here.mkdir()
    for name in ("patrol.scenario.json", "patrol.map.json"):
        shutil.copy(MAPS / "foxhole" / name, here / name)  # same name as the bundled one, another file
    menu = fresh_menu(app)
    open_typed_path(app, menu, here / "patrol.scenario.json")
    assert menu.chosen is not None and menu.chosen.path == here / "patrol.scenario.json"
    assert shown_ruleset(menu) == "Foxhole" and "Patrol (Malaya)" in listed(menu)
    assert highlighted(menu) == []
    app.screenshot(tmp_path / "menu-path-open-foxhole-elsewhere.png")

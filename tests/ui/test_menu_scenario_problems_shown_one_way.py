"""Every problem of a scenario file opened by its path in the menu is shown
the same way: in the preview area, naming the file and the reason, once,
with no dialog (a JSON syntax error, a file not found, a list that is not a
scenario, a missing map, a bad value alike). An empty path field is not a
file's problem: a dialog asks for a path and what was chosen stays."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pygame
import pygame_gui
import pytest

from tests.ui.test_file_problem_said_once import _drawn, times
from tests.ui.menu_driver import broken_json, fresh_menu, missing_map, not_found

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"


def _a_list(tmp_path):
    p = tmp_path / "list.scenario.json"
    p.write_text("[1, 2]", encoding="utf-8")
    return p, "not a scenario"


def _bad_value(tmp_path):
    d = json.loads((MAPS / "battlespace" / "mission2.scenario.json").read_text())
    shutil.copy(MAPS / "battlespace" / d["map"], tmp_path / d["map"])
    d["turn_limit"] = "many"
    p = tmp_path / "mission2.scenario.json"
    p.write_text(json.dumps(d))
    return p, "[turn_limit]: expected a whole number"


@pytest.mark.parametrize("make", [broken_json, not_found, _a_list, missing_map, _bad_value],
                         ids=["json-syntax", "not-found", "a-list", "missing-map", "bad-value"])
def test_every_problem_of_an_opened_file_is_in_the_preview_once_and_no_dialog(app, tmp_path, monkeypatch, make):
    path, reason = make(tmp_path)
    menu = fresh_menu(app)
    menu.path_entry.set_text(str(path))
    app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=menu.path_btn)])
    app.drive(1)
    assert app.top is menu, getattr(app.top, "text", app.top)  # no dialog
    assert menu.chosen is None and menu.preview is None
    assert menu.problem.startswith(str(path)) and reason in menu.problem, menu.problem
    text = _drawn(app, monkeypatch)
    assert times(str(path), text) == 1 and times(reason, text) == 1, text
    app.screenshot(tmp_path / f"menu-problem-{make.__name__.strip('_')}.png")


def test_an_empty_path_field_asks_for_a_path_and_keeps_the_choice(app, tmp_path):
    menu = fresh_menu(app)
    chosen = menu.chosen
    menu.path_entry.set_text("   ")
    app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=menu.path_btn)])
    app.drive(1)
    assert app.top.name == "message" and app.top.text == "Type the path of a scenario file first."
    assert menu.chosen is chosen and menu.problem == ""

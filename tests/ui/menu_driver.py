"""Driving the menu in UI tests: a fresh menu with nothing chosen, a
scenario file opened by typing its path and pressing Open, a ruleset and
scenario picked, a seat chosen; and scenario files with one problem each."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pygame_gui

MAPS = Path(__file__).resolve().parents[2] / "maps"


def fresh_menu(app):
    """A menu pushed on ``app`` with no scenario chosen (seed 1), drawn twice."""
    from game.ui.scenes.menu import MenuScene

    menu = app.push(MenuScene(scenario=None, seed=1))
    app.drive(2)
    return menu


def open_typed_path(app, menu, path) -> None:
    """Type ``path`` into the menu's scenario path field and press Open."""
    menu.path_entry.set_text(str(path))
    app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=menu.path_btn)])
    app.drive(1)


def choose_in_menu(app, menu, ruleset: str, ruleset_id: str, scenario: str) -> None:
    """Pick ``ruleset`` (its label and id) in the ruleset box, then ``scenario`` in the list."""
    app.drive(1, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu.rs_menu,
                                     text=ruleset, selected_option_id=ruleset_id)])
    app.drive(2)
    app.drive(1, [pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=menu.sc_list,
                                     text=scenario)])


def pick_seat(app, drop, text: str) -> None:
    """Open the seat menu ``drop`` with a click, then click ``text`` in its list."""
    from tests.ui.conftest import click

    click(app, drop.get_abs_rect().center)
    app.drive(1)
    row = next(i["button_element"] for i in drop.current_state.options_selection_list.item_list if i["text"] == text)
    click(app, row.get_abs_rect().center)
    app.drive(2)


# scenario files with one problem each: (path, words the problem is named with)
def broken_json(tmp_path):
    p = tmp_path / "broken.scenario.json"
    p.write_text('{"ruleset": "foxhole",,\n "name": "x"}', encoding="utf-8")
    return p, "JSON"


def not_found(tmp_path):
    return tmp_path / "nowhere.scenario.json", "file not found"


def missing_map(tmp_path):
    p = tmp_path / "patrol.scenario.json"
    shutil.copy(MAPS / "foxhole" / "patrol.scenario.json", p)
    return p, "map file 'patrol.map.json' not found"

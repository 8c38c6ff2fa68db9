"""The menu's Army check button works only for a ruleset with an army
builder (Battlesystem's): for Foxhole it is greyed, and its label and
tooltip say there is no army builder, instead of a click that only says so."""

from __future__ import annotations

from game.ui.scenes.menu import MenuScene
from game.ui.scenes.menu import ruleset_name
from game.ui.scenarios import bundled


def _menu_on(app, rid: str) -> MenuScene:
    menu = app.push(MenuScene())
    app.drive(1)
    menu.ruleset = rid
    menu._build()
    assert menu.choose(next(e for e in bundled() if e.ruleset == rid))
    app.drive(2)
    return menu


def test_foxhole_menu__army_check_greyed_and_says_there_is_no_army_builder(app, tmp_path):
    menu = _menu_on(app, "foxhole")
    b = menu.army_btn
    assert not b.is_enabled
    assert b.text == "No army builder"
    assert b.tool_tip_text == "The Foxhole rules have no army builder, so there is no army to check."
    app.screenshot(tmp_path / "menu-foxhole-army-check.png")


def test_battlesystem_menu__army_check_offered(app, tmp_path):
    menu = _menu_on(app, "battlesystem")
    b = menu.army_btn
    assert b.is_enabled and b.text == "Army check"
    assert ruleset_name(menu.preview[3]) == "Battlesystem"
    app.screenshot(tmp_path / "menu-battlesystem-army-check.png")


def test_menu__army_check_follows_the_scenario_chosen(app):
    menu = _menu_on(app, "battlesystem")
    assert menu.army_btn.is_enabled
    menu.choose(next(e for e in bundled() if e.ruleset == "foxhole"))
    assert not menu.army_btn.is_enabled

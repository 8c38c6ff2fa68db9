"""The menu's scenario path field: pressing Enter in it opens the typed
scenario, as the Open button beside it does."""

from __future__ import annotations

from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]
PATROL = ROOT / "maps" / "foxhole" / "patrol.scenario.json"


def test_enter_in_the_path_field_opens_the_scenario(app, tmp_path):
    from game.ui.scenes.menu import MenuScene

    menu = app.push(MenuScene(scenario=None, seed=1))
    app.drive(2)
    assert menu.chosen.name == "Mission 1: the ambushed patrol"
    menu.path_entry.set_text(str(PATROL))
    menu.ui.set_focus_set(menu.path_entry)
    app.drive(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)])
    app.drive(2)  # the field's "finished" event arrives in the next frame
    assert app.top is menu
    assert menu.chosen is not None and menu.chosen.path.resolve() == PATROL.resolve()
    assert menu.preview[2].name == "Patrol (Malaya)"
    app.screenshot(tmp_path / "menu-enter-opens-patrol.png")

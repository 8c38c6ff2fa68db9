"""Leaving the replay viewer (its Menu button) returns to the menu as the
player left it: the same ruleset, scenario, seats and seed, as leaving a
battle keeps the chosen ruleset and scenario (not Battlespace, Mission 1)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.battle.runner import play
from tests.ui.menu_driver import choose_in_menu, fresh_menu, pick_seat

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"


def test_menu_button_of_the_replay_viewer_returns_to_the_menu_as_it_was(app, tmp_path):
    from game.ui.scenes.menu import MenuScene

    replay = tmp_path / "duel.replay.jsonl"
    play(DUEL, {}, 5, replay)
    menu = fresh_menu(app)
    # the player picks Foxhole, then Simple Assault, an AI at random for its second side, seed 42
    choose_in_menu(app, menu, "Foxhole", "foxhole", "Simple Assault (Falklands)")
    second = list(menu.seat_menus)[1]
    pick_seat(app, menu.seat_menus[second], "AI (random)")
    menu.seed_entry.set_text("42")
    app.drive(1)
    chosen, seats = menu.chosen, dict(menu.seat_choice)
    assert chosen.name == "Simple Assault (Falklands)" and seats[second] == "AI (random)"

    viewer = menu.open_replay(replay)
    app.drive(2)
    assert app.top is viewer and viewer.model is not None
    app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=viewer.menu)])
    app.drive(2)

    back = app.top
    assert isinstance(back, MenuScene) and app.stack == [back]
    assert back.ruleset == "foxhole" and back.rs_menu.selected_option[0] == "Foxhole"
    assert back.chosen is not None and back.chosen.path == chosen.path
    assert [i["text"] for i in back.sc_list.item_list if i["selected"]] == ["Simple Assault (Falklands)"]
    assert back.seat_choice == seats and back.seed_entry.get_text() == "42"
    assert back.seats()[second].agent == "random"
    app.screenshot(tmp_path / "menu-after-replay.png")

"""Leaving a battle for the menu keeps what the player chose there: the
ruleset, scenario and seed, and each side's seat (Human, AI, AI (random))."""

from __future__ import annotations

import pygame
import pygame_gui

from game.battle.seats import Seat
from game.ui.scenes.menu import MenuScene, seat_label
from tests.ui.menu_driver import choose_in_menu, fresh_menu, pick_seat


def test_seats_chosen_in_the_menu_are_there_again_after_leaving_the_battle(app, tmp_path):
    menu = fresh_menu(app)
    choose_in_menu(app, menu, "Foxhole", "foxhole", "Simple Assault (Falklands)")
    first, second = list(menu.seat_menus)
    pick_seat(app, menu.seat_menus[first], "AI (random)")
    pick_seat(app, menu.seat_menus[second], "Human")
    menu.seed_entry.set_text("7")
    app.drive(1)
    chosen = menu.chosen
    assert (menu.seat_choice[first], menu.seat_choice[second]) == ("AI (random)", "Human")

    app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=menu.start_btn)])
    app.drive(2)
    battle = app.top
    assert battle.name == "battle", battle
    assert battle.session.seats[first].agent == "random" and battle.session.seats[second].kind == "human"
    battle.to_menu()
    app.drive(2)

    back = app.top
    assert isinstance(back, MenuScene) and back is not menu and app.stack == [back]
    assert back.ruleset == "foxhole" and back.chosen.path.resolve() == chosen.path.resolve()
    assert back.seed_entry.get_text() == "7"
    assert (back.seat_choice[first], back.seat_choice[second]) == ("AI (random)", "Human")
    assert back.seat_menus[first].selected_option[0] == "AI (random)"
    assert back.seat_menus[second].selected_option[0] == "Human"
    assert back.seats()[first] == Seat("ai", "random", {}) and back.seats()[second].kind == "human"


def test_a_battle_seat_reads_as_the_menu_label_that_makes_it():
    assert seat_label(Seat("human", "default", {})) == "Human"
    assert seat_label(Seat("ai", "default", {})) == "AI (normal)"
    assert seat_label(Seat("ai", "default", {"nodes": 60})) == "AI (weak)"
    assert seat_label(Seat("ai", "default", {"nodes": 1600})) == "AI (strong)"
    assert seat_label(Seat("ai", "default", {"nodes": 300})) == "AI (normal)"  # a budget the menu does not offer
    assert seat_label(Seat("ai", "random", {})) == "AI (random)"
    assert seat_label(Seat("ai", "mcts", {})) is None

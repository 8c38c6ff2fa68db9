"""Driving the menu in UI tests: a fresh menu with nothing chosen, and a
scenario file opened by typing its path and pressing Open."""

from __future__ import annotations

import pygame
import pygame_gui


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

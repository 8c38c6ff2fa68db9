"""A file the app cannot open is said once, naming the file and the reason:
never on the screen twice at a time (a dialog over a panel or a status that
says the same). A scenario whose map file is missing, chosen by its path in
the menu: the preview area says why, and no dialog repeats it; Start then
says it in its dialog, and the preview area does not show it meanwhile. An
empty replay opened from the menu: one dialog, over the menu (the viewer
behind it draws nothing of its own), and back to the menu after OK."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pygame
import pygame_gui

from game.ui import fonts
from tests.ui.menu_driver import fresh_menu

ROOT = Path(__file__).resolve().parents[2]


def _drawn(app, monkeypatch) -> str:
    """Every text the app draws in one frame (rendered through ``fonts.text``), joined."""
    seen: list[str] = []
    real = fonts.text

    def spy(s, *a, **k):
        seen.append(s)
        return real(s, *a, **k)

    spy.cache_clear = real.cache_clear
    monkeypatch.setattr(fonts, "text", spy)
    try:
        app.draw()
    finally:
        monkeypatch.setattr(fonts, "text", real)
    return "\n".join(seen)


def times(needle: str, text: str) -> int:
    """How often ``needle`` is in ``text``, whitespace aside (a wrapped line
    breaks at a space, or inside a word too long for the line)."""
    return re.sub(r"\s+", "", text).count(re.sub(r"\s+", "", needle))


def test_missing_map__said_once_in_the_menu(app, tmp_path, monkeypatch):
    sc = tmp_path / "patrol.scenario.json"
    shutil.copy(ROOT / "maps" / "foxhole" / "patrol.scenario.json", sc)  # its map is not beside it
    reason = "map file 'patrol.map.json' not found"
    menu = fresh_menu(app)
    menu.path_entry.set_text(str(sc))
    app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=menu.path_btn)])
    app.drive(1)
    text = _drawn(app, monkeypatch)
    assert app.top is menu and menu.chosen is None
    assert times(str(sc), text) == 1 and times(reason, text) == 1, text
    app.screenshot(tmp_path / "menu-missing-map.png")
    menu.start()  # the reason again, now in the dialog Start answers with, and only there
    app.drive(1)
    assert app.top.name == "message"
    text = _drawn(app, monkeypatch)
    assert times(str(sc), text) == 1 and times(reason, text) == 1, text
    assert str(sc) in app.top.text and reason in app.top.text
    app.screenshot(tmp_path / "menu-missing-map-start.png")


def test_empty_replay__said_once_then_back_to_the_menu(app, tmp_path, monkeypatch):
    empty = tmp_path / "empty.replay.jsonl"
    empty.write_text("")
    menu = fresh_menu(app)
    menu.open_replay(empty)
    app.drive(1)
    assert app.top.name == "message"
    text = _drawn(app, monkeypatch)
    assert times(str(empty), text) == 1 and times("the file is empty", text) == 1, text
    assert app.top.text == f"Cannot open the replay.\n{empty}: the file is empty (a replay starts with a header line; this one has none)"
    app.screenshot(tmp_path / "empty-replay.png")
    app.top.close()
    app.drive(2)
    assert app.top is menu
    assert times(str(empty), _drawn(app, monkeypatch)) == 0

"""A file chooser that finds no file says where it looked above its list,
wrapped inside the panel (the note was drawn under the empty list, which
hid it, and ran past the panel's edge)."""

from __future__ import annotations

import pytest

from game.ui import fonts
from game.ui.scenes.files import FileChooser
from tests.ui.conftest import app_at


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_nothing_found_note_sits_above_the_list_inside_the_panel(scale, tmp_path, monkeypatch):
    with app_at(tmp_path, monkeypatch, (1280, 800), scale) as app:
        empty = tmp_path / "a folder with a rather long name for its saved games" / "saves"
        empty.mkdir(parents=True)
        chooser = app.push(FileChooser("Load a saved game", [empty, tmp_path / "replays"], ".save.json", lambda p: None))
        app.drive(1)
        lines = chooser.empty_lines
        assert lines and " ".join(lines) == chooser.empty_note().strip() and str(empty) in chooser.empty_note()
        lh = fonts.font(14).get_linesize()
        assert chooser.empty_y + len(lines) * lh <= chooser.list.get_abs_rect().top
        assert chooser.empty_y >= chooser.rect.y + fonts.font(20, True).get_linesize()  # below the title
        assert all(fonts.font(14).size(t)[0] <= chooser.rect.width - 40 for t in lines)
        app.screenshot(tmp_path / "nothing-found.png")

"""The editor's Save as dialog: it offers a file name made from the map's
name, a save the rules refuse keeps the name that was typed (the next Save
as offers it again), and a refused save leaves the map's id as it was (a
new file name gives the map its id only when the file is written)."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from game.editor import commands as C  # noqa: E402
from game.editor import files  # noqa: E402
from game.editor.document import MapDocument  # noqa: E402
from game.editor.history import History  # noqa: E402
from tests.editor.test_editor_ui_fixes import open_editor, pygame_app  # noqa: E402,F401


def test_refused_save__the_id_is_unchanged(tmp_path):
    doc = MapDocument.new(ruleset="battlespace")
    h = History(doc)
    h.execute(C.AddRectangle("building", 100, 100, 200, 200))
    h.execute(C.AddRectangle("wall", 150, 150, 300, 160))  # a wall through the building: an error
    before = doc.id
    with pytest.raises(files.SaveBlocked):
        files.save(doc, tmp_path / "ford crossing.map.json")
    assert doc.id == before and doc.path is None
    assert not (tmp_path / "ford crossing.map.json").exists()


def test_save_as__suggests_the_maps_name_and_keeps_a_refused_name(pygame_app, tmp_path):
    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace")
    scene.doc.name = "Hill 60 at dawn"
    scene.ask_save_as()
    d.frames(1)
    chooser = app.top
    assert chooser.entry.get_text().endswith("/Hill_60_at_dawn.map.json")
    d.press(chooser.cancel)
    scene.history.execute(C.AddRectangle("building", 100, 100, 200, 200))
    scene.history.execute(C.AddRectangle("wall", 150, 150, 300, 160))
    before = scene.doc.id
    scene.ask_save_as()
    d.frames(1)
    typed = str(tmp_path / "my_ford.map.json")
    app.top.entry.set_text(typed)
    d.press(app.top.ok)
    d.frames(1)
    assert not (tmp_path / "my_ford.map.json").exists() and scene.problems  # refused: the errors listed
    assert scene.doc.id == before
    scene.ask_save_as()
    d.frames(1)
    assert app.top.name == "files" and app.top.entry.get_text() == typed

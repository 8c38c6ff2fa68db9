"""The editor's unsaved mark (the * in the title) says whether the map
differs from the one last opened or saved: undoing back to the saved map
clears it, redoing sets it again, and after a save the mark follows the new
saved map."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from game.editor import commands as C  # noqa: E402
from game.editor.files import new_document, open_map, save  # noqa: E402
from tests.editor.test_editor_ui_fixes import copy_map, open_editor, pygame_app  # noqa: E402,F401


def test_undo_back_to_the_saved_map_clears_the_mark(pygame_app, tmp_path):  # noqa: F811
    path = copy_map(tmp_path, "battlespace/mission1.map.json")
    app, scene, d = open_editor(pygame_app, path)
    assert not scene.title_text(900).endswith("*") and " * " not in scene.title_text(900)
    assert scene.run(C.AddRectangle("woods", 300, 300, 60, 60))
    assert " * " in scene.title_text(900)
    scene.undo()
    assert " * " not in scene.title_text(900) and not scene.doc.dirty
    scene.redo()
    assert " * " in scene.title_text(900)
    assert scene.save() is not None
    assert not scene.doc.dirty
    scene.undo()  # the saved map had the woods: without them it differs
    assert scene.doc.dirty and " * " in scene.title_text(900)
    app.screenshot(tmp_path / "unsaved-mark.png")


def test_the_same_edit_done_and_undone_twice_and_a_draft_stays_unsaved(tmp_path):
    doc = new_document("3'x3'", "battlespace")
    assert not doc.dirty
    from game.editor.history import History

    h = History(doc)
    h.execute(C.AddRectangle("building", 100, 100, 50, 50))
    h.execute(C.AddRectangle("woods", 300, 300, 50, 50))
    assert doc.dirty
    h.undo()
    h.undo()
    assert not doc.dirty and doc.revision == 4
    path = copy_map(tmp_path, "battlespace/mission1.map.json")
    doc = open_map(path)
    doc.dirty = True  # as a recovered autosave: unsaved whatever it holds
    assert doc.dirty
    save(doc, path)
    assert not doc.dirty

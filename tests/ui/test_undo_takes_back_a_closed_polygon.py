"""Map editor: closing a polygon is the player's one action, so one Undo
takes the whole polygon back (not its closing, then its vertices one by
one), and Redo brings the whole polygon back; an unfinished drawing still
loses its vertices one Undo at a time."""

from __future__ import annotations

from game.ui.scenes.editor import EditorScene
from tests.ui.conftest import click


def test_one_undo_takes_back_the_closed_polygon_and_redo_gives_it_back(app):
    scene = app.push(EditorScene(None))
    app.drive(1)
    scene.set_tool("polygon")
    corners = [(254.0, 254.0), (508.0, 254.0), (508.0, 508.0), (254.0, 508.0)]
    for p in corners + corners[:1]:  # the last click, on the first corner, closes it
        click(app, scene.camera.to_screen(*p))
    assert scene.doc.draft == [] and len(scene.doc.features) == 1
    closed = scene.doc.features[0].model_dump()
    scene.undo()
    assert scene.doc.features == [] and scene.doc.draft == [] and scene.status == "undid finish polygon"
    assert not scene.history.can_undo  # nothing of the polygon left to undo
    scene.redo()
    assert scene.doc.draft == [] and [f.model_dump() for f in scene.doc.features] == [closed]
    # an open drawing: Undo takes one vertex back
    for p in corners[:3]:
        click(app, scene.camera.to_screen(p[0] + 50, p[1] + 300))
    assert len(scene.doc.draft) == 3
    scene.undo()
    assert len(scene.doc.draft) == 2 and len(scene.doc.features) == 1

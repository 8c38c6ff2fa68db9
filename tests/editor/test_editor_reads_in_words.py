"""The editor speaks to its author in words: tags as "blocks sight" (typed
back either way), exits as "the fireteam's exit", problems naming shapes by
name or by kind and grid square (never "building2: building building2").
Headless (dummy video driver)."""

from __future__ import annotations

import os

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from game.editor import commands as C  # noqa: E402
from tests.editor.test_editor_ui_fixes import open_editor, pygame_app  # noqa: E402,F401


def test_tags_field_reads_words_and_takes_them_back(pygame_app):  # noqa: F811
    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace")
    scene.run(C.AddRectangle("building", 100, 100, 200, 200, id="b1"))
    scene.run(C.Select(["b1"]))
    d.frames(1)
    text = scene._entry("tags").get_text()
    assert "blocks sight" in text and "_" not in text
    scene.apply_field("tags", "blocks sight, Impassable")
    assert scene.doc.features[0].tags == ["blocks_sight", "impassable"]


def test_exit_and_problems_read_in_words(pygame_app, tmp_path):  # noqa: F811
    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace")
    scene.run(C.AddFeature("building", [(500, 400), (650, 550), (650, 400), (500, 550)], id="building2"))
    scene.run(C.AddExit("north", side="fireteam"))
    scene.revalidate()
    d.frames(2)
    lines = [str(p) for p in scene.problems]
    assert "error: the building at D4 self-intersects at (575, 475) mm" in lines
    assert not any("building2" in line for line in lines)
    shot = os.environ.get("BT_SHOT")
    if shot:  # to look at: BT_SHOT=/tmp/editor_words.png
        pygame.image.save(app.screen, shot)

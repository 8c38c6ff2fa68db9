"""Start-up: the window shows a drawn frame at once, before the first scene
(the menu with its scenario list and map preview) is built, and it says what
is opening."""

from __future__ import annotations

import pygame

from game.ui import app as ui_app
from game.ui.scene import Scene
from tests.ui.conftest import distinct_colours


class _Probe(Scene):
    name = "probe"


def test_run__the_first_frame_is_drawn_before_the_first_scene_is_built(monkeypatch, tmp_path):
    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    seen = {}

    def first_scene(kind, **kwargs):
        screen = pygame.display.get_surface()
        seen["kind"] = kind
        seen["colours"] = distinct_colours(screen)
        return _Probe()

    monkeypatch.setattr(ui_app, "first_scene", first_scene)
    monkeypatch.setattr(ui_app.App, "loop", lambda self: None)
    ui_app.run("menu")
    assert seen["kind"] == "menu"
    assert seen["colours"] > 50  # a drawn table and words, not a black window
    assert "Start battle" in ui_app.OPENING["menu"] and "Mission 1" in ui_app.OPENING["menu"]

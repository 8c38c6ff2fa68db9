"""The map editor's entry point: the real editor (``game/ui/scenes/editor.py``,
class ``EditorScene(path)``) when present, else a placeholder."""

from __future__ import annotations

import importlib.util

from game.ui.scenes.dialog import PanelScene


class EditorPlaceholder(PanelScene):
    """Says the editor is not in this build yet."""

    opaque = True
    dim = 255
    name = "editor-placeholder"

    def __init__(self, path=None) -> None:
        super().__init__("Map editor", ["The map editor lands with issue 7.",
                                        f"Requested map: {path}" if path else "No map requested."])
        self.buttons = {"Back": self.back}

    def back(self) -> None:
        self.app.pop(self)

    def draw(self, surface) -> None:
        surface.fill((18, 20, 24))
        super().draw(surface)


def editor_scene(path=None):
    """The editor scene for ``path`` (a map file or None)."""
    if importlib.util.find_spec("game.ui.scenes.editor") is not None:
        from game.ui.scenes.editor import EditorScene  # type: ignore[import-not-found]

        return EditorScene(path)
    return EditorPlaceholder(path)

"""The key and mouse reference overlay."""

from __future__ import annotations

from game.ui.scenes.dialog import PanelScene

HELP = [
    "Left click your model: select it. Tab: next model.",
    "Move the mouse: preview the move or shot there (path, cost, odds, template).",
    "Left click the table or an enemy: choose that action; Enter or click again: commit.",
    "Right click or Esc: cancel the choice, then the selection.",
    "Right or middle drag, arrow keys or WASD: pan. Wheel: zoom at the cursor. F: fit the table.",
    "L: line-of-sight overlay. R: range bands. Space: skip the AI's animation.",
    "Ctrl+Z: undo (to the last roll). Ctrl+S: save. Ctrl+L: load. F12: screenshot.",
    "Log: wheel scrolls; the Side and Kind buttons filter it.",
    "Replay viewer: Space play/pause, Left/Right one action, Shift+Left/Right one turn, Up/Down speed.",
    "Hover terrain or a model for its details. H or F1: this help.",
]


class HelpScene(PanelScene):
    """Keys and mouse, over the current scene."""

    name = "help"
    width = 760

    def __init__(self) -> None:
        super().__init__("Keys and mouse", HELP)
        self.buttons = {"Close": lambda: self.app.pop(self)}

"""Settings: window size, UI scale, colour-blind-safe palette, AI speed, and
the keys: every action of :mod:`game.ui.input_map` with its binding; click
one, then press the new key (press-to-bind). A new binding is saved to
``settings.json`` (atomically) at once."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import fonts
from game.ui import palette as P
from game.ui.input_map import ACTIONS, SPECS, chord_label, chord_of_event, overrides_for
from game.ui.scene import Scene
from game.ui.settings import save_settings

KEYS_TOP = 290  #: where the key list starts
ROW = 28

SIZES = ["1280x800", "1440x900", "1600x1000", "1920x1080"]
SCALES = ["0.75", "1.0", "1.25", "1.5"]
PALETTES = [(p.title or p.name, p.name) for p in P.PALETTES.values()]  #: (shown, stored)
SPEEDS = ["0.5", "1", "2", "4", "8"]


class SettingsScene(Scene):
    """Change and save the settings."""

    name = "settings"

    def enter(self) -> None:
        self.binding: str | None = None  #: the action waiting for its new key
        self.note = ""
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        E = pygame_gui.elements
        self.ui.clear_and_reset()
        self.menus = {}
        y = 70
        for key, label, opts, cur in [("window", "Window size", SIZES, f"{s.window[0]}x{s.window[1]}"),
                                      ("ui_scale", "UI scale", SCALES, f"{s.ui_scale:g}" if f"{s.ui_scale:g}" in SCALES else "1.0"),
                                      ("palette", "Palette", PALETTES, s.palette),
                                      ("ai_speed", "AI actions per second", SPEEDS, f"{s.ai_speed:g}" if f"{s.ai_speed:g}" in SPEEDS else "2")]:
            E.UILabel(pygame.Rect(40, y, 240, 30), label, self.ui)
            pairs = [o if isinstance(o, tuple) else (o, o) for o in opts]  # (shown, stored)
            start = next((o for o in pairs if o[1] == cur), pairs[0])
            self.menus[key] = E.UIDropDownMenu(pairs, start, pygame.Rect(290, y, 220, 30), self.ui)
            y += 44
        w, h = self.app.size
        self.save = E.UIButton(pygame.Rect(40, h - 54, 140, 36), "Save", self.ui)
        self.back = E.UIButton(pygame.Rect(190, h - 54, 140, 36), "Back", self.ui)
        self.reset_keys = E.UIButton(pygame.Rect(340, h - 54, 160, 36), "Default keys", self.ui)
        # the key list: label and a button with the binding, in as many columns as fit
        rows = max(1, (h - 70 - KEYS_TOP) // ROW)
        cols = -(-len(ACTIONS) // rows)
        colw = (w - 60) // cols
        # the binding's button leaves its label room: as wide as the longest label allows (90..170 px)
        longest = max(fonts.font(13).size(a.label)[0] for a in ACTIONS)
        bw = max(min(90, colw // 2 - 10), min(170, colw - 14 - longest - 12))
        self.key_buttons: dict = {}
        self.key_cells: list[tuple[str, tuple[int, int]]] = []
        for i, a in enumerate(ACTIONS):
            c, r = divmod(i, rows)
            x, yy = 40 + c * colw, KEYS_TOP + r * ROW
            self.key_cells.append((a.name, (x, yy + 5), x + colw - bw - 14 - 8 - x))
            b = E.UIButton(pygame.Rect(x + colw - bw - 14, yy, bw, ROW - 2), "", self.ui,
                           tool_tip_text=f"{a.label}: click, then press the new key (Esc: keep)")
            self.key_buttons[b] = a.name
        self._label_keys()

    def _label_keys(self) -> None:
        m = self.app.input
        for b, name in self.key_buttons.items():
            b.set_text("press a key..." if name == self.binding else m.label(name))

    def key_button(self, action: str):
        """The button showing ``action``'s binding (tests)."""
        return next(b for b, n in self.key_buttons.items() if n == action)

    def start_binding(self, action: str) -> None:
        """Wait for the key to bind to ``action``."""
        self.binding = action
        self.note = f"Press the new key for '{SPECS[action].label}' (Esc: keep the old one)."
        self._label_keys()

    def bind(self, action: str, chord) -> None:
        """Bind ``chord`` alone to ``action`` (taking it from any action of
        the same screens) and save the settings atomically."""
        s = self.app.settings
        changes, taken = self.app.input.rebound(action, chord)
        s.keys = overrides_for(s.keys, changes)
        save_settings(s)
        self.binding = None
        self.note = f"{SPECS[action].label}: {chord_label(chord)} (saved)" + \
            (f"; taken from {', '.join(SPECS[t].label for t in taken)}" if taken else "")
        self._label_keys()

    def default_keys(self) -> None:
        """Every key back to its default (saved)."""
        self.app.settings.keys = {}
        save_settings(self.app.settings)
        self.binding = None
        self.note = "Default keys restored (saved)."
        self._label_keys()

    def apply(self) -> None:
        """Store the choices and apply them."""
        s = self.app.settings
        val = lambda k: self.menus[k].selected_option[1]  # noqa: E731 - the stored value, not the words shown
        w, h = (int(v) for v in val("window").split("x"))
        s.window = (w, h)
        s.ui_scale = float(val("ui_scale"))
        s.palette = val("palette")
        s.ai_speed = float(val("ai_speed"))
        save_settings(s)
        fonts.set_ui_scale(s.ui_scale)

    def handle(self, event) -> bool:
        if self.binding is not None and event.type == pygame.KEYDOWN:
            chord = chord_of_event(event)
            if chord is None:
                return True  # a modifier alone: wait for the key
            if event.key == pygame.K_ESCAPE and not chord[0]:
                self.binding, self.note = None, "Key unchanged."
                self._label_keys()
            else:
                self.bind(self.binding, chord)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.key_buttons:
                self.start_binding(self.key_buttons[event.ui_element])
            elif event.ui_element is self.reset_keys:
                self.default_keys()
            elif event.ui_element is self.save:
                self.apply()
                self.app.pop(self)
                self.app.resize(self.app.settings.window)
                self.app.message("Settings saved.", "Settings")
            elif event.ui_element is self.back:
                self.app.pop(self)
            return True
        return False

    def resize(self, size) -> None:
        self._build()

    def draw(self, surface) -> None:
        surface.fill((20, 22, 27))
        surface.blit(fonts.text("Settings", 28, (255, 255, 255), True), (40, 20))
        surface.blit(fonts.text("Keys - click one, then press the new key:", 15, (255, 255, 255), True), (40, KEYS_TOP - 28))
        if self.note:
            surface.blit(fonts.text(self.note, 14, (255, 226, 140)), (40 + fonts.font(15, True).size("Keys - click one, then press the new key:")[0] + 20, KEYS_TOP - 27))
        #: each key label's text and rect as drawn, kept clear of its button (tests)
        self.key_label_rects = []
        for name, (x, y), room in self.key_cells:
            text = fonts.fit(SPECS[name].label, 13, room)
            s = fonts.text(text, 13, (210, 210, 215))
            surface.blit(s, (x, y))
            self.key_label_rects.append((text, s.get_bounding_rect().move(x, y)))

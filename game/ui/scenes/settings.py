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
from game.ui.app import ui_scale_for
from game.ui.widgets import DropDown, px

ROW = 28  #: a key row's least height, px at UI scale 1

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
        self.chosen: dict[str, str] = {}  #: the menus' choices not saved yet (stored values)
        self._build()

    def _build(self) -> None:
        """The widgets at the UI scale: the four choices (label and menu) in
        as many columns as the window holds, the key list below them in as
        many columns as its rows need, each binding's button as wide as the
        longest binding's words (never cut)."""
        s = self.app.settings
        E = pygame_gui.elements
        self.ui.clear_and_reset()
        self.menus = {}
        w, h = self.app.size
        margin = px(40)
        y0 = max(px(70), 20 + fonts.font(28, True).get_linesize() + px(8))
        choices = [("window", "Window size", SIZES, f"{s.window[0]}x{s.window[1]}"),
                   ("ui_scale", "UI scale", SCALES, f"{s.ui_scale:g}" if f"{s.ui_scale:g}" in SCALES else "1.0"),
                   ("palette", "Palette", PALETTES, s.palette),
                   ("ai_speed", "AI actions per second", SPEEDS, f"{s.ai_speed:g}" if f"{s.ai_speed:g}" in SPEEDS else "2")]
        choices = [(k, label, opts, self.chosen.get(k, cur)) for k, label, opts, cur in choices]  # kept over a rebuild
        lw = max(fonts.font(14).size(c[1])[0] for c in choices) + px(16)
        mw = max(px(180), max(fonts.font(14).size(o if isinstance(o, str) else o[0])[0] for c in choices for o in c[2]) + px(50))
        pair = lw + mw + px(30)
        per_row = max(1, min(len(choices), (w - 2 * margin + px(30)) // pair))
        for i, (key, label, opts, cur) in enumerate(choices):
            r, c = divmod(i, per_row)
            x, y = margin + c * pair, y0 + r * px(44)
            E.UILabel(pygame.Rect(x, y, lw, px(30)), label, self.ui)
            pairs = [o if isinstance(o, tuple) else (o, o) for o in opts]  # (shown, stored)
            start = next((o for o in pairs if o[1] == cur), pairs[0])
            self.menus[key] = DropDown(pairs, start, pygame.Rect(x + lw, y, mw, px(30)), self.ui)
        rows_used = -(-len(choices) // per_row)
        #: the key list's heading and where its rows start
        self.keys_head = y0 + rows_used * px(44) + px(12)
        self.keys_top = self.keys_head + fonts.font(15, True).get_linesize() + px(6)
        bh = px(36)
        x = margin
        self.save = self._button(x, h - px(18) - bh, bh, "Save")
        self.back = self._button(self.save.relative_rect.right + px(10), h - px(18) - bh, bh, "Back")
        self.reset_keys = self._button(self.back.relative_rect.right + px(10), h - px(18) - bh, bh, "Default keys")
        self._key_list(margin, self.keys_top, w - 2 * margin, h - px(18) - bh - px(10) - self.keys_top)
        self._label_keys()

    def _key_list(self, x0: int, y0: int, width: int, height: int) -> None:
        """The key list in a scrolling box at (x0, y0) of ``width`` x ``height``
        px: each action's name (a label, never cut) and a button with its
        binding, in as many columns as the width holds with every name whole
        (at most as many as the rows need); rows past the box's height scroll
        (mouse wheel or the scroll bar)."""
        E = pygame_gui.elements
        m = self.app.input
        row = max(px(ROW), fonts.font(14).get_linesize() + px(8))
        pad, gap, bar = px(14), px(20), px(20)
        n = len(ACTIONS)
        rows_seen = max(1, height // row)

        def widths(cols: int):
            rows = -(-n // cols)
            columns = [ACTIONS[c * rows:(c + 1) * rows] for c in range(cols)]
            bws = [max(fonts.font(14).size(t)[0] for t in [m.label(a.name) for a in col] + ["press a key..."]) + pad
                   for col in columns]
            lws = [max(fonts.font(14).size(a.label)[0] for a in col) + px(12) for col in columns]
            return rows, columns, bws, lws

        cols = max(1, -(-n // rows_seen))
        while cols > 1:
            rows, columns, bws, lws = widths(cols)
            need = sum(bws) + sum(lws) + gap * (cols - 1) + (bar if rows > rows_seen else 0)
            if need <= width:
                break
            cols -= 1
        rows, columns, bws, lws = widths(cols)
        self.key_box = E.UIScrollingContainer(pygame.Rect(x0, y0, width, height), self.ui, allow_scroll_x=False)
        inner = max(width - (bar if rows > rows_seen else 0),
                    sum(bws) + sum(lws) + gap * (cols - 1))
        self.key_box.set_scrollable_area_dimensions((inner, rows * row))
        self.key_buttons: dict = {}
        #: each action's name label (tests: its words fit it, left of its button)
        self.key_labels: dict = {}
        x = 0
        for col, bw, lw in zip(columns, bws, lws):
            for r, a in enumerate(col):
                yy = r * row
                self.key_labels[a.name] = E.UILabel(pygame.Rect(x, yy, lw - px(6), row - 2), a.label, self.ui,
                                                    container=self.key_box)
                b = E.UIButton(pygame.Rect(x + lw, yy, bw, row - 2), "", self.ui, container=self.key_box,
                               tool_tip_text=f"{a.label}: click, then press the new key (Esc: keep)")
                self.key_buttons[b] = a.name
            x += lw + bw + gap

    @property
    def key_label_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Each action name's words and its label's rect on the screen (tests)."""
        return [(lab.text, lab.rect) for lab in self.key_labels.values()]

    def _button(self, x: int, y: int, height: int, text: str):
        """A button at (x, y) as wide as its words need (at least 140 px at UI scale 1)."""
        wd = max(px(140), fonts.font(14).size(text)[0] + px(24))
        return pygame_gui.elements.UIButton(pygame.Rect(x, y, wd, height), text, self.ui)

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
        self.app.set_ui_scale(s.ui_scale)

    def try_scale(self, value: str) -> None:
        """The UI scale menu changed: every screen takes the new scale at
        once (widgets and text); Save keeps it, Back goes back to the saved
        one. A window too small for it uses what it holds, and says so."""
        self.chosen["ui_scale"] = value
        self.app.set_ui_scale(float(value))
        used = ui_scale_for(self.app.size, float(value))
        self.note = "" if used == float(value) else \
            f"UI scale {value} needs a larger window: {used:g} is used in this one."

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
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for key, menu in self.menus.items():
                if event.ui_element is menu:
                    stored = menu.selected_option[1]
                    if key == "ui_scale":
                        self.try_scale(stored)
                    else:
                        self.chosen[key] = stored
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
                self.app.set_ui_scale(self.app.settings.ui_scale)  # a scale tried and not saved
            return True
        return False

    def resize(self, size) -> None:
        self._build()

    def draw(self, surface) -> None:
        surface.fill((20, 22, 27))
        surface.blit(fonts.text("Settings", 28, (255, 255, 255), True), (px(40), 20))
        head = "Keys - click one, then press the new key:"
        surface.blit(fonts.text(head, 15, (255, 255, 255), True), (px(40), self.keys_head))
        if self.note:
            x = px(40) + fonts.font(15, True).size(head)[0] + 20
            note = fonts.fit(self.note, 14, self.app.size[0] - x - 10)
            surface.blit(fonts.text(note, 14, (255, 226, 140)), (x, self.keys_head + 1))

"""Small modal scenes: a message box, and the base for centred panels."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import fonts
from game.ui.render import tint
from game.ui.render.logpanel import wrap
from game.ui.scene import Scene
from game.ui.widgets import px


class PanelScene(Scene):
    """A centred panel over a dimmed screen. Subclasses fill ``lines`` and
    ``buttons`` (label -> callback) before ``enter``."""

    opaque = False
    width = 560
    dim = 150

    def __init__(self, title: str, lines: list[str] | None = None) -> None:
        super().__init__()
        self.title = title
        self.lines = list(lines or [])
        self.buttons: dict[str, object] = {}
        self._widgets: dict = {}

    def panel_rect(self) -> pygame.Rect:
        """The panel: ``width`` px at UI scale 1 (scaled, at most the window
        less 20 px), as tall as its title, wrapped lines and buttons need."""
        sw, sh = self.app.size
        w = min(px(self.width), sw - 20)
        body = sum(len(wrap(t, w - 40, 15)) for t in self.lines) * fonts.font(15).get_linesize()
        h = self.head_h() + body + 8 + self.button_h() + 16
        return pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)

    @staticmethod
    def head_h() -> int:
        """Where the lines start below the panel's top: under the title (52 px at UI scale 1)."""
        return max(52, 14 + fonts.font(20, True).get_linesize() + 4)

    @staticmethod
    def button_h() -> int:
        """A button's height (34 px at UI scale 1)."""
        return max(34, fonts.font(14).get_linesize() + 12)

    def enter(self) -> None:
        r = self.panel_rect()
        n = len(self.buttons)
        bw = min(px(200), (r.width - 20 * (n + 1)) // max(n, 1))
        bw = max([bw] + [fonts.font(14).size(label)[0] + px(16) for label in self.buttons])
        x = r.right - (bw + 20) * n
        bh = self.button_h()
        self._widgets = {}
        for label in self.buttons:
            b = pygame_gui.elements.UIButton(pygame.Rect(x, r.bottom - 16 - bh, bw, bh), label, self.ui)
            self._widgets[b] = self.buttons[label]
            x += bw + 20

    def resize(self, size) -> None:
        """Centre the panel in the new window (or lay it out at a new UI scale)."""
        self.ui.clear_and_reset()
        self.enter()

    def press(self, label: str) -> None:
        """Press a button by its label (tests)."""
        self.buttons[label]()

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self._widgets:
            self._widgets[event.ui_element]()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_KP_ENTER) and self.buttons:
            list(self.buttons.values())[0 if event.key != pygame.K_ESCAPE else -1]()
            return True
        return True  # modal: nothing reaches the scenes below

    def draw(self, surface) -> None:
        surface.blit(tint(surface.get_size(), (0, 0, 0, self.dim)), (0, 0))
        r = self.panel_rect()
        pygame.draw.rect(surface, (34, 37, 45), r, border_radius=6)
        pygame.draw.rect(surface, (110, 120, 140), r, 1, border_radius=6)
        surface.blit(fonts.text(self.title, 20, (255, 255, 255), True), (r.x + 20, r.y + 14))
        y = r.y + self.head_h()
        for t in self.lines:
            for part in wrap(t, r.width - 40, 15):
                surface.blit(fonts.text(part, 15), (r.x + 20, y))
                y += fonts.font(15).get_linesize()


class MessageScene(PanelScene):
    """A note with an OK button."""

    name = "message"

    def __init__(self, text: str, title: str = "Note") -> None:
        super().__init__(title, text.split("\n"))
        self.text = text
        self.buttons = {"OK": self.close}

    def close(self) -> None:
        self.app.pop(self)


class ConfirmScene(PanelScene):
    """A question with a choice of buttons (label -> callback, None: just
    close). The dialog closes before the callback runs; Enter picks the
    first button, Esc the last."""

    name = "confirm"

    def __init__(self, title: str, lines: list[str], choices: dict) -> None:
        super().__init__(title, lines)
        self.choices = dict(choices)
        self.buttons = {label: (lambda fn=fn: self._choose(fn)) for label, fn in self.choices.items()}

    def _choose(self, fn) -> None:
        self.app.pop(self)
        if fn is not None:
            fn()

"""Settings: window size, UI scale, colour-blind-safe palette, AI speed, keys."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import fonts
from game.ui.scene import Scene
from game.ui.settings import save_settings

SIZES = ["1280x800", "1440x900", "1600x1000", "1920x1080"]
SCALES = ["0.75", "1.0", "1.25", "1.5"]
PALETTES = ["default", "colour-blind"]
SPEEDS = ["0.5", "1", "2", "4", "8"]


class SettingsScene(Scene):
    """Change and save the settings."""

    name = "settings"

    def enter(self) -> None:
        s = self.app.settings
        E = pygame_gui.elements
        y = 80
        self.menus = {}
        for key, label, opts, cur in [("window", "Window size", SIZES, f"{s.window[0]}x{s.window[1]}"),
                                      ("ui_scale", "UI scale", SCALES, f"{s.ui_scale:g}" if f"{s.ui_scale:g}" in SCALES else "1.0"),
                                      ("palette", "Palette", PALETTES, s.palette),
                                      ("ai_speed", "AI actions per second", SPEEDS, f"{s.ai_speed:g}" if f"{s.ai_speed:g}" in SPEEDS else "2")]:
            E.UILabel(pygame.Rect(40, y, 240, 30), label, self.ui)
            self.menus[key] = E.UIDropDownMenu(opts, cur if cur in opts else opts[0], pygame.Rect(290, y, 220, 30), self.ui)
            y += 44
        self.save = E.UIButton(pygame.Rect(40, y + 20, 140, 36), "Save", self.ui)
        self.back = E.UIButton(pygame.Rect(190, y + 20, 140, 36), "Back", self.ui)

    def apply(self) -> None:
        """Store the choices and apply them."""
        s = self.app.settings
        w, h = (int(v) for v in self.menus["window"].selected_option[0].split("x")) if isinstance(self.menus["window"].selected_option, tuple) else (int(v) for v in self.menus["window"].selected_option.split("x"))
        val = lambda k: self.menus[k].selected_option[0] if isinstance(self.menus[k].selected_option, tuple) else self.menus[k].selected_option  # noqa: E731
        s.window = (w, h)
        s.ui_scale = float(val("ui_scale"))
        s.palette = val("palette")
        s.ai_speed = float(val("ai_speed"))
        save_settings(s)
        fonts.set_ui_scale(s.ui_scale)

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save:
                self.apply()
                self.app.pop(self)
                self.app.resize(self.app.settings.window)
                self.app.message("Settings saved.", "Settings")
            elif event.ui_element is self.back:
                self.app.pop(self)
            return True
        return False

    def draw(self, surface) -> None:
        surface.fill((20, 22, 27))
        surface.blit(fonts.text("Settings", 28, (255, 255, 255), True), (40, 20))
        surface.blit(fonts.text("Keys: see Help (H). Key rebinding is stored in settings.json under 'keys'.", 14, (180, 180, 190)), (40, 300))

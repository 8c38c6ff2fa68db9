"""The Scene base class: one screen of the app (menu, battle, replay, editor,
dialogs). Subclass it to add a screen; :class:`game.ui.app.App` runs a stack.

Life cycle (the App calls these; override what you need):

* ``enter()`` once, after the scene is pushed and ``self.app`` is set. Build
  widgets here (``self.ui`` is a fresh ``pygame_gui.UIManager`` sized to the
  window and themed from ``assets/theme.json``).
* ``handle(event) -> bool`` for every pygame event while the scene is on top,
  *after* ``self.ui`` has seen it. Return True when consumed. pygame_gui
  button presses arrive as ``pygame_gui.UI_BUTTON_PRESSED`` events; compare
  ``event.ui_element`` with your buttons.
* ``update(dt)`` at a fixed time step (``dt`` seconds, 1/60) while on top
  (``self.ui`` is updated for you first). Advance animations and AI here.
* ``draw(surface)`` every frame; draw the scene then leave ``self.ui`` to the
  App, which draws it on top. Scenes under an ``opaque = False`` scene are
  drawn first (dialogs and overlays over the battle).
* ``exit()`` once when popped or replaced. Release resources.
* ``resize(size)`` when the window size changes (default: rebuild ``self.ui``
  and call ``enter`` again is NOT done; override to relayout).

Helpers: ``self.app.push(scene)``, ``self.app.pop()``, ``self.app.replace(scene)``,
``self.app.message(text)`` (a modal note), ``self.app.settings``,
``self.app.palette``. Scenes never decide rules: they call the ruleset
protocol (``check``, ``legal_actions``, display hooks) and the battle objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # pragma: no cover
    import pygame_gui

    from game.ui.app import App


class Scene:
    """Base class of every screen. See the module notes for the life cycle."""

    #: False: the scenes below stay visible (dialogs, overlays, help)
    opaque: bool = True
    #: a short name for tests and logs
    name: str = "scene"

    def __init__(self) -> None:
        self.app: "App" = None  # type: ignore[assignment]
        self.ui: "pygame_gui.UIManager" = None  # type: ignore[assignment]

    def enter(self) -> None:
        """Called once after being pushed; build widgets here."""

    def exit(self) -> None:
        """Called once when popped or replaced."""

    def handle(self, event: pygame.event.Event) -> bool:
        """One input event (after ``self.ui`` saw it). True when consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (fixed step)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (``self.ui`` is drawn on top by the App)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

"""The App: a window, a scene stack and a fixed-timestep loop.

``run(kind, **kwargs)`` is what the CLI calls: ``"menu"`` (scenario=, seed=),
``"battle"`` (scenario=, seed=, seats=, replay=), ``"screenshot"`` (scenario=,
seed=, seats=, path=), ``"replay"`` (path=) and ``"editor"`` (path=).

Headless use (tests, benchmarks, ``--screenshot``): build ``App(headless=True)``,
push scenes, call :meth:`App.drive` with synthetic events, and
:meth:`App.screenshot`.
"""

from __future__ import annotations

import math
import os
import time
from pathlib import Path
from typing import Iterable, Sequence

import pygame

from game.ui.input_map import InputMap
from game.ui.palette import Palette, palette
from game.ui.scenarios import DEFAULT_SCENARIO
from game.ui.scene import Scene
from game.ui.settings import Settings, load_settings

FIXED_DT = 1.0 / 60.0
#: the smallest window, px: below it the battle's side panel (380 px) leaves
#: the table and the action bar too little room, so the window manager is told
#: not to shrink the window further (and a smaller size asked for is raised)
MIN_WINDOW = (800, 560)


def ui_scale_for(size: tuple[int, int], wanted: float) -> float:
    """The UI scale used in a window of ``size`` px: the one ``wanted``, at
    most what the window holds: 1.5 at 1280 x 800, in proportion to the
    smaller of width / 1280 and height / 800 above or below that (in steps
    of 0.05), never less than 1 (at 800 x 560, the smallest window, the menu and the
    battle's bars are laid out for scale 1 and no more fits)."""
    w, h = size
    room = math.floor(1.5 * min(w / 1280, h / 800) * 20 + 1e-6) / 20  # in steps of 0.05: a drag rebuilds rarely
    return min(float(wanted), max(1.0, room))


def _hold_minimum() -> None:
    """Tell the window manager the smallest size the window may be dragged
    to (``MIN_WINDOW``; SDL's window minimum size), so the action bar and the
    end-phase button always stay on screen."""
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_WINDOW
    except (AttributeError, pygame.error):  # an older pygame-ce without Window: the clamp in App.resize still holds
        pass


class App:
    """One window and its scene stack.

    Args:
        size: window size in px (default: the settings' window size).
        settings: settings (default: loaded from the config folder).
        headless: use the dummy video driver (no window).
    """

    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None, headless: bool = False) -> None:
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        #: what was wrong with the settings file (shown over the first scene, and on stderr)
        self.settings_problems: list[str] = []
        self.settings = settings or load_settings(self.settings_problems)  # (warned on stderr once per run)
        pygame.display.init()
        pygame.font.init()
        self.size = tuple(size or self.settings.window)
        self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        _hold_minimum()
        pygame.display.set_caption("Battletable")
        pygame.key.set_repeat(300, 40)
        from game.ui import fonts

        #: the UI scale asked for (the settings', or one being tried in Settings)
        self.wanted_scale = float(self.settings.ui_scale)
        fonts.set_ui_scale(ui_scale_for(self.size, self.wanted_scale))
        self.stack: list[Scene] = []
        self.running = True
        self.frames = 0
        self.clock = pygame.time.Clock()
        self.last_frame_ms = 0.0

    # -- the first frame -----------------------------------------------------------
    def splash(self, line: str = "") -> None:
        """Draw a frame at once (before the first scene is built, which may
        take seconds on a loaded machine): the name, a table with its
        wooden edge and ``line`` saying what is opening; shown on the window."""
        from game.ui import fonts

        pal = self.palette
        w, h = self.size
        self.screen.fill(pal.background)
        side = min(w, h) // 3
        table = pygame.Rect((w - side) // 2, h // 2 - side // 2 - 20, side, side)
        self.screen.fill((70, 54, 40), table.inflate(24, 24))  # the table's wooden edge
        self.screen.fill(pal.table, table)
        for k in range(1, 6):  # its grid
            x, y = table.x + k * side // 6, table.y + k * side // 6
            pygame.draw.line(self.screen, pal.grid, (x, table.y), (x, table.bottom - 1))
            pygame.draw.line(self.screen, pal.grid, (table.x, y), (table.right - 1, y))
        title = fonts.text("Battletable", 34, (240, 240, 236), True)
        self.screen.blit(title, ((w - title.get_width()) // 2, table.y - title.get_height() - 30))
        if line:
            t = fonts.text(line, 16, (200, 204, 214))
            self.screen.blit(t, ((w - t.get_width()) // 2, table.bottom + 30))
        pygame.display.flip()
        pygame.event.pump()

    # -- palette and widgets -----------------------------------------------------
    @property
    def palette(self) -> Palette:
        """The colours of the current settings."""
        return palette(self.settings.palette)

    @property
    def input(self) -> InputMap:
        """The keyboard shortcuts: the defaults plus the settings' ``keys``
        (rebuilt whenever those change)."""
        key = tuple(sorted(self.settings.keys.items()))
        if getattr(self, "_input_key", None) != key:
            self._input = InputMap.from_settings(self.settings.keys)
            self._input_key = key
        return self._input

    def new_ui(self):
        """A themed pygame_gui manager sized to the window, its fonts at the
        UI scale (:func:`game.ui.widgets.theme`)."""
        import pygame_gui

        from game.ui import widgets

        return pygame_gui.UIManager(self.size, widgets.theme())

    def set_ui_scale(self, scale: float) -> None:
        """Apply a new UI scale at once (at most what the window holds:
        :func:`ui_scale_for`): the drawn text and every scene's widgets (a
        fresh themed manager each, laid out again by the scene's
        :meth:`~game.ui.scene.Scene.resize`), no restart needed."""
        self.wanted_scale = float(scale)
        self._apply_scale()

    def _apply_scale(self) -> bool:
        """Use the scale the window holds for :attr:`wanted_scale`; True (and
        every scene rebuilt) when it changed."""
        from game.ui import fonts

        scale = ui_scale_for(self.size, self.wanted_scale)
        if abs(scale - fonts._SCALE[0]) < 1e-9:
            return False
        fonts.set_ui_scale(scale)
        for s in self.stack:
            if s.ui is not None:
                s.ui = self.new_ui()
            self._relayout(s)
        return True

    def _relayout(self, scene: Scene) -> None:
        """``scene`` laid out again for the window now; its widgets updated
        once, so a scene under a dialog (never updated while it is not on
        top) draws its new widgets too."""
        scene.resize(self.size)
        if scene.ui is not None:
            scene.ui.update(0.0)

    # -- the stack -------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        """Put ``scene`` on top and enter it."""
        scene.app = self
        scene.ui = self.new_ui()
        self.stack.append(scene)
        scene.enter()
        if self.settings_problems and len(self.stack) == 1:
            problems, self.settings_problems = self.settings_problems, []
            self.message("\n".join(problems), "Settings not read")
        return scene

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Remove the top scene (or ``scene`` and everything above it)."""
        if not self.stack:
            return None
        if scene is not None and scene in self.stack:
            while self.stack and self.stack[-1] is not scene:
                self.stack.pop().exit()
        s = self.stack.pop()
        s.exit()
        if not self.stack:
            self.running = False
        return s

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop().exit()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Clear the whole stack and push ``scene``."""
        while self.stack:
            self.stack.pop().exit()
        return self.push(scene)

    def find(self, cls: type) -> Scene | None:
        """The topmost scene of class ``cls``."""
        for s in reversed(self.stack):
            if isinstance(s, cls):
                return s
        return None

    def message(self, text: str, title: str = "Note") -> Scene:
        """Show a modal note over the current scene."""
        from game.ui.scenes.dialog import MessageScene

        return self.push(MessageScene(text, title))

    # -- one frame ---------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Give one event to the top scene (its widgets first)."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        self._to_top("process_events", "handle", event)

    def update(self, dt: float) -> None:
        """Advance the top scene by ``dt`` seconds."""
        self._to_top("update", "update", dt)

    def _to_top(self, ui_method: str, scene_method: str, arg) -> None:
        """Call ``ui_method(arg)`` on the top scene's widgets (if any), then its
        own ``scene_method(arg)``; nothing when the stack is empty."""
        s = self.top
        if s is None:
            return
        if s.ui is not None:
            getattr(s.ui, ui_method)(arg)
        getattr(s, scene_method)(arg)

    def draw(self) -> None:
        """Draw the visible scenes, bottom to top."""
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        if not self.stack:
            self.screen.fill((0, 0, 0))
        for s in self.stack[max(start, 0):]:
            s.draw(self.screen)
            if s.ui is not None:
                s.ui.draw_ui(self.screen)
        self.frames += 1

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window and tell every scene."""
        self.size = (max(MIN_WINDOW[0], int(size[0])), max(MIN_WINDOW[1], int(size[1])))
        self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        _hold_minimum()
        if self._apply_scale():  # the window now holds another UI scale: every scene rebuilt at it
            return
        for s in self.stack:
            if s.ui is not None:
                s.ui.set_window_resolution(self.size)
            self._relayout(s)

    def frame(self, events: Iterable[pygame.event.Event] = (), dt: float = FIXED_DT) -> None:
        """Process ``events``, update once by ``dt`` and draw one frame."""
        t0 = time.perf_counter()
        for e in events:
            self.dispatch(e)
        self.update(dt)
        self.draw()
        self.last_frame_ms = (time.perf_counter() - t0) * 1000.0

    def drive(self, frames: int = 1, events: Sequence[pygame.event.Event] | dict[int, Sequence[pygame.event.Event]] = ()) -> None:
        """Headless: run ``frames`` frames at the fixed step. ``events`` are
        given to the first frame, or a dict frame number -> events."""
        for i in range(frames):
            if isinstance(events, dict):
                evs = events.get(i, ())
            else:
                evs = events if i == 0 else ()
            self.frame(list(evs) + pygame.event.get())
            if not self.running:
                break

    def screenshot(self, path: str | Path) -> Path:
        """Draw the current frame and save it as a PNG."""
        self.draw()
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(p))
        return p

    def loop(self) -> None:
        """The interactive loop: fixed-step updates, one draw per frame."""
        acc = 0.0
        last = time.perf_counter()
        while self.running and self.stack:
            now = time.perf_counter()
            acc = min(acc + now - last, 0.25)
            last = now
            for e in pygame.event.get():
                self.dispatch(e)
            while acc >= FIXED_DT:
                self.update(FIXED_DT)
                acc -= FIXED_DT
            self.draw()
            pygame.display.flip()
            self.clock.tick(120)
        pygame.quit()


#: what the first frame says is opening, by ``run`` kind
OPENING = {"menu": "Opening the menu: Mission 1 is chosen, press Start battle to play it",
           "battle": "Setting up the battle...", "replay": "Loading the replay...", "editor": "Opening the map editor..."}


# ------------------------------------------------------------------ scene factories
def first_scene(kind: str, **kwargs) -> Scene:
    """The scene ``run(kind, ...)`` starts with."""
    if kind == "menu":
        from game.ui.scenes.menu import MenuScene

        return MenuScene(scenario=kwargs.get("scenario"), seed=int(kwargs.get("seed") or 1))
    if kind in ("battle", "screenshot"):
        from game.ui.scenes.battle import BattleScene

        return BattleScene.from_scenario(kwargs["scenario"], seed=int(kwargs.get("seed") or 1),
                                         seats=kwargs.get("seats") or {}, replay=kwargs.get("replay"),
                                         screenshot_mode=(kind == "screenshot"))
    if kind == "resume":
        from game.ui.play import PlaySession
        from game.ui.scenes.battle import BattleScene

        return BattleScene(PlaySession.from_replay(kwargs["path"], kwargs.get("seats") or {}))
    if kind == "replay":
        from game.ui.scenes.replay import ReplayScene

        return ReplayScene(kwargs["path"])
    if kind == "editor":
        from game.ui.scenes.editor import EditorScene

        return EditorScene(kwargs.get("path"))
    raise ValueError(f"unknown app kind {kind!r}")


def run(kind: str, **kwargs) -> None:
    """Open the app on ``kind`` (see the module notes). For ``"screenshot"``
    (a battle) render one frame headless to ``path`` and return; any other
    kind given ``screenshot=<png path>`` (e.g. the editor on a map) does the
    same for its first scene."""
    shot = kwargs.pop("screenshot", None)
    if kind == "screenshot" or shot:
        app = App(size=kwargs.get("size") or (1600, 1000), headless=True)
        scene = app.push(first_scene(kind, **kwargs))
        if hasattr(scene, "prepare_screenshot"):
            scene.prepare_screenshot()
        app.drive(3)
        out = app.screenshot(shot or kwargs["path"])
        print(f"screenshot saved to {out}")
        pygame.quit()
        return
    app = App()
    opening = OPENING.get(kind, "Opening...")
    if kind == "menu" and kwargs.get("scenario") and Path(kwargs["scenario"]).resolve() != DEFAULT_SCENARIO.resolve():
        opening = f"Opening the menu with {Path(kwargs['scenario']).name} chosen..."  # not the default's words
    app.splash(opening)  # a drawn frame at once, while the first scene loads
    app.push(first_scene(kind, **kwargs))
    app.loop()

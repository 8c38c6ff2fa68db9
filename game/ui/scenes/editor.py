"""The map editor scene: draw, select, edit vertices, snap, measure, set kinds,
validate, save and test-play. All changes go through the headless model in
:mod:`game.editor` (commands with undo/redo); this scene only turns input into
commands and draws.

Mouse: left button uses the current tool; right or middle drag pans; the wheel
zooms. Keys: Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S save, Ctrl+D duplicate,
Delete removes the selection (or the vertex under the cursor with the vertex
tool), R / Shift+R rotate by 15 degrees, + / - scale by 10%, G grid, N snap,
Enter finishes a polygon, Esc cancels the drawing or clears the selection,
F fits the table, 1-9 pick a tool. Esc with nothing selected, Ctrl+Q or the
Menu button leave the editor (back to the scene below, usually the menu),
asking Save / Discard / Cancel first when there are unsaved edits. While a
text field has the focus, plain keys go to the field (Esc leaves the field).

The exit tool adds an exit on the table edge clicked (a drag along the edge:
that segment) for the side in the "exit side" field (empty: any side). The map
name, id, ruleset and a free table size are fields too; every change is an
undoable command. Opening a map with a newer autosave beside it asks whether
to recover it. The selection holds ``(collection, id)`` keys where an id is
shared (an objective named after its feature).
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui

from game.core.logtext import plural
from game.data.errors import FileError
from game.editor import commands as C
from game.editor import files, shapes
from game.editor.document import TABLE_PRESETS
from game.editor.history import History
from game.editor.kinds import catalogue
from game.editor.snap import item_rings, nearest_edge_point, nearest_vertex, snap
from game.editor.validate import Problem, errors, exit_words, validate
from game.geometry.terrain import tag_of_words, tag_words
from game.ui import fonts
from game.ui.camera import Camera
from game.ui.render.editor import ProblemPanel, draw_document, draw_measure, draw_preview_shape, draw_rubber_band
from game.ui.scene import Scene
from game.ui.scenes.dialog import PanelScene
from game.ui.scenes.layout import RIGHT, TOP, bottom_rect, flow, right_rect, table_rect
from game.ui.widgets import DropDown, px

ROOT = Path(__file__).resolve().parents[3]
TOOLS = ["select", "vertex", "polygon", "rect", "circle", "ellipse", "hole", "door", "zone", "objective", "measure", "exit"]
#: the property panel: (label, widget key) rows; "kind" (what the next shape is),
#: "sel_kind" (the selected feature's kind) and "table" are drop-down menus,
#: "size" holds the width and depth entries, the rest are text entries
PANEL_ROWS = [("map name", "name"), ("map id", "id"), ("ruleset", "ruleset"), ("new kind", "kind"),
              ("kind", "sel_kind"), ("table", "table"),
              ("size mm", "size"), ("height mm", "height"), ("tags", "tags"), ("cover", "cover"),
              ("move cost", "move_cost"), ("zone side", "side"), ("exit side", "exit_side"), ("vertices", "vertices")]
ROW_H = 30
#: the smallest property row (small windows) and the title's least room in the top bar, px
MIN_ROW_H, TITLE_ROOM = 22, 220
#: what each top button does (its tooltip)
TOP_LABELS = ["Menu", "New", "Open", "Save", "Save as", "Save draft", "Undo", "Redo", "Validate", "Test play"]
TOP_TIPS = {"Menu": "Leave the editor (asks first when there are unsaved edits)", "New": "A new empty map",
            "Open": "Open a map (or a scenario's map)", "Save": "Save the map (refused while it has errors)",
            "Save as": "Save the map under a new name",
            "Save draft": "Save even with errors, as <name>.draft.json: not playable until the errors are fixed",
            "Undo": "Undo the last edit (Ctrl+Z)", "Redo": "Redo (Ctrl+Y)", "Validate": "Check the map for problems",
            "Test play": "Save and open a test battle on this map; leaving it comes back here",
            "Help": "The tools and keys (F1)"}
#: how close (px) to a table edge a click with the exit tool must be
EDGE_PX = 24
#: the selected-kind menu with nothing selected
NO_SELECTION = "(nothing selected)"


class RecoverDialog(PanelScene):
    """Asks whether to load the autosave left beside a map: Recover or Discard."""

    name = "recover"

    def __init__(self, autosave: Path, on_recover, on_discard) -> None:
        super().__init__("Recover unsaved changes?", [f"{autosave.name} is newer than the map: it holds changes "
                                                      "that were never saved.", "Recover them, or discard them?"])
        self.autosave = autosave
        self.buttons = {"Recover": lambda: self._then(on_recover), "Discard": lambda: self._then(on_discard)}

    def _then(self, fn) -> None:
        self.app.pop(self)
        fn()


class EditorHelp(PanelScene):
    """F1 in the editor: the tools, how to close a polygon, the keys."""

    name = "editor-help"
    width = 980

    LINES = [
        "Tools (keys 1-9 pick the first nine): select (click, Shift+click adds; drag moves), vertex (drag a corner; "
        "click an edge to add one; Delete removes the one under the mouse), polygon, rect, circle, ellipse, hole (in "
        "the selected feature), door (drag along a feature's edge), zone (a deployment zone for the zone side), "
        "objective, measure (drag: inches, cm and mm), exit (click a table edge, or drag along it).",
        "Drawing a polygon, hole or zone: click each corner; a line follows the mouse from the last corner and a dashed "
        "one shows the closing edge. Close it by clicking the first corner again (it lights up when the mouse is on it) "
        "or with Enter; Esc drops it.",
        "Snapping (N toggles it; G the grid): corners of other features, their edges, the table's edges and corners, "
        "then the grid (clamped to the table). Coordinates are saved to 0.01 mm.",
        "new kind: what the next shape is; kind: the kind of the selected feature. Fields take effect on Enter.",
        "Keys: Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S save, Ctrl+D duplicate, Delete, R / Shift+R rotate 15 degrees, "
        "+ / - scale 10%, F fit the table, Esc cancel or clear the selection, Ctrl+Q leave. Wheel: zoom; right drag: pan.",
        "Save draft keeps a map with errors as <name>.draft.json (not playable until fixed). Test play saves the map "
        "and opens a test battle on it; leaving that battle comes back here.",
    ]

    def __init__(self) -> None:
        super().__init__("Map editor: tools and keys", self.LINES)
        self.buttons = {"Close": self.close}

    def close(self) -> None:
        self.app.pop(self)

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_ESCAPE, pygame.K_RETURN):
            self.close()
            return True
        return super().handle(event)


class SaveChangesDialog(PanelScene):
    """Asks what to do with unsaved edits before leaving the editor:
    Save, Discard or Cancel (Enter saves, Esc cancels)."""

    name = "save-changes"

    def __init__(self, what: str, on_save, on_discard) -> None:
        super().__init__("Unsaved changes", [f"{what} has changes that are not saved.",
                                             "Save them before leaving the editor?"])
        self.buttons = {"Save": lambda: self._then(on_save), "Discard": lambda: self._then(on_discard),
                        "Cancel": lambda: self._then(None)}

    def _then(self, fn) -> None:
        self.app.pop(self)
        if fn is not None:
            fn()


class EditorScene(Scene):
    """The map editor on ``path`` (a ``*.map.json``, draft or autosave), or a new map.

    Args:
        path: file to open, or None for a new 3'x3' map.
        ruleset: ruleset id for a new map (kinds offered, base size for checks).
        template: scenario used by the test-play button (default: the first
            ``maps/<ruleset>/*.scenario.json``).
        clock: seconds clock for autosave (tests pass a fake one).
    """

    name = "editor"

    def first_kind(self, kinds: list[str]) -> str:
        """The kind a new shape gets at first: the ruleset's first kind; on a map
        of no ruleset (every kind offered, A to Z) a building, not whatever kind
        sorts first (an asteroid field on a ground table)."""
        if not kinds or (not self.doc.ruleset and "building" in kinds):
            return "building"
        return kinds[0]

    def __init__(self, path=None, ruleset: str | None = "battlespace", template=None, clock=time.monotonic) -> None:
        super().__init__()
        self.doc = files.open_map(path) if path else files.new_document(ruleset=ruleset)
        self.history = History(self.doc)
        self.autosaver = files.Autosaver(self.doc, clock=clock)
        #: the path typed for a save that was refused (offered again by Save as), None after a save
        self.refused_path: Path | None = None
        self.template = Path(template) if template else None
        self.tool = "select"
        cat = catalogue()
        self.kind = self.first_kind(cat.kinds_for(self.doc.ruleset))
        self.side = self.default_side()
        self.vertices = 24
        self.grid, self.grid_on, self.snap_on = 25.4, True, True
        self.problems: list[Problem] = []
        self.status = f"editing {self.doc.path or 'a new map'} (F1: help)"
        self.status_bad = False
        self.exit_side: str | None = None
        #: an autosave newer than the opened map: the Recover / Discard question is asked on enter
        self.pending_autosave = files.find_autosave(path) if path else None
        self.drag_start: tuple[float, float] | None = None
        self.drag_now: tuple[float, float] | None = None
        self.drag_vertex = None
        self.pan_from = None
        #: the snapped table point under the mouse (the rubber band's end)
        self.hover: tuple[float, float] | None = None

    # -- widgets ----------------------------------------------------------------------------
    def default_side(self) -> str:
        """The side new deployment zones get: the ruleset's first side, else the
        first side of the map's zones, else "red"."""
        return catalogue().default_side(self.doc.ruleset, [z.side for z in self.doc.zones])

    def enter(self) -> None:
        self._layout(self.app.size)
        self.camera = Camera(self.table_area(), (self.doc.width, self.doc.height))
        self._build_widgets()
        self.revalidate()
        if self.pending_autosave is not None:
            self.ask_recover(self.pending_autosave)

    def resize(self, size) -> None:
        self._layout(size)
        self.camera.set_viewport(tuple(self.table_area()))
        self.ui.clear_and_reset()
        self._build_widgets()

    def _layout(self, size) -> None:
        """Size the bars for a ``size`` (w, h) px window at the UI scale: the
        side panel at most half the window wide, the top and tool bars
        wrapped onto as many rows as their buttons (each as wide as its
        words) need, the property rows short enough to fit the height and
        never shorter than their text."""
        w, h = size
        self.right_w = min(px(RIGHT), max(px(300), w // 2))
        self._top_rects, self.top_h, (self.title_x, self.title_y) = self._top_bar(w)
        tools, self.tool_rows, _ = self._tool_bar(0, w - self.right_w)
        self.bottom_h = px(8) + tools + self._small_h() + 6 + fonts.font(13).get_linesize() + 8
        lines = fonts.font(14, True).get_linesize() + px(8) + px(60) + 10  # the problems' heading and list
        room = h - self.top_h - 8 - lines
        self.row_h = max(px(MIN_ROW_H), fonts.font(14).get_height() + 2, min(px(ROW_H), room // len(PANEL_ROWS)))

    @staticmethod
    def _button_h() -> int:
        """A top or tool bar button's height (32 px at UI scale 1)."""
        return max(32, fonts.font(14).get_linesize() + 10)

    @staticmethod
    def _small_h() -> int:
        """The grid, snap and help buttons' height (28 px at UI scale 1)."""
        return max(28, fonts.font(14).get_linesize() + 6)

    def _top_bar(self, w: int) -> tuple[list, int, tuple[int, int]]:
        """The top buttons' rects (:data:`TOP_TIPS` order), the bar's height
        and where the title goes: right of the last button, or on a row of
        its own when less than ``TITLE_ROOM`` px would be left for it."""
        widths = [fonts.font(14).size(t)[0] + px(16) for t in TOP_LABELS]
        rects, bottom = flow(widths, 6, w - 6, 4, self._button_h())
        last = rects[-1]
        x, y = last.right + 4, last.y
        if w - (x + 8) - 10 < px(TITLE_ROOM):
            x, y = 6 - 8, y + self._button_h() + 4
            bottom = y + self._button_h()
        return rects, max(TOP, bottom + 4), (x + 8, y + (self._button_h() - fonts.font(14, True).get_linesize()) // 2)

    def _tool_bar(self, x: int, right: int, y: int = 0) -> tuple[int, int, list]:
        """The tool buttons laid out from (``x``, ``y``) up to ``right``: the
        height they take, their rows and their rects (:data:`TOOLS` order)."""
        widths = [fonts.font(14).size(t)[0] + px(14) for t in TOOLS]
        rects, bottom = flow(widths, x + 6, right - 6, y + px(8), self._button_h() - 2)
        rows = len({r.y for r in rects})
        return bottom - y - px(8) + 4, rows, rects

    def table_area(self) -> pygame.Rect:
        """Where the table is drawn: between the top bar, the side panel and the tool bar."""
        return table_rect(self.app.size, self.bottom_h, self.top_h, self.right_w)

    def _right(self) -> pygame.Rect:
        return right_rect(self.app.size, self.top_h, self.right_w)

    def _bottom(self) -> pygame.Rect:
        return bottom_rect(self.app.size, self.bottom_h, self.right_w)

    def _build_widgets(self) -> None:
        self.ui.clear_and_reset()
        self.top_buttons: dict = {}
        actions = [("Menu", self.request_close), ("New", self.new_map), ("Open", self.ask_open), ("Save", self.save),
                   ("Save as", self.ask_save_as), ("Save draft", self.save_draft), ("Undo", self.undo), ("Redo", self.redo),
                   ("Validate", self.revalidate), ("Test play", self.test_play)]
        for (label, fn), rect in zip(actions, self._top_rects):
            b = pygame_gui.elements.UIButton(rect, label, self.ui, tool_tip_text=TOP_TIPS.get(label))
            self.top_buttons[b] = fn
        br = self._bottom()
        self.tool_buttons: dict = {}
        _, _, rects = self._tool_bar(br.x, br.right, br.y)
        for t, rect in zip(TOOLS, rects):
            b = pygame_gui.elements.UIButton(rect, t, self.ui)
            self.tool_buttons[b] = t
        y = max(r.bottom for r in rects) + 4
        self.bar_y = y
        sh = self._small_h()
        gw = max(fonts.font(14).size(t)[0] for t in ("grid off", "snap off")) + px(16)
        hw = fonts.font(14).size("Help (F1)")[0] + px(16)
        self.btn_grid = pygame_gui.elements.UIButton(pygame.Rect(br.x + 6, y, gw, sh), "", self.ui)
        self.btn_snap = pygame_gui.elements.UIButton(pygame.Rect(br.x + 10 + gw, y, gw, sh), "", self.ui)
        self.btn_help = pygame_gui.elements.UIButton(pygame.Rect(br.right - hw - 6, y, hw, sh), "Help (F1)", self.ui,
                                                     tool_tip_text=TOP_TIPS["Help"])
        self.status_y = y + sh + 6
        self.help_x = br.right - hw - 6
        self.mode_x = br.x + 16 + 2 * gw
        rr = self._right()
        lc = self.label_w()
        ew = rr.width - lc - 10
        self.entries: dict = {}
        self.kind_menu = self.table_menu = None
        self._menu_state = getattr(self, "_menu_state", (self.doc.ruleset, None, None))
        for i, (_, key) in enumerate(PANEL_ROWS):
            y = self.row_y(i)
            if key in ("kind", "sel_kind", "table"):
                continue  # made by _build_menus
            if key == "size":
                half = (ew - 4) // 2
                for k, x in (("width", rr.x + lc), ("depth", rr.x + lc + 4 + half)):
                    e = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, half, self.row_h - 2), self.ui)
                    self.entries[e] = k
                continue
            e = pygame_gui.elements.UITextEntryLine(pygame.Rect(rr.x + lc, y, ew, self.row_h - 2), self.ui)
            self.entries[e] = key
        self._build_menus()
        top = self.row_y(len(PANEL_ROWS)) + fonts.font(14, True).get_linesize() + px(8)
        self.problems_y = self.row_y(len(PANEL_ROWS)) + px(4)
        self.problem_panel = ProblemPanel(pygame.Rect(rr.x + 8, top, rr.width - 16, max(60, rr.height - (top - rr.y) - 10)))
        self._sync_widgets()

    @staticmethod
    def label_w() -> int:
        """The property panel's label column, px: its longest label and a margin (90 px at UI scale 1)."""
        return max(90, max(fonts.font(13).size(label)[0] for label, _ in PANEL_ROWS) + px(16))

    def row_y(self, i: int) -> int:
        """Screen y of row ``i`` of the property panel."""
        return self._right().y + 8 + i * self.row_h

    def _build_menus(self) -> None:
        """(Re)make the kind and table drop-downs for the map's ruleset and table size."""
        rr = self._right()
        lc = self.label_w()
        ew = rr.width - lc - 10
        for m in (self.kind_menu, self.table_menu, getattr(self, "sel_kind_menu", None)):
            if m is not None:
                m.kill()
        rows = [k for _, k in PANEL_ROWS]
        kinds = catalogue().kinds_for(self.doc.ruleset)
        if self.kind not in kinds and kinds and self._menu_state[0] != self.doc.ruleset:
            self.kind = self.first_kind(kinds)  # a new ruleset: its first kind
        if self.kind not in kinds:
            kinds = [self.kind, *kinds]
        self.kind_menu = DropDown(
            kinds, self.kind, pygame.Rect(rr.x + lc, self.row_y(rows.index("kind")), ew, self.row_h - 2), self.ui)
        self.table_menu = DropDown(
            [*TABLE_PRESETS, "free"], self.doc.preset, pygame.Rect(rr.x + lc, self.row_y(rows.index("table")), ew, self.row_h - 2), self.ui)
        f = self.selected_feature()
        sel = f.kind if f is not None else NO_SELECTION
        options = [sel, *[k for k in catalogue().kinds_for(self.doc.ruleset) if k != sel]] if f is not None else [NO_SELECTION]
        self.sel_kind_menu = DropDown(
            options, sel, pygame.Rect(rr.x + lc, self.row_y(rows.index("sel_kind")), ew, self.row_h - 2), self.ui)
        if f is None:
            self.sel_kind_menu.disable()
        self._menu_state = (self.doc.ruleset, self.doc.preset, sel)

    def _entry(self, key: str):
        return next(e for e, k in self.entries.items() if k == key)

    def _sync_widgets(self) -> None:
        self.btn_grid.set_text(f"grid {'on' if self.grid_on else 'off'}")
        self.btn_snap.set_text(f"snap {'on' if self.snap_on else 'off'}")
        f = self.selected_feature()
        if self.kind_menu is not None and self._menu_state != (self.doc.ruleset, self.doc.preset,
                                                                f.kind if f is not None else NO_SELECTION):
            self._build_menus()
        d = self.doc
        vals = {"side": self.side, "vertices": str(self.vertices), "name": d.name, "id": d.id,
                "ruleset": d.ruleset or "", "width": f"{d.width:g}", "depth": f"{d.height:g}"}
        ex = self.selected_exit()
        vals["exit_side"] = (ex.side or "") if ex is not None else (self.exit_side or "")
        if f is not None:
            vals.update(height=f"{f.height:g}", tags=", ".join(tag_words(t) for t in f.tags), cover=f.cover or "", move_cost=f"{f.move_cost:g}")
        for e, key in self.entries.items():
            e.set_text(vals.get(key, ""))
        self.problem_panel.selected = None

    def selected_feature(self):
        """The one selected feature, or None."""
        ids = [i for c, i in self.doc.selected_keys() if c == "features"]
        return self.doc.feature(ids[0]) if len(ids) == 1 else None

    def selected_exit(self):
        """The one selected exit (and nothing else), or None."""
        keys = self.doc.selected_keys()
        if len(keys) == 1 and next(iter(keys))[0] == "exits":
            return self.doc.get(next(iter(keys)))
        return None

    # -- commands ----------------------------------------------------------------------------
    def run(self, cmd) -> bool:
        """Execute an edit command; show its error in the status line."""
        try:
            self.history.execute(cmd)
        except C.EditError as e:
            self.set_status(str(e), bad=True)
            return False
        self.after_change()
        return True

    def after_change(self) -> None:
        if self.camera.table != (self.doc.width, self.doc.height):
            self.camera.table = (self.doc.width, self.doc.height)
            self.camera.fit()  # a new table size: show all of it
        self.revalidate(quiet=True)

    def select(self, cmd: C.Select) -> None:
        """Change the selection (not recorded for undo: undo is for edits)."""
        cmd.do(self.doc)
        self._sync_widgets()

    def set_status(self, text: str, bad: bool = False) -> None:
        self.status, self.status_bad = text, bad

    def undo(self) -> None:
        cmd = self.history.undo()
        self.set_status(f"undid {cmd.label}" if cmd else "nothing to undo")
        self.after_change()

    def redo(self) -> None:
        cmd = self.history.redo()
        self.set_status(f"redid {cmd.label}" if cmd else "nothing to redo")
        self.after_change()

    def revalidate(self, quiet: bool = False) -> list[Problem]:
        """Run the checks and fill the problem panel."""
        self.problems = validate(self.doc)
        if hasattr(self, "problem_panel"):
            self._sync_widgets()
        if not quiet:
            n = len(errors(self.problems))
            self.set_status(f"{plural(n, 'error')}, {plural(len(self.problems) - n, 'warning')}" if self.problems else "no problems")
        return self.problems

    def zoom_to(self, problem: Problem) -> None:
        """Centre and zoom the view on a problem's location (and mark it in the list)."""
        cx, cy = self.camera.to_screen(problem.x, problem.y)
        self.camera.zoom_at(0, cx, cy)
        vx, vy, vw, vh = self.camera.viewport
        self.camera.scale = max(self.camera.scale, self.camera.fit_scale * 2.4)
        self.camera.ox = problem.x - vw / 2 / self.camera.scale
        self.camera.oy = problem.y - vh / 2 / self.camera.scale
        if problem.item_id and self.doc.find(problem.item_id):  # (features first, as the checks name them)
            self.select(C.Select([problem.item_id]))
        self.problem_panel.selected = self.problems.index(problem) if problem in self.problems else None
        self.set_status(str(problem))

    # -- files -------------------------------------------------------------------------------
    def new_map(self) -> None:
        self.doc = files.new_document(ruleset=self.doc.ruleset)
        self._reset_doc()

    def _reset_doc(self) -> None:
        self.side = self.default_side()
        self.history = History(self.doc)
        self.autosaver = files.Autosaver(self.doc, clock=self.autosaver.clock)
        self.refused_path = None
        self._layout(self.app.size)
        self.camera = Camera(self.table_area(), (self.doc.width, self.doc.height))
        self._build_widgets()
        self.revalidate()

    def open(self, path, ask: bool = True) -> bool:
        """Open a map, draft or autosave file. When a newer autosave lies beside
        the map, ask whether to recover it (``ask``)."""
        try:
            self.doc = files.open_map(path)
        except FileError as e:
            self.set_status(str(e), bad=True)
            return False
        self._reset_doc()
        self.set_status(f"opened {path}")
        auto = files.find_autosave(path) if ask and not str(path).endswith(files.AUTOSAVE_SUFFIX) else None
        if auto is not None:
            self.ask_recover(auto)
        return True

    def ask_recover(self, autosave: Path) -> None:
        """Ask "Recover unsaved changes?"; Recover loads the autosave (dirty, saving to the map)."""
        self.pending_autosave = None
        self.set_status(f"{autosave.name} is newer than the map")
        self.app.push(RecoverDialog(Path(autosave), lambda: self.recover(autosave), self.discard_autosave))

    def recover(self, autosave: Path) -> bool:
        if self.open(autosave, ask=False):
            self.set_status(f"recovered the unsaved changes from {Path(autosave).name}")
            return True
        return False

    def discard_autosave(self) -> None:
        self.set_status("kept the saved map (the autosave is replaced on the next autosave)")

    def ask_open(self) -> None:
        """The Open dialog: recent files, then maps and scenarios by name."""
        from game.ui.scenes.map_chooser import MapChooser

        self.app.push(MapChooser("Open map", [ROOT / "maps", files.config_dir() / "maps"], self.open,
                                 recent=files.recent_files()))

    def show_help(self) -> None:
        """F1: the tools, how to close a polygon, the keys."""
        self.app.push(EditorHelp())

    def ask_save_as(self) -> None:
        from game.ui.scenes.files import FileChooser

        self.app.push(FileChooser("Save map as", files.config_dir() / "maps", ".map.json", self.save, confirm="Save",
                                  suggest=self.save_as_suggestion()))

    def save_as_suggestion(self) -> str | Path:
        """The name the Save as dialog offers: the one typed for a save that
        was refused (so it need not be typed again), else the map's own
        file, else a file named after the map ("Hill 60" -> Hill_60.map.json)."""
        if self.refused_path is not None:
            return self.refused_path
        if self.doc.path is not None:
            return self.doc.path
        return files.id_for(f"{self.doc.name or self.doc.id}.map.json", self.doc.id or "map") + ".map.json"

    def save(self, path=None) -> Path | None:
        """Save as a map; with errors, say so (the Draft button saves a draft).
        A refused save keeps the name typed for it (:meth:`save_as_suggestion`)."""
        if path is None and self.doc.path is None:
            self.ask_save_as()
            return None
        try:
            out = files.save(self.doc, path)
        except files.SaveBlocked as e:
            self.refused_path = path
            self.problems = validate(self.doc)
            self._sync_widgets()
            self.set_status(f"not saved: {plural(len(e.problems), 'error')} (fix them or save a draft)", bad=True)
            return None
        except (FileError, OSError, ValueError) as e:
            self.refused_path = path
            self.set_status(str(e), bad=True)
            return None
        self.refused_path = None
        self._sync_widgets()  # a map saved under a new name takes its file's id: the id field shows it
        self.set_status(f"saved {out}")
        return out

    def save_draft(self, path=None) -> Path | None:
        if path is None and self.doc.path is None:
            path = files.config_dir() / "maps" / f"{self.doc.id}.map.json"
        try:
            out = files.save_draft(self.doc, path)
        except (FileError, OSError, ValueError) as e:
            self.set_status(str(e), bad=True)
            return None
        self._sync_widgets()
        self.set_status(f"draft saved {out}")
        return out

    # -- leaving -----------------------------------------------------------------------------
    def request_close(self) -> None:
        """Leave the editor (Menu button, Esc with nothing selected, Ctrl+Q): at
        once when everything is saved, else after a Save / Discard / Cancel dialog."""
        if not self.doc.dirty:
            self.leave()
            return
        what = self.doc.path.name if self.doc.path else f"The new map {self.doc.name!r}"
        self.app.push(SaveChangesDialog(what, self._save_and_leave, self.leave))

    def leave(self) -> None:
        """Pop the editor off the scene stack (back to the menu, or quit when it was alone)."""
        self.app.pop(self)

    def _save_and_leave(self) -> None:
        if self.doc.path is None:
            from game.ui.scenes.files import FileChooser

            self.app.push(FileChooser("Save map as", files.config_dir() / "maps", ".map.json",
                                      lambda p: self.save(p) and self.leave(), confirm="Save"))
        elif self.save():
            self.leave()

    def find_template(self) -> Path | None:
        """The scenario the test battle is built from."""
        if self.template:
            return self.template
        found = sorted((ROOT / "maps" / (self.doc.ruleset or "")).glob("*.scenario.json")) if self.doc.ruleset else []
        return found[0] if found else None

    def test_play(self):
        """Save the map and open it in a neutral test battle for its ruleset
        (:func:`game.editor.testplay.make_neutral_scenario`: units in the
        deployment zones, nothing else needed from the map)."""
        from game.editor.testplay import make_neutral_scenario

        out = self.save()
        if out is None:
            return None
        tpl = self.find_template()
        if tpl is None:
            self.set_status(f"no scenario for {self.doc.ruleset} to test-play with", bad=True)
            return None
        try:
            sc = make_neutral_scenario(out, tpl)
            from game.battle.battle_setup import first_playable_side
            from game.battle.seats import Seat
            from game.ui.scenes.battle import BattleScene

            side = first_playable_side(sc)
            seats = {side: Seat("human")} if side else {}
            battle = BattleScene.from_scenario(sc, seed=1, seats=seats)
            battle.back_to = self  # leaving the test battle comes back here, the map still open
            return self.app.push(battle)
        except (FileError, ValueError) as e:
            self.set_status(str(e), bad=True)
            return None

    # -- input ---------------------------------------------------------------------------------
    def world(self, pos, snapping: bool = True, exclude=()) -> tuple[float, float]:
        """The table point under a screen pixel, snapped when snapping is on
        (to other items than ``exclude``, the table's edges, the grid)."""
        p = self.camera.to_world(*pos)
        if not (snapping and self.snap_on):
            return p
        return snap(p, self.doc, grid=self.grid if self.grid_on else None, radius=8 / self.camera.scale,
                    exclude=exclude).point

    def closes_draft(self, p) -> bool:
        """True when table point ``p`` is on the first corner of the polygon
        being drawn (a click there closes it)."""
        d = self.doc.draft
        return len(d) >= 3 and ((p[0] - d[0][0]) ** 2 + (p[1] - d[0][1]) ** 2) ** 0.5 <= 8 / self.camera.scale

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.top_buttons:
                self.top_buttons[event.ui_element]()
            elif event.ui_element in self.tool_buttons:
                self.set_tool(self.tool_buttons[event.ui_element])
            elif event.ui_element is self.btn_grid:
                self.grid_on = not self.grid_on
                self._sync_widgets()
            elif event.ui_element is self.btn_snap:
                self.snap_on = not self.snap_on
                self._sync_widgets()
            elif event.ui_element is self.btn_help:
                self.show_help()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.kind_menu:
                self.set_kind(event.text)
            elif event.ui_element is self.sel_kind_menu:
                self.set_selected_kind(event.text)
            elif event.ui_element is self.table_menu and event.text in TABLE_PRESETS:
                self.run(C.SetTable.preset(event.text))
            elif event.ui_element is self.table_menu:
                self.set_status("free table size: type the width and depth in mm")
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.entries:
            self.apply_field(self.entries[event.ui_element], event.text)
            self.ui.set_focus_set(None)  # Enter commits the value; keys are shortcuts again
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            mx, my = pygame.mouse.get_pos()
            if self.camera.contains(mx, my):
                self.camera.zoom_at(1 if event.y > 0 else -1, mx, my)
            elif self.problem_panel.rect.collidepoint(mx, my):
                self.problem_panel.wheel(event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.problem_panel.rect.collidepoint(event.pos):
            i = self.problem_panel.hit(event.pos)
            if i is not None and i < len(self.problems):
                self.zoom_to(self.problems[i])
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.camera.contains(*event.pos):
            if event.button in (2, 3):
                self.pan_from = event.pos
            elif event.button == 1:
                self.press(event.pos, shift=bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
            return True
        if event.type == pygame.MOUSEMOTION:
            if self.pan_from:
                self.camera.pan(event.pos[0] - self.pan_from[0], event.pos[1] - self.pan_from[1])
                self.pan_from = event.pos
            elif self.drag_start is not None:
                excl = [self.drag_vertex.item_id] if self.tool == "vertex" and self.drag_vertex is not None else []
                self.drag_now = self.world(event.pos, snapping=self.tool != "select", exclude=excl)
            if self.camera.contains(*event.pos):
                self.hover = self.world(event.pos)  # the rubber band follows the snapped point
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in (2, 3):
                self.pan_from = None
            elif event.button == 1 and self.drag_start is not None:
                self.release(event.pos)
            return True
        return False

    def set_tool(self, tool: str) -> None:
        if self.doc.draft and tool not in ("polygon", "hole", "zone"):
            self.run(C.CancelDraft())
        self.tool = tool
        self.set_status(f"tool: {tool}")

    def set_kind(self, kind: str) -> None:
        """The kind of the next shape drawn (the selection keeps its own)."""
        self.kind = kind
        self.set_status(f"new shapes: {kind.replace('_', ' ')}")

    def set_selected_kind(self, kind: str) -> None:
        """Change the kind of the selected feature (undoable)."""
        f = self.selected_feature()
        if f is not None and kind != NO_SELECTION and f.kind != kind:
            self.run(C.SetKind(f.id, kind))
            self._sync_widgets()

    def apply_field(self, key: str, text: str) -> None:
        """A value typed into the property panel."""
        text = text.strip()
        if key == "side":
            self.side = text or self.default_side()
            return
        if key == "vertices":
            self.vertices = int(text) if text.isdigit() and int(text) >= 3 else self.vertices
            return
        if key == "exit_side":
            self.exit_side = text or None
            ex = self.selected_exit()
            if ex is not None and ex.side != self.exit_side:
                self.run(C.EditExit(ex.id, side=self.exit_side))
            return
        if key in ("name", "id", "ruleset"):
            value = (text or None) if key == "ruleset" else text
            if key != "ruleset" and not text:
                self.set_status(f"the map {key} cannot be empty", bad=True)
                self._sync_widgets()
                return
            if getattr(self.doc, key) != value and self.run(C.SetMapInfo(**{key: value})):
                self.set_status(f"map {key}: {value or 'none'}")
            self._sync_widgets()
            return
        if key in ("width", "depth"):
            try:
                mm = float(text)
                w, h = (mm, self.doc.height) if key == "width" else (self.doc.width, mm)
                cmd = C.SetTable(w, h)
            except ValueError as e:
                self.set_status(f"table {key}: {e if isinstance(e, C.EditError) else 'not a number'}", bad=True)
                self._sync_widgets()
                return
            if (w, h) != (self.doc.width, self.doc.height):
                self.run(cmd)
            return
        f = self.selected_feature()
        if f is None:
            self.set_status("select one feature first", bad=True)
            return
        try:
            value = {"height": lambda t: float(t), "move_cost": lambda t: float(t),
                     "tags": lambda t: [tag_of_words(s) for s in t.split(",") if s.strip()],
                     "cover": lambda t: t or None}[key](text)
        except ValueError:
            self.set_status(f"{key}: not a number", bad=True)
            return
        self.run(C.SetFeature(f.id, **{key: value}))

    def item_at(self, p) -> tuple[str, str] | None:
        """``(collection, id)`` of the topmost item under the table point ``p``
        (objectives, then exits, features, zones). The collection matters: a
        map may give an objective the id of its feature."""
        from shapely.geometry import Point, Polygon

        from game.ui.render.editor import exit_segment

        tol = 6 / self.camera.scale
        for o in reversed(self.doc.objectives):
            if ((o.x - p[0]) ** 2 + (o.y - p[1]) ** 2) ** 0.5 <= max(o.radius, tol):
                return "objectives", o.id
        for e in reversed(self.doc.exits):
            a, b = exit_segment(self.doc, e)
            if shapes.project_on_segment(p, a, b)[2] <= tol:
                return "exits", e.id
        import shapely

        pt = Point(p)
        for f in reversed(self.doc.features):  # make_valid keeps every lobe of an outline that crosses itself
            if len(f.exterior) >= 3 and shapely.make_valid(Polygon(f.exterior, f.holes)).distance(pt) <= tol:
                return "features", f.id
        for z in reversed(self.doc.zones):
            if len(z.polygon) >= 3 and shapely.make_valid(Polygon(z.polygon)).distance(pt) <= tol:
                return "zones", z.id
        return None

    def _plain(self, hit):
        """A selection entry for ``hit``: the plain id when no other collection uses
        it (what commands and tests expect), else the ``(collection, id)`` key."""
        coll, iid = hit
        return iid if self.doc.key(iid) == hit else hit

    def press(self, pos, shift: bool = False) -> None:
        """Left button down on the table."""
        raw = self.camera.to_world(*pos)
        p = self.world(pos)
        t = self.tool
        if t in ("polygon", "hole", "zone"):
            if self.closes_draft(p):
                self.finish_draft()
            else:
                self.run(C.DraftAddVertex(*p))
            return
        if t == "objective":
            self.run(C.AddObjective(*p))
            return
        if t == "select":
            hit = self.item_at(raw)
            hit = self._plain(hit) if hit is not None else None
            if hit is None:
                self.select(C.Select([], mode="clear"))
            elif shift:
                self.select(C.Select([hit], mode="toggle"))
            elif hit not in self.doc.selection:
                self.select(C.Select([hit]))
            self._sync_widgets()
            if hit is not None and self.doc.selection:
                self.drag_start = self.drag_now = raw
            return
        if t == "vertex":
            rings = item_rings(self.doc)
            sel = {i for _, i in self.doc.selected_keys()}
            rings = [r for r in rings if r[0] in sel] or rings
            v = nearest_vertex(raw, rings, 8 / self.camera.scale)
            if v is not None:
                self.drag_vertex = v
                self.drag_start = self.drag_now = self.world(pos, exclude=[v.item_id])
                return
            e = nearest_edge_point(raw, rings, 8 / self.camera.scale)
            if e is not None:
                self.run(C.InsertVertex(e.item_id, e.ring, e.index, e.point))
            return
        self.drag_start = self.drag_now = p

    def release(self, pos) -> None:
        """Left button up: finish the drag of the current tool (a dragged
        vertex snaps to other items, the table's edges and the grid, never
        to its own outline)."""
        a = self.drag_start
        excl = [self.drag_vertex.item_id] if self.tool == "vertex" and self.drag_vertex is not None else []
        b = self.world(pos, snapping=self.tool != "select", exclude=excl)
        self.drag_start = self.drag_now = None
        t = self.tool
        if t == "select":
            dx, dy = b[0] - a[0], b[1] - a[1]
            if self.snap_on and self.grid_on and (dx or dy):
                dx, dy = round(dx / self.grid) * self.grid, round(dy / self.grid) * self.grid
            if (dx, dy) != (0.0, 0.0):
                self.run(C.Move(sorted(self.doc.selection), dx, dy))
        elif t == "vertex" and self.drag_vertex is not None:
            v, self.drag_vertex = self.drag_vertex, None
            if b != v.point:
                self.run(C.MoveVertex(v.item_id, v.ring, v.index, b))
        elif t == "measure":
            self.set_status(f"measured {self._measure_label(a, b)}")
        elif t == "exit":
            self.add_exit(a, b)
        elif a == b:
            if t == "exit":
                self.add_exit(a, None)
            elif t == "door":
                self.set_status("drag along an edge to place a door")
            return
        elif t == "rect":
            self.run(C.AddRectangle(self.kind, a[0], a[1], b[0], b[1]))
        elif t == "circle":
            r = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
            self.run(C.AddCircle(self.kind, a[0], a[1], r, vertices=self.vertices))
        elif t == "ellipse":
            cx, cy = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            if abs(b[0] - a[0]) > 0 and abs(b[1] - a[1]) > 0:
                self.run(C.AddEllipse(self.kind, cx, cy, abs(b[0] - a[0]) / 2, abs(b[1] - a[1]) / 2, vertices=self.vertices))
        elif t == "door":
            f = self.selected_feature()
            fid = f.id if f else self.item_at(a)
            if isinstance(fid, tuple):
                fid = fid[1] if fid[0] == "features" else None
            if fid:
                self.run(C.AddOpening(fid, a, b))
            else:
                self.set_status("drag along an edge of a feature to place a door", bad=True)

    def nearest_edge(self, p) -> tuple[str, float] | None:
        """``(edge, mm along it)`` of the table edge nearest the table point ``p``
        when within :data:`EDGE_PX` pixels, else None."""
        x, y = p
        w, h = self.doc.width, self.doc.height
        dist = {"north": abs(y), "south": abs(h - y), "west": abs(x), "east": abs(w - x)}
        edge = min(dist, key=dist.get)
        if dist[edge] > EDGE_PX / self.camera.scale:
            return None
        along = x if edge in ("north", "south") else y
        length = w if edge in ("north", "south") else h
        return edge, min(max(along, 0.0), length)

    def add_exit(self, a, b) -> bool:
        """The exit tool: a click near a table edge adds an exit along the whole
        edge; a drag along it adds the segment. The side is the exit side field
        (empty: any side)."""
        ea = self.nearest_edge(a)
        if ea is None:
            self.set_status("click a table edge (or drag along it) to add an exit", bad=True)
            return False
        edge, s = ea
        t = s
        if b is not None and b != a:
            t = (b[0] if edge in ("north", "south") else b[1])
            t = min(max(t, 0.0), self.doc.width if edge in ("north", "south") else self.doc.height)
        if abs(t - s) * self.camera.scale < 6:
            cmd = C.AddExit(edge, side=self.exit_side)
        else:
            cmd = C.AddExit(edge, side=self.exit_side, start_mm=round(min(s, t), 1), end_mm=round(max(s, t), 1))
        if self.run(cmd):
            e = self.doc.exits[-1]
            span = "the whole edge" if e.end_mm is None else f"{e.start_mm:g}-{e.end_mm:g} mm"
            self.set_status(f"{exit_words(e.side)}: {edge} edge, {span}")
            return True
        return False

    @staticmethod
    def _measure_label(a, b) -> str:
        from game.editor.measure import measure

        m = measure(a, b)
        return f'{m.label("in")} = {m.label("cm")} = {m.label("mm")}'

    def finish_draft(self) -> None:
        """Close the polygon being drawn into a feature, a hole of the selection, or a zone."""
        if self.tool == "hole":
            f = self.selected_feature()
            if f is None:
                self.set_status("select the feature to cut the hole in", bad=True)
                return
            self.run(C.FinishHole(f.id))
        elif self.tool == "zone":
            self.run(C.FinishZone(self.side))
        else:
            self.run(C.FinishPolygon(self.kind))

    def _key(self, event) -> bool:
        k, mods = event.key, event.mod
        ctrl, shift = mods & pygame.KMOD_CTRL, mods & pygame.KMOD_SHIFT
        sel = sorted(self.doc.selection, key=str)
        focused = [e for e in self.entries if e.is_focused]
        if focused and not ctrl:
            if k == pygame.K_ESCAPE:
                for e in focused:
                    e.unfocus()
                return True
            return False  # typing into a field, not shortcuts
        if ctrl and k == pygame.K_q:
            self.request_close()
        elif ctrl and k == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and k == pygame.K_y:
            self.redo()
        elif ctrl and k == pygame.K_s:
            self.save()
        elif ctrl and k == pygame.K_d and sel:
            self.run(C.Duplicate(sel))
        elif k == pygame.K_DELETE and sel:
            self.run(C.Delete(sel))
        elif k == pygame.K_r and sel:
            self.run(C.Rotate(sel, -15 if shift else 15))
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) and sel:
            self.run(C.Scale(sel, 1.1))
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS) and sel:
            self.run(C.Scale(sel, 1 / 1.1))
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.doc.draft:
            self.finish_draft()
        elif k == pygame.K_ESCAPE:
            if self.doc.draft:
                self.run(C.CancelDraft())
            elif self.doc.selection:
                self.select(C.Select([], mode="clear"))
            else:
                self.request_close()
        elif k == pygame.K_g:
            self.grid_on = not self.grid_on
            self._sync_widgets()
        elif k == pygame.K_n:
            self.snap_on = not self.snap_on
            self._sync_widgets()
        elif k == pygame.K_F1:
            self.show_help()
        elif k == pygame.K_f:
            self.camera.fit()
        elif pygame.K_1 <= k <= pygame.K_9:
            self.set_tool(TOOLS[k - pygame.K_1])
        else:
            return False
        return True

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        saved = self.autosaver.tick()
        if saved:
            self.set_status(f"autosaved to {saved}")

    def draw(self, surface) -> None:
        pal = self.app.palette
        surface.fill(pal.background)
        offset = (0.0, 0.0)
        if self.tool == "select" and self.drag_start and self.drag_now:
            offset = (self.drag_now[0] - self.drag_start[0], self.drag_now[1] - self.drag_start[1])
        draw_document(surface, self.camera, self.doc, pal, self.grid if self.grid_on else None, self.problems, offset)
        a, b = self.drag_start, self.drag_now
        if a and b and a != b:
            if self.tool == "measure":
                draw_measure(surface, self.camera, a, b, pal)
            elif self.tool == "rect" and a[0] != b[0] and a[1] != b[1]:
                draw_preview_shape(surface, self.camera, shapes.rectangle(*a, *b), pal)
            elif self.tool == "circle":
                r = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
                draw_preview_shape(surface, self.camera, shapes.circle(*a, r, self.vertices), pal)
            elif self.tool == "ellipse" and a[0] != b[0] and a[1] != b[1]:
                draw_preview_shape(surface, self.camera, shapes.ellipse((a[0] + b[0]) / 2, (a[1] + b[1]) / 2,
                                   abs(b[0] - a[0]) / 2, abs(b[1] - a[1]) / 2, self.vertices), pal)
            elif self.tool in ("door", "vertex"):
                pygame.draw.line(surface, pal.template, self.camera.to_screen(*a), self.camera.to_screen(*b), 3)
        if self.doc.draft and self.tool in ("polygon", "hole", "zone") and self.hover is not None:
            draw_rubber_band(surface, self.camera, self.doc.draft, self.hover, self.closes_draft(self.hover), pal)
        self._draw_panels(surface)

    def _draw_panels(self, surface) -> None:
        w, h = self.app.size
        pal = self.app.palette
        pygame.draw.rect(surface, pal.panel, pygame.Rect(0, 0, w, self.top_h))
        rr, br = self._right(), self._bottom()
        pygame.draw.rect(surface, pal.panel, rr)
        pygame.draw.rect(surface, pal.panel, br)
        title = self.title_text(w - getattr(self, "title_x", 900) - 10)
        surface.blit(fonts.text(title, 14, pal.text, True), (getattr(self, "title_x", 900), getattr(self, "title_y", 12)))
        for i, (label, _) in enumerate(PANEL_ROWS):
            surface.blit(fonts.text(label, 13, pal.text), (rr.x + 10, self.row_y(i) + (self.row_h - fonts.font(13).get_linesize()) // 2))
        n_err = len(errors(self.problems))
        surface.blit(fonts.text(f"Problems: {plural(n_err, 'error')}, {plural(len(self.problems) - n_err, 'warning')}", 14, pal.text, True),
                     (rr.x + 10, getattr(self, "problems_y", rr.y + 400)))
        self.problem_panel.draw(surface, self.problems, pal)
        mode = f"tool {self.tool} | kind {self.kind} | grid {self.grid:g} mm"
        mx = self.mode_x
        my = self.bar_y + (self._small_h() - fonts.font(13).get_linesize()) // 2
        surface.blit(fonts.text(_elide(mode, self.help_x - 8 - mx, 13), 13, pal.text), (mx, my))
        colour = pal.illegal if getattr(self, "status_bad", False) else pal.text
        surface.blit(fonts.text(_elide(self.status, br.width - 16, 13), 13, colour), (br.x + 8, self.status_y))

    def title_text(self, width_px: int) -> str:
        """The title bar text within ``width_px``: the map name (shortened with
        "..." when needed), a * when unsaved, then the table size, always whole."""
        size = f" - {self.doc.width:g} x {self.doc.height:g} mm"
        mark = " *" if self.doc.dirty else ""
        room = width_px - fonts.font(14, True).size(mark + size)[0]
        return _elide(self.doc.name, room, 14, True) + mark + size


def _elide(text: str, width_px: int, size: int, bold: bool = False) -> str:
    """``text`` cut (ending in "...") to fit ``width_px``."""
    f = fonts.font(size, bold)
    if f.size(text)[0] <= width_px:
        return text
    while text and f.size(text + "...")[0] > width_px:
        text = text[:-1]
    return text.rstrip() + "..."

"""The menu: choose a ruleset and a scenario (with a map preview), seat each
side (human, or an AI: at a strength where the ruleset's agent has them),
set the seed and start; or load a saved game, open a replay, open the map
editor, change settings."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.data.errors import FileError
from game.ui import fonts
from game.ui.camera import Camera
from game.ui.naming import ruleset_name, sentence
from game.ui.render.terrain import TerrainLayer
from game.ui.scenarios import ScenarioEntry, bundled, is_campaign, peek, unreadable
from game.ui.scene import Scene
from game.ui.settings import config_dir
from game.ui.widgets import DropDown, px

#: seat choices: label -> (kind, agent, params); "AI" is the default agent of a
#: ruleset whose agent has no strengths (:func:`seat_labels`)
SEAT_CHOICES = {
    "Human": ("human", "default", {}),
    "AI": ("ai", "default", {}),
    "AI (normal)": ("ai", "default", {}),
    "AI (strong)": ("ai", "default", {"nodes": 1600}),
    "AI (weak)": ("ai", "default", {"nodes": 60}),
    "AI (random)": ("ai", "random", {}),
}


def seat_labels(ruleset) -> list[str]:
    """The seat menu's choices for ``ruleset``: its default agent at three
    strengths (search budgets) when the budget changes how it plays
    (:func:`game.ai.registry.has_strengths`), else once, as "AI"; then the
    random agent. None (no scenario chosen yet): the three strengths."""
    from game.ai.registry import has_strengths

    if ruleset is not None and not has_strengths(ruleset):
        return ["Human", "AI", "AI (random)"]
    return ["Human", "AI (normal)", "AI (strong)", "AI (weak)", "AI (random)"]


def seat_label(seat) -> str | None:
    """The seat menu's label for ``seat`` (a :class:`~game.battle.seats.Seat`):
    the choice of the same kind, agent and parameters, else of the same kind
    and agent ("AI (normal)" for the default agent with a budget of its own);
    None for an agent the menu does not offer."""
    exact = next((label for label, (k, a, p) in SEAT_CHOICES.items()
                  if (k, a, p) == (seat.kind, seat.agent, dict(seat.params)) and label != "AI"), None)
    if exact is not None:
        return exact
    return next((label for label, (k, a, _) in SEAT_CHOICES.items()
                 if (k, a) == (seat.kind, seat.agent) and label != "AI"), None)


def _offered(label: str | None, labels: list[str]) -> str | None:
    """``label`` if ``labels`` offers it; the default agent as ``labels``
    names it for another way of saying it ("AI (weak)" where there are no
    strengths: "AI"); None for no label."""
    if label is None or label in labels:
        return label
    kind, agent, _ = SEAT_CHOICES.get(label, ("ai", "default", {}))
    return next(x for x in labels if SEAT_CHOICES[x][:2] == (kind, agent))


def replay_folders() -> list[Path]:
    """Where replays are looked for: ``./replays`` of the current directory
    (where the CLI writes them) first, then the config folder's (the app's)."""
    return [Path.cwd() / "replays", config_dir() / "replays"]


class MenuScene(Scene):
    """The first screen."""

    name = "menu"

    def __init__(self, scenario=None, seed: int = 1, seats: dict | None = None) -> None:
        """``seats``: side -> the seat to have chosen (a Seat, or a seat menu
        label), as a battle left back to the menu had them."""
        super().__init__()
        self.initial = Path(scenario) if scenario else None
        self.seed = int(seed)
        self.entries: list[ScenarioEntry] = []
        self.chosen: ScenarioEntry | None = None
        self.preview = None  #: (TerrainLayer, Camera, scenario) of the chosen one
        self.problem = ""
        self.seat_menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.seat_choice: dict[str, str] = {}
        for side, seat in (seats or {}).items():
            label = seat if isinstance(seat, str) else seat_label(seat)
            if label is not None:
                self.seat_choice[side] = label
        self.campaign = None  #: (CampaignRun, NextBattle) when a campaign is chosen
        self.pending: ScenarioEntry | None = None  #: chosen after the frame showing its ruleset's list is drawn
        self._pending_drawn = False

    # -- data ------------------------------------------------------------------------
    def _scan(self) -> None:
        self.entries = bundled()
        if self.initial is not None:
            e = peek(self.initial)
            if e and all(x.path.resolve() != e.path.resolve() for x in self.entries):
                self.entries.insert(0, e)

    def rulesets(self) -> list[str]:
        """Ruleset ids with a scenario, plus registered ones."""
        from game import rulesets

        try:
            known = rulesets.ids()
        except RuntimeError:
            known = []
        return list(dict.fromkeys([e.ruleset for e in self.entries] + known)) or ["-"]

    # -- widgets ---------------------------------------------------------------------------
    def enter(self) -> None:
        """Show the menu with the scenario it was given chosen (else the first
        listed). A given scenario that does not open is not swapped for
        another: nothing is chosen and the preview area names the file and why."""
        self._scan()
        first = next((e for e in self.entries if self.initial and e.path.resolve() == self.initial.resolve()), None)
        if self.initial is not None and first is None:  # given, but not readable as a scenario
            self.ruleset = self.rulesets()[0]
            self._build()
            self._cannot_open(unreadable(self.initial))
            return
        first = first or (self.entries[0] if self.entries else None)
        self.ruleset = first.ruleset if first else self.rulesets()[0]
        self._build()
        if first:
            self.choose(first)

    #: the left column's width and its gap to the preview, px at UI scale 1
    COLUMN, GAP = 380, 40
    #: one seat row's height, px at UI scale 1
    SEAT_ROW = 36

    def _build(self) -> None:
        """The widgets, sized at the UI scale (:func:`game.ui.widgets.px`):
        the scenario list takes the height left between the ruleset menu and
        the rows below it (the path, the seed, a seat per side of the
        ruleset's scenarios), above the Start button."""
        self._keep_typed()
        self.ui.clear_and_reset()
        ui = self.ui
        E = pygame_gui.elements
        x, y, cw = px(30), self.content_top(), px(self.COLUMN)
        row, gap = px(32), px(8)
        E.UILabel(pygame.Rect(x, y, cw, px(24)), "Ruleset", ui)
        rs = [(ruleset_name(r), r) for r in self.rulesets()]  # titles shown, ids kept
        self.rs_menu = DropDown(rs, next((o for o in rs if o[1] == self.ruleset), rs[0]),
                                pygame.Rect(x, y + px(26), cw, row), ui)
        E.UILabel(pygame.Rect(x, y + px(66), cw, px(24)), "Scenario", ui)
        items = [e.name for e in self.entries if e.ruleset == self.ruleset]
        sides = getattr(self, "_seat_rows", 2)  # the chosen scenario's sides (its seats' rows)
        list_top = y + px(92)
        start_top = self.app.size[1] - px(120)
        below = 2 * (row + gap) + sides * px(self.SEAT_ROW) + gap  # path, seed, the seats
        list_h = max(px(60), min(px(190), start_top - below - gap - list_top))
        self.sc_list = E.UISelectionList(pygame.Rect(x, list_top, cw, list_h), items, ui)
        yy = list_top + list_h + gap
        ob = fonts.font(14).size("Open")[0] + px(24)
        self.path_entry = E.UITextEntryLine(pygame.Rect(x, yy, cw - ob - px(6), row), ui,
                                            placeholder_text="or a *.scenario.json path")
        self.path_entry.set_text(getattr(self, "_typed_path", ""))
        self.path_btn = E.UIButton(pygame.Rect(x + cw - ob, yy, ob, row), "Open", ui)
        yy += row + gap
        sw = fonts.font(14).size("Seed")[0] + px(12)
        E.UILabel(pygame.Rect(x, yy, sw, row), "Seed", ui)
        self.seed_entry = E.UITextEntryLine(pygame.Rect(x + sw, yy, px(120), row), ui)
        self.seed_entry.set_text(getattr(self, "_typed_seed", None) or str(self.seed))
        ax = x + sw + px(120) + px(16)
        self.army_btn = E.UIButton(pygame.Rect(ax, yy, x + cw - ax, row), "Army check", ui)
        self._offer_army_check()
        self.seats_y = yy + row + gap + px(6)
        self.start_btn = E.UIButton(pygame.Rect(x, start_top, cw, px(44)), "Start battle", ui)
        labels = [("Load game", self.ask_load), ("Open replay", self.ask_replay),
                  ("Map editor", self.open_editor), ("Settings", self.open_settings), ("Quit", self.quit)]
        # the row of buttons: 120 px each at UI scale 1, narrower (never narrower than
        # their words) in a window too small for them
        room = (self.app.size[0] - 2 * x - gap * (len(labels) - 1)) // len(labels)
        bw = max(min(px(120), room), max(fonts.font(14).size(t)[0] for t, _ in labels) + px(12))
        by = self.app.size[1] - px(66)
        self.side_buttons = {}
        for i, (label, fn) in enumerate(labels):
            b = E.UIButton(pygame.Rect(x + (bw + gap) * i, by, bw, px(36)), label, ui)
            self.side_buttons[b] = fn
        self.seat_menus = {}

    def _keep_typed(self) -> None:
        """Remember what the path and seed fields hold, so a rebuild (a new
        ruleset, a resize, a new UI scale) keeps it."""
        if getattr(self, "path_entry", None) is not None and self.path_entry.alive():
            self._typed_path = self.path_entry.get_text()
            self._typed_seed = self.seed_entry.get_text()

    def _kill_seats(self) -> None:
        """Take the seat rows away (the seat choices made are kept)."""
        for m in self.seat_menus.values():
            m.kill()
        for lab in getattr(self, "_seat_labels", []):
            lab.kill()
        self.seat_menus, self._seat_labels = {}, []

    def _build_seats(self, sides: list[str], scenario=None, ruleset=None) -> None:
        """A seat choice per side, labelled with the side's name (``scenario``'s
        :meth:`~game.data.scenario.Scenario.side_name`), cut to fit its label,
        offering what ``ruleset``'s agents can be (:func:`seat_labels`)."""
        self._kill_seats()
        if len(sides) != getattr(self, "_seat_rows", 2):  # room for another number of seats: the list gives or takes it
            self._seat_rows = len(sides)
            self._build()
            if self.chosen is not None:
                self._highlight(self.chosen)
        y = self.seats_y
        x, cw = px(30), px(self.COLUMN)
        lw = cw * 4 // 10  # the side's name, then its seat menu
        labels = seat_labels(ruleset)
        for i, side in enumerate(sides):
            default = _offered(self.seat_choice.get(side), labels) or ("Human" if i == 0 else labels[1])
            self.seat_choice[side] = default
            name = sentence(scenario.side_name(side) if scenario is not None else side)  # a label: "The Horde"
            lab = pygame_gui.elements.UILabel(pygame.Rect(x, y, lw, px(30)), fonts.fit(name, 14, lw - px(8)), self.ui)
            m = DropDown(labels, default, pygame.Rect(x + lw + px(6), y, cw - lw - px(6), px(30)), self.ui)
            self.seat_menus[side] = m
            self._seat_labels.append(lab)
            y += px(self.SEAT_ROW)

    # -- choices ----------------------------------------------------------------------------
    def choose(self, entry: ScenarioEntry) -> bool:
        """Make ``entry`` the scenario to play (for a campaign, its next battle, with what the
        battles before it left); builds the preview and seats."""
        from game.battle.loading import open_scenario

        path = entry.path
        self.campaign, self.pending = None, None  # a choice made while a ruleset's first one waited wins
        try:
            if is_campaign(path):
                from game.battle.campaign import CampaignRun

                run = CampaignRun(path)
                run.folder = config_dir() / "campaigns" / run.campaign.id  # the app keeps its campaigns here
                nb = run.next_battle()
                if nb.done:
                    raise FileError(path, "", f"every battle of {run.campaign.name} has been fought "
                                              f"(its progress is in {run.folder})")
                self.campaign = (run, nb)
                path = nb.scenario
            rs, sc, m = open_scenario(path)
        except (FileError, RuntimeError) as e:
            self._cannot_open(str(e))
            return False
        self.problem = ""
        self.chosen = entry
        self._highlight(entry)
        sides = rs.sides(sc)
        area = self.preview_rect()
        try:
            from game.ui.table_model import TableModel

            pieces = TableModel.of_map(m).pieces
        except Exception:  # noqa: BLE001 - preview only
            pieces = []
        cam = Camera(tuple(area), (m.table.width_mm, m.table.height_mm))
        from game.ui.sides import side_colours

        colours = side_colours(self.app.palette, rs, None, sc, m)
        self.preview = (TerrainLayer(pieces, (m.table.width_mm, m.table.height_mm), self.app.palette, m, colours), cam, sc, rs, colours)
        self._build_seats(sides, sc, rs)
        self._offer_army_check()
        return True

    def _listed(self, entry: ScenarioEntry) -> ScenarioEntry | None:
        """The scenario list's entry for the file of ``entry`` (None when the
        list of the ruleset shown does not hold that file)."""
        where = entry.path.resolve()
        return next((x for x in self.entries if x.ruleset == self.ruleset and x.path.resolve() == where), None)

    def _cannot_open(self, problem: str) -> None:
        """A scenario file did not open: nothing is chosen, and the menu says so (no
        scenario highlighted, no seats of the one chosen before); the preview area
        names the file and the reason, once (Start says it in its dialog instead)."""
        self.problem = problem
        self.chosen, self.preview, self.campaign = None, None, None
        self._highlight(None)
        self._kill_seats()

    def _highlight(self, entry: ScenarioEntry | None) -> None:
        """Mark ``entry`` as the selected item of the scenario list (none when it
        is not listed: a file from elsewhere, even of a listed one's name; or None)."""
        listed = self._listed(entry) if entry is not None else None
        for item in self.sc_list.item_list:
            on = listed is not None and item["text"] == listed.name
            item["selected"] = on
            button = item["button_element"]
            if button is not None:
                button.select() if on else button.unselect()

    def caption_lines(self) -> list[str]:
        """The chosen scenario's title (ellipsized) and description (word-wrapped,
        cut with "..." where it would run below the window) under the preview."""
        if not self.preview:
            return []
        _, _, sc, rs, _ = self.preview
        area = self.preview_rect()
        title = fonts.fit(f"{sc.name} - {ruleset_name(rs)}", 16, area.width, True)
        room = self.caption_bottom() - (area.bottom + 8 + fonts.font(16, True).get_linesize())
        n = max(1, room // max(1, fonts.font(13).get_linesize()))
        text = sc.description or ""
        if self.campaign is not None:
            run, nb = self.campaign
            text = " ".join([f"{run.campaign.name}, battle {nb.index + 1} of {len(run.scenarios)}."] + nb.lines[:1]
                            + [text])
        return [title] + fonts.wrap_lines(text, 13, area.width, n)

    #: the title and the subtitle beside it
    TITLE = ("Battletable", "tabletop battles on real geometry")

    def title_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the title and its subtitle go: the subtitle right of the
        title, on its baseline, both measured from the fonts (any UI scale)."""
        f, fs = fonts.font(30, True), fonts.font(15)
        tr = pygame.Rect((30, 18), f.size(self.TITLE[0]))
        base = tr.y + f.get_ascent()
        sr = pygame.Rect((tr.right + 16, base - fs.get_ascent()), fs.size(self.TITLE[1]))
        return tr, sr

    def content_top(self) -> int:
        """Where the widgets and the preview start: below the title (70 px at UI scale 1)."""
        tr, sr = self.title_rects()
        return max(70, tr.bottom + 8, sr.bottom + 8)

    def preview_rect(self) -> pygame.Rect:
        w, h = self.app.size
        top = self.content_top()
        left = px(30 + self.COLUMN + self.GAP)
        return pygame.Rect(left, top, w - left - px(30), h - px(180) - top)

    def caption_bottom(self) -> int:
        """Where the caption under the preview must stop: above the bottom
        button row (it reaches under the preview on narrow windows)."""
        return self.app.size[1] - px(66) - 4

    def seats(self) -> dict:
        """The chosen seats."""
        from game.battle.seats import Seat

        out = {}
        for side, label in self.seat_choice.items():
            kind, agent, params = SEAT_CHOICES.get(label, SEAT_CHOICES["AI (normal)"])
            out[side] = Seat(kind, agent, dict(params))
        if self.preview:
            sides = self.preview[3].sides(self.preview[2])
            out = {k: v for k, v in out.items() if k in sides}
        return out

    def start(self, replay=None):
        """Start the chosen battle (returns the battle scene, or None)."""
        from game.ui.scenes.battle import BattleScene

        if self.chosen is None:
            self.app.message(self.problem or "Choose a scenario first.", "Cannot start")
            return None
        from game.data.limits import MAX_SEED
        try:
            seed = int(self.seed_entry.get_text().strip() or "1")
        except ValueError:
            seed = -1
        if not 0 <= seed <= MAX_SEED:
            self.app.message(f"The seed must be a whole number from 0 to {MAX_SEED:,}.", "Cannot start")
            return None
        path = self.chosen.path
        if self.campaign is not None:  # the campaign's next battle, its replay in the campaign's folder
            run, nb = self.campaign
            run.folder.mkdir(parents=True, exist_ok=True)
            if nb.resume:
                return self.load_game(nb.replay)
            path, replay, seed = nb.scenario, replay or nb.replay, seed + nb.index
        try:
            scene = BattleScene.from_scenario(path, seed, self.seats(), replay)
        except FileError as e:
            self.app.message(str(e), "Cannot start")
            return None
        return self.app.push(scene)

    def _army_ruleset(self):
        """The ruleset the Army check would use: the chosen scenario's, else
        the one picked in the ruleset menu (None when it cannot be loaded)."""
        if self.preview:
            return self.preview[3]
        from game import rulesets
        try:
            return rulesets.get(self.ruleset)
        except (KeyError, RuntimeError):
            return None

    def _offer_army_check(self) -> None:
        """[16.3] The Army check button works only for a ruleset with an army
        builder (``army_report``); for any other it is greyed, its label and
        tooltip saying why."""
        btn = getattr(self, "army_btn", None)
        if btn is None:
            return
        rs = self._army_ruleset()
        if rs is None or getattr(rs, "army_report", None) is not None:
            btn.set_text("Army check")
            btn.set_tooltip("Each side's forces against its points and power level")
            btn.enable()
        else:
            btn.set_text("No army builder")
            btn.set_tooltip(f"The {ruleset_name(rs)} rules have no army builder, so there is no army to check.")
            btn.disable()

    def army_panel(self):
        """[16.3] the army builder's verdict for the chosen battle: each side's forces against
        its points and power level, or the roster named in the path field (``*.roster.json``)."""
        if not self.preview:
            return self.app.message(self.problem or "Choose a scenario first.", "Army check")
        _, _, sc, rs, _ = self.preview
        report, check = getattr(rs, "army_report", None), getattr(rs, "army_check", None)
        if report is None:
            return self.app.message(f"The {ruleset_name(rs)} rules have no army builder.", "Army check")
        roster = self.path_entry.get_text().strip()
        try:
            lines = check(Path(roster), sc)[1] if roster.endswith(".roster.json") else report(sc)
        except FileError as e:
            lines = [str(e)]
        return self.app.message("\n".join(lines), f"Army check: {sc.name}")

    def open_path(self) -> bool:
        """Open the scenario named in the path field (the Open button, or Enter
        in the field); True when it opened."""
        path = self.path_entry.get_text().strip()
        if not path:  # no file to speak of: ask for one, and keep what is chosen
            self.app.message(unreadable(path), "Scenario")
            return False
        e = peek(path)
        if e is None:  # not JSON, not found...: said as every problem of an opened file is, in the preview area
            self.pending = None
            self._cannot_open(unreadable(path))
            return False
        e = self._listed(e) or e  # a bundled one as the list knows it
        if e.ruleset != self.ruleset and e.ruleset in self.rulesets():
            # its ruleset in the box, that ruleset's scenarios in the list
            self.ruleset = e.ruleset
            self.chosen, self.preview, self.campaign, self.pending = None, None, None, None
            self._build()
        # a scenario that does not open (its map is missing...): the preview area says why, once
        return self.choose(e)

    def ask_load(self) -> None:
        from game.ui.scenes.files import FileChooser

        from game.ui.play import LOAD_SUFFIXES, load_folders, load_note

        self.app.push(FileChooser("Load a saved game or an unfinished battle", load_folders(), LOAD_SUFFIXES, self.load_game,
                                  note=load_note))

    def load_game(self, path):
        """Resume a save or an unfinished battle's replay (a message for a bad one)."""
        from game.ui.play import load_failed_text, load_session
        from game.ui.scenes.battle import BattleScene

        try:
            session = load_session(path)
        except FileError as e:
            self.app.message(load_failed_text(path, e), "Load failed")
            return None
        return self.app.push(BattleScene(session))

    def ask_replay(self) -> None:
        from game.ui.scenes.files import FileChooser

        self.app.push(FileChooser("Open a replay", replay_folders(), ".replay.jsonl", self.open_replay))

    def open_replay(self, path):
        from game.ui.scenes.replay import ReplayScene

        return self.app.push(ReplayScene(path))

    def open_editor(self) -> None:
        from game.ui.scenes.editor import EditorScene

        self.app.push(EditorScene(None))

    def open_settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene())

    def quit(self) -> None:
        self.app.running = False

    # -- events and drawing ----------------------------------------------------------------------
    def handle(self, event) -> bool:
        E = pygame_gui
        if event.type == E.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.rs_menu:
                # the new ruleset's list shows in this frame; its first scenario's preview
                # (slow the first time a ruleset loads) is built after that frame is drawn
                self.ruleset = getattr(event, "selected_option_id", event.text)
                self._build()
                self.pending = next((e for e in self.entries if e.ruleset == self.ruleset), None)
                self._pending_drawn = False
                self.chosen, self.preview, self.campaign, self.problem = None, None, None, ""
                return True
            for side, m in self.seat_menus.items():
                if event.ui_element is m:
                    self.seat_choice[side] = event.text
                    return True
        if event.type == E.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.sc_list:
            e = next((x for x in self.entries if x.ruleset == self.ruleset and x.name == event.text), None)
            if e:
                self.choose(e)
            return True
        if event.type == E.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.path_entry:
            self.open_path()  # Enter in the path field: what Open does
            return True
        if event.type == E.UI_BUTTON_PRESSED:
            if event.ui_element is self.start_btn:
                self.start()
            elif event.ui_element is self.army_btn:
                self.army_panel()
            elif event.ui_element is self.path_btn:
                self.open_path()
            elif event.ui_element in self.side_buttons:
                self.side_buttons[event.ui_element]()
            return True
        if event.type == pygame.KEYDOWN and not self.ui.get_focus_set() and self.app.input.action(event, "menu") == "help":
            from game.ui.scenes.help import HelpScene

            self.app.push(HelpScene())
            return True
        return False

    def update(self, dt: float) -> None:
        """Choose the scenario waiting for its preview, once the frame showing
        the list it belongs to has been drawn."""
        if self.pending is not None and self._pending_drawn:
            entry, self.pending = self.pending, None
            self.choose(entry)

    def draw(self, surface) -> None:
        surface.fill((20, 22, 27))
        (title, sub), (tr, sr) = self.TITLE, self.title_rects()
        surface.blit(fonts.text(title, 30, (255, 255, 255), True), tr.topleft)
        surface.blit(fonts.text(sub, 15, (170, 180, 200)), sr.topleft)
        area = self.preview_rect()
        pygame.draw.rect(surface, (30, 33, 40), area)
        if self.pending is not None:
            self._pending_drawn = True
            surface.blit(fonts.text(fonts.fit(f"Opening {self.pending.name}...", 14, area.width - 20), 14),
                         (area.x + 10, area.y + 10))
        elif self.preview:
            layer, cam, sc, rs, colours = self.preview
            layer.draw(surface, cam)
            for side, units in sc.forces.items():
                for u in units:
                    if u.x is not None and u.y is not None:
                        pygame.draw.circle(surface, colours(side), cam.to_screen(u.x, u.y), 4)
            y = area.bottom + 8
            for i, line in enumerate(self.caption_lines()):
                if i == 0:
                    surface.blit(fonts.text(line, 16, (255, 255, 255), True), (area.x, y))
                    y += fonts.font(16, True).get_linesize()
                else:
                    surface.blit(fonts.text(line, 13, (190, 190, 190)), (area.x, y))
                    y += fonts.font(13).get_linesize()
        elif self.problem:  # said once: not under a dialog (Start's) that says it
            lines = fonts.wrap_lines(self.problem, 14, self.preview_rect().width - 20, 6) if self.app.top is self else []
            for i, line in enumerate(lines):
                surface.blit(fonts.text(line, 14, self.app.palette.illegal),
                             (area.x + 10, area.y + 10 + i * fonts.font(14).get_linesize()))
        else:
            surface.blit(fonts.text("No scenario chosen.", 14), (area.x + 10, area.y + 10))

    def resize(self, size) -> None:
        """Lay the menu out again for a new window size (or UI scale),
        keeping the chosen scenario, its preview (moved to its new place),
        the seats and what was typed."""
        self._build()
        if self.preview is None:
            return
        layer, cam, sc, rs, colours = self.preview
        self.preview = (layer, Camera(tuple(self.preview_rect()), cam.table), sc, rs, colours)
        if self.chosen is not None:
            self._highlight(self.chosen)
        self._build_seats(rs.sides(sc), sc, rs)


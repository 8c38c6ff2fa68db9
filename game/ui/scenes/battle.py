"""The battle scene: the table, selection, the contextual action bar,
previews, the LoS overlay, the log, AI turns animated, hot-seat handover,
undo, save and load, and the end-of-battle summary.

It holds no rules: clicks become actions through the ruleset's display hooks
(``point_actions``, ``figure_actions``, ``legal_actions``), ``check`` explains
refusals, and everything drawn comes from ``figures``/``markers`` of the
viewing side's ``view``.
"""

from __future__ import annotations

import math

import time
from pathlib import Path

import pygame
import pygame_gui

from game.core.logtext import kind_label, plural
from game.data.errors import FileError
from game.ui import fonts
from game.ui.play import LOAD_SUFFIXES, PlaySession, load_failed_text, load_folders, load_note, load_session
from game.ui.log import routine
from game.ui.marker_vocab import words
from game.ui.naming import phase_words, sentence
from game.ui.preview import action_label, distinct_labels, end_point, make_preview
from game.ui.render.logpanel import LogPanel, draw_hover
from game.ui.render.logpanel import wrap as wrap_text
from game.ui.scene import Scene
from game.ui.scenes.summary import score_line
from game.ui.scenes.layout import BATTLE_BOTTOM, bottom_rect, kind_button_width, right_rect, table_rect, toolbar
from game.ui.settings import config_dir
from game.core.logtext import name_sides, side_names
from game.ui.sides import enemy_sides, side_colours
from game.ui.table_model import TableModel
from game.ui.table_view import MOUSE_GONE, TableView
from game.ui.widgets import px

GENERIC_RANGES = (152.4, 304.8, 457.2, 609.6)  #: 6" steps, when the ruleset gives none


#: the action bar's "More choices" button: the next page of the offered actions
MORE = object()


def action_key(a) -> str:
    """An action's identity for comparing and de-duplicating offered actions
    (actions are pydantic models, not hashable)."""
    return str(a.to_dict())

#: the action bar's button that passes with every figure not yet used (the ruleset's ``pass_action`` for each)
PASS_ALL = object()

class BattleScene(Scene):
    """Play one battle. Build with :meth:`from_scenario` or from a session."""

    name = "battle"

    def __init__(self, session: PlaySession, screenshot_mode: bool = False) -> None:
        super().__init__()
        self.session = session
        self.screenshot_mode = screenshot_mode
        self.selected: str | None = None
        self.pending: list = []  #: actions offered in the bar (clicked target)
        self.pending_target = None  #: (x, y) or figure id the pending actions aim at
        self.preview = None
        self.hover_preview = None  #: the preview of the action button under the mouse
        self.status = ""
        self.status_bad = False
        self.show_los = True
        self.show_ranges = False
        self.paused_ai = False
        self.ai_timer = 0.0
        self.side_filter: str | None = None
        self.kind_filter: str | None = None
        self._seq = None
        self._hover_dirty = False
        self._bar_key = None
        self._bar_buttons: dict = {}
        self._greyed_hover = None  #: the greyed action button under the mouse, if any
        self.summary_shown = False
        #: the scene to go back to instead of the menu (the map editor, for a test play)
        self.back_to = None
        self.bottom_text: list[str] = []  #: the info lines last drawn in the bottom bar (tests)
        self.panel_text: list[str] = []  #: the side panel's rows last drawn (tests)
        self._saved = self._history_mark()  #: the history at the last save / load / start

    @classmethod
    def from_scenario(cls, path, seed: int = 1, seats=None, replay=None, screenshot_mode: bool = False) -> "BattleScene":
        """A battle of the scenario file (FileError for a bad file)."""
        return cls(PlaySession.from_scenario(path, seed, seats or {}, replay), screenshot_mode)

    # -- set-up ------------------------------------------------------------------------------
    def enter(self) -> None:
        self.view = self._make_view(self.session)
        self.log_panel = LogPanel(pygame.Rect(0, 0, 10, 10), getattr(self.session.ruleset, "turn_word", "Turn"))
        self.log_mouse: tuple[int, int] = (-1, -1)  #: the mouse, for the reason box over the log
        self._log_lines: list = []  #: the log lines drawn last (this viewer's, filtered)
        self.reason_box: pygame.Rect | None = None  #: the reason box drawn last, if any
        self._build_widgets()
        self.refresh()
        self.auto_select()
        s = self.session
        if len(s.humans) > 1 and s.waiting_for and not self.screenshot_mode and s.controller.hidden:
            self._handover(s.waiting_for)

    def exit(self) -> None:
        self.session.close()

    def _make_view(self, s: PlaySession) -> TableView:
        """The table of session ``s``: side colours by ``state.sides`` and the
        ruleset's ``side_style``; sight lines to the ruleset's ``enemies_of``."""
        self.table = TableModel.of_map(s.battle.map)
        state = s.view()
        rs = s.ruleset
        figures, markers = getattr(rs, "figures", None), getattr(rs, "markers", None)
        colours = side_colours(self.app.palette, rs, state, s.battle.scenario, s.battle.map,
                               figures(state) if figures else (), markers(state) if markers else ())
        view = TableView(self.table, self.app.palette, colours, self.table_area(self.app.size),
                         enemies=lambda side: enemy_sides(self.session.ruleset, self.session.view(), side),
                         sight=lambda: (self.session.ruleset, self.session.view()))
        view.side_names = side_names(s.battle.scenario)
        return view

    def bottom_height(self) -> int:
        """The bottom bar's height: the selection line, the action buttons
        and five lines of preview (scaled with the UI font)."""
        lh = fonts.font(13).get_linesize() - 2
        info_y = fonts.font(15, True).get_linesize() + 6 + self._button_height() + 6
        return max(BATTLE_BOTTOM, min(info_y + 5 * lh + 6, self.app.size[1] // 3))

    @staticmethod
    def _button_height() -> int:
        return max(32, fonts.font(14).get_linesize() + 12)

    def _toolbar(self) -> tuple[list, list, int]:
        """The top bar's buttons ``(label, callback)``, their rects and the
        bar's height: one row right of the header, wrapping onto more rows
        (the header keeps at least 300 px, or half a narrow window)."""
        bar = [("Editor" if self.back_to is not None else "Menu", self.ask_leave), ("Undo", self.undo), ("Save", self.save_game), ("Load", self.ask_load),
               ("LoS", self.toggle_los), ("Ranges", self.toggle_ranges), ("Groups", self.toggle_groups),
               ("Skip AI", self.skip_ai),
               ("Pause AI", self.toggle_pause), ("Help", self.show_help)]
        w = self.app.size[0]
        # a toggle is as wide as its longer state's label, so the bar never shifts when it flips
        widths = [max(fonts.font(14).size(t)[0] for t in self._toggle_texts(label)) + 16 for label, _ in bar]
        rects, height = toolbar(widths, w - 10, min(px(300), w // 2))
        return bar, rects, height

    def top_height(self) -> int:
        """The top bar's height, px: one row of buttons (more in a narrow
        window), and never less than the header's lines need (a large UI
        scale)."""
        return max(self._toolbar()[2], sum(fonts.font(size, True).get_linesize() for _, size in self.header_lines()) + 3)

    @staticmethod
    def panel_scale() -> float:
        """How much the side panel's rows grow with the UI font (1.0 at UI
        scale 1): its fixed places (the undo line, the log's buttons) move
        down by it, so larger text never runs into them."""
        return max(1.0, (fonts.font(13).get_linesize() - 3) / 15)

    #: the toolbar's on/off buttons: label -> what they show now
    TOGGLES = {"LoS": lambda sc: sc.show_los, "Ranges": lambda sc: sc.show_ranges,
               "Groups": lambda sc: sc.view.show_groups, "Pause AI": lambda sc: sc.paused_ai}

    @classmethod
    def _toggle_texts(cls, label: str) -> tuple[str, ...]:
        """A toolbar button's texts: ``(off, on)`` for a toggle ("LoS off", "LoS on"; "Pause AI", "AI paused"), else the label."""
        if label not in cls.TOGGLES:
            return (label,)
        return ("Pause AI", "AI paused") if label == "Pause AI" else (f"{label} off", f"{label} on")

    def toggle_states(self) -> dict[str, bool]:
        """Each toolbar toggle's state now (label -> on)."""
        return {label: bool(on(self)) for label, on in self.TOGGLES.items()}

    def _sync_toggles(self) -> None:
        """The toggle buttons show their state: the text says on or off, and
        a toggle that is on is drawn selected (the theme's ``selected_bg``)."""
        states = self.toggle_states()
        for b, label in getattr(self, "_toggle_buttons", {}).items():
            on = states[label]
            b.set_text(self._toggle_texts(label)[int(on)])
            if on and not b.is_selected:
                b.select()
            elif not on and b.is_selected:
                b.unselect()

    @property
    def shares_screen(self) -> bool:
        """Hot-seat without hidden information: several human seats decide
        at this one screen, told by the decision banner who decides now."""
        s = self.session
        return len(s.humans) > 1 and not s.controller.hidden

    def banner_height(self) -> int:
        """The decision banner's band above the table, px: two lines of its
        text while the screen is shared (:attr:`shares_screen`), else 0. The
        table sits below it, so the banner never hides the table's labels."""
        return 8 + 2 * fonts.font(15, True).get_linesize() if self.shares_screen else 0

    def table_area(self, size) -> pygame.Rect:
        """Where the table is drawn in a window of ``size``: between the top
        bar (and the decision banner's band) and the bottom bar."""
        return table_rect(size, self.bottom_height(), self.top_height() + self.banner_height())

    def _build_widgets(self) -> None:
        self.ui.clear_and_reset()
        bar, rects, _ = self._toolbar()
        self.top_buttons = {}
        self._toggle_buttons = {}
        for (label, fn), rect in zip(bar, rects):
            b = pygame_gui.elements.UIButton(rect, label, self.ui, object_id="#toggle" if label in self.TOGGLES else None)
            self.top_buttons[b] = fn
            if label in self.TOGGLES:
                self._toggle_buttons[b] = label
        self._sync_toggles()
        self.top_left = min(r.x for r in rects if r.y == rects[-1].y)
        rr = right_rect(self.app.size, self.top_height())
        extra = self.panel_height()
        k = self.panel_scale()
        by, bh = rr.y + round(150 * k) + extra, round(28 * k)
        self.btn_side = pygame_gui.elements.UIButton(pygame.Rect(rr.x + 8, by, 170, bh), "Side: all", self.ui)
        kw = min(rr.width - 194, max(170, kind_button_width(self.session.ruleset)))
        self.btn_kind = pygame_gui.elements.UIButton(pygame.Rect(rr.x + 186, by, kw, bh), "Kind: all", self.ui)
        top = by + bh + 6
        self.log_panel.rect = pygame.Rect(rr.x + 6, top, rr.width - 12, rr.bottom - 6 - top)
        self._filter_labels()  # the log's filters kept over a rebuild (a resize, a new UI scale)
        self._bar_key = None

    def resize(self, size) -> None:
        self.view.set_viewport(self.table_area(size))
        self._build_widgets()
        self.refresh()

    # -- state -> screen -----------------------------------------------------------------------
    def refresh(self, force_los: bool = False) -> None:
        """Re-read the viewer's view after any change."""
        s = self.session
        state = s.view()
        rs = s.ruleset
        figures, markers = getattr(rs, "figures", None), getattr(rs, "markers", None)
        if figures is None and not self.status:
            self.set_status(f"ruleset {rs.id} has no display hooks (figures/markers) yet: nothing to draw", bad=True)
        self.view.set_content(figures(state) if figures else [], markers(state) if markers else [])
        # driven vehicles, destroyed pieces: layer and sight index rebuilt on a change only
        moved = self.view.sync_terrain(rs, state, relos=False)
        self.table = self.view.table
        if self.selected and self.selected not in self.view.by_id:
            self.selected = None
        self.view.ready = set(self.actors()) if self.my_turn else set()  # "may still act" marks
        self.view.active = self.mid_activation() if self.my_turn else None
        key = (state.seq, len(s.battle.history), self.selected, self.show_los)
        if key != self._seq or force_los or moved:
            self._seq = key
            self.view.set_los(self.selected if self.show_los else None)
            self._update_ranges()
        self._bar_key = None
        if s.battle.over and not self.summary_shown and not self.screenshot_mode:
            self.summary_shown = True
            self.show_summary()

    def _update_ranges(self) -> None:
        f = self.view.by_id.get(self.selected) if self.selected else None
        if not (self.show_ranges and f):
            self.view.range_rings = None
            return
        hook = getattr(self.session.ruleset, "figure_overlays", None)
        radii = GENERIC_RANGES
        if hook is not None:
            info = hook(self.session.view(), f.id) or {}
            radii = tuple(info.get("range_bands", radii))
        self.view.range_rings = ((f.x, f.y), radii)

    @property
    def my_turn(self) -> bool:
        """True when the viewer's side is to act (and no handover pending)."""
        s = self.session
        return s.waiting_for is not None and s.waiting_for == s.viewer and s.controller.handover_to is None

    # -- who can act ------------------------------------------------------------------------------
    def _legal_now(self) -> list:
        """The viewer's legal actions now (cached per history length)."""
        s = self.session
        if not self.my_turn:
            return []
        key = (id(s.battle), len(s.battle.history), s.viewer)
        if getattr(self, "_legal_key", None) != key:
            self._legal_key = key
            try:
                self._legal_cache = list(s.ruleset.legal_actions(s.battle.state, s.viewer))
            except Exception:  # noqa: BLE001 - a hint only
                self._legal_cache = []
            self._legal_key_set = {action_key(a) for a in self._legal_cache}
        return self._legal_cache

    def _legal_keys(self) -> set[str]:
        """:func:`action_key` of each of :meth:`_legal_now` (cached with it)."""
        return self._legal_key_set if self._legal_now() else set()

    def _own_index(self) -> tuple[set[str], dict[str, list[str]]]:
        """The viewer's figure ids and its groups' members (``Figure.group``:
        a squad, an element; a side is no group), built once per view."""
        key = (self.view.figures, self.session.viewer)  # the list itself: a new list on each update
        old = getattr(self, "_own_key", None)
        if old is None or old[0] is not key[0] or old[1] != key[1]:
            own = {f.id for f in self.view.figures if f.side == self.session.viewer}
            groups: dict[str, list[str]] = {}
            for f in self.view.figures:
                if f.side == self.session.viewer and f.group:
                    groups.setdefault(f.group, []).append(f.id)
            for side in {f.side for f in self.view.figures}:
                groups.pop(side, None)
            self._own_key, self._own = key, (own, groups)
        return self._own

    def _named_own(self, action) -> list[str]:
        """The viewer's figures an action names: by figure id, or by the group
        (``Figure.group``: a squad, an element) the figures belong to."""
        own, groups = self._own_index()
        out: list[str] = []
        for v in action.to_dict().values():
            for x in (v if isinstance(v, list) else [v]):
                if isinstance(x, str):
                    if x in own:
                        out.append(x)
                    out += groups.get(x, [])
        return out

    def actors(self) -> list[str]:
        """The viewer's figures that some legal action names (who can act
        now), in drawing order."""
        named = {v for a in self._legal_now() for v in self._named_own(a)}
        return [f.id for f in self.view.figures if f.id in named]

    def mid_activation(self) -> str | None:
        """The one figure every legal action names (a model mid-activation:
        nothing else may act until it is done), else None."""
        acts = self._legal_now()
        if not acts:
            return None
        common = None
        for a in acts:
            ids = set(self._named_own(a))
            common = ids if common is None else common & ids
            if not common:
                return None
        return next(iter(common)) if common and len(common) == 1 else None

    def auto_select(self) -> str | None:
        """With nothing selected on the viewer's turn, select the model
        mid-activation when there is exactly one (after loading a save)."""
        if self.selected is None and self.my_turn:
            fid = self.mid_activation()
            if fid and fid in self.view.by_id:
                self.select(fid)
                return fid
        return None

    def turn_hint(self, width: int | None = None) -> str:
        """The bottom bar's head line on the viewer's turn with nothing
        selected: up to four of the models that may act by name, fewer
        (the rest counted, "+3 more") when ``width`` px (15 pt bold) is too
        narrow for them, so the line is never cut."""
        mid = self.mid_activation()
        if mid:
            return f"Your turn: only {self._fig_name(mid)} can act now: select it to go on (or Tab)."
        who = self.actors()
        legal = self._legal_keys()
        if legal and legal <= {action_key(a) for a in self.offered_actions(None)}:
            return "Your turn: choose one of the buttons below."  # a side's choice (which weapon is lost, ...)
        if not who:
            return "Your turn: no model can act; use the buttons below."
        font = fonts.font(15, True)
        for k in range(min(4, len(who)), 0, -1):
            names = ", ".join(self._fig_name(f) for f in who[:k]) + (f" +{len(who) - k} more" if len(who) > k else "")
            text = f"Your turn: select a model that can act ({names}), or Tab."
            if width is None or font.size(text)[0] <= width:
                return text
        short = f"Your turn: {plural(len(who), 'model')} can act: select one, or Tab."  # too narrow for a name
        return short if font.size(short)[0] <= width else "Your turn: select a model, or Tab."

    def _fig_name(self, fid: str) -> str:
        return self.view.namer.figures.get(fid, fid)

    def label_of(self, action) -> str:
        """An action's button label as the player reads it (names, places, the
        ruleset's unit); an offered action names what it was aimed at when it
        stops short of it."""
        s = self.session
        aim = self.pending_target if any(action is p for p in self.pending) else None
        return self.view.namer(action_label(action, s.ruleset, s.battle.state, aim),
                               ids=not getattr(s.ruleset, "labels_named", False))

    def preview_of(self, action, actor=None):
        """:func:`make_preview` of ``action`` (distances in the ruleset's unit)."""
        s = self.session
        return make_preview(s.ruleset, s.battle.state, action, actor, self.view.distance_text)

    # -- actions ------------------------------------------------------------------------------------
    def select(self, figure_id: str | None) -> None:
        """Select one of the viewer's figures (None: clear)."""
        self.selected = figure_id
        self.pending, self.pending_target, self.preview = [], None, None
        self.refresh()

    def actions_at(self, x: float, y: float, target_id: str | None = None) -> list:
        """The selected figure's actions at a point or another figure."""
        s = self.session
        if not self.my_turn:
            return []
        if not self.selected:
            return self.spot_actions(x, y)
        rs, state = s.ruleset, s.battle.state
        if not hasattr(rs, "point_actions"):
            return []
        if target_id is not None:
            return list(rs.figure_actions(state, s.viewer, self.selected, target_id))
        return list(rs.point_actions(state, s.viewer, self.selected, x, y))

    def spot_actions(self, x: float, y: float, reach: float = 50.8) -> list:
        """With nothing selected: the legal action at a spot of the table
        (``x``, ``y`` in mm) that name none of the viewer's figures on the
        table (an objective marker, a barricade, a unit deployed there): those
        at the offered spot nearest the point, within ``reach`` mm; the bar
        offers only a few such spots."""
        self._spot_refusal = ""
        s = self.session
        exact = getattr(s.ruleset, "spot_point_actions", None)
        if exact is not None:  # the ruleset places something at exactly the clicked point (a possible objective)
            verdicts = [(a, s.ruleset.check(s.battle.state, a)) for a in exact(s.battle.state, s.viewer, x, y)]
            legal = [a for a, v in verdicts if v.ok]
            if verdicts and not legal:
                self._spot_refusal = verdicts[0][1].reason
            if verdicts:
                return legal
        spots = [a for a in self.offered_actions(None) if not self._named_own(a)
                 and isinstance(getattr(a, "x", None), (int, float)) and isinstance(getattr(a, "y", None), (int, float))]
        best = min(spots, key=lambda a: math.hypot(a.x - x, a.y - y), default=None)
        if best is None or math.hypot(best.x - x, best.y - y) > reach:
            return []
        return [a for a in spots if (a.x, a.y) == (best.x, best.y)]  # each unit that may deploy there

    def aim(self, x: float, y: float, target_id: str | None = None, lock: bool = False) -> None:
        """Preview the first action at a point / figure; ``lock`` offers them in the bar."""
        acts = self.actions_at(x, y, target_id)
        s = self.session
        actor = self.view.by_id.get(self.selected)
        self.preview = self.preview_of(acts[0], actor) if acts else None
        if self.preview is not None and not lock:
            self.set_status("")  # the newest preview replaces what an earlier click said
        if lock:
            self.pending = acts
            self.pending_target = target_id or (x, y)
            self._bar_key = None
            if not acts:
                self.set_status(getattr(self, "_spot_refusal", "") or "no action there", bad=True)
            elif self.preview and not self.preview.legal:
                self.set_status(self.preview.reason, bad=True)
            else:
                self.set_status("")

    def commit(self, action=None, confirmed: bool = False) -> bool:
        """Submit ``action`` (default: the first pending one). Shows the reason when refused;
        asks first when the ruleset has a question about it (its ``confirm`` hook)."""
        if action is None:
            if not self.pending:
                return False
            action = self.pending[0]
        s = self.session
        verdict = s.ruleset.check(s.battle.state, action)
        if not verdict.ok:
            self.set_status(verdict.reason, bad=True)
            return False
        ask = getattr(s.ruleset, "confirm", None)
        question = None if confirmed or ask is None else ask(s.battle.state, action)
        if question:
            from game.ui.scenes.dialog import ConfirmScene

            self.app.push(ConfirmScene(f"{action_label(action, s.ruleset, s.battle.state)}?", [question],
                                       {"Go ahead": lambda: self.commit(action, confirmed=True), "Cancel": None}))
            return False
        said = self.label_of(action)  # named before the state moves on (the next objective's number, ...)
        r = s.submit(action)
        if not r.ok:
            self.set_status(r.reason, bad=True)
            return False
        self.set_status(f"{said}: done")
        self.pending, self.pending_target, self.preview = [], None, None
        self.refresh()
        self._after_change()
        return True

    def _after_change(self) -> None:
        s = self.session
        s.step_ai(0)  # lets the controller notice a handover between humans
        c = s.controller
        h = c.handover_to
        if (h is None and c.hidden and len(s.humans) > 1 and c.last_human is None and s.waiting_for in s.humans
                and s.waiting_for != s.viewer and self.app.top is self):
            h = s.waiting_for  # the rules acted first and another human than the first seated must act
        if h and not self.screenshot_mode:
            self._handover(h)
        elif self.shares_screen and s.waiting_for is not None and s.waiting_for != s.viewer:
            # no hidden information: the other human decides at this screen, told why by a banner;
            # the one model its decision concerns (if one) is selected, so its choices are in the bar
            self.select(None)
            self.session.take_seat()
            self.refresh(force_los=True)
            who = self.actors()
            if len(who) == 1:
                self.select(who[0])

    def decision_banner(self) -> str:
        """Who decides now and why while human seats share the screen
        (:attr:`shares_screen`): the ruleset's ``decision_note`` for the
        side waited for, else "<side> to act", sides by name; empty while
        no human seat is waited for and without a shared screen."""
        s = self.session
        side = s.waiting_for
        if not self.shares_screen or side is None:
            return ""
        note = getattr(s.ruleset, "decision_note", None)
        try:
            text = note(s.battle.state, side) if note else ""
        except Exception:  # noqa: BLE001 - a banner never breaks the UI
            text = ""
        return name_sides(text, s.battle.scenario) or f"{self.side_name(side)} to act"

    def _handover(self, side: str) -> None:
        from game.ui.scenes.handover import HandoverScene

        self.select(None)
        # the last action's feedback line and any preview were the other side's (a
        # secret mission's "done", a hidden element's move): never left on screen
        self.set_status("")
        self.pending, self.preview = [], None
        s = self.session
        note = getattr(s.ruleset, "decision_note", None)
        try:
            why = note(s.battle.state, side) if note else ""
        except Exception:  # noqa: BLE001
            why = ""
        self.app.push(HandoverScene(side, self._took_seat, why=name_sides(why, s.battle.scenario),
                                    summary=self._since_last_seen(side), name=self.side_name(side),
                                    first=s.controller.last_human is None))

    def _since_last_seen(self, side: str, most: int = 8) -> list[str]:
        """The log lines of what the other side did since ``side`` last acted,
        only those ``side`` may read: a line private to the other side (its
        hidden set-up, its agent's reasons) never reaches the handover screen.
        At most ``most`` lines: moves, fire and their results first (in the
        order they happened), routine lines (an element used, a phase begun,
        :func:`game.ui.log.routine`) after them; when lines are left out, a
        last line says how many more the log holds."""
        b = self.session.battle
        last = max((i for i, e in enumerate(b.history.entries) if e.action.side == side), default=-1)
        seen = [ln for ln in self.session.log.filtered(viewer=side) if ln.action > last]
        keep = sorted(range(len(seen)), key=lambda i: (routine(seen[i]), i))[:most if len(seen) <= most else most - 1]
        lines = [self.view.namer(seen[i].text) for i in keep]
        if len(keep) < len(seen):
            lines.append(f"... {plural(len(seen) - len(keep), 'more line')} in the battle log")
        return lines

    def _took_seat(self) -> None:
        self.session.take_seat()
        self.refresh(force_los=True)

    def set_status(self, text: str, bad: bool = False) -> None:
        self.status, self.status_bad = text, bad

    def undo(self) -> int:
        """Undo the viewer's actions since the last commit point."""
        n = self.session.undo()
        self.set_status(f"undid {plural(n, 'action')}" if n else "nothing to undo (only up to the last roll)", bad=not n)
        self.pending, self.preview = [], None
        self.view.anim.snap()
        self.refresh(force_los=True)
        return n

    def skip_ai(self) -> int:
        """Play the AI and rules sides at once, to the next human decision."""
        n = self.session.step_ai(None)
        self.refresh()
        self.view.anim.snap()
        self._after_change()
        return n

    def toggle_pause(self) -> None:
        self.paused_ai = not self.paused_ai
        self.set_status("AI paused" if self.paused_ai else "AI running")

    def toggle_los(self) -> None:
        self.show_los = not self.show_los
        self.refresh(force_los=True)

    def toggle_groups(self) -> None:
        """Show or hide the unit groupings (links between members)."""
        self.view.show_groups = not self.view.show_groups
        self.set_status("unit groupings shown" if self.view.show_groups else "unit groupings hidden")

    def toggle_ranges(self) -> None:
        self.show_ranges = not self.show_ranges
        self._update_ranges()

    def show_help(self) -> None:
        from game.ui.scenes.help import HelpScene

        self.app.push(HelpScene("battle", self.session.battle.ruleset))

    def show_summary(self) -> None:
        from game.ui.scenes.summary import SummaryScene

        b = self.session.battle
        self.app.push(SummaryScene(b.ruleset.outcome(b.state), b.state.turn, len(b.history), self.session.replay_path,
                                   self.watch_replay, self.to_menu, side_name=b.scenario.side_name,
                                   sides=b.scenario, ruleset=b.ruleset, state=b.state))

    def watch_replay(self):
        """Close this battle and open its replay."""
        from game.ui.scenes.replay import ReplayScene

        self.session.close()
        path = self.session.replay_path
        while self.app.top is not None and self.app.top is not self:
            self.app.pop()  # the summary
        # replace, not pop + push: popping the last scene would end the app
        return self.app.replace(ReplayScene(path))

    @property
    def unsaved(self) -> int:
        """The players' actions since the battle started, was saved or loaded
        (0 once it is over): only actions of a human seat count, so what the
        rules and the AI sides did on their own (an enemy's set-up before the
        first decision) is never "an action since the last save"."""
        if self.session.battle.over:
            return 0
        now, saved = self._history_mark(), self._saved
        same = 0
        while same < min(len(now), len(saved)) and now[same] is saved[same]:
            same += 1
        humans = self.session.humans
        mine = lambda entries: sum(1 for e in entries if e.action.side in humans)  # noqa: E731
        return mine(now[same:]) or mine(saved[same:])  # new actions, else undone ones

    def _history_mark(self) -> tuple:
        """The history's entries (compared by identity: an undo and a new action differ)."""
        return tuple(self.session.battle.history.entries)

    def leave_lines(self) -> list[str]:
        """What the leave question says: nothing is lost, since the replay is
        written as the battle is played (:class:`~game.core.replay.ReplayWriter`)
        and Load continues an unfinished battle from it; Save only adds a save
        file of this moment."""
        n = self.unsaved
        rp = Path(self.session.replay_path)
        listed = any(rp.parent == Path(f) for f in load_folders())
        where = f"Load lists it as {rp.name}" if listed else f"Load it from {rp}"
        return ["Nothing is lost: every action is written to this battle's replay as it is played.",
                f"To continue the battle later: {where}.",
                f"Save also writes a save file of this moment ({plural(n, 'action')} since the last save)."]

    def ask_leave(self) -> None:
        """The Menu button: leave, asking first when there are actions since
        the last save (the question says the battle can be continued)."""
        if not self.unsaved:
            self.to_menu()
            return
        from game.ui.scenes.dialog import ConfirmScene

        def save_and_leave() -> None:
            self.save_game()
            self.to_menu()

        self.app.push(ConfirmScene("Leave the battle?", self.leave_lines(),
                                   {"Save": save_and_leave, "Leave": self.to_menu, "Cancel": None}))

    def to_menu(self) -> None:
        """Leave the battle for the menu (no questions), or for the scene it
        was opened from (``back_to``: the map editor after a test play)."""
        from game.ui.scenes.menu import MenuScene

        if self.back_to is not None and self.back_to in self.app.stack:
            self.app.pop(self)
            return

        sp = self.session.scenario_path
        self.app.reset(MenuScene(scenario=sp, seed=self.session.battle.seed, seats=self.session.seats))

    # -- save / load ---------------------------------------------------------------------------
    def save_game(self, path: str | Path | None = None) -> Path:
        """Save atomically (default: the config folder's saves)."""
        if path is None:
            stem = self.session.battle.scenario.id
            path = config_dir() / "saves" / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}.save.json"
        p = self.session.save(path)
        self._saved = self._history_mark()
        self.set_status(f"saved to {p}")
        return p

    def ask_load(self) -> None:
        from game.ui.scenes.files import FileChooser

        self.app.push(FileChooser("Load a saved game or an unfinished battle", load_folders(), LOAD_SUFFIXES, self.load_game,
                                  note=load_note))

    def load_game(self, path: str | Path) -> bool:
        """Resume a save, or continue an unfinished battle from its replay, in
        place of this battle; a bad file leaves it untouched."""
        try:
            new = load_session(path)
        except FileError as e:
            self.app.message(load_failed_text(path, e), "Load failed")
            return False
        self.session.close()
        self.session = new
        self.view = self._make_view(new)
        self.selected, self.pending, self.preview, self._seq = None, [], None, None
        self.summary_shown = False
        self._saved = self._history_mark()
        self.refresh(force_los=True)
        self.set_status(f"loaded {path}")
        self.auto_select()
        return True

    # -- input ------------------------------------------------------------------------------------
    def hover_button(self, button) -> None:
        """The mouse is on an action button: preview its action (odds, the
        roll needed, its effect on the table) before it is committed."""
        a = self._bar_buttons.get(button)
        if a is None or a is MORE or a is PASS_ALL:
            self.hover_preview = None
            return
        actor = self.view.by_id.get(self.selected) if self.selected else None
        self.hover_preview = self.preview_of(a, actor)
        if self.status_bad:
            self.set_status("")  # an earlier click's refusal is not this button's

    def hover_disabled(self, pos) -> None:
        """The mouse at ``pos``: on a greyed action button (pygame_gui sends no
        hover for those), preview its action, so the bar says why the rules
        refuse it (the ruleset's ``check`` reason); off it, drop that preview."""
        under = next((b for b, a in self._bar_buttons.items()
                      if a is not MORE and a is not PASS_ALL and not b.is_enabled and b.rect.collidepoint(pos)), None)
        if under is not None and under is not self._greyed_hover:
            self.hover_button(under)
        elif under is None and self._greyed_hover is not None:
            self.hover_preview = None
        self._greyed_hover = under

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.log_mouse = event.pos  # an AI action's reason shows while the mouse rests on its log lines
            self.hover_disabled(event.pos)
        if event.type in MOUSE_GONE:
            self.log_mouse = (-1, -1)
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED and event.ui_element in self._bar_buttons:
            self.hover_button(event.ui_element)
            return True
        if event.type == pygame_gui.UI_BUTTON_ON_UNHOVERED and event.ui_element in self._bar_buttons:
            self.hover_preview = None
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.top_buttons:
                self.top_buttons[event.ui_element]()
                self._sync_toggles()
                return True
            if event.ui_element in self._bar_buttons:
                self.hover_preview = None
                if self._bar_buttons[event.ui_element] is MORE:  # the next page of choices
                    self._bar_page += 1
                    self._bar_key = None
                    return True
                if self._bar_buttons[event.ui_element] is PASS_ALL:
                    self.pass_all()
                    return True
                self.commit(self._bar_buttons[event.ui_element])  # hovering it showed it; commit asks the ruleset's question
                return True
            if event.ui_element is self.btn_side:
                self.cycle_side_filter()
                return True
            if event.ui_element is self.btn_kind:
                self.kind_filter = _cycle(self.kind_filter, self.session.log.kinds())
                self._filter_labels()
                return True
        if self.log_panel.handle_wheel(event):
            return True
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        self.view.input_map = self.app.input
        if self.view.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self._hover_dirty = True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.view.camera.contains(*event.pos):
            self.cancel()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.view.camera.contains(*event.pos):
            self.click(event.pos, at_friend=bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
            return True
        return False

    def click(self, pos, at_friend: bool = False) -> None:
        """A left click on the table at screen ``pos``. A click on one of the
        viewer's own figures selects it; with ``at_friend`` (Shift held) it
        aims the selected figure's actions at that figure instead (e.g.
        fighters on CAP with a friendly ship, fire at one's own hulk)."""
        self.view.mouse = pos
        f = self.view.figure_under(pos)
        x, y = self.view.camera.to_world(*pos)
        s = self.session
        if f is not None and f.side == s.viewer and f.id != self.selected and not (at_friend and self.selected):
            busy = self.mid_activation()
            if busy and busy != f.id and busy in self.view.by_id:  # only it may act: say so, keep its choices
                if self.selected != busy:
                    self.select(busy)
                self.set_status(self.busy_text(busy, f.id), bad=True)
                return
            self.select(f.id)
            return
        if not self.selected and not self.actions_at(x, y):
            return
        target = f.id if (f is not None and f.id != self.selected) else None
        same = self.pending and (self.pending_target == target if target else
                                 isinstance(self.pending_target, tuple) and abs(self.pending_target[0] - x) < 3 / self.view.camera.scale + 2
                                 and abs(self.pending_target[1] - y) < 3 / self.view.camera.scale + 2)
        if same:
            self.commit()
            return
        if f is not None and f.id == self.selected:
            return
        self.aim(x, y, target, lock=True)

    def busy_text(self, busy: str, other: str | None = None) -> str:
        """Why ``other`` cannot be used now: ``busy`` is mid-activation."""
        ways = [t for a, t in self.bar_labels(self.offered_actions(busy)) if end_point(a) is None][:3]
        how = "move it (click the table)" + (" or " + " / ".join(ways) if ways else "")
        who = f"{self._fig_name(other)} must wait: " if other else ""
        return f"{who}{sentence(self._fig_name(busy))} is being used: {how} first"

    def cancel(self) -> None:
        """Drop the pending choice, else the selection."""
        if self.pending:
            self.pending, self.pending_target, self.preview = [], None, None
            self._bar_key = None
        else:
            self.select(None)

    def key_actions(self) -> dict:
        """The battle scene's keyboard actions (names of :mod:`game.ui.input_map`)."""
        return {"undo": self.undo, "save": self.save_game, "load": self.ask_load, "commit": self.commit,
                "cancel": self.cancel, "los": self.toggle_los, "ranges": self.toggle_ranges,
                "groups": self.toggle_groups, "skip_ai": self.skip_ai, "pause_ai": self.toggle_pause,
                "help": self.show_help, "next_model": self.next_model, "screenshot": self.take_screenshot}

    def _key(self, event) -> bool:
        act = self.app.input.action(event, "battle")
        fn = self.key_actions().get(act) if act else None
        if fn is None:
            return False
        fn()
        self._sync_toggles()
        return True

    def next_model(self) -> None:
        """Select the viewer's next model."""
        mine = [f.id for f in self.view.figures if f.side == self.session.viewer]
        if mine:
            i = (mine.index(self.selected) + 1) % len(mine) if self.selected in mine else 0
            self.select(mine[i])

    def take_screenshot(self) -> Path:
        p = config_dir() / "screenshots" / f"battle-{time.strftime('%Y%m%d-%H%M%S')}.png"
        out = self.app.screenshot(p)
        self.set_status(f"screenshot {out}")
        return out

    # -- frame -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.view.update(dt)
        s = self.session
        if self._hover_dirty and not self.pending and self.selected and self.my_turn:
            self._hover_dirty = False
            if self.view.camera.contains(*self.view.mouse):
                x, y = self.view.world_mouse()
                f = self.view.figure_under()
                if f is None or f.id != self.selected:
                    self.aim(x, y, f.id if f is not None else None)
        if s.ai_to_act and s.controller.handover_to is None and not self.paused_ai and not self.screenshot_mode:
            self.ai_timer += dt
            speed = self.app.settings.ai_speed
            if self.ai_timer >= 1.0 / speed and not self.view.anim.busy:
                self.ai_timer = 0.0
                # the slide takes at most 80% of the interval, so the chosen speed holds
                self.view.anim.duration = min(0.35, 0.8 / speed)
                s.step_ai(1)
                self.refresh()
                self._after_change()

    def prepare_screenshot(self) -> None:
        """For ``--screenshot``: select the first model, show its sight lines
        and preview one of its actions (a legal one with odds if there is
        one: at an enemy, else on itself). The rules' automated steps and AI
        seats run first, up to the first decision a human seat must take."""
        if self.session.humans and not self.session.battle.over:
            self.skip_ai()
        figs = self.view.figures
        if not figs:
            return
        s = self.session
        first = s.viewer or figs[0].side
        me = ([f for f in figs if f.side == first] or figs)[0]
        self.selected = me.id
        self.refresh(force_los=True)
        rs, state = s.ruleset, s.battle.state
        if s.viewer is None or not hasattr(rs, "figure_actions"):
            return
        acts = []
        for o in self.view.los_targets(me)[:8]:
            acts += list(rs.figure_actions(state, me.side, me.id, o.id))[:1]
        acts += list(rs.figure_actions(state, me.side, me.id, None))
        previews = [self.preview_of(a, me) for a in acts]
        previews.sort(key=lambda p: (not p.legal, p.odds is None))
        self.preview = previews[0] if previews else None

    def draw(self, surface) -> None:
        surface.fill((18, 20, 24))
        self.view.draw(surface, self.selected, self.hover_preview or self.preview, self.show_los)
        self._draw_banner(surface)
        self._draw_top(surface)
        self._draw_right(surface)
        self._draw_bottom(surface)
        self.reason_box = draw_hover(surface, self.view, self.log_panel, self.log_mouse, self._log_lines,
                                     self.session.battle.history.entries, self.app.top is self)

    def _draw_top(self, surface) -> None:
        pygame.draw.rect(surface, (28, 30, 36), (0, 0, surface.get_width(), self.top_height()))
        active = self.session.battle.active_side
        lines = self.header_lines(surface.get_width())
        y = 10 if len(lines) == 1 else 3
        for text, size in lines:
            surface.blit(fonts.text(text, size, (240, 240, 240), True), (10, y))
            y += fonts.font(size, True).get_linesize()
        if active:
            text, size = lines[-1]
            lh = fonts.font(size, True).get_linesize()
            pygame.draw.circle(surface, self.view.colours(active), (fonts.font(size, True).size(text)[0] + 24, y - lh // 2),
                               7 if len(lines) == 1 else 6)

    def _draw_banner(self, surface) -> None:
        """The decision banner across the top of the table, in the deciding side's colour."""
        h = self.banner_height()
        if not h:
            return
        x, vy, w, _ = self.view.camera.viewport
        y = vy - h
        text = self.decision_banner()
        if not text:
            pygame.draw.rect(surface, (28, 30, 36), (x, y, w, h))
            return
        font = fonts.font(15, True)
        lines = _wrap(text, font, w - 24)
        if len(lines) > 2:
            lines = lines[:1] + [_fit(" ".join(lines[1:]), font, w - 24)]
        r, g, b = self.view.colours(self.session.waiting_for)
        pygame.draw.rect(surface, (r // 3, g // 3, b // 3), (x, y, w, h))
        pygame.draw.rect(surface, (r, g, b), (x, y, w, h), 2)
        top = y + (h - font.get_linesize() * len(lines)) // 2
        for i, line in enumerate(lines):
            surface.blit(fonts.text(line, 15, (255, 255, 255), True), (x + 12, top + i * font.get_linesize()))

    def side_name(self, side: str | None) -> str:
        """A side as the player reads it (:meth:`Scenario.side_name`)."""
        return self.session.battle.scenario.side_name(side)

    def seat_word(self, side: str | None) -> str:
        """Who plays ``side``, for the header: "you" for the seat deciding
        at this screen now (the viewer, no handover pending), "other player"
        for another human seat (hot-seat), "AI", else "rules"."""
        s = self.session
        if side in s.humans:
            return "you" if side == s.viewer and s.controller.handover_to is None else "other player"
        return "AI" if side in s.controller.agents else "rules"

    def _header_width(self, surface_w: int) -> int:
        return max(80, getattr(self, "top_left", surface_w) - 44)

    #: the header's font size on one line, and on two (the scenario's name above the rest)
    HEAD, HEAD2 = 16, 14

    def header_lines(self, surface_w: int | None = None) -> list[tuple[str, int]]:
        """The top lines ``(text, font size)``: scenario, turn (of the turn
        limit), phase, who acts, on one line when it fits left of the
        toolbar, else on two (the scenario's name above the rest, a smaller
        bold font), so nothing is cut at 1280 x 800; in a window narrow
        enough to wrap the toolbar, on more lines (the name
        wrapped, the rest broken at its bars; at most four). Only a name or a line too long
        for the room even then is shortened with an ellipsis."""
        s = self.session
        b = s.battle
        width = self._header_width(surface_w or self.app.size[0])
        f, f2 = fonts.font(self.HEAD, True), fonts.font(self.HEAD2, True)
        if b.over:
            head = f"Battle over - {self.side_name(b.state.winner) or 'draw'}"
            why = name_sides(b.state.end_reason, b.scenario)
            over = f"{head} ({why})" if why else head
            if f.size(over)[0] <= width:
                return [(over, self.HEAD)]
            if f2.size(over)[0] <= width:
                return [(over, self.HEAD2)]
            # too long for one line: the result, then why on the next (wrapped, as many lines as the
            # header has room for: two, four when the toolbar wraps), so the whole reason is read
            room = 4 if len({r.y for r in self._toolbar()[1]}) > 1 else 2
            rows = fonts.wrap_with(f2, head, width) + fonts.wrap_with(f2, f"({why})", width)
            if len(rows) > room:
                rows = rows[:room - 1] + [_fit(" ".join(rows[room - 1:]), f2, width)]
            return [(_fit(t, f2, width), self.HEAD2) for t in rows]
        active = b.active_side
        who = self.seat_word(active)
        name = self.side_name(active)
        limit = b.scenario.turn_limit
        word = getattr(s.ruleset, "turn_word", "Turn")  # Battlesystem: "Round"
        turn = f"{word} {b.state.turn} of {limit}" if limit else f"{word} {b.state.turn}"
        phase = phase_words(s.ruleset.phase(b.state))
        tail = f"{turn}  |  {phase}  |  {name} to act ({who})"
        full = f"{b.scenario.name}  |  {tail}"
        if f.size(full)[0] <= width:
            return [(full, self.HEAD)]
        if f2.size(tail)[0] > width:
            tail = f"{word[0]}{b.state.turn}{'/' + str(limit) if limit else ''}  |  {phase}  |  {name} ({who})"
        two = [(_fit(b.scenario.name, f2, width), self.HEAD2), (_fit(tail, f2, width), self.HEAD2)]
        if not any(t.endswith("...") for t, _ in two):
            return two
        # a narrow window: the toolbar wraps onto more rows, leaving the header room for up to
        # four lines (the bar grows a little if need be), so the name is wrapped and the rest
        # broken at its bars rather than either being cut (one row of buttons: two lines at most)
        room = 4 if len({r.y for r in self._toolbar()[1]}) > 1 else 2
        rows = fonts.wrap_with(f2, b.scenario.name, width)
        parts = tail.split("  |  ")
        line = parts[0]
        for part in parts[1:]:
            if f2.size(f"{line}  |  {part}")[0] <= width:
                line = f"{line}  |  {part}"
            else:
                rows.append(line)
                line = part
        rows.append(line)
        if len(rows) > room or any(f2.size(t)[0] > width for t in rows):
            return two
        return [(t, self.HEAD2) for t in rows]

    def header_text(self, surface_w: int | None = None) -> str:
        """The header's lines as one string (see :meth:`header_lines`)."""
        return "  |  ".join(t for t, _ in self.header_lines(surface_w))

    #: rows of the ruleset's own side panel (``side_panel`` hook), when it has one
    PANEL_ROWS = 12

    def panel_height(self) -> int:
        """Height (px) the ruleset's side panel takes above the log (0 without the hook)."""
        return self._panel_row() * self.PANEL_ROWS + 8 if hasattr(self.session.ruleset, "side_panel") else 0

    @staticmethod
    def _panel_row() -> int:
        """A row of the ruleset's side panel, px: 15 at UI scale 1, the 12 pt line's height at a larger one."""
        return max(15, fonts.font(12).get_linesize())

    def panel_lines(self) -> list[str]:
        """The ruleset's private lines for the viewer (``side_panel(view, viewer)``:
        its command cache, its hidden missions), from the viewer's view only."""
        hook = getattr(self.session.ruleset, "side_panel", None)
        if hook is None:
            return []
        try:
            lines = [str(t) for t in hook(self.session.view(), self.session.viewer)]
        except Exception:  # noqa: BLE001 - a display hook never breaks drawing
            return []
        return [name_sides(t, self.session.battle.scenario) for t in lines]  # "British's command cache"

    def _draw_panel(self, surface, rr) -> None:
        """The side panel's lines, word-wrapped under the undo line (cut to its rows)."""
        y = rr.y + round(146 * self.panel_scale())
        width = rr.width - 20
        rows: list[tuple[int, str]] = []
        for line in self.panel_lines():
            ind = 12 if line.startswith("  ") else 0
            for i, part in enumerate(wrap_text(line.strip(), width - ind - 12, 12)):
                rows.append((ind + (12 if i else 0), part))
        self.panel_text = [t for _, t in rows[:self.PANEL_ROWS]]
        #: (text, ink rect) of each row drawn (tests: apart, above the log's buttons)
        self.panel_row_rects = []
        for ind, part in rows[:self.PANEL_ROWS]:
            self.panel_row_rects.append((part, _blit_ink(surface, fonts.text(part, 12, (215, 225, 240)), (rr.x + 10 + ind, y))))
            y += self._panel_row()

    def _draw_right(self, surface) -> None:
        rr = right_rect(self.app.size, self.top_height())
        pygame.draw.rect(surface, (28, 30, 36), rr)
        s = self.session
        k = self.panel_scale()
        lh = round(15 * k)  # one 13 pt line, from the font's height (UI scale)
        y = rr.y + 6
        surface.blit(fonts.text("Objectives", 15, (255, 255, 255), True), (rr.x + 10, y))
        y += max(22, fonts.font(15, True).get_linesize())
        outcome = s.ruleset.outcome(s.battle.state)
        objs = s.battle.scenario.objectives
        # objectives word-wrapped to the panel width, each with a box ticked when done
        # (crossed when failed); lines that would run into the undo line below are
        # cut, the last one kept with an ellipsis
        width = rr.width - 20
        # the score wrapped to the panel (a long one on two lines), kept above the undo line
        score = wrap_text(score_line(outcome.score, self.session.battle.scenario, s.ruleset, s.battle.state), width, 13) if outcome.score else []
        if len(score) > 2:
            score = [score[0], _fit(" ".join(score[1:]), fonts.font(13), width)]
        bottom = rr.y + round(126 * k) - (lh * len(score) + 2 if score else 0)
        rows: list[tuple[int, str, str | None]] = []
        brief = getattr(s.ruleset, "briefing", None)
        # what the viewer alone knows (its view); once the battle is over, the objectives, ticked or crossed
        texts = list(brief(s.view())) if brief and not s.battle.over else []
        entries = [(sentence(t), st) for t, st in ([(t, None) for t in texts] if texts else self.objective_lines())]
        for text, st in entries:
            for i, part in enumerate(wrap_text(text, width - 30, 13)):
                rows.append((0 if i == 0 else 1, part, st if i == 0 else None))
        room = max(1, (bottom - y) // lh)
        if len(rows) > room:
            rows = rows[:room]
            ind, last, st = rows[-1]
            rows[-1] = (ind, _fit(last + " ...", fonts.font(13), width - 30), st)
        pal = self.app.palette
        placed: list[tuple[str, pygame.Rect]] = []  #: each line's text and rect, as drawn (tests: none overlap)
        for ind, part, st in rows:
            if st is not None:
                objective_box(surface, (rr.x + 10, y + round(3 * k)), st, pal)
            col = (150, 150, 150) if st == "failed" else ((190, 230, 190) if st == "done" else (235, 235, 230))
            placed.append((part, _blit_ink(surface, fonts.text(part, 13, col), (rr.x + 28, y))))
            y += lh
        if rows:
            y += 2
        if not objs and not texts:
            surface.blit(fonts.text("Defeat the enemy.", 13), (rr.x + 10, y))
            y += lh + 2
        for part in score:
            placed.append((part, _blit_ink(surface, fonts.text(part, 13, (200, 220, 255)), (rr.x + 10, y))))
            y += lh
        self.score_text = score
        undo = s.can_undo()
        text = f"Undo available: {plural(undo, 'action')}" if undo else "Undo: nothing since the last roll"
        placed.append((text, _blit_ink(surface, fonts.text(text, 12, (170, 170, 170)), (rr.x + 10, rr.y + round(128 * k)))))
        self.panel_text_rects = placed
        if self.panel_height():
            self._draw_panel(surface, rr)
        self._filter_labels()
        lines = self._log_lines = s.log.filtered(self.side_filter, self.kind_filter, viewer=s.viewer)
        self.log_panel.draw(surface, lines, lambda sd: self.app.palette.side(sd, self.view.side_order),
                            key=(s.log.version, self.side_filter, self.kind_filter, s.viewer), rewrite=self.view.namer)

    def cycle_side_filter(self) -> str | None:
        """The log's Side button: show only the lines of the next side of the
        log (``BattleLog.sides``), then all again. Returns the side shown (None: all)."""
        self.side_filter = _cycle(self.side_filter, self.session.log.sides())
        self._filter_labels()
        return self.side_filter

    def _filter_labels(self) -> None:
        """The log filter buttons say what they show: the side by name, the kind in words."""
        side = self.side_filter
        self.btn_side.set_text(fonts.fit(f"Side: {self.side_name(side) if side else 'all'}", 14, self.btn_side.rect.width - 12))
        kind = kind_label(self.session.ruleset, self.kind_filter) if self.kind_filter else "all"
        self.btn_kind.set_text(fonts.fit(f"Kind: {kind}", 14,
                                         self.btn_kind.rect.width - 12))

    def objective_lines(self) -> list[tuple[str, str]]:
        """The scenario's objectives as the panel shows them: ``(text,
        state)`` with state done, failed or open (the ruleset's optional
        ``objective_status`` hook) and its progress note."""
        s = self.session
        objs = s.battle.scenario.objectives
        status = objective_status(s.ruleset, s.view())
        sides = {o.side for o in objs}
        out = []
        for o in objs:
            st, note = status.get(o.id) or status.get(o.side) or ("open", "")  # by objective, or by its side
            text = (f"{self.side_name(o.side)}: " if len(sides) > 1 else "") + (o.text or words(o.kind)) + (f" ({note})" if note else "")
            out.append((self.view.namer(text), st))
        return out

    def info_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the bottom bar says under the buttons, most important first:
        the previewed action (its ``describe_action`` label and cost), why it
        is refused, its odds and the roll needed, the status when it reports
        a problem, the preview's ``text``, then any other status."""
        s, pal = self.session, self.app.palette
        name = self.view.namer
        out: list = []
        pv = self.hover_preview or self.preview
        reason = ""
        if pv is not None:
            head = self.label_of(pv.action) + (f"  ({pv.cost})" if pv.cost else "")
            if pv is self.hover_preview:
                head += "  - click the button to do it" if pv.legal else ""
            elif pv.legal and self.pending and pv.action is self.pending[0]:
                head += "  - click again or Enter to do it"
            out.append((head, pal.legal if pv.legal else pal.illegal))
            if not pv.legal:
                reason = pv.reason
                out.append((f"Not allowed: {name(pv.reason)}", pal.illegal))
            odds = []
            if pv.odds is not None:
                odds.append(f"chance {pv.odds:.0%}")
            if pv.need:
                odds.append(f"needs {pv.need}")
            if odds:
                out.append(("  |  ".join(odds), (255, 226, 140)))
        status = [] if not self.status or self.status == reason else [(name(self.status), pal.illegal if self.status_bad else (200, 230, 200))]
        if self.status_bad:
            out += status
        if pv is not None:
            out += [(name(t), (220, 220, 220)) for t in pv.text]
        if not self.status_bad:
            out += status
        return out

    def _draw_bottom(self, surface) -> None:
        br = bottom_rect(self.app.size, self.bottom_height())
        pygame.draw.rect(surface, (28, 30, 36), br)
        s = self.session
        self._sync_bar(br)
        y = br.y + 4
        head = None
        if self.selected and self.selected in self.view.by_id:
            f = self.view.by_id[self.selected]
            busy = " (being used: finish with it before another)" if self.my_turn and self.mid_activation() == f.id else ""
            head = (f"Selected: {sentence(self._fig_name(f.id))}{busy}", (255, 255, 255))
        elif self.my_turn:
            head = (self.turn_hint(br.width - 20), (255, 255, 255))
        elif not s.battle.over:
            head = ("Waiting for the other side... (Space skips)", (200, 200, 200))
        width = br.width - 20
        #: the head line as drawn (tests: never cut at 1280 x 800)
        self.head_text = _fit(head[0], fonts.font(15, True), width) if head else ""
        if head:
            surface.blit(fonts.text(self.head_text, 15, head[1], True), (br.x + 10, y))
        font = fonts.font(13)
        lh = font.get_linesize() - 2
        yy = y + fonts.font(15, True).get_linesize() + 2 + getattr(self, "_bar_rows", 1) * (self._button_height() + 4)
        room = max(1, (br.bottom - 4 - yy) // lh)
        rows = _fold(self.info_lines(), font, width, room)
        self.bottom_text = [t for t, _ in rows]
        for t, c in rows:
            surface.blit(fonts.text(t, 13, c), (br.x + 10, yy))
            yy += lh

    def _sync_bar(self, br) -> None:
        """(Re)build the action buttons when the offered actions change."""
        s = self.session
        offered = self.offered_actions(self.selected, self.pending)
        passes = self.unused_passes() if not self.pending and self.selected is None else []
        key = tuple(action_key(a) for a in offered) + (len(passes),)
        if key == self._bar_key:
            return
        if key != getattr(self, "_bar_offered", None):
            self._bar_offered, self._bar_page = key, 0  # new choices: their first page
        self._bar_key = key
        self.hover_preview = None
        self._greyed_hover = None
        for b in self._bar_buttons:
            b.kill()
        self._bar_buttons = {}
        state = s.battle.state
        top = br.y + 6 + fonts.font(15, True).get_linesize()
        pairs = self.bar_labels(offered)
        if len(passes) > 1:
            pairs.append((PASS_ALL, self.pass_all_label(passes)))
        pages = self.bar_pages(pairs, br.width - 20)
        self._bar_page %= len(pages)
        placed, rows = pages[self._bar_page]
        for (a, label), (dx, row, bw) in placed:
            y = top + row * (self._button_height() + 4)
            rect = pygame.Rect(br.x + 10 + dx, y, bw, self._button_height())
            if a is MORE or a is PASS_ALL:
                tip = ("the other choices the rules allow now" if a is MORE else
                       "the same for each one not used yet this turn, one after another")
                b = pygame_gui.elements.UIButton(rect, label, self.ui, object_id="#action_button", tool_tip_text=tip)
                self._bar_buttons[b] = a
                continue
            ok = s.ruleset.check(state, a)
            b = pygame_gui.elements.UIButton(rect, label, self.ui,
                                             tool_tip_text=None if ok.ok else f"Not allowed: {ok.reason}",
                                             object_id="#action_button")
            if not ok.ok:
                b.disable()
            self._bar_buttons[b] = a
        self._bar_rows = rows

    def offered_actions(self, selected: str | None, pending=()) -> list:
        """The actions the bar offers with ``selected`` (a figure id of the
        viewer's, or None) selected: ``pending`` (a table click's choices)
        first, then the selected figure's own actions (the ruleset's
        ``figure_actions``), then every legal action that names none of the
        viewer's figures or groups (End phase, ...), and every legal action
        that names only figures or groups of the viewer's whose own menu does
        not offer it: with one of them selected, and, when it names a group but
        no one figure (a squad's choice of which weapon is lost), with nothing
        selected. So every legal action is on the bar or a click
        on the table away (tests/ui/test_every_action_reachable.py)."""
        s = self.session
        offered = list(pending)
        if not self.my_turn:
            return offered
        # the bar and the head line ask every frame: the same answer until the battle, the viewer, the
        # selection or the table click's choices change
        key = (id(s.battle), len(s.battle.history), s.viewer, selected, tuple(action_key(a) for a in pending))
        if key == getattr(self, "_offer_key", None):
            return list(self._offer)
        state, rs = s.battle.state, s.ruleset
        own = list(rs.figure_actions(state, s.viewer, selected, None)) if selected and hasattr(rs, "figure_actions") else []
        ids = set(self.view.by_id) | ({f.group for f in self.view.figures if f.group} - {f.side for f in self.view.figures})
        glob = []
        for a in self._legal_now():
            names = [v for v in a.to_dict().values() if isinstance(v, str) and v in ids]
            if not names:
                glob.append(a)
            elif not self._table_reachable(a) and (
                    selected in self._named_own(a)
                    # with nothing selected only an action of a group with no one figure to select (a squad's
                    # choice of which weapon is lost); a figure's own (a ship's listed moves) waits for its selection
                    or (selected is None and not any(v in self.view.by_id for v in names))):
                glob.append(a)  # no menu of a figure's offers it and no table click makes it
        seen = {action_key(a) for a in offered}
        for a in own + glob:
            k = action_key(a)
            if k not in seen:
                seen.add(k)
                offered.append(a)
        self._offer_key, self._offer = key, offered
        return list(offered)

    def _table_reachable(self, action) -> bool:
        """True when selecting a figure ``action`` names offers it (the
        figure's own menu), or a click on the table (at another figure it
        names, or at its point ``x``, ``y``) makes an action of its kind for
        the same figures (cached per history length)."""
        s = self.session
        key = (id(s.battle), len(s.battle.history), s.viewer)
        if getattr(self, "_reach_key", None) != key:
            self._reach_key, self._reach = key, {}
        k = action_key(action)
        if k not in self._reach:
            self._reach[k] = self._click_reaches(action)
        return self._reach[k]

    def _click_reaches(self, action) -> bool:
        s = self.session
        rs, state = s.ruleset, s.battle.state
        if not hasattr(rs, "figure_actions"):
            return False
        k = action_key(action)
        named = set(self._named_own(action))
        d = action.to_dict()
        others = [v for v in d.values() if isinstance(v, str) and v in self.view.by_id and v not in named]
        for fid in named:
            if any(action_key(a) == k for a in rs.figure_actions(state, s.viewer, fid, None)):
                return True
            for t in others:
                if any(action_key(a) == k for a in rs.figure_actions(state, s.viewer, fid, t)):
                    return True
            pt = end_point(action)  # its point, or where its path ends (a move: a click there makes one)
            if pt is not None and hasattr(rs, "point_actions"):
                if any(a.type == action.type and set(self._named_own(a)) == named
                       for a in rs.point_actions(state, s.viewer, fid, *pt)):
                    return True
        return False

    def bar_pages(self, pairs: list, width: int, rows: int = 2) -> list[tuple[list, int]]:
        """The action bar's buttons in pages of at most ``rows`` rows of
        ``width`` px: each page a list of ``((action, label), (x, row, w))``
        and its number of rows. When the choices need more than one page, each
        page ends in a "More choices (p of n)" button (its action
        :data:`MORE`), so every choice the rules allow can be reached; a long
        label takes a row of its own, uncut."""
        def size(label: str) -> tuple[str, int]:
            label = fonts.fit(label, 14, width - 26)
            return label, fonts.font(14).size(label)[0] + 26

        def lay(items, reserve: int) -> tuple[list, list]:
            """As many of ``items`` as the rows hold (``reserve`` px kept free at
            the end of the last row), and the rest."""
            out, x, row = [], 0, 0
            for i, (a, label) in enumerate(items):
                label, bw = size(label)
                room = width - (reserve if row == rows - 1 else 0)
                if x + bw > room and x > 0 and row < rows - 1:  # on to the next row
                    x, row = 0, row + 1
                    room = width - (reserve if row == rows - 1 else 0)
                if x + bw > room and (x > 0 or row == rows - 1):
                    return out, items[i:]
                out.append(((a, label), (x, row, bw)))
                x += bw + 6
            return out, []

        first, rest = lay(pairs, 0)
        if not rest:
            return [(first, 1 + max((r for _, (_, r, _) in first), default=0))]
        reserve = size("More choices (99 of 99)")[1] + 6
        pages, todo = [], pairs
        while todo:
            page, todo2 = lay(todo, reserve)
            if not page:  # a label wider than the bar with the reserve: give it the row
                page, todo2 = [((todo[0][0], size(todo[0][1])[0]), (0, 0, size(todo[0][1])[1]))], todo[1:]
            pages.append(page)
            todo = todo2
        out = []
        for k, page in enumerate(pages):
            row = max(r for _, (_, r, _) in page)
            x = max((x + w + 6 for _, (x, r, w) in page if r == row), default=0)
            label, bw = size(f"More choices ({k + 1} of {len(pages)})")
            if x + bw > width:
                row, x = row + 1, 0
            out.append((page + [((MORE, label), (x, row, bw))], row + 1))
        return out

    def bar_labels(self, offered: list, most: int = 8) -> list[tuple[object, str]]:
        """The offered actions with their button labels, no two alike
        (:func:`game.ui.preview.distinct_labels`: a place or a target name tells
        apart actions that would read the same); every choice that is not a
        spot on the table is kept (the bar pages them, :meth:`bar_pages`), and
        spots (placements, also made by clicking the table) are cut to ``most``
        spread over the table."""
        return distinct_labels(offered, self.label_of, self.view.place_text, most, self._fig_name)

    @property
    def bar_actions(self) -> list:
        """The actions currently offered as buttons (tests; not the "More
        choices" button)."""
        return [a for a in self._bar_buttons.values() if a is not MORE and a is not PASS_ALL]

    def unused_passes(self) -> list:
        """The viewer's legal pass actions (the ruleset's ``pass_action``, e.g.
        Foxhole's Hold), one per figure not yet used this turn."""
        kind = getattr(self.session.ruleset, "pass_action", None)
        if not kind:
            return []
        return [a for a in self._legal_now() if a.type == kind and self._named_own(a)]

    def pass_all_label(self, passes: list) -> str:
        """The pass-all button's label: the pass's own label and how many it covers."""
        one = self.label_of(passes[0]).split(":")[0]
        return f"{one}: all {len(passes)} not yet used"

    def pass_all(self) -> int:
        """Pass with every figure not yet used, one after another as if each
        pass were clicked; stops when the turn passes to another side or
        player, or a pass is refused. Returns how many were made."""
        n = 0
        passes = self.unused_passes()
        label = self.pass_all_label(passes) if passes else ""
        while passes and self.app.top is self:
            left = len(passes) - 1
            if not self.commit(passes[0]):
                break
            n += 1
            if left and self.session.ai_to_act:
                self.skip_ai()  # the other side's answer to the pass (an interrupt, ...), then on
            passes = self.unused_passes()
        if n:
            self.set_status(f"{label.split(':')[0]}: {n} done")
        return n


def objective_status(ruleset, state) -> dict[str, tuple[str, str]]:
    """Each objective's ``(state, note)``: ``"done"``, ``"failed"`` or
    ``"open"`` and a short progress note, from the ruleset's optional
    ``objective_status(state)`` hook (keyed by objective id, or by side id
    for every objective of that side; values a state word or a pair);
    without the hook every objective is open."""
    hook = getattr(ruleset, "objective_status", None)
    if hook is None:
        return {}
    try:
        got = hook(state) or {}
    except Exception:  # noqa: BLE001 - a display hook never breaks drawing
        return {}
    out = {}
    for k, v in got.items():
        st, note = (v, "") if isinstance(v, str) else (v[0], v[1] if len(v) > 1 else "")
        out[k] = (st if st in ("done", "failed", "open") else "open", str(note or ""))
    return out


def objective_box(surface, pos, state: str, pal) -> None:
    """A 10 px box: empty while open, ticked when done, crossed when failed
    (shapes, so the colour-blind palette reads them too)."""
    x, y = pos
    r = pygame.Rect(x, y, 11, 11)
    pygame.draw.rect(surface, (200, 200, 205), r, 1)
    if state == "done":
        pygame.draw.lines(surface, pal.legal, False, [(x + 2, y + 6), (x + 4, y + 9), (x + 10, y + 1)], 2)
    elif state == "failed":
        pygame.draw.line(surface, pal.illegal, (x + 2, y + 2), (x + 9, y + 9), 2)
        pygame.draw.line(surface, pal.illegal, (x + 9, y + 2), (x + 2, y + 9), 2)


def _blit_ink(surface, text_surface, pos) -> pygame.Rect:
    """Blit a rendered line at ``pos``; return where its glyphs' ink lies on
    ``surface`` (a line's surface is taller than its letters)."""
    surface.blit(text_surface, pos)
    return text_surface.get_bounding_rect().move(pos)


def _wrap(text: str, font, width: int) -> list[str]:
    """``text`` broken into lines at most ``width`` px wide (see :func:`fonts.wrap_with`)."""
    return fonts.wrap_with(font, text, width)


#: between two messages that share the last row of the bar (the same as between odds and need)
SEPARATOR = "  |  "


def _fold(lines: list, font, width: int, room: int) -> list:
    """The bar's rows: each (text, colour) of ``lines`` wrapped to ``width`` px; when they
    need more than ``room`` rows, the last row holds the rest cut to fit, each message
    kept apart from the next by :data:`SEPARATOR` (never run into one sentence)."""
    rows: list = []
    for i, (text, col) in enumerate(lines):
        rows += [(part, col, i) for part in _wrap(text, font, width)]
    if len(rows) > room:
        keep, tail = rows[:room - 1], rows[room - 1:]
        rest = tail[0][0]
        for (t, _, i), (_, _, prev) in zip(tail[1:], tail):
            rest += (" " if i == prev else SEPARATOR) + t
        rows = keep + [(_fit(rest, font, width), tail[0][1], tail[0][2])]
    return [(t, c) for t, c, _ in rows]


def _fit(text: str, font, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` px."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text.rstrip() + "..."


def _cycle(cur, options):
    opts = [None] + list(options)
    i = opts.index(cur) if cur in opts else 0
    return opts[(i + 1) % len(opts)]

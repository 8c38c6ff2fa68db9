"""The replay viewer: play and pause, speed, step one action or one event
back and forth, jump to a turn, a timeline, the same table, overlays and log
as the battle scene; a replay failing verification is flagged at the action
where it diverges."""

from __future__ import annotations

import pygame
import pygame_gui

from game.data.errors import FileError
from game.ui import fonts
from game.ui.naming import phase_words
from game.ui.widgets import px
from game.ui.replay_model import ReplayModel
from game.ui.render.logpanel import LogPanel, draw_hover
from game.ui.scene import Scene
from game.ui.scenes.layout import BOTTOM, TOP, bottom_rect, kind_button_width, right_rect, table_rect
from game.core.logtext import kind_label, name_sides, plural, side_names
from game.core.ruleset import RULES_SIDE
from game.battle.runner import named_outcome
from game.ui.sides import enemy_sides, side_colours
from game.ui.table_model import TableModel
from game.ui.table_view import MOUSE_GONE, TableView

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
BUTTON_H = 32


def _button_h() -> int:
    """A control's height: ``BUTTON_H`` at UI scale 1, taller for a larger UI font."""
    return max(BUTTON_H, fonts.font(14).get_linesize() + 8)


class ReplayScene(Scene):
    """Watch one replay file (shows a message if the file is bad)."""

    name = "replay"

    def __init__(self, path) -> None:
        super().__init__()
        self.path = path
        self.model: ReplayModel | None = None
        self.error = ""
        self.k, self.j = 0, 0
        self.playing = False
        self.speed_i = 2
        self.timer = 0.0
        self.selected: str | None = None
        self.show_los = True
        self.kind_filter: str | None = None

    def to_menu(self) -> None:
        """Back to the menu as the player left it (its ruleset, scenario, seats
        and seed): the menu the viewer was opened over, or that a battle whose
        replay this is was started from; a new menu when there is none (a
        replay opened from the command line)."""
        from game.ui.scenes.menu import MenuScene

        menu = self.app.find(MenuScene)
        if menu is None:
            self.app.reset(MenuScene())
            return
        while self.app.top is not menu:
            self.app.pop()

    def enter(self) -> None:
        try:
            self.model = ReplayModel(self.path)
        except FileError as e:
            self.error = str(e)
            self.opaque = False  # the scene it was opened from shows under the note, which says why once
            self.app.message(f"Cannot open the replay.\n{e}", "Replay")
            return
        m = self.model
        self.table = TableModel.of_map(m.map)
        st0 = m.state_at(0, 0)
        rs = m.ruleset
        figs, marks = getattr(rs, "figures", None), getattr(rs, "markers", None)
        colours = side_colours(self.app.palette, rs, st0, m.scenario, m.map,
                               figs(st0) if figs else (), marks(st0) if marks else ())
        self._state = st0
        self.view = TableView(self.table, self.app.palette, colours, table_rect(self.app.size, self.bottom_height()),
                              enemies=lambda side: enemy_sides(self.model.ruleset, self._state, side),
                              sight=lambda: (self.model.ruleset, self._state))
        self.view.side_names = side_names(m.scenario)
        self.log_panel = LogPanel(pygame.Rect(0, 0, 10, 10), getattr(self.model.ruleset, "turn_word", "Turn"))
        self.log_mouse: tuple[int, int] = (-1, -1)  #: the mouse, for the reason box over the log
        self._log_lines: list = []  #: the log lines drawn last
        self.reason_box: pygame.Rect | None = None  #: the reason box drawn last, if any
        self._build()
        self.refresh()

    def bottom_height(self, size=None) -> int:
        """The controls' height: the timeline, the button rows (as many as
        the width needs) and the next-action line."""
        size = tuple(size or self.app.size)
        cached = getattr(self, "_bottom", None)
        if cached is None or cached[0] != size:
            self._bottom = (size, max(BOTTOM, 50 + len(self._rows(size)) * (_button_h() + 4)
                                      + max(24, fonts.font(13).get_linesize() + 6)))
        return self._bottom[1]

    def _specs(self) -> list:
        return [("|<", self.to_start), ("<<", self.prev_turn), ("<", self.back), ("Play", self.toggle_play),
                (">", self.forward), (">>", self.next_turn), (">|", self.to_end), ("Event >", self.forward_event),
                ("Slower", self.slower), ("Faster", self.faster), ("LoS off", self.toggle_los),
                ("Groups off", self.toggle_groups)]

    def _rows(self, size) -> list[list[tuple[str, object, int]]]:
        """The controls flowed into rows that fit the bottom bar's width:
        (label, callback or a widget tag, width)."""
        avail = max(120, table_rect(size).width - 20)
        items = [(label, fn, fonts.font(14).size(label)[0] + 24) for label, fn in self._specs()]
        items += [("#turn", "turn", px(60)), ("Go to turn", "go", fonts.font(14).size("Go to turn")[0] + 24)]
        rows: list[list] = [[]]
        x = 0
        for it in items:
            w = min(it[2], avail)
            if rows[-1] and x + w > avail:
                rows.append([])
                x = 0
            rows[-1].append((it[0], it[1], w))
            x += w + 4
        return rows

    def _build(self) -> None:
        """(Re)lay out every control for the current window size."""
        turn_text = self.turn_entry.get_text() if getattr(self, "turn_entry", None) is not None else "1"
        self.ui.clear_and_reset()
        size = self.app.size
        bh = self.bottom_height(size)
        self.view.set_viewport(table_rect(size, bh))
        br = bottom_rect(size, bh)
        self.buttons = {}
        y = br.y + 50
        for row in self._rows(size):
            x = br.x + 10
            for label, fn, bw in row:
                rect = pygame.Rect(x, y, bw, _button_h())
                if fn == "turn":
                    self.turn_entry = pygame_gui.elements.UITextEntryLine(rect, self.ui)
                    self.turn_entry.set_text(turn_text)
                elif fn == "go":
                    self.go = pygame_gui.elements.UIButton(rect, label, self.ui)
                else:
                    b = pygame_gui.elements.UIButton(rect, label, self.ui)
                    self.buttons[b] = fn
                x += bw + 4
            y += _button_h() + 4
        self.play_button = [b for b, f in self.buttons.items() if f == self.toggle_play][0]
        self.play_button.set_text("Pause" if self.playing else "Play")
        w = size[0]
        mw = max(90, fonts.font(14).size("Menu")[0] + px(24))
        self.menu = pygame_gui.elements.UIButton(pygame.Rect(w - mw - 10, 4, mw, min(32, TOP - 8)), "Menu", self.ui)
        rr = right_rect(size)
        top = rr.y + 8 + sum(h for *_, h in self.panel_lines(rr.width - 20)) + 6
        kh = max(28, fonts.font(14).get_linesize() + 4)
        kw = min(rr.width - 16, max(px(170), kind_button_width(self.model.ruleset)))
        self.btn_kind = pygame_gui.elements.UIButton(pygame.Rect(rr.x + 8, top, kw, kh),
                                                     "Kind: all", self.ui)
        self.log_panel.rect = pygame.Rect(rr.x + 6, top + kh + 6, rr.width - 12, max(20, rr.bottom - top - kh - 12))
        self._sync_controls()

    def panel_lines(self, width: int) -> list[tuple[str, tuple, int, bool, int]]:
        """The side panel's head, word-wrapped to ``width`` px: whether the
        replay verifies (and where it fails), the recorded result, or where
        a replay cut off before its end line stops (:meth:`ReplayModel.cut_off`).
        ``(text, colour, size, bold, height px)`` per line."""
        m = self.model
        pal = self.app.palette
        out = []

        def add(text, col, size, bold=False):
            for part in fonts.wrap_lines(text, size, width, 4, bold):
                out.append((part, col, size, bold, fonts.font(size, bold).get_linesize()))

        if m.recorded_only:
            h = m.record.header
            add(f"Recorded with {h.ruleset} version {h.ruleset_version}", (230, 200, 120), 14, True)
            add(f"this is version {m.ruleset.version}: showing the recorded events", (230, 200, 120), 12)
            if m.stopped:
                add(m.stopped, pal.illegal, 12)
        elif m.verdict.ok and not m.stopped:
            add("Verified: re-simulation matches", pal.legal, 14, True)
        else:
            add(f"FAILS verification at action {m.first_bad}", pal.illegal, 14, True)
            for part in (m.verdict.reason, m.stopped):
                if part:
                    add(name_sides(part, m.scenario), pal.illegal, 12)
        end = m.record.end
        if end is not None:
            add(f"Recorded result: {named_outcome(m.scenario, end.winner, end.reason, past=True)}",
                (235, 235, 230), 13)
        for i, line in enumerate(m.cut_off()):  # no end line: where it stops, plainly
            add(line, (230, 200, 120), 13, i == 0)
        return out

    def header_text(self) -> str:
        """The top line: the scenario, the action (and events) on show, the
        turn in the ruleset's word ("Round 3" in Battlesystem), the phase and
        the speed: ``"... | action 4/90 +1 event | turn 2 | ..."``."""
        m = self.model
        st = m.state_at(self.k, self.j)
        word = getattr(m.ruleset, "turn_word", "Turn").lower()
        return (f"Replay: {m.scenario.name}  |  action {self.k}/{m.actions}" + (f" +{plural(self.j, 'event')}" if self.j else "")
                + f"  |  {word} {st.turn}  |  {phase_words(m.ruleset.phase(st))}  |  {SPEEDS[self.speed_i]:g} actions/s")

    def header_fit(self, width: int) -> tuple[str, int]:
        """The top line and its font size within ``width`` px: at 16 pt, else
        at 14, else with the scenario's name shortened ("...") so the action,
        turn, phase and speed stay whole."""
        head = self.header_text()
        for size in (16, 14):
            if fonts.font(size, True).size(head)[0] <= width:
                return head, size
        name = self.model.scenario.name
        rest = head[len(f"Replay: {name}"):]
        room = width - fonts.font(14, True).size(f"Replay: {rest}")[0]
        return f"Replay: {fonts.fit(name, 14, max(20, room), True)}{rest}", 14

    def next_line(self) -> str:
        """The action after the one on show, as the player reads it: ``"next:
        Imperial Navy - Move ..."``, ``"next: the rules' own step (end phase)"``
        for a step no side takes; at the end "" (a replay cut off before its
        end line: that it stops here, at turn N, the battle not finished)."""
        m = self.model
        if self.k >= m.actions:
            if m.unfinished and not m.stopped:
                last = m.states[-1]
                return (f"the replay stops here, at turn {last.turn}: "
                        + ("its end line is missing" if last.over else "the battle was not finished"))
            return ""
        from game.ui.preview import action_label

        a = m.entries[self.k].action
        if a.side == RULES_SIDE:  # the rules' own step (a turn's start, an end phase): no side acts
            return f"next: the rules' own step ({m.ruleset.phase(self._state)})"
        label = self.view.namer(action_label(a, m.ruleset, self._state), ids=not getattr(m.ruleset, "labels_named", False))
        return f"next: {m.scenario.side_name(a.side)} - {label}"

    def _sync_controls(self) -> None:
        """Controls that show their state: LoS and Groups on or off, the log's
        kind filter by name, the turn box the turn on show."""
        if getattr(self, "btn_kind", None) is not None and self.model is not None:
            kind = kind_label(self.model.ruleset, self.kind_filter) if self.kind_filter else "all"
            self.btn_kind.set_text(fonts.fit(f"Kind: {kind}", 14, self.btn_kind.rect.width - 12))
        for b, fn in self.buttons.items():
            if fn == self.toggle_los:
                b.set_text(f"LoS {'on' if self.show_los else 'off'}")
            elif fn == self.toggle_groups:
                b.set_text(f"Groups {'on' if self.view.show_groups else 'off'}")
        if getattr(self, "turn_entry", None) is not None and not self.turn_entry.is_focused and self.model is not None:
            turn = str(self.model.turn_of(self.k))
            if self.turn_entry.get_text() != turn:
                self.turn_entry.set_text(turn)

    def resize(self, size) -> None:
        """Lay out the table, the controls, the side panel and the log again."""
        if self.model is None:
            return
        self._build()

    def control_rects(self) -> dict[str, pygame.Rect]:
        """Every control's rectangle by its label (tests)."""
        out = {b.text if hasattr(b, "text") else str(b): b.get_abs_rect() for b in self.buttons}
        out.update({"turn": self.turn_entry.get_abs_rect(), "go": self.go.get_abs_rect(), "menu": self.menu.get_abs_rect(),
                    "kind": self.btn_kind.get_abs_rect()})
        return out

    # -- position -------------------------------------------------------------------------------
    def seek(self, k: int, j: int = 0) -> None:
        """Show the state after ``k`` actions (and ``j`` events of the next)."""
        m = self.model
        self.k = max(0, min(k, m.actions))
        self.j = max(0, min(j, m.events_in(self.k)))
        self.refresh()

    def forward(self) -> None:
        self.seek(self.k + 1)

    def back(self) -> None:
        self.seek(self.k - 1 if self.j == 0 else self.k)

    def forward_event(self) -> None:
        if self.j + 1 >= self.model.events_in(self.k):
            self.seek(self.k + 1)
        else:
            self.seek(self.k, self.j + 1)

    def to_start(self) -> None:
        self.seek(0)

    def to_end(self) -> None:
        self.seek(self.model.actions)

    def jump_to_turn(self, turn: int) -> None:
        self.seek(self.model.index_of_turn(turn))

    def next_turn(self) -> None:
        self.jump_to_turn(self.model.turn_of(self.k) + 1)

    def prev_turn(self) -> None:
        t = self.model.turn_of(self.k)
        start = self.model.index_of_turn(t)
        self.seek(self.model.index_of_turn(t - 1) if self.k == start else start)

    def toggle_play(self) -> None:
        self.playing = not self.playing
        if self.playing and self.k >= self.model.actions:
            self.seek(0)
        self.play_button.set_text("Pause" if self.playing else "Play")

    def slower(self) -> None:
        self.speed_i = max(0, self.speed_i - 1)

    def faster(self) -> None:
        self.speed_i = min(len(SPEEDS) - 1, self.speed_i + 1)

    def toggle_los(self) -> None:
        self.show_los = not self.show_los
        self.refresh()

    def toggle_groups(self) -> None:
        """Show or hide the unit groupings."""
        self.view.show_groups = not self.view.show_groups
        self._sync_controls()

    def show_help(self) -> None:
        from game.ui.scenes.help import HelpScene

        self.app.push(HelpScene("replay"))

    def key_actions(self) -> dict:
        """The replay viewer's keyboard actions (names of :mod:`game.ui.input_map`)."""
        return {"play_pause": self.toggle_play, "step_forward": self.forward, "step_back": self.back,
                "next_turn": self.next_turn, "prev_turn": self.prev_turn, "faster": self.faster,
                "slower": self.slower, "los": self.toggle_los, "groups": self.toggle_groups,
                "to_start": self.to_start, "to_end": self.to_end, "event_forward": self.forward_event,
                "help": self.show_help}

    def refresh(self) -> None:
        m = self.model
        st = m.state_at(self.k, self.j)
        self._state = st
        self.view.set_content(m.ruleset.figures(st), m.ruleset.markers(st))
        self.view.sync_terrain(m.ruleset, st, relos=False)  # driven vehicles, destroyed pieces (rebuilt on change only)
        self.table = self.view.table
        if self.selected not in self.view.by_id:
            self.selected = None
        self.view.set_los(self.selected if self.show_los else None)
        if getattr(self, "buttons", None):
            self._sync_controls()

    # -- input and frame ------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self.model is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.log_mouse = event.pos  # an AI action's reason shows while the mouse rests on its log lines
        if event.type in MOUSE_GONE:
            self.log_mouse = (-1, -1)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.buttons:
                self.buttons[event.ui_element]()
            elif event.ui_element is self.go:
                try:
                    self.jump_to_turn(int(self.turn_entry.get_text()))
                except ValueError:
                    pass
            elif event.ui_element is self.menu:
                self.to_menu()
            elif event.ui_element is self.btn_kind:
                opts = [None] + self.model.log.kinds()
                self.kind_filter = opts[(opts.index(self.kind_filter) + 1) % len(opts)]
                self._sync_controls()
            return True
        if self.log_panel.handle_wheel(event):
            return True
        if event.type == pygame.KEYDOWN:
            if self.turn_entry.is_focused:
                return False  # typing a turn number
            act = self.app.input.action(event, "replay")
            fn = self.key_actions().get(act) if act else None
            if fn is not None:
                fn()
                return True
        self.view.input_map = self.app.input
        if self.view.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._timeline_rect().collidepoint(event.pos):
                r = self._timeline_rect()
                self.seek(round((event.pos[0] - r.x) / r.width * self.model.actions))
                return True
            if self.view.camera.contains(*event.pos):
                f = self.view.figure_under(event.pos)
                self.selected = f.id if f else None
                self.refresh()
                return True
        return False

    def update(self, dt: float) -> None:
        if self.model is None:
            if self.app.top is self and len(self.app.stack) > 1:
                self.app.pop(self)  # the note saying why is dismissed: back to where the player came from
            return
        self.view.update(dt)
        if self.playing:
            self.timer += dt
            if self.timer >= 1.0 / SPEEDS[self.speed_i]:
                self.timer = 0.0
                if self.k >= self.model.actions:
                    self.toggle_play()
                else:
                    self.forward()

    def _timeline_rect(self) -> pygame.Rect:
        br = bottom_rect(self.app.size, self.bottom_height())
        return pygame.Rect(br.x + 10, br.y + 14, br.width - 20, 22)

    def draw(self, surface) -> None:
        if self.model is None:  # the file did not open: its note says why; the words here only once it is gone
            if self.app.stack and self.app.stack[0] is self:
                surface.fill((18, 20, 24))
                if self.app.top is self:
                    surface.blit(fonts.text(self.error or "no replay", 16), (20, 20))
            return
        surface.fill((18, 20, 24))
        m = self.model
        self.view.draw(surface, self.selected, None, self.show_los)
        pygame.draw.rect(surface, (28, 30, 36), (0, 0, surface.get_width(), TOP))
        head, size = self.header_fit(self.menu.get_abs_rect().left - 20)
        y = (TOP - fonts.font(size, True).get_linesize()) // 2
        surface.blit(fonts.text(head, size, (240, 240, 240), True), (10, max(2, y)))
        self._draw_right(surface)
        self._draw_timeline(surface)
        self.reason_box = draw_hover(surface, self.view, self.log_panel, self.log_mouse, self._log_lines, m.entries,
                                     self.app.top is self)

    def _draw_right(self, surface) -> None:
        m = self.model
        rr = right_rect(self.app.size)
        pygame.draw.rect(surface, (28, 30, 36), rr)
        y = rr.y + 8
        for text, col, size, bold, h in self.panel_lines(rr.width - 20):
            surface.blit(fonts.text(text, size, col, bold), (rr.x + 10, y))
            y += h
        upto = self.k + (1 if self.j else 0)
        lines = self._log_lines = m.log.filtered(None, self.kind_filter, upto)
        self.log_panel.draw(surface, lines, lambda sd: self.app.palette.side(sd, self.view.side_order),
                            key=(upto, self.kind_filter), rewrite=self.view.namer)

    def _draw_timeline(self, surface) -> None:
        m = self.model
        br = bottom_rect(self.app.size, self.bottom_height())
        pygame.draw.rect(surface, (28, 30, 36), br)
        r = self._timeline_rect()
        pygame.draw.rect(surface, (50, 54, 64), r)
        n = max(1, m.actions)
        for turn, k in m.turn_starts():
            x = r.x + int(k / n * r.width)
            pygame.draw.line(surface, (120, 130, 150), (x, r.y), (x, r.bottom), 1)
            surface.blit(fonts.text(str(turn), 10, (170, 170, 180)), (x + 2, r.y + 4))
        if m.first_bad is not None:
            x = r.x + int(min(m.first_bad, n) / n * r.width)
            pygame.draw.rect(surface, self.app.palette.illegal, (x - 2, r.y - 3, 5, r.height + 6))
        x = r.x + int(self.k / n * r.width)
        pygame.draw.rect(surface, (240, 240, 240), (x - 3, r.y - 4, 7, r.height + 8))
        text = self.next_line()
        #: the next-action line's text and ink as drawn (tests: whole, inside the window)
        self.next_drawn = None
        if text:
            text = fonts.fit(text, 13, br.width - 20)
            pos = (br.x + 10, br.bottom - max(22, fonts.font(13).get_linesize() + 4))
            self.next_drawn = (text, fonts.text(text, 13).get_bounding_rect().move(pos))
            surface.blit(fonts.text(text, 13), pos)

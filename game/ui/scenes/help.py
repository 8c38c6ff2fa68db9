"""The key and mouse reference overlay. The keys shown are the current
bindings of the app's input map (defaults plus the settings' ``keys``)."""

from __future__ import annotations

import pygame

from game.ui import fonts
from game.ui.widgets import px
from game.ui.input_map import ACTIONS
from game.ui.render.logpanel import wrap
from game.ui.scenes.dialog import PanelScene

MOUSE = [
    "Left click your model: select it. Move the mouse: preview the move or shot there (path, cost, odds, template).",
    "Left click the table or an enemy: choose that action; click again (or the Do key): commit.",
    "Shift + left click one of your own models: aim the selected model's actions at it, where the rules allow one at a friend.",
    "Right click: cancel the choice, then the selection. Right or middle drag: pan. Wheel: zoom at the cursor.",
    "Log: the wheel scrolls; the Side and Kind buttons filter it. Replay: click the timeline to jump.",
    "Hover terrain or a model for its details.",
]

#: (title, contexts) of the key sections, in the order shown (the
#: overlay's own screen first)
SECTIONS = {
    "battle": [("Battle", ("battle",)), ("Table (battle and replay)", ("table",)), ("Replay viewer", ("replay",)),
               ("This overlay", ("help",))],
    "replay": [("Replay viewer", ("replay",)), ("Table (battle and replay)", ("table",)), ("Battle", ("battle",)),
               ("This overlay", ("help",))],
}
LINE = 13  #: key lines' font size


class HelpScene(PanelScene):
    """Keys and mouse, over the current scene."""

    name = "help"
    width = 980

    def __init__(self, context: str = "battle", ruleset=None) -> None:
        super().__init__("Keys and mouse", MOUSE + ruleset_lines(ruleset))
        self.context = context if context in SECTIONS else "battle"
        self.buttons = {"Close": self.close}
        self.columns: list[list[tuple[str, str, bool]]] = [[], []]  #: (key, label, is_title) per column
        self.line_size = LINE  #: the key lines' font size (smaller in a window too short for them)

    # -- content --------------------------------------------------------------------------------
    def key_lines(self) -> list[tuple[str, str]]:
        """(keys, what they do) of every action, as bound now (tests read this)."""
        m = self.app.input
        return [(m.label(a.name), a.label) for a in ACTIONS]

    def _layout(self) -> None:
        m = self.app.input
        blocks = []
        for title, ctx in SECTIONS[self.context]:
            rows = [("", title, True)]
            # the table camera's keys as they work on this screen: its own keys come first
            lab = (lambda name: m.label_in(name, (self.context, "table"))) if ctx == ("table",) else m.label
            rows += [(lab(a.name), a.label, False) for a in ACTIONS
                     if set(ctx) & set(a.contexts) and (ctx != ("help",) or a.name in ("close", "help"))]
            blocks.append(rows)
        # two columns: the first section(s) left, the rest right, balanced by rows
        total = sum(len(b) for b in blocks)
        left: list = []
        i = 0
        while i < len(blocks) and (not left or len(left) + len(blocks[i]) <= total / 2 + 4):
            left += blocks[i] + [("", "", False)]
            i += 1
        right = [r for b in blocks[i:] for r in b + [("", "", False)]]
        self.columns = [left, right]
        self.line_size = self._fitting_line()

    def _body_h(self, w: int) -> int:
        """The height of the mouse lines wrapped to a panel ``w`` px wide."""
        return sum(len(wrap(t, w - 40, 15)) for t in self.lines) * fonts.font(15).get_linesize()

    def _fitting_line(self) -> int:
        """The key lines' font size: ``LINE``, or smaller (down to 9) when the
        window is too short for every row at the UI scale (the last sections
        were cut at UI scale 1.5)."""
        sw, sh = self.app.size
        w = min(px(self.width), sw - 40)
        rows = max((len(c) for c in self.columns), default=0)
        room = sh - 20 - (self.head_h() + self._body_h(w) + 8 + self.button_h() + 16 + 10)
        size = LINE
        while size > 9 and rows * fonts.font(size).get_linesize() > room:
            size -= 1
        return size

    def panel_rect(self) -> pygame.Rect:
        sw, sh = self.app.size
        w = min(px(self.width), sw - 40)
        rows = max((len(c) for c in self.columns), default=0)
        h = min(sh - 20, self.head_h() + self._body_h(w) + 8 + self.button_h() + 16 + 10
                + rows * fonts.font(self.line_size).get_linesize())
        return pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)

    def enter(self) -> None:
        self._layout()
        super().enter()

    def close(self) -> None:
        self.app.pop(self)

    # -- input and drawing ----------------------------------------------------------------------
    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self.app.input.action(event, "help") in ("close", "help"):
                self.close()
            return True
        return super().handle(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        r = self.panel_rect()
        y0 = r.y + self.head_h() + sum(len(wrap(t, r.width - 40, 15)) for t in self.lines) * fonts.font(15).get_linesize() + 10
        size = self.line_size
        lh = fonts.font(size).get_linesize()
        colw = (r.width - 40) // 2
        widest = max((fonts.font(size, True).size(k)[0] for col in self.columns for k, _, t in col if k and not t), default=0)
        keyw = min(widest + 14, colw // 2)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(r.x, r.y, r.width, r.height - self.button_h() - 22))
        for ci, col in enumerate(self.columns):
            x = r.x + 20 + ci * colw
            y = y0
            for keys, label, title in col:
                if title:
                    surface.blit(fonts.text(label, size + 1, (255, 255, 255), True), (x, y))
                elif label:
                    surface.blit(fonts.text(_fit(keys, keyw - 8, size), size, (255, 226, 140), True), (x, y))
                    surface.blit(fonts.text(_fit(label, colw - keyw - 10, size), size), (x + keyw, y))
                y += lh
        surface.set_clip(clip)


def ruleset_lines(ruleset) -> list[str]:
    """The Help's section for the ruleset in play: its heading and its own
    ``help_lines`` (none for a ruleset without them, or no ruleset)."""
    lines = list(getattr(ruleset, "help_lines", ()) or ())
    if not lines:
        return []
    from game.ui.naming import ruleset_name
    return [f"{ruleset_name(ruleset)}: how a turn goes"] + lines


def _fit(text: str, width: int, size: int = LINE) -> str:
    f = fonts.font(size, True)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."

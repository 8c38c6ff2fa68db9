"""The battle log panel: filtered lines, word-wrapped, newest at the bottom,
scrolled with the wheel, and the reason an AI gave for an action shown in a
box while the mouse rests on any line of that action. Rendered to a cached
surface until the log, the filter or the scroll changes."""

from __future__ import annotations

import pygame

from game.core.logtext import reason_tip
from game.ui import fonts
from game.ui.render.tip import draw_tip

KIND_COLOURS = {"roll": (250, 220, 120), "phase": (150, 200, 255), "end": (255, 160, 160), "why": (160, 170, 185)}


def wrap(text: str, width_px: int, size: int = 13) -> list[str]:
    """Split ``text`` into lines no wider than ``width_px``."""
    return fonts.wrap_with(fonts.font(size), text, width_px)


class LogPanel:
    """Draws log lines into ``rect``; ``scroll`` counts lines up from the end."""

    def __init__(self, rect: pygame.Rect, turn_word: str = "Turn") -> None:
        """``turn_word``: the ruleset's word for a turn (its ``turn_word``,
        Battlesystem's "Round"); each line starts with its initial and the
        turn's number ("T3", "R3"), as the header counts them."""
        self.rect = pygame.Rect(rect)
        self.turn_letter = (turn_word or "Turn")[0].upper()
        self.scroll = 0
        self._key = None
        self._surf: pygame.Surface | None = None
        self._rows: list[tuple[int, int, object]] = []  #: (top, bottom, LogLine) of each drawn row, panel pixels

    def handle_wheel(self, event) -> bool:
        """Scroll on the wheel over the panel."""
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + event.y * 3)
            return True
        return False

    def draw(self, surface: pygame.Surface, lines, side_colour=lambda s: (230, 230, 230), key=None, rewrite=None) -> None:
        """Draw ``lines`` (LogLine) bottom-aligned; ``rewrite`` (the app's
        namer) turns the ids a line holds into names."""
        k = (key, self.scroll, tuple(self.rect), len(lines), id(rewrite))
        if k != self._key or self._surf is None:
            self._surf = self._render(lines, side_colour, rewrite or (lambda t: t))
            self._key = k
        surface.blit(self._surf, self.rect.topleft)

    def _render(self, lines, side_colour, rewrite) -> pygame.Surface:
        s = pygame.Surface(self.rect.size)
        s.fill((24, 26, 31))
        lh = fonts.font(13).get_linesize()
        rows: list[tuple] = []
        room = self.rect.width - 14 - fonts.font(13).size("   ")[0]  # a line's continuation is indented
        for ln in lines[-400:]:
            col = KIND_COLOURS.get(ln.kind, (225, 225, 220))
            for i, part in enumerate(wrap(f"{self.turn_letter}{ln.turn} {rewrite(ln.text)}", room)):
                rows.append((part if i == 0 else "   " + part, col, ln.side if i == 0 else None, ln))
        visible = max(1, (self.rect.height - 6) // lh)
        self.scroll = min(self.scroll, max(0, len(rows) - visible))
        end = len(rows) - self.scroll
        y = 4
        self._rows = []
        #: the rows' texts as drawn, each starting 9 px in (tests: none runs past the panel)
        self.row_texts = []
        for text, col, side, ln in rows[max(0, end - visible):end]:
            self._rows.append((y, y + lh, ln))
            self.row_texts.append(text)
            if side:
                pygame.draw.rect(s, side_colour(side), pygame.Rect(2, y + 3, 4, lh - 6))
            s.blit(fonts.text(text, 13, col), (9, y))
            y += lh
        pygame.draw.rect(s, (70, 76, 90), s.get_rect(), 1)
        return s

    def line_at(self, pos: tuple[int, int]):
        """The LogLine drawn under window point ``pos`` (None off the panel or its lines)."""
        if not self.rect.collidepoint(pos):
            return None
        y = pos[1] - self.rect.y
        return next((ln for top, bottom, ln in self._rows if top <= y < bottom), None)

    def draw_reason(self, surface: pygame.Surface, mouse: tuple[int, int], lines, reason_of, sides=None) -> pygame.Rect | None:
        """While ``mouse`` rests on a line of an action whose reason line is
        among ``lines`` (the lines this viewer may read), the box with the
        reason ``reason_of(action index)`` gave (game.core.logtext.reason_tip),
        sides named by ``sides`` (side id -> name). Returns the box drawn, or None."""
        ln = self.line_at(mouse)
        if ln is None or not any(x.kind == "why" and x.action == ln.action for x in lines):
            return None
        return draw_tip(surface, reason_tip(reason_of(ln.action), sides), mouse, max_width=360)


def draw_hover(surface: pygame.Surface, view, panel: LogPanel, mouse: tuple[int, int], lines, entries,
               on_top: bool) -> pygame.Rect | None:
    """The hover boxes of a battle screen, drawn last: the table's tooltip
    (``view``: a TableView) and the reason box over the log ``panel``
    (``entries``: the history, for the reasons). None of either while
    another scene lies over this one (``on_top`` False: a dialog, the
    summary). Returns the reason box drawn, if any."""
    if not on_top:
        view.tip_rect = None
        return None
    view.draw_tooltip(surface)
    return panel.draw_reason(surface, mouse, lines, lambda i: entries[i].reason if i < len(entries) else None,
                             getattr(view, "side_names", None))

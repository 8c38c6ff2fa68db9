"""Screen layout shared by the battle scene and the replay viewer."""

from __future__ import annotations

import pygame

TOP = 40
RIGHT = 380
BOTTOM = 110
#: the battle scene's bottom bar: selection, action buttons, and up to five
#: lines of what the previewed action would do
BATTLE_BOTTOM = 156


def table_rect(size, bottom: int = BOTTOM, top: int = TOP, right: int = RIGHT) -> pygame.Rect:
    """Where the table is drawn (``bottom``, ``top``: the heights of the bottom and top bars;
    ``right``: the side panel's width)."""
    w, h = size
    return pygame.Rect(0, top, w - right, h - top - bottom)


def right_rect(size, top: int = TOP, right: int = RIGHT) -> pygame.Rect:
    """The side panel (objectives and log), ``right`` px wide below a top bar ``top`` px high."""
    w, h = size
    return pygame.Rect(w - right, top, right, h - top)


def toolbar(widths: list[int], right: int, min_left: int, y: int = 4, height: int = 32,
            gap: int = 4, wrap_left: int = 10) -> tuple[list[pygame.Rect], int]:
    """Buttons ``widths`` px wide laid out right-aligned against ``right``, in
    rows that never reach left of ``min_left`` (the first row, beside a
    header) or ``wrap_left`` (the rows below): a button that would wraps onto
    the next row, the last buttons staying in the first. Returns their rects,
    in the order given, and the bar's height (``TOP`` for one row)."""
    rows: list[list[int]] = [[]]
    x = right
    for i in reversed(range(len(widths))):
        if x - widths[i] < (min_left if len(rows) == 1 else wrap_left) and rows[-1]:
            rows.append([])
            x = right
        rows[-1].append(i)
        x -= widths[i] + gap
    rects: list = [None] * len(widths)
    for r, row in enumerate(rows):
        x = right
        for i in row:
            x -= widths[i]
            rects[i] = pygame.Rect(x, y + r * (height + gap), widths[i], height)
            x -= gap
    return rects, max(TOP, y + len(rows) * (height + gap) + gap)


def bottom_rect(size, bottom: int = BOTTOM, right: int = RIGHT) -> pygame.Rect:
    """The action bar / replay controls (``bottom`` px high, left of a side panel ``right`` px wide)."""
    w, h = size
    return pygame.Rect(0, h - bottom, w - right, bottom)


def flow(widths: list[int], left: int, right: int, y: int, height: int, gap: int = 4) -> tuple[list[pygame.Rect], int]:
    """Buttons ``widths`` px wide laid out left to right from ``left``, a
    button that would pass ``right`` starting the next row (``gap`` px
    apart). Returns their rects, in the order given, and the bottom of the
    last row."""
    rects, x = [], left
    for wd in widths:
        if x + wd > right and x > left:
            x, y = left, y + height + gap
        rects.append(pygame.Rect(x, y, wd, height))
        x += wd + gap
    return rects, y + height


def kind_button_width(ruleset, size: int = 14) -> int:
    """The width in px of a log's "Kind:" filter button that shows every kind
    of ``ruleset`` whole (:func:`game.core.logtext.kind_label`, in ``size`` pt
    text, with the button's 12 px of margin and a little air)."""
    from game.core.logtext import CORE_KINDS, kind_label
    from game.ui import fonts
    labels = [kind_label(ruleset, k) for k in (*getattr(ruleset, "log_kinds", {}), *CORE_KINDS)]
    return max(fonts.font(size).size(f"Kind: {t}")[0] for t in labels) + 16

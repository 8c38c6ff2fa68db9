"""Screen layout shared by the battle scene and the replay viewer."""

from __future__ import annotations

import pygame

TOP = 40
RIGHT = 380
BOTTOM = 110
#: the battle scene's bottom bar: selection, action buttons, and up to five
#: lines of what the previewed action would do
BATTLE_BOTTOM = 156


def table_rect(size, bottom: int = BOTTOM) -> pygame.Rect:
    """Where the table is drawn (``bottom``: the height of the bottom bar)."""
    w, h = size
    return pygame.Rect(0, TOP, w - RIGHT, h - TOP - bottom)


def right_rect(size) -> pygame.Rect:
    """The side panel (objectives and log)."""
    w, h = size
    return pygame.Rect(w - RIGHT, TOP, RIGHT, h - TOP)


def bottom_rect(size, bottom: int = BOTTOM) -> pygame.Rect:
    """The action bar / replay controls (``bottom`` px high)."""
    w, h = size
    return pygame.Rect(0, h - bottom, w - RIGHT, bottom)

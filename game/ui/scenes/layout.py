"""Screen layout shared by the battle scene and the replay viewer."""

from __future__ import annotations

import pygame

TOP = 40
RIGHT = 380
BOTTOM = 110


def table_rect(size) -> pygame.Rect:
    """Where the table is drawn."""
    w, h = size
    return pygame.Rect(0, TOP, w - RIGHT, h - TOP - BOTTOM)


def right_rect(size) -> pygame.Rect:
    """The side panel (objectives and log)."""
    w, h = size
    return pygame.Rect(w - RIGHT, TOP, RIGHT, h - TOP)


def bottom_rect(size) -> pygame.Rect:
    """The action bar / replay controls."""
    w, h = size
    return pygame.Rect(0, h - BOTTOM, w - RIGHT, BOTTOM)

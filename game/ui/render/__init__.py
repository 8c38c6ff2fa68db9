"""Drawing layers: terrain (cached per zoom), figures, markers, overlays."""

from __future__ import annotations

from functools import lru_cache

import pygame


@lru_cache(maxsize=32)
def tint(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent surface of ``size`` filled with ``rgba``, made once per
    size and colour (for dimming a screen or backing a label; blit it, never
    draw on it)."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill(rgba)
    return s

"""Fonts, loaded once per size (pygame_gui's bundled Noto Sans if present)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

_SCALE = [1.0]


def set_ui_scale(scale: float) -> None:
    """Scale every font size asked for from now on."""
    _SCALE[0] = float(scale)
    font.cache_clear()
    text.cache_clear()


def _font_path(bold: bool) -> str | None:
    try:
        import pygame_gui

        p = Path(pygame_gui.__file__).parent / "data" / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
        return str(p) if p.exists() else None
    except ImportError:  # pragma: no cover
        return None


@lru_cache(maxsize=32)
def font(size: int = 14, bold: bool = False) -> pygame.font.Font:
    """A font of ``size`` px (scaled by the UI scale)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(_font_path(bold), max(6, int(size * _SCALE[0])))


@lru_cache(maxsize=4096)
def text(s: str, size: int = 14, colour=(235, 235, 230), bold: bool = False) -> pygame.Surface:
    """A rendered, cached line of text."""
    return font(size, bold).render(s, True, colour)

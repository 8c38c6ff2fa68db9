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
    """pygame_gui's bundled Noto Sans, found without importing pygame_gui
    (the first frame is drawn before the widgets are needed)."""
    import importlib.util

    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or not spec.origin:  # pragma: no cover
        return None
    p = Path(spec.origin).parent / "data" / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
    return str(p) if p.exists() else None


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


def fit(s: str, size: int, width: int, bold: bool = False) -> str:
    """``s`` cut with an ellipsis to fit ``width`` px in ``font(size, bold)``."""
    f = font(size, bold)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s.rstrip() + "...")[0] > width:
        s = s[:-1]
    return s.rstrip() + "..."


def wrap_with(f, text: str, width: int) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` px wide in the
    pygame font ``f``; a word longer than a line is cut. Always one line at least."""
    out: list[str] = []
    line = ""
    for word in text.split():
        cand = f"{line} {word}" if line else word
        if f.size(cand)[0] <= width:
            line = cand
            continue
        if line:
            out.append(line)
        while f.size(word)[0] > width and len(word) > 1:
            k = len(word)
            while k > 1 and f.size(word[:k])[0] > width:
                k -= 1
            out.append(word[:k])
            word = word[k:]
        line = word
    if line or not out:
        out.append(line)
    return out


def wrap_lines(s: str, size: int, width: int, max_lines: int | None = None, bold: bool = False) -> list[str]:
    """``s`` broken at spaces into lines at most ``width`` px wide (an over-long
    word is cut); at most ``max_lines`` lines, the last ending in "..." when
    text was left out."""
    f = font(size, bold)
    out = wrap_with(f, s, width)
    if max_lines is not None and len(out) > max(1, max_lines):
        n = max(1, max_lines)
        out = out[:n - 1] + [fit(out[n - 1] + " " + " ".join(out[n:]) + "  ", size, width, bold)]
        if not out[-1].endswith("..."):
            out[-1] = fit(out[-1] + " ...", size, width, bold)
    return out

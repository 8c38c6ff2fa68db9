"""Status icons drawn by code: one small square glyph per marker of the
vocabulary (:mod:`game.ui.marker_vocab`), on a dark disc so it reads over
any terrain, with its number where it has one (wounds, blast markers,
shields). Made once per glyph, text and size, then blitted.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import fonts
from game.ui.marker_vocab import icon_of, ordered

BACK = (18, 20, 26, 225)
RIM = (200, 204, 214, 255)

RED = (236, 72, 60)
AMBER = (250, 196, 60)
ORANGE = (255, 140, 40)
CYAN = (90, 200, 255)
GREEN = (120, 220, 110)
WHITE = (240, 240, 240)
GREY = (170, 170, 176)
VIOLET = (200, 140, 255)


def _pt(sz: int, x: float, y: float) -> tuple[float, float]:
    """A point of the unit square (0..1) in an icon of ``sz`` px."""
    return (x * (sz - 1), y * (sz - 1))


def _lines(s, col, sz, pts, w=None, closed=False) -> None:
    pygame.draw.lines(s, col, closed, [_pt(sz, *p) for p in pts], w or max(1, sz // 7))


def _poly(s, col, sz, pts) -> None:
    pygame.draw.polygon(s, col, [_pt(sz, *p) for p in pts])


def _g_drop(s, sz):
    _poly(s, RED, sz, [(0.5, 0.12), (0.74, 0.5), (0.7, 0.72), (0.5, 0.86), (0.3, 0.72), (0.26, 0.5)])


def _g_cross(s, sz):
    _lines(s, RED, sz, [(0.25, 0.25), (0.75, 0.75)], max(2, sz // 5))
    _lines(s, RED, sz, [(0.75, 0.25), (0.25, 0.75)], max(2, sz // 5))


def _g_chevrons(s, sz):
    for y in (0.22, 0.48):
        _lines(s, AMBER, sz, [(0.25, y), (0.5, y + 0.24), (0.75, y)], max(1, sz // 6))


def _g_pin(s, sz):
    pygame.draw.circle(s, AMBER, _pt(sz, 0.5, 0.35), max(2, sz // 5))
    _lines(s, AMBER, sz, [(0.5, 0.45), (0.5, 0.85)], max(1, sz // 7))


def _g_prone(s, sz):
    pygame.draw.circle(s, WHITE, _pt(sz, 0.24, 0.55), max(1, sz // 7))
    _lines(s, WHITE, sz, [(0.36, 0.58), (0.82, 0.58)], max(2, sz // 6))


def _g_lane(s, sz):
    for y in (0.3, 0.5, 0.7):
        _lines(s, ORANGE, sz, [(0.2, y), (0.8, y)], max(1, sz // 9))
    _poly(s, ORANGE, sz, [(0.7, 0.2), (0.88, 0.5), (0.7, 0.8)])


def _g_warning(s, sz):
    _poly(s, AMBER, sz, [(0.5, 0.14), (0.86, 0.82), (0.14, 0.82)])
    _lines(s, BACK, sz, [(0.5, 0.38), (0.5, 0.6)], max(1, sz // 8))


def _g_stars(s, sz):
    for cx, cy, r in ((0.32, 0.38, 0.16), (0.66, 0.62, 0.16)):
        pts = []
        for k in range(10):
            a = math.pi / 2 + k * math.pi / 5
            rr = r if k % 2 == 0 else r * 0.45
            pts.append((cx + math.cos(a) * rr, cy - math.sin(a) * rr))
        _poly(s, AMBER, sz, pts)


def _g_check(s, sz):
    _lines(s, GREY, sz, [(0.22, 0.52), (0.42, 0.72), (0.78, 0.3)], max(2, sz // 6))


def _g_pips(s, sz):
    pass  # the number is the content (orders left)


def _g_boot(s, sz):
    _poly(s, WHITE, sz, [(0.3, 0.2), (0.5, 0.2), (0.5, 0.6), (0.8, 0.66), (0.8, 0.8), (0.3, 0.8)])


def _g_vehicle(s, sz):
    pygame.draw.rect(s, WHITE, pygame.Rect(_pt(sz, 0.15, 0.35), (0.7 * sz, 0.3 * sz)), border_radius=max(1, sz // 8))
    for x in (0.3, 0.7):
        pygame.draw.circle(s, WHITE, _pt(sz, x, 0.72), max(1, sz // 8))


def _g_ladder(s, sz):
    _lines(s, WHITE, sz, [(0.32, 0.15), (0.32, 0.85)])
    _lines(s, WHITE, sz, [(0.68, 0.15), (0.68, 0.85)])
    for y in (0.3, 0.5, 0.7):
        _lines(s, WHITE, sz, [(0.32, y), (0.68, y)], max(1, sz // 10))


def _g_carry(s, sz):
    _lines(s, GREEN, sz, [(0.2, 0.6), (0.8, 0.6)], max(2, sz // 6))
    _poly(s, GREEN, sz, [(0.5, 0.2), (0.75, 0.5), (0.25, 0.5)])


def _g_lifted(s, sz):
    _poly(s, GREEN, sz, [(0.5, 0.18), (0.8, 0.55), (0.2, 0.55)])
    _lines(s, GREEN, sz, [(0.5, 0.5), (0.5, 0.84)], max(2, sz // 6))


def _g_swords(s, sz):
    for a, b in (((0.2, 0.2), (0.8, 0.8)), ((0.8, 0.2), (0.2, 0.8))):
        _lines(s, RED, sz, [a, b], max(1, sz // 7))
    _lines(s, WHITE, sz, [(0.55, 0.78), (0.78, 0.55)], max(1, sz // 8))
    _lines(s, WHITE, sz, [(0.45, 0.78), (0.22, 0.55)], max(1, sz // 8))


def _g_eye(s, sz):
    pygame.draw.ellipse(s, WHITE, pygame.Rect(_pt(sz, 0.12, 0.3), (0.76 * sz, 0.4 * sz)), max(1, sz // 8))
    pygame.draw.circle(s, WHITE, _pt(sz, 0.5, 0.5), max(1, sz // 7))


def _g_flag(s, sz):
    _lines(s, WHITE, sz, [(0.28, 0.15), (0.28, 0.88)])
    _poly(s, WHITE, sz, [(0.3, 0.16), (0.8, 0.3), (0.3, 0.48)])


def _g_burst(s, sz):
    pts = []
    for k in range(16):
        a = k * math.pi / 8
        rr = 0.42 if k % 2 == 0 else 0.22
        pts.append((0.5 + math.cos(a) * rr, 0.5 + math.sin(a) * rr))
    _poly(s, ORANGE, sz, pts)


def _g_hull(s, sz):
    _poly(s, GREEN, sz, [(0.15, 0.5), (0.35, 0.25), (0.85, 0.32), (0.85, 0.68), (0.35, 0.75)])


def _g_stop(s, sz):
    pygame.draw.rect(s, AMBER, pygame.Rect(_pt(sz, 0.26, 0.26), (0.48 * sz, 0.48 * sz)))


def _g_person(s, sz):
    pygame.draw.circle(s, WHITE, _pt(sz, 0.5, 0.3), max(1, sz // 7))
    _poly(s, WHITE, sz, [(0.28, 0.85), (0.34, 0.48), (0.66, 0.48), (0.72, 0.85)])


def _g_shield(s, sz):
    _poly(s, CYAN, sz, [(0.5, 0.12), (0.84, 0.24), (0.78, 0.6), (0.5, 0.88), (0.22, 0.6), (0.16, 0.24)])


def _g_diamond(s, sz):
    _poly(s, VIOLET, sz, [(0.5, 0.12), (0.85, 0.5), (0.5, 0.88), (0.15, 0.5)])


def _g_crack(s, sz):
    _lines(s, RED, sz, [(0.55, 0.1), (0.35, 0.42), (0.62, 0.55), (0.4, 0.9)], max(2, sz // 6))


def _g_brace(s, sz):
    _g_shield(s, sz)
    _lines(s, BACK, sz, [(0.5, 0.28), (0.5, 0.72)], max(1, sz // 7))
    _lines(s, BACK, sz, [(0.3, 0.45), (0.7, 0.45)], max(1, sz // 7))


def _g_orbit(s, sz):
    pygame.draw.circle(s, CYAN, _pt(sz, 0.5, 0.5), max(2, sz // 5))
    pygame.draw.ellipse(s, WHITE, pygame.Rect(_pt(sz, 0.08, 0.35), (0.84 * sz, 0.3 * sz)), 1)


def _g_bolt(s, sz):
    _poly(s, AMBER, sz, [(0.58, 0.1), (0.28, 0.55), (0.48, 0.55), (0.4, 0.9), (0.72, 0.42), (0.52, 0.42)])


def _g_target(s, sz):
    pygame.draw.circle(s, RED, _pt(sz, 0.5, 0.5), max(2, int(sz * 0.32)), max(1, sz // 8))
    for a, b in (((0.5, 0.08), (0.5, 0.3)), ((0.5, 0.7), (0.5, 0.92)), ((0.08, 0.5), (0.3, 0.5)), ((0.7, 0.5), (0.92, 0.5))):
        _lines(s, RED, sz, [a, b], max(1, sz // 9))


def _g_skull(s, sz):
    pygame.draw.circle(s, GREY, _pt(sz, 0.5, 0.42), max(2, int(sz * 0.3)))
    pygame.draw.rect(s, GREY, pygame.Rect(_pt(sz, 0.34, 0.6), (0.32 * sz, 0.22 * sz)))
    for x in (0.38, 0.62):
        pygame.draw.circle(s, BACK, _pt(sz, x, 0.42), max(1, sz // 9))


def _g_flame(s, sz):
    _poly(s, ORANGE, sz, [(0.5, 0.1), (0.74, 0.45), (0.72, 0.7), (0.5, 0.9), (0.28, 0.7), (0.3, 0.45), (0.42, 0.5)])
    _poly(s, AMBER, sz, [(0.5, 0.45), (0.62, 0.66), (0.5, 0.82), (0.38, 0.66)])


def _g_turn(s, sz):
    r = pygame.Rect(_pt(sz, 0.2, 0.25), (0.6 * sz, 0.7 * sz))
    pygame.draw.arc(s, CYAN, r, math.radians(0), math.radians(180), max(1, sz // 7))
    _poly(s, CYAN, sz, [(0.68, 0.58), (0.92, 0.58), (0.8, 0.8)])


def _g_ahead(s, sz):
    for x in (0.2, 0.46):
        _lines(s, CYAN, sz, [(x, 0.22), (x + 0.26, 0.5), (x, 0.78)], max(1, sz // 6))


def _g_retro(s, sz):
    for x in (0.8, 0.54):
        _lines(s, CYAN, sz, [(x, 0.22), (x - 0.26, 0.5), (x, 0.78)], max(1, sz // 6))


def _g_reload(s, sz):
    r = pygame.Rect(_pt(sz, 0.18, 0.18), (0.64 * sz, 0.64 * sz))
    pygame.draw.arc(s, CYAN, r, math.radians(30), math.radians(330), max(1, sz // 7))
    _poly(s, CYAN, sz, [(0.74, 0.12), (0.9, 0.36), (0.62, 0.36)])


def _g_order(s, sz):
    pass  # the order's initials are the content


def _g_chip(s, sz):
    pass


GLYPHS = {name[3:]: fn for name, fn in globals().items() if name.startswith("_g_")}


@lru_cache(maxsize=2048)
def icon(glyph: str, text: str, size: int, _scale: float = 1.0) -> pygame.Surface:
    """One icon ``size`` px high: the glyph on a dark disc (a dark rounded
    pill when it carries text), its ``text`` (a number) at the lower right."""
    size = max(7, int(size))
    fn = GLYPHS.get(glyph, _g_chip)
    if glyph in ("chip", "order", "pips") and text:
        t = fonts.text(text, max(7, int(size * 0.72)), WHITE if glyph != "pips" else GREEN, True)
        w = max(size, t.get_width() + 6)
        s = pygame.Surface((w, size), pygame.SRCALPHA)
        pygame.draw.rect(s, BACK, s.get_rect(), border_radius=size // 2)
        pygame.draw.rect(s, (120, 170, 220, 255) if glyph == "order" else RIM, s.get_rect(), 1, border_radius=size // 2)
        s.blit(t, ((w - t.get_width()) // 2, (size - t.get_height()) // 2))
        return s
    g = pygame.Surface((size, size), pygame.SRCALPHA)
    fn(g, size)
    if not text:
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(s, BACK, (size / 2, size / 2), size / 2)
        s.blit(g, (0, 0))
        return s
    t = fonts.text(text, max(7, int(size * 0.62)), WHITE, True)
    w = size + t.get_width() + 2
    s = pygame.Surface((w, size), pygame.SRCALPHA)
    pygame.draw.rect(s, BACK, s.get_rect(), border_radius=size // 2)
    s.blit(g, (0, 0))
    s.blit(t, (size, (size - t.get_height()) // 2))
    return s


def icon_row(markers, size: int, max_icons: int | None = None, minor: bool = True) -> pygame.Surface | None:
    """The icons of ``markers`` side by side, most important first (at most
    ``max_icons``; a "+n" pill for the rest; without ``minor`` only the
    noteworthy ones). None when no marker has one."""
    ms = ordered(markers, minor)
    if not ms:
        return None
    return _row(tuple(ms), int(size), max_icons, fonts._SCALE[0])


@lru_cache(maxsize=2048)
def _row(ms: tuple, size: int, max_icons, _scale: float) -> pygame.Surface:
    shown = ms if max_icons is None or len(ms) <= max_icons else ms[:max(1, max_icons - 1)]
    surfs = [icon(*icon_of(m), size, _scale) for m in shown]
    if len(shown) < len(ms):
        surfs.append(icon("chip", f"+{len(ms) - len(shown)}", size, _scale))
    w = sum(s.get_width() for s in surfs) + (len(surfs) - 1)
    row = pygame.Surface((w, size), pygame.SRCALPHA)
    x = 0
    for s in surfs:
        row.blit(s, (x, 0))
        x += s.get_width() + 1
    return row

"""Colours: the default palette and a colour-blind-safe one (Okabe-Ito).

Everything that draws asks :func:`palette` for colours, so switching the
setting recolours sides, terrain and sight lines at once.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """Named colours for one look."""

    name: str
    background: Colour
    table: Colour
    grid: Colour
    sides: tuple[Colour, ...]
    clear: Colour  #: sight line fully clear
    partial: Colour  #: sight line partly blocked
    blocked: Colour  #: sight line blocked
    visibility: Colour  #: visibility polygon fill
    select: Colour
    legal: Colour
    illegal: Colour
    template: Colour
    arc: Colour
    text: Colour = (235, 235, 230)
    panel: Colour = (28, 30, 36)
    kinds: dict[str, Colour] = field(default_factory=dict)

    def side(self, side: str | None, order: list[str] | tuple[str, ...] = ()) -> Colour:
        """The colour of ``side`` (by seating order, else by name)."""
        if side is None:
            return (200, 200, 200)
        if side in order:
            return self.sides[list(order).index(side) % len(self.sides)]
        return self.sides[int(hashlib.md5(side.encode()).hexdigest(), 16) % len(self.sides)]

    def kind(self, kind: str) -> Colour:
        """The base colour of a terrain kind (unknown kinds get a stable muted hue)."""
        if kind in self.kinds:
            return self.kinds[kind]
        h = int(hashlib.md5(kind.encode()).hexdigest(), 16)
        return (90 + h % 70, 90 + (h >> 8) % 70, 90 + (h >> 16) % 70)


_KINDS = {
    "building": (128, 110, 96), "ruin": (120, 104, 92), "ruins": (120, 104, 92), "wall": (92, 92, 98),
    "woods": (58, 104, 62), "wood": (58, 104, 62), "forest": (58, 104, 62), "hill": (142, 128, 86),
    "rocks": (110, 108, 104), "rock": (110, 108, 104), "convex": (118, 112, 100), "concave": (72, 110, 74),
    "water": (60, 96, 140), "river": (60, 96, 140), "crater": (96, 84, 72), "asteroid_field": (104, 98, 110),
    "asteroid": (104, 98, 110), "planet": (70, 110, 150), "nebula": (110, 80, 140), "debris": (100, 100, 100),
    "container": (140, 96, 70), "barricade": (110, 100, 80), "hedge": (70, 120, 60), "fence": (120, 110, 90),
}

DEFAULT = Palette(
    name="default", background=(18, 20, 24), table=(74, 86, 66), grid=(84, 96, 76),
    sides=((214, 72, 60), (66, 120, 220), (236, 196, 60), (150, 90, 200), (60, 190, 170)),
    clear=(80, 220, 90), partial=(240, 200, 50), blocked=(230, 60, 50), visibility=(255, 250, 200),
    select=(255, 255, 255), legal=(110, 230, 120), illegal=(240, 80, 70), template=(255, 140, 40),
    arc=(120, 200, 255), kinds=_KINDS,
)

COLOUR_BLIND = Palette(
    name="colour-blind", background=(18, 20, 24), table=(78, 80, 74), grid=(90, 92, 86),
    sides=((230, 159, 0), (86, 180, 233), (204, 121, 167), (240, 228, 66), (0, 158, 115)),
    clear=(0, 114, 178), partial=(240, 228, 66), blocked=(213, 94, 0), visibility=(255, 255, 255),
    select=(255, 255, 255), legal=(0, 158, 115), illegal=(213, 94, 0), template=(204, 121, 167),
    arc=(86, 180, 233), kinds=_KINDS,
)

PALETTES = {p.name: p for p in (DEFAULT, COLOUR_BLIND)}


def palette(name: str = "default") -> Palette:
    """The palette called ``name`` (the default one for unknown names)."""
    return PALETTES.get(name, DEFAULT)


def shade(c: Colour, k: float) -> Colour:
    """``c`` lightened (k > 0) or darkened (k < 0) by fraction ``k``."""
    if k >= 0:
        return tuple(int(v + (255 - v) * min(k, 1.0)) for v in c)  # type: ignore[return-value]
    return tuple(int(v * (1 + max(k, -1.0))) for v in c)  # type: ignore[return-value]

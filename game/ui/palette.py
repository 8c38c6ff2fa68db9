"""Colours: the default palette and a colour-blind-safe one (Okabe-Ito).

Everything that draws asks :func:`palette` for colours, so switching the
setting recolours sides, the table and sight lines at once (terrain kinds
take their colours and patterns from the style sheets, :mod:`game.ui.style`).

Side colours come from :class:`SideColours`: each side on a table takes the
next unused colour of a fixed list, in the order of ``state.sides`` then any
other side names (figures, markers, zones) sorted, so no two sides share a
colour. Both palettes' side hues are colour-blind safe (Paul Tol's "bright"
set and Okabe-Ito); neutral sides (civilians, hostages, vehicles) take muted
greys and tans instead.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

Colour = tuple[int, int, int]

#: muted greys and tans for neutral sides (light enough to stand off the table)
NEUTRALS: tuple[Colour, ...] = ((196, 196, 196), (204, 182, 138), (142, 154, 168), (236, 226, 204), (160, 138, 118))


@dataclass(frozen=True)
class Palette:
    """Named colours for one look."""

    name: str
    background: Colour
    table: Colour
    grid: Colour
    sides: tuple[Colour, ...]  #: hues for the fighting sides, in order of use
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
    neutrals: tuple[Colour, ...] = NEUTRALS  #: muted colours for neutral sides
    title: str = ""  #: what the settings call it (``name`` is what settings.json stores)

    def for_table(self, style: str) -> "Palette":
        """This palette for a table of ``style`` (see :func:`table_style`):
        ``"space"`` swaps the ground-green table for near-black space."""
        if style == "space" and self.table != SPACE_TABLE:
            return dataclasses.replace(self, table=SPACE_TABLE, grid=SPACE_GRID)
        return self

    def side(self, side: str | None, order=()) -> Colour:
        """The colour of ``side``: from a :class:`SideColours` given as
        ``order``, else by its place among ``order`` (the sides listed first,
        then any other asked for, in the order asked)."""
        if side is None:
            return (200, 200, 200)
        if isinstance(order, SideColours):
            return order(side)
        return SideColours(self, list(order) + ([] if side in order else [side]))(side)


STYLES = ("friendly", "hostile", "neutral")


class SideColours:
    """The colour of every side on one table, all different.

    Args:
        palette: the :class:`Palette`.
        sides: ``state.sides`` (seating order): these take colours first.
        others: any other side names (non-playable sides, display-only sides
            such as ``vehicles``); they follow in sorted order.
        style: ``side -> "friendly" | "hostile" | "neutral"`` (a ruleset's
            ``side_style``); without it a side is neutral unless in ``sides``.

    Friendly and hostile sides take the palette's side hues, neutral ones its
    muted ``neutrals``; when a list runs out the other one is used, then
    lighter and darker shades, so colours never repeat. A side first seen
    later (``add`` or a call) takes the next unused colour; no side changes
    colour.
    """

    def __init__(self, palette: "Palette", sides=(), others=(), style=None) -> None:
        self.palette = palette
        self.sides = list(dict.fromkeys(s for s in sides if s))
        self.style_hook = style
        self.colours: dict[str, Colour] = {}
        self.styles: dict[str, str] = {}
        self.add(self.sides, sort=False)
        self.add(others)

    def style(self, side: str) -> str:
        """``friendly`` | ``hostile`` | ``neutral`` (the hook's, else by ``sides``)."""
        if side in self.styles:
            return self.styles[side]
        got = None
        if self.style_hook is not None:
            try:
                got = self.style_hook(side)
            except Exception:  # noqa: BLE001 - a display hook never breaks drawing
                got = None
        if got not in STYLES:
            got = "friendly" if side in self.sides else "neutral"
        return got

    def add(self, names, sort: bool = True) -> None:
        """Give colours to the sides among ``names`` not coloured yet
        (sorted, unless ``sort`` is False)."""
        new = [n for n in dict.fromkeys(names) if n and n not in self.colours]
        for side in (sorted(new) if sort else new):
            st = self.style(side)
            self.styles[side] = st
            self.colours[side] = self._next(st)

    def _next(self, style: str) -> Colour:
        used = set(self.colours.values())
        pal = self.palette
        first, second = (pal.neutrals, pal.sides) if style == "neutral" else (pal.sides, pal.neutrals)
        for c in (*first, *second):
            if c not in used:
                return c
        for k in (0.35, -0.35, 0.6, -0.55, 0.15, -0.15, 0.8, -0.7):
            for base in (*first, *second):
                c = shade(base, k)
                if c not in used:
                    return c
        h = len(used)  # pragma: no cover - more than ~100 sides
        while True:
            c = (40 + (h * 67) % 200, 40 + (h * 131) % 200, 40 + (h * 197) % 200)
            if c not in used:
                return c
            h += 1

    def __call__(self, side: str | None) -> Colour:
        """The colour of ``side`` (None: light grey)."""
        if side is None:
            return (200, 200, 200)
        if side not in self.colours:
            self.add([side])
        return self.colours[side]

    def recoloured(self, palette: "Palette") -> "SideColours":
        """The same sides, in the same order, in another palette."""
        out = SideColours(palette, self.sides, (), self.style_hook)
        out.add(list(self.colours), sort=False)
        return out


#: near-black table and faint grid for space battles
SPACE_TABLE: Colour = (8, 10, 18)
SPACE_GRID: Colour = (24, 28, 44)
#: map feature / terrain kinds that only occur in space
SPACE_KINDS = frozenset({"planet", "moon", "asteroid_field", "asteroid", "gas_cloud", "nebula", "warp_rift",
                         "blackhole", "black_hole", "sun", "star", "dust_cloud", "ion_storm", "radiation_cloud"})


def table_style(map_file=None, pieces=(), ruleset=None) -> str:
    """``"space"`` or ``"ground"``: the ruleset's optional ``table_style``
    attribute (``ruleset`` given, else the map's ``ruleset`` id looked up),
    else ``"space"`` when the map's features or the terrain include a space
    kind (planet, asteroid field, ...)."""
    rs = ruleset
    if rs is None and map_file is not None and getattr(map_file, "ruleset", None):
        try:
            from game import rulesets

            rs = rulesets.get(map_file.ruleset)
        except Exception:  # noqa: BLE001 - unknown ruleset: judge by the map
            rs = None
    style = getattr(rs, "table_style", None) if rs is not None else None
    if isinstance(style, str) and style:
        return style
    kinds = {getattr(p, "kind", None) for p in pieces}
    if map_file is not None:
        kinds |= {getattr(f, "kind", None) for f in getattr(map_file, "features", ()) or ()}
        kinds |= {getattr(t, "kind", None) for t in getattr(map_file, "terrain", ()) or ()}
    return "space" if kinds & SPACE_KINDS else "ground"


DEFAULT = Palette(
    name="default", background=(18, 20, 24), table=(74, 86, 66), grid=(84, 96, 76),
    # Paul Tol's "bright" scheme (colour-blind safe), red and blue first
    sides=((238, 102, 119), (68, 119, 170), (204, 187, 68), (170, 51, 119), (102, 204, 238), (34, 136, 51)),
    clear=(80, 220, 90), partial=(240, 200, 50), blocked=(230, 60, 50), visibility=(255, 250, 200),
    select=(255, 255, 255), legal=(110, 230, 120), illegal=(240, 80, 70), template=(255, 140, 40),
    arc=(120, 200, 255), title="Standard",
)

COLOUR_BLIND = Palette(
    name="colour-blind", background=(18, 20, 24), table=(78, 80, 74), grid=(90, 92, 86),
    sides=((230, 159, 0), (86, 180, 233), (204, 121, 167), (240, 228, 66), (0, 158, 115), (0, 114, 178), (213, 94, 0)),
    clear=(0, 114, 178), partial=(240, 228, 66), blocked=(213, 94, 0), visibility=(255, 255, 255),
    select=(255, 255, 255), legal=(0, 158, 115), illegal=(213, 94, 0), template=(204, 121, 167),
    arc=(86, 180, 233), title="Colour-blind safe",
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

"""Terrain style sheets: how each terrain kind looks on the table (no pygame).

A style sheet is data (``*.style.json``, validated here by pydantic): for each
terrain kind a fill colour, a pattern drawn by code (roof, canopy, contours,
asteroids, ...), an edge, translucency, a drop shadow and a name for
tooltips. The app's default sheet is ``assets/styles/terrain.style.json``; a
ruleset adds or overrides kinds with its own ``game/rulesets/<id>/data/style.json``
(the file convention) or an optional hook ``terrain_style() -> dict`` (the
same shape). Nothing here is code per kind: a new kind (a river, a jungle, a
minefield) is a new entry naming one of the :data:`PATTERNS`.

Resolution for a piece: the ruleset's sheet, then the default sheet, by kind,
then by the sheets' ``aliases`` (``forest`` -> ``woods``), then by the piece's
tags (``tags`` table: ``obscures`` -> an area look), then a generic look in a
stable colour made from the kind's name.

Colours are RGB 0..255; sizes are mm on the table.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from game.data.errors import FileError
from game.data.filemodel import FrozenFileModel
from game.data.io import parse_model, read_json

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SHEET = ROOT / "assets" / "styles" / "terrain.style.json"

Colour = tuple[int, int, int]

#: the patterns the terrain painter draws (see ``game/ui/render/terrain_art.py``)
PATTERNS = ("none", "roof", "ruin", "rubble", "stones", "hedge", "canopy", "contours", "rough", "swamp", "water",
            "crater", "road", "trench", "wire", "smoke", "vehicle", "rocks", "asteroids", "cloud", "planet", "moon",
            "rings", "rift", "flare", "radiation", "dots", "hatch")
Pattern = Literal["none", "roof", "ruin", "rubble", "stones", "hedge", "canopy", "contours", "rough", "swamp", "water",
                  "crater", "road", "trench", "wire", "smoke", "vehicle", "rocks", "asteroids", "cloud", "planet", "moon",
                  "rings", "rift", "flare", "radiation", "dots", "hatch"]


class _Strict(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class KindStyle(_Strict):
    """How one terrain kind is drawn."""

    fill: tuple[int, int, int] = Field(description="base fill colour, RGB 0..255")
    pattern: Pattern = Field("none", description="the pattern drawn over the fill (one of PATTERNS)")
    accent: tuple[int, int, int] | None = Field(None, description="the pattern's colour (default: a shade of the fill)")
    edge: tuple[int, int, int] | None = Field(None, description="outline colour (default: the fill darkened)")
    edge_width: int = Field(1, ge=0, le=6, description="outline width, px")
    edge_style: Literal["solid", "soft", "dashed", "none"] = Field("solid", description="soft: a blurred glow edge")
    alpha: int = Field(255, ge=20, le=255, description="fill opacity (clouds, smoke, water)")
    size_mm: float = Field(10.0, gt=0, le=500, description="size of one pattern element (a tree clump, a rock), mm")
    density: float = Field(1.0, gt=0, le=4, description="pattern elements per element area (1 = touching)")
    shadow: bool = Field(False, description="a drop shadow that grows with the piece's height")
    height_shading: bool = Field(True, description="taller pieces drawn lighter")
    contour_mm: float = Field(20.0, gt=0, description="height of one contour step, mm (contours pattern)")
    label: str = Field("", description="the kind's name for tooltips and the legend ('' = the kind in words)")


class Units(_Strict):
    """The ruleset's own measure, for distances a player reads, and the
    table's grid (lettered columns, numbered rows)."""

    name: str = Field(min_length=1, max_length=8, description='unit word shown after a number: "in", "cm", "yd"')
    mm: float = Field(gt=0, description="mm on the table per unit (25.4 for inches; 2.54 for yards at 1 in = 10 yd)")
    grid_mm: float = Field(gt=0, description="side of one grid square, mm")


class StyleSheet(_Strict):
    """A style sheet file (``*.style.json``)."""

    format_version: Literal[1] = Field(1, description="file format version (1)")
    units: Units | None = Field(None, description="the ruleset's unit and grid (default sheet: centimetres, 10 cm squares)")
    kinds: dict[str, KindStyle] = Field(default_factory=dict, description="kind -> how it is drawn")
    aliases: dict[str, str] = Field(default_factory=dict, description="kind -> another kind it looks like")
    tags: dict[str, str] = Field(default_factory=dict,
                                 description="rule tag -> kind whose look an unknown kind with that tag takes (first tag listed wins)")


#: the generic look of a kind no sheet knows
GENERIC = KindStyle(fill=(118, 112, 100))


def load_sheet(path: str | Path, under: StyleSheet | None = None) -> StyleSheet:
    """A style sheet file; its aliases and tags may name kinds of the sheet
    ``under`` it (a ruleset's sheet lies over the default one). Raises
    :class:`FileError` (one line naming the file and the field) when
    unreadable or invalid."""
    return checked(path, parse_model(path, StyleSheet, read_json(path)), under)


def checked(where, sheet: StyleSheet, under: StyleSheet | None = None) -> StyleSheet:
    """``sheet`` when every alias and tag names a kind it (or ``under``)
    defines; else :class:`FileError` naming the entry."""
    known = set(sheet.kinds) | (set(under.kinds) if under is not None else set())
    for k, v in sheet.aliases.items():
        if v not in known:
            raise FileError(where, f"aliases.{k}", f"names kind {v!r}, which no style sheet defines")
    for t, v in sheet.tags.items():
        if v not in known:
            raise FileError(where, f"tags.{t}", f"names kind {v!r}, which no style sheet defines")
    return sheet


@lru_cache(maxsize=1)
def default_sheet() -> StyleSheet:
    """The app's default style sheet."""
    return load_sheet(DEFAULT_SHEET)


def ruleset_sheet_path(ruleset_id: str | None) -> Path | None:
    """``game/rulesets/<id>/data/style.json`` when it exists."""
    if not ruleset_id:
        return None
    p = ROOT / "game" / "rulesets" / ruleset_id / "data" / "style.json"
    return p if p.is_file() else None


@lru_cache(maxsize=16)
def _ruleset_sheet(ruleset_id: str) -> StyleSheet | None:
    p = ruleset_sheet_path(ruleset_id)
    return load_sheet(p, default_sheet()) if p is not None else None


def ruleset_sheet(ruleset) -> StyleSheet | None:
    """The sheet of a ruleset (an object with ``id``, or an id): its
    ``terrain_style()`` hook when it has one, else its ``data/style.json``."""
    if ruleset is None:
        return None
    hook = getattr(ruleset, "terrain_style", None)
    if callable(hook):
        data = hook()
        if not data:
            return None
        where = f"{getattr(ruleset, 'id', 'ruleset')} terrain_style()"
        return checked(where, parse_model(where, StyleSheet, data), default_sheet())
    rid = ruleset if isinstance(ruleset, str) else getattr(ruleset, "id", None)
    return _ruleset_sheet(rid) if rid else None


class Styles:
    """The looks of one table: a ruleset's sheet over the default one.

    Args:
        sheets: sheets, most specific first (default: just the default sheet).
    """

    def __init__(self, *sheets: StyleSheet | None) -> None:
        self.sheets = [s for s in sheets if s is not None] + [default_sheet()]
        self._memo: dict = {}

    @classmethod
    def for_ruleset(cls, ruleset) -> "Styles":
        """The ruleset's sheet (if any) over the default (``ruleset``: an object or an id)."""
        return cls(ruleset_sheet(ruleset))

    def _kind(self, kind: str) -> tuple[str, KindStyle] | None:
        for s in self.sheets:
            if kind in s.kinds:
                return kind, s.kinds[kind]
        for s in self.sheets:
            if kind in s.aliases:
                return self._kind(s.aliases[kind])
        return None

    def resolve(self, kind: str, tags=()) -> tuple[str, KindStyle]:
        """``(the kind whose look is used, its style)`` for a piece of
        ``kind`` with rule ``tags`` (see the module notes)."""
        key = (kind, frozenset(tags))
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        found = self._kind(kind)
        if found is None:
            for s in self.sheets:
                for tag, k in s.tags.items():
                    if tag in tags:
                        found = self._kind(k)
                        break
                if found is not None:
                    break
        if found is None:
            found = ("", GENERIC.model_copy(update={"fill": hashed_colour(kind)}))
        self._memo[key] = found
        return found

    def style(self, kind: str, tags=()) -> KindStyle:
        """The style of a piece of ``kind`` with ``tags``."""
        return self.resolve(kind, tags)[1]

    def known(self, kind: str) -> bool:
        """True when a sheet names ``kind`` (or an alias of it)."""
        return self._kind(kind) is not None

    @property
    def units(self) -> Units:
        """The most specific sheet's units."""
        return next(s.units for s in self.sheets if s.units is not None)

    def label(self, kind: str) -> str:
        """The kind's name for a player: the sheet's label, else the kind in words."""
        found = self._kind(kind)
        if found is not None and found[1].label:
            return found[1].label
        return kind.replace("_", " ")


def hashed_colour(kind: str) -> Colour:
    """A stable muted colour made from a kind's name."""
    h = int(hashlib.md5(kind.encode()).hexdigest(), 16)
    return (90 + h % 70, 90 + (h >> 8) % 70, 90 + (h >> 16) % 70)

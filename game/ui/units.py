"""Distances and places in the words a player reads (no pygame).

The table is measured in mm; a player reads the ruleset's own unit (inches,
centimetres, yards at a ground scale: the style sheet's ``units``, see
:mod:`game.ui.style`) and places as grid squares (columns lettered from
the west edge, rows numbered from the north edge, one square ``grid_mm``
wide) or as the nearest terrain feature.
"""

from __future__ import annotations

import math

from game.core.logtext import LogUnits, distance_words, grid_column, grid_square
from game.ui.style import Units

CM = Units(name="cm", mm=10.0, grid_mm=100.0)


def distance(mm: float, units: Units = CM) -> str:
    """``mm`` in the ruleset's unit: ``"4.5 in"``, ``"12 cm"`` (one decimal, none when whole)."""
    return distance_words(mm, LogUnits(units.name, units.mm))


#: column letters: 0 -> A, 25 -> Z, 26 -> AA
column = grid_column


def square(x: float, y: float, units: Units = CM) -> str:
    """The grid square of table point (x, y) mm: ``"C4"``."""
    return grid_square(x, y, units.grid_mm)


def feature_name(piece, map_file=None, styles=None) -> str:
    """What a player calls a terrain piece: the map's name for its feature,
    else its kind's name from the style sheet (never its id)."""
    if map_file is not None:
        try:
            name = map_file.feature(piece.id).name
        except KeyError:
            name = ""
        if name and name != piece.id:
            return name
        if name:  # a name that is just the id: its words
            return name.replace("_", " ")
    if styles is not None:
        return styles.label(piece.kind).lower()
    return piece.kind.replace("_", " ")


def place(x: float, y: float, pieces=(), units: Units = CM, map_file=None, styles=None, near_mm: float | None = None) -> str:
    """Table point (x, y) mm in words: its grid square and, when a terrain
    piece lies within ``near_mm`` (default three units), how far it is from
    the nearest one: ``"C4, 2 in from the humvee"`` or ``"C4, in the woods"``."""
    from shapely.geometry import Point

    near = near_mm if near_mm is not None else 3 * units.mm
    sq = square(x, y, units)
    pt = Point(x, y)
    best, bd = None, math.inf
    for p in pieces:
        d = p.polygon.distance(pt)
        if d < bd:
            best, bd = p, d
    if best is None or bd > near:
        return sq
    name = feature_name(best, map_file, styles)
    if bd <= 0:
        return f"{sq}, in the {name}" if not name[:1].isupper() else f"{sq}, in {name}"
    art = "" if name[:1].isupper() else "the "
    return f"{sq}, {distance(bd, units)} from {art}{name}"

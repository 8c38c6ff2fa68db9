"""Moves and places in the words a player reads (``game.core.logtext``):
distances in inches, ways toward the named features, objectives or units
near where a move ends, facings as compass points; never table coordinates.
A feature of several of one name is told by its grid square ("the barbed
wire at C4"); inches are written as the rules write them (3.9")."""

from __future__ import annotations

from shapely.geometry import Polygon

from game.core.logtext import distance_words, facing_words, landmark_names, move_words, place_words, units_of

from .bodies import centroid
from .state import Unit, WWState

UNITS = units_of("ww2_skirmish")


def landmarks(s: WWState) -> list[tuple[str, object]]:
    """The named terrain features and the mission objectives, by name."""
    out: list[tuple[str, object]] = [(f.name or f.kind.replace("_", " "), Polygon(f.exterior)) for f in s.features
                                     if len(f.exterior) >= 3]
    out += [(o.label, (o.x, o.y)) for o in s.objectives]
    return landmark_names(out, UNITS.grid_mm)


def units_near(s: WWState, exclude: str | None = None) -> list[tuple[str, object]]:
    """Every unit set up on the table but ``exclude``, by name, at its centre."""
    return [(u.name, centroid(s, u)) for u in s.units.values() if u.id != exclude and s.on_table(u)]


def unit_move_words(s: WWState, u: Unit, x1: float, y1: float, dist_mm: float) -> str:
    """'3.9" toward the ruined farmhouse': unit ``u``'s move from its
    centre now to (x1, y1) mm, ``dist_mm`` travelled."""
    x0, y0 = centroid(s, u)
    return move_words(x0, y0, x1, y1, UNITS, landmarks(s), dist_mm=dist_mm, models=units_near(s, u.id))


def setup_words(s: WWState, x: float, y: float, heading: float | None = None, exclude: str | None = None) -> str:
    """"by the red fire trench, facing south": where a unit or a barricade is
    set up, and its facing when it has one."""
    where = place_words(x, y, s.table, UNITS, landmarks(s), models=units_near(s, exclude))
    return where + (f", {facing_words(heading)}" if heading is not None else "")


def inches_words(mm: float) -> str:
    """A distance in the ruleset's inches ('3.9"')."""
    return distance_words(mm, UNITS)


def heading_words(heading: float) -> str:
    """A facing for a button or a preview: ``"facing south (90°)"`` (``heading``
    in degrees clockwise from east, the one degree format of every ruleset)."""
    return f"{facing_words(heading)} ({heading % 360.0:.0f}°)"

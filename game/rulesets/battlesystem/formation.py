"""A unit's figures on the table: its :class:`~game.geometry.formation.Block` from the roster's
base size ([2.3] Table 2) and the formation's spacing ([7.2]-[7.5]), and an individual's base.

Mobs stand in a roughly square array ([2.10], [7.5]); skirmishers 1" apart ([7.4]), moved as
one loose block (see README, Deviations).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from game.geometry.formation import Block, rect_corners

from .profiles import DATA
from .state import Individual, Unit

T = DATA.tables


def base_size(u: Unit) -> tuple[float, float]:
    """(width, depth) of one of the unit's bases, mm ([2.3] Table 2)."""
    return base_size_of(u.profile)


@lru_cache(maxsize=256)
def base_size_of(profile: str) -> tuple[float, float]:
    """(width, depth) of a base of roster entry ``profile``, mm ([2.3] Table 2)."""
    p = DATA.units[profile]
    if p.piece:
        w, d = T.bases["artillery"]
    elif p.chariot:
        w, d = T.bases["chariot"]
    elif p.mount:
        w, d = T.bases["cavalry"]
    else:
        c = DATA.creatures[p.creature]
        w, d = T.bases[c.base or c.size]
    return DATA.inches(w), DATA.inches(d)


def spacing(formation: str) -> float:
    """Gap between neighbouring bases in ``formation``, mm ([7.2]-[7.5])."""
    return DATA.inches(T.formations[formation].gap)


def block_of(u: Unit, **over) -> Block:
    """The unit's block as it stands (fields of the unit overridden by ``over``: x, y, heading,
    files, figures, formation). Blocks are shared (cached by every value they depend on)."""
    n = over.get("figures", u.figures)
    files = over.get("files", u.files)
    return _block(u.profile, float(over.get("x", u.x)), float(over.get("y", u.y)), float(over.get("heading", u.heading)),
                  max(1, min(files, max(n, 1))), n, over.get("formation", u.formation))


@lru_cache(maxsize=8192)
def _block(profile: str, x: float, y: float, heading: float, files: int, n: int, formation: str) -> Block:
    w, d = base_size_of(profile)
    g = spacing(formation)
    return Block(x, y, heading, files, n, w, d, g, g)


def mob_files(n: int) -> int:
    """[2.10] a mob's array is about as wide as it is deep."""
    return max(1, math.ceil(math.sqrt(max(n, 1))))


def individual_size() -> float:
    """An individual's base side, mm ([2.3] **: 1/2" counters)."""
    return DATA.inches(T.bases["individual"][0])


def individual_corners(c: Individual) -> np.ndarray:
    """The individual's base corners (1, 4, 2), mm."""
    s = individual_size()
    return rect_corners(np.array([c.x]), np.array([c.y]), s, s, c.heading)

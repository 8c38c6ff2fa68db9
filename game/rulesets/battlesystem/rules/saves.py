"""Saving throws ([14.3]): AD&D 1e tables (``data/spells.toml``; DMG p. 79), monsters as
fighters of their hit dice, one roll a figure, and the optional bulk rule."""

from __future__ import annotations

from game.core.event import Target

from ..profiles import DATA
from ..spells import MAGIC
from ..state import Individual, Unit
from .common import Emitter, profile


# -- [14.3] saving throws ----------------------------------------------------------------------------

_COLUMNS = {"paralyzation": 1, "petrification": 2, "rod": 3, "breath": 4, "spell": 5}


def save_number(table: str, level: int, save_vs: str) -> int:
    """[14.3] the d20 needed (at least) on AD&D 1e table ``table`` at ``level``."""
    for row in MAGIC.saves[table]:
        if level <= row[0]:
            return row[_COLUMNS[save_vs]]
    return MAGIC.saves[table][-1][_COLUMNS[save_vs]]


def unit_save(u: Unit, save_vs: str) -> int:
    """[14.3] a figure's saving throw: its creatures as fighters of their hit dice (a plus
    counts as the next die; 0-level men as level 0)."""
    c = DATA.creatures[profile(u).creature]
    level = 0 if c.zero_level else int(c.hd) + (1 if c.plus > 0 else 0)
    return save_number("fighter", level, save_vs)


def individual_save(c: Individual, save_vs: str) -> int:
    cp = DATA.characters[c.profile]
    table = {"cleric": "cleric", "druid": "cleric", "magic_user": "magic-user", "illusionist": "magic-user"}.get(cp.class_,
                                                                                                               "fighter")
    return save_number(table, cp.level or int(cp.hd), save_vs)


def bulk_failures(figures: int, save: int) -> int:
    """[14.3] optional rule: for each full 20 figures affected, one less than the saving throw
    number of figures fail without a roll (the others roll)."""
    return (figures // MAGIC.bulk_batch) * max(0, save - 1)


def save_roll(em: Emitter, need: int, why: str, side: str) -> bool:
    r = em.roll("d20", why, side=side, target=Target(label="save", base=need, at_most=False, words=("saves", "fails")))
    return bool(r.passed)

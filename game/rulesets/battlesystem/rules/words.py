"""The log's grammar for Battlesystem: verbs and possessives that agree with a
unit's name (README, Deviations and decisions: the log's grammar).

Kept apart from :mod:`.common` so that every rules module, however low, may
use it without an import circle.
"""

from __future__ import annotations

from game.core.logtext import agree, plural_name

from ..state import Unit


def says(f, verb: str) -> str:
    """``verb`` (third-person singular: "moves", "has") as a log line writes
    it after ``f``'s name: a unit agrees with its name's number ("Red Eye
    archers shoot", "Yeenoghu's pack moves"); an individual, or anything
    else, is one (README, Deviations and decisions: the log's grammar)."""
    return agree(verb, isinstance(f, Unit) and plural_name(f.name))


def their(f) -> str:
    """The possessive for ``f`` in a log line: "their" for a unit whose
    name is plural (see :func:`says`), else "its"."""
    return "their" if isinstance(f, Unit) and plural_name(f.name) else "its"

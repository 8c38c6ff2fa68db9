"""Map validation for the editor's problem panel and its save: the one map
validator, :func:`game.battle.mapcheck.check_map`, on the open document, so
the editor refuses exactly the maps ``battletable validate``, ``play`` and
``simulate`` refuse, with the same messages."""

from __future__ import annotations

from game.battle.mapcheck import Problem, check_map, errors, exit_words  # noqa: F401 - re-exported
from game.data.kinds import Catalogue


def validate(doc, cat: Catalogue | None = None) -> list[Problem]:
    """Every problem of the document ``doc``, errors and warnings, in a stable order."""
    return check_map(doc, cat)

"""The one explicit registry of rulesets.

Built-in rulesets are listed in :data:`BUILTIN` (module paths, imported on
first use). Extra rulesets (plugins, the test ruleset) are named in the
environment variable ``BATTLETABLE_RULESETS`` as ``module:ATTRIBUTE`` entries
separated by commas, or registered with :func:`register`.
"""

from __future__ import annotations

import importlib
import importlib.util
import os

from game.core.ruleset import Ruleset

#: ruleset id -> module exposing ``RULESET``
BUILTIN: dict[str, str] = {
    "battlespace": "game.rulesets.battlespace",
    "battlesystem": "game.rulesets.battlesystem",
    "spacefleet": "game.rulesets.spacefleet",
    "foxhole": "game.rulesets.foxhole",
}

_loaded: dict[str, Ruleset] = {}


class UnknownRuleset(KeyError):
    """No ruleset has this id."""

    def __str__(self) -> str:
        return f"unknown ruleset {self.args[0]!r} (known: {', '.join(ids()) or 'none'})"


def register(ruleset: Ruleset) -> None:
    """Add (or replace) a ruleset object under its ``id``."""
    _loaded[ruleset.id] = ruleset


def _extra() -> dict[str, str]:
    out = {}
    for entry in filter(None, (e.strip() for e in os.environ.get("BATTLETABLE_RULESETS", "").split(","))):
        mod, _, attr = entry.partition(":")
        out[entry] = (mod, attr or "RULESET")
    return out


def _load_extras() -> None:
    for mod, attr in _extra().values():
        try:
            rs = getattr(importlib.import_module(mod), attr)
        except (ImportError, AttributeError) as e:
            raise RuntimeError(f"BATTLETABLE_RULESETS names {mod}:{attr}, which cannot be loaded ({e})") from None
        _loaded.setdefault(rs.id, rs)


def ids() -> list[str]:
    """Every known ruleset id, sorted."""
    _load_extras()
    present = {k for k, mod in BUILTIN.items() if importlib.util.find_spec(mod) is not None}
    return sorted(present | set(_loaded))


def get(ruleset_id: str) -> Ruleset:
    """The ruleset with this id. Raises :class:`UnknownRuleset`."""
    if ruleset_id in _loaded:
        return _loaded[ruleset_id]
    if ruleset_id in BUILTIN:
        rs = importlib.import_module(BUILTIN[ruleset_id]).RULESET
        _loaded[ruleset_id] = rs
        return rs
    _load_extras()
    if ruleset_id in _loaded:
        return _loaded[ruleset_id]
    raise UnknownRuleset(ruleset_id)

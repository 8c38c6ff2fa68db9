"""WW2 trench skirmish (``../shared/rules/ww2_skirmish.txt``): command cache,
facing, composure, grenades, hidden missions and mechs on trench maps."""

from .ruleset import WW2Skirmish

RULESET = WW2Skirmish()

__all__ = ["RULESET", "WW2Skirmish"]

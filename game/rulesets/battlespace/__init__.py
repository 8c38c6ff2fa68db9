"""Battlespace: ultra-modern solo/co-op skirmish (issue 4). ``RULESET`` is the ruleset object."""

from .ruleset import Battlespace

RULESET = Battlespace()

"""Foxhole: modern infantry combat, platoon to company, with hidden units,
off-board support and missions (issue 17). ``RULESET`` is the ruleset object."""

from .ruleset import Foxhole

RULESET = Foxhole()

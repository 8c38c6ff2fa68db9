"""AD&D Battlesystem (1985), the Basic and Intermediate games (issue 15). ``RULESET`` is the ruleset object."""

from .ruleset import Battlesystem

RULESET = Battlesystem()

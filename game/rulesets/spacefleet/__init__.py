"""The space-fleet ruleset (``spacefleet``): Battlefleet-style fleet battles
with every celestial phenomenon. See README.md in this package."""

from .ruleset import SpaceFleet

RULESET = SpaceFleet()

__all__ = ["RULESET", "SpaceFleet"]

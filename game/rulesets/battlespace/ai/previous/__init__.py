"""The previous release of the battlespace ``default`` agent (FireteamAgent),
frozen by ``tools/freeze_agent.py`` so that a new default must beat it on
the ladder (``battletable ladder SCENARIO --agents default,previous``).

Generated; do not edit. The copies here import the ruleset's shared rules
and helpers, never the live ``ai`` modules.
"""

from .fireteam import FireteamAgent as _Frozen

#: the commit the copy was taken from
SOURCE_COMMIT = 'bf0d31dd24aae246c802c9b192142f9b78b2f9d1'
#: the ruleset's version at that commit
RULESET_VERSION = 9
#: the frozen agent's class name at that commit
SOURCE_CLASS = 'FireteamAgent'
#: SHA-256 of each copied file as written (``tools/freeze_agent.py --check``)
FILES = {
    'fireteam.py': 'f9fabe1f4e6aa1f8fe900fe1143c57abbad6bdb978904cfa4c42023aaacfbdda',
}


class PreviousAgent(_Frozen):
    """FireteamAgent as it was at ``SOURCE_COMMIT`` (ruleset version
    ``RULESET_VERSION``)."""

    name = "previous"

"""The previous release of the ww2_skirmish ``default`` agent (CommanderAgent),
frozen by ``tools/freeze_agent.py`` so that a new default must beat it on
the ladder (``battletable ladder SCENARIO --agents default,previous``).

Generated; do not edit. The copies here import the ruleset's shared rules
and helpers, never the live ``ai`` modules.
"""

from .agent import CommanderAgent as _Frozen

#: the commit the copy was taken from
SOURCE_COMMIT = 'bf0d31dd24aae246c802c9b192142f9b78b2f9d1'
#: the ruleset's version at that commit
RULESET_VERSION = 2
#: the frozen agent's class name at that commit
SOURCE_CLASS = 'CommanderAgent'
#: SHA-256 of each copied file as written (``tools/freeze_agent.py --check``)
FILES = {
    'agent.py': '9b3363ce0aad5339a30c7dd638f01111ed446f3d7e38df3df1424620a50eb677',
    'candidates.py': 'afc26e82653eb355c2095c7d047af1e987ea1e964503a92692d9c647ef681791',
    'scoring.py': '6f81f4a4b2b9f7b2dd435cde8fc62dbcd0475ba396824f18f7e930452a082609',
}


class PreviousAgent(_Frozen):
    """CommanderAgent as it was at ``SOURCE_COMMIT`` (ruleset version
    ``RULESET_VERSION``)."""

    name = "previous"

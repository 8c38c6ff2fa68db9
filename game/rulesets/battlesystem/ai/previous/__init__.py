"""The previous release of the battlesystem ``default`` agent (GeneralAgent),
frozen by ``tools/freeze_agent.py`` so that a new default must beat it on
the ladder (``battletable ladder SCENARIO --agents default,previous``).

Generated; do not edit. The copies here import the ruleset's shared rules
and helpers, never the live ``ai`` modules.
"""

from .agent import GeneralAgent as _Frozen

#: the commit the copy was taken from
SOURCE_COMMIT = 'bf0d31dd24aae246c802c9b192142f9b78b2f9d1'
#: the ruleset's version at that commit
RULESET_VERSION = 5
#: the frozen agent's class name at that commit
SOURCE_CLASS = 'GeneralAgent'
#: SHA-256 of each copied file as written (``tools/freeze_agent.py --check``)
FILES = {
    'agent.py': 'a64d5b90a0c1966320d08cbd10729156e97f0316206961b1b00829e4a4b13ecc',
    'magic.py': '722dfec8ed1f1adf8eeca15412b935d7ed14d286564077dc28d448a7227c2297',
    'odds.py': '638f1ee0ed0ffe1c1a963ad3c46319491390c5605c58683fe8e510c97453201c',
}


class PreviousAgent(_Frozen):
    """GeneralAgent as it was at ``SOURCE_COMMIT`` (ruleset version
    ``RULESET_VERSION``)."""

    name = "previous"

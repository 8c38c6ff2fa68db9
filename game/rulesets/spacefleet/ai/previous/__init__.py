"""The previous release of the spacefleet ``default`` agent (FleetAgent),
frozen by ``tools/freeze_agent.py`` so that a new default must beat it on
the ladder (``battletable ladder SCENARIO --agents default,previous``).

Generated; do not edit. The copies here import the ruleset's shared rules
and helpers, never the live ``ai`` modules.
"""

from .ai import FleetAgent as _Frozen

#: the commit the copy was taken from
SOURCE_COMMIT = 'bf0d31dd24aae246c802c9b192142f9b78b2f9d1'
#: the ruleset's version at that commit
RULESET_VERSION = 10
#: the frozen agent's class name at that commit
SOURCE_CLASS = 'FleetAgent'
#: SHA-256 of each copied file as written (``tools/freeze_agent.py --check``)
FILES = {
    'ai.py': '08f8acc26c770a1cbc74272bddf5f73e47c01d58bf8596f36e470c94b7c73195',
    'ai_eval.py': '061f9a66c5a6a3a25d50422356c19ec32fe5a155f879f5dd1d6e8c2f3c9def46',
    'ai_ordnance.py': 'ed3cb2d36013fab6a40c8d47e61556b5a126975d8d85daa9b8d7293892579f4a',
    'candidates.py': '8f4e036a8cb952cec9ae79f965e5ba9cb3890672e5ebdf203fa93e8be8a491a2',
}


class PreviousAgent(_Frozen):
    """FleetAgent as it was at ``SOURCE_COMMIT`` (ruleset version
    ``RULESET_VERSION``)."""

    name = "previous"

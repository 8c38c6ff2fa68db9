"""The previous release of the foxhole ``default`` agent (FoxholeAgent),
frozen by ``tools/freeze_agent.py`` so that a new default must beat it on
the ladder (``battletable ladder SCENARIO --agents default,previous``).

Generated; do not edit. The copies here import the ruleset's shared rules
and helpers, never the live ``ai`` modules.
"""

from .agent import FoxholeAgent as _Frozen

#: the commit the copy was taken from
SOURCE_COMMIT = 'bf0d31dd24aae246c802c9b192142f9b78b2f9d1'
#: the ruleset's version at that commit
RULESET_VERSION = 2
#: the frozen agent's class name at that commit
SOURCE_CLASS = 'FoxholeAgent'
#: SHA-256 of each copied file as written (``tools/freeze_agent.py --check``)
FILES = {
    'agent.py': '3c065049169c068e9aeb2410f5fb7631f9aa9e3d49e5ab558824bffcccea8474',
    'candidates.py': 'dd386a68ae36aa9e7394eadd43afa9abc458441404b290b146958b575da53793',
    'field.py': 'ac2f3cb36e8369f725e2e00d7867d9360848515420757e40e49393f9b55dd114',
    'tactics.py': '43665868ff22b17cd48780c7148f3a7af70453e84c9e26e2b55e375e9c7e8ed1',
}


class PreviousAgent(_Frozen):
    """FoxholeAgent as it was at ``SOURCE_COMMIT`` (ruleset version
    ``RULESET_VERSION``)."""

    name = "previous"

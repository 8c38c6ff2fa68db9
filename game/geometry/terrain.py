"""Terrain pieces as the geometry layer sees them.

A :class:`TerrainPiece` is one terrain feature of a map reduced to what the
geometry questions need: a shapely polygon (mm, may have holes), a kind, a
height in mm above the table and a set of rule tags. The data layer converts
map-file features into pieces; the geometry layer never reads files.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import shapely
from shapely.geometry import Polygon

# Rule tags understood by the geometry layer. Rulesets decide what they mean
# for play; geometry only answers where they are.
BLOCKS_SIGHT = "blocks_sight"  #: opaque up to the piece's height (walls, buildings, rocks)
OBSCURES = "obscures"  #: sight passes but is obscured (woods, fog, a gas cloud)
IMPASSABLE = "impassable"  #: bases may not enter
DIFFICULT = "difficult"  #: entering costs ``move_cost`` times the distance
HINDERING = "hindering"  #: a move ends on first contact; leaving is free
ELEVATION = "elevation"  #: models stand on top at ``height`` (hills, rooftops)
COVER = "cover"  #: gives cover to a model in base contact (class in ``cover``)

KNOWN_TAGS = frozenset({BLOCKS_SIGHT, OBSCURES, IMPASSABLE, DIFFICULT, HINDERING, ELEVATION, COVER})


def tag_words(tag: str) -> str:
    """A rule tag as a player reads it: ``"blocks_sight"`` -> ``"blocks sight"``."""
    return tag.replace("_", " ")


def tag_of_words(words: str) -> str:
    """The rule tag a player typed in words (the inverse of :func:`tag_words`):
    ``"Blocks sight"`` -> ``"blocks_sight"``; spaces and case do not matter."""
    return "_".join(words.lower().split())

#: Height used for pieces that block sight at any eye height (mm).
FULL_HEIGHT = math.inf


@dataclass(frozen=True, eq=False)
class TerrainPiece:
    """One terrain piece on the table.

    Attributes:
        id: the feature id from the map file (used in every explanation).
        polygon: a valid shapely ``Polygon`` in mm; holes allowed.
        kind: the terrain kind (``"building"``, ``"wall"``, ``"woods"``, ...).
        height: top of the piece in mm above the table; ``FULL_HEIGHT`` for
            pieces that block sight whatever the eye height.
        tags: rule tags from :data:`KNOWN_TAGS` (unknown tags are kept and ignored).
        move_cost: distance multiplier inside the piece when tagged ``difficult``.
        cover: the cover class the piece gives (``"solid"``, ``"obscured"``, ...) or None.

    Raises:
        ValueError: if the polygon is empty or invalid (the reason names the id).
    """

    id: str
    polygon: Polygon
    kind: str = "terrain"
    height: float = FULL_HEIGHT
    tags: frozenset[str] = field(default_factory=frozenset)
    move_cost: float = 1.0
    cover: str | None = None

    def __post_init__(self) -> None:
        if self.polygon.is_empty or not isinstance(self.polygon, Polygon):
            raise ValueError(f"terrain piece {self.id!r}: polygon is empty or not a Polygon")
        if not self.polygon.is_valid:
            raise ValueError(f"terrain piece {self.id!r}: invalid polygon ({shapely.is_valid_reason(self.polygon)})")
        if not isinstance(self.tags, frozenset):
            object.__setattr__(self, "tags", frozenset(self.tags))

    def has(self, tag: str) -> bool:
        """True when the piece carries rule tag ``tag``."""
        return tag in self.tags

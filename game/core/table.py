"""The table a battle is fought on: map features as geometry terrain pieces.

The one place that turns :class:`~game.data.maps.TerrainFeature` records into
:class:`~game.geometry.terrain.TerrainPiece` objects, so rulesets, the UI and
the editor agree on what a feature is.
"""

from __future__ import annotations

from shapely.geometry import Polygon

from game.data.maps import MapFile, TerrainFeature
from game.geometry.terrain import TerrainPiece


def piece_of(feature: TerrainFeature) -> TerrainPiece:
    """The terrain piece of one map feature (height in mm, tags as given).

    Raises:
        ValueError: for an invalid polygon (maps are validated at load, so
            this means a map built in code skipped validation).
    """
    return TerrainPiece(
        id=feature.id,
        polygon=Polygon(feature.exterior, feature.holes),
        kind=feature.kind,
        height=feature.height,
        tags=frozenset(feature.tags),
        move_cost=feature.move_cost,
        cover=feature.cover,
    )


def pieces_of(map_file: MapFile) -> list[TerrainPiece]:
    """Every feature of ``map_file`` as a terrain piece, in file order."""
    return [piece_of(f) for f in map_file.features]

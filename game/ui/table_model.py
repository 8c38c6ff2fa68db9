"""The table as the UI needs it: terrain pieces, their index, and figures as
geometry models. No pygame here; results are cached per map."""

from __future__ import annotations

from game.data.maps import MapFile
from game.geometry.index import TerrainIndex
from game.geometry.shapes import Base, Model
from game.geometry.terrain import TerrainPiece

from game.core.table import pieces_of as _pieces_of


STANDING_EYE_MM = 30.0
PRONE_EYE_MM = 15.0


def terrain_key(pieces) -> tuple:
    """A cheap fingerprint of a terrain list: (id, kind, height, tags, polygon
    bounds) per piece, in order. Equal keys: the same terrain as far as drawing and the
    sight index go (a moved, added or removed piece changes it)."""
    return tuple((p.id, p.kind, p.height, p.tags, tuple(p.polygon.bounds)) for p in pieces)


class TableModel:
    """Terrain pieces and their :class:`TerrainIndex` for one table.

    A model is never changed in place (:meth:`of_map` shares them):
    :meth:`with_pieces` gives the table with the ruleset's current terrain,
    ``self`` when that terrain is unchanged. ``version`` counts the changes.
    """

    def __init__(self, pieces: list[TerrainPiece], table: tuple[float, float], map_file: MapFile | None = None,
                 version: int = 0) -> None:
        self.pieces = list(pieces)
        self.table = (float(table[0]), float(table[1]))
        self.map = map_file
        self.version = version
        self._index: TerrainIndex | None = None
        self._key: tuple | None = None
        self._same: list[tuple] = [tuple(self.pieces)]  #: piece lists known to equal this terrain

    @property
    def key(self) -> tuple:
        """:func:`terrain_key` of the pieces (computed once)."""
        if self._key is None:
            self._key = terrain_key(self.pieces)
        return self._key

    def with_pieces(self, pieces) -> "TableModel":
        """This table with terrain ``pieces`` (a ruleset's ``terrain(state)``):
        ``self`` when they are the same objects or have the same
        :func:`terrain_key`, else a new model (its index built on first use)."""
        pieces = tuple(pieces)
        for known in self._same:
            if len(known) == len(pieces) and all(a is b for a, b in zip(known, pieces)):
                return self
        if terrain_key(pieces) == self.key:
            self._same = [self._same[0], pieces]  # the hook's own objects: no key next time
            return self
        return TableModel(pieces, self.table, self.map, self.version + 1)

    @classmethod
    def of_map(cls, m: MapFile) -> "TableModel":
        """The table of a map file (cached by map id and digest)."""
        key = m.sha256()
        hit = _CACHE.get(key)
        if hit is None:
            if len(_CACHE) > 8:
                _CACHE.pop(next(iter(_CACHE)))
            hit = _CACHE[key] = TableModel(_pieces_of(m), (m.table.width_mm, m.table.height_mm), m)
        return hit

    @property
    def index(self) -> TerrainIndex:
        """The terrain index (built on first use)."""
        if self._index is None:
            self._index = TerrainIndex(self.pieces, self.table)
        return self._index

    def piece_at(self, x: float, y: float) -> TerrainPiece | None:
        """The tallest piece covering the table point, if any."""
        found = self.index.pieces_at((x, y))
        return max(found, key=lambda p: p.height) if found else None


_CACHE: dict[str, TableModel] = {}


def model_of(fig) -> Model:
    """A :class:`game.core.view.Figure` as a geometry model (prone figures
    see from a lower eye)."""
    if fig.radius > 0 or not (fig.width > 0 and fig.depth > 0):
        base = Base.circle(fig.x, fig.y, max(fig.radius, 0.5), heading=fig.heading, id=fig.id)
    else:
        base = Base.rect(fig.x, fig.y, fig.width, fig.depth, fig.heading, id=fig.id)
    eye = PRONE_EYE_MM if any(m == "prone" or m.startswith("prone:") for m in fig.markers) else STANDING_EYE_MM
    return Model(base, eye_height=eye, elevation=max(0.0, float(fig.altitude)))

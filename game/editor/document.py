"""The editable map document: a mutable working copy of a :class:`MapFile`.

Features, zones, objectives and exits are kept as the frozen pydantic models
of :mod:`game.data.maps`; edits replace whole items (see
:mod:`game.editor.commands`), so undo only has to remember the old item. The
document may hold a map with geometric problems (an unfinished drawing): those
are found by :mod:`game.editor.validate` and block a normal save, not an edit.

Units: mm, origin at the table's top-left corner, y down.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from game.data.errors import problem_text
from game.data.maps import MAP_FORMAT, Exit, MapFile, ObjectivePoint, TableSize, TerrainFeature, Zone

#: Table size presets: name -> (width mm, depth mm). "free" is any size.
TABLE_PRESETS: dict[str, tuple[float, float]] = {
    "2'x2'": (610.0, 610.0),
    "3'x3'": (914.0, 914.0),
    "4'x6'": (1219.0, 1829.0),
    "6'x4'": (1829.0, 1219.0),
}

#: The item collections of a document, with their model types.
COLLECTIONS: dict[str, type] = {
    "features": TerrainFeature,
    "zones": Zone,
    "objectives": ObjectivePoint,
    "exits": Exit,
}


def preset_name(width: float, height: float) -> str:
    """The preset matching a table size, or ``"free"``."""
    for name, size in TABLE_PRESETS.items():
        if size == (width, height):
            return name
    return "free"


#: coordinates, sizes and heights are written to this many decimals (0.01 mm)
DECIMALS = 2


def rounded(data):
    """``data`` (JSON-like) with every float rounded to 0.01 (mm): a dragged
    or snapped vertex is saved as 888.02, never 888.0166666."""
    if isinstance(data, float):
        return round(data, DECIMALS) + 0.0
    if isinstance(data, list):
        return [rounded(v) for v in data]
    if isinstance(data, tuple):
        return tuple(rounded(v) for v in data)
    if isinstance(data, dict):
        return {k: rounded(v) for k, v in data.items()}
    return data


@dataclass
class MapDocument:
    """An editable map.

    Attributes:
        id, name, description, ruleset: the map's header fields.
        width, height: table size in mm.
        features, zones, objectives, exits: the items, in file order.
        selection: the selected items: ids, or ``(collection, id)`` keys where an
            id is shared across collections (an objective named after its feature).
        draft: the polygon being drawn vertex by vertex (mm), not yet a feature.
        path: the file the document was opened from or last saved to (None: untitled).
        dirty: True when the map differs from the one last opened or saved
            (undoing back to the saved map clears it); setting it True keeps
            it so until the next save (a draft or autosave not yet saved as
            a map), setting it False records the map as saved.
        revision: counts every change (do or undo); autosave compares it.
    """

    id: str = "untitled"
    name: str = "Untitled map"
    description: str = ""
    ruleset: str | None = None
    width: float = 914.0
    height: float = 914.0
    features: list[TerrainFeature] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    objectives: list[ObjectivePoint] = field(default_factory=list)
    exits: list[Exit] = field(default_factory=list)
    selection: set[str] = field(default_factory=set)
    draft: list[tuple[float, float]] = field(default_factory=list)
    path: Path | None = None
    revision: int = 0
    #: the map as last opened or saved (:meth:`to_dict`), None: unsaved whatever it holds
    _saved: dict | None = field(default=None, repr=False, compare=False)
    #: (revision, dirty) of the last comparison with ``_saved``
    _dirty_at: tuple[int, bool] = field(default=(-1, False), repr=False, compare=False)

    def __post_init__(self) -> None:
        self._saved = self.to_dict()

    @property
    def dirty(self) -> bool:
        """True when the map differs from the one last opened or saved (see the class notes)."""
        if self._saved is None:
            return True
        if self._dirty_at[0] != self.revision:
            self._dirty_at = (self.revision, self.to_dict() != self._saved)
        return self._dirty_at[1]

    @dirty.setter
    def dirty(self, value: bool) -> None:
        self._saved = None if value else self.to_dict()
        self._dirty_at = (-1, False)

    # -- construction ------------------------------------------------------
    @classmethod
    def new(cls, preset: str = "3'x3'", ruleset: str | None = None, *, width: float | None = None,
            height: float | None = None, map_id: str = "untitled", name: str = "Untitled map") -> "MapDocument":
        """An empty document on a preset table (or ``"free"`` with width and height in mm).

        Raises:
            ValueError: unknown preset, or "free" without a positive size.
        """
        if preset == "free":
            if not width or not height or width <= 0 or height <= 0:
                raise ValueError("a free table size needs a positive width and height in mm")
            w, h = float(width), float(height)
        elif preset in TABLE_PRESETS:
            w, h = TABLE_PRESETS[preset]
        else:
            raise ValueError(f"unknown table preset {preset!r} (known: {', '.join(TABLE_PRESETS)}, free)")
        return cls(id=map_id, name=name, ruleset=ruleset, width=w, height=h)

    @classmethod
    def from_map(cls, m: MapFile, path: Path | None = None) -> "MapDocument":
        """A document holding the contents of ``m`` (not dirty)."""
        return cls(id=m.id, name=m.name, description=m.description, ruleset=m.ruleset,
                   width=m.table.width_mm, height=m.table.height_mm,
                   features=list(m.features), zones=list(m.deployment_zones),
                   objectives=list(m.objectives), exits=list(m.exits), path=path)

    # -- output ------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The map as plain JSON data (may describe an invalid map)."""
        return {
            "format_version": MAP_FORMAT,
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "ruleset": self.ruleset,
            "table": {"width_mm": self.width, "height_mm": self.height},
            "features": [f.model_dump(mode="json") for f in self.features],
            "deployment_zones": [z.model_dump(mode="json") for z in self.zones],
            "objectives": [o.model_dump(mode="json") for o in self.objectives],
            "exits": [e.model_dump(mode="json") for e in self.exits],
        }

    def to_map(self) -> MapFile:
        """The document as a :class:`MapFile` (schema-checked, geometry not checked).

        Raises:
            pydantic.ValidationError: when a field breaks the schema (duplicate
                ids, a bad id, ...).
        """
        return MapFile.model_validate(self.to_dict())

    def schema_error(self) -> str | None:
        """Why the document does not fit the map schema, or None."""
        try:
            self.to_map()
        except ValidationError as e:
            return problem_text(e)
        return None

    @property
    def table(self) -> TableSize:
        """The table size as the map model."""
        return TableSize(width_mm=self.width, height_mm=self.height)

    @property
    def preset(self) -> str:
        """Name of the table preset in use, or ``"free"``."""
        return preset_name(self.width, self.height)

    # -- lookup ------------------------------------------------------------
    def collection(self, name: str) -> list:
        """The list for collection ``name`` (features, zones, objectives, exits)."""
        if name not in COLLECTIONS:
            raise KeyError(f"unknown collection {name!r}")
        return getattr(self, name)

    def find(self, item_id: str, collection: str | None = None) -> tuple[str, int] | None:
        """``(collection, index)`` of the item with ``item_id`` (in ``collection``
        when given), or None. Map files may reuse an id across collections (an
        objective named after its feature); without ``collection`` features
        win, then zones, objectives, exits. ``item_id`` may also be a
        ``(collection, id)`` key, as the editor's selection stores them."""
        if isinstance(item_id, tuple):
            collection, item_id = item_id
        for name in ([collection] if collection else COLLECTIONS):
            for i, item in enumerate(getattr(self, name)):
                if item.id == item_id:
                    return name, i
        return None

    def get(self, item_id: str, collection: str | None = None):
        """The item with ``item_id`` (see :meth:`find`). Raises KeyError when there is none."""
        where = self.find(item_id, collection)
        if where is None:
            raise KeyError(item_id)
        return self.collection(where[0])[where[1]]

    def key(self, item_id) -> tuple[str, str] | None:
        """The ``(collection, id)`` key of a selection entry (an id or a key), or None."""
        where = self.find(item_id)
        if where is None:
            return None
        return where[0], self.collection(where[0])[where[1]].id

    def selected_keys(self) -> set[tuple[str, str]]:
        """The selection as ``(collection, id)`` keys."""
        return {k for k in (self.key(s) for s in self.selection) if k is not None}

    def feature(self, fid: str) -> TerrainFeature:
        """The feature ``fid``. Raises KeyError when there is no such feature."""
        for f in self.features:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def ids(self) -> set[str]:
        """Every id in use, all collections together."""
        return {item.id for name in COLLECTIONS for item in getattr(self, name)}

    def new_id(self, prefix: str, taken: set[str] | None = None) -> str:
        """A fresh id ``<prefix><n>`` not used by any item (nor in ``taken``)."""
        used = self.ids() | (taken or set())
        n = 1
        while f"{prefix}{n}" in used:
            n += 1
        return f"{prefix}{n}"

    def touch(self) -> None:
        """Record a change: bump the revision (:attr:`dirty` then compares the
        map with the saved one)."""
        self.revision += 1

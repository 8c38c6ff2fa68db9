"""Edit commands on vertices, feature properties, doors, deployment zones,
objectives, exits and the map itself (re-exported by :mod:`game.editor.commands`).
Coordinates are mm."""

from __future__ import annotations

from typing import Any, Iterable

from pydantic import BaseModel

from game.data.maps import Exit, ObjectivePoint, Opening, TerrainFeature, Zone
from game.editor import shapes
from game.editor.command_base import (OPENING_TOLERANCE, Command, EditError, PatchCommand, Point,
                                      _check_new_id, _insert, _rebuild, _replace, _require, _validated)
from game.editor.document import TABLE_PRESETS, MapDocument
from game.editor.kinds import catalogue

# -- vertex editing ---------------------------------------------------------------

def _rings(item: Any) -> list[list[Point]]:
    if isinstance(item, TerrainFeature):
        return [list(item.exterior), *[list(h) for h in item.holes]]
    if isinstance(item, Zone):
        return [list(item.polygon)]
    raise EditError(f"{item.id} has no vertices to edit")


def _with_rings(item: Any, rings: list[list[Point]]) -> Any:
    what = f"{type(item).__name__} {item.id}"
    if isinstance(item, TerrainFeature):
        return _rebuild(item, what, exterior=rings[0], holes=rings[1:])
    return _rebuild(item, what, polygon=rings[0])


class _VertexCommand(PatchCommand):
    def __init__(self, item_id: str, ring: int, index: int) -> None:
        super().__init__()
        self.item_id, self.ring, self.index = item_id, ring, index

    def edit(self, ring: list[Point]) -> list[Point]:  # pragma: no cover - interface
        raise NotImplementedError

    def compute(self, doc):
        item = _require(doc, self.item_id)
        rings = _rings(item)
        if not 0 <= self.ring < len(rings):
            raise EditError(f"{self.item_id} has no ring {self.ring} (0 is the outline, 1.. the holes)")
        if not 0 <= self.index < len(rings[self.ring]):
            raise EditError(f"{self.item_id} ring {self.ring} has no vertex or edge {self.index}")
        rings[self.ring] = self.edit(rings[self.ring])
        return [_replace(doc, _with_rings(item, rings))]


class MoveVertex(_VertexCommand):
    """Drag vertex ``index`` of ring ``ring`` (0: outline, k: hole k-1) of a feature or zone to ``point`` (mm)."""

    label = "move vertex"

    def __init__(self, item_id: str, ring: int, index: int, point: Point) -> None:
        super().__init__(item_id, ring, index)
        self.point = (float(point[0]), float(point[1]))

    def edit(self, ring):
        ring[self.index] = self.point
        return ring


class InsertVertex(_VertexCommand):
    """Insert ``point`` (mm) on edge ``index`` (from vertex index to index+1) of a ring."""

    label = "insert vertex"

    def __init__(self, item_id: str, ring: int, index: int, point: Point) -> None:
        super().__init__(item_id, ring, index)
        self.point = (float(point[0]), float(point[1]))

    def edit(self, ring):
        ring.insert(self.index + 1, self.point)
        return ring


class DeleteVertex(_VertexCommand):
    """Delete vertex ``index`` of a ring; a ring keeps at least 3 vertices (else :class:`EditError`)."""

    label = "delete vertex"

    def edit(self, ring):
        if len(ring) <= 3:
            raise EditError("a polygon keeps at least 3 vertices (delete the feature instead)")
        del ring[self.index]
        return ring


# -- semantics --------------------------------------------------------------------

_FEATURE_FIELDS = {"kind", "name", "height", "tags", "cover", "move_cost", "properties"}


class SetFeature(PatchCommand):
    """Set fields of feature ``fid``: kind, name, height (mm), tags, cover, move_cost, properties.

    Raises :class:`EditError` for an unknown field or a value the map schema refuses.
    """

    label = "set properties"

    def __init__(self, fid: str, **fields: Any) -> None:
        super().__init__()
        bad = set(fields) - _FEATURE_FIELDS
        if bad:
            raise EditError(f"cannot set {', '.join(sorted(bad))} (settable: {', '.join(sorted(_FEATURE_FIELDS))})")
        self.fid, self.fields = fid, fields

    def compute(self, doc):
        f = _require(doc, self.fid, "features")
        return [_replace(doc, _rebuild(f, f"feature {f.id}", **self.fields))]


class SetKind(SetFeature):
    """Change a feature's kind; with ``apply_defaults`` also its height, tags, cover and move cost."""

    label = "set kind"

    def __init__(self, fid: str, kind: str, apply_defaults: bool = True) -> None:
        fields: dict[str, Any] = {"kind": kind}
        spec = catalogue().kind(kind)
        if apply_defaults and spec:
            fields.update(height=spec.height, tags=list(spec.tags), cover=spec.cover, move_cost=spec.move_cost)
        super().__init__(fid, **fields)


class AddOpening(PatchCommand):
    """Add a door (or window, gap) between points a and b on one edge of feature ``fid``.

    Both ends snap onto the nearest edge of the outline or a hole; they must be
    within :data:`OPENING_TOLERANCE` mm of the same edge. Raises :class:`EditError` otherwise.
    """

    label = "add door"

    def __init__(self, fid: str, a: Point, b: Point, kind: str = "door", id: str | None = None) -> None:
        super().__init__()
        self.fid, self.a, self.b, self.kind, self.id = fid, a, b, kind, id

    def compute(self, doc):
        f = _require(doc, self.fid, "features")
        best = None
        for ring in [list(f.exterior), *[list(h) for h in f.holes]]:
            for i in range(len(ring)):
                p, q = ring[i], ring[(i + 1) % len(ring)]
                qa, _, da = shapes.project_on_segment(self.a, p, q)
                qb, _, db = shapes.project_on_segment(self.b, p, q)
                if max(da, db) <= OPENING_TOLERANCE and (best is None or da + db < best[0]):
                    # an end already on the edge is kept as given (exact round trips)
                    best = (da + db, self.a if da <= 1e-9 else _round(qa), self.b if db <= 1e-9 else _round(qb))
        if best is None:
            raise EditError(f"both ends of the {self.kind} must lie on the same edge of {f.id}")
        _, qa, qb = best
        if qa == qb:
            raise EditError(f"the {self.kind} has no width")
        taken = {o.id for o in f.openings}
        oid = self.id or next(f"{self.kind}{n}" for n in range(1, len(taken) + 2) if f"{self.kind}{n}" not in taken)
        if oid in taken:
            raise EditError(f"{f.id} already has an opening {oid!r}")
        op = _validated(Opening, {"id": oid, "kind": self.kind, "a": (float(qa[0]) + 0.0, float(qa[1]) + 0.0),
                                  "b": (float(qb[0]) + 0.0, float(qb[1]) + 0.0)}, f"opening {oid}")
        return [_replace(doc, _rebuild(f, f"feature {f.id}", openings=[*[o.model_dump() for o in f.openings], op.model_dump()]))]


def _round(p: Point) -> Point:
    return (round(p[0], 6) + 0.0, round(p[1], 6) + 0.0)


class RemoveOpening(PatchCommand):
    """Remove opening ``opening_id`` from feature ``fid``."""

    label = "remove door"

    def __init__(self, fid: str, opening_id: str) -> None:
        super().__init__()
        self.fid, self.opening_id = fid, opening_id

    def compute(self, doc):
        f = _require(doc, self.fid, "features")
        if all(o.id != self.opening_id for o in f.openings):
            raise EditError(f"{f.id} has no opening {self.opening_id!r}")
        ops = [o.model_dump() for o in f.openings if o.id != self.opening_id]
        return [_replace(doc, _rebuild(f, f"feature {f.id}", openings=ops))]


# -- zones, objectives, exits ------------------------------------------------------

class _AddItem(PatchCommand):
    collection = ""
    model: type = BaseModel
    prefix = ""

    def __init__(self, id: str | None, **data: Any) -> None:
        super().__init__()
        self.id, self.data = id, data

    def compute(self, doc):
        iid = self.id or doc.new_id(self.prefix)
        _check_new_id(doc, iid, self.collection)
        return [_insert(self.collection, _validated(self.model, {"id": iid, **self.data}, f"{self.prefix} {iid}"))]

    def selection_after(self, doc, changes):
        return {changes[0].item_id}


class _EditItem(PatchCommand):
    collection = ""

    def __init__(self, item_id: str, **fields: Any) -> None:
        super().__init__()
        self.item_id, self.fields = item_id, {k: v for k, v in fields.items()}

    def compute(self, doc):
        item = _require(doc, self.item_id, self.collection)
        if "id" in self.fields:
            raise EditError("ids cannot be changed")
        return [_replace(doc, _rebuild(item, f"{self.collection} {item.id}", **self.fields))]


class AddZone(_AddItem):
    """Add a deployment zone for ``side`` with outline ``polygon`` (mm)."""

    label, collection, model, prefix = "add deployment zone", "zones", Zone, "zone"

    def __init__(self, side: str, polygon: Iterable[Point], id: str | None = None) -> None:
        super().__init__(id, side=side, polygon=[tuple(p) for p in polygon])


class EditZone(_EditItem):
    """Change a deployment zone's ``side`` or ``polygon``."""

    label, collection = "edit deployment zone", "zones"


class AddObjective(_AddItem):
    """Add an objective marker at (x, y) mm with ``radius`` mm."""

    label, collection, model, prefix = "add objective", "objectives", ObjectivePoint, "objective"

    def __init__(self, x: float, y: float, kind: str = "marker", label: str = "", radius: float = 0.0,
                 id: str | None = None) -> None:
        super().__init__(id, x=x, y=y, kind=kind, label=label, radius=radius)


class EditObjective(_EditItem):
    """Change an objective's x, y, kind, label or radius."""

    label, collection = "edit objective", "objectives"


class AddExit(_AddItem):
    """Add an exit on a table ``edge`` (north, south, east, west), optionally for one ``side``,
    from ``start_mm`` to ``end_mm`` along the edge (None: the whole edge)."""

    label, collection, model, prefix = "add exit", "exits", Exit, "exit"

    def __init__(self, edge: str, side: str | None = None, start_mm: float = 0.0, end_mm: float | None = None,
                 id: str | None = None) -> None:
        super().__init__(id, edge=edge, side=side, start_mm=start_mm, end_mm=end_mm)


class EditExit(_EditItem):
    """Change an exit's edge, side, start_mm or end_mm."""

    label, collection = "edit exit", "exits"


# -- the map itself -----------------------------------------------------------------

class SetTable(Command):
    """Change the table size to ``width`` x ``height`` mm (see :meth:`preset`).

    Raises :class:`EditError` for a size the map schema refuses (not in 0..10000 mm].
    """

    label = "table size"

    def __init__(self, width: float, height: float) -> None:
        if not (0 < width <= 10000 and 0 < height <= 10000):
            raise EditError("table width and depth must be more than 0 and at most 10000 mm")
        self.size = (float(width), float(height))
        self._before = self.size

    @classmethod
    def preset(cls, name: str) -> "SetTable":
        """The command for a preset (2'x2', 3'x3', 4'x6', 6'x4')."""
        if name not in TABLE_PRESETS:
            raise EditError(f"unknown table preset {name!r}")
        return cls(*TABLE_PRESETS[name])

    def do(self, doc: MapDocument) -> None:
        self._before = (doc.width, doc.height)
        doc.width, doc.height = self.size
        doc.touch()

    def undo(self, doc: MapDocument) -> None:
        doc.width, doc.height = self._before
        doc.touch()


_INFO_FIELDS = ("id", "name", "description", "ruleset")


class SetMapInfo(Command):
    """Change the map's id, name, description or ruleset."""

    label = "map info"

    def __init__(self, **fields: Any) -> None:
        bad = set(fields) - set(_INFO_FIELDS)
        if bad:
            raise EditError(f"cannot set {', '.join(sorted(bad))}")
        self.fields = fields
        self._before: dict[str, Any] = {}

    def do(self, doc: MapDocument) -> None:
        import re

        if "id" in self.fields and not re.fullmatch(r"[A-Za-z0-9_.:-]+", str(self.fields["id"])):
            raise EditError("a map id uses letters, digits and _ . : - only")
        self._before = {k: getattr(doc, k) for k in self.fields}
        for k, v in self.fields.items():
            setattr(doc, k, v)
        doc.touch()

    def undo(self, doc: MapDocument) -> None:
        for k, v in self._before.items():
            setattr(doc, k, v)
        doc.touch()

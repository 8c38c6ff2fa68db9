"""Edit commands: every change to a :class:`MapDocument` is a command with
``do`` and ``undo``; :class:`game.editor.history.History` runs them.

A command checks its arguments when it is built (plain arguments: a zero-size
rectangle, a zero scale factor) or when first done (anything that depends on
the document) and raises :class:`EditError` (with a reason for the user)
before touching the document. Once done, ``undo``
and a later ``do`` (redo) replay exactly the same change.

Most commands are *patches*: on the first ``do`` they compute the new
versions of the items they change (features, zones, objectives, exits; all
frozen pydantic models, re-validated) and then swap old and new by id.
Coordinates are mm, angles degrees clockwise on screen (y down).
"""

from __future__ import annotations

from typing import Any, Iterable

from game.data.maps import Exit, ObjectivePoint, TerrainFeature, Zone
from game.editor import shapes
from game.editor.command_base import (OPENING_TOLERANCE, Command, EditError, PatchCommand, Point,  # noqa: F401
                                      _Change, _check_new_id, _collection_of, _insert, _rebuild, _replace, _require, _validated)
from game.editor.document import COLLECTIONS, MapDocument  # noqa: F401
from game.editor.kinds import catalogue

# -- creating features --------------------------------------------------------

class AddFeature(PatchCommand):
    """Add a terrain feature of ``kind`` with the given outline and holes (mm).

    Height, tags, cover and move cost default to the kind's catalogue values.
    The new feature is selected.
    """

    label = "add feature"

    def __init__(self, kind: str, exterior: Iterable[Point], holes: Iterable[Iterable[Point]] = (), *,
                 id: str | None = None, name: str = "", height: float | None = None,
                 tags: Iterable[str] | None = None, cover: str | None = None, move_cost: float | None = None,
                 properties: dict[str, Any] | None = None, openings: Iterable[dict] = ()) -> None:
        super().__init__()
        self.kind, self.id, self.name = kind, id, name
        self.exterior = [tuple(map(float, p)) for p in exterior]
        self.holes = [[tuple(map(float, p)) for p in h] for h in holes]
        self.height, self.tags, self.cover, self.move_cost = height, tags, cover, move_cost
        self.properties = dict(properties or {})
        self.openings = [dict(o) for o in openings]

    def build(self, doc: MapDocument) -> TerrainFeature:
        """The feature this command adds. Raises :class:`EditError`."""
        spec = catalogue().kind(self.kind)
        fid = self.id or doc.new_id(_id_prefix(self.kind))
        _check_new_id(doc, fid, "features")
        data = {
            "id": fid, "kind": self.kind, "name": self.name,
            "exterior": self.exterior, "holes": self.holes,
            "height": self.height if self.height is not None else (spec.height if spec else 0.0),
            "tags": list(self.tags) if self.tags is not None else (list(spec.tags) if spec else []),
            "cover": self.cover if self.cover is not None else (spec.cover if spec else None),
            "move_cost": self.move_cost if self.move_cost is not None else (spec.move_cost if spec else 1.0),
            "properties": self.properties, "openings": self.openings,
        }
        return _validated(TerrainFeature, data, f"feature {fid}")

    def compute(self, doc: MapDocument) -> list[_Change]:
        return [_insert("features", self.build(doc))]

    def selection_after(self, doc, changes):
        return {changes[0].item_id}


def _id_prefix(kind: str) -> str:
    return "".join(c if c.isalnum() or c == "_" else "_" for c in kind) or "feature"


class AddRectangle(AddFeature):
    """Add an axis-aligned rectangular feature with corners (x0, y0), (x1, y1) mm."""

    label = "add rectangle"

    def __init__(self, kind: str, x0: float, y0: float, x1: float, y1: float, **kw: Any) -> None:
        try:
            ring = shapes.rectangle(x0, y0, x1, y1)
        except ValueError as e:
            raise EditError(str(e)) from None
        super().__init__(kind, ring, **kw)


class AddEllipse(AddFeature):
    """Add an ellipse (semi-axes rx, ry mm, rotated ``rotation`` degrees) as a polygon of ``vertices`` corners."""

    label = "add ellipse"

    def __init__(self, kind: str, cx: float, cy: float, rx: float, ry: float, vertices: int = 24,
                 rotation: float = 0.0, **kw: Any) -> None:
        try:
            ring = shapes.ellipse(cx, cy, rx, ry, vertices, rotation)
        except ValueError as e:
            raise EditError(str(e)) from None
        super().__init__(kind, ring, **kw)


class AddCircle(AddEllipse):
    """Add a circle of radius ``r`` mm as a polygon of ``vertices`` corners."""

    label = "add circle"

    def __init__(self, kind: str, cx: float, cy: float, r: float, vertices: int = 24, **kw: Any) -> None:
        super().__init__(kind, cx, cy, r, r, vertices, **kw)


# -- drawing a polygon vertex by vertex ------------------------------------------

class DraftAddVertex(Command):
    """Add a vertex (mm) to the polygon being drawn (``doc.draft``)."""

    label = "add vertex"
    changes_content = False

    def __init__(self, x: float, y: float) -> None:
        self.point = (float(x), float(y))

    def do(self, doc: MapDocument) -> None:
        doc.draft.append(self.point)

    def undo(self, doc: MapDocument) -> None:
        doc.draft.pop()


class CancelDraft(Command):
    """Throw away the polygon being drawn."""

    label = "cancel drawing"
    changes_content = False

    def __init__(self) -> None:
        self._saved: list[Point] = []

    def do(self, doc: MapDocument) -> None:
        self._saved, doc.draft = list(doc.draft), []

    def undo(self, doc: MapDocument) -> None:
        doc.draft = list(self._saved)


class _FinishDraft(Command):
    """Turn the draft polygon into something; undo gives the draft back (in
    a :class:`~game.editor.history.History`, the vertices it was drawn with
    are one undo step with it: one Undo takes the whole polygon back)."""

    absorbs = DraftAddVertex

    def __init__(self) -> None:
        self._inner: PatchCommand | None = None
        self._draft: list[Point] = []

    def make(self, doc: MapDocument, ring: list[Point]) -> PatchCommand:  # pragma: no cover - interface
        raise NotImplementedError

    def do(self, doc: MapDocument) -> None:
        if self._inner is None:
            if len(doc.draft) < 3:
                raise EditError("a polygon needs at least 3 vertices")
            self._draft = list(doc.draft)
            self._inner = self.make(doc, self._draft)
        self._inner.do(doc)
        doc.draft = []

    def undo(self, doc: MapDocument) -> None:
        assert self._inner is not None
        self._inner.undo(doc)
        doc.draft = list(self._draft)


class FinishPolygon(_FinishDraft):
    """Close the draft polygon into a new feature of ``kind`` (options as :class:`AddFeature`)."""

    label = "finish polygon"

    def __init__(self, kind: str, **kw: Any) -> None:
        super().__init__()
        self.kind, self.kw = kind, kw

    def make(self, doc: MapDocument, ring: list[Point]) -> PatchCommand:
        return AddFeature(self.kind, ring, **self.kw)


class FinishHole(_FinishDraft):
    """Close the draft polygon into a hole of feature ``fid``."""

    label = "finish hole"

    def __init__(self, fid: str) -> None:
        super().__init__()
        self.fid = fid

    def make(self, doc: MapDocument, ring: list[Point]) -> PatchCommand:
        return AddHole(self.fid, ring)


class FinishZone(_FinishDraft):
    """Close the draft polygon into a deployment zone for ``side``."""

    label = "finish zone"

    def __init__(self, side: str, id: str | None = None) -> None:
        super().__init__()
        self.side, self.id = side, id

    def make(self, doc: MapDocument, ring: list[Point]) -> PatchCommand:
        return AddZone(self.side, ring, id=self.id)


# -- holes --------------------------------------------------------------------

class AddHole(PatchCommand):
    """Add an inner ring (mm) to feature ``fid``: a courtyard, a clearing."""

    label = "add hole"

    def __init__(self, fid: str, ring: Iterable[Point]) -> None:
        super().__init__()
        self.fid, self.ring = fid, [tuple(map(float, p)) for p in ring]

    def compute(self, doc):
        f = _require(doc, self.fid, "features")
        if len(self.ring) < 3:
            raise EditError("a hole needs at least 3 vertices")
        return [_replace(doc, _rebuild(f, f"feature {f.id}", holes=[*f.holes, self.ring]))]


class RemoveHole(PatchCommand):
    """Remove hole number ``index`` (0-based) of feature ``fid``."""

    label = "remove hole"

    def __init__(self, fid: str, index: int) -> None:
        super().__init__()
        self.fid, self.index = fid, index

    def compute(self, doc):
        f = _require(doc, self.fid, "features")
        if not 0 <= self.index < len(f.holes):
            raise EditError(f"feature {f.id} has no hole {self.index}")
        holes = [h for i, h in enumerate(f.holes) if i != self.index]
        return [_replace(doc, _rebuild(f, f"feature {f.id}", holes=holes))]


# -- selection ------------------------------------------------------------------

class Select(Command):
    """Change the selection: ``mode`` replace, add, toggle or clear. Does not dirty the document.
    ``ids`` are ids or ``(collection, id)`` keys (commands accept either)."""

    label = "select"
    changes_content = False

    def __init__(self, ids: Iterable[str] = (), mode: str = "replace") -> None:
        if mode not in ("replace", "add", "toggle", "clear"):
            raise EditError(f"unknown selection mode {mode!r}")
        self.ids, self.mode = set(ids), mode
        self._before: set[str] = set()

    def do(self, doc: MapDocument) -> None:
        missing = [i for i in sorted(self.ids, key=str) if doc.find(i) is None]
        if missing:
            raise EditError(f"nothing with id {missing[0]!r} to select")
        self._before = set(doc.selection)
        if self.mode == "replace":
            doc.selection = set(self.ids)
        elif self.mode == "add":
            doc.selection |= self.ids
        elif self.mode == "toggle":
            doc.selection ^= self.ids
        else:
            doc.selection = set()

    def undo(self, doc: MapDocument) -> None:
        doc.selection = set(self._before)


# -- transforms -----------------------------------------------------------------

def _transform_item(item: Any, fn) -> Any:
    """Apply a ring transform ``fn(ring) -> ring`` to an item's geometry."""
    what = f"{type(item).__name__} {item.id}"
    if isinstance(item, TerrainFeature):
        openings = []
        for o in item.openings:
            a, b = fn([o.a, o.b])
            openings.append({**o.model_dump(), "a": a, "b": b})
        return _rebuild(item, what, exterior=fn(list(item.exterior)), holes=[fn(list(h)) for h in item.holes],
                        openings=openings)
    if isinstance(item, Zone):
        return _rebuild(item, what, polygon=fn(list(item.polygon)))
    if isinstance(item, ObjectivePoint):
        (x, y), = fn([(item.x, item.y)])
        return _rebuild(item, what, x=x, y=y)
    raise EditError(f"{item.id} cannot be moved (exits follow the table edge)")


def _item_rings(item: Any) -> list[list[Point]]:
    if isinstance(item, TerrainFeature):
        return [list(item.exterior)]
    if isinstance(item, Zone):
        return [list(item.polygon)]
    if isinstance(item, ObjectivePoint):
        return [[(item.x, item.y)]]
    return []


class _TransformCommand(PatchCommand):
    def __init__(self, ids: Iterable[str]) -> None:
        super().__init__()
        self.ids = list(dict.fromkeys(ids))

    def ring_fn(self, doc: MapDocument, items: list[Any]):  # pragma: no cover - interface
        raise NotImplementedError

    def compute(self, doc):
        if not self.ids:
            raise EditError("nothing selected")
        items = [_require(doc, i) for i in self.ids]
        for it in items:
            if isinstance(it, Exit):
                raise EditError(f"{it.id} cannot be moved (exits follow the table edge; edit it instead)")
        fn = self.ring_fn(doc, items)
        return [_replace(doc, _transform_item(it, fn)) for it in items]


class Move(_TransformCommand):
    """Move items (features, zones, objectives) by (dx, dy) mm."""

    label = "move"

    def __init__(self, ids: Iterable[str], dx: float, dy: float) -> None:
        super().__init__(ids)
        self.dx, self.dy = float(dx), float(dy)

    def ring_fn(self, doc, items):
        return lambda ring: shapes.translate(ring, self.dx, self.dy)


class Rotate(_TransformCommand):
    """Rotate items by ``angle`` degrees (clockwise on screen) about ``origin``
    (default: the centre of their bounding box), mm."""

    label = "rotate"

    def __init__(self, ids: Iterable[str], angle: float, origin: Point | None = None) -> None:
        super().__init__(ids)
        self.angle, self.origin = float(angle), origin

    def ring_fn(self, doc, items):
        origin = self.origin or shapes.bounds_centre([r for it in items for r in _item_rings(it)])
        return lambda ring: shapes.rotate(ring, self.angle, origin)


class Scale(_TransformCommand):
    """Scale items by (sx, sy) (sy defaults to sx) about ``origin`` (default: bounding-box centre).

    Raises :class:`EditError` for a zero factor. Negative factors mirror.
    """

    label = "scale"

    def __init__(self, ids: Iterable[str], sx: float, sy: float | None = None, origin: Point | None = None) -> None:
        super().__init__(ids)
        self.sx, self.sy, self.origin = float(sx), float(sx if sy is None else sy), origin
        if self.sx == 0 or self.sy == 0:
            raise EditError("scale factor must not be zero")

    def ring_fn(self, doc, items):
        origin = self.origin or shapes.bounds_centre([r for it in items for r in _item_rings(it)])
        return lambda ring: shapes.scale(ring, self.sx, self.sy, origin)


class Duplicate(PatchCommand):
    """Copy items (new ids), offset by (dx, dy) mm; the copies become the selection."""

    label = "duplicate"

    def __init__(self, ids: Iterable[str], dx: float = 20.0, dy: float = 20.0) -> None:
        super().__init__()
        self.ids, self.dx, self.dy = list(dict.fromkeys(ids)), float(dx), float(dy)

    def compute(self, doc):
        if not self.ids:
            raise EditError("nothing selected")
        out, taken = [], set()
        for i in self.ids:
            it = _require(doc, i)
            coll = _collection_of(it)
            base = it.id.rstrip("0123456789") or "copy"
            nid = doc.new_id(base, taken)
            taken.add(nid)
            moved = it if coll == "exits" else _transform_item(it, lambda r: shapes.translate(r, self.dx, self.dy))
            out.append(_insert(coll, _rebuild(moved, f"copy of {it.id}", id=nid)))
        return out

    def selection_after(self, doc, changes):
        return {c.item_id for c in changes}


class Delete(PatchCommand):
    """Delete items of any collection by id."""

    label = "delete"

    def __init__(self, ids: Iterable[str]) -> None:
        super().__init__()
        self.ids = list(dict.fromkeys(ids))

    def compute(self, doc):
        if not self.ids:
            raise EditError("nothing selected")
        out = []
        for i in self.ids:
            it = _require(doc, i)
            out.append(_Change(_collection_of(it), it.id, it, None))
        return out


# The vertex, property, door, zone, objective, exit and map commands.
from game.editor.commands_edit import (AddExit, AddObjective, AddOpening, AddZone, DeleteVertex,  # noqa: E402,F401
                                       EditExit, EditObjective, EditZone, InsertVertex, MoveVertex, RemoveOpening,
                                       SetFeature, SetKind, SetMapInfo, SetTable)

"""The base of the edit commands: :class:`Command`, :class:`PatchCommand`
(computed once as item changes, then swapped in and out by id),
:class:`EditError` and the helpers the command modules share. See
:mod:`game.editor.commands` for the commands themselves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from game.data.errors import problem_text
from game.data.maps import Exit, ObjectivePoint, TerrainFeature, Zone
from game.editor.document import MapDocument

Point = tuple[float, float]

#: How far (mm) a door end may be from a feature edge and still snap onto it.
OPENING_TOLERANCE = 5.0


class EditError(ValueError):
    """An edit that cannot be made; ``str(err)`` is a sentence for the user."""


def _validated(model: type[BaseModel], data: dict[str, Any], what: str) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise EditError(f"{what}: {problem_text(e)}") from None


def _rebuild(item: BaseModel, what: str, **changes: Any) -> Any:
    return _validated(type(item), {**item.model_dump(), **changes}, what)


class Command:
    """One undoable edit. Subclasses implement :meth:`do` and :meth:`undo`."""

    label = "edit"
    #: False for commands that change only the view (selection): no dirty flag.
    changes_content = True
    #: a command class whose commands, run just before this one, are the
    #: steps of this same action: :class:`~game.editor.history.History` keeps
    #: them and this one as one undo step (:class:`Steps`)
    absorbs: type | None = None

    def do(self, doc: MapDocument) -> None:  # pragma: no cover - interface
        """Apply the edit. Raises :class:`EditError` (document unchanged) when it cannot be made."""
        raise NotImplementedError

    def undo(self, doc: MapDocument) -> None:  # pragma: no cover - interface
        """Revert the edit made by the last :meth:`do`."""
        raise NotImplementedError


class Steps(Command):
    """Commands undone and redone as one (the vertices of a polygon and its
    closing: the player's one action); named as the last of them."""

    def __init__(self, parts: list[Command]) -> None:
        self.parts = list(parts)
        self.label = parts[-1].label
        self.changes_content = any(p.changes_content for p in parts)

    def do(self, doc: MapDocument) -> None:
        for p in self.parts:
            p.do(doc)

    def undo(self, doc: MapDocument) -> None:
        for p in reversed(self.parts):
            p.undo(doc)


@dataclass
class _Change:
    collection: str
    item_id: str
    before: Any
    after: Any
    index: int | None = None


class PatchCommand(Command):
    """A command computed once as a list of item changes, then swapped in and out."""

    def __init__(self) -> None:
        self._changes: list[_Change] | None = None
        self._sel_before: set[str] = set()
        self._sel_after: set[str] | None = None

    def compute(self, doc: MapDocument) -> list[_Change]:  # pragma: no cover - interface
        """The changes this command makes to ``doc`` (must not mutate it)."""
        raise NotImplementedError

    def selection_after(self, doc: MapDocument, changes: list[_Change]) -> set[str] | None:
        """Selection to set after doing (None: keep, minus removed ids)."""
        return None

    def do(self, doc: MapDocument) -> None:
        if self._changes is None:
            self._changes = self.compute(doc)
            self._sel_after = self.selection_after(doc, self._changes)
        self._sel_before = set(doc.selection)
        for ch in self._changes:
            _apply(doc, ch, forward=True)
        removed = {c.item_id for c in self._changes if c.after is None}
        removed |= {(c.collection, c.item_id) for c in self._changes if c.after is None}
        doc.selection = set(self._sel_after) if self._sel_after is not None else doc.selection - removed
        doc.touch()

    def undo(self, doc: MapDocument) -> None:
        for ch in reversed(self._changes or []):
            _apply(doc, ch, forward=False)
        doc.selection = set(self._sel_before)
        doc.touch()


def _apply(doc: MapDocument, ch: _Change, forward: bool) -> None:
    items = doc.collection(ch.collection)
    old, new = (ch.before, ch.after) if forward else (ch.after, ch.before)
    if old is None:
        items.insert(len(items) if ch.index is None else ch.index, new)
        return
    idx = next(i for i, it in enumerate(items) if it.id == ch.item_id)
    if new is None:
        ch.index = idx
        del items[idx]
    else:
        items[idx] = new


_TYPES = {TerrainFeature: "features", Zone: "zones", ObjectivePoint: "objectives", Exit: "exits"}


def _collection_of(item: Any) -> str:
    return _TYPES[type(item)]


def _replace(doc: MapDocument, item: Any) -> _Change:
    coll = _collection_of(item)
    return _Change(coll, item.id, doc.get(item.id, coll), item)


def _insert(collection: str, item: Any) -> _Change:
    return _Change(collection, item.id, None, item)


def _require(doc: MapDocument, item_id: str, collection: str | None = None) -> Any:
    where = doc.find(item_id, collection)
    if where is None:
        what = {"features": "feature", "zones": "deployment zone", "objectives": "objective", "exits": "exit"}.get(collection or "", "item")
        raise EditError(f"no {what} {item_id[1] if isinstance(item_id, tuple) else item_id!r}")
    return doc.collection(where[0])[where[1]]


def _check_new_id(doc: MapDocument, item_id: str, collection: str) -> None:
    """Refuse ``item_id`` when an item of ``collection`` already has it.

    Features, zones, objectives and exits are separate id namespaces in the
    map file (an objective may share its feature's id); generated ids
    (:meth:`MapDocument.new_id`) stay unique across all of them.
    """
    if any(item.id == item_id for item in doc.collection(collection)):
        what = {"features": "feature", "zones": "deployment zone", "objectives": "objective", "exits": "exit"}[collection]
        raise EditError(f"id {item_id!r} is already used by another {what}")

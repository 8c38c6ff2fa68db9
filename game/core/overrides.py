"""Data overrides: a battle played with some values of a ruleset's data tables
changed (a threat level, a point cost, a weapon's strength), for balance
experiments (``battletable lab``), never by editing the data files and never
by changing the loaded data in place.

A ruleset that allows overrides has the optional hook ``data_slot()``
returning a :class:`BattleData`: the root of its validated data as loaded
(attributes, dicts by key, lists by index or by the ``id`` of their items,
pydantic models by field) and the one accessor its rules read the data
through. An override is a dotted path into that tree and a new value:
``enemies.fighter.tl = 8``. Each new value is validated by the model that
holds it (its types and ranges), so an override can only make data the
ruleset could have loaded from its files.

The overrides of a battle live in its scenario (``Scenario.data_overrides``),
so a replay's embedded scenario carries them and ``battletable verify``
re-simulates with the same data. :func:`overridden` builds a copy of the
root with the overrides applied (copy on write along each path: the loaded
data is shared, never changed); the battle holds that copy
(``game.core.session.Battle``) and makes it the data its rules read only
while it resolves, sets up or lets an agent choose (:meth:`BattleData.holding`,
a context variable: other battles, threads and later battles see their own
data). Nothing that outlives the battle changes (design.md, Principles 1).
"""

from __future__ import annotations

import copy
import functools
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Generic, Iterator, TypeVar

from pydantic import BaseModel, ValidationError

from game.data.errors import first_problem

D = TypeVar("D")


class OverrideError(ValueError):
    """An override path that names nothing, or a value its model refuses;
    ``where`` is the path, ``reason`` the words."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where, self.reason = where, reason


class BattleData(Generic[D]):
    """The data a ruleset's rules read: ``loaded`` (the files' data, shared
    and never changed) unless a battle holds its own copy
    (:meth:`holding`). ``get()`` is the accessor the rules call. ``fixed``
    names the paths read once at import (constants of geometry), which an
    override may not change."""

    def __init__(self, name: str, loaded: D, fixed: tuple[str, ...] = ()) -> None:
        self.loaded = loaded
        self.fixed = fixed
        self._var: ContextVar[D] = ContextVar(name, default=loaded)
        self.get = self._var.get  #: the data of the battle resolving now (``loaded`` outside any battle)

    @contextmanager
    def holding(self, data: D) -> Iterator[D]:
        """Within the block (in this thread or task only), ``get()`` gives
        ``data``; as before on leaving, even on an error."""
        token = self._var.set(data)
        try:
            yield data
        finally:
            self._var.reset(token)


def _child(obj: Any, part: str, where: str) -> Any:
    if isinstance(obj, dict):
        if part in obj:
            return obj[part]
        raise OverrideError(where, f"no entry {part!r} (known: {', '.join(map(str, list(obj)[:12]))})")
    if isinstance(obj, (list, tuple)):
        return obj[_index(obj, part, where)]
    fields = type(obj).model_fields if isinstance(obj, BaseModel) else None
    if fields is not None and part not in fields:
        raise OverrideError(where, f"no field {part!r} (fields: {', '.join(fields)})")
    if fields is None and (part.startswith("_") or not hasattr(obj, part)):
        raise OverrideError(where, f"no table {part!r}")
    return getattr(obj, part)


def _index(seq: list | tuple, part: str, where: str) -> int:
    if part.lstrip("-").isdigit() and -len(seq) <= int(part) < len(seq):
        return int(part) % len(seq)
    hit = [i for i, x in enumerate(seq) if getattr(x, "id", None) == part]
    if hit:
        return hit[0]
    raise OverrideError(where, f"no item {part!r} (an index below {len(seq)} or an item id)")


def _parts(path: str) -> list[str]:
    parts = path.split(".")
    if not path or any(not p for p in parts):
        raise OverrideError(path, "an override path is dotted names, e.g. enemies.fighter.tl")
    return parts


def _validated(holder: Any, key: str, value: Any, where: str) -> Any:
    """``value`` as the holder's model would store it in field ``key``."""
    if not isinstance(holder, BaseModel):
        old = _child(holder, key, where)
        if isinstance(old, (BaseModel, dict, list)) or type(value) is not type(old):
            raise OverrideError(where, f"must be a {type(old).__name__} value (got {value!r})")
        return value
    try:
        new = type(holder).model_validate({**holder.model_dump(), key: value})
    except ValidationError as e:
        raise OverrideError(where, first_problem(e)[1]) from None
    return getattr(new, key)


def _replaced(obj: Any, key: str, new: Any, where: str) -> Any:
    """A shallow copy of ``obj`` with ``key`` holding ``new`` (``obj`` unchanged)."""
    if isinstance(obj, BaseModel):
        return obj.model_copy(update={key: new})
    if isinstance(obj, dict):
        out = copy.copy(obj)
        out[key] = new
        return out
    if isinstance(obj, (list, tuple)):
        items = list(obj)
        items[_index(obj, key, where)] = new
        return type(obj)(items)
    out = copy.copy(obj)
    for name, attr in vars(type(obj)).items():  # values cached from the old data are worked out again
        if isinstance(attr, functools.cached_property):
            out.__dict__.pop(name, None)
    setattr(out, key, new)
    return out


def _with(obj: Any, parts: list[str], value: Any, path: str) -> Any:
    """``obj`` with the value at ``parts`` validated and replaced, copying
    only the objects along the path."""
    key = parts[0]
    if len(parts) == 1:
        return _replaced(obj, key, _validated(obj, key, value, path), path)
    return _replaced(obj, key, _with(_child(obj, key, path), parts[1:], value, path), path)


def overridden(slot: BattleData[D], overrides: dict[str, Any]) -> D:
    """A copy of ``slot.loaded`` holding ``overrides`` (path -> value),
    applied in order; ``slot.loaded`` itself is not changed.

    Raises:
        OverrideError: an unknown or fixed path, or an invalid value.
    """
    root = slot.loaded
    for path, value in overrides.items():
        parts = _parts(path)
        if any(path == f or path.startswith(f + ".") for f in slot.fixed):
            raise OverrideError(path, "a constant read once at import: it cannot be overridden")
        root = _with(root, parts, value, path)
    return root


def override_problem(ruleset: Any, overrides: dict[str, Any]) -> tuple[str, str] | None:
    """The first override of ``overrides`` that ``ruleset`` refuses, as
    (path, reason), or None. A ruleset without ``data_slot`` refuses any."""
    if not overrides:
        return None
    slot = getattr(ruleset, "data_slot", None)
    if slot is None:
        first = next(iter(overrides))
        return first, f"the {ruleset.id} ruleset exposes no data tables to override"
    try:
        overridden(slot(), overrides)
    except OverrideError as e:
        return e.where, e.reason
    return None


class BattleTables:
    """The data one battle plays with: the ruleset's slot and the battle's
    own overridden copy (None: no overrides, the loaded data)."""

    def __init__(self, ruleset: Any, overrides: dict[str, Any] | None) -> None:
        """Raises:
            OverrideError: as :func:`overridden` (or the ruleset has no data slot)."""
        self.slot: BattleData | None = None
        self.data: Any = None
        if overrides:
            bad = override_problem(ruleset, overrides)
            if bad:
                raise OverrideError(*bad)
            self.slot = ruleset.data_slot()
            self.data = overridden(self.slot, overrides)

    @contextmanager
    def holding(self) -> Iterator[None]:
        """Within the block the ruleset's rules read this battle's data."""
        if self.slot is None:
            yield
            return
        with self.slot.holding(self.data):
            yield

"""Data overrides: a battle played with some values of a ruleset's data tables
changed (a threat level, a point cost, a weapon's strength), for balance
experiments (``battletable lab``), never by editing the data files.

A ruleset that exposes its tables has the optional hook ``data_tables()``
returning their root object (attributes, dicts by key, lists by index or by
the ``id`` of their items, pydantic models by field). An override is a dotted
path into that tree and a new value: ``enemies.fighter.tl = 8``. Each new
value is validated by the model that holds it (its types and ranges), so an
override can only make data the ruleset could have loaded from its files.

The overrides of a battle live in its scenario (``Scenario.data_overrides``),
so a replay's embedded scenario carries them and ``battletable verify``
re-simulates with the same data. They apply process-wide while a battle is
played or verified (:func:`data_overrides`) and are restored after.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from pydantic import BaseModel, ValidationError


class OverrideError(ValueError):
    """An override path that names nothing, or a value its model refuses;
    ``where`` is the path, ``reason`` the words."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where, self.reason = where, reason


def _child(obj: Any, part: str, where: str) -> Any:
    if isinstance(obj, dict):
        if part in obj:
            return obj[part]
        raise OverrideError(where, f"no entry {part!r} (known: {', '.join(map(str, list(obj)[:12]))})")
    if isinstance(obj, (list, tuple)):
        if part.lstrip("-").isdigit() and -len(obj) <= int(part) < len(obj):
            return obj[int(part)]
        hit = [x for x in obj if getattr(x, "id", None) == part]
        if hit:
            return hit[0]
        raise OverrideError(where, f"no item {part!r} (an index below {len(obj)} or an item id)")
    fields = type(obj).model_fields if isinstance(obj, BaseModel) else None
    if fields is not None and part not in fields:
        raise OverrideError(where, f"no field {part!r} (fields: {', '.join(fields)})")
    if fields is None and (part.startswith("_") or not hasattr(obj, part)):
        raise OverrideError(where, f"no table {part!r}")
    return getattr(obj, part)


def _resolve(root: Any, path: str) -> tuple[Any, str]:
    """The object holding the last part of ``path`` and that part."""
    parts = path.split(".")
    if not path or any(not p for p in parts):
        raise OverrideError(path, "an override path is dotted names, e.g. enemies.fighter.tl")
    obj = root
    for i, part in enumerate(parts[:-1]):
        obj = _child(obj, part, ".".join(parts[: i + 1]))
    _child(obj, parts[-1], path)  # the leaf exists
    return obj, parts[-1]


def _validated(holder: Any, key: str, value: Any, where: str) -> Any:
    """``value`` as the holder's model would store it in field ``key``."""
    if not isinstance(holder, BaseModel):
        old = holder[int(key)] if isinstance(holder, list) else holder[key] if isinstance(holder, dict) else getattr(holder, key)
        if isinstance(old, (BaseModel, dict, list)) or type(value) is not type(old):
            raise OverrideError(where, f"must be a {type(old).__name__} value (got {value!r})")
        return value
    try:
        new = type(holder).model_validate({**holder.model_dump(), key: value})
    except ValidationError as e:
        err = e.errors()[0]
        raise OverrideError(where, f"{err['msg'].replace('Input should be', 'must be')} (got {value!r})") from None
    return getattr(new, key)


def override_problem(ruleset: Any, overrides: dict[str, Any]) -> tuple[str, str] | None:
    """The first override of ``overrides`` that ``ruleset`` refuses, as
    (path, reason), or None. A ruleset without ``data_tables`` refuses any."""
    if not overrides:
        return None
    tables = getattr(ruleset, "data_tables", None)
    if tables is None:
        first = next(iter(overrides))
        return first, f"the {ruleset.id} ruleset exposes no data tables to override"
    root = tables()
    for path, value in overrides.items():
        try:
            holder, key = _resolve(root, path)
            _validated(holder, key, value, path)
        except OverrideError as e:
            return e.where, e.reason
    return None


def _set(holder: Any, key: str, value: Any) -> None:
    if isinstance(holder, BaseModel):
        object.__setattr__(holder, key, value)  # frozen models: changed in place, restored after
    elif isinstance(holder, list):
        holder[int(key)] = value
    elif isinstance(holder, dict):
        holder[key] = value
    else:
        setattr(holder, key, value)


def _get(holder: Any, key: str) -> Any:
    if isinstance(holder, list):
        return holder[int(key)]
    if isinstance(holder, dict):
        return holder[key]
    return getattr(holder, key)


@contextmanager
def data_overrides(ruleset: Any, overrides: dict[str, Any] | None) -> Iterator[None]:
    """Within the block, ``ruleset``'s data tables hold the ``overrides``
    (validated first); restored on leaving, even on an error.

    Raises:
        OverrideError: an unknown path or an invalid value (nothing changed).
    """
    if not overrides:
        yield
        return
    problem = override_problem(ruleset, overrides)
    if problem:
        raise OverrideError(*problem)
    root = ruleset.data_tables()
    undo: list[tuple[Any, str, Any]] = []
    try:
        for path, value in overrides.items():
            holder, key = _resolve(root, path)
            new = _validated(holder, key, value, path)
            undo.append((holder, key, _get(holder, key)))
            _set(holder, key, new)
        yield
    finally:
        for holder, key, old in reversed(undo):
            _set(holder, key, old)

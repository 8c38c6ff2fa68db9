"""The one base of every file model: strict about types.

Every model that reads a file (maps, scenarios, saves, replay headers,
campaigns, rosters, the rulesets' data tables, lab specs, settings) derives
from :class:`FileModel`, so a file is read the same way everywhere:

- unknown fields are refused, and so are NaN and infinities;
- types are strict: text is not taken for a number (``"15"``), nor ``true``
  for a number or a number for ``true``; a JSON whole number is fine where a
  number with a fraction may stand (``15`` for ``15.0``);
- a JSON list stands for a fixed-size tuple (a point ``[x, y]``, a colour):
  JSON has no tuples, so that one container is read laxly (its items stay
  strict).

A subclass that wants more (``frozen=True``) sets its own ``model_config``;
pydantic merges it with this one. ``tests/data/test_strict_file_types.py``
checks that every file model goes through here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler
from pydantic_core import CoreSchema

#: the configuration every file model shares
FILE_CONFIG = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


def _lists_for_tuples(schema: CoreSchema) -> CoreSchema:
    """``schema`` with every tuple validator taking a list (in place; iterative)."""
    stack: list[Any] = [schema]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, dict):
            if item.get("type") == "tuple":
                item["strict"] = False
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return schema


class FileModel(BaseModel):
    """Base of every model read from a file: unknown fields refused, strict
    types (see the module docstring)."""

    model_config = FILE_CONFIG

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return _lists_for_tuples(handler(source))


class FrozenFileModel(FileModel):
    """:class:`FileModel`, immutable once read."""

    model_config = ConfigDict(frozen=True)

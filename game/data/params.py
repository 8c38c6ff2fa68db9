"""Checking a ruleset's ``params`` (scenario, unit or objective level) with a
pydantic model, as one (field, reason) pair for a one-line error.

A ruleset declares what it reads as a :class:`Params` model (unknown keys
are refused, values are typed and ranged) and calls :func:`params_problem`
from its ``validate_scenario``::

    class ShipParams(Params):
        ld: StrictInt = Field(None, ge=2, le=10, description="starting Ld")

    params_problem(ShipParams, u.params, f"forces.{side}.{u.id}.params")
    # -> ("forces.chaos.cha_murder.params.ld", "must be at least 2, not 0")
"""

from __future__ import annotations

import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from game.data.errors import found, plain_error
from game.data.filemodel import FileModel


class Params(FileModel):
    """Base of a ruleset's params model: unknown keys refused, no NaN or
    infinity, strict types (:class:`~game.data.filemodel.FileModel`: ``"3"``
    is not taken for 3). A field that may be left out but not given as ``null`` has a non-optional
    type and the default ``None`` (defaults are not validated)."""



def _path(prefix: str, loc: tuple) -> str:
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _submodel(tp: Any) -> type[BaseModel] | None:
    """The pydantic model inside an annotation (``M``, ``M | None``, ``list[M]``...)."""
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return tp
    for arg in typing.get_args(tp):
        sub = _submodel(arg)
        if sub is not None:
            return sub
    return None


def _known(model: type[BaseModel], loc: tuple) -> list[str]:
    """The keys the model (or the sub-model at ``loc``) knows."""
    m: type[BaseModel] | None = model
    for part in loc:
        if m is None:
            return []
        if isinstance(part, str):
            field = m.model_fields.get(part)
            m = _submodel(field.annotation) if field is not None else None
    return sorted(m.model_fields) if m is not None else []


def _reason(err: dict, model: type[BaseModel], loc: tuple) -> str:
    if err.get("type") == "extra_forbidden":
        known = _known(model, loc[:-1])
        return f"unknown key {str(loc[-1])!r} (known: {', '.join(known) if known else 'none'})"
    return plain_error(err)[1]


def params_problem(model: type[BaseModel], data: Any, prefix: str) -> tuple[str, str] | None:
    """The first problem of ``data`` checked against ``model``, as (field path
    under ``prefix``, reason), or None when it is valid."""
    if not isinstance(data, dict):
        return prefix, f"expected an object, found {found(data)}"
    try:
        model.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        loc = tuple(first.get("loc", ()))
        return _path(prefix, loc), _reason(first, model, loc)
    return None


def parsed(model: type[BaseModel], data: dict) -> Any:
    """``data`` as ``model`` (call after :func:`params_problem` found nothing)."""
    return model.model_validate(data)


__all__ = ["Params", "params_problem", "parsed"]

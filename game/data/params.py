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

from pydantic import BaseModel, ConfigDict, ValidationError


class Params(BaseModel):
    """Base of a ruleset's params model: unknown keys refused, no NaN or
    infinity. Use strict field types (``StrictInt``, ``StrictBool``,
    ``StrictStr``, ``StrictFloat``) so that ``"3"`` is not taken for 3. A
    field that may be left out but not given as ``null`` has a non-optional
    type and the default ``None`` (defaults are not validated)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


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
        found = _submodel(arg)
        if found is not None:
            return found
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


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_TYPES = {
    "int_type": "must be a whole number", "int_parsing": "must be a whole number", "int_from_float": "must be a whole number",
    "float_type": "must be a number", "float_parsing": "must be a number", "finite_number": "must be a finite number",
    "bool_type": "must be true or false", "bool_parsing": "must be true or false",
    "string_type": "must be a string", "list_type": "must be a list", "tuple_type": "must be a list",
    "dict_type": "must be an object", "model_type": "must be an object", "model_attributes_type": "must be an object",
}


def _reason(err: dict, model: type[BaseModel], loc: tuple) -> str:
    kind = err.get("type", "")
    ctx = err.get("ctx") or {}
    got = f", not {_shown(err['input'])}" if "input" in err else ""
    if kind == "extra_forbidden":
        known = _known(model, loc[:-1])
        return f"unknown key {str(loc[-1])!r} (known: {', '.join(known) if known else 'none'})"
    if kind == "missing":
        return "missing field"
    if kind in _TYPES:
        return _TYPES[kind] + got
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}{got}"
    if kind == "greater_than":
        return f"must be more than {ctx.get('gt')}{got}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}{got}"
    if kind == "less_than":
        return f"must be less than {ctx.get('lt')}{got}"
    if kind in ("too_short", "too_long"):
        n = ctx.get("min_length" if kind == "too_short" else "max_length")
        return f"must have at {'least' if kind == 'too_short' else 'most'} {n} item{'' if n == 1 else 's'}{got}"
    if kind == "literal_error":
        return f"must be one of {str(ctx.get('expected', '')).replace(chr(39), '')}{got}"
    msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
    return msg[:1].lower() + msg[1:] + got


def params_problem(model: type[BaseModel], data: Any, prefix: str) -> tuple[str, str] | None:
    """The first problem of ``data`` checked against ``model``, as (field path
    under ``prefix``, reason), or None when it is valid."""
    if not isinstance(data, dict):
        return prefix, f"must be an object{', not ' + _shown(data)}"
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

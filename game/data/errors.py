"""The one error type for bad files, with a one-line message for users."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError


class FileError(Exception):
    """A file that cannot be used: ``str(err)`` is one line naming the file,
    the field or feature and the reason."""

    def __init__(self, path: str | Path, where: str, reason: str) -> None:
        self.path = str(path)
        self.where = " ".join(where.split())
        self.reason = " ".join(str(reason).split())
        loc = f" [{self.where}]" if self.where else ""
        #: further problems of the same file (``battletable validate`` lists them all)
        self.more: list[FileError] = []
        super().__init__(f"{self.path}{loc}: {self.reason}")


class FieldProblem(ValueError):
    """Raised by a model validator that knows which field is wrong:
    :func:`from_validation` reports ``where`` (a field path relative to the
    validated object, in the form of :func:`field_path`: ``forces.green``,
    ``forces.green.a0``) instead of the validator's empty location."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(reason)
        self.where = where
        self.reason = reason


def item_id(item: Any) -> str | None:
    """A list item's id as a field path names it: its ``id`` when that is
    short printable text without a dot (else None: the item goes by index)."""
    v = item.get("id") if isinstance(item, dict) else None
    return v if isinstance(v, str) and v and v.isprintable() and len(v) <= 60 and "." not in v else None


def field_path(loc: tuple, data: Any = None) -> str:
    """A location in a file as a field path, the one form of every file
    message: keys joined by dots, a list item named by its id when it has
    one (``forces.chaos.cha_murder.heading``, ``features.wall-a.height``,
    ``objectives.search.kind``), else by its index in brackets
    (``lines[2].figures``; always so without ``data``, what the location is
    in). Odd or overlong names are quoted and cut to 60 characters."""
    out = ""
    node = data
    for part in loc:
        child = None
        if isinstance(part, int):
            if isinstance(node, list) and -len(node) <= part < len(node):
                child = node[part]
            iid = item_id(child)
            out += ("." + iid if out else iid) if iid else f"[{part}]"
        else:
            if isinstance(node, dict):
                child = node.get(part)
            text = str(part)
            if not text.isprintable() or len(text) > 60:
                text = repr(text[:60])
            out += ("." if out else "") + text
        node = child
    return out


def found(value: Any) -> str:
    """What a JSON value is, for "expected ..., found ..." (``text ('15')``,
    ``true``, ``null``, ``a list``, ``the number 8.5``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"text ({shown(value)})"
    if isinstance(value, (int, float)):
        return f"the number {value:g}" if isinstance(value, float) else f"the number {value}"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def shown(value: Any) -> str:
    """``repr(value)`` cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


#: what a pydantic type error expected, in a file's terms
_EXPECTED = {
    "int_type": "a whole number", "int_parsing": "a whole number", "int_from_float": "a whole number",
    "float_type": "a number", "float_parsing": "a number", "finite_number": "a finite number",
    "bool_type": "true or false", "bool_parsing": "true or false",
    "string_type": "text", "list_type": "a list", "tuple_type": "a list", "set_type": "a list",
    "dict_type": "an object", "model_type": "an object", "model_attributes_type": "an object",
    "dataclass_type": "an object",
}
_BOUNDS = {"greater_than_equal": ("ge", "at least"), "greater_than": ("gt", "more than"),
           "less_than_equal": ("le", "at most"), "less_than": ("lt", "less than")}
#: fields holding a polygon's corners (a ring): their length errors speak of corners
_RINGS = ("exterior", "polygon", "holes")


def _choices(text: str) -> str:
    """pydantic's ``'a', 'b', 'c'`` as ``a, b, c``."""
    return text.replace("'", "")


def _without_tags(loc: tuple, data: Any) -> tuple:
    """``loc`` without the tags pydantic puts in it for a tagged union
    (``lines[1].unit.figures`` is ``lines[1].figures``): found by walking
    ``data``, where a tag is a name that is not a key but a value of its object."""
    out: list = []
    node = data
    for part in loc:
        if isinstance(node, dict) and isinstance(part, str) and part not in node and part in node.values():
            continue
        out.append(part)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
    return tuple(out)


def plain_error(err: dict, data: Any = None) -> tuple[tuple, str]:
    """One pydantic error (an item of ``ValidationError.errors()``) in a
    file's terms: (location, reason). The location drops pydantic's
    union-member names and, for a tag that picks a kind of item, ends at the
    tag's field (``lines[0].kind``). No library wording reaches the user:
    ``expected a number, found text ('15')``, ``a polygon needs at least 3
    corners (it has 2)``, ``'dragon' is not a kind this file knows (known:
    character, monster, unit)``. ``data`` (what was validated) lets the
    location drop a tagged union's tag."""
    loc = tuple(p for p in err.get("loc", ()) if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
    if data is not None:
        loc = _without_tags(loc, data)
    kind = err.get("type", "")
    ctx = err.get("ctx") or {}
    value = err.get("input")
    if kind == "extra_forbidden":
        return loc, "unknown field"
    if kind == "missing":
        return loc, "missing field"
    if kind in _EXPECTED:
        return loc, f"expected {_EXPECTED[kind]}, found {found(value)}"
    if kind in _BOUNDS:
        key, words = _BOUNDS[kind]
        return loc, f"must be {words} {ctx.get(key)}, not {shown(value)}"
    if kind in ("too_short", "too_long"):
        n, has = ctx.get("min_length" if kind == "too_short" else "max_length"), ctx.get("actual_length")
        bound = "at least" if kind == "too_short" else "at most"
        if kind == "too_short" and any(p in _RINGS for p in loc[-2:] if isinstance(p, str)):
            return loc, f"a polygon needs {bound} {n} corners (it has {has})"
        if isinstance(value, str):
            return loc, f"must be {bound} {n} characters long (it has {len(value)})"
        return loc, f"must have {bound} {n} item{'' if n == 1 else 's'} (it has {has})"
    if kind in ("string_too_short", "string_too_long"):
        n = ctx.get("min_length" if kind == "string_too_short" else "max_length")
        bound = "at least" if kind == "string_too_short" else "at most"
        return loc, f"must be {bound} {n} characters long (it has {len(value) if isinstance(value, str) else '?'})"
    if kind == "string_pattern_mismatch":
        return loc, f"{shown(value)} is not a valid id (letters, digits and _ . : - only)"
    if kind == "literal_error":
        return loc, f"must be one of {str(ctx.get('expected', '')).replace(chr(39), '')}, not {shown(value)}"
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        tag = str(ctx.get("discriminator", "")).strip("'")
        loc = loc + (tag,) if tag and "(" not in tag else loc
        if kind == "union_tag_not_found":
            return loc, "missing field"
        return loc, f"{shown(ctx.get('tag'))} is not a {tag} this file knows (known: {_choices(str(ctx.get('expected_tags', '')))})"
    msg = str(err.get("msg", "invalid")).removeprefix("Value error, ").removeprefix("Assertion failed, ")
    return loc, msg


def from_validation(path: str | Path, err: ValidationError, describe=None, data: Any = None) -> FileError:
    """Turn the first pydantic error into a :class:`FileError` (worded by
    :func:`plain_error`; ``data`` is what was validated: with it list items
    are named by id in the field path, see :func:`field_path`).

    ``describe(loc)`` may return another location (a Tiled layer's).
    """
    first = err.errors()[0]
    loc, msg = plain_error(first, data)
    where = (describe(loc) if describe else None) or field_path(loc, data)
    problem = (first.get("ctx") or {}).get("error")
    if isinstance(problem, FieldProblem):
        where = ".".join(p for p in (where, problem.where) if p)
        msg = problem.reason
    if first.get("type") == "literal_error" and loc and loc[-1] == "format_version":
        reads = str((first.get("ctx") or {}).get("expected", "1")).replace("'", "")
        msg = f"format version {first.get('input')!r} is not one this program reads (it reads format version {reads})"
    return FileError(path, where, msg)


def first_problem(err: ValidationError) -> tuple[str, str]:
    """The first error of ``err`` as (field path, reason in words): for a
    message that is not about a file (an edit, an action, an override)."""
    loc, reason = plain_error(err.errors()[0])
    return field_path(loc), reason


def problem_text(err: ValidationError) -> str:
    """:func:`first_problem` as one phrase: ``height: expected a number, found true``."""
    where, reason = first_problem(err)
    return f"{where}: {reason}" if where else reason


def action_problem(err: ValidationError) -> str:
    """Why an action dict (of a save or a replay) does not decode, naming the
    action by its ``type`` and the first bad field: ``"a 'sf_move' action with
    a bad field 'x': expected a number, found 'abc'"``, ``"unknown action type
    'foo'"``, ``"an action without a type"`` (``err``: the ruleset's
    ``parse_action`` error over its tagged union of actions)."""
    first = err.errors()[0]
    kind, ctx = first.get("type"), first.get("ctx") or {}
    if kind == "union_tag_invalid":
        return f"unknown action type {str(ctx.get('tag'))!r}"
    if kind == "union_tag_not_found":
        return "an action without a type"
    loc, reason = plain_error(first)
    tag, field = (str(loc[0]), field_path(loc[1:])) if loc else ("", "")
    what = f"a {tag!r} action" if tag else "an action"
    if not field:
        return f"{what}: {reason}"
    if reason == "missing field":
        return f"{what} without its field {field!r}"
    if reason == "unknown field":
        return f"{what} with an unknown field {field!r}"
    return f"{what} with a bad field {field!r}: {reason}"

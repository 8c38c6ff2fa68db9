"""The one error type for bad files, with a one-line message for users."""

from __future__ import annotations

from pathlib import Path

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
    :func:`from_validation` reports ``where`` (e.g. ``forces.green``) instead
    of the validator's empty location."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(reason)
        self.where = where
        self.reason = reason


def field_path(loc: tuple) -> str:
    """A pydantic location as a field path: ``forces.chaos[0].heading``
    (odd or overlong names quoted and cut to 60 characters)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = str(part)
            if not text.isprintable() or len(text) > 60:
                text = repr(text[:60])
            out += ("." if out else "") + text
    return out


def from_validation(path: str | Path, err: ValidationError, describe=None) -> FileError:
    """Turn the first pydantic error into a :class:`FileError`.

    ``describe(loc)`` may return a friendlier location (e.g. the feature id).
    """
    first = err.errors()[0]
    loc = tuple(first.get("loc", ()))
    # drop pydantic's union-member tags from the location
    loc = tuple(p for p in loc if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
    where = (describe(loc) if describe else None) or field_path(loc)
    msg = first.get("msg", "invalid").removeprefix("Value error, ")
    problem = (first.get("ctx") or {}).get("error")
    if isinstance(problem, FieldProblem):
        where = ".".join(p for p in (where, problem.where) if p)
        msg = problem.reason
    if first.get("type") == "extra_forbidden":
        msg = "unknown field"
    elif first.get("type") == "missing":
        msg = "missing field"
    elif first.get("type") == "literal_error" and loc and loc[-1] == "format_version":
        reads = str((first.get("ctx") or {}).get("expected", "1")).replace("'", "")
        msg = f"format version {first.get('input')!r} is not one this program reads (it reads format version {reads})"
    return FileError(path, where, msg)

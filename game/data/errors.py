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
        super().__init__(f"{self.path}{loc}: {self.reason}")


def _loc(loc: tuple) -> str:
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
    where = (describe(loc) if describe else None) or _loc(loc)
    msg = first.get("msg", "invalid").removeprefix("Value error, ")
    if first.get("type") == "extra_forbidden":
        msg = "unknown field"
    elif first.get("type") == "missing":
        msg = "missing field"
    return FileError(path, where, msg)

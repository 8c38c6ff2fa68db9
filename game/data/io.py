"""Reading and atomically writing JSON files."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable, TypeVar

from pydantic import BaseModel, ValidationError

from game.data.errors import FileError, from_validation

M = TypeVar("M", bound=BaseModel)


def read_json(path: str | Path) -> Any:
    """Parse a JSON file. Raises :class:`FileError` if unreadable or not JSON."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileError(p, "", "file not found") from None
    except (OSError, UnicodeDecodeError) as e:
        raise FileError(p, "", f"cannot read file ({e.__class__.__name__})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise FileError(p, f"line {e.lineno} column {e.colno}", f"not valid JSON ({e.msg})") from None


def parse_model(path: str | Path, model: type[M], data: Any, describe: Callable | None = None) -> M:
    """Validate ``data`` as ``model``; errors become one-line :class:`FileError`."""
    if not isinstance(data, dict):
        raise FileError(path, "", f"expected a JSON object at the top level, found {type(data).__name__}")
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise from_validation(path, e, describe) from None


def dumps(model: BaseModel | dict) -> str:
    """Machine-written JSON: sorted keys, two-space indent."""
    data = model.model_dump(mode="json", exclude_none=False) if isinstance(model, BaseModel) else model
    return json.dumps(data, sort_keys=True, indent=2) + "\n"


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file in the same folder,
    flushed and fsynced, then renamed over the target. A crash leaves either the
    old file or the new one, never half of either."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise

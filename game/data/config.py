"""Small JSON settings files in the user's config folder (settings, recent
files): where that folder is, reading with defaults when a file is missing or
unreadable, and writing atomically (sorted keys)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from game.data.errors import FileError
from game.data.io import dumps, parse_model, read_json, write_atomic

M = TypeVar("M", bound=BaseModel)


def config_dir() -> Path:
    """The user's Battletable config folder (not created): ``BATTLETABLE_CONFIG_DIR``
    when set, else the platform's place (APPDATA, Application Support, XDG)."""
    env = os.environ.get("BATTLETABLE_CONFIG_DIR")
    if env:
        return Path(env)
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA", Path.home())) / "battletable"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "battletable"
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "battletable"


def load_or_default(path: str | Path, model: type[M], problems: list[str] | None = None) -> M:
    """``path`` validated as ``model``; ``model()`` (the defaults) when the file
    is missing, unreadable or invalid (never raises on those). ``problems``:
    when given, an unreadable or invalid file adds one line to it naming the
    file, the field and the reason (a missing file is no problem)."""
    p = Path(path)
    if not p.exists():
        return model()
    try:
        return parse_model(p, model, read_json(p))
    except FileError as e:
        if problems is not None:
            problems.append(f"{e}; the defaults are used instead")
        return model()


#: the warnings already printed by :func:`load_or_warn` (one line per problem per run)
_WARNED: set[str] = set()


def load_or_warn(path: str | Path, model: type[M], problems: list[str] | None = None) -> M:
    """:func:`load_or_default`, and each problem with the file printed once
    per run on stderr as one line (``warning: <file> [<field>]: <reason>;
    the defaults are used instead``): a headless command that reads the file
    says what the desktop app's "Settings not read" note says. ``problems``
    gets the lines too (every time)."""
    found: list[str] = []
    out = load_or_default(path, model, found)
    for line in found:
        if line not in _WARNED:
            _WARNED.add(line)
            print(f"warning: {line}", file=sys.stderr)
    if problems is not None:
        problems.extend(found)
    return out


def save_model(path: str | Path, data: BaseModel) -> Path:
    """Write ``data`` to ``path`` atomically (:func:`game.data.io.write_atomic`); return the path."""
    p = Path(path)
    write_atomic(p, dumps(data))
    return p

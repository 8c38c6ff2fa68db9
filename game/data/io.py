"""Reading and atomically writing files, within the limits of
:mod:`game.data.limits`.

Reading refuses, with one :class:`~game.data.errors.FileError` line and before
any heavy work: anything but a regular file (a device, a FIFO, a folder, a
symlink loop), a file over its size limit, text that is not UTF-8, JSON that is
not valid, holds a key twice in one object, nests deeper than ``MAX_DEPTH``,
holds NaN or an infinity, a number beyond ``MAX_INT``/``MAX_FLOAT``, a lone
surrogate or an overlong string. A UTF-8 byte order mark at the start of a
file (which some Windows editors write) is accepted and skipped, by every
loader: they all parse through :func:`loads`.
Writing is atomic and gives the file the user's normal permissions; every
error names the file.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any, Callable, TypeVar

from pydantic import BaseModel, ValidationError

from game.data import limits
from game.data.errors import FileError, found, from_validation

M = TypeVar("M", bound=BaseModel)


def os_reason(e: OSError | ValueError) -> str:
    """An OS error in words without its file name (``No space left on device``)."""
    if isinstance(e, ValueError):  # e.g. "embedded null byte"
        return f"bad file name ({e})"
    return e.strerror or e.__class__.__name__


def _size_text(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MiB" if n >= 1024 * 1024 else f"{n} bytes"


def read_bytes(path: str | Path, limit: int = limits.MAX_JSON_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises:
        FileError: missing, not a regular file (device, FIFO, folder), a
            symlink loop or a bad name, unreadable, or larger than ``limit``.
    """
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise FileError(p, "", "file not found") from None
    except (OSError, ValueError) as e:
        raise FileError(p, "", f"cannot read file ({os_reason(e)})") from None
    if stat.S_ISDIR(st.st_mode):
        raise FileError(p, "", "is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise FileError(p, "", "not a regular file (a device, FIFO or socket)")
    if st.st_size > limit:
        raise FileError(p, "", f"file is {_size_text(st.st_size)}; the limit is {_size_text(limit)}")
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped after the stat
                raise FileError(p, "", "not a regular file (a device, FIFO or socket)")
            data = f.read(limit + 1)
    except (OSError, ValueError) as e:
        raise FileError(p, "", f"cannot read file ({os_reason(e)})") from None
    if len(data) > limit:
        raise FileError(p, "", f"file is over the limit of {_size_text(limit)}")
    return data


def read_text(path: str | Path, limit: int = limits.MAX_JSON_BYTES) -> str:
    """:func:`read_bytes` decoded as UTF-8 (FileError if it is not)."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FileError(path, f"byte {e.start}", "not UTF-8 text") from None


class _Dup(dict):
    """A JSON object that held a key twice (found, with its path, by :func:`check_tree`)."""

    duplicate: str = ""


def _object(pairs: list[tuple[str, Any]]) -> dict:
    """``object_pairs_hook``: the object as a dict, marked when a key repeats
    (the plain decoder would silently keep the last value)."""
    d = dict(pairs)
    if len(d) == len(pairs):
        return d
    seen: set[str] = set()
    dup = _Dup(d)
    dup.duplicate = next(k for k, _ in pairs if k in seen or seen.add(k))
    return dup


class _Big(str):
    """An integer literal too long to convert (checked, with its path, by :func:`check_tree`)."""


def _int(text: str) -> int | _Big:
    return _Big(text) if len(text.lstrip("-")) > 16 else int(text)


def _number_problem(v: Any) -> str | None:
    if isinstance(v, _Big):
        return f"number {v[:20]}... ({len(v)} digits) is too large (the limit is {limits.MAX_INT})"
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return None if abs(v) <= limits.MAX_INT else f"number {v} is too large (the limit is {limits.MAX_INT})"
    if v != v:
        return "NaN (not a number) is not allowed in a file; write a number"
    if abs(v) == float("inf"):
        return f"a number too large to hold (the limit is {limits.MAX_FLOAT:g})"
    if not abs(v) <= limits.MAX_FLOAT:
        return f"number {v:g} is too large (the limit is {limits.MAX_FLOAT:g})"
    return None


def check_tree(data: Any) -> tuple[str, str] | None:
    """Why parsed JSON ``data`` breaks a limit, as (field path, reason): a key
    held twice by one object (parsed by :func:`loads`), nesting deeper than ``MAX_DEPTH``, an overlong string, a lone surrogate, NaN, an
    infinity or a number beyond ``MAX_INT``/``MAX_FLOAT``; None if it keeps
    them all. Iterative: never recurses."""
    from game.data.errors import field_path

    stack: list[tuple[Any, int, tuple]] = [(data, 1, ())]
    while stack:
        item, depth, loc = stack.pop()
        if isinstance(item, str):
            if isinstance(item, _Big):
                return field_path(loc, data), _number_problem(item)
            if len(item) > limits.MAX_STRING:
                return field_path(loc, data), f"a string of {len(item)} characters (the limit is {limits.MAX_STRING})"
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    shown = item[:30].encode("utf-8", "backslashreplace").decode()
                    return field_path(loc, data), f"a string with a lone surrogate ({shown})"
        elif isinstance(item, (int, float)):
            bad = _number_problem(item)
            if bad:
                return field_path(loc, data), bad
        elif isinstance(item, (dict, list)):
            if depth > limits.MAX_DEPTH:
                return field_path(loc[:limits.MAX_DEPTH], data), f"nested more than {limits.MAX_DEPTH} levels deep"
            if isinstance(item, _Dup):
                return field_path(loc + (item.duplicate,), data), f"key {item.duplicate!r} appears twice in one object"
            # pushed last to first, so the first fault in the file is the one named
            if isinstance(item, dict):
                for k, v in reversed(list(item.items())):
                    key = k if len(loc) < 12 else "..."
                    stack.append((v, depth + 1, loc + (key,)))
                    stack.append((k, depth, loc))
            else:
                stack.extend((v, depth + 1, loc + (i,)) for i, v in reversed(list(enumerate(item))))
    return None


#: the JSON decoder's reasons, as a phrase that a place follows ("... at line 3, column 12")
_JSON_WORDS = {
    "Expecting value": "a value is missing",
    "Expecting ',' delimiter": "a comma is missing",
    "Expecting ':' delimiter": "a colon is missing",
    "Expecting property name enclosed in double quotes": "a key in double quotes is missing",
    "Extra data": "there is more text after the end",
    "Unterminated string starting at": "an unterminated string",
    "Invalid control character at": "a control character (such as a line break) inside a string",
    "Invalid \\escape": "a backslash escape that JSON does not know",
    "Invalid \\uXXXX escape": "a \\u escape without four hex digits",
}


def json_reason(e: json.JSONDecodeError, line: bool = True) -> str:
    """Why text is not JSON, in one finished phrase with its place:
    ``"not valid JSON: an unterminated string at line 3, column 12"`` (without
    the line when ``line`` is False: the caller names it, as a replay's line)."""
    words = _JSON_WORDS.get(e.msg) or e.msg.removesuffix(" starting at").removesuffix(" at").lower()
    if not e.doc.strip():
        return f"not valid JSON: the {'file' if line else 'line'} is empty"
    if e.pos >= len(e.doc) and e.msg == "Expecting value":
        words = "the text ends where a value should be"
    where = f"line {e.lineno}, column {e.colno}" if line else f"column {e.colno}"
    return f"not valid JSON: {words} at {where}"


def loads(path: str | Path, text: str, where: str = "") -> Any:
    """Parse JSON ``text`` read from ``path`` within the limits (a leading
    byte order mark skipped); FileError (``where`` is e.g. ``line 3`` of a
    replay) for anything else, a key held twice in one object included."""
    text = text.removeprefix("\ufeff")
    def fail(loc: str, reason: str):
        return FileError(path, " ".join(x for x in (where, loc) if x), reason)

    try:
        data = json.loads(text, parse_int=_int, object_pairs_hook=_object)
    except json.JSONDecodeError as e:
        raise fail("", json_reason(e, line=not where)) from None
    except RecursionError:
        raise fail("", f"nested more than {limits.MAX_DEPTH} levels deep") from None
    except ValueError as e:
        raise fail("", f"not valid JSON: {str(e).splitlines()[0]}") from None
    bad = check_tree(data)
    if bad:
        raise fail(*bad)
    return data


def read_json(path: str | Path, limit: int = limits.MAX_JSON_BYTES) -> Any:
    """Parse a JSON file within the limits. Raises :class:`FileError` if it is
    unreadable, too large, not UTF-8 or not JSON, or breaks a limit."""
    return loads(path, read_text(path, limit))


def parse_model(path: str | Path, model: type[M], data: Any, describe: Callable | None = None) -> M:
    """Validate ``data`` as ``model``; errors become one-line :class:`FileError`."""
    if not isinstance(data, dict):
        raise FileError(path, "", f"expected a JSON object at the top level, found {found(data)}")
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise from_validation(path, e, describe, data) from None


def dumps(model: BaseModel | dict) -> str:
    """Machine-written JSON: sorted keys, two-space indent."""
    data = model.model_dump(mode="json", exclude_none=False) if isinstance(model, BaseModel) else model
    return json.dumps(data, sort_keys=True, indent=2) + "\n"


def user_mode() -> int:
    """The permission bits a new file gets from the user's umask (0666 & ~umask)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


#: temporary files of :func:`write_atomic` left by a crash older than this are removed, s
STALE_TMP_S = 3600.0


def _tmp_prefix(p: Path) -> str:
    return f".{p.name}."


def remove_stale_tmp(p: Path) -> int:
    """Remove temporary files that crashed :func:`write_atomic` calls left in
    ``p``'s folder (``.NAME.PID.XXXXXXXX.tmp``): those of a process that no
    longer runs, or older than :data:`STALE_TMP_S`. Returns how many were
    removed."""
    import time

    n = 0
    try:
        found = list(p.parent.glob(".*.tmp"))
    except OSError:
        return 0
    for t in found:
        parts = t.name[:-len(".tmp")].rsplit(".", 2)
        if len(parts) != 3 or not parts[1].isdigit() or len(parts[2]) != 8:
            continue  # not one of ours
        try:
            if not _alive(int(parts[1])) or time.time() - t.stat().st_mtime > STALE_TMP_S:
                t.unlink()
                n += 1
        except OSError:
            continue
    return n


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file in the same folder,
    flushed and fsynced, then renamed over the target. A crash leaves either the
    old file or the new one, never half of either; temporary files earlier
    crashes left are removed. The file gets the user's normal permissions
    (:func:`user_mode`).

    Raises:
        FileError: naming ``path`` when it cannot be written (full disk,
            no permission, a folder in the way).
    """
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_tmp(p)
        fd, tmp = tempfile.mkstemp(prefix=f"{_tmp_prefix(p)}{os.getpid()}.", suffix=".tmp", dir=p.parent)
    except (OSError, ValueError) as e:
        raise FileError(p, "", f"cannot write file ({os_reason(e)})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, user_mode())
        os.replace(tmp, p)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, (OSError, ValueError)):
            raise FileError(p, "", f"cannot write file ({os_reason(e)})") from None
        raise


#: the bundled maps and scenarios (``maps/`` beside the ``game`` package)
BUNDLED_MAPS = Path(__file__).resolve().parent.parent.parent / "maps"


def _inside(target: Path, root: Path) -> bool:
    try:
        target.relative_to(root)
        return True
    except ValueError:
        return False


def require_regular(from_file: str | Path, field: str, target: str | Path, ref: str | None = None) -> None:
    """Refuse a file reference (``field`` of ``from_file``) whose ``target``
    exists but is not a regular file (a device such as /dev/zero, a FIFO, a
    folder): reading it would hang or never end.

    Raises:
        FileError: naming ``from_file`` and ``field``: ``'/dev/zero' is not a regular file``.
    """
    try:
        st = os.stat(target)
    except (OSError, ValueError):
        return
    if not stat.S_ISREG(st.st_mode):
        raise FileError(from_file, field, f"{ref if ref is not None else str(target)!r} is not a regular file")


def resolve_reference(from_file: str | Path, ref: str, field: str = "map") -> Path:
    """The regular file a file reference (a scenario's ``map``) names.

    ``ref`` is a relative path, resolved against the referring file's folder,
    or else against the bundled maps folder (``battlespace/mission1.map.json``
    names a bundled map from anywhere). After symlinks are followed it must
    lie inside the referring file's folder tree or the bundled maps, and be a
    regular file: no absolute paths, no ``..`` escaping, no devices or FIFOs.

    Raises:
        FileError: naming ``from_file`` and ``field``.
    """
    src = Path(from_file)
    if not ref or "\x00" in ref:
        raise FileError(src, field, "empty file name" if not ref else "the file name holds a NUL byte")
    rel = Path(ref)
    if rel.is_absolute() or rel.drive or ref.startswith(("/", "\\", "~")):
        raise FileError(src, field, f"{ref!r} must be a path relative to this file (no absolute paths)")
    try:
        base = src.resolve().parent
        roots = [base, BUNDLED_MAPS.resolve()]
        candidates = [(base / rel).resolve(), (roots[1] / rel).resolve()]
    except (OSError, RuntimeError, ValueError) as e:  # a symlink loop, a bad name
        raise FileError(src, field, f"{ref!r} cannot be resolved ({e.__class__.__name__}: {os_reason(e) if isinstance(e, OSError) else e})") from None
    if ".." in rel.parts and not any(_inside(candidates[0], r) for r in roots):
        raise FileError(src, field, f"{ref!r} climbs out of this file's folder ('..'): a map must lie in this "
                                    "file's folder or the bundled maps")
    if os.path.lexists(base / rel) and not any(_inside(candidates[0], r) for r in roots):
        raise FileError(src, field, f"{ref!r} is a link to {str(candidates[0])!r}, outside this file's folder "
                                    "and the bundled maps")
    for target in candidates:
        if not any(_inside(target, r) for r in roots):
            continue
        if not os.path.exists(target):
            continue
        require_regular(src, field, target, ref)
        return target
    if not any(_inside(c, r) for c in candidates for r in roots):
        raise FileError(src, field, f"{ref!r} lies outside this file's folder and the bundled maps")
    bundled = sorted(str(p.relative_to(BUNDLED_MAPS)) for p in BUNDLED_MAPS.glob(f"*/{rel.name}")) if rel.name else []
    hint = (f"; the bundled one is named {bundled[0]!r}" if len(bundled) == 1 else
            f"; bundled ones are named {', '.join(map(repr, bundled))}" if bundled else
            " (looked beside this file and among the bundled maps)")
    raise FileError(src, field, f"map file {ref!r} not found{hint}")

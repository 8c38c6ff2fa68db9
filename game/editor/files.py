"""Editor files: new, open, save, save as, drafts, autosave and recent files.

Decisions:

* A map is saved as ``<name>.map.json`` (a :class:`~game.data.maps.MapFile`,
  atomic write, sorted keys) only when :func:`game.editor.validate.validate`
  finds no errors; otherwise :func:`save` raises :class:`SaveBlocked`.
* A map with errors may be saved as a **draft**: ``<name>.draft.json`` next to
  where the map would go, a wrapper ``{"format_version": 1, "draft": true,
  "problems": [...], "map": {...}}``. The different suffix keeps drafts out of
  anything that globs ``*.map.json``, and the battle loaders refuse the file
  (it is not a MapFile), so a broken map can never be played by accident.
* Autosave writes the same wrapper (with ``"autosave": true`` and the map
  file it belongs to) to ``<config dir>/autosave/`` (:func:`autosave_path`) at most
  once every ``interval`` seconds of a caller-supplied clock, and is removed by
  a successful save.
* Recent files live in ``editor.json`` in the user's config dir
  (``$BATTLETABLE_CONFIG_DIR``, else ``$XDG_CONFIG_HOME/battletable``,
  ``~/.config/battletable``; ``%APPDATA%\\battletable`` on Windows).
"""

from __future__ import annotations

import hashlib
import re
import time
from pathlib import Path
from typing import Any, Callable, Literal

from pydantic import Field, ValidationError

from game.data.config import config_dir, load_or_warn, save_model
from game.data.errors import FileError, from_validation
from game.data.filemodel import FileModel
from game.data.io import dumps, read_json, write_atomic
from game.data.maps import MapFile, parse_map
from game.editor.document import MapDocument, rounded
from game.editor.validate import Problem, errors, validate

MAP_SUFFIX = ".map.json"
DRAFT_SUFFIX = ".draft.json"
AUTOSAVE_SUFFIX = ".autosave.json"
RECENT_LIMIT = 10


class SaveBlocked(Exception):
    """The map has errors: save it as a draft or fix them. ``problems`` lists the errors."""

    def __init__(self, path: Path, problems: list[Problem]) -> None:
        self.path, self.problems = path, problems
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"{path}: not saved, the map has errors: {first}{more}; save it as a draft instead")


class DraftFile(FileModel):
    """A map saved with errors (or an autosave): the raw map data and its problems."""

    format_version: Literal[1] = Field(description="draft format version (1)")
    draft: Literal[True] = Field(description="always true: this is not a playable map")
    autosave: bool = Field(False, description="true for an autosave")
    source: str | None = Field(None, description="the map file an autosave belongs to (None: untitled)")
    problems: list[str] = Field(default_factory=list, description="the problems when it was saved")
    map: MapFile = Field(description="the map data (schema-valid, geometry unchecked)")


def stem(path: str | Path) -> str:
    """A map file's name without ``.map.json`` / ``.draft.json`` / ``.autosave.json`` / ``.json``."""
    name = Path(path).name
    for suf in (MAP_SUFFIX, DRAFT_SUFFIX, AUTOSAVE_SUFFIX, ".json"):
        if name.endswith(suf):
            return name[: -len(suf)]
    return name


def map_path(path: str | Path) -> Path:
    """The ``*.map.json`` path belonging to any map, draft or autosave path."""
    p = Path(path)
    return p.with_name(stem(p) + MAP_SUFFIX)


def draft_path(path: str | Path) -> Path:
    """The draft file for a map path."""
    p = Path(path)
    return p.with_name(stem(p) + DRAFT_SUFFIX)


def autosave_path(doc_path: str | Path | None) -> Path:
    """The autosave file for a map path, always in the user's config folder
    (``<config dir>/autosave/``), never beside the map (the bundled maps
    folder may not be the user's to write): ``<name>-<key>.autosave.json``,
    the key a digest of the map's absolute path (two maps of one name in two
    folders have two autosaves); untitled maps: ``untitled.autosave.json``."""
    folder = config_dir() / "autosave"
    if doc_path is None:
        return folder / ("untitled" + AUTOSAVE_SUFFIX)
    p = Path(doc_path)
    key = hashlib.sha256(str(p.absolute()).encode("utf-8", "surrogateescape")).hexdigest()[:10]
    return folder / f"{stem(p)}-{key}{AUTOSAVE_SUFFIX}"


def id_for(path: str | Path, default: str = "map") -> str:
    """A map id from a file name: ``my table.map.json`` -> ``my_table``."""
    return re.sub(r"[^A-Za-z0-9_.:-]+", "_", stem(path)).strip("_") or default


def new_document(preset: str = "3'x3'", ruleset: str | None = None, **kw: Any) -> MapDocument:
    """An empty untitled document (see :meth:`MapDocument.new`). Raises ValueError for a bad size."""
    return MapDocument.new(preset, ruleset, **kw)


def open_map(path: str | Path) -> MapDocument:
    """Open a map, a draft or an autosave into a document.

    A draft or autosave opens with ``path`` set to the map it belongs to and
    the document marked dirty (it has not been saved as a map). A map with
    geometric problems (a self-intersecting outline, a feature off the table)
    opens too: the one map validator lists them in the problem panel, as
    ``battletable validate`` does, and saving is refused until they are fixed.

    Raises:
        FileError: unreadable or invalid file (one line naming file, field, reason).
    """
    p = Path(path)
    data = read_json(p)
    if isinstance(data, dict) and data.get("draft") is True:
        try:
            d = DraftFile.model_validate(data)
        except ValidationError as e:
            raise from_validation(p, e, data=data) from None
        doc = MapDocument.from_map(d.map, Path(d.source) if d.source else map_path(p))
        doc.dirty = True
    else:
        # geometry problems open with the map: the problem panel lists them (check_map)
        doc = MapDocument.from_map(parse_map(p, data, check_geometry=False), p)
    add_recent(p)
    return doc


def _draft_text(doc: MapDocument, problems: list[Problem], autosave: bool = False) -> str:
    source = {"source": str(doc.path)} if autosave and doc.path is not None else {}
    return dumps({"format_version": 1, "draft": True, "autosave": autosave, **source,
                  "problems": [str(p) for p in problems], "map": rounded(doc.to_dict())})


def _schema_check(doc: MapDocument, path: Path) -> MapFile:
    try:
        return doc.to_map()
    except ValidationError as e:
        raise from_validation(path, e) from None


def save(doc: MapDocument, path: str | Path | None = None) -> Path:
    """Save ``doc`` as a playable map (atomic) at ``path`` (default: its own path).

    On success the document takes that path, is no longer dirty, its autosave
    file is removed and the file joins the recent list. Saved under a new
    name ("Save as"), the map takes the id of the new file name
    (:func:`id_for`): two files never hold one map id by accident. A refused
    save leaves the document as it was (its id too).

    Raises:
        ValueError: an untitled document and no path.
        SaveBlocked: the map has errors (use :func:`save_draft`).
        FileError: the map breaks the file schema (bad or duplicate ids).
    """
    target = Path(path) if path is not None else doc.path
    if target is None:
        raise ValueError("untitled map: choose a file name (save as)")
    if not target.name.endswith(MAP_SUFFIX):
        target = map_path(target)
    old_id = doc.id
    if doc.path is None or Path(doc.path).absolute() != target.absolute():
        doc.id = id_for(target, doc.id)
    try:
        m = _schema_check(doc, target)
        errs = errors(validate(doc))
        if errs:
            raise SaveBlocked(target, errs)
    except Exception:
        doc.id = old_id  # a refused save changes nothing, not even the id a new name would give
        raise
    m = MapFile.model_validate(rounded(m.model_dump(mode="json")))  # coordinates to 0.01 mm
    # the document takes the rounded values too, so what is on screen is what was saved
    doc.features, doc.zones = list(m.features), list(m.deployment_zones)
    doc.objectives, doc.exits = list(m.objectives), list(m.exits)
    text = dumps(m)
    parse_map(target, m.model_dump(mode="json"))  # the loader must accept what we write
    old_auto = autosave_path(doc.path)
    write_atomic(target, text)
    doc.path, doc.dirty = target, False
    for p in {old_auto, autosave_path(target)}:
        _remove(p)
    add_recent(target)
    return target


def save_as(doc: MapDocument, path: str | Path) -> Path:
    """:func:`save` under a new name."""
    return save(doc, path)


def save_draft(doc: MapDocument, path: str | Path | None = None) -> Path:
    """Save ``doc`` as a draft (``<name>.draft.json``) whatever its problems.

    The document keeps (or takes) the map path the draft belongs to and is no
    longer dirty.

    Raises:
        ValueError: untitled document and no path.
        FileError: the map breaks the file schema (drafts keep the schema, not the geometry).
    """
    target = Path(path) if path is not None else doc.path
    if target is None:
        raise ValueError("untitled map: choose a file name (save as)")
    _schema_check(doc, target)
    out = draft_path(target)
    write_atomic(out, _draft_text(doc, validate(doc)))
    doc.path, doc.dirty = map_path(target), False
    add_recent(out)
    return out


def save_or_draft(doc: MapDocument, path: str | Path | None = None) -> tuple[Path, list[Problem]]:
    """Save as a map when there are no errors, else as a draft: ``(file written, errors)``."""
    try:
        return save(doc, path), []
    except SaveBlocked as e:
        return save_draft(doc, path), e.problems


def _remove(p: Path) -> None:
    try:
        p.unlink()
    except OSError:
        pass


# -- recent files -----------------------------------------------------------------

class EditorSettings(FileModel):
    """``editor.json`` in the config dir."""

    format_version: Literal[1] = 1
    recent: list[str] = Field(default_factory=list, description="recently opened or saved files, newest first")


def _settings_path() -> Path:
    return config_dir() / "editor.json"


def load_settings() -> EditorSettings:
    """The editor settings; defaults when the file is missing or unreadable
    (never raises; a bad file is named once on stderr)."""
    return load_or_warn(_settings_path(), EditorSettings)


def recent_files() -> list[Path]:
    """Recently used map files, newest first."""
    return [Path(r) for r in load_settings().recent]


def add_recent(path: str | Path) -> None:
    """Put ``path`` first in the recent list (at most :data:`RECENT_LIMIT` kept). Never raises on I/O errors."""
    s = load_settings()
    ap = str(Path(path).resolve())
    s.recent = [ap] + [r for r in s.recent if r != ap][: RECENT_LIMIT - 1]
    try:
        save_model(_settings_path(), s)
    except OSError:
        pass


# -- autosave ---------------------------------------------------------------------

class Autosaver:
    """Writes the document to its autosave side file at most every ``interval`` s.

    Call :meth:`tick` often (each frame or after each edit). ``clock`` returns
    seconds (default :func:`time.monotonic`); tests pass a fake clock.
    """

    def __init__(self, doc: MapDocument, clock: Callable[[], float] = time.monotonic, interval: float = 60.0) -> None:
        self.doc, self.clock, self.interval = doc, clock, interval
        self._saved_revision: int | None = None if doc.dirty else doc.revision
        self._last_write: float | None = None

    @property
    def path(self) -> Path:
        """Where the next autosave goes."""
        return autosave_path(self.doc.path)

    def tick(self) -> Path | None:
        """Autosave when there are unsaved edits and ``interval`` s have passed
        since the last autosave; returns the path written, or None."""
        if not self.doc.dirty or self.doc.revision == self._saved_revision:
            return None
        now = self.clock()
        if self._last_write is not None and now - self._last_write < self.interval:
            return None
        p = self.path
        try:
            text = _draft_text(self.doc, [], autosave=True)
        except ValidationError:
            return None
        write_atomic(p, text)
        self._last_write, self._saved_revision = now, self.doc.revision
        return p


def find_autosave(path: str | Path) -> Path | None:
    """The autosave for map ``path`` when it is newer than the map (a crash left it), else None."""
    a = autosave_path(path)
    if not a.exists():
        return None
    p = Path(path)
    if p.exists() and p.stat().st_mtime >= a.stat().st_mtime:
        return None
    return a


__all__ = ["SaveBlocked", "DraftFile", "config_dir", "stem", "map_path", "draft_path", "autosave_path",
           "new_document", "open_map", "save", "save_as", "save_draft", "save_or_draft", "load_settings",
           "recent_files", "add_recent", "Autosaver", "find_autosave"]

"""The map editor's Open dialog: recent files first, then every map and
every scenario (a scenario opens its map), each group sorted by name and
shown by name with its path, under a heading."""

from __future__ import annotations

import json
from pathlib import Path

import pygame_gui

from game.ui.scenes.files import FileChooser

MAP_SUFFIX = ".map.json"
SCENARIO_SUFFIX = ".scenario.json"


def display_name(path: Path) -> str:
    """The ``name`` a map or scenario file gives itself (its file name when unreadable)."""
    try:
        d = json.loads(path.read_text(encoding="utf-8"))
        name = d.get("name") if isinstance(d, dict) else None
        return str(name) if name else path.name
    except (OSError, ValueError):
        return path.name


def map_of(path: Path) -> Path:
    """The map a file opens in the editor: itself, or a scenario's ``map``."""
    if path.name.endswith(SCENARIO_SUFFIX):
        try:
            d = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(d, dict) and d.get("map"):
                return path.parent / str(d["map"])
        except (OSError, ValueError):
            pass
    return path


class MapChooser(FileChooser):
    """Pick a map (or a scenario, for its map). ``recent``: recently used
    files, listed first in that order."""

    name = "files"

    def __init__(self, title: str, folders, on_pick, recent=()) -> None:
        super().__init__(title, list(folders), ".json", lambda p: on_pick(map_of(p)))
        self.recent = [Path(p) for p in recent if Path(p).is_file() and str(p).endswith((MAP_SUFFIX, ".draft.json",
                                                                                            ".autosave.json"))]

    def sections(self) -> list[tuple[str, list[Path]]]:
        """``(heading, paths)``: Recent, Maps, Scenarios (each sorted by name but Recent)."""
        found = [p for p in super().files() if p.name.endswith((MAP_SUFFIX, SCENARIO_SUFFIX))]
        seen = {p.resolve() for p in self.recent}
        maps = [p for p in found if p.name.endswith(MAP_SUFFIX) and p.resolve() not in seen]
        scenarios = [p for p in found if p.name.endswith(SCENARIO_SUFFIX)]
        key = lambda p: (display_name(p).lower(), str(p))  # noqa: E731
        return [(h, ps) for h, ps in (("Recent", self.recent), ("Maps", sorted(maps, key=key)),
                                      ("Scenarios", sorted(scenarios, key=key))) if ps]

    def files(self) -> list[Path]:
        """Every file offered, in list order."""
        return [p for _, ps in self.sections() for p in ps]

    def rows(self) -> list[tuple[str, Path | None]]:
        """The list's rows: a heading (no path) then ``name - path`` per file."""
        out: list[tuple[str, Path | None]] = []
        for heading, ps in self.sections():
            out.append((f"-- {heading} --", None))
            for p in ps:
                out.append((f"{display_name(p)}   ({_short(p)})", p))
        return out

    def enter(self) -> None:
        super().enter()
        self._rows = self.rows()
        self.list.set_item_list([t for t, _ in self._rows])

    def _path_of(self, text: str) -> Path | None:
        return next((p for t, p in self._rows if t == text), None)

    def handle(self, event) -> bool:
        if event.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION) \
                and event.ui_element is self.list:
            p = self._path_of(event.text)
            if p is None:
                return True  # a heading
            if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
                self.choose(p)
            else:
                self.entry.set_text(str(p))
            return True
        return super().handle(event)


def _short(p: Path) -> str:
    """A path relative to the working folder when inside it."""
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)

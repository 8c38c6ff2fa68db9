"""A file chooser: the files of one or more folders matching one of its suffixes
(folder by folder in the order given, newest first within each), each shown by
its path inside its folder and when it was written, or a typed path."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui

from game.ui import fonts
from game.ui.widgets import px
from game.ui.render import tint
from game.ui.scene import Scene


class FileChooser(Scene):
    """Pick a file; ``on_pick(path)`` is called after the chooser closes.
    ``confirm`` labels the confirm button (default "Save" for a title starting
    with "Save", else "Open"). ``note(path)``, if given, says why a listed
    file cannot be used (or None): the list shows it after the file's name
    ("r.replay.jsonl - 2 Dec 07:12 - unreadable: the file is empty")."""

    opaque = False
    name = "files"

    def __init__(self, title: str, folder: str | Path | list, suffix: str | tuple[str, ...], on_pick,
                 confirm: str | None = None, note=None, suggest: str | Path = "") -> None:
        """``suggest``: the path first typed in the name field (a file name
        alone goes in the first folder that exists; "" : that folder)."""
        super().__init__()
        self.note = note
        self.suggest = suggest
        self.title = title
        self.confirm = confirm or ("Save" if title.lower().startswith("save") else "Open")
        folders = [Path(f) for f in folder] if isinstance(folder, (list, tuple)) else [Path(folder)]
        self.folders: list[Path] = []
        for f in folders:  # the same folder twice (cwd inside the config folder) listed once
            if not any(_same(f, g) for g in self.folders):
                self.folders.append(f)
        #: where a typed path starts: the first folder that exists
        self.folder = next((f for f in self.folders if f.is_dir()), self.folders[0])
        self.suffixes: tuple[str, ...] = (suffix,) if isinstance(suffix, str) else tuple(suffix)
        self.suffix = " or ".join(self.suffixes)
        self.on_pick = on_pick

    def files(self) -> list[Path]:
        """Matching files: each folder in turn, newest first within it."""
        out: list[Path] = []
        seen: set = set()
        for folder in self.folders:
            if not folder.is_dir():
                continue
            found = [p for sfx in self.suffixes for p in folder.rglob(f"*{sfx}") if p.is_file()]
            for p in sorted(found, key=lambda p: p.stat().st_mtime, reverse=True):
                r = p.resolve()
                if r not in seen:
                    seen.add(r)
                    out.append(p)
        return out[:200]

    def enter(self) -> None:
        w, h = self.app.size
        pw, ph = min(px(700), w - 20), min(px(460), h - 20)
        self.rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        r = self.rect
        row, bh = max(32, fonts.font(14).get_linesize() + 10), max(34, fonts.font(14).get_linesize() + 12)
        top = r.y + 20 + fonts.font(20, True).get_linesize() + 6
        entry_y = r.bottom - 16 - bh - 10 - row
        self.paths = self.files()
        #: what the list shows -> the file: its path inside the folder it was found in, and when it was written
        self.labels = {self.label(p): p for p in self.paths}
        typed = self.entry.get_text() if getattr(self, "entry", None) is not None else self._first_text()
        #: the note over the list when no file is found (wrapped to the panel), and where it goes
        self.empty_lines = [] if self.paths else fonts.wrap_lines(self.empty_note(), 14, r.width - 40, 6)
        self.empty_y = top
        top += len(self.empty_lines) * fonts.font(14).get_linesize() + (6 if self.empty_lines else 0)
        self.list = pygame_gui.elements.UISelectionList(pygame.Rect(r.x + 20, top, r.width - 40, entry_y - 10 - top),
                                                        list(self.labels), self.ui)
        self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(r.x + 20, entry_y, r.width - 40, row), self.ui)
        self.entry.set_text(typed)
        bw = max(px(110), *(fonts.font(14).size(t)[0] + px(16) for t in (self.confirm, "Cancel")))
        self.ok = pygame_gui.elements.UIButton(pygame.Rect(r.right - 2 * bw - 40, r.bottom - 16 - bh, bw, bh), self.confirm, self.ui)
        self.cancel = pygame_gui.elements.UIButton(pygame.Rect(r.right - bw - 20, r.bottom - 16 - bh, bw, bh), "Cancel", self.ui)

    def _first_text(self) -> str:
        """The name field's text when the chooser opens: the suggestion, in
        the first existing folder when it is a bare file name."""
        if not self.suggest:
            return str(self.folder) + "/"
        s = Path(self.suggest)
        return str(s if s.parent != Path(".") else self.folder / s)

    def resize(self, size) -> None:
        """Centre the chooser in the new window (or lay it out at a new UI scale), keeping what was typed."""
        self.ui.clear_and_reset()
        self.enter()

    def label(self, p: Path) -> str:
        """How the list shows ``p``: its path inside the listed folder it lies
        in (not the whole absolute path), then when it was last written
        ("battles/mission1.save.json - 2 Dec 07:12")."""
        rel = next((p.relative_to(f) for f in self.folders if p.is_relative_to(f)), Path(p.name))
        when = time.strftime("%d %b %H:%M", time.localtime(p.stat().st_mtime)).lstrip("0")
        bad = self.note(p) if self.note is not None else None
        return f"{rel.as_posix()} - {when}" + (f" - unreadable: {bad}" if bad else "")

    def choose(self, path: str | Path) -> None:
        """Close and hand ``path`` over."""
        self.app.pop(self)
        self.on_pick(Path(path))

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.entry.set_text(str(self.labels.get(event.text, event.text)))
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.choose(self.labels.get(event.text, event.text))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok:
            self.choose(self.entry.get_text())
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.cancel:
            self.app.pop(self)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
        return True

    def draw(self, surface) -> None:
        surface.blit(tint(surface.get_size(), (0, 0, 0, 150)), (0, 0))
        pygame.draw.rect(surface, (34, 37, 45), self.rect, border_radius=6)
        pygame.draw.rect(surface, (110, 120, 140), self.rect, 1, border_radius=6)
        surface.blit(fonts.text(self.title, 20, (255, 255, 255), True), (self.rect.x + 20, self.rect.y + 14))
        for i, line in enumerate(getattr(self, "empty_lines", [])):
            surface.blit(fonts.text(line, 14), (self.rect.x + 20, self.empty_y + i * fonts.font(14).get_linesize()))

    def empty_note(self) -> str:
        """What the chooser says when no file is found: where it looked."""
        where = " or ".join(str(f) for f in self.folders)
        return f"No {self.suffix} files in {where}; type a path below."


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b

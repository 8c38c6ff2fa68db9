"""A screenshot gallery of the desktop app, rendered headless.

Every bundled scenario at fit-to-table zoom and zoomed in on a model (its
sight lines on), the LoS overlay, an action preview with its odds, the map
editor drawing a polygon, the replay viewer, the help overlay and the menu,
in both palettes (``default`` and ``colour-blind``), at 1280 x 800 (the
default window). One PNG per shot: ``<shot>-<palette>.png``.

    python tools/gallery.py [--out gallery] [--palette default|colour-blind|both]
                            [--only SUBSTRING ...] [--size 1280x800]

Nothing here draws by itself: every shot is a scene of the app driven with
the same calls the CLI and the tests use, so the gallery is what a player sees.
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

import typer

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

PALETTES = ("default", "colour-blind")
SIZE = (1280, 800)
#: zoom steps (x1.25 each) of the "zoomed in" shots
ZOOM_STEPS = 4
MISSION1 = REPO / "maps" / "battlespace" / "mission1.scenario.json"
SPACE = REPO / "maps" / "spacefleet" / "planet_low_orbit.scenario.json"


@dataclass(frozen=True)
class Shot:
    """One picture: ``name`` and ``make(app, work_dir)``, which pushes and
    drives the scenes to draw."""

    name: str
    make: Callable


def scenarios() -> list[Path]:
    """Every bundled scenario, by ruleset then file name."""
    return sorted((REPO / "maps").glob("*/*.scenario.json"))


def _battle(app, path: Path, work: Path, human: bool = True):
    """A battle scene of ``path``, its first side seated human (the others
    AI), run to the first decision of that side."""
    from game.battle.battle_setup import first_playable_side
    from game.battle.seats import Seat
    from game.ui.scenes.battle import BattleScene

    side = first_playable_side(path) if human else None
    seats = {side: Seat("human")} if side else {}
    scene = app.push(BattleScene.from_scenario(path, 1, seats, replay=work / f"{path.stem}.replay.jsonl",
                                               screenshot_mode=True))
    app.drive(2)
    if seats:
        scene.skip_ai()
    app.drive(2)
    return scene


def _first_own(scene):
    figs = scene.view.figures
    side = scene.session.viewer or (figs[0].side if figs else None)
    return next((f for f in figs if f.side == side), figs[0] if figs else None)


def fit_shot(path: Path) -> Shot:
    """The battle at fit-to-table zoom, nothing selected."""

    def make(app, work):
        scene = _battle(app, path, work)
        scene.select(None)
        app.drive(1)

    return Shot(f"{path.parent.name}-{path.name.split('.')[0]}-fit", make)


def zoom_shot(path: Path) -> Shot:
    """Zoomed in on the viewer's first model, selected (its sight lines on)."""

    def make(app, work):
        scene = _battle(app, path, work)
        f = _first_own(scene)
        if f is None:
            return
        scene.select(f.id)
        cam = scene.view.camera
        cam.zoom_at(ZOOM_STEPS, *cam.to_screen(f.x, f.y))
        vx, vy, vw, vh = cam.viewport
        cam.pan(vx + vw / 2 - cam.to_screen(f.x, f.y)[0], vy + vh / 2 - cam.to_screen(f.x, f.y)[1])
        app.drive(1)

    return Shot(f"{path.parent.name}-{path.name.split('.')[0]}-zoom", make)


def los_shot(path: Path, name: str) -> Shot:
    """The LoS overlay from a model with enemies in view, at fit zoom plus one step."""

    def make(app, work):
        scene = _battle(app, path, work)
        scene.prepare_screenshot()
        scene.preview = None
        scene.show_los = True
        scene.refresh(force_los=True)
        f = scene.view.by_id.get(scene.selected)
        if f is not None:
            cam = scene.view.camera
            cam.zoom_at(2, *cam.to_screen(f.x, f.y))
        app.drive(1)

    return Shot(name, make)


def preview_shot(path: Path, name: str) -> Shot:
    """An action previewed before it is committed (odds, path, template)."""

    def make(app, work):
        scene = _battle(app, path, work)
        scene.prepare_screenshot()
        app.drive(1)

    return Shot(name, make)


def editor_shot() -> Shot:
    """The map editor on Mission 1's map, a feature selected and a polygon being drawn."""

    def make(app, work):
        import pygame

        from game.ui.scenes.editor import EditorScene

        scene = app.push(EditorScene(REPO / "maps" / "battlespace" / "mission1.map.json"))
        app.drive(2)
        if not hasattr(scene, "doc"):
            return
        from game.editor import commands as C

        if scene.doc.features:
            scene.select(C.Select([scene.doc.features[0].id]))
        scene.set_tool("polygon")
        cam = scene.camera
        for x, y in ((120.0, 700.0), (260.0, 690.0), (300.0, 820.0)):
            scene.press(cam.to_screen(x, y))
        pos = cam.to_screen(170.0, 860.0)
        app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])

    return Shot("editor", make)


def replay_shot() -> Shot:
    """The replay viewer half-way through a Mission 1 battle (AI against AI), a model selected."""

    def make(app, work):
        from game.battle.runner import play
        from game.battle.seats import Seat
        from game.ui.scenes.replay import ReplayScene

        path = work / "mission1-gallery.replay.jsonl"
        if not path.exists():
            play(MISSION1, {"fireteam": Seat("ai", "random")}, 3, path)
        scene = app.push(ReplayScene(path))
        app.drive(2)
        if scene.model is None:
            return
        scene.seek(scene.model.actions // 2)
        figs = scene.view.figures
        if figs:
            scene.selected = figs[0].id
            scene.refresh()
        app.drive(1)

    return Shot("replay", make)


def help_shot() -> Shot:
    """The keys-and-mouse overlay over Mission 1."""

    def make(app, work):
        scene = _battle(app, MISSION1, work)
        scene.show_help()
        app.drive(2)

    return Shot("help", make)


def menu_shot() -> Shot:
    """The first screen: the menu with Mission 1 chosen."""

    def make(app, work):
        from game.ui.scenes.menu import MenuScene

        app.push(MenuScene())
        app.drive(2)

    return Shot("menu", make)


def kinds_shot(space: bool) -> Shot:
    """Every terrain kind of the default style sheet on one table (ground or
    space), each with its name, at a height that shows its contours."""

    def make(app, work):
        import math as m

        import pygame
        from shapely.geometry import Point, Polygon, box

        from game.geometry.terrain import TerrainPiece
        from game.ui.palette import SPACE_KINDS
        from game.ui.scene import Scene
        from game.ui.style import default_sheet
        from game.ui.table_model import TableModel
        from game.ui.table_view import TableView

        sheet = default_sheet()
        space_kinds = set(SPACE_KINDS) | {"planet_ring", "solar_flare", "radiation", "black_hole", "sun"}
        kinds = [k for k in sheet.kinds if sheet.kinds[k].label and ((k in space_kinds) == space)]
        cols = 6
        cell = 150.0
        rows = (len(kinds) + cols - 1) // cols
        table = (cols * cell, rows * cell)
        pieces = []
        for i, k in enumerate(kinds):
            cx, cy = (i % cols + 0.5) * cell, (i // cols + 0.5) * cell
            st = sheet.kinds[k]
            if st.pattern in ("planet", "moon", "rings", "flare", "radiation", "crater", "cloud", "smoke", "contours",
                              "asteroids"):
                poly = Point(cx, cy).buffer(52, 32)
                if st.pattern == "rings":
                    poly = Polygon(poly.exterior.coords, [Point(cx, cy).buffer(22, 24).exterior.coords])
            elif st.pattern in ("stones", "hedge", "wire", "trench", "road"):
                poly = Polygon([(cx - 60, cy - 8), (cx + 60, cy + 8), (cx + 60, cy + 20), (cx - 60, cy + 4)]) \
                    if st.pattern != "stones" else box(cx - 55, cy - 4, cx + 55, cy + 4)
                if st.pattern in ("trench", "road", "wire"):
                    poly = box(cx - 62, cy - 12, cx + 62, cy + 12)
            elif st.pattern == "vehicle":
                poly = box(cx - 26, cy - 12, cx + 26, cy + 12)
            elif st.pattern == "rift":
                poly = Polygon([(cx - 60, cy - 10), (cx, cy - 22), (cx + 60, cy - 6), (cx + 20, cy + 14), (cx - 40, cy + 16)])
            else:
                poly = Polygon([(cx - 50, cy - 40), (cx + 30, cy - 50), (cx + 55, cy + 10), (cx + 10, cy + 50),
                                (cx - 45, cy + 35)]) if st.pattern not in ("roof",) else box(cx - 45, cy - 30, cx + 45, cy + 30)
            height = 60.0 if st.pattern in ("contours", "roof", "ruin") else (25.0 if st.shadow else 0.0)
            pieces.append(TerrainPiece(f"sample_{k}", poly, kind=k, height=height))
        t = TableModel(pieces, table)

        class Kinds(Scene):
            name = "kinds"

            def enter(self):
                from game.ui.scenes.layout import table_rect

                self.view = TableView(t, app.palette, [], table_rect(app.size, 40))
                from game.core.view import Marker

                self.view.set_content([], [Marker(id=f"k{i}", kind="note", points=(((i % cols + 0.5) * cell - 40,
                                       (i // cols + 1) * cell - 14),), label=sheet.kinds[k].label)
                                        for i, k in enumerate(kinds)])

            def draw(self, surface):
                surface.fill((18, 20, 24))
                self.view.draw(surface, show_los=False)

        app.push(Kinds())
        app.drive(1)
        del m, pygame

    return Shot("terrain-space" if space else "terrain-ground", make)


def all_shots() -> list[Shot]:
    """Every shot of the gallery, in order."""
    out = [menu_shot(), kinds_shot(False), kinds_shot(True)]
    for p in scenarios():
        out += [fit_shot(p), zoom_shot(p)]
    out += [los_shot(MISSION1, "battlespace-los"), los_shot(SPACE, "spacefleet-los"),
            preview_shot(MISSION1, "battlespace-preview"), preview_shot(SPACE, "spacefleet-preview"),
            editor_shot(), replay_shot(), help_shot()]
    return out


def render(out: Path, palettes=PALETTES, only=(), size=SIZE, work: Path | None = None, names=()) -> list[Path]:
    """Render the shots whose name contains one of ``only`` (all when
    empty), or exactly the shots ``names``, in each palette to ``out``;
    returns the PNG paths written."""
    import pygame

    from game.ui.app import App
    from game.ui.settings import Settings

    out.mkdir(parents=True, exist_ok=True)
    work = work or Path(tempfile.mkdtemp(prefix="bt-gallery-"))
    os.environ.setdefault("BATTLETABLE_CONFIG_DIR", str(work / "cfg"))
    shots = [s for s in all_shots() if (not only or any(o in s.name for o in only)) and (not names or s.name in names)]
    written = []
    for pal in palettes:
        app = App(size=size, settings=Settings(palette=pal), headless=True)
        for shot in shots:
            shot.make(app, work)
            written.append(app.screenshot(out / f"{shot.name}-{pal}.png"))
            while app.stack:
                app.stack.pop().exit()
            app.running = True
        pygame.display.quit()
    return written


def main(out: Path = typer.Option(Path("gallery"), "--out", help="folder for the PNGs"),
         palette: str = typer.Option("both", "--palette", help="default, colour-blind or both"),
         only: Optional[list[str]] = typer.Option(None, "--only", help="shots whose name contains this (repeatable)"),
         size: str = typer.Option("1280x800", "--size", help="window size WxH px")) -> None:
    """Render the gallery (see the module notes)."""
    try:
        w, h = (int(v) for v in size.lower().split("x"))
    except ValueError:
        typer.echo(f"error: --size: expected WxH such as 1280x800 (got {size!r})", err=True)
        raise typer.Exit(2)
    if palette not in (*PALETTES, "both"):
        typer.echo(f"error: --palette: one of default, colour-blind, both (got {palette!r})", err=True)
        raise typer.Exit(2)
    pals = PALETTES if palette == "both" else (palette,)
    for p in render(out, pals, tuple(only or ()), (w, h)):
        typer.echo(str(p))


if __name__ == "__main__":
    typer.run(main)

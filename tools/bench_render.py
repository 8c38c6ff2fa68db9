"""Benchmark the battle scene's rendering headless at 1920x1080.

The table is ``../shared/bench/standard_table.json`` (300 terrain polygons,
200 bases drawn as figures of two sides). Reports frame-time percentiles with
the LoS overlay on (from the first figure, to every figure of the other
side), with overlays off, and for a baseline that redraws every terrain
polygon and the overlay each frame, measured in the same run; plus start-up
time to the first drawn menu frame and to the first drawn frame of all
(a fresh process).

    python tools/bench_render.py [--frames 300] [--json] [--no-startup]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional

import typer

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tools"))

import pygame  # noqa: E402

from game.core.view import Figure  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.log import LogLine  # noqa: E402
from game.ui.render.logpanel import LogPanel  # noqa: E402
from game.ui.scene import Scene  # noqa: E402
from game.ui.scenes.layout import bottom_rect, right_rect, table_rect  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table_model import TableModel  # noqa: E402
from game.ui.table_view import TableView  # noqa: E402
from standard_table import load_standard_table  # noqa: E402


class BenchScene(Scene):
    """The battle scene's layout and layers over the benchmark table."""

    name = "bench"

    def __init__(self, table: TableModel, figures) -> None:
        super().__init__()
        self.table = table
        self.figs = figures
        self.full_redraw = False
        self.show_los = True

    def enter(self) -> None:
        import pygame_gui

        self.view = TableView(self.table, self.app.palette, ["a", "b"], table_rect(self.app.size))
        self.view.set_content(self.figs, [])
        t0 = time.perf_counter()
        self.view.set_los(self.figs[0].id)
        self.los_ms = (time.perf_counter() - t0) * 1000
        rr = right_rect(self.app.size)
        self.log = LogPanel(pygame.Rect(rr.x + 6, rr.y + 184, rr.width - 12, rr.height - 190))
        self.lines = [LogLine(i // 3, 1 + i // 30, "a" if i % 2 else "b", "roll" if i % 3 == 0 else "moved",
                              f"model {i} does something worth a line in the log ({i})") for i in range(300)]
        for i, label in enumerate(["Menu", "Undo", "Save", "Load", "LoS", "Ranges", "Skip AI", "Help"]):
            pygame_gui.elements.UIButton(pygame.Rect(1100 + i * 100, 4, 96, 32), label, self.ui)
        br = bottom_rect(self.app.size)
        for i in range(5):
            pygame_gui.elements.UIButton(pygame.Rect(br.x + 10 + i * 130, br.y + 28, 124, 32), f"action {i}", self.ui)

    def draw(self, surface) -> None:
        surface.fill((18, 20, 24))
        v = self.view
        if self.full_redraw:
            v.terrain.draw_uncached(surface, v.camera)
            if self.show_los and v.los is not None:
                v.los_overlay._key = None  # re-render the overlay too
                v.los_overlay.draw(surface, v.camera, v.los, v.palette)
            from game.ui.render.figures import draw_figures

            draw_figures(surface, v.camera, v.figures, v.palette, v.side_order, self.figs[0].id)
        else:
            v.draw(surface, self.figs[0].id, None, self.show_los)
        rr = right_rect(self.app.size)
        pygame.draw.rect(surface, (28, 30, 36), rr)
        self.log.draw(surface, self.lines, key=1)
        pygame.draw.rect(surface, (28, 30, 36), bottom_rect(self.app.size))
        v.draw_tooltip(surface)


def percentile(xs, q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q / 100 * (len(s) - 1))))]


def run_frames(app: App, scene: BenchScene, n: int) -> list[float]:
    times = []
    cam = scene.view.camera
    vx, vy, vw, vh = cam.viewport
    for i in range(n):
        pos = (vx + (i * 37) % vw, vy + (i * 53) % vh)  # the mouse wanders (tooltips)
        ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        t0 = time.perf_counter()
        app.frame([ev])
        times.append((time.perf_counter() - t0) * 1000)
    return times


def startup_seconds() -> tuple[float, float | None]:
    """Seconds from a fresh process's start to the first drawn menu frame,
    and to the first drawn frame of all (``App.splash``, None where the app
    has none), each printed by the child as it happens."""
    code = ("import time,os; os.environ['SDL_VIDEODRIVER']='dummy';"
            "from game.ui.app import App;"
            "a=App(size=(1280,800),headless=True);"
            "getattr(a, 'splash', None) and (a.splash('Opening the menu'), print('splash', time.time()));"
            "from game.ui.scenes.menu import MenuScene;"
            "a.push(MenuScene()); a.drive(1); print('menu', time.time())")
    import tempfile

    env = dict(os.environ, PYTHONPATH=str(REPO), BATTLETABLE_CONFIG_DIR=tempfile.mkdtemp(prefix="bt-bench-"))
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True)
    got = dict(ln.split() for ln in out.stdout.strip().splitlines() if ln.startswith(("splash ", "menu ")))
    return float(got["menu"]) - t0, (float(got["splash"]) - t0 if "splash" in got else None)


def main(frames: int = typer.Option(300, "--frames", min=10, help="frames per measurement"),
         table_file: Optional[str] = typer.Option(None, "--table", help="benchmark table JSON (default ../shared/bench/standard_table.json)"),
         as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
         screenshot: Optional[str] = typer.Option(None, "--screenshot", help="also save one frame (overlay on) to this PNG"),
         no_startup: bool = typer.Option(False, "--no-startup", help="skip the start-up measurement")) -> dict:
    """Frame-time percentiles with and without overlays, and the speed-up over a full redraw."""
    t = load_standard_table(table_file)
    table = TableModel(t.pieces, t.table)
    figs = [Figure(id=b.id, side="a" if i % 2 == 0 else "b", x=b.x, y=b.y, radius=b.radius, heading=(i * 37) % 360,
                   label=b.id[-3:]) for i, b in enumerate(t.bases)]
    app = App(size=(1920, 1080), settings=Settings(), headless=True)
    scene = app.push(BenchScene(table, figs))
    run_frames(app, scene, 20)  # warm caches
    on = run_frames(app, scene, frames)
    scene.show_los = False
    off = run_frames(app, scene, frames)
    scene.show_los = True
    scene.full_redraw = True
    full = run_frames(app, scene, max(30, frames // 3))
    scene.full_redraw = False
    # panning every frame with the cached layer (no zoom change)
    pan = []
    for i in range(frames // 3):
        scene.view.camera.pan(3 if (i // 20) % 2 else -3, 0)
        t0 = time.perf_counter()
        app.frame([])
        pan.append((time.perf_counter() - t0) * 1000)
    if screenshot:
        scene.view.mouse = scene.view.camera.to_screen(scene.figs[1].x, scene.figs[1].y)
        app.screenshot(screenshot)
    res = {
        "frames": frames,
        "resolution": [1920, 1080],
        "terrain_polygons": len(t.pieces),
        "figures": len(figs),
        "sight_lines": len(scene.view.los.lines) if scene.view.los else 0,
        "p50_ms": round(statistics.median(on), 3),
        "p95_ms": round(percentile(on, 95), 3),
        "p50_ms_no_overlay": round(statistics.median(off), 3),
        "p95_ms_no_overlay": round(percentile(off, 95), 3),
        "p50_ms_full_redraw": round(statistics.median(full), 3),
        "p95_ms_full_redraw": round(percentile(full, 95), 3),
        "p95_ms_panning": round(percentile(pan, 95), 3),
        "speedup_vs_full_redraw": round(statistics.mean(full) / statistics.mean(on), 2),
        "los_overlay_compute_ms": round(scene.los_ms, 1),
    }
    if not no_startup:
        menu_s, first_s = startup_seconds()
        res["startup_s"] = round(menu_s, 3)
        if first_s is not None:
            res["startup_first_frame_s"] = round(first_s, 3)
    if as_json:
        print(json.dumps(res, sort_keys=True))
    else:
        for k, v in res.items():
            print(f"{k:>26}: {v}")
    return res


if __name__ == "__main__":
    typer.run(main)

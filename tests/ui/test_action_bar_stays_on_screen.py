"""A small window keeps the action bar on screen: a Battlespace battle
resized to 900 x 600 still shows "Activate Sgt. Reyes" and "End player
phase" whole inside the window and the bar, the sight legend wraps inside
the table's viewport instead of being cut, and the window cannot be made
smaller than ``MIN_WINDOW`` (a smaller size asked for is raised to it, and
the window manager is given that minimum)."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from game.ui.app import MIN_WINDOW
from game.ui.scenes.layout import bottom_rect
from tests.ui.conftest import pygame, start_battle

M1 = Path(__file__).resolve().parents[2] / "maps" / "battlespace" / "mission1.scenario.json"


def _bar_inside(app, scene) -> dict:
    win = pygame.Rect(0, 0, *app.size)
    bar = bottom_rect(app.size, scene.bottom_height())
    rects = {b.text: b.rect for b in scene._bar_buttons}
    for text, r in rects.items():
        assert win.contains(r) and bar.contains(r), (text, r, bar, app.size)
    return rects


def test_small_window__end_phase_button_reachable_and_legend_whole(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
    scene.select("reyes")
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=600, size=(900, 600)))
    app.drive(3)
    assert app.screen.get_size() == (900, 600)
    rects = _bar_inside(app, scene)
    assert {"Activate Sgt. Reyes", "End player phase"} <= set(rects)
    vp = pygame.Rect(scene.view.camera.viewport)
    legend = scene.view.legend_rect()
    assert vp.contains(legend) and legend.height > scene.view.legend_rect().height // 2  # wrapped, not cut
    shot = pygame.image.load(str(app.screenshot(tmp_path / "small-900x600.png")))
    end = rects["End player phase"]
    assert shot.get_at(end.center)[:3] != shot.get_at((end.right + 40, end.centery))[:3]  # the button is drawn there
    # a smaller window is refused: the size is raised to the minimum and the bar still fits
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=600, h=400, size=(600, 400)))
    app.drive(1)
    assert app.size == MIN_WINDOW
    assert pygame.Window.from_display_module().minimum_size == MIN_WINDOW
    assert "End player phase" in _bar_inside(app, scene)

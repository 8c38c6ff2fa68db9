"""The line-of-sight legend at the table view's bottom-left never covers the
table at fit zoom (Battlespace Mission 1's exfil zone is its south edge):
the fit leaves room below the table for it, at the default window and a
narrow one where the legend wraps onto two rows."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.battle.seats import Seat
from tests.ui.conftest import app_at

MISSION1 = Path(__file__).resolve().parents[2] / "maps" / "battlespace" / "mission1.scenario.json"


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_legend__below_the_table_at_fit_zoom(tmp_path, monkeypatch, size):
    from game.ui.scenes.battle import BattleScene

    with app_at(tmp_path, monkeypatch, size) as app:
        scene = app.push(BattleScene.from_scenario(MISSION1, 1, {"fireteam": Seat("human")},
                                                   replay=tmp_path / "l.replay.jsonl", screenshot_mode=True))
        app.drive(1)
        cam = scene.view.camera
        tw, th = cam.table
        (x0, y0), (x1, y1) = cam.to_screen(0, 0), cam.to_screen(tw, th)
        table = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
        legend = scene.view.legend_rect()
        assert scene.show_los and legend.height > 0
        assert not legend.colliderect(table), (legend, table)
        assert table.bottom <= legend.top
        # the table still fills the room it has: at most the legend's height smaller than without it
        assert table.height >= pygame.Rect(cam.viewport).height - 2 * 16 - legend.height - 8 - 1 or \
            table.width >= pygame.Rect(cam.viewport).width - 2 * 16 - 1

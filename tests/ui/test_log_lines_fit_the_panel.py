"""Every row of the battle log fits inside its panel, a wrapped line's
indented continuation too, at UI scale 1 and 1.5 (at 1.5 a continuation
ran past the panel's right edge: "3 i" for "3 in")."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battle.seats import Seat
from game.ui import fonts
from tests.ui.conftest import app_at, start_battle

ROOT = Path(__file__).resolve().parents[2]
PATROL = ROOT / "maps" / "foxhole" / "patrol.scenario.json"


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_every_log_row_fits_inside_the_panel(scale, tmp_path, monkeypatch):
    with app_at(tmp_path, monkeypatch, (1280, 800), scale) as app:
        scene = start_battle(app, PATROL, {"sas": Seat("human")}, tmp_path / "p.replay.jsonl")
        app.drive(1)
        panel = scene.log_panel
        rows = panel.row_texts
        assert len(rows) >= 8 and any(t.startswith("   ") for t in rows)  # some lines wrapped
        too_wide = [t for t in rows if 9 + fonts.font(13).size(t)[0] > panel.rect.width - 2]
        assert not too_wide, too_wide
        app.screenshot(tmp_path / f"log-{scale:g}.png")

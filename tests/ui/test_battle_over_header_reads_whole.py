"""The battle-over header says the whole result, the winner and why, on a
second line (or more in a narrow window) when one is too short, never cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battle.seats import Seat
from game.ui import fonts
from game.ui.scenes.battle import BattleScene
from tests.ui.conftest import app_at

ROOT = Path(__file__).resolve().parents[2]
CONVOY = ROOT / "maps" / "foxhole" / "convoy_ambush.scenario.json"
WHY = "the attacker did not achieve its mission by the end of turn 15"


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_battle_over_header_names_winner_and_whole_reason(tmp_path, monkeypatch, size):
    with app_at(tmp_path, monkeypatch, size=size) as app:
        scene = app.push(BattleScene.from_scenario(CONVOY, 1, {"arvn": Seat("human"), "vc": Seat("human")},
                                                   replay=tmp_path / "r.jsonl", screenshot_mode=True))
        app.drive(2)
        b = scene.session.battle
        b.state.winner, b.state.over, b.state.end_reason = "vc", True, WHY
        scene.resize(app.size)
        app.drive(1)
        lines = scene.header_lines()
        text = " ".join(t for t, _ in lines)
        assert text == f"Battle over - Viet Cong ({WHY})", lines  # whole: no "..."
        assert all(10 + fonts.font(sz, True).size(t)[0] <= scene.top_left for t, sz in lines), lines
        assert sum(fonts.font(sz, True).get_linesize() for _, sz in lines) + 3 <= scene.top_height()
        app.screenshot(tmp_path / f"battle-over-{size[0]}x{size[1]}.png")

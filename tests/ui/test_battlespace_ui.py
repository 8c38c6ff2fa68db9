"""The battle scene on Battlespace mission 1 (skipped until it exists)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battle.seats import Seat

MISSION = Path(__file__).resolve().parents[2] / "maps" / "battlespace" / "mission1.scenario.json"
pytestmark = pytest.mark.skipif(not MISSION.exists(), reason="Battlespace mission 1 is not bundled yet")


def test_battlespace_select_preview_los(app, tmp_path):
    from game.battle.loading import open_scenario
    from game.ui.scenes.battle import BattleScene
    from tests.ui.conftest import distinct_colours

    rs, sc, _ = open_scenario(MISSION)
    if not all(hasattr(rs, h) for h in ("figures", "markers", "point_actions", "figure_actions")):
        pytest.skip("the Battlespace ruleset has no display hooks yet")
    human = rs.sides(sc)[0]
    scene = app.push(BattleScene.from_scenario(MISSION, 1, {human: Seat("human")}, replay=tmp_path / "bs.replay.jsonl"))
    app.drive(2)
    scene.skip_ai()
    if scene.session.battle.over:
        pytest.skip("battle ended before the human acted")
    mine = [f for f in scene.view.figures if f.side == scene.session.viewer]
    assert mine
    scene.select(mine[0].id)
    app.drive(1)
    scene.aim(mine[0].x + 40, mine[0].y, lock=True)
    app.drive(1)
    assert scene.preview is None or scene.preview.legal or scene.preview.reason
    assert scene.view.los is not None
    shot = app.screenshot(tmp_path / "battlespace.png")
    import pygame

    assert distinct_colours(pygame.image.load(str(shot))) > 50

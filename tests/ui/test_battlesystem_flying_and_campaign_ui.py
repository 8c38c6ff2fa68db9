"""Battlesystem in the app: a unit in the air is drawn with its altitude ([15.1]: the figure's
altitude, a shadow on the ground below it, the "up" tag and the flying badge); the menu
offers the Valmark march campaign (its next battle) and the army panel ([16.3])."""

from __future__ import annotations

from pathlib import Path

import pygame

from tests.ui.conftest import count_colour

ROOT = Path(__file__).resolve().parents[2]
RETURN = ROOT / "maps" / "battlesystem" / "crossroads_return.scenario.json"
CAMPAIGN = ROOT / "maps" / "battlesystem" / "valmark_march.campaign.json"


def _shot(app, tmp_path, name: str) -> Path:
    import os
    out = app.screenshot(tmp_path / name)
    keep = os.environ.get("BATTLETABLE_SCREENSHOTS")
    if keep:
        app.screenshot(Path(keep) / name)
    return out


def test_screenshot__giant_eagles_in_the_air_cast_a_shadow(app, tmp_path):
    from game.ui.scenes.battle import BattleScene
    scene = app.push(BattleScene.from_scenario(RETURN, 2, {}, screenshot_mode=True))
    app.drive(1)
    st = scene.session.battle.state
    ground = scene.view.by_id["eagles"]
    assert ground.altitude == 0.0
    for _ in range(80):
        if scene.session.battle.state.units["eagles"].altitude > 0:
            break
        scene.session.step_ai(1)
    st = scene.session.battle.state
    assert st.units["eagles"].altitude == 2
    scene.refresh()
    scene.view.anim.snap()
    scene.select("eagles")
    app.drive(2)
    f = scene.view.by_id["eagles"]
    assert abs(f.altitude - 101.6) < 1e-6 and "flying:2" in f.markers
    assert any("medium altitude" in line for line in f.profile)
    out = _shot(app, tmp_path, "battlesystem_eagles_in_the_air.png")
    img = pygame.image.load(str(out))
    assert count_colour(img, (25, 25, 30), tol=4) > 40  # the shadow of six bases


def test_menu__the_campaign_plays_its_next_battle_and_the_army_panel_prices_the_forces(app, tmp_path):
    from game.ui.scenes.menu import MenuScene
    menu = app.push(MenuScene(scenario=RETURN, seed=1))
    app.drive(1)
    assert any(e.path == CAMPAIGN for e in menu.entries)
    camp = next(e for e in menu.entries if e.path == CAMPAIGN)
    assert menu.choose(camp)
    assert menu.campaign is not None and menu.campaign[1].index == 0
    assert "battle 1 of 2" in " ".join(menu.caption_lines())
    assert menu.campaign[1].replay.parent == tmp_path / "cfg" / "campaigns" / "valmark_march"
    sc = menu.preview[2]
    assert sc.id == "crossroads"
    ret = next(e for e in menu.entries if e.path == RETURN)
    menu.choose(ret)
    menu.army_panel()
    app.drive(1)
    top = app.top
    assert top.name == "message"
    text = "\n".join(top.lines)
    assert "Valmark: 12,210 points of 12,500 at Advanced game, low magic: fits" in text
    _shot(app, tmp_path, "battlesystem_army_panel.png")

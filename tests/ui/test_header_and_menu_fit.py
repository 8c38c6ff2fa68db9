"""User-testing fixes: the battle header keeps turn, phase and side to act
readable (the scenario name is shortened first), and the menu's scenario
description wraps inside the window, at 1280x720 and 1600x1000."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.battle.seats import Seat
from game.ui import fonts
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.menu import MenuScene
from game.ui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
SF = ROOT / "maps" / "spacefleet" / "planet_low_orbit.scenario.json"
LONG = ROOT / "maps" / "battlespace" / "mission2.scenario.json"


@pytest.fixture(params=[(1280, 720), (1600, 1000)], ids=["1280x720", "1600x1000"])
def sized_app(request, tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    a = App(size=request.param, settings=Settings(), headless=True)
    yield a
    while a.stack:
        a.stack.pop().exit()


def test_header_keeps_phase_and_side_to_act(sized_app, tmp_path):
    scene = sized_app.push(BattleScene.from_scenario(SF, 1, {"imperial": Seat("human")}, replay=tmp_path / "h.jsonl"))
    sized_app.drive(2)
    scene.skip_ai()
    sized_app.drive(1)
    scene.session.battle.scenario = scene.session.battle.scenario.model_copy(
        update={"name": "Primary biosphere: the long and bloody battle for the Hesperus system and its moons"})
    lines = scene.header_lines()
    assert all(fonts.font(size, True).size(t)[0] <= scene.top_left - 44 for t, size in lines)
    # two lines: the name above, the turn (with its limit), phase and side to act whole below
    assert [t for t, _ in lines][1] == "Turn 1 of 8  |  Movement phase  |  Imperial Navy to act (you)"
    name = scene.session.battle.scenario.name
    assert lines[0][0].startswith("Primary biosphere: the long") and name.startswith(lines[0][0].removesuffix("..."))
    assert sum(fonts.font(size, True).get_linesize() for _, size in lines) + 3 <= scene.top_height()
    # the bottom bar's hint names as many ships as fit, the rest counted, never cut
    sized_app.drive(1)
    head = scene.head_text
    assert head.startswith("Your turn: select a model that can act (") and head.endswith("more), or Tab.")
    from game.ui.scenes.layout import bottom_rect

    assert fonts.font(15, True).size(head)[0] <= bottom_rect(sized_app.size, scene.bottom_height()).width - 20
    sized_app.screenshot(tmp_path / f"header-{sized_app.size[0]}.png")


def test_menu_description_wraps_inside_the_window(sized_app, tmp_path):
    menu = sized_app.push(MenuScene(scenario=LONG, seed=1))
    sized_app.drive(2)
    assert menu.preview is not None
    lines = menu.caption_lines()
    area = menu.preview_rect()
    assert len(lines) >= 3  # title + a description of more than one line
    assert fonts.font(16, True).size(lines[0])[0] <= area.width
    assert all(fonts.font(13).size(s)[0] <= area.width for s in lines[1:])
    bottom = area.bottom + 8 + 24 + (len(lines) - 1) * fonts.font(13).get_linesize()
    assert bottom <= menu.caption_bottom() <= min(b.rect.top for b in menu.side_buttons)
    desc = " ".join(s.removesuffix("...").strip() for s in lines[1:])
    full = menu.preview[2].description
    assert full.startswith(desc[:40]) and (desc.replace(" ", "") in full.replace(" ", "") or lines[-1].endswith("..."))
    sized_app.screenshot(tmp_path / f"menu-{sized_app.size[0]}.png")

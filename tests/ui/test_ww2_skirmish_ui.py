"""The WW2 trench skirmish in the app: hidden missions private to their side
in the side panel and at the hot-seat handover (screenshots), facing arcs on
the tokens and in a move's preview, the command cache and its carry-over in
the panel, and a battle played to its end through the scene."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame

from game.ai.random_agent import RandomAgent
from game.battle.seats import Seat
from game.rulesets.ww2_skirmish import actions as A
from game.rulesets.ww2_skirmish.catalogue import DATA
from game.ui.scenes.battle import BattleScene
from tests.ui.conftest import count_colour, distinct_colours

ROOT = Path(__file__).resolve().parents[2]
OVERTAKE = ROOT / "maps" / "ww2_skirmish" / "overtake.scenario.json"
NAMES = {k: m.name for k, m in DATA.missions.items()}
SHOTS = Path(os.environ.get("WW2_SHOTS", "")) if os.environ.get("WW2_SHOTS") else None


def _shot(app, tmp_path, name):
    out = app.screenshot((SHOTS or tmp_path) / name)
    return pygame.image.load(str(out))


def _take_seat(app, scene):
    assert app.top.name == "handover" and app.top.opaque
    side = app.top.side
    app.top.press(app.top.ready_label)
    app.drive(1)
    assert app.top is scene and scene.session.viewer == side
    return side


def test_hidden_missions_private_in_the_panel_and_at_the_handover(app, tmp_path):
    """ww2_skirmish: Pre-Battle (hidden missions): each player reads only its own cards."""
    scene = app.push(BattleScene.from_scenario(OVERTAKE, 1, {"red": Seat("human"), "blue": Seat("human")},
                                               replay=tmp_path / "hs.replay.jsonl"))
    app.drive(1)
    seen_by: dict[str, str] = {}
    for _ in range(8):  # priority, role, then each side keeps one of its two cards
        if app.top is scene:
            scene.skip_ai()
            app.drive(3)
        if app.top.name == "handover":
            shot = _shot(app, tmp_path, f"ww2-handover-{app.top.side}.png")
            assert count_colour(shot, app.palette.side("red", ["red", "blue"]), 10) == 0
            _take_seat(app, scene)
        app.drive(1)
        s = scene.session.battle.state
        side = scene.session.viewer
        if s.stage != "missions" or s.hands[side].kept is not None:
            acts = scene.session.ruleset.legal_actions(s, side) if scene.my_turn else []
            if acts:
                scene.commit(acts[0])
            continue
        panel = " ".join(scene.panel_text)
        mine = s.hands[side].drawn
        assert all(NAMES[c] in panel for c in mine), panel
        other = s.hands[s.enemy_of(side)]
        hidden = set(other.drawn) - set(mine)
        assert not any(NAMES[c] in panel for c in hidden), panel
        seen_by[side] = panel
        _shot(app, tmp_path, f"ww2-panel-{side}.png")
        scene.commit(A.KeepMission(side=side, mission=mine[0]))
    assert set(seen_by) == {"red", "blue"}


def test_facing_arcs_cache_and_a_battle_to_its_end(app, tmp_path):
    """Facing arcs on the tokens and in a move's preview (Facing Rule); the
    cache's carry-over in the panel (Actions); the battle runs to its summary."""
    scene = app.push(BattleScene.from_scenario(OVERTAKE, 2, {"red": Seat("human"), "blue": Seat("ai", "default")},
                                               replay=tmp_path / "full.replay.jsonl"))
    app.drive(2)
    scene.skip_ai()
    rs = scene.session.ruleset
    agent = RandomAgent(random.Random(5))
    checked_battle = False
    for _ in range(3000):
        b = scene.session.battle
        if b.over:
            break
        if scene.my_turn:
            s = b.state
            if s.stage == "battle" and not checked_battle and s.seq_side == "red" and not s.activated:
                checked_battle = True
                app.drive(1)
                figs = [f for f in scene.view.figures if f.side == "red"]
                assert figs and all(f.facing_arcs == (45.0, 135.0, 225.0, 315.0) for f in figs)
                assert any("command cache" in t and "carried over" in t for t in scene.panel_text), scene.panel_text
                u = next(u for u in s.units_of("red"))
                m = s.alive(u)[0]
                move = A.Move(side="red", unit=u.id, x=m.x, y=m.y - 40, heading=300.0)
                pv = rs.preview(s, move)
                assert pv["facing"]["arcs"] == [45.0, 135.0, 225.0, 315.0] and pv["facing"]["heading"] == 300.0
                cam = scene.view.camera
                cam.zoom_at(5, *cam.to_screen(m.x, m.y))
                scene.select(m.id)
                scene.aim(m.x + 10, m.y - 50, lock=True)
                assert scene.preview is not None and scene.preview.facing is not None
                assert scene.preview.facing["arcs"] == [45.0, 135.0, 225.0, 315.0]
                app.drive(1)
                shot = _shot(app, tmp_path, "ww2-facing.png")
                assert distinct_colours(shot) > 40
                cam.fit()
                scene.select(None)
            scene.commit(agent.choose(rs, rs.view(b.state, "red"), "red"))
        scene.skip_ai()
    assert checked_battle
    assert scene.session.battle.over
    app.drive(2)
    assert app.top.name == "summary"
    _shot(app, tmp_path, "ww2-summary.png")

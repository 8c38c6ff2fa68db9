"""The battle scene on Battlespace mission 1: a human fireteam against the rules' enemy.
Select a soldier, activate him, preview and commit a move and a shot, the LoS
overlay, undo, save and load, then play to the end and open the replay."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pygame
import pytest

from game.battle.seats import Seat
from tests.ui.conftest import click, start_battle

MISSION = Path(__file__).resolve().parents[2] / "maps" / "battlespace" / "mission1.scenario.json"
pytestmark = pytest.mark.skipif(not MISSION.exists(), reason="Battlespace mission 1 is not bundled yet")


def _start(app, tmp_path):
    return start_battle(app, MISSION, {"fireteam": Seat("human")}, tmp_path / "bs.replay.jsonl")


_click = click


def test_battlespace_select_preview_los(app, tmp_path):
    from tests.ui.conftest import distinct_colours

    scene = _start(app, tmp_path)
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
    assert distinct_colours(pygame.image.load(str(shot))) > 50


def test_battlespace_play_mission1_end_to_end(app, tmp_path):
    """Activate, move (previewed, committed with a second click, undone, redone), fire
    with the ruleset's odds shown, LoS, save and load, play out, watch the replay."""
    scene = _start(app, tmp_path)
    s = scene.session
    rs = s.ruleset
    assert s.viewer == "fireteam" and scene.my_turn
    cam = scene.view.camera
    # every soldier and enemy is drawn at its state position
    st = s.battle.state
    by = scene.view.by_id
    for f in st.figs.values():
        assert (by[f.id].x, by[f.id].y) == (f.x, f.y)
    assert by["humvee"].width > 0 and by["humvee"].radius == 0
    # select Reyes with a click on his base; the bar offers his activation
    _click(app, cam.to_screen(st.figs["reyes"].x, st.figs["reyes"].y))
    assert scene.selected == "reyes"
    app.drive(1)
    act = [a for a in scene.bar_actions if a.type == "bs_activate" and a.unit == "reyes"]
    assert act
    assert scene.commit(act[0])
    st = s.battle.state
    assert st.current == "reyes" and st.figs["reyes"].orders >= 1
    assert any(m.startswith("orders:") for m in scene.view.by_id["reyes"].markers)
    # hover a point 60 mm north: the move preview, legal, with its cost
    x0, y0 = st.figs["reyes"].x, st.figs["reyes"].y
    target = cam.to_screen(x0, y0 - 60)
    tx, ty = cam.to_world(*target)
    app.drive(2, [pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))])
    pv = scene.preview
    assert pv is not None and pv.action.type == "bs_move" and pv.legal and "order" in pv.cost
    # too far for his orders: the longest legal move toward it is offered (an advance, 176 mm)
    scene.aim(x0, y0 - 330, lock=True)
    pv = scene.preview
    assert pv.legal and pv.action.type == "bs_move" and pv.action.advance
    assert math.isclose(math.hypot(pv.action.x - x0, pv.action.y - y0), 176, abs_tol=0.05)
    # click the reachable point twice: offered, then committed
    _click(app, target)
    assert scene.pending and scene.pending[0].type == "bs_move"
    _click(app, target)
    f = s.battle.state.figs["reyes"]
    assert math.isclose(f.x, round(tx, 2), abs_tol=0.01) and math.isclose(f.y, round(ty, 2), abs_tol=0.01)
    assert scene.view.by_id["reyes"].y == f.y
    # undo the move (no dice), then redo it with Enter
    n = scene.undo()
    assert n == 1 and s.battle.state.figs["reyes"].y == y0
    _click(app, target)
    app.drive(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    assert s.battle.state.figs["reyes"].y != y0
    # the LoS overlay from Reyes; a shot at a visible enemy shows the rules' own odds
    assert scene.view.los is not None and scene.view.los.viewer_id == "reyes"
    from game.rulesets.battlespace.sight import adjudicate
    from game.rulesets.battlespace.rules.combat import fire_numbers, hit_chance

    st = s.battle.state
    seen = [e for e in st.enemies() if adjudicate(st, st.figs["reyes"], e).sees]
    if seen and st.figs["reyes"].orders >= 1:
        e = seen[0]
        scene.aim(e.x, e.y, target_id=e.id, lock=True)
        assert scene.pending[0].type == "bs_fire" and scene.preview.legal
        need, mods = fire_numbers(st, st.figs["reyes"], e)
        assert f"chance {hit_chance(need, mods):.0%}" in scene.preview.lines
        n_before = len(s.battle.history)
        scene.commit()
        assert len(s.battle.history) == n_before + 1
        assert any("fires at" in ln.text for ln in s.log.lines)
        assert s.can_undo() == 0  # a roll is a commit point
    app.drive(1)
    shot = app.screenshot(tmp_path / "bs-after-shot.png")
    from tests.ui.conftest import distinct_colours

    assert distinct_colours(pygame.image.load(str(shot))) > 50
    # save, then load it back
    save = scene.save_game(tmp_path / "bs.save.json")
    data = json.loads(save.read_text())
    assert len(data["actions"]) == len(s.battle.history)
    n_hist = len(s.battle.history)
    assert scene.load_game(save)
    s = scene.session
    assert len(s.battle.history) == n_hist and s.battle.state.figs["reyes"].y != y0
    # play to the end: end each activation and each player phase, the rules play the enemy
    for _ in range(400):
        if s.battle.over:
            break
        if scene.my_turn:
            st = s.battle.state
            acts = rs.legal_actions(st, "fireteam")
            pick = [a for a in acts if a.type == "bs_end_activation"] or [a for a in acts if a.type == "bs_end_player_phase"]
            if rs.confirm(st, pick[0]):  # soldiers left unactivated: the app asks first
                assert not scene.commit(pick[0]) and app.top.name == "confirm"
                app.top.press("Go ahead")
            else:
                assert scene.commit(pick[0])
        scene.skip_ai()
    app.drive(2)
    assert s.battle.over
    assert app.top.name == "summary"
    replay = app.top.buttons["Watch replay"]()
    app.drive(2)
    assert app.top.name == "replay" and replay.model.verdict.ok
    assert replay.model.actions == len(s.battle.history)
    replay.seek(5)
    replay.view.anim.snap()
    app.drive(1)
    then = replay.model.state_at(5, 0)
    drawn = replay.view.by_id  # drawn through the same hooks
    assert all((drawn[f.id].x, drawn[f.id].y) == (f.x, f.y) for f in then.figs.values() if f.on_table and not f.vehicle)
    app.screenshot(tmp_path / "bs-replay.png")

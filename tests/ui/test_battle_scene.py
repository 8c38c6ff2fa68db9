"""The battle scene driven with synthetic input on the test ruleset: select,
preview and commit a move and a shot, LoS overlay, undo, save, load, finish,
watch the replay; screenshots are checked for content."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame

from game.battle.seats import Seat
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.menu import MenuScene
from tests.ui.conftest import count_colour, distinct_colours

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"


def click(app, pos, button=1):
    app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def key(app, k, mod=0):
    app.drive(1, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])


def start(app, tmp_path) -> BattleScene:
    menu = app.push(MenuScene(scenario=DUEL, seed=3))
    app.drive(2)
    assert menu.chosen is not None and menu.chosen.path == DUEL
    assert set(menu.seat_choice) == {"red", "blue"}
    assert menu.seat_choice["red"] == "Human"
    scene = menu.start(replay=tmp_path / "duel.replay.jsonl")
    app.drive(2)
    assert app.top is scene
    return scene


def test_play_a_battle_end_to_end(app, tmp_path):
    scene = start(app, tmp_path)
    s = scene.session
    assert s.viewer == "red" and scene.my_turn
    cam = scene.view.camera
    # select r1 with a click on its base
    click(app, cam.to_screen(60, 100))
    assert scene.selected == "r1"
    # hover a point: the move preview follows the mouse
    target = cam.to_screen(140, 100)
    app.drive(2, [pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))])
    assert scene.preview is not None and scene.preview.legal and scene.preview.cost.endswith(" cm")  # the default unit
    app.screenshot(tmp_path / "preview.png")
    # too far: the Illegal reason is shown
    scene.aim(400, 100, lock=True)
    assert not scene.preview.legal and "at most" in scene.preview.reason
    app.drive(1)
    assert "at most" in scene.status
    # click a reachable point (offers the move), click again to commit
    click(app, target)
    assert scene.pending and scene.pending[0].type == "toy_move"
    app.drive(1)
    assert any(a.type == "toy_move" for a in scene.bar_actions)
    click(app, target)
    unit = s.battle.state.units["r1"]
    assert (round(unit.x), round(unit.y)) == (140, 100)
    # undo the move (no dice rolled yet)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert round(s.battle.state.units["r1"].x) == 60
    click(app, target)
    key(app, pygame.K_RETURN)
    assert round(s.battle.state.units["r1"].x) == 140
    # the LoS overlay from r1: sight lines to the enemies, coloured
    assert scene.view.los is not None and scene.view.los.viewer_id == "r1"
    states = {ln.target_id: ln.state for ln in scene.view.los.lines}
    assert states["b1"] == "clear" and "blocked" in states.values()
    app.drive(1)
    shot = app.screenshot(tmp_path / "los.png")
    img = pygame.image.load(str(shot))
    assert distinct_colours(img) > 50
    on = count_colour(img, app.palette.clear, 25)
    assert on > 150
    key(app, pygame.K_l)
    off = count_colour(app.screen, app.palette.clear, 25)
    assert off < on / 3
    key(app, pygame.K_l)
    # shoot b1: click it, then Enter
    click(app, cam.to_screen(540, 100))
    assert scene.pending and scene.pending[0].type == "toy_shoot"
    n_before = len(s.battle.history)
    key(app, pygame.K_RETURN)
    assert len(s.battle.history) == n_before + 1
    assert any(ln.kind == "roll" and re.search(r"shoots b1: D6 roll \d vs to hit 4", ln.text) for ln in s.log.lines)
    assert s.can_undo() == 0  # a roll is a commit point
    # save, then load it back (same actions)
    save = scene.save_game(tmp_path / "game.save.json")
    data = json.loads(save.read_text())
    assert data["seed"] == 3 and len(data["actions"]) == len(s.battle.history)
    assert scene.load_game(save)
    assert app.top is scene and len(scene.session.battle.history) == n_before + 1
    # a corrupt save: a clear message and nothing lost
    bad = tmp_path / "bad.save.json"
    bad.write_text(save.read_text()[:200])
    history = len(scene.session.battle.history)
    assert not scene.load_game(bad)
    assert app.top.name == "message" and "bad.save.json" in app.top.text
    app.top.press("OK")
    assert app.top is scene and len(scene.session.battle.history) == history
    # end the turn with the bar's button; the AI plays (animated, then skipped)
    end = [a for a in scene.bar_actions if a.type == "toy_end_turn"]
    assert end
    scene.commit(end[0])
    app.drive(40)  # AI acts at the chosen speed
    scene.skip_ai()
    # play to the end: end every turn
    for _ in range(200):
        if scene.session.battle.over:
            break
        if scene.my_turn:
            scene.commit([a for a in scene.session.ruleset.legal_actions(scene.session.battle.state, "red")
                          if a.type == "toy_end_turn"][0])
        scene.skip_ai()
    app.drive(2)
    assert scene.session.battle.over
    assert app.top.name == "summary"
    summary = app.screenshot(tmp_path / "summary.png")
    assert distinct_colours(pygame.image.load(str(summary))) > 20
    replay = app.top.buttons["Watch replay"]()
    app.drive(2)
    assert app.top.name == "replay" and replay.model.verdict.ok
    assert replay.model.actions == len(scene.session.battle.history)
    replay.seek(3)
    key(app, pygame.K_PERIOD)
    assert replay.k == 4
    key(app, pygame.K_COMMA)
    assert replay.k == 3
    replay.jump_to_turn(2)
    assert replay.model.turn_of(replay.k) == 2
    app.screenshot(tmp_path / "replay.png")


def test_hot_seat_hands_over_between_humans(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(DUEL, 1, {"red": Seat("human"), "blue": Seat("human")},
                                               replay=tmp_path / "hs.replay.jsonl"))
    app.drive(1)
    assert app.top.name == "handover"  # the first player takes the seat
    key(app, pygame.K_RETURN)
    assert app.top is scene and scene.session.viewer == "red"
    scene.commit(scene.session.ruleset.figure_actions(scene.session.battle.state, "red", "r1", None)[0])
    app.drive(60)  # the rules side acts at the AI speed, then the handover
    assert app.top.name == "handover" and app.top.opaque and app.top.side == "blue"
    # the handover says what red did since blue last acted: the log's own lines of red's move
    done = [ln.text for ln in scene.session.log.lines if ln.text]
    assert "Since your last move:" in app.top.lines and done and f"- {done[-1]}" in app.top.lines
    shot = app.screenshot(tmp_path / "handover.png")
    # the table is hidden: none of red's colour shows
    assert count_colour(pygame.image.load(str(shot)), app.palette.side("red", ["red", "blue"]), 10) == 0
    app.top.press("I am Blue")
    assert scene.session.viewer == "blue" and scene.my_turn


def test_help_overlay_and_tooltips(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(DUEL, 1, {"red": Seat("human")}, replay=tmp_path / "t.replay.jsonl"))
    app.drive(1)
    key(app, pygame.K_h)
    assert app.top.name == "help"
    app.screenshot(tmp_path / "help.png")
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    cam = scene.view.camera
    scene.view.mouse = cam.to_screen(300, 160)  # on wall-a
    lines = scene.view.tooltip_lines()
    assert lines and "wall" in lines[0] and any("blocks sight" in ln for ln in lines)
    scene.view.mouse = cam.to_screen(540, 300)  # on b2
    assert scene.view.tooltip_lines()[0].startswith("b2")


def test_editor_placeholder_and_settings(app):
    from game.ui.app import first_scene

    menu = app.push(MenuScene(scenario=DUEL))
    app.drive(1)
    menu.open_editor()
    app.drive(1)
    assert app.top.name in ("editor-placeholder", "editor")
    app.pop()
    menu.open_settings()
    app.drive(1)
    assert app.top.name == "settings"
    assert first_scene("editor").name in ("editor-placeholder", "editor")

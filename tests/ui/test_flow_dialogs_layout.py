"""Leaving a battle asks first when there are unsaved actions; the Open
replay dialog lists ./replays then the config folder's; the replay viewer
lays its controls out again on a resize; AI turns run at the chosen speed and
can be skipped; the hot-seat handover hides the table; the summary's Watch
replay opens the viewer even when the battle was the only scene."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pygame_gui

from game.battle.runner import play
from game.battle.seats import Seat
from game.ui.app import MIN_WINDOW
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.replay import ReplayScene
from game.ui.settings import config_dir
from tests.ui.conftest import count_colour, distinct_colours

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"


def key(app, k, mod=0):
    app.drive(1, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])


def _battle(app, tmp_path, seats=None):
    app.push(MenuScene(scenario=DUEL, seed=1))
    app.drive(1)
    scene = app.push(BattleScene.from_scenario(DUEL, 1, seats or {"red": Seat("human")}, replay=tmp_path / "b.replay.jsonl"))
    app.drive(1)
    return scene


def _move(scene, x=140):
    s = scene.session
    assert scene.commit(s.ruleset.point_actions(s.battle.state, "red", "r1", x, 100)[0])


def test_menu_asks_before_leaving_with_unsaved_actions(app, tmp_path):
    scene = _battle(app, tmp_path)
    assert scene.unsaved == 0
    scene.ask_leave()  # nothing done yet: straight to the menu
    assert app.top.name == "menu" and len(app.stack) == 1
    scene = _battle(app, tmp_path)
    _move(scene)
    assert scene.unsaved == 1
    menu_btn = next(b for b in scene.top_buttons if b.text == "Menu")
    app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=menu_btn)])  # the Menu button
    dlg = app.top
    assert dlg.name == "confirm" and dlg.title == "Leave the battle?"
    assert list(dlg.buttons) == ["Save", "Leave", "Cancel"]
    app.drive(1)
    shot = pygame.image.load(str(app.screenshot(tmp_path / "leave.png")))
    panel = shot.subsurface(dlg.panel_rect())
    assert count_colour(panel, (44, 49, 58), 2) > 3 * 1000  # the three buttons' faces (theme normal_bg)
    dlg.press("Cancel")
    assert app.top is scene and scene.session.battle.state.units["r1"].x > 100
    # Esc is Cancel too
    scene.ask_leave()
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    # saved: nothing to ask
    scene.save_game(tmp_path / "x.save.json")
    assert scene.unsaved == 0
    # undo after the save is a change again; Save in the dialog saves, then leaves
    scene.undo()
    assert scene.unsaved == 1
    scene.ask_leave()
    app.top.press("Save")
    assert app.top.name == "menu"
    saves = list((config_dir() / "saves").glob("*.save.json"))
    assert len(saves) == 1
    # Leave leaves without saving
    scene = _battle(app, tmp_path)
    _move(scene)
    scene.ask_leave()
    app.top.press("Leave")
    assert app.top.name == "menu" and len(list((config_dir() / "saves").glob("*.save.json"))) == 1


def test_open_replay_lists_cwd_replays_then_the_config_folder(app, tmp_path, monkeypatch):
    work = tmp_path / "work"
    (work / "replays").mkdir(parents=True)
    monkeypatch.chdir(work)
    cfg = config_dir() / "replays"
    cfg.mkdir(parents=True)
    now = time.time()
    files = {"cli-old": (work / "replays", now - 300), "cli-new": (work / "replays", now - 200),
             "app-old": (cfg, now - 100), "app-new": (cfg, now)}
    for stem, (folder, t) in files.items():
        p = folder / f"{stem}.replay.jsonl"
        p.write_text("{}\n")
        os.utime(p, (t, t))
    menu = app.push(MenuScene(scenario=DUEL))
    app.drive(1)
    menu.ask_replay()
    app.drive(1)
    chooser = app.top
    assert chooser.name == "files"
    names = [p.name.split(".")[0] for p in chooser.paths]
    assert names == ["cli-new", "cli-old", "app-new", "app-old"]  # ./replays first, newest first in each
    assert chooser.paths[0].parent.resolve() == (work / "replays").resolve()
    app.screenshot(tmp_path / "open-replay.png")


def test_replay_controls_relayout_on_resize(app, tmp_path):
    path = tmp_path / "duel.replay.jsonl"
    play(DUEL, {}, 5, path)
    rp = app.push(ReplayScene(path))
    app.drive(1)
    for size in [(800, 600), (1920, 1080), MIN_WINDOW, (1280, 800)]:
        app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.drive(2)
        assert app.screen.get_size() == size
        win = pygame.Rect(0, 0, *size)
        rects = rp.control_rects()
        assert len(rects) >= 16
        for label, r in rects.items():
            assert win.contains(r), (size, label, r)
        # the playback controls sit in the bottom bar, under the table, left of the side panel
        view = pygame.Rect(rp.view.camera.viewport)
        for b in rp.buttons:
            r = b.get_abs_rect()
            assert r.top >= view.bottom and r.right <= view.right, (size, b.text, r, view)
        assert rp._timeline_rect().right <= view.right and rp._timeline_rect().top >= view.bottom
        if size == (800, 600):
            app.screenshot(tmp_path / "replay-800x600.png")
    # the controls still work after the re-layout
    rp.seek(0)
    step = next(b for b in rp.buttons if b.text == ">")
    app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=step)])
    assert rp.k == 1


def test_ai_turn_runs_at_the_chosen_speed_and_skips(app, tmp_path):
    scene = _battle(app, tmp_path, {"red": Seat("human"), "blue": Seat("ai", "random")})  # the random AI moves
    s = scene.session
    for speed, interval in [(2.0, 30), (8.0, 8)]:
        app.settings.ai_speed = speed
        while not scene.my_turn:
            scene.skip_ai()
        end = [a for a in s.ruleset.legal_actions(s.battle.state, "red") if a.type == "toy_end_turn"][0]
        scene.commit(end)
        assert s.ai_to_act
        start = len(s.battle.history)
        steps, frame, slides = [], 0, 0
        while len(steps) < 3 and s.ai_to_act and frame < 400:
            n = len(s.battle.history)
            app.drive(1)
            frame += 1
            if len(s.battle.history) > n:
                steps.append(frame)
                if scene.view.anim.start:  # a move: animated, the slide shorter than the interval
                    slides += 1
                    assert scene.view.anim.duration <= 0.8 / speed + 1e-9
        assert len(steps) == 3 and len(s.battle.history) > start
        assert slides >= 1, "the AI's moves slide across the table"
        gaps = [steps[0]] + [b - a for a, b in zip(steps, steps[1:])]
        for g in gaps:  # one action per 1/speed s (60 frames a second), not faster, not much slower
            assert interval - 1 <= g <= interval + 2, (speed, gaps)
    # skip: the AI plays to the next human decision at once, no slide left
    if s.ai_to_act:
        n = scene.skip_ai()
        assert n >= 1
    assert scene.my_turn and not scene.view.anim.busy


def test_handover_hides_the_previous_sides_view(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(DUEL, 1, {"red": Seat("human"), "blue": Seat("human")},
                                               replay=tmp_path / "hs.replay.jsonl"))
    app.drive(1)
    key(app, pygame.K_RETURN)
    s = scene.session
    scene.select("r1")
    scene.commit(s.ruleset.figure_actions(s.battle.state, "red", "r1", None)[0])
    app.drive(60)
    assert app.top.name == "handover" and app.top.side == "blue"
    assert scene.selected is None
    shot = pygame.image.load(str(app.screenshot(tmp_path / "handover.png")))
    order = ["red", "blue"]
    for side in order:  # no figure of either side, no terrain
        assert count_colour(shot, app.palette.side(side, order), 12) == 0
    assert count_colour(shot, app.palette.background, 4) < 50
    assert distinct_colours(shot) > 5  # the panel and its text are drawn
    app.top.press("I am Blue")
    assert s.viewer == "blue" and scene.my_turn


def test_watch_replay_from_the_summary_when_the_battle_is_alone(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(DUEL, 2, {}, replay=tmp_path / "ai.replay.jsonl"))  # AI v AI
    app.drive(1)
    scene.skip_ai()
    app.drive(2)
    assert scene.session.battle.over and app.top.name == "summary"
    app.top.press("Watch replay")
    app.drive(2)
    assert app.running and [x.name for x in app.stack] == ["replay"]
    rp = app.top
    assert rp.model.verdict.ok and rp.model.actions == len(scene.session.battle.history)
    shot = app.screenshot(tmp_path / "watch.png")
    assert distinct_colours(pygame.image.load(str(shot))) > 30


def test_menu_refuses_a_seed_no_file_could_record(app, tmp_path):
    """A seed beyond 2**53 (or below 0) is refused when the battle would start: a save, an autosave
    and a replay record the seed, and no file accepts a larger number (game/data/limits.py)."""
    menu = app.push(MenuScene(scenario=DUEL, seed=1))
    app.drive(1)
    for text in ("99999999999999999999999", "-1"):
        menu.seed_entry.set_text(text)
        assert menu.start(replay=tmp_path / "x.replay.jsonl") is None
        assert app.top.name != "battle" and "from 0 to 9,007,199,254,740,992" in app.top.text
        app.pop()
    assert not (tmp_path / "x.replay.jsonl").exists()

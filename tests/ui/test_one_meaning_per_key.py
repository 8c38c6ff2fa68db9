"""Every key means one thing on each screen: the replay viewer's own keys
(step, speed, to the start) are keys the table camera does not use, so Up
pans the replay's table and does not change the speed."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.battle.seats import Seat
from game.ui.input_map import ACTIONS, InputMap, chord_label, parse_chord
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.replay import ReplayScene

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"

#: the contexts each screen asks the input map in (its own first, then the table camera's)
SCREENS = {"battle": ("battle", "table"), "replay": ("replay", "table"), "help": ("help",), "menu": ("menu",)}


def test_no_key_is_bound_to_two_actions_on_any_screen():
    m = InputMap.defaults()
    for screen, contexts in SCREENS.items():
        meaning: dict = {}
        for a in ACTIONS:
            if not set(a.contexts) & set(contexts):
                continue
            for ch in m.chords(a.name):
                assert ch not in meaning, (screen, chord_label(ch), meaning.get(ch), a.name)
                meaning[ch] = a.name
        # and every chord bound there reaches its own action
        for ch, name in meaning.items():
            ev = pygame.event.Event(pygame.KEYDOWN, key=ch[1], mod=sum(
                {"ctrl": pygame.KMOD_LCTRL, "alt": pygame.KMOD_LALT, "shift": pygame.KMOD_LSHIFT}[x] for x in ch[0]))
            assert m.action(ev, *contexts) == name, (screen, chord_label(ch))
    # the camera's keys keep all their chords in the replay viewer too
    for name in ("pan_left", "pan_right", "pan_up", "pan_down", "fit"):
        assert m.effective(name, SCREENS["replay"]) == m.chords(name)
    assert parse_chord("up") in m.chords("pan_up") and parse_chord("home") in m.chords("fit")


def key(app, k, mod=0):
    app.drive(1, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])


def test_up_pans_the_replay_table_and_keeps_the_speed(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(DUEL, 1, {"red": Seat("human")}, replay=tmp_path / "u.replay.jsonl"))
    app.drive(1)
    s = scene.session
    a = s.ruleset.point_actions(s.battle.state, "red", "r1", 140, 100)[0]
    assert scene.commit(a)
    s.close()
    rp = app.push(ReplayScene(tmp_path / "u.replay.jsonl"))
    app.drive(1)
    rp.seek(0)
    cam = rp.view.camera
    fit = cam.scale
    key(app, pygame.K_PLUS)
    key(app, pygame.K_PLUS)  # zoomed in, so there is room to pan
    speed, (ox, oy) = rp.speed_i, (cam.ox, cam.oy)
    key(app, pygame.K_UP)
    assert rp.speed_i == speed  # Up pans; it does not change the speed
    assert cam.oy < oy and cam.ox == ox
    key(app, pygame.K_RIGHT)
    assert rp.k == 0 and cam.ox > ox  # Right pans; it does not step
    key(app, pygame.K_HOME)
    assert rp.k == 0 and cam.scale == fit  # Home fits the table; it does not go to the start
    m = app.input
    step = m.chords("step_forward")[0]
    key(app, step[1])
    assert rp.k == 1
    faster = m.chords("faster")[0]
    key(app, faster[1])
    assert rp.speed_i == speed + 1

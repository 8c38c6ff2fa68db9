"""Foxhole, Simple Assault, the human as 2 Para against the AI: what a new
player met on the battle screen. Move buttons say where the element goes
and are shown before they are done; an off-board target on one's own start
area says so and asks first; a new preview replaces an older status; a
second element clicked while one is being used says why it must wait."""

from __future__ import annotations

import math
import random
import re
from pathlib import Path

import pygame
import pygame_gui

from game.battle.seats import Seat
from game.rulesets.foxhole import actions as A
from game.rulesets.foxhole.ai.agent import FoxholeAgent
from game.ui.preview import end_point
from game.ui.scenes.battle import BattleScene

ROOT = Path(__file__).resolve().parents[2]
ASSAULT = ROOT / "maps" / "foxhole" / "simple_assault.scenario.json"


def _start(app, tmp_path, until):
    """Simple Assault with the British (2 Para) human and the Argentines AI;
    the agent plays the human's choices until ``until(state, next_action)``."""
    scene = app.push(BattleScene.from_scenario(ASSAULT, 1, {"british": Seat("human"), "argentine": Seat("ai")},
                                               replay=tmp_path / "a.replay.jsonl"))
    app.drive(1)
    s = scene.session
    agent = FoxholeAgent(random.Random(3))
    for _ in range(400):
        if s.ai_to_act:
            scene.skip_ai()
            continue
        assert scene.my_turn
        act = agent.choose(s.ruleset, s.view(), s.viewer)
        if until(s.battle.state, act):
            return scene, act
        assert scene.commit(act, confirmed=True), scene.status
    raise AssertionError("never reached")


def _rolled(app, tmp_path):
    scene, roll = _start(app, tmp_path, lambda st, a: st.phase == "activation" and type(a) is A.Roll)
    assert scene.commit(roll)
    eid = scene.session.battle.state.current.element
    scene.select(eid)
    app.drive(1)
    return scene, eid


def _press(app, scene, action):
    button = next(b for b, a in scene._bar_buttons.items() if a is action)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": button}))
    app.drive(1)


def test_after_a_roll__no_numbered_moves_and_each_move_names_where_it_goes(app, tmp_path):
    scene, eid = _rolled(app, tmp_path)
    s = scene.session
    labels = [t for _, t in scene.bar_labels(scene.offered_actions(eid))]
    assert not any("#" in t for t in labels), labels
    moves = [a for a in s.ruleset.legal_actions(s.battle.state, s.viewer) if type(a) is A.Move and a.path]
    assert len(moves) > 5
    for a in moves:  # every candidate move is a click on the table away, and reads as a place
        assert scene._table_reachable(a)
        t = scene.label_of(a)
        assert re.search(r"^Move .*\d+ yards to .*[A-Z]\d+", t), t
    # a click on the table offers its moves on the bar, each named by where it goes; a press does the one pressed
    x, y = end_point(moves[0])
    scene.aim(x, y, None, lock=True)
    app.drive(1)
    other = scene.pending[1]
    assert type(other) is A.Move and end_point(other) is not None
    assert re.search(r"^Move .*\d+ yards to ", scene.label_of(other)), scene.label_of(other)
    app.screenshot(tmp_path / "move-buttons-named.png")
    before = len(s.battle.history)
    _press(app, scene, other)
    assert len(s.battle.history) > before
    moved = s.battle.state.elements[eid]
    assert math.dist((moved.x, moved.y), end_point(other)) < 1.0  # it went where its button said


def test_naval_gunfire_on_own_start_area__named_and_asked_before_it_is_called(app, tmp_path):
    scene, _ = _start(app, tmp_path, lambda st, a: st.phase == "activation" and st.current is None)
    s = scene.session
    st = s.battle.state
    own = next(e for e in st.elements.values() if e.side == "british" and e.on_table)
    scene.select(own.id)
    spots = [scene.view.camera.to_screen(own.x + dx, own.y + dy) for dx, dy in
             ((30, 0), (-30, 0), (0, 30), (0, -30), (20, 20), (-20, -20), (40, 40), (-40, 40))]
    px = next(p for p in spots if scene.view.figure_under(p) is None)  # the table near it, no element there
    scene.click(px)
    app.drive(1)
    text = " ".join(scene.bottom_text)
    assert type(scene.pending[0]) is A.Designate
    assert "Naval gunfire" in text and "Warning: on your own start area" in text, text
    app.screenshot(tmp_path / "gunfire-on-own-area-previewed.png")
    before = len(s.battle.history)
    scene.click(px)  # the second click asks; it does not call the fire down
    assert len(s.battle.history) == before
    assert app.top.name != "battle"
    app.drive(1)
    app.screenshot(tmp_path / "gunfire-on-own-area-asks.png")


def test_a_new_hover_replaces_the_status_an_earlier_click_left(app, tmp_path):
    scene, eid = _rolled(app, tmp_path)
    scene.set_status("no action there", bad=True)  # as a refused click leaves it
    e = scene.session.battle.state.elements[eid]
    scene.aim(e.x, e.y - 40)  # the mouse moves on: a move previewed
    app.drive(1)
    assert scene.preview is not None
    assert scene.status == "" and not any("no action there" in t for t in scene.bottom_text)


def test_another_element_clicked_mid_activation__says_why_and_keeps_the_current_choices(app, tmp_path):
    scene, eid = _rolled(app, tmp_path)
    s = scene.session
    other = next(e for e in s.battle.state.elements.values()
                 if e.side == "british" and e.on_table and e.id != eid)
    scene.click(scene.view.camera.to_screen(other.x, other.y))
    app.drive(1)
    assert scene.selected == eid
    assert scene.bar_actions, "the current element's choices stay on the bar"
    text = " ".join(scene.bottom_text)
    name = scene._fig_name(eid)
    assert f"{name} is being used" in text and scene._fig_name(other.id) in text, text
    app.screenshot(tmp_path / "other-element-must-wait.png")

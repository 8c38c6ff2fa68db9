"""Foxhole (Activation: an element not used may hold instead of rolling for
motivation): the action bar offers one button that holds every element not
yet used this turn, each by the legal Hold action in turn as if its own
button were pressed; it is offered only while Hold is legal for two or
more of them."""

from __future__ import annotations

import pygame
import pygame_gui

from game import rulesets
from game.battle.seats import Seat
from game.core.replay import read_replay
from game.ui.scenes.battle import PASS_ALL, BattleScene
from tools.regen_golden import SEED, bundled, golden_path


def _at_first_hold(app, tmp_path):
    rs = rulesets.get("foxhole")
    path = next(p for _, p in bundled(["foxhole"]) if p.name == "firebase_defence.scenario.json")
    rec = read_replay(golden_path("foxhole", path))
    i = next(k for k, line in enumerate(rec.actions) if line.action["type"] == "fox_hold")
    side = rec.actions[i].action["side"]
    scene = app.push(BattleScene.from_scenario(path, SEED, {side: Seat("human")}, replay=tmp_path / "h.replay.jsonl"))
    s = scene.session
    for line in rec.actions[:i]:
        s.battle.submit(rs.parse_action(line.action))
    s.viewer = side
    scene.select(None)
    app.drive(1)
    return scene, side


def test_hold_all__one_button_holds_each_unused_element(app, tmp_path):
    scene, side = _at_first_hold(app, tmp_path)
    s = scene.session
    holds = scene.unused_passes()
    assert len(holds) > 1 and all(a.type == "fox_hold" for a in holds)
    button = next(b for b, a in scene._bar_buttons.items() if a is PASS_ALL)
    assert button.text == f"Hold (no roll): all {len(holds)} not yet used"
    before = len(s.battle.history)
    app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])
    mine = [e.action for e in s.battle.history.entries[before:] if e.action.side == side]
    held = [a.element for a in mine if a.type == "fox_hold"]
    assert held == [a.element for a in holds]  # each in turn, in the bar's order
    assert [a.type for a in mine] == ["fox_hold"] * len(holds)  # nothing else on the player's behalf
    assert scene.unused_passes() == []
    assert scene.status.endswith(f"{len(holds)} done")


def test_hold_all__not_offered_with_a_model_selected_or_for_one_element(app, tmp_path):
    scene, side = _at_first_hold(app, tmp_path)
    scene.select(scene.unused_passes()[0].element)
    app.drive(1)
    assert PASS_ALL not in scene._bar_buttons.values()

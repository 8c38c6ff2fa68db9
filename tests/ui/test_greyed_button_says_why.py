"""A greyed action button says why on hover: the rules' own reason (the
ruleset's ``check``), in the bar's lines under the buttons, as a refused
click on the table does; pygame_gui sends no hover event for a disabled
button, so the scene watches the mouse itself."""

from __future__ import annotations

from game import rulesets
from game.battle.seats import Seat
from game.core.replay import read_replay
from tests.ui.conftest import pygame
from tools.regen_golden import SEED, bundled, golden_path


def _move(app, pos):
    app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def test_hover_on_a_greyed_button__the_rules_reason_is_shown_and_goes_when_the_mouse_leaves(app, tmp_path):
    from game.ui.scenes.battle import BattleScene

    rs = rulesets.get("battlespace")
    path = next(p for _, p in bundled(["battlespace"]) if p.name == "mission1.scenario.json")
    rec = read_replay(golden_path("battlespace", path))
    scene = app.push(BattleScene.from_scenario(path, SEED, {"fireteam": Seat("human")},
                                               replay=tmp_path / "g.replay.jsonl", screenshot_mode=True))
    s = scene.session
    for line in rec.actions[:3]:  # Sgt. Reyes activated, has fired and moved: no orders left
        assert s.battle.submit(rs.parse_action(line.action)).ok
    scene.select(s.battle.state.current)
    app.drive(1)
    greyed = next(((b, a) for b, a in scene._bar_buttons.items() if not b.is_enabled), None)
    assert greyed, [b.text for b in scene._bar_buttons]
    button, action = greyed
    reason = rs.check(s.battle.state, action).reason
    assert reason and not any(t.startswith("Not allowed") for t in scene.bottom_text)
    _move(app, button.rect.center)
    assert f"Not allowed: {scene.view.namer(reason)}" in scene.bottom_text
    _move(app, (5, 5))
    assert not any(t.startswith("Not allowed") for t in scene.bottom_text)

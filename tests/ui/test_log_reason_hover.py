"""The app shows why an AI chose an action while the mouse rests on that
action's lines in the battle log (issue: agents explain their choices), and
only there; the box holds the reason the agent recorded, in the words of
``game.core.logtext.reason_tip``."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.battle.seats import Seat
from game.core.logtext import reason_tip
from game.ui import fonts
from game.ui.scenes.battle import BattleScene

from tests.ui.conftest import count_colour

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"
BORDER = (120, 130, 150)  #: the tooltip box's border (game/ui/render/tip.py)


def _move(app, pos):
    app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def test_hovering_an_ai_action_in_the_log_shows_its_reason(app, tmp_path):
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"
    scene = app.push(BattleScene.from_scenario(DUEL, 2, {"red": Seat("ai"), "blue": Seat("human")},
                                               replay=tmp_path / "duel.replay.jsonl"))
    app.drive(2)
    scene.skip_ai()
    app.drive(1)
    entries = scene.session.battle.history.entries
    ai = [i for i, e in enumerate(entries) if e.action.side == "red" and e.reason]
    assert ai, "the red AI acted and gave reasons"
    panel = scene.log_panel
    # an event line of the last AI action (not its "why" line): the whole action answers the hover
    top, bottom, line = next((t, b, ln) for t, b, ln in reversed(panel._rows) if ln.action in ai and ln.kind != "why")
    pos = (panel.rect.x + 40, panel.rect.y + (top + bottom) // 2)
    assert panel.line_at(pos) is line
    app.screenshot(tmp_path / "log_before.png")
    before = app.screen.copy()
    assert scene.reason_box is None
    _move(app, pos)
    app.screenshot(tmp_path / "log_reason.png")
    shot = app.screen.copy()
    box = scene.reason_box
    assert box is not None
    tip = reason_tip(entries[line.action].reason)
    assert tip[0] == "Why: " + entries[line.action].reason["text"]
    # the box holds the tip's lines wrapped at 360 px, beside the mouse, inside the window
    rows = [r for t in tip for r in fonts.wrap_with(fonts.font(13), t, 360)][:10]
    assert box.height == sum(fonts.text(r, 13).get_height() for r in rows) + 8
    assert box.width == max(fonts.text(r, 13).get_width() for r in rows) + 12
    # beside the mouse: right of it where it fits, else left of it (the log is at the window's right edge)
    right = pos[0] + 16 + box.width <= app.size[0] - 2
    assert box.x == (pos[0] + 16 if right else pos[0] - 8 - box.width)
    assert box.y in (pos[1] + 16, pos[1] - 8 - box.height) and app.screen.get_rect().contains(box)
    assert count_colour(shot.subsurface(box), BORDER, tol=4) >= 2 * (box.width + box.height) - 8  # its border
    assert count_colour(before.subsurface(box), BORDER, tol=4) < box.width  # not there before the hover
    # off the log: no box
    _move(app, (5, app.size[1] // 2))
    app.screenshot(tmp_path / "log_off.png")
    assert scene.reason_box is None

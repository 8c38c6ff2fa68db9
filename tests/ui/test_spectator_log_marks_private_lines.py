"""A log with no seated player (an AI-vs-AI battle in the app, the replay
viewer) is the umpire's: it shows every line, and a line only one side may
read under hidden information (a secret event, a reason weighed on that
side's view) carries that side's name, as the headless log marks it. A
seated player's own log is unchanged: the other side's private lines are
left out, its own read as they are.

Foxhole's Patrol (seed 3): the MNLA default agent sets up five hidden
elements, each with a reason naming it (see
tests/rulesets/foxhole/test_reasons_stay_with_their_side.py)."""

from __future__ import annotations

import re

from game.battle.runner import _log_step
from game.battle.seats import Seat
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.replay import ReplayScene

from tests.ui.test_foxhole_ui import ROOT

PATROL = ROOT / "maps" / "foxhole" / "patrol.scenario.json"
MARK = "(MNLA insurgents only)"
SEATS = {"mnla": Seat("ai", "default"), "sas": Seat("ai", "random")}


def _set_up_in_the_app(app, tmp_path):
    """An AI-vs-AI Patrol in the app, played until the MNLA have set up, and
    the headless log of the same actions (``_log_step``, the terminal's lines)."""
    replay = tmp_path / "patrol.replay.jsonl"
    scene = app.push(BattleScene.from_scenario(PATROL, 3, SEATS, replay=replay))
    s = scene.session
    headless: list[str] = []
    turn = [s.battle.state.turn]
    on_step = s.controller.on_step

    def both(action, result):
        if on_step is not None:
            on_step(action, result)
        turn[0] = _log_step(s.battle, action, result, headless.append, turn[0])

    s.controller.on_step = both
    while any(e.side == "mnla" and not e.deployed for e in s.battle.state.elements.values()):
        assert scene.session.step_ai(1) == 1
    s.controller.on_step = on_step
    scene.refresh()
    app.drive(1)
    return scene, headless, replay


def _umpire(lines: list[str]) -> list[str]:
    """The headless log's lines without their turn label ("[turn 0] ") and indent."""
    return [re.sub(r"^\[turn \d+\] ", "", ln).strip() for ln in lines]


def test_ai_battle_log__private_lines_marked_as_the_headless_log_marks_them(app, tmp_path):
    scene, headless, _ = _set_up_in_the_app(app, tmp_path)
    s = scene.session
    assert s.viewer is None  # no seated player: the umpire's log
    shown = [ln.text for ln in scene._log_lines]
    assert shown == _umpire(headless)
    whys = [t for t in shown if t.startswith("why")]
    assert len(whys) >= 5 and all(t.startswith(f"why {MARK}: ") for t in whys), whys
    hidden = {e.name for e in s.battle.state.elements.values() if e.side == "mnla" and e.unrevealed}
    naming = [t for t in shown if any(re.search(rf"\b{re.escape(n)}\b", t) for n in hidden)]
    assert len([t for t in naming if t.startswith("why")]) == 5
    assert all(MARK in t for t in naming), [t for t in naming if MARK not in t]
    # the panel draws the marked words (the first row of each line: "T0 why (MNLA insurgents only): ...")
    assert any(r.startswith(f"T0 why {MARK}: ") for r in scene.log_panel.row_texts), scene.log_panel.row_texts
    app.screenshot(tmp_path / "ai-battle-log.png")


def test_seated_player_log__own_lines_unmarked_others_left_out(app, tmp_path):
    scene, _, _ = _set_up_in_the_app(app, tmp_path)
    log = scene.session.log
    mine = [ln.text for ln in log.filtered(viewer="mnla") if ln.kind == "why"]
    assert len(mine) >= 5 and all(t.startswith("why: ") for t in mine), mine
    assert [ln for ln in log.filtered(viewer="sas") if ln.private == "mnla"] == []


def test_replay_viewer_log__private_lines_marked(app, tmp_path):
    scene, headless, replay = _set_up_in_the_app(app, tmp_path)
    n = len(scene.session.battle.history)
    app.pop()
    viewer = app.push(ReplayScene(replay))
    viewer.seek(n)
    app.drive(1)
    shown = [ln.text for ln in viewer._log_lines]
    assert shown == _umpire(headless)
    assert sum(t.startswith(f"why {MARK}: ") for t in shown) >= 5
    app.screenshot(tmp_path / "replay-log.png")

""""N actions since the last save" counts only what the players did: the
AI side's (or the rules') actions before the first human decision are no
unsaved work, so leaving straight after starting asks nothing; the player's
own move is one action to save."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from game.ui.scenes.menu import MenuScene
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"


def test_ai_actions_before_the_first_decision_are_not_unsaved(app, tmp_path):
    app.push(MenuScene(scenario=DUEL, seed=1))
    scene = start_battle(app, DUEL, {"blue": Seat("human")}, tmp_path / "d.replay.jsonl")
    s = scene.session
    assert [e.action.side for e in s.battle.history.entries] == ["red", "red", "red"]  # the AI moved first
    assert s.waiting_for == "blue" and scene.unsaved == 0
    scene.ask_leave()  # nothing of the player's to lose: no question
    assert app.top.name == "menu"
    scene = start_battle(app, DUEL, {"blue": Seat("human")}, tmp_path / "e.replay.jsonl")
    s = scene.session
    assert scene.commit(s.ruleset.point_actions(s.battle.state, "blue", "b1", 500, 100)[0])
    assert scene.unsaved == 1
    scene.ask_leave()
    assert app.top.name == "confirm" and any("1 action since the last save" in ln for ln in app.top.lines)

"""The leave question tells the truth: the battle's replay is written as it
is played, so leaving loses nothing and Load continues the battle; the
dialog says so (and names the file), and continuing from it gives back the
same position."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from game.ui.play import load_folders, load_session
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.menu import MenuScene

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"


def test_leave_dialog_says_the_battle_continues_from_load(app, tmp_path):
    app.push(MenuScene(scenario=DUEL, seed=1))
    scene = app.push(BattleScene.from_scenario(DUEL, 1, {"red": Seat("human")}))
    app.drive(1)
    s = scene.session
    assert scene.commit(s.ruleset.point_actions(s.battle.state, "red", "r1", 140, 100)[0])
    moved = s.battle.state.units["r1"].x
    replay = Path(s.replay_path)
    assert replay.parent in load_folders()
    scene.ask_leave()
    app.drive(1)
    dlg = app.top
    text = " ".join(dlg.lines)
    assert dlg.title == "Leave the battle?" and list(dlg.buttons) == ["Save", "Leave", "Cancel"]
    assert "will be lost" not in text and "Nothing is lost" in text
    assert replay.name in text and "1 action since the last save" in text
    app.screenshot(tmp_path / "leave-wording.png")
    dlg.press("Leave")
    assert app.top.name == "menu"
    again = load_session(replay)  # what the dialog promised: Load continues the battle
    assert len(again.battle.history) == 1 and again.battle.state.units["r1"].x == moved
    again.close()

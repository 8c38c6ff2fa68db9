"""After loading a save the bar is not empty: the model mid-activation is
selected (its actions offered), and with nothing selected the head line names
the models that can act while figure-free actions (End player phase) stay on offer."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battle.seats import Seat

MISSION = Path(__file__).resolve().parents[2] / "maps" / "battlespace" / "mission1.scenario.json"


def _start(app, tmp_path):
    from game.ui.scenes.battle import BattleScene

    scene = app.push(BattleScene.from_scenario(MISSION, 1, {"fireteam": Seat("human")}, replay=tmp_path / "l.replay.jsonl"))
    app.drive(2)
    scene.skip_ai()
    app.drive(1)
    return scene


def test_nothing_selected__hint_names_who_can_act_and_end_phase_is_offered(app, tmp_path):
    scene = _start(app, tmp_path)
    assert scene.my_turn and scene.selected is None
    assert scene.mid_activation() is None
    assert set(scene.actors()) == {"reyes", "okafor", "lindqvist", "tanaka"}
    app.drive(1)
    assert [a.type for a in scene.bar_actions] == ["bs_end_player_phase"]
    hint = scene.turn_hint()
    assert hint.startswith("Your turn: select a model that can act (") and "Sgt. Reyes" in hint and "Pfc. Tanaka" in hint


def test_load_mid_activation_selects_the_model_and_offers_its_actions(app, tmp_path):
    from game.ui.scenes.battle import BattleScene
    from game.ui.play import PlaySession

    scene = _start(app, tmp_path)
    s = scene.session
    act = next(a for a in s.ruleset.legal_actions(s.battle.state, "fireteam") if a.type == "bs_activate" and a.unit == "okafor")
    assert scene.commit(act)
    assert s.battle.state.current == "okafor"
    save = scene.save_game(tmp_path / "mid.save.json")
    # load in place: nothing was selected, the loaded battle selects okafor
    scene.select(None)
    assert scene.load_game(save)
    app.drive(2)
    assert scene.selected == "okafor"
    types = {a.type for a in scene.bar_actions}
    assert "bs_end_activation" in types and all(getattr(a, "unit", "okafor") == "okafor" for a in scene.bar_actions)
    # a fresh scene from the menu's Load game: the same
    other = app.push(BattleScene(PlaySession.from_save(save)))
    app.drive(2)
    assert other.selected == "okafor" and other.mid_activation() == "okafor"
    assert any(a.type == "bs_end_activation" for a in other.bar_actions)
    # deselected, the hint says who alone can act (in set-up too, where nothing is mid-activation)
    other.select(None)
    assert other.turn_hint().startswith("Your turn: ") and "only Cpl. Okafor can act now" in other.turn_hint()
    app.drive(1)
    app.screenshot(tmp_path / "loaded-mid.png")
    assert "can act now" in " ".join(other.bottom_text + [other.turn_hint()])


pytestmark = pytest.mark.skipif(not MISSION.exists(), reason="mission 1 not bundled")

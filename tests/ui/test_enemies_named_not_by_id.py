"""Unnamed enemies and bystanders are never shown by id ("a0", "st2"): the
table labels their bases with the card's initial and a number ("F1"), and
every text a player reads names them by card name and number ("Al Wahid
Fighter 4"), the battle log included; numbers follow the order the models
came onto the table, so they never change."""

from __future__ import annotations

import re
from pathlib import Path

from game.battle.seats import Seat
from game.rulesets.battlespace.names import numbered_name
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"
ENEMY_IDS = ("a0", "a1", "a2", "st2")


def _has_id(text: str) -> bool:
    return any(re.search(rf"(?<![\w']){i}(?!\w)", text) for i in ENEMY_IDS)


def test_enemies_are_numbered_on_the_table_and_in_text(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
    app.drive(1)
    enemies = [f for f in scene.view.figures if f.id in ENEMY_IDS]
    assert [f.label for f in enemies] == ["F1", "F2", "F3", "F4"]
    names = scene.view.namer.figures
    assert [names[i] for i in ENEMY_IDS] == [f"Al Wahid Fighter {n}" for n in (1, 2, 3, 4)]
    st = scene.session.battle.state
    assert numbered_name(st, st.figs["st2"]) == "Al Wahid Fighter 4"
    for f in enemies:
        assert not any(_has_id(scene.view.namer(line)) for line in f.profile), f.profile
    # the log and the rules' reasons write "Fighter a0": the player reads "Fighter 1"
    assert scene.view.namer("Fighter a0 takes 2 wounds, 2 in all: killed in action") == \
        "Fighter 1 takes 2 wounds, 2 in all: killed in action"
    assert scene.view.namer("Cpl. Okafor has no line of sight to Fighter st2") == \
        "Cpl. Okafor has no line of sight to Fighter 4"
    assert scene.view.namer("Fire at a1") == "Fire at Al Wahid Fighter 2"
    assert scene.view.namer("End okafor's activation") == "End Cpl. Okafor's activation"
    assert scene.view.namer(scene.view.namer("Fighter a0")) == "Fighter 1"  # naming twice changes nothing
    app.screenshot(tmp_path / "enemies-numbered.png")


def test_a_model_gone_from_the_table_keeps_its_name_in_the_log(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
    app.drive(1)
    assert scene.view.namer.figures["a0"] == "Al Wahid Fighter 1"
    st = scene.session.battle.state
    st.figs["a0"].status = "kia"  # as killed: no longer drawn
    scene.refresh()
    app.drive(1)
    assert "a0" not in scene.view.by_id
    assert scene.view.namer("Fighter a0 is killed in action") == "Fighter 1 is killed in action"

"""Unnamed enemies and bystanders are never shown by id ("a0", "st2"): each
takes its card's name and a number when it is placed ("Fighter 4",
``names.generic_name``), numbers following the order the models came onto
the table, and that one name is what the battle log, the AI's reasons, the
table's label and tooltip and the previews all say; the base carries the
card's initial and the number ("F4")."""

from __future__ import annotations

import re
from pathlib import Path

from game.battle.seats import Seat
from game.rulesets.battlespace.names import display_name, generic_name
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"
ENEMY_IDS = ("a0", "a1", "a2", "st2")


def _has_id(text: str) -> bool:
    return any(re.search(rf"(?<![\w']){i}(?!\w)", text) for i in ENEMY_IDS)


def test_enemies_are_numbered_when_placed():
    """Set-up names each generic model in the state: the scenario's Fighters
    1-4 in file order; the next Fighter (a reinforcement) would be 5; the
    count is per card (the first Veteran is 1). Mission 4's civilians and
    aid workers are numbered likewise."""
    from game.core.session import Battle
    from game.battle.loading import open_scenario

    rs, sc, m = open_scenario(M1)
    st = Battle(rs, sc, m, 1).state
    assert [st.figs[i].name for i in ENEMY_IDS] == [f"Fighter {n}" for n in (1, 2, 3, 4)]
    assert [display_name(st.figs[i]) for i in ENEMY_IDS] == [f"Fighter {n}" for n in (1, 2, 3, 4)]
    assert generic_name(st.figs, "fighter") == "Fighter 5"
    assert generic_name(st.figs, "veteran") == "Veteran 1"
    rs, sc, m = open_scenario(M1.with_name("mission4.scenario.json"))  # civilians and aid workers at set-up
    st = Battle(rs, sc, m, 1).state
    for kind, word in (("civilian", "Civilian"), ("hostage", "Aid worker")):
        got = [f.name for f in st.figs.values() if f.kind == kind]
        assert got and got == [f"{word} {k}" for k in range(1, len(got) + 1)], got


def test_the_log_names_an_enemy_as_its_label_and_tooltip_do(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
    app.drive(1)
    enemies = [f for f in scene.view.figures if f.id in ENEMY_IDS]
    assert [f.label for f in enemies] == ["F1", "F2", "F3", "F4"]
    names = scene.view.namer.figures
    assert [names[i] for i in ENEMY_IDS] == [f"Fighter {n}" for n in (1, 2, 3, 4)]
    tip = {f.id: scene.view.namer(f.profile[0]) for f in enemies}
    assert tip["st2"].startswith("Fighter 4")
    for f in enemies:
        assert not any(_has_id(scene.view.namer(line)) for line in f.profile), f.profile
    # a fire order at st2: the log line names the model as the table does
    s = scene.session
    rs = s.ruleset
    st = s.battle.state
    act = next(a for a in rs.legal_actions(st, "fireteam") if a.type == "bs_activate" and a.unit == "reyes")
    assert scene.commit(act)
    st = s.battle.state
    fire = [a for a in rs.legal_actions(st, "fireteam") if a.type == "bs_fire" and a.target == "st2"]
    assert fire, "Sgt. Reyes activates and sees st2 at seed 1"
    assert scene.commit(fire[0])
    shot = [ln.text for ln in s.log.lines if "fires at" in ln.text]
    assert shot and all("fires at Fighter 4:" in t for t in shot), shot
    assert scene.view.namer(shot[-1]) == shot[-1]  # nothing left for the app to rename
    assert names["st2"] == "Fighter 4" and tip["st2"] == "Fighter 4, straggler"


def test_a_model_gone_from_the_table_keeps_its_name_in_the_log(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
    app.drive(1)
    assert scene.view.namer.figures["a0"] == "Fighter 1"
    st = scene.session.battle.state
    st.figs["a0"].status = "kia"  # as killed: no longer drawn
    scene.refresh()
    app.drive(1)
    assert "a0" not in scene.view.by_id
    assert scene.view.namer("Fire at a0") == "Fire at Fighter 1"

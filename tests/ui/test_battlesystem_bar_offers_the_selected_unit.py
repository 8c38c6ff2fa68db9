"""The action bar of a selected Battlesystem unit offers that unit's actions
only, each one the rules allow now, labelled by name: the swordsmen are not
offered to set spears ([11.7]: spears or pikes only), and no label reads a
unit id that is a plain word (the Valmark spearmen are ``spears``) as that
unit's name ("Set spears" never becomes "Set Valmark spearmen")."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from game.rulesets.battlesystem import actions as A
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
CROSSROADS = ROOT / "maps" / "battlesystem" / "crossroads.scenario.json"


def _valmark_moving(app, tmp_path):
    scene = start_battle(app, CROSSROADS, {"valmark": Seat("human")}, tmp_path / "c.replay.jsonl")
    for _ in range(20):  # Valmark's first move step (the AI Horde chooses who moves first)
        st = scene.session.battle.state
        if st.step is not None and st.step.phase == "move" and st.active == "valmark":
            return scene, st
        acts = scene.session.ruleset.legal_actions(st, "valmark")
        assert acts, "Valmark has nothing to do before its move"
        assert scene.commit(next((a for a in acts if isinstance(a, A.ChooseFirst) and a.first == "valmark"), acts[0]))
        scene.skip_ai()
    raise AssertionError("no Valmark move step")


def test_swordsmen_bar__only_their_own_legal_actions_by_name(app, tmp_path):
    scene, st = _valmark_moving(app, tmp_path)
    scene.select("swords")
    app.drive(1)
    offers = scene.bar_actions
    assert offers
    for a in offers:
        d = a.to_dict()
        if d["type"] == "bts_end_step":  # the side's own step end, paged after the unit's actions
            continue
        assert d.get("unit", d.get("individual")) == "swords", d
        assert scene.session.ruleset.check(st, a).ok, (d, scene.session.ruleset.check(st, a).reason)
    labels = [scene.label_of(a) for a in offers]
    assert not any("spear" in t.lower() for t in labels), labels
    assert "Shield wall" not in labels or st.units["swords"].formation == "closed"


def test_spearmen_bar__set_spears_keeps_its_words(app, tmp_path):
    scene, st = _valmark_moving(app, tmp_path)
    scene.select("spears")
    app.drive(1)
    labels = {scene.label_of(a) for a in scene.bar_actions if isinstance(a, A.SpecialFormation)}
    assert "Set spears" in labels, labels
    assert not any("Valmark" in t for t in labels)

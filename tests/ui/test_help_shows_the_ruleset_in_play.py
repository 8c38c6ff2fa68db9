"""The in-battle Help shows only what applies to the ruleset in play: a
Foxhole battle's Help has Foxhole's own section (how a turn goes) and names
no other ruleset's things; a ruleset without a section gets only the generic
keys and mouse."""

from __future__ import annotations

from game import rulesets
from game.battle.seats import Seat
from game.ui.scenes.help import MOUSE, HelpScene
from tools.regen_golden import SEED, bundled


def test_foxhole_battle_help__has_the_foxhole_section_and_no_other_rulesets_words(app, tmp_path):
    from game.ui.scenes.battle import BattleScene

    path = next(p for _, p in bundled(["foxhole"]) if p.name == "patrol.scenario.json")
    battle = app.push(BattleScene.from_scenario(path, SEED, {"sas": Seat("human")}, replay=tmp_path / "p.replay.jsonl",
                                                screenshot_mode=True))
    app.drive(1)
    battle.show_help()
    app.drive(1)
    help_scene = app.stack[-1]
    assert isinstance(help_scene, HelpScene)
    fox = rulesets.get("foxhole")
    assert help_scene.lines == MOUSE + ["Foxhole: how a turn goes", *fox.help_lines]
    assert any("command points" in t and "motivation" not in t for t in help_scene.lines)
    text = " ".join(help_scene.lines)
    assert "CAP" not in text and "fighter" not in text
    app.screenshot(tmp_path / "help-foxhole.png")


def test_help_for_a_ruleset_without_a_section__generic_lines_only(app):
    scene = app.push(HelpScene("battle", rulesets.get("spacefleet")))
    app.drive(1)
    assert scene.lines == MOUSE
    assert "CAP" not in " ".join(MOUSE)

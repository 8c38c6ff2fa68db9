"""A Foxhole element has one name, its scenario's ("villagers 2"), and every
place a player reads it says that name: the log's lines (the rules' events),
the agent's reasons under them, the side panel's list of hidden elements
and the element's tooltip and label on the table. (The log said "villager
group 2" where the panel said "villagers 2".)

Patrol (seed 3), the MNLA seated: they set up two groups of villagers
among their hidden elements; the SAS is the random agent."""

from __future__ import annotations

import re

import pygame

from game.battle.seats import Seat
from game.rulesets.foxhole.ai.agent import FoxholeAgent
from game.ui.scenes.battle import BattleScene

from tests.ui.test_foxhole_ui import ROOT

PATROL = ROOT / "maps" / "foxhole" / "patrol.scenario.json"


def test_villagers__one_name_in_the_log_the_panel_and_the_tooltip(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(PATROL, 3, {"mnla": Seat("human"), "sas": Seat("ai", "random")},
                                               replay=tmp_path / "patrol.replay.jsonl"))
    app.drive(1)
    s = scene.session
    agent = FoxholeAgent(__import__("random").Random(3))
    while any(e.side == "mnla" and not e.deployed for e in s.battle.state.elements.values()):
        if s.ai_to_act:
            scene.skip_ai()
            continue
        assert s.viewer == "mnla"
        act = agent.choose(s.ruleset, s.view(), "mnla")
        assert scene.commit(act), scene.status
    scene.refresh()
    app.drive(2)
    villagers = sorted((e for e in s.battle.state.elements.values() if e.profile == "kampong_villagers"),
                       key=lambda e: e.name)
    assert [e.name for e in villagers] == ["villagers 1", "villagers 2"]
    log = " | ".join(ln.text for ln in s.log.filtered(viewer="mnla"))
    panel = " | ".join(t for t, _ in scene.panel_text_rects)
    tips = {f.id: f.profile[0] for f in scene.view.figures}
    for e in villagers:
        assert re.search(rf"#{e.marker} is {e.name}\b", log), log  # the list of hidden elements
        assert re.search(rf"#{e.marker} {e.name}\b", panel), panel  # the side panel's list
        assert tips[e.id] == e.name
        assert scene.view.namer(e.id) == e.name.capitalize() or scene.view.namer(e.id) == e.name
    assert "villager group" not in log + panel + " ".join(tips.values())
    shot = app.screenshot(tmp_path / "foxhole-one-name.png")
    assert pygame.image.load(str(shot)).get_width() == 1280
    scene.log_panel.scroll = 40  # the log scrolled back to the list of hidden elements
    app.screenshot(tmp_path / "foxhole-one-name-log.png")
    drawn = " ".join(r.strip() for r in scene.log_panel.row_texts)
    assert all(f"#{e.marker} is {e.name}" in drawn for e in villagers), drawn

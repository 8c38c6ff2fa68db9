"""The default ww2_skirmish agent (the commander): its reasons name units by
name, and it plays against the enemy's mission only once that mission is
revealed (Pre-Battle: the opponent's cards stay hidden until then)."""

from __future__ import annotations

import random

import pytest

from game.rulesets.ww2_skirmish import RULESET
from game.rulesets.ww2_skirmish.ai.agent import CommanderAgent
from game.rulesets.ww2_skirmish.geo import geo_of

from .helpers import battle

INCH = 25.4
#: blue's trench across the top of the table (its owner given by the map property)
BLUE_TRENCH = {"id": "bt", "kind": "trench", "name": "blue fire trench", "height": 0,
               "exterior": [[100, 150], [1100, 150], [1100, 230], [100, 230]], "properties": {"side": "blue"}}
RED = [("r1", "british_rifle_section", 500, 600, 270), ("r2", "british_rifle_section", 700, 600, 270)]
BLUE = [("b1", "german_rifle_squad", 600, 190, 90)]


def test_reasons_name_the_acting_unit_not_its_id():
    """Each activation choice says which unit acts, by the name a player reads."""
    s = battle([("r1", "british_rifle_section", 600, 1000, 270)], [("b1", "german_rifle_squad", 600, 1000 - 10 * INCH, 90)])
    agent = CommanderAgent(random.Random(1))
    act = agent.choose(RULESET, RULESET.view(s, "red"), "red")
    assert getattr(act, "unit", None) == "r1" or getattr(act, "units", ()) == ("r1",)
    assert "British Rifle Section" in agent.reason
    assert "r1" not in agent.reason.split()
    if "fire" in agent.reason:  # a shot names its target too
        assert "German Rifle Squad" in agent.reason


@pytest.mark.parametrize("revealed", [True, False])
def test_storms_the_enemy_trench_only_against_a_revealed_hold_the_line(revealed):
    """Five enemy models in a trench fail Hold the Line: the agent sends its holding
    squads into the enemy trench when it knows that card, never on a hidden one."""
    s = battle(RED, BLUE, features=[BLUE_TRENCH], turn=4)
    s.hands["red"].kept = "hold_the_line"
    s.hands["blue"].kept, s.hands["blue"].revealed = "hold_the_line", revealed
    view = RULESET.view(s, "red")
    roles = CommanderAgent(random.Random(1))._roles(view, "red")
    g = geo_of(s)
    for uid in ("r1", "r2"):
        job, goal = roles[uid]
        if revealed:
            assert job == "assault"
            assert g.in_trench(goal[0], goal[1], "blue")
        else:
            assert job != "assault"


def test_no_storm_by_a_squad_that_cannot_arrive_in_time():
    """A squad 15.5" from inside the trench is not sent in the last turn (two moves of 4"),
    and is sent with three turns left (the agent counts two moves a turn, at 90%)."""
    s = battle(RED, BLUE, features=[BLUE_TRENCH], turn=8)
    s.hands["red"].kept = "hold_the_line"
    s.hands["blue"].kept, s.hands["blue"].revealed = "hold_the_line", True
    roles = CommanderAgent(random.Random(1))._roles(RULESET.view(s, "red"), "red")
    assert all(job != "assault" for job, _ in roles.values())
    s.turn = 6
    roles = CommanderAgent(random.Random(1))._roles(RULESET.view(s, "red"), "red")
    assert [roles[u][0] for u in ("r1", "r2")] == ["assault", "assault"]


@pytest.mark.parametrize(("blue_vp", "lead", "storms"), [(0, 0, True), (0, 39, True), (0, 40, False), (1, 200, True)])
def test_storms_only_when_the_card_would_level_or_win_the_battle(blue_vp, lead, storms):
    """Red keeps Hold the Line too: both cards scoring leaves the victory points level,
    decided by silver destroyed; with a lead of 40 silver the agent keeps its line, and
    it always storms when that card would put blue ahead on victory points."""
    s = battle(RED, BLUE, features=[BLUE_TRENCH], turn=4)
    s.hands["red"].kept = "hold_the_line"
    s.hands["blue"].kept, s.hands["blue"].revealed, s.hands["blue"].vp = "hold_the_line", True, blue_vp
    s.destroyed = {"red": lead, "blue": 0}
    roles = CommanderAgent(random.Random(1))._roles(RULESET.view(s, "red"), "red")
    assert (roles["r1"][0] == "assault") is storms

"""The default fireteam agent's Mission 2 plan (the night raid on Awad's buildings):
the pair's runner goes for the door while his cover man suppresses, a suppressing cover
man still attempts initiative but last, and gives no order (which would lift his fire),
and the breacher keeps an order to shoot Awad."""

from __future__ import annotations

import math
import random

from game.core.dice import Dice
from game.core.engine import step
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.ai.fireteam import FireteamAgent, _door_spot
from game.rulesets.battlespace.sight import adjudicate

from .helpers import mission, ready as _ready


def _mission2():
    return mission("mission2")


def _scripted():
    """Reyes runs for target building 1 (nearer its door than Okafor, his pair), the
    three fighters of element a stand in the open east of Okafor, everyone else is
    moved out of the way, off the sight lines; Reyes stands clear of Okafor's lane of
    fire (suppression fire would pin him too)."""
    s = _mission2()
    door = _door_spot(s, "t1")
    s.figs["reyes"].x, s.figs["reyes"].y = door[0] - 75.0, door[1] - 33.5
    s.figs["okafor"].x, s.figs["okafor"].y = 250.0, 255.0
    for i, (x, y) in zip(("a0", "a1", "a2"), ((480.0, 250.0), (480.0, 277.0), (507.0, 262.0))):
        s.figs[i].x, s.figs[i].y = x, y
    return s, door


def test_mission2_plan__runner_moves_to_the_door_while_his_cover_man_suppresses():
    s, door = _scripted()
    okafor = s.figs["okafor"]
    assert adjudicate(s, okafor, s.figs["a0"]).sees
    agent = FireteamAgent(random.Random(0))

    _ready(s, "okafor")
    cover = agent.choose(RULESET, s, "fireteam")
    assert isinstance(cover, A.Suppress) and cover.target in ("a0", "a1", "a2")

    s.figs["okafor"].activated = False
    _ready(s, "reyes")
    reyes = s.figs["reyes"]
    run = agent.choose(RULESET, s, "fireteam")
    assert isinstance(run, A.Move)
    assert math.dist((run.x, run.y), door) < math.dist((reyes.x, reyes.y), door)


def test_mission2_plan__a_cover_man_whose_fire_pins_an_element_attempts_last_and_gives_no_order():
    """Battlespace: Player Phase: every soldier attempts initiative each turn, the cover
    man too (last); activated, he gives no order, which would lift his suppression."""
    s, _ = _scripted()
    agent = FireteamAgent(random.Random(0))
    _ready(s, "okafor")
    act = agent.choose(RULESET, s, "fireteam")
    assert isinstance(act, A.Suppress)
    step(RULESET, s, act, Dice(3))
    assert s.figs["okafor"].suppress
    # a new turn: nobody activated; Okafor's suppression stays as long as he takes no order
    for f in s.figs.values():
        f.activated = False
    s.current = None
    picked = []
    for _ in range(4):
        a = agent.choose(RULESET, s, "fireteam")
        assert isinstance(a, A.Activate)
        picked.append(a.unit)
        s.figs[a.unit].activated = True
    assert picked[-1] == "okafor" and sorted(picked) == sorted(["reyes", "okafor", "abara", "lindqvist"])
    _ready(s, "okafor")
    assert agent.choose(RULESET, s, "fireteam") == A.EndActivation(side="fireteam", unit="okafor")


def test_mission2_plan__the_breacher_keeps_an_order_to_shoot_awad():
    s = _mission2()
    door = _door_spot(s, "t1")
    s.figs["reyes"].x, s.figs["reyes"].y = door
    agent = FireteamAgent(random.Random(0))
    _ready(s, "reyes", orders=1)
    s.figs["reyes"].used = ["move"]
    act = agent.choose(RULESET, s, "fireteam")
    assert not (isinstance(act, A.Interact) and act.what.startswith("breach:"))
    _ready(s, "reyes", orders=2)
    act = agent.choose(RULESET, s, "fireteam")
    assert isinstance(act, A.Interact) and act.what == "breach:t1"


def test_mission2_plan__each_pair_keeps_its_building_and_the_first_done_takes_the_free_one():
    from game.rulesets.battlespace.ai.fireteam import _goal
    s = _mission2()
    assert _goal(s, s.figs["reyes"])[:2] == _door_spot(s, "t1")
    assert _goal(s, s.figs["abara"])[:2] == _door_spot(s, "t3")
    s.obj["breached"] = ["t1"]  # Awad not there: the southern pair stays on t3, the northern one goes to t2
    assert _goal(s, s.figs["abara"])[:2] == _door_spot(s, "t3")
    assert _goal(s, s.figs["reyes"])[:2] == _door_spot(s, "t2")

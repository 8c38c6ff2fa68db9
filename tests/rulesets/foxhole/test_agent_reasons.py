"""The commander agent explains each choice in words a player reads: its
elements, the enemy's and the terrain features by name, never by id (the
Agent protocol's ``reason``, shown under the action in the side's own log).
Small scripted states; the agent is given the side's view."""

from __future__ import annotations

import random
import re

from game.ai.agent import reason_of
from game.rulesets.foxhole import RULESET
from game.rulesets.foxhole import actions as A
from game.rulesets.foxhole.ai.agent import FoxholeAgent
from game.rulesets.foxhole.state import Location, Mission, PendingMove

from .helpers import YD, box, el, objectives, piece, state, using

IDS = ("a1", "a2", "a3", "b1", "red", "blue", "wood", "paddy", "bldg")


def reason(s, side):
    ag = FoxholeAgent(random.Random(0))
    act = ag.choose(RULESET, RULESET.view(s, side), side)
    why = reason_of(ag)
    assert why is not None
    return act, why.text


def no_ids(text: str) -> None:
    for i in IDS:
        assert not re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text), (i, text)


def mission_state(*elements, terrain=(), **kw):
    s = state(list(elements), terrain=terrain, **kw)
    s.objectives = objectives([(300, 100)])
    s.objectives[0].known = True
    s.mission = Mission(kind="normal", primary=[1], secondary=[], chosen=True)
    return s


def test_reason__a_roll_names_the_element_its_goal_and_its_chance():
    s = mission_state(el("a1", "red", 300, 500, name="1st section"), el("b1", "blue", 590, 10, name="enemy post"),
                      cp={"red": 0})
    act, why = reason(s, "red")
    assert isinstance(act, A.Roll)
    # regular, normal motivation, no points: D6 + 2 >= 5 is 4 in 6
    assert why == "1st section rolls to move towards objective 1 (D2): 67% to advance"
    no_ids(why)


def test_reason__a_move_names_the_feature_it_ends_in():
    a = el("a1", "red", 300, 400, name="1st section")
    foe = el("b1", "blue", 300, 400 - YD(380), name="enemy post")
    terrain = [piece("wood", "dense", box(250, 330, 290, 370), name="Copse Wood"),
               piece("paddy", "open", box(300, 320, 360, 390), name="rice paddy")]
    s = using(mission_state(a, foe, el("a2", "red", 580, 580, name="2nd section"), terrain=terrain), "a1", "may")
    act, why = reason(s, "red")
    assert isinstance(act, A.Move)
    assert why.startswith("1st section moves to the Copse Wood (C4), towards objective 1 (D2): ends in cover")
    no_ids(why)


def test_reason__a_close_assault_names_attacker_target_and_odds():
    t = el("b1", "blue", 300, 300, quality=1, name="enemy outpost")
    own = [el("a1", "red", 300, 360, name="1st section"), el("a2", "red", 260, 360, quality=3, name="assault pioneers"),
           el("a3", "red", 340, 360, name="3rd section")]
    terrain = [piece("bldg", "buildings", box(280, 280, 320, 320), height=12, blocks=True, name="Goose Green farm")]
    s = state([t] + own, terrain=terrain, phase="assault", cp={"red": 2})
    act, why = reason(s, "red")
    assert isinstance(act, A.AssaultMove) and act.element == "a2"
    assert why.startswith("assault pioneers leads the close assault on enemy outpost in the Goose Green farm (D4): ")
    assert re.search(r"\d+% to destroy it, \d+% to reduce it", why)
    no_ids(why)


def test_reason__a_hidden_element_keeps_still_in_ambush_by_name():
    h = el("b1", "blue", 300, 200, hidden="concealed", marker="1", fire_order="ambush", name="VC cell")
    terrain = [piece("wood", "dense", box(250, 150, 350, 250), name="bamboo thicket")]
    s = state([h, el("a1", "red", 300, 500, name="1st section")], terrain=terrain, active="blue", cp={"blue": 3})
    s.objectives = objectives([(100, 100)])
    act, why = reason(s, "blue")
    assert isinstance(act, A.Hold)
    assert why == "VC cell keeps still and hidden in the bamboo thicket (D3), in ambush"


def test_reason__set_up_names_the_element_and_where():
    h = el("b1", "blue", 0, 0, hidden="concealed", marker="1", deployed=False, name="VC cell")
    terrain = [piece("wood", "dense", box(200, 250, 400, 320), name="jungle"), piece("paddy", "open", box(0, 0, 600, 150))]
    s = state([h, el("a1", "red", 300, 560, name="1st section")], terrain=terrain, phase="deploy", active="blue", turn=0)
    s.locations = [Location(name="as drawn", control=box(0, 0, 600, 400), start=box(0, 500, 600, 600))]
    s.objectives = objectives([(300, 200)])
    act, why = reason(s, "blue")
    assert isinstance(act, A.Deploy)
    assert why.startswith("VC cell waits in ambush in the jungle (")
    no_ids(why)


def test_reason__interrupt_names_the_firer_and_the_mover():
    m = el("a1", "red", 100, 300, name="1st section")
    f = el("b1", "blue", 150, 300 - YD(150), quality=3, name="enemy sniper")
    s = state([m, f], phase="interrupt", active="blue")
    s.pending = PendingMove(element="a1", path=[(100.0, 300.0), (170.0, 300.0)], eligible=["b1"])
    act, why = reason(s, "blue")
    assert isinstance(act, A.Interrupt)
    assert re.fullmatch(r"enemy sniper interrupts 1st section: \d+% to send it back", why)

"""Foxhole, Off-board Support; Mission Design and Objectives; End Game."""

from __future__ import annotations

import pytest

from game.core.event import DiceRolled
from game.rulesets.foxhole import RULESET
from game.rulesets.foxhole import actions as A
from game.rulesets.foxhole import events as E
from game.rulesets.foxhole import turn as TN
from game.rulesets.foxhole.rules import missions as MI
from game.rulesets.foxhole.rules import support as SUP
from game.rulesets.foxhole.state import Asset, Mission, Strike

from .helpers import act, el, emitter, objectives, state

IDLE = el("idle", "red", 580, 580)


# ---------------------------------------------------------------------------- off-board support
def with_asset(**kw):
    s = state([el("a", "red", 100, 500), el("t", "blue", 300, 300), el("u", "blue", 310, 300), IDLE], **kw)
    s.assets = [Asset(id="red-artillery-1", side="red", kind="artillery", missions=2)]
    return s


def test_designate__action_numbers_above_ten_never_repeated():
    s = with_asset()
    assert "from 11" in act(s.clone(), A.Designate(side="red", asset="red-artillery-1", x=300, y=300, number=10)).reason
    assert act(s, A.Designate(side="red", asset="red-artillery-1", x=300, y=300, number=11)).ok
    assert s.numbers["red"] == [11]
    s.strikes[0].fired = True
    assert "used" in act(s.clone(), A.Designate(side="red", asset="red-artillery-1", x=300, y=300, number=11)).reason
    assert SUP.lowest_free(s, "red") == 12


def test_designate__one_target_waiting_per_asset():
    s = with_asset()
    act(s, A.Designate(side="red", asset="red-artillery-1", x=300, y=300, number=11))
    assert "waiting" in act(s, A.Designate(side="red", asset="red-artillery-1", x=300, y=300, number=12)).reason


def test_offboard__dice_add_up_each_turn_until_the_number():
    """One die a turn added to the total; the fire comes down on reaching the number."""
    s = with_asset()
    s.strikes = [Strike(id="strike1", side="red", asset="red-artillery-1", x=300.0, y=300.0, number=11)]
    em = emitter(s, [6])
    SUP.turn_start(em, "red")
    assert em.s.strikes[0].total == 6 and not em.s.strikes[0].fired
    em2 = emitter(em.s, [5, 3, 2])  # 11: fires; t then u attacked (3 and 2)
    SUP.turn_start(em2, "red")
    st = em2.s.strikes[0]
    assert st.total == 11 and st.fired
    rolls = [e for e in em2.events if isinstance(e, DiceRolled)]
    assert [r.purpose for r in rolls[1:]] == ["artillery battery at t", "artillery battery at u"]
    assert rolls[1].modifiers == (("artillery battery, long range, regular", 2),)


def test_offboard__secret_to_its_side_in_the_log():
    s = with_asset()
    r = act(s, A.Designate(side="red", asset="red-artillery-1", x=300, y=300, number=11))
    assert [RULESET.private_to(e) for e in r.events] == ["red"]


# ---------------------------------------------------------------------------- missions
def setup_state():
    waiting = el("z", "blue", 0, 0, deployed=False)  # still to set up: the battle does not start yet
    s = state([el("a", "red", 100, 550), el("d", "blue", 300, 100), waiting], phase="objectives", active="blue", turn=0)
    return s


def test_objectives__six_placed_then_the_attackers_intel_roll():
    """The defender places six numbered objectives; the attacker's intel roll
    says how many the defender must show."""
    s = setup_state()
    pts = [(50, 50), (150, 50), (250, 50), (350, 50), (450, 50), (550, 50)]
    for x, y in pts[:5]:
        assert act(s, A.PlaceObjective(side="blue", x=x, y=y)).ok
    assert "apart" in act(s.clone(), A.PlaceObjective(side="blue", x=455, y=50)).reason \
        or "within" in act(s.clone(), A.PlaceObjective(side="blue", x=455, y=50)).reason
    r = act(s, A.PlaceObjective(side="blue", x=550, y=50), faces=[2])
    assert r.ok and s.reveal == 2 and s.phase == "reveal" and s.active == "blue"
    assert "exactly 2" in act(s.clone(), A.RevealObjectives(side="blue", numbers=(1,))).reason
    assert act(s, A.RevealObjectives(side="blue", numbers=(2, 5))).ok
    assert [o.number for o in s.objectives if o.known] == [2, 5]
    assert s.phase == "mission" and s.active == "red"


@pytest.mark.parametrize("x, y, ok", [(15.0, 50.0, True), (14.0, 50.0, False), (300.0, 1.0, False),
                                      (585.0, 15.0, True), (598.0, 2.0, False)])
def test_objectives__placed_where_an_element_can_stand_on_them(x, y, ok):
    """Foxhole, Mission Design (ours): an element achieves an objective with its
    centre within 15 mm of the point, and its 30 mm base stays on the table,
    so its centre keeps 15 mm inside the edge. An objective in the corner at
    (598, 2) of a 600 mm table could never be achieved: the nearest centre,
    (585, 15), is 18.4 mm from it. An objective stands at least half a base
    inside the table edge, where an element can stand right on it."""
    s = setup_state()
    r = act(s, A.PlaceObjective(side="blue", x=x, y=y))
    assert r.ok is ok
    if not ok:
        assert "inside the table edge" in r.reason


def test_mission__normal_is_one_primary_two_secondary_then_the_defenders_intel():
    s = setup_state()
    s.objectives = objectives([(50, 50), (150, 50), (250, 50), (350, 50), (450, 50), (550, 50)])
    s.phase, s.active, s.intel = "mission", "red", {"red": 3}
    assert "1 primary and 2" in act(s.clone(), A.ChooseMission(side="red", primary=(1, 2))).reason
    r = act(s, A.ChooseMission(side="red", primary=(4,), secondary=(1, 6)), faces=[3])  # 3 >= 3: confirmed
    assert r.ok and s.mission.confirmed and s.mission.primary == [4]
    assert [RULESET.private_to(e) for e in r.events if isinstance(e, E.MissionChosen)] == ["red"]
    assert s.phase == "deploy"
    # the defender's intel roll is told once, by its roll (it was told again as "the defender's intel roll is 3")
    from game.core.logtext import event_line
    intel = [t for t in (event_line(RULESET, e) for e in r.events) if "intel roll" in t.lower()]
    assert intel == ["Defender's intel roll: D6 roll 3 vs the attacker's intel roll 3: primary confirmed"], intel


def test_mission__defenders_intel_below_the_attackers_does_not_confirm():
    s = setup_state()
    s.objectives = objectives([(50, 50), (150, 50), (250, 50), (350, 50), (450, 50), (550, 50)])
    s.phase, s.active, s.intel = "mission", "red", {"red": 4}
    s.mission = Mission(kind="priority")
    act(s, A.ChooseMission(side="red", primary=(2, 3)), faces=[3])
    assert not s.mission.confirmed and s.mission.primary == [2, 3]


def test_objective__achieved_by_an_unsuppressed_attacker_with_no_enemy_near():
    a = el("a", "red", 300, 300)
    d = el("d", "blue", 300, 300 - 29)  # within 30 mm: it holds the objective
    s = state([a, d])
    s.objectives = objectives([(300, 300)])
    em = emitter(s)
    MI.achieve(em, "a")
    assert not em.s.objectives[0].achieved
    s.elements["d"].y = 300 - 31
    em = emitter(s)
    MI.achieve(em, "a")
    assert em.s.objectives[0].achieved


def test_end_game__every_objective_of_the_mission_wins_at_once():
    a = el("a", "red", 300, 300)
    s = state([a, el("b", "blue", 590, 10), IDLE])
    s.objectives = objectives([(300, 305), (100, 100), (500, 100)])
    s.objectives[1].achieved = s.objectives[2].achieved = True
    s.mission = Mission(kind="normal", primary=[1], secondary=[2, 3], chosen=True)
    r = act(s, A.Hold(side="red", element="a"))
    assert r.ok and s.over and s.winner == "red"


def test_end_game__attacker_with_every_element_suppressed_loses_the_initiative():
    s = state([el("a", "red", 100, 500, suppressed=True), el("b", "blue", 500, 100)])
    s.advanced = ["red"]
    act(s, A.Hold(side="red", element="a"))
    assert s.over and s.winner == "blue" and "suppressed" in s.end_reason


def test_end_game__no_attacking_element_would_advance():
    s = state([el("a", "red", 100, 500), el("b", "blue", 500, 100)])
    act(s, A.Hold(side="red", element="a"))
    assert s.over and s.winner == "blue" and "would advance" in s.end_reason


def test_turn__command_points_rolled_for_each_side_turn():
    s = state([el("a", "red", 100, 500), el("b", "blue", 500, 100)])
    s.advanced = ["red"]
    r = act(s, A.Hold(side="red", element="a"), faces=[4])
    assert r.ok and s.active == "blue" and s.cp["blue"] == 4 and s.phase == "activation"

"""The commander agent: cover, open ground, command points where the roll
matters, close assaults with support, hidden units in ambush, interrupt
fire. Small scripted states; the agent is given the side's view."""

from __future__ import annotations

import math
import random

import pytest

from game.rulesets.foxhole import RULESET
from game.rulesets.foxhole import actions as A
from game.rulesets.foxhole.ai.agent import FoxholeAgent
from game.rulesets.foxhole.geo import geo_of
from game.rulesets.foxhole.orders import problem
from game.rulesets.foxhole.state import Location, Mission, PendingMove

from .helpers import YD, box, el, objectives, piece, state, using


def choose(s, side):
    return FoxholeAgent(random.Random(0)).choose(RULESET, RULESET.view(s, side), side)


def test_cp__the_fewest_points_that_make_the_roll_likely_and_none_past_the_cap():
    ag = FoxholeAgent(random.Random(0))
    s = state([el("g", "red", 0, 0, motivation=3), el("u", "red", 0, 0, motivation=1)], cp={"red": 4})
    # gung-ho: 5/6 to advance with none; one point makes it certain; more add nothing (the +4 cap)
    assert ag._cp_for(s, s.elements["g"], False, 0.84) == 1
    assert ag._cp_for(s, s.elements["g"], False, 0.5) == 0
    # uneasy into open ground (1 - 2 = -1): three points for 4 in 6 (d6 + 2 >= 5)
    assert ag._cp_for(s, s.elements["u"], True, 2 / 3) == 3
    s.cp["red"] = 2
    assert ag._cp_for(s, s.elements["u"], True, 2 / 3) == 2  # all it has, for 3 in 6


def test_moves__into_cover_out_of_the_open_in_sight_of_the_enemy():
    """The enemy sees both places; the wood is cover, the field is open."""
    a = el("a", "red", 300, 400)
    foe = el("f", "blue", 300, 400 - YD(380))
    terrain = [piece("wood", "dense", box(250, 330, 290, 370)), piece("field", "open", box(300, 320, 360, 390))]
    s = using(state([a, foe, el("idle", "red", 580, 580)], terrain=terrain), "a", "may")
    s.objectives = objectives([(300, 100)])
    s.objectives[0].known = True
    s.mission = Mission(kind="normal", primary=[1], secondary=[], chosen=True)
    act = choose(s, "red")
    assert isinstance(act, A.Move)
    x, y = act.path[-1]
    assert geo_of(s).kind_at(x, y) == "dense"


def test_roll__not_into_open_ground_when_a_way_round_it_serves():
    a = el("a", "red", 300, 500)
    s = state([a, el("f", "blue", 590, 10)], terrain=[piece("field", "open", box(250, 420, 350, 480))], cp={"red": 0})
    s.objectives = objectives([(300, 200)])
    s.objectives[0].known = True
    s.mission = Mission(kind="normal", primary=[1], secondary=[], chosen=True)
    act = choose(s, "red")
    assert isinstance(act, A.Roll) and act.into_open is False


def test_assault__goes_in_with_support_elite_first():
    t = el("t", "blue", 300, 300, quality=1)
    own = [el("r1", "red", 300, 360), el("e1", "red", 260, 360, quality=3), el("r2", "red", 340, 360)]
    s = state([t] + own, phase="assault", cp={"red": 2})
    act = choose(s, "red")
    assert isinstance(act, A.AssaultMove) and act.element == "e1" and act.target == "t"


def test_assault__not_alone_against_a_good_position():
    t = el("t", "blue", 300, 300, quality=2, dug_in=True)
    s = state([t, el("r1", "red", 300, 360)], phase="assault", cp={"red": 0})
    assert isinstance(choose(s, "red"), A.EndAssaults)


def test_hidden__concealed_elements_hold_still_in_ambush():
    h = el("h", "blue", 300, 200, hidden="concealed", marker="1", fire_order="ambush")
    s = state([h, el("d", "blue", 100, 100), el("a", "red", 300, 500)], active="blue", cp={"blue": 3})
    s.objectives = objectives([(100, 100)])
    act = choose(s, "blue")
    assert act == A.Hold(side="blue", element="h") or (isinstance(act, A.Hold))
    assert h.fire_order == "ambush"


def test_deploy__concealed_elements_wait_in_dense_terrain_on_the_approaches():
    h = el("h", "blue", 0, 0, hidden="concealed", marker="1", deployed=False)
    terrain = [piece("jungle", "dense", box(200, 250, 400, 320)), piece("field", "open", box(0, 0, 600, 150))]
    s = state([h, el("a", "red", 300, 560)], terrain=terrain, phase="deploy", active="blue", turn=0)
    s.locations = [Location(name="as drawn", control=box(0, 0, 600, 400), start=box(0, 500, 600, 600))]
    s.objectives = objectives([(300, 200)])
    act = choose(s, "blue")
    assert isinstance(act, A.Deploy) and geo_of(s).kind_at(act.x, act.y) == "dense"


def test_interrupt__when_fire_will_likely_send_the_mover_back():
    m = el("m", "red", 100, 300)
    f = el("f", "blue", 150, 300 - YD(150), quality=3)
    s = state([m, f], phase="interrupt", active="blue")
    s.pending = PendingMove(element="m", path=[(100.0, 300.0), (170.0, 300.0)], eligible=["f"])
    assert choose(s, "blue") == A.Interrupt(side="blue", element="f")
    s.elements["f"].quality = 0
    s.elements["f"].reduced = True
    assert choose(s, "blue") == A.LetPass(side="blue")


def _attacker_with_objective(cp: int, *extra, at=(300, 500), goal=(300, 200)):
    a = el("a", "red", *at)
    s = state([a, el("f", "blue", 590, 10), *extra], cp={"red": cp})
    s.objectives = objectives([goal])
    s.objectives[0].known = True
    s.mission = Mission(kind="normal", primary=[1], secondary=[], chosen=True)
    return s


def test_cp__the_attacker_makes_a_move_that_matters_certain_while_its_points_last():
    """Foxhole, Turn Sequence: the commander's points are lost at the end of
    the turn. A normal element (d6 + 2, 4 in 6 to advance) heading for an
    objective gets the two points that make it 6 in 6; with one left, that one."""
    act = choose(_attacker_with_objective(3), "red")
    assert isinstance(act, A.Roll) and act.element == "a" and act.cp == 2
    act = choose(_attacker_with_objective(1), "red")
    assert isinstance(act, A.Roll) and act.cp == 1


def test_non_tactical__taken_when_no_enemy_is_within_170_mm():
    """A non-tactical move (500 yards, extended formation) is offered where no
    enemy element or marker stands within 170 mm of the start or 150 mm of the
    end (v5 asked 260 and 200: infantry reach 146 mm at long range)."""
    s = using(_attacker_with_objective(0), "a", "may")
    s.elements["f"].x, s.elements["f"].y = 300 + 185, 500
    act = choose(s, "red")
    assert isinstance(act, A.Move) and act.non_tactical
    assert math.dist((300, 500), act.path[-1]) > YD(200) + 1
    s = using(_attacker_with_objective(0), "a", "may")
    s.elements["f"].x, s.elements["f"].y = 300 + 160, 500
    act = choose(s, "red")
    assert isinstance(act, A.Move) and not act.non_tactical



def test_roll__a_vehicle_crossing_open_ground_rolls_as_the_rules_accept():
    """Foxhole: Motivation - only elements on foot stop at open ground and take
    its -2; a truck whose way runs straight across a field rolls without it (v5.1
    asked for the open-ground roll, the rules refused it, and the first legal
    action, another element's hold, stood in)."""
    truck = el("t", "red", 300, 500, kind="vehicle", vehicle="soft", quality=1)
    s = state([truck, el("f", "blue", 590, 10)], terrain=[piece("field", "open", box(0, 300, 600, 480))], cp={"red": 0})
    s.objectives = objectives([(300, 200)])
    s.objectives[0].known = True
    s.mission = Mission(kind="normal", primary=[1], secondary=[], chosen=True)
    act = choose(s, "red")
    assert isinstance(act, A.Roll) and act.element == "t" and act.into_open is False
    assert problem(s, act) == ""


def test_moves__every_move_it_weighs_is_one_the_rules_accept():
    """Foxhole, Movement: the agent weighs only moves the rules would let the
    element make after its roll: in the jungle a ring point at a full normal
    move costs twice the allowance, and the way to the objective ends on a
    friend's base; neither is weighed (v5.1 rolled for such moves, the rules
    refused them, and the element stayed with its roll spent)."""
    jungle = piece("jungle", "dense", box(200, 380, 400, 560))
    friend = el("b", "red", 300, 500 - YD(200) + 2)  # where a full move north would end
    s = _attacker_with_objective(0, friend)
    s.terrain = [jungle]
    s.terrain_key = "jungle-test"
    s = using(s, "a", "may")
    ag = FoxholeAgent(random.Random(0))
    e = s.elements["a"]
    moves = ag._destinations(s, e, (300.0, 200.0), 1.0)
    assert moves
    for pts, nt in moves:
        a = A.Move(side="red", element="a", path=tuple(tuple(p) for p in pts[1:]), non_tactical=nt,
                   formation="extended" if nt else None)
        assert problem(s, a) == "", (pts, problem(s, a))
    # the rules' own refusals of what it no longer weighs
    ring = A.Move(side="red", element="a", path=((300.0 + YD(200) * 0.95, 500.0),))
    assert "allowance" in problem(s, ring)


@pytest.mark.parametrize("motivation,rolls", [(2, True), (1, True), (3, False)])
def test_roll__an_attacker_meaning_to_stay_rolls_when_the_roll_binds_it_to_nothing(motivation, rolls):
    """Foxhole, Turn Sequence: every element rolls for command; a may-advance
    result keeps the attacker's initiative (and rallies a suppressed element)
    and lets it stay. With no points, a normal (d6 + 2: 3 to 8) or uneasy
    element cannot roll must-advance (9+) or fade away (below 0), so one that
    means to stay rolls; a gung-ho element (d6 + 3) could be sent at the enemy
    on a 6, and holds."""
    a = el("a", "red", 300, 300, motivation=motivation)
    s = state([a, el("b", "red", 100, 300), el("f", "blue", 590, 10)], cp={"red": 0})
    s.objectives = objectives([(300, 300)])
    s.objectives[0].known = True
    s.objectives[0].achieved = True
    s.mission = Mission(kind="normal", primary=[1], secondary=[], chosen=True)
    s.advanced = ["red"]
    act = choose(s, "red")
    if rolls:
        assert isinstance(act, A.Roll) and act.cp == 0
    else:
        assert isinstance(act, A.Hold)


def _gung_ho_in_a_trench_facing_an_elite_section(turn: int):
    a = el("a", "red", 300, 450, motivation=3)
    s = state([a, el("f", "blue", 300, 330, quality=3)], terrain=[piece("trench", "trenches", box(260, 430, 340, 470))],
              turn=turn, cp={"red": 0})
    s.objectives = objectives([(300, 200)])
    s.objectives[0].known = True
    s.mission = Mission(kind="normal", primary=[1], secondary=[], chosen=True)
    s.advanced = ["red"]  # the initiative is kept this turn: no last chance forces the roll
    return s


def test_urgency__progress_weighs_more_as_the_turns_run_out():
    """Foxhole, End Game: a mission not achieved by the last turn is lost, and
    the danger of an approach does not fall by waiting. The weight of a
    millimetre of progress rises from 1 on the first turn to 1 + URGENCY_RISE on
    the last (v5.3; v5.2 weighed it 1 until half the turns)."""
    from game.rulesets.foxhole.ai.agent import URGENCY_RISE, urgency
    assert urgency(_gung_ho_in_a_trench_facing_an_elite_section(1)) == 1.0
    assert urgency(_gung_ho_in_a_trench_facing_an_elite_section(12)) == pytest.approx(1.0 + URGENCY_RISE)
    assert urgency(_gung_ho_in_a_trench_facing_an_elite_section(6)) == pytest.approx(1.0 + URGENCY_RISE * 5 / 11)
    # an elite section 120 mm ahead sees the way to the objective: on the first turn the gung-ho section keeps
    # its trench; by turn 6 of 12 the time left makes the approach worth its fire
    assert choose(_gung_ho_in_a_trench_facing_an_elite_section(1), "red") == A.Hold(side="red", element="a")
    act = choose(_gung_ho_in_a_trench_facing_an_elite_section(6), "red")
    assert isinstance(act, A.Roll) and act.element == "a"

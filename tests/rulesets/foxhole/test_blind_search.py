"""The commander's search for mission objectives it chose blind (Foxhole,
Mission Design: the intel roll may show fewer objectives than the mission
needs; README "AI"). Each known mission objective first draws the element
nearest to it; the others search a 20 mm grid of the control area, each going
to the place from which it would look at the most unsearched ground for the
going, and keep that place until they are there or little is left to see from
it. A grid point counts as searched only where the rules would find an
objective standing on it (the discovery reach, halved into dense terrain).
The attacker's view: a 600 mm table, the control area its top two thirds
(grid points at 10, 30, ..., 590 across and 10, 30, ..., 390 down)."""

from __future__ import annotations

import math

from game.rulesets.foxhole.ai import tactics as TC
from game.rulesets.foxhole.rules import missions as MI
from game.rulesets.foxhole.state import Mission, Objective

from .helpers import box, el, emitter, objectives, piece, state


def _attacker_view(*elements, known=((300, 100),), terrain=()):
    s = state(list(elements), terrain=terrain)
    s.objectives = objectives(list(known))
    for o in s.objectives:
        o.known = True
    s.mission = Mission(kind="priority", primary=[1, 2], secondary=[], chosen=True)
    return s


def _all_but(s, keep) -> set:
    """Every grid point searched except ``keep``."""
    return {p for p in TC.search_grid(s) if p not in set(keep)}


def test_known_objective__draws_its_nearest_element_first_the_rest_search_near_ground():
    s = _attacker_view(el("a1", "red", 100, 520), el("a2", "red", 300, 520), el("a3", "red", 500, 520))
    assert TC.missing_numbers(s) == [2]
    goals = TC.goals_for(s, "red", set())
    assert goals["a2"] == (300.0, 100.0)  # 420 mm from objective 1, the others 447 mm
    # the searchers take the unsearched ground nearest them, each on its own side of the table
    assert goals["a1"][0] < 300 < goals["a3"][0]
    assert goals["a1"][1] > 300 and goals["a3"][1] > 300


def test_searcher__goes_where_it_sees_most_unsearched_ground_for_the_going():
    s = _attacker_view(el("a1", "red", 300, 520), known=())
    cluster = [(x, y) for x in (70.0, 90.0, 110.0, 130.0, 150.0) for y in (70.0, 90.0, 110.0, 130.0, 150.0)]
    lone = (290.0, 390.0)  # 130 mm away, one point; the cluster of 25 lies about 450 mm away
    goal = TC.goals_for(s, "red", _all_but(s, cluster + [lone]))["a1"]
    assert math.dist(goal, (110, 110)) < 40
    # with the cluster searched, the lone point is all there is
    assert TC.goals_for(s, "red", _all_but(s, [lone]))["a1"] == lone


def test_searcher__keeps_its_place_until_there_or_little_left_to_see():
    s = _attacker_view(el("a1", "red", 100, 520), known=())
    kept = {"a1": (570.0, 30.0)}
    assert TC.goals_for(s, "red", set(), kept)["a1"] == (570.0, 30.0)
    # little left to see from there (fewer than KEEP_GAIN unsearched points): a new place
    near = [p for p in TC.search_grid(s) if math.dist(p, (570, 30)) < 30][:TC.KEEP_GAIN - 1]
    far = [(30.0, 390.0), (50.0, 390.0), (30.0, 370.0), (50.0, 370.0)]
    got = TC.goals_for(s, "red", _all_but(s, near + far), kept)["a1"]
    reach = 200 * 36.6 / 100 * 0.97  # the discovery reach (200 yards) with the agent's margin
    assert got != (570.0, 30.0) and all(math.dist(got, p) <= reach for p in far)  # it sees all four from there
    # there already (within ARRIVED): a new place too
    s.elements["a1"].x, s.elements["a1"].y = 560.0, 40.0
    assert TC.goals_for(s, "red", set(), kept)["a1"] != (570.0, 30.0)


def test_ground_near_a_known_objective__is_not_searched():
    s = _attacker_view(el("a1", "red", 100, 520), known=((300, 100),))
    pts = TC.search_points(s, set())
    assert all(math.dist(p, (300, 100)) >= 40 for p in pts)
    assert (330.0, 130.0) in pts and (310.0, 110.0) not in pts  # 42.4 mm and 14.1 mm away


def test_ground_looked_at__is_ground_where_the_rules_find_an_objective():
    jungle = piece("j", "dense", box(390, 250, 580, 390))
    s = _attacker_view(el("a1", "red", 360, 300), known=(), terrain=[jungle])
    seen = TC.looked_at(s, "red", TC.search_grid(s))
    assert (350.0, 250.0) in seen  # 51 mm in normal going: the whole reach
    assert (410.0, 290.0) not in seen  # 51 mm into the jungle: beyond the halved reach
    assert (370.0, 290.0) in seen and (390.0, 310.0) in seen  # 14 mm; 32 mm at the jungle's edge
    # every point counted as searched is one where the rules' discovery finds an objective
    for x, y in sorted(seen):
        s.objectives = [Objective(number=1, x=x, y=y)]
        em = emitter(s)
        MI.discover(em)
        assert [e.number for e in em.events if type(e).__name__ == "ObjectiveFound"] == [1], (x, y)


def test_objective_only_markers_stand_near__may_still_be_taken():
    """A marker may be a non-combatant, which holds nothing (End Game, rules/missions.py): the agent
    counts such an objective as worth half a take (agent.MARKER_HOLDS), one a known enemy holds as nothing."""
    s = _attacker_view(el("a1", "red", 100, 520), el("m1", "blue", 300, 120, kind="unknown"))
    assert TC.held_by_enemy(s, "red", 300, 100)
    assert not TC.held_by_enemy(s, "red", 300, 100, markers=False)
    s.elements["b1"] = el("b1", "blue", 300, 75)  # 25 mm: within the 30 mm hold distance
    assert TC.held_by_enemy(s, "red", 300, 100, markers=False)

"""The commander's search for mission objectives it chose blind (Foxhole,
Mission Design: a priority mission needs two primaries, the intel roll may show
fewer; README "AI"): searchers take the nearest unsearched ground first, keep the
point they were given until some element has looked at it, and leave the ground
round a known mission objective to the elements going there. The attacker's
view: objective 1 known at (300, 100), primary 2 not found; the control area is
the top two thirds of a 600 mm table, its search grid 60 mm (points at 30, 90,
..., 570 across and 30, 90, ..., 390 down)."""

from __future__ import annotations

import math

from game.rulesets.foxhole.ai import tactics as TC
from game.rulesets.foxhole.state import Mission

from .helpers import el, objectives, state


def _attacker_view(*elements):
    s = state(list(elements))
    s.objectives = objectives([(300, 100)])
    s.objectives[0].known = True
    s.mission = Mission(kind="priority", primary=[1, 2], secondary=[], chosen=True)
    return s


def test_searchers__nearest_unsearched_ground_first_the_rest_to_the_known_objective():
    s = _attacker_view(el("a1", "red", 100, 520), el("a2", "red", 300, 520), el("a3", "red", 500, 520),
                       el("b1", "blue", 300, 120))
    assert TC.missing_numbers(s) == [2]
    goals = TC.goals_for(s, "red", set())
    # a1 and a3 are 130.4 mm from their nearest grid points (a tie broken by id, a1 first);
    # a2 goes for the known primary (an enemy next to it no longer draws the search there)
    assert goals == {"a1": (90.0, 390.0), "a3": (510.0, 390.0), "a2": (300.0, 100.0)}


def test_searchers__keep_their_point_until_it_is_looked_at():
    s = _attacker_view(el("a1", "red", 100, 520), el("a2", "red", 300, 520), el("a3", "red", 500, 520))
    kept = {"a1": (570.0, 30.0)}
    assert TC.goals_for(s, "red", set(), kept)["a1"] == (570.0, 30.0)
    # once some element has looked at it, a1 is dealt the nearest unsearched point again
    assert TC.goals_for(s, "red", {(570.0, 30.0)}, kept)["a1"] == (90.0, 390.0)


def test_searchers__leave_the_ground_round_a_known_objective_to_those_going_there():
    s = _attacker_view(el("a1", "red", 300, 260), el("a2", "red", 300, 520), el("a3", "red", 520, 520))
    pts = TC.search_points(s, set())
    near = [p for p in pts if math.dist(p, (300, 100)) <= TC.TARGET_NEAR]
    assert (300.0 - 30.0, 30.0) in near and len(near) >= 6  # unsearched ground near objective 1 remains
    goals = TC.goals_for(s, "red", set())
    searched = [g for eid, g in goals.items() if g != (300.0, 100.0)]
    assert len(searched) == 2
    assert all(math.dist(g, (300, 100)) > TC.TARGET_NEAR for g in searched)

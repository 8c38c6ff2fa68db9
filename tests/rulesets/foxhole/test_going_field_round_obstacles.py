"""The commander's going field (``ai/field.py``): costs in millimetres of
normal going on a 10 mm grid, impassable cells closed. A goal just outside an
impassable feature, in a cell whose middle is inside it, still has finite
costs: the field is taken from the passable cells round it (an objective
placed 2 mm from a crag had every cost infinite, and the attacker's elements
held for eight turns with no move making progress to it)."""

from __future__ import annotations

import math

import pytest

from game.rulesets.foxhole.ai import field as FD

from .helpers import box, el, piece, state


def test_goal_in_a_cell_whose_middle_is_impassable_is_reachable():
    crag = piece("crag", "impassable", box(200, 200, 300, 306), name="crag")
    s = state([el("a", "red", 250, 400), el("f", "blue", 590, 10)], terrain=[crag])
    goal = (253.0, 308.0)  # 2 mm below the crag; its cell (250-260, 300-310) has its middle (255, 305) inside it
    below = FD.cost_to(s, goal, 250.0, 400.0)
    assert below == pytest.approx(math.dist((250.0, 400.0), goal), abs=15)  # straight up, normal going
    above = FD.cost_to(s, goal, 250.0, 150.0)  # the far side: round the 100 mm wide crag
    assert math.isfinite(above) and above > math.dist((250.0, 150.0), goal) + 40

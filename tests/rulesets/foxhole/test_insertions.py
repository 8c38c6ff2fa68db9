"""Foxhole, Helicopter and glider insertions and Para drops: planned at the
start, the arrival roll two turns before (1 two early, 2 one early, 3-4 on
time, 5 one late, 6 two late), drift and spread for para drops (ours)."""

from __future__ import annotations

import math

import pytest

from game.rulesets.foxhole.rules import insertion as INS
from game.rulesets.foxhole.state import Insertion
from game.rulesets.foxhole.tables import TABLES

from .helpers import el, emitter, state


@pytest.mark.parametrize("face,shift", [(1, -2), (2, -1), (3, 0), (4, 0), (5, 1), (6, 2)])
def test_arrival_table__faces(face, shift):
    assert TABLES.arrival.of(face) == shift


def planned(method="helicopter", due=5, turn=3):
    e = el("h1", "red", 0, 0, where="reserve", insertion="lift")
    s = state([e, el("b", "blue", 500, 100)], turn=turn)
    s.insertions = [Insertion(id="lift", side="red", method=method, elements=["h1"], turn=due, x=300.0, y=300.0)]
    return s


@pytest.mark.parametrize("face,arrives", [(1, 3), (2, 4), (3, 5), (4, 5), (5, 6), (6, 7)])
def test_arrival_roll__two_turns_before_due(face, arrives):
    s = planned(due=5, turn=3)
    em = emitter(s, [face])
    INS.turn_start(em, "red")
    ins = em.s.insertions[0]
    assert ins.arrival == arrives
    if arrives == 3:  # two turns early: it lands now
        assert em.s.elements["h1"].where == "table"
        assert (em.s.elements["h1"].x, em.s.elements["h1"].y) == (300.0, 300.0)
    else:
        assert em.s.elements["h1"].where == "reserve"


def test_arrival_roll__not_before_two_turns_before():
    s = planned(due=5, turn=2)
    em = emitter(s, [])
    INS.turn_start(em, "red")
    assert em.s.insertions[0].arrival is None


def test_arrival__due_on_turn_one_rolls_on_the_first_turn_and_never_arrives_before_it():
    s = planned(due=1, turn=1)
    em = emitter(s, [1])  # "two turns early" would be turn -1
    INS.turn_start(em, "red")
    assert em.s.insertions[0].arrival == 1
    assert em.s.elements["h1"].where == "table"


def test_para_drop__drift_and_spread():
    """Drift 1D6 x 10 mm on a D12 clock (12 north), then each element 1D6 x 6 mm on its own bearing."""
    s = planned(method="para", due=3, turn=3)
    s.insertions[0].arrival = 3
    em = emitter(s, [4, 3, 2, 6])  # drift 4 x 10 towards 3 o'clock (+x); spread 2 x 6 towards 6 o'clock (+y)
    INS.turn_start(em, "red")
    e = em.s.elements["h1"]
    assert (e.x, e.y) == pytest.approx((300 + 40, 300 + 12))
    ux, uy = INS.clock(12)
    assert (ux, uy) == pytest.approx((0.0, -1.0))
    assert INS.clock(9) == pytest.approx((-1.0, 0.0), abs=1e-12)
    assert math.hypot(*INS.clock(5)) == pytest.approx(1.0)

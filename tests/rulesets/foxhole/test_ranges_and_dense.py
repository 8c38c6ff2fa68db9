"""Foxhole, Weapon Ranges and the ground scale: 10 mm = 25 m (100 yards =
36.576 mm); infantry weapons close 200 / long 400 yards, fire support 200 /
600, indirect 100-800; infantry and fire support ranges halved into, out of
or through dense terrain."""

from __future__ import annotations

import pytest

from game.rulesets.foxhole.rules.fire import attackers
from game.rulesets.foxhole.tables import TABLES

from .helpers import YD, box, el, piece, state


def test_ground_scale__yards_to_mm():
    assert TABLES.yards(100) == pytest.approx(36.576)
    assert YD(200) == pytest.approx(73.152)
    assert YD(400) == pytest.approx(146.304)


def fire_at(terrain, dy, kind="infantry"):
    t = el("t", "red", 300, 500)
    f = el("f", "blue", 300, 500 - dy, kind=kind)
    s = state([t, f], terrain=terrain)
    return [(x.close, x.dense) for x in attackers(s, t, (t.x, t.y), [(t.x, t.y)], (t.x, t.y))]


DENSE = [piece("jungle", "dense", box(200, 440, 400, 460))]  # across the line between them


@pytest.mark.parametrize("yards,clear,through_dense", [
    (150, [(True, False)], [(False, True)]),     # close; halved: 150 counts as 300 -> long
    (199, [(True, False)], [(False, True)]),
    (201, [(False, False)], []),                 # halved: 402 > 400
    (190, [(True, False)], [(False, True)]),
    (250, [(False, False)], []),                 # long; halved: 500 > 400 -> out of range
    (399, [(False, False)], []),
    (401, [], []),
])
def test_infantry_ranges__halved_through_dense(yards, clear, through_dense):
    assert fire_at([], YD(yards)) == clear
    assert fire_at(DENSE, YD(yards)) == through_dense


def test_into_and_out_of_dense__halved_too():
    """The target inside dense terrain (into) and the firer inside it (out of)."""
    t = el("t", "red", 300, 500)
    f = el("f", "blue", 300, 500 - YD(250))
    inside_t = [piece("j", "dense", box(280, 480, 320, 520))]
    inside_f = [piece("j", "dense", box(280, f.y - 20, 320, f.y + 20))]
    for terrain in (inside_t, inside_f):
        s = state([t, f], terrain=terrain)
        assert attackers(s, t, (t.x, t.y), [(t.x, t.y)], (t.x, t.y)) == []


def test_fire_support__600_yards_and_halved():
    assert fire_at([], YD(590), "fire_support") == [(False, False)]
    assert fire_at([], YD(610), "fire_support") == []
    assert fire_at(DENSE, YD(290), "fire_support") == [(False, True)]
    assert fire_at(DENSE, YD(310), "fire_support") == []


def test_indirect_support__100_to_800_yards_not_halved_with_an_observer():
    """Indirect support fires where a friendly element sees the target (ours)."""
    t = el("t", "red", 300, 500)
    mortar = el("mo", "blue", 300, 500 - YD(700), kind="indirect")
    spot = el("ob", "blue", 100, 500)
    s = state([t, mortar, spot], terrain=DENSE, table=(600.0, 600.0))
    got = {x.firer: (x.close, x.how) for x in attackers(s, t, (t.x, t.y), [(t.x, t.y)], (t.x, t.y))}
    assert got["mo"] == (False, "observer")
    near = el("mo", "blue", 300, 500 - YD(90), kind="indirect")
    s2 = state([t, near], table=(600.0, 600.0))
    assert [x.firer for x in attackers(s2, t, (t.x, t.y), [(t.x, t.y)], (t.x, t.y))] == []

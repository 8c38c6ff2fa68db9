"""Movement ([7.6]-[7.10], [7.13]): moves measured from the front, the free oblique, wheels
paying the outer figure's arc, facing and frontage changes, formation changes, stopping at
base contact, and the forced march with its worked example."""

from __future__ import annotations

import math

import pytest

from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.formation import block_of
from game.rulesets.battlesystem.rules.contact import engagements
from game.rulesets.battlesystem.rules.movement import plan_advance, plan_wheel

from .helpers import IN, do, make_state, person, unit

MV = 9 * IN  # men-at-arms in chain mail, orcs


def _one(x=600.0, y=900.0, heading=270.0, figures=16, files=8, formation=None, profile="valmark_spears", extra=()):
    return make_state(unit("u", "a", profile, x, y, heading, figures, files, formation),
                      person("sgt", "a", "sergeant", x, y, heading, "unit_commander", "u"),
                      unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10), *extra)


def test_advance__measured_from_the_front_and_uses_the_move():
    """Battlesystem [7.7]: the front edge's centre moves the distance; every figure with it."""
    s, r = do(_one(), A.Advance(side="a", unit="u", distance=5 * IN))
    assert r.ok
    u = s.units["u"]
    assert math.isclose(u.y, 900.0 - 5 * IN) and math.isclose(u.moved, 5 * IN)
    b0, b1 = block_of(_one().units["u"]), block_of(u)
    assert abs((b0.centres - b1.centres) - [0.0, 5 * IN]).max() < 1e-9


def test_advance__beyond_the_move_is_illegal():
    s = _one()
    p = plan_advance(s, s.units["u"], MV + 1.0)
    assert not p.legal and "left" in p.reason


@pytest.mark.parametrize("offset,ok", [(45.0, True), (-45.0, True), (45.5, False), (-60.0, False)])
def test_oblique__up_to_45_degrees_free(offset, ok):
    """Battlesystem [7.9]: straight ahead or up to 45 degrees to either side without penalty."""
    s = _one()
    p = plan_advance(s, s.units["u"], 4 * IN, offset)
    assert p.legal is ok
    if ok:
        assert math.isclose(p.cost, 4 * IN) and math.isclose(p.block.heading % 360, 270.0)


def test_wheel__costs_the_outer_figures_arc():
    """Battlesystem [7.9]: the wheel's cost is the distance the outermost figure moves: eight
    3/4" figures wide, 30 degrees: 6" x pi/6."""
    s = _one()
    p = plan_wheel(s, s.units["u"], "left", -30.0)
    assert p.legal
    assert math.isclose(p.cost, 8 * 0.75 * IN * math.pi / 6)
    s2, r = do(s, A.Wheel(side="a", unit="u", pivot="left", angle=-30.0))
    assert r.ok and math.isclose(s2.units["u"].heading % 360, 240.0)


@pytest.mark.parametrize("turn,share", [(90, 1 / 3), (-90, 1 / 3), (180, 1 / 2)])
def test_facing_changes__cost_a_third_or_a_half(turn, share):
    """Battlesystem [7.9]: right or left face 1/3 of the move, about face 1/2."""
    s, r = do(_one(), A.Face(side="a", unit="u", turn=turn))
    assert r.ok and math.isclose(s.units["u"].moved, share * MV)
    assert math.isclose(s.units["u"].heading % 360, (270 + turn) % 360)


def test_frontage_change__one_inch_a_figure_front_centre_kept():
    """Battlesystem [7.10]: 1" for each figure added to or taken from the frontage."""
    s, r = do(_one(), A.Frontage(side="a", unit="u", files=5))
    assert r.ok
    u = s.units["u"]
    assert u.files == 5 and math.isclose(u.moved, 3 * IN) and (u.x, u.y) == (600.0, 900.0)


def test_formation_change__a_third_of_the_move_and_closed_needs_command():
    """Battlesystem [7.6]: a formation change costs 1/3 of the move; [4.7] closed order needs
    the unit in command."""
    s, r = do(_one(), A.Reform(side="a", unit="u", formation="open"))
    assert r.ok and s.units["u"].formation == "open" and math.isclose(s.units["u"].moved, MV / 3)
    lone = make_state(unit("u", "a", "valmark_spears", 600.0, 900.0, 270.0, 16, 8, "open"),
                      unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    _, r = do(lone, A.Reform(side="a", unit="u", formation="closed"))
    assert not r.ok and "command" in r.reason


def test_contact__the_move_stops_exactly_at_base_contact():
    """Battlesystem [7.8]: a figure stops when it meets an enemy base; the units touch."""
    s = _one(y=300.0 + 3 * IN)
    s.units["foe"].y = 300.0
    s2, r = do(s, A.Advance(side="a", unit="u", distance=6 * IN))
    assert r.ok
    assert math.isclose(s2.units["u"].y, 300.0, abs_tol=1e-6)
    assert [(e.a, e.b) for e in engagements(s2)] == [("foe", "u")]


def test_contact__units_in_contact_may_only_withdraw_flee_or_wrap():
    """Battlesystem [7.8]: figures that begin the movement phase in contact may only wrap
    around, make a fighting withdrawal or flee."""
    s = _one(y=300.0)
    s.units["foe"].y = 300.0
    s.units["u"].engaged_start = True
    _, r = do(s, A.Advance(side="a", unit="u", distance=IN))
    assert not r.ok and "withdraw" in r.reason


def test_forced_march__worked_example_15_16_17_17():
    """Battlesystem [7.13] example: AR 15 forced-marching three rounds, failing the morale check
    twice then passing: 16, 17, and 17. A forced march goes 1 1/2 moves."""
    s = _one()
    ar = 15
    penalties = []
    for faces in ([10, 10], [10, 9], [1, 1]):
        s.units["u"].move_began = False
        s.units["u"].move_done = False
        s.units["u"].moved = 0.0
        s.queue[0].begun = True
        s.active = "a"
        s2, r = do(s, A.ForcedMarch(side="a", unit="u", distance=1.5 * MV - 1.0), faces)
        assert r.ok
        s = s2
        s.queue = list(_one().queue)
        penalties.append(ar + s.units["u"].ar_penalty)
    assert penalties == [16, 17, 17]


def test_forced_march__out_of_command_may_not():
    lone = make_state(unit("u", "a", "valmark_spears", 600.0, 900.0, 270.0, 16, 8),
                      unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    _, r = do(lone, A.ForcedMarch(side="a", unit="u", distance=MV))
    assert not r.ok and "command" in r.reason

"""Asteroid fields (celestial phenomena): squadrons navigate them on one
test, All Ahead Full stops at their edge like at a blast marker, attack
craft may launch in them, and a ship is in a field when its base touches it
(ours, on base contact)."""

from __future__ import annotations

import pytest

from game.core.event import DiceRolled
from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.actions import EndPhase, Fire, Launch, MoveShip
from game.rulesets.spacefleet.events import FieldDamageShared, ShipMoved
from game.rulesets.spacefleet.rules.movement import plan_move

from .helpers import area, play, planet, ship, state


def _navigations(evs):
    return [e for e in evs if isinstance(e, DiceRolled) and "navigates" in e.purpose]


def test_escort_squadron__one_test_one_shared_d6_in_move_order():
    """Three Swords of one squadron fly into a field. The first tests for the
    squadron (fails, and fails its free re-roll); the squadron's one D6 (4)
    goes to the escorts that touch, in the order they move: 2 to the first
    (its shield and its hit), 2 to the second; the third takes none. No escort
    tests again."""
    fld = area("rocks", "asteroid_field", 700, 300, 900, 700)
    st = state([ship(f"s{i}", "sword", 600, 300 + 100 * i, squadron="sq") for i in (1, 2, 3)]
               + [ship("m", "murder", 1700, 1100, side="chaos")], [fld], phase="movement")
    evs = play(st, MoveShip(side="imperial", ship="s1", legs=((0.0, 150.0),)), faces=[6, 6, 6, 6, 4])
    assert len(_navigations(evs)) == 1
    assert st.ships["s1"].status == "destroyed" and st.field_pool == {"sq": 2}
    evs = play(st, MoveShip(side="imperial", ship="s2", legs=((0.0, 150.0),)))
    assert not _navigations(evs) and st.ships["s2"].status == "destroyed"
    assert [(e.amount, e.left) for e in evs if isinstance(e, FieldDamageShared)] == [(2, 0)]
    evs = play(st, MoveShip(side="imperial", ship="s3", legs=((0.0, 150.0),)))
    assert not _navigations(evs) and st.ships["s3"].status == "active" and st.ships["s3"].damage == 0


def test_capital_squadron__tests_once_on_its_best_leadership():
    """Two Lunars of a squadron, Ld 6 and 8: the first to touch the field
    tests on the squadron's best Ld (8 passes on a throw of 8); the second
    does not test."""
    fld = area("rocks", "asteroid_field", 700, 300, 900, 700)
    st = state([ship("a", "lunar", 600, 400, squadron="csq", ld=6), ship("b", "lunar", 600, 520, squadron="csq", ld=8),
                ship("m", "murder", 1700, 1100, side="chaos")], [fld], phase="movement")
    evs = play(st, MoveShip(side="imperial", ship="a", legs=((0.0, 150.0),)), faces=[4, 4])
    nav = _navigations(evs)
    assert len(nav) == 1 and nav[0].passed and nav[0].target.base == 8 and st.ships["a"].damage == 0
    evs = play(st, MoveShip(side="imperial", ship="b", legs=((0.0, 150.0),)))
    assert not _navigations(evs)


def test_capital_squadron__after_a_failure_each_ship_takes_its_own_d6():
    """The same squadron failing (12): each Lunar that touches the field rolls
    its own D6 of impacts (3, then 5), shields first; one test only."""
    fld = area("rocks", "asteroid_field", 700, 300, 900, 700)
    st = state([ship("a", "lunar", 600, 400, squadron="csq"), ship("b", "lunar", 600, 520, squadron="csq"),
                ship("m", "murder", 1700, 1100, side="chaos")], [fld], phase="movement")
    evs = play(st, MoveShip(side="imperial", ship="a", legs=((0.0, 150.0),)), faces=[6, 6, 3])
    evs += play(st, MoveShip(side="imperial", ship="b", legs=((0.0, 150.0),)), faces=[5])
    impacts = [e.total for e in evs if isinstance(e, DiceRolled) and e.purpose.startswith("asteroid impacts")]
    assert len(_navigations(evs)) == 1 and impacts == [3, 5]
    assert (st.ships["a"].damage, st.ships["b"].damage) == (1, 3)  # 2 shields each, no blast markers placed
    assert not st.blast_markers


def _aaf_lunar_before_a_field():
    """A Lunar on All Ahead Full (20 + 10 cm = 30 cm) whose base would first
    touch a field 28 cm ahead, in the last 5 cm of its full move."""
    fld = area("rocks", "asteroid_field", 796, 300, 1000, 700)
    st = state([ship("l", "lunar", 500, 500, order="all_ahead_full", aaf_extra_mm=100.0),
                ship("m", "murder", 1700, 1100, side="chaos")], [fld], phase="movement")
    return st


def test_all_ahead_full__stops_where_it_touches_a_field_in_the_last_5_cm():
    """spacefleet_core 1.6 (a ship that cannot slow down stops at what slows
    it) with the field's slowdown: the 28 cm move that ends touching the
    field is legal; 30 cm is not."""
    st = _aaf_lunar_before_a_field()
    assert plan_move(st, MoveShip(side="imperial", ship="l", legs=((0.0, 280.0),))).ok
    longer = plan_move(st, MoveShip(side="imperial", ship="l", legs=((0.0, 300.0),)))
    assert not longer.ok and "stops there (28.0 cm)" in longer.reason


def test_all_ahead_full__the_rules_move_a_ship_left_unmoved_to_the_field_edge():
    """The end of the movement phase moves the unmoved AAF ship to where it
    touches the field (it used to stay frozen at 0 cm), then it navigates."""
    st = _aaf_lunar_before_a_field()
    evs = play(st, EndPhase(side="imperial"), faces=[3, 3])
    moved = next(e for e in evs if isinstance(e, ShipMoved))
    assert moved.distance == pytest.approx(280.0, abs=0.6)
    assert len(_navigations(evs)) == 1


def test_attack_craft_launch_inside_a_field_but_torpedoes_do_not():
    """Celestial phenomena bans torpedoes inside a field, not attack craft: a
    Dictator in a field launches its bombers, not its torpedoes."""
    fld = area("rocks", "asteroid_field", 400, 400, 700, 700)
    st = state([ship("d", "dictator", 550, 550), ship("m", "murder", 550, 800, side="chaos")], [fld])
    assert RULESET.check(st, Launch(side="imperial", ship="d", weapon=0, craft="bomber", target="m")).ok
    why = RULESET.check(st, Launch(side="imperial", ship="d", weapon=4, heading=0.0)).reason
    assert "torpedoes cannot be launched inside an asteroid field" in why


def test_a_base_touching_a_field_is_in_it__no_fire_out():
    """Phenomena act on base contact: a Lunar whose stem is 1 cm outside a
    field but whose base touches it may not fire out at a Murder in open space."""
    fld = area("rocks", "asteroid_field", 510, 200, 800, 560)
    st = state([ship("l", "lunar", 500, 500), ship("m", "murder", 500, 700, side="chaos")], [fld])
    why = RULESET.check(st, Fire(side="imperial", ship="l", weapon=1, target="m")).reason
    assert "no shooting into or out of an asteroid field" in why


def test_high_orbit_is_no_escape_from_all_ahead_full():
    """A ship in a gravity well may hold station (high orbit), but not on All
    Ahead Full, which must use its whole distance (spacefleet_core 1.4)."""
    p = planet("p", 700, 500, 60)
    still = MoveShip(side="imperial", ship="l", legs=())
    st = state([ship("l", "lunar", 580, 500, heading=90), ship("m", "murder", 1700, 1100, side="chaos")], [p],
               phase="movement")
    assert plan_move(st, still).ok
    st.ships["l"].order, st.ships["l"].aaf_extra_mm = "all_ahead_full", 100.0
    assert not plan_move(st, still).ok

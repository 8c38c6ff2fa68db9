"""Rule cases: movement, blast markers, gravity wells, low orbit (spacefleet_core 1.6; celestial phenomena)."""

from __future__ import annotations

import pytest

from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.actions import DeclareOrder, MoveShip
from game.rulesets.spacefleet.geom import gravity_turn_limit
from game.rulesets.spacefleet.rules.movement import move_limits, plan_move
from game.rulesets.spacefleet.rules.orders import resolve_order
from game.rulesets.spacefleet.rules.phenomena import low_orbit_pull, pull_distance
from game.rulesets.spacefleet.state import BlastMarker

from .helpers import ctx, planet, ship, state


def _mv(sid="l", **kw):
    return MoveShip(side="imperial", ship=sid, **kw)


def test_minimum_move__half_speed():
    """spacefleet_core 1.6: a ship must move at least half its speed (Lunar: 10 cm)."""
    st = state([ship("l", "lunar", 500, 500)], phase="movement")
    assert not plan_move(st, _mv(legs=((0.0, 90.0),))).ok
    assert plan_move(st, _mv(legs=((0.0, 100.0),))).ok
    assert not plan_move(st, _mv(legs=((0.0, 210.0),))).ok


def test_turn__cruiser_needs_10cm_straight_first():
    """spacefleet_core 1.6: a cruiser moves 10 cm straight before its one 45-degree turn."""
    st = state([ship("l", "lunar", 500, 500)], phase="movement")
    assert not plan_move(st, _mv(legs=((0.0, 80.0), (45.0, 100.0)))).ok
    assert plan_move(st, _mv(legs=((0.0, 100.0), (45.0, 100.0)))).ok
    assert not plan_move(st, _mv(legs=((0.0, 100.0), (90.0, 100.0)))).ok
    assert not plan_move(st, _mv(legs=((0.0, 100.0), (45.0, 50.0), (45.0, 50.0)))).ok


def test_blast_markers__speed_loss_applied_once():
    """spacefleet_core 1.6: crossing several blast markers costs 5 cm once; the minimum move is unchanged."""
    bms = [BlastMarker(id=i, x=500 + 40 * i, y=500) for i in range(1, 4)]
    st = state([ship("l", "lunar", 500, 500, heading=0)], phase="movement", blast_markers=bms)
    pl = plan_move(st, _mv(legs=((0.0, 150.0),)))
    assert pl.ok and pl.blast_loss
    assert move_limits(st, st.ships["l"], True) == (100.0, 150.0)
    assert not plan_move(st, _mv(legs=((0.0, 160.0),))).ok


def test_gravity_turn__toward_the_centre_only():
    """Celestial phenomena, gravity wells: the free turn is toward the planet's centre."""
    # planet 20 cm to the starboard-forward side: bearing 45 degrees off the heading
    st = state([ship("l", "lunar", 500, 500, heading=0)], [planet("p", 700, 700, 50, size="large")], phase="movement")
    assert gravity_turn_limit(0, 500, 500, 700, 700) == pytest.approx(45.0)
    assert plan_move(st, _mv(pre_turn=45.0, legs=((0.0, 100.0),))).ok
    assert not plan_move(st, _mv(pre_turn=-45.0, legs=((0.0, 100.0),))).ok


def test_gravity_turn__at_most_45_and_never_past_the_centre():
    """Celestial phenomena, gravity wells: at most 45 degrees, and never past the line to the centre."""
    st = state([ship("l", "lunar", 500, 500, heading=0)], [planet("p", 700, 615.470054, 50, size="large")], phase="movement")
    lim = gravity_turn_limit(0, 500, 500, 700, 615.470054)
    assert lim == pytest.approx(30.0, abs=0.01)
    assert plan_move(st, _mv(pre_turn=30.0, legs=((0.0, 100.0),))).ok
    assert not plan_move(st, _mv(pre_turn=40.0, legs=((0.0, 100.0),))).ok     # would overshoot
    st2 = state([ship("l", "lunar", 500, 500, heading=0)], [planet("p", 500, 700, 50)], phase="movement")
    assert not plan_move(st2, _mv(pre_turn=60.0, legs=((0.0, 100.0),))).ok   # more than 45


def test_gravity_turn__needs_the_stem_in_the_well():
    """Celestial phenomena, gravity wells: small planet well is 10 cm from the template edge."""
    st = state([ship("l", "lunar", 500, 500, heading=0)], [planet("p", 500, 660, 50)], phase="movement")  # 11 cm from the edge
    assert not plan_move(st, _mv(pre_turn=45.0, legs=((0.0, 100.0),))).ok
    st2 = state([ship("l", "lunar", 500, 500, heading=0)], [planet("p", 500, 650, 50, size="medium")], phase="movement")
    assert plan_move(st2, _mv(pre_turn=45.0, legs=((0.0, 100.0),))).ok


def test_gravity_turn__at_start_and_end_of_move_even_on_lock_on():
    """Celestial phenomena, gravity wells: free turns at the start and the end of the move, allowed on Lock On."""
    l = ship("l", "lunar", 500, 500, heading=0, order="lock_on")
    st = state([l], [planet("p", 600, 700, 60, size="large")], phase="movement")
    assert not plan_move(st, _mv(legs=((0.0, 100.0), (45.0, 50.0)))).ok       # Lock On: no normal turn
    pl = plan_move(st, _mv(pre_turn=45.0, legs=((0.0, 100.0),), post_turn=20.0))
    assert pl.ok and pl.heading == pytest.approx(65.0)
    assert not plan_move(st, _mv(legs=((0.0, 100.0),), post_turn=-20.0)).ok   # away from the planet


def test_gravity_turn__combines_with_come_to_new_heading():
    """Celestial phenomena, gravity wells: the free turns stack with Come to New Heading's two turns."""
    l = ship("l", "lunar", 500, 500, heading=0, order="come_to_new_heading")
    st = state([l], [planet("p", 500, 800, 100, size="large")], phase="movement")
    pl = plan_move(st, _mv(pre_turn=45.0, legs=((0.0, 100.0), (45.0, 100.0))))
    assert pl.ok and pl.heading == pytest.approx(90.0)


def test_high_orbit__may_stay_still_in_a_well():
    """Celestial phenomena, gravity wells: a ship in a well need not move (high orbit), and is then stationary."""
    st = state([ship("l", "lunar", 500, 500)], [planet("p", 500, 600, 50)], phase="movement")
    assert plan_move(st, _mv(legs=())).ok
    st2 = state([ship("l", "lunar", 500, 500)], phase="movement")
    assert not plan_move(st2, _mv(legs=())).ok


@pytest.mark.parametrize("size,pull", [("small", 50.0), ("medium", 80.0), ("large", 100.0)])
def test_low_orbit_pull__distance_by_planet_size(size, pull):
    """Celestial phenomena, low orbit: within 45 cm of the planet edge ships are pulled 5/8/10 cm toward it."""
    assert pull_distance(size) == pull
    near = ship("a", "lunar", 300, 400, side="imperial", zone="low_orbit")
    far = ship("b", "lunar", 600, 460, side="imperial", zone="low_orbit")
    crash = ship("c", "lunar", 900, 40, side="imperial", zone="low_orbit")
    st = state([near, far, crash], [planet("p", 900, 600, 100, size=size, low_orbit=True)], low_orbit_planet="p")
    c = ctx(st)
    low_orbit_pull(c)
    assert c.s.ships["a"].y == pytest.approx(400 - pull)
    assert c.s.ships["b"].y == 460            # beyond 45 cm: not gripped
    assert c.s.ships["c"].status == "destroyed"


def test_command_check__first_failure_ends_orders():
    """spacefleet_core 1.3: the first failed command check ends the fleet's special orders; Brace may still be tried."""
    st = state([ship("a", "lunar", 500, 500), ship("b", "gothic", 700, 500)], phase="movement")
    c = ctx(st, [6, 5])   # 11 always fails
    resolve_order(c, DeclareOrder(side="imperial", ship="a", order="lock_on"))
    assert c.s.orders_failed and c.s.ships["a"].order is None
    assert not RULESET.check(c.s, DeclareOrder(side="imperial", ship="b", order="lock_on")).ok
    assert RULESET.check(c.s, DeclareOrder(side="imperial", ship="b", order="brace_for_impact")).ok


def test_command_check__enemy_contacts_and_under_fire():
    """spacefleet_core 1.3 worked example: Ld 7 with an enemy on Lock On tests on 8 and passes an 8."""
    st = state([ship("a", "lunar", 500, 500, ld=7), ship("e", "murder", 900, 900, order="lock_on")], phase="movement")
    c = ctx(st, [2, 6, 1, 1, 1, 1])
    resolve_order(c, DeclareOrder(side="imperial", ship="a", order="all_ahead_full"))
    assert c.s.ships["a"].order == "all_ahead_full" and c.s.ships["a"].aaf_extra_mm == 40.0

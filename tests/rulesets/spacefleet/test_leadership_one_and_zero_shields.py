"""A ship at Leadership 1 or less heads for the nearest table edge
(spacefleet_core 1.3); 0-shield ships and blast markers (core 1.6): shields
collapsed count as 0, and one destroyed by a gas cloud explodes from where it
entered the cloud (celestial phenomena: gas and dust clouds)."""

from __future__ import annotations

from game.core.event import DiceRolled
from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.actions import DeclareOrder, EndPhase, MoveShip
from game.rulesets.spacefleet.events import ShipMoved
from game.rulesets.spacefleet.state import BlastMarker

from .helpers import area, play, ship, state


def _ld_one(heading: float):
    """A Lunar (Ld 7) 30 cm from the west edge during a radiation burst of 6: Ld 1."""
    return state([ship("l", "lunar", 300, 600, heading=heading, ld=7), ship("m", "murder", 1500, 600, side="chaos")],
                 phase="movement", radiation=6)


def test_leadership_one__moves_must_head_for_the_nearest_edge():
    st = _ld_one(180.0)  # facing the west edge
    assert RULESET.check(st, MoveShip(side="imperial", ship="l", legs=((0.0, 150.0),))).ok
    st = _ld_one(180.0)
    st.ships["l"].heading = 90.0  # facing south: turning west after the straight run brings it nearer
    toward = MoveShip(side="imperial", ship="l", legs=((0.0, 100.0), (45.0, 100.0)))
    away = MoveShip(side="imperial", ship="l", legs=((0.0, 100.0), (-45.0, 100.0)))
    assert RULESET.check(st, toward).ok
    verdict = RULESET.check(st, away)
    assert not verdict.ok and "nearest table edge (west, 30.0 cm away)" in verdict.reason


def test_leadership_one__facing_away_it_may_only_make_its_least_move():
    """Facing east, away from the west edge, no move brings the Lunar nearer
    (10 cm straight before it may turn 45 degrees): only the moves that end no
    farther than the best of them are allowed - the 10 cm straight one."""
    st = _ld_one(0.0)
    assert RULESET.check(st, MoveShip(side="imperial", ship="l", legs=((0.0, 100.0),))).ok
    assert not RULESET.check(st, MoveShip(side="imperial", ship="l", legs=((0.0, 200.0),))).ok


def test_leadership_one__no_special_orders_but_brace():
    st = _ld_one(180.0)
    verdict = RULESET.check(st, DeclareOrder(side="imperial", ship="l", order="lock_on"))
    assert not verdict.ok and "Leadership 1 or less" in verdict.reason
    assert RULESET.check(st, DeclareOrder(side="imperial", ship="l", order="brace_for_impact")).ok


def test_leadership_one__the_rules_move_an_unmoved_ship_toward_the_edge():
    """Facing south, the rules' automatic move turns it toward the west edge."""
    st = _ld_one(90.0)
    evs = play(st, EndPhase(side="imperial"))
    moved = next(e for e in evs if isinstance(e, ShipMoved) and e.ship == "l")
    assert moved.x < 300.0 and "nearest edge" in moved.why


def test_collapsed_shields_make_a_0_shield_ship_for_blast_markers():
    """spacefleet_core 1.6: a Lunar whose shields collapsed crosses a blast
    marker: it rolls, and a 6 is 1 damage."""
    st = state([ship("l", "lunar", 400, 500, crits=["shields_collapse"]), ship("m", "murder", 1500, 600, side="chaos")],
               phase="movement", blast_markers=[BlastMarker(id=1, x=480, y=500)])
    evs = play(st, MoveShip(side="imperial", ship="l", legs=((0.0, 150.0),)), faces=[6, 1])
    roll = next(e for e in evs if isinstance(e, DiceRolled) and "crosses blast markers" in e.purpose)
    assert roll.passed and st.ships["l"].damage == 1


def test_a_0_shield_ship_destroyed_in_a_gas_cloud_explodes_where_it_entered_it():
    """Celestial phenomena: a crippled Lunar with collapsed shields and 1 hit
    left moves 10 cm east and enters a cloud with its stem at x = 494 (its
    base touching the edge at 510); it rolls a 6 and is destroyed; its warp
    drive implodes (12) with a 3 cm blast measured from (494, 500): the
    Murder 4.5 cm from there (5.1 cm from where the Lunar stopped) takes the
    8 lance shots."""
    cloud = area("dust", "gas_cloud", 510, 400, 700, 600)
    st = state([ship("l", "lunar", 400, 500, crits=["shields_collapse"], damage=7),
                ship("m", "murder", 449, 500, side="chaos")], [cloud], phase="movement")
    evs = play(st, MoveShip(side="imperial", ship="l", legs=((0.0, 100.0),)), faces=[6, 1, 6, 6, 1, 1, 1])
    assert st.ships["l"].status == "destroyed"
    blast = [e for e in evs if isinstance(e, DiceRolled) and "lance shots at the Murder" in e.purpose]
    assert len(blast) == 1 and blast[0].notation == "8d6"
    radius = next(e for e in evs if isinstance(e, DiceRolled) and "blast radius" in e.purpose)
    assert "from where it entered the gas cloud" in radius.purpose

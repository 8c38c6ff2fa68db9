"""The default agent and low orbit (celestial phenomena: orbits; fighting in
low orbit): a hurt ship losing the exchange on the main table takes refuge
in low orbit; an unhurt one stays to fight; in low orbit the agent keeps out
of the planet's grip rather than drift down to a crash. Real rules and
geometry, no mocks."""

from __future__ import annotations

import math
import random

import pytest

from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.ai import ai
from game.rulesets.spacefleet.ai.ai_eval import _pull_risk
from game.rulesets.spacefleet.actions import Disengage, EnterLowOrbit, MoveShip
from game.rulesets.spacefleet.data import profile, tables
from game.rulesets.spacefleet.rules.movement import plan_move

from .helpers import planet, play, ship, state

PLANET = planet("p", 900, 600, 110, size="medium", low_orbit=True)


def _beside_the_planet(damage: int):
    """A Lunar in the planet's 15 cm well, three Chaos cruisers 25-35 cm off
    with their guns on it; orders already failed this turn."""
    ships = [ship("l", "lunar", 900, 460, 0, damage=damage),
             ship("m1", "murder", 900, 200, 0), ship("m2", "murder", 1150, 300, 180), ship("m3", "murder", 650, 300, 0)]
    return state(ships, [PLANET], phase="movement", orders_failed=True, low_orbit_planet="p")


def test_a_hurt_ship_losing_the_exchange_enters_low_orbit():
    st = _beside_the_planet(damage=5)  # 3 of 8 hits left
    a = ai.FleetAgent(random.Random(1)).choose(RULESET, st, "imperial")
    assert a == EnterLowOrbit(side="imperial", ship="l")
    play(st, a)
    assert st.ships["l"].zone == "low_orbit" and st.ships["l"].status == "active"


def test_an_unhurt_ship_stays_on_the_main_table():
    st = _beside_the_planet(damage=0)
    a = ai.FleetAgent(random.Random(1)).choose(RULESET, st, "imperial")
    assert isinstance(a, MoveShip) and plan_move(st, a).off_table == ""


def test_in_low_orbit_the_agent_keeps_out_of_the_grip():
    """Celestial phenomena: low orbit pulls a ship within 45 cm of the planet
    edge 8 cm toward it (medium planet) each turn. A move ending 10 cm from
    the planet edge is priced at the whole ship, one inside the grip at a
    tenth; a Lunar 3 cm inside the grip, facing along the planet edge, with no
    enemy in low orbit, turns and climbs out of it (low orbit: capital ships
    turn without a minimum run)."""
    st = _beside_the_planet(damage=5)
    lo = st.ships["l"]
    lo.zone, lo.x, lo.y, lo.heading = "low_orbit", 600.0, 420.0, 0.0
    grip = tables().low_orbit.grip_cm * 10.0
    assert _pull_risk(st, lo, grip + 1) == 0.0
    assert _pull_risk(st, lo, 100.0) == profile("lunar").points  # two pulls of 8 cm: off the planet edge
    assert _pull_risk(st, lo, 300.0) == 0.1 * profile("lunar").points
    a = ai.FleetAgent(random.Random(1)).choose(RULESET, st, "imperial")
    pl = plan_move(st, a)
    assert pl.ok and pl.path[-1][1] > grip


def test_a_brace_carried_over_from_the_enemy_turn_does_not_keep_a_hurt_ship_out():
    """Brace for Impact! lasts to the end of the ship's next turn (spacefleet_core 1.4); no rule
    bars a braced ship from entering low orbit, so a hurt, braced Lunar losing the exchange goes
    in (the planet_low_orbit golden's Gothic, turn 3)."""
    st = _beside_the_planet(damage=5)
    lo = st.ships["l"]
    lo.order, lo.braced = "brace_for_impact", True
    a = ai.FleetAgent(random.Random(1)).choose(RULESET, st, "imperial")
    assert a == EnterLowOrbit(side="imperial", ship="l")


def _enemy_in_low_orbit(lunar_at: tuple[float, float]):
    """The hurt Lunar has gone into low orbit; an unhurt Murder on the main table hunts it."""
    ships = [ship("l", "lunar", 300, 550, 0, damage=5, zone="low_orbit"),
             ship("m", "murder", *lunar_at, 0)]
    return state(ships, [PLANET], phase="movement", active="chaos", orders_failed=True, low_orbit_planet="p")


def test_when_every_enemy_is_in_low_orbit_a_ship_in_the_well_follows_it():
    """Only ships in low orbit may fire at ships there (celestial phenomena: low orbit): with no
    enemy left on the main table, a ship in the planet's well enters low orbit after it."""
    st = _enemy_in_low_orbit((900, 460))  # 14 cm from the centre of an 11 cm planet: in its 15 cm well
    a = ai.FleetAgent(random.Random(1)).choose(RULESET, st, "chaos")
    assert a == EnterLowOrbit(side="chaos", ship="m")


def test_when_every_enemy_is_in_low_orbit_a_ship_outside_the_well_heads_for_it():
    """Outside the well the hunter's move ends nearer the well (where low orbit is entered)."""
    st = _enemy_in_low_orbit((900, 1100))  # 50 cm from the centre: 24 cm outside the well
    a = ai.FleetAgent(random.Random(1)).choose(RULESET, st, "chaos")
    pl = plan_move(st, a)
    assert pl.ok
    x, y = pl.path[-1]
    assert math.hypot(x - 900, y - 600) < 500 - 50


@pytest.mark.parametrize("entered,leaves", [(4, True), (6, False)])
def test_a_crippled_ship_in_low_orbit_disengages_from_there_a_turn_later(entered, leaves):
    """spacefleet_core 1.6: a disengage test after the move, +3 for the phenomenon; a crippled
    ship gives the enemy 25% whether it disengages or stays, and enemies may follow it into low
    orbit. The agent tests once it has moved in a later game turn than the one it entered in
    (player turn 6 now; entered in turn 4: yes, in turn 6: no)."""
    st = _beside_the_planet(damage=5)
    lo = st.ships["l"]
    lo.zone, lo.x, lo.y, lo.heading, lo.moved = "low_orbit", 600.0, 500.0, 0.0, True
    lo.entered_low_orbit_turn = entered
    st.player_turns = 6
    a = ai.FleetAgent(random.Random(1)).choose(RULESET, st, "imperial")
    assert (a == Disengage(side="imperial", ship="l")) is leaves
    if leaves:
        events = play(st, a, faces=[3, 4])  # 7 against Ld 8 + 3
        assert st.ships["l"].status == "disengaged", events

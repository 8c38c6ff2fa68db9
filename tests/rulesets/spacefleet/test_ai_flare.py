"""The default space-fleet agent near a star: solar flares, torpedo lanes and
escort threat (flare_region weaknesses)."""

from __future__ import annotations

import random

from game.rulesets.spacefleet.ai import ai
from game.rulesets.spacefleet.actions import Launch
from game.rulesets.spacefleet.ai.ai import FleetAgent
from game.rulesets.spacefleet.state import BlastMarker
from game.rulesets.spacefleet.data import profile

from .helpers import ship, state


def _torpedo_weapon(pid: str) -> int:
    return next(i for i, w in enumerate(profile(pid).weapons) if w.kind == "torpedo")


def test_flare_risk__escort_touching_a_marker_is_at_risk_only_while_a_flare_may_come():
    sw = ship("sw", "sword", 800, 400, heading=90)
    st = state([sw, ship("foe", "murder", 800, 1100, heading=-90)], phase="movement",
               solar_flares=2, blast_markers=[BlastMarker(id=1, x=820, y=400)])
    touching = ai._flare_risk(st, sw, 800, 400)
    clear = ai._flare_risk(st, sw, 800, 250)
    assert touching > 10 and clear == 0.0
    st.flares_occurred = 1
    assert ai._flare_risk(st, sw, 800, 400) > 5  # the second flare may still come (1 in 6 a turn)
    st.flares_occurred = 2
    assert ai._flare_risk(st, sw, 800, 400) == 0.0


def test_flare_risk__a_neighbours_sunward_marker_is_no_risk():
    """The flare judges every ship before placing its markers (celestial
    phenomena, ours): sitting just sunward of another ship costs nothing."""
    a = ship("imp_a", "sword", 800, 400, heading=90)
    b = ship("imp_b", "sword", 800, 200, heading=90)
    st = state([a, b], phase="movement", solar_flares=1, sunward="north")
    assert ai._flare_risk(st, b, 800, 400 - 50) == 0.0


def test_torpedoes__not_launched_through_a_friendly_ship():
    g = ship("g", "gothic", 800, 300, heading=90)
    friend = ship("f", "sword", 800, 400, heading=90)
    foe = ship("m", "murder", 800, 700, heading=-90)
    st = state([g, friend, foe])
    agent = FleetAgent(random.Random(1))
    wi = _torpedo_weapon("gothic")
    blocked = agent._fire_value(st, g, Launch(side="imperial", ship="g", weapon=wi, heading=90.0))
    assert blocked == 0.0
    st.ships["f"].x = 600  # out of the lane
    assert agent._fire_value(st, g, Launch(side="imperial", ship="g", weapon=wi, heading=90.0)) > 0


def test_escort_respects_the_enemy_full_move_before_its_guns():
    """A 1-hit escort counts an enemy's whole move (not half) into its reach:
    just beyond guns-plus-half-a-move is not safe."""
    mp = profile("murder")
    reach = max(w.range_cm for w in mp.weapons if w.kind in ("battery", "lance")) * 10.0
    sw = ship("sw", "sword", 800, 100, heading=90)
    foe = ship("m", "murder", 800, 1100, heading=-90)
    st = state([sw, foe], phase="movement")
    agent = FleetAgent(random.Random(1))
    y_exposed = 1100 - (reach + mp.speed_cm * 10.0 * 0.75)
    y_safe = 1100 - (reach + mp.speed_cm * 10.0 + 20)
    exposed = agent._pos_value(st, sw, 800, y_exposed, 90.0, [(800, 100), (800, y_exposed)], None)
    safe = agent._pos_value(st, sw, 800, y_safe, 90.0, [(800, 100), (800, y_safe)], None)
    assert safe > exposed

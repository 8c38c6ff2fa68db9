"""Torpedoes and planets, and a salvo's repeat attacks (celestial
phenomena: planets; spacefleet_core 1.9)."""

from __future__ import annotations

import pytest

from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.actions import Launch
from game.rulesets.spacefleet.events import OrdnanceChanged, OrdnanceMoved, OrdnanceRemoved, TurnBegan
from game.rulesets.spacefleet.state import Ordnance

from .helpers import play, planet, ship, state


def test_torpedoes_launched_on_a_planet_fly_to_its_edge():
    """A Lunar in high orbit on a 11 cm planet launches its torpedoes east:
    the salvo crosses the template (attacking a Murder also on it) and is
    destroyed where its marker touches the edge, 11 - 1.25 cm from the centre,
    not at once."""
    p = planet("world", 900, 600, 110, size="medium")
    st = state([ship("l", "lunar", 900, 600), ship("m", "murder", 960, 600, side="chaos", braced=True)], [p])
    evs = play(st, Launch(side="imperial", ship="l", weapon=4, heading=0.0))
    assert any(isinstance(e, OrdnanceChanged) and e.attacked == "m" for e in evs)
    moved = [e for e in evs if isinstance(e, OrdnanceMoved)]
    assert moved[-1].x == pytest.approx(900 + 110 - 12.5, abs=0.01)
    gone = [e for e in evs if isinstance(e, OrdnanceRemoved)]
    assert gone and "planet" in gone[-1].why


def test_a_salvo_may_attack_a_ship_again_in_the_next_game_turn():
    """No salvo attacks the same ship twice in one full turn: its record of
    ships attacked is cleared when the next game turn begins, not before."""
    st = state([ship("l", "lunar", 500, 500), ship("m", "murder", 900, 500, side="chaos")],
               ordnance=[Ordnance(id=3, side="imperial", kind="torpedo", x=700, y=500, heading=0, strength=4,
                                  launcher="l", attacked=["m"])])
    RULESET.apply(st, TurnBegan(turn=1, side="chaos", player=1))
    assert st.ordnance[0].attacked == ["m"]
    RULESET.apply(st, TurnBegan(turn=2, side="imperial", player=0))
    assert st.ordnance[0].attacked == []

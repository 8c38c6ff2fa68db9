"""Solar flares (celestial phenomena): every ship is judged with or without
shields before the flare's markers go down, so ids decide nothing; the hit on
an unshielded ship may be braced against (spacefleet_core 1.4); each flare
generated occurs once a game (ours)."""

from __future__ import annotations

import pytest

from game.core.event import DiceRolled
from game.core.ruleset import RULES_SIDE
from game.rulesets.spacefleet.actions import Brace, RulesStep
from game.rulesets.spacefleet.events import FlareAttackDeclared, FlareOccurred, PhaseChanged
from game.rulesets.spacefleet.rules.phenomena import flare_hits, solar_flare

from .helpers import ctx, play, ship, state


@pytest.mark.parametrize("south,north", [("a", "b"), ("b", "a")])
def test_two_swords_in_contact_both_keep_their_shields_whatever_their_ids(south, north):
    """Sunward is north. Two Swords touch, one south of the other: the
    southern one's flare marker lands touching the northern one. Both are
    judged shielded first, so neither takes the flare's hit, in either id order."""
    st = state([ship(south, "sword", 500, 532, heading=0), ship(north, "sword", 500, 500, heading=0),
                ship("m", "murder", 1500, 1000)], sunward="north")
    c = ctx(st, [])
    solar_flare(c)
    flare_hits(c, lambda sh: False)
    assert c.s.flare_hits == [] and [e.bare for e in c.events if isinstance(e, FlareOccurred)] == [()]
    assert all(c.s.ships[x].status == "active" and c.s.ships[x].damage == 0 for x in ("a", "b"))
    assert len(c.s.blast_markers) == 3


def test_a_braced_unshielded_ship_saves_the_flares_hit():
    """spacefleet_core 1.4: Brace saves each point of damage reaching the hull
    on 4+, the flare's hit too; saved, there is no critical roll."""
    st = state([ship("l", "lunar", 500, 500, crits=["shields_collapse"], braced=True), ship("m", "murder", 1500, 1000)],
               sunward="north")
    c = ctx(st, [4])
    solar_flare(c)
    flare_hits(c, lambda sh: False)
    rolls = [e for e in c.events if isinstance(e, DiceRolled)]
    assert c.s.ships["l"].damage == 0 and len(rolls) == 1 and "braced" in rolls[0].purpose


def test_the_flare_opens_a_brace_window_before_its_hit():
    """At the start of the game turn the flare erupts (6); the unshielded
    Lunar's side is asked to brace before the hit; it braces (4) and saves
    the hit (5); the rules then go on to the movement phase."""
    st = state([ship("l", "lunar", 500, 500, crits=["shields_collapse"]), ship("m", "murder", 1500, 1000)],
               sunward="north", phase="start", active=RULES_SIDE, solar_flares=1)
    evs = play(st, RulesStep(side=RULES_SIDE), faces=[6])
    assert any(isinstance(e, FlareAttackDeclared) for e in evs)
    assert (st.phase, st.active, st.pending.target) == ("brace", "imperial", "l")
    play(st, Brace(side="imperial", ship="l"), faces=[2, 2, 5])
    assert st.ships["l"].braced and st.ships["l"].damage == 0 and st.phase == "flare"
    evs = play(st, RulesStep(side=RULES_SIDE))
    assert any(isinstance(e, PhaseChanged) and e.phase == "movement" for e in evs)


def test_each_generated_flare_occurs_once_a_game():
    """Two flares generated: after the first has occurred, the second is
    still rolled for (one D6) and may occur; then no more rolls."""
    st = state([ship("l", "lunar", 500, 500), ship("m", "murder", 1500, 1000)], sunward="north", phase="start",
               active=RULES_SIDE, solar_flares=2, flares_occurred=1)
    evs = play(st, RulesStep(side=RULES_SIDE), faces=[6])
    assert [e.purpose for e in evs if isinstance(e, DiceRolled)] == ["the second solar flare"]  # never "solar flare 2"
    assert st.flares_occurred == 2 and any(isinstance(e, FlareOccurred) for e in evs)
    st.phase, st.active = "start", RULES_SIDE
    evs = play(st, RulesStep(side=RULES_SIDE))
    assert not [e for e in evs if isinstance(e, DiceRolled) and "solar flare" in e.purpose]

"""Brace for Impact! against direct fire (spacefleet_core 1.4): the target's
side is asked before the attacker rolls; a failed test holds only against
that attacker."""

from __future__ import annotations

from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.actions import Brace, Fire
from game.rulesets.spacefleet.events import AttackDeclared, WeaponFired

from .helpers import play, ship, state


def test_direct_fire_opens_a_brace_window_before_any_dice():
    """A Murder's starboard batteries at a Lunar 20 cm abeam: AttackDeclared, the
    chaos turn pauses in the brace phase with imperial to answer, no Gunnery dice yet."""
    st = state([ship("m", "murder", 500, 500, heading=0, side="chaos"), ship("l", "lunar", 500, 700, heading=0)],
               active="chaos")
    evs = play(st, Fire(side="chaos", ship="m", weapon=1, target="l"))
    assert [type(e) for e in evs if isinstance(e, (AttackDeclared, WeaponFired))] == [AttackDeclared]
    assert (st.phase, st.active, st.pending.ship, st.pending.target) == ("brace", "imperial", "m", "l")
    assert RULESET.check(st, Brace(side="imperial", ship="l")).ok


def test_failed_brace_holds_against_that_attacker_only():
    """A Lunar that failed to brace against m is not asked again by m, but is by a second ship."""
    st = state([ship("m", "murder", 500, 500, heading=0, side="chaos"), ship("c", "carnage", 500, 900, heading=0, side="chaos"),
                ship("l", "lunar", 500, 700, heading=0, brace_failed_vs=["m"])], active="chaos", shooter="m")
    evs = play(st, Fire(side="chaos", ship="m", weapon=1, target="l"))
    assert not any(isinstance(e, AttackDeclared) for e in evs) and st.phase == "shooting"
    evs = play(st, Fire(side="chaos", ship="c", weapon=0, target="l"))
    assert any(isinstance(e, AttackDeclared) for e in evs) and st.phase == "brace"

"""Ramming (spacefleet_core 1.6): the Leadership test comes when the ram is
declared, before the All Ahead Full dice; the facing hit is where the
rammer's base first meets the target's, not where the rammer ends."""

from __future__ import annotations

from game.core.event import DiceRolled
from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.actions import DeclareOrder, MoveShip
from game.rulesets.spacefleet.events import OrderTaken

from .helpers import play, ship, state


def _rolls(evs):
    return [e for e in evs if isinstance(e, DiceRolled)]


def test_ram_test_is_taken_before_the_all_ahead_full_dice():
    """The command check, then the 2D6 ramming test (same size), then the 4D6."""
    st = state([ship("m", "murder", 500, 250, heading=90, side="chaos"), ship("l", "lunar", 500, 500, heading=-90)],
               phase="movement", active="chaos")
    evs = play(st, DeclareOrder(side="chaos", ship="m", order="all_ahead_full", ram="l"), faces=[1, 1, 2, 2, 1, 1, 1, 1])
    rolls = _rolls(evs)
    assert [r.notation for r in rolls] == ["2d6", "2d6", "4d6"]
    assert "command check" in rolls[0].purpose and "tries to ram" in rolls[1].purpose
    assert "extra distance" in rolls[2].purpose
    assert next(e for e in evs if isinstance(e, OrderTaken)).ram == "l" and st.ships["m"].ram_target == "l"


def test_head_on_ram_reads_the_front_armour_and_draws_the_full_reply():
    """A Murder rams a Lunar head-on and ends past it: its 8 dice need the
    Lunar's 6+ front armour, and the Lunar strikes back with all 8 starting
    hits (not the 5+ side armour and 4 dice read from where the Murder ends)."""
    st = state([ship("m", "murder", 500, 250, heading=90, side="chaos"), ship("l", "lunar", 500, 500, heading=-90)],
               phase="movement", active="chaos")
    play(st, DeclareOrder(side="chaos", ship="m", order="all_ahead_full", ram="l"), faces=[1, 1, 2, 2, 1, 1, 1, 1])
    assert st.ships["m"].aaf_extra_mm == 40.0  # 25 + 4 cm: 290 mm straight on, past the Lunar
    evs = play(st, MoveShip(side="chaos", ship="m", legs=((0.0, 290.0),), ram="l"))
    ram, reply = [r for r in _rolls(evs) if "a die per starting hit" in r.purpose]
    assert (ram.notation, ram.target.base, ram.target.label) == ("8d6", 6, "front armour")
    assert reply.notation == "8d6" and "head-on" in reply.purpose


def test_ram_from_the_side_halves_the_reply():
    """The worked example's geometry (a Lunar rams a Murder in the side): 4
    dice strike back against the rammer's front armour."""
    st = state([ship("l", "lunar", 500, 300, heading=90), ship("m", "murder", 500, 500, heading=0, side="chaos")],
               phase="movement")
    play(st, DeclareOrder(side="imperial", ship="l", order="all_ahead_full", ram="m"), faces=[1, 1, 1, 1, 1, 1, 1, 1])
    evs = play(st, MoveShip(side="imperial", ship="l", legs=((0.0, 240.0),), ram="m"))
    ram, reply = [r for r in _rolls(evs) if "a die per starting hit" in r.purpose]
    assert (ram.notation, ram.target.base) == ("8d6", 5) and (reply.notation, reply.target.base) == ("4d6", 6)


def test_a_ram_needs_its_test_passed_with_the_order():
    """Without a declared, passed ram the AAF move may not ram."""
    st = state([ship("l", "lunar", 500, 300, heading=90, order="all_ahead_full", aaf_extra_mm=40.0),
                ship("m", "murder", 500, 500, heading=0, side="chaos")], phase="movement")
    verdict = RULESET.check(st, MoveShip(side="imperial", ship="l", legs=((0.0, 240.0),), ram="m"))
    assert not verdict.ok and "declared with the All Ahead Full order" in verdict.reason

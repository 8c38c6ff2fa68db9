"""The space-fleet battle log names every part of a number (the battle log):
ships by class, Leadership and its modifiers, the Gunnery column and its
shifts, successes counted as successes, every turn of a move including the
free gravity-well turns, and a volley of no dice says so."""

from __future__ import annotations

from game.core.event import DiceRolled
from game.core.logtext import event_line
from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.actions import MoveShip
from game.rulesets.spacefleet.rules.common import ld_target
from game.rulesets.spacefleet.rules.movement import plan_move, resolve_move
from game.rulesets.spacefleet.names import ship_name
from game.rulesets.spacefleet.rules.shooting import resolve_attack

from .helpers import ctx, planet, ship, state


def _lines(c) -> list[str]:
    return [event_line(RULESET, ev) for ev in c.events]


def test_move__a_lunar_turning_135_degrees_shows_both_free_turns_and_its_own():
    """Celestial phenomena, gravity wells; spacefleet_core 1.6: a free 45-degree turn at the
    start, 10 cm, its one 45-degree turn, 10 cm, a free 45-degree turn at the end: the log
    names each turn, the planet giving the free ones, each leg and the heading east -> south-west
    (before, only the final heading was shown)."""
    st = state([ship("l", "lunar", 500, 500, heading=0)], [planet("p", 400, 550, 60, size="large")], phase="movement")
    st.features[0].name = "Hesperus"
    a = MoveShip(side="imperial", ship="l", pre_turn=45.0, legs=((0.0, 100.0), (45.0, 100.0)), post_turn=45.0)
    c = ctx(st)
    resolve_move(c, a, plan_move(st, a))
    assert _lines(c)[0] == (
        "The Lunar class cruiser moves 20 cm (a free gravity-well turn 45° to starboard toward the planet "
        "'Hesperus', 10 cm, turns 45° to starboard, 10 cm, a free gravity-well turn 45° to starboard at the "
        "end toward the planet 'Hesperus'), turning from east to south-west")


def test_leadership__bridge_smashed_radiation_and_the_cap_are_parts():
    """spacefleet_core 1.8 (Bridge Smashed -3), celestial phenomena (radiation burst -D6), 1.3
    (Ld at most 10 after modifiers): the target is itemised and adds up."""
    hurt = ship("l", "lunar", 500, 500, ld=10, crits=["bridge_smashed"])
    t = ld_target(state([hurt], radiation=2), hurt, [("enemy contacts", 1)])
    assert (t.value, t.parts()) == (6, "Leadership 10 -3 (bridge smashed) -2 (radiation burst) +1 (enemy contacts) = 6 or less")
    best = ship("b", "lunar", 500, 500, ld=10)
    t = ld_target(state([best]), best, [("enemy contacts", 1)])
    assert (t.value, t.parts()) == (10, "Leadership 10 +1 (enemy contacts) -1 (Leadership at most 10) = 10 or less")


def test_lances__successes_counted_not_summed():
    """spacefleet_core 1.7: lances hit on 4+ each; the roll shows the dice and the count."""
    st = state([ship("l", "lunar", 500, 500, heading=0), ship("m", "murder", 500, 700, heading=0)])
    c = ctx(st, [6, 1])
    resolve_attack(c, "l", 1, "m")
    lines = _lines(c)
    assert lines[0] == ("The Lunar class cruiser fires starboard lances at the Murder class cruiser: strength 2 = 2 dice: "
                        "2D6 [6, 1] vs lance score 4+: 1 success")
    assert lines[1] == "The Lunar class cruiser fires starboard lances at the Murder class cruiser: 2 dice, 1 hit"


def test_batteries__a_volley_of_no_dice_rolls_nothing_and_says_so():
    """spacefleet_core 1.7, 1.4: an Infidel's battery (firepower 2) halved on All Ahead Full is 1,
    and 1 on column D (a capital ship abeam) is no dice: nothing is rolled, and the log says
    "no dice rolled" with the reckoning (before, it read as a roll)."""
    st = state([ship("i", "infidel", 500, 500, heading=0, order="all_ahead_full"),
                ship("l", "lunar", 700, 500, heading=90)], active="chaos")
    c = ctx(st)
    resolve_attack(c, "i", 0, "l")
    assert not any(isinstance(e, DiceRolled) for e in c.events)
    assert _lines(c) == ["The Infidel class raider's battery at the Lunar class cruiser: no dice rolled (firepower 2, "
                         "halved (All Ahead Full) = 1 on column D (capital ship abeam) = 0 dice)"]


def test_names__a_class_alone_or_numbered_and_a_scenario_name():
    """Ships by name, never id: the class; a number when the battle has several of the class;
    the scenario's own name when it gives one."""
    st = state([ship("imp_sword1", "sword", 100, 100), ship("imp_sword2", "sword", 200, 100),
                ship("imp_lunar", "lunar", 300, 100), ship("x", "gothic", 400, 100, name="Fidelity")])
    assert [ship_name(st, s) for s in ("imp_sword1", "imp_sword2", "imp_lunar", "x")] == \
        ["Sword class frigate 1", "Sword class frigate 2", "Lunar class cruiser", "Gothic class cruiser 'Fidelity'"]

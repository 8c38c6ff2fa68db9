"""The order of shooting (spacefleet_core 1.5: direct fire ship by ship,
ordnance launched last), Brace for Impact! failures holding until the
attacking ship, squadron or wave has finished (core 1.4), split fire (core
1.7) and one catastrophic roll per attacking ship at a hulk (core 1.8)."""

from __future__ import annotations

from game.core.event import DiceRolled
from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.actions import Brace, Fire, Launch, TakeIt
from game.rulesets.spacefleet.data import tables
from game.rulesets.spacefleet.events import AttackDeclared, ShootingBegan, WeaponFired

from .helpers import play, ship, state


def fire(st, a, faces=(), filler=3):
    """Resolve ``a``; a Brace window it opens is answered with Take it."""
    evs = list(play(st, a, faces, filler=filler))
    if st.phase == "brace":
        evs += play(st, TakeIt(side=st.active), filler=filler)
    return evs


def test_ships_shoot_one_at_a_time__a_ship_that_has_finished_fires_no_more():
    """spacefleet_core 1.5: two Lunars, both with a Murder to starboard. The
    first fires its lances, the second begins and the first has finished: its
    starboard batteries may not fire now (A, B, A is refused)."""
    st = state([ship("l1", "lunar", 500, 500), ship("l2", "lunar", 700, 500),
                ship("m", "murder", 600, 700, side="chaos")])
    evs = fire(st, Fire(side="imperial", ship="l1", weapon=1, target="m"))
    assert [e.unit for e in evs if isinstance(e, ShootingBegan)] == ["l1"]
    evs = fire(st, Fire(side="imperial", ship="l2", weapon=1, target="m"))
    began = [e for e in evs if isinstance(e, ShootingBegan)]
    assert [(e.unit, e.previous) for e in began] == [("l2", "l1")]
    assert RULESET.describe(began[0]) == ("the Lunar class cruiser 2 begins its shooting; the Lunar class cruiser 1 "
                                          "has finished shooting")
    verdict = RULESET.check(st, Fire(side="imperial", ship="l1", weapon=3, target="m"))
    assert not verdict.ok and "finished its shooting" in verdict.reason
    assert RULESET.check(st, Fire(side="imperial", ship="l2", weapon=3, target="m")).ok


def test_ordnance_is_launched_last__no_guns_after_the_torpedoes():
    """spacefleet_core 1.5: a Lunar launches its prow torpedoes; its starboard
    batteries may not fire afterwards (they could before)."""
    st = state([ship("l", "lunar", 500, 500), ship("far", "murder", 1300, 500, side="chaos"),
                ship("m", "murder", 500, 700, side="chaos")])
    guns = Fire(side="imperial", ship="l", weapon=3, target="m")
    assert RULESET.check(st, guns).ok
    fire(st, Launch(side="imperial", ship="l", weapon=4, heading=0.0))
    verdict = RULESET.check(st, guns)
    assert not verdict.ok and "launched ordnance" in verdict.reason


def test_failed_brace_holds_against_the_whole_attacking_squadron():
    """spacefleet_core 1.4: a Murder fails to brace against the first Sword of
    a squadron; the second Sword of that squadron (still the same attacker)
    fires without a new Brace window."""
    st = state([ship("s1", "sword", 500, 500, squadron="sq"), ship("s2", "sword", 600, 500, squadron="sq"),
                ship("m", "murder", 550, 650, side="chaos")])
    evs = play(st, Fire(side="imperial", ship="s1", weapon=0, target="m"))
    assert any(isinstance(e, AttackDeclared) for e in evs) and st.phase == "brace"
    play(st, Brace(side="chaos", ship="m"), faces=[6, 6])  # 12 always fails
    assert st.ships["m"].brace_failed_vs == ["sq"] and not st.ships["m"].braced
    evs = play(st, Fire(side="imperial", ship="s2", weapon=0, target="m"))
    assert not any(isinstance(e, AttackDeclared) for e in evs)
    assert [e.ship for e in evs if isinstance(e, WeaponFired)] == ["s2"]


def test_failed_brace_lapses_when_the_attacker_has_finished():
    """spacefleet_core 1.4: once the attacking ship has finished shooting, a
    later attacker meets a target free to brace again."""
    st = state([ship("l1", "lunar", 500, 500), ship("l2", "lunar", 700, 500),
                ship("m", "murder", 600, 700, side="chaos")])
    play(st, Fire(side="imperial", ship="l1", weapon=1, target="m"))
    play(st, Brace(side="chaos", ship="m"), faces=[6, 6])
    assert st.ships["m"].brace_failed_vs == ["l1"]
    evs = play(st, Fire(side="imperial", ship="l2", weapon=1, target="m"))
    assert any(isinstance(e, AttackDeclared) for e in evs)
    assert st.ships["m"].brace_failed_vs == []


def test_split_fire__a_battery_splits_between_different_targets_after_halving():
    """spacefleet_core 1.7: a Murder's port batteries (FP 10) put 4 on one Lunar
    and the 6 left on another; each part is read on the Gunnery table on its
    own; the battery is then used up, and one part per target only."""
    st = state([ship("m", "murder", 600, 500, side="chaos"), ship("a", "lunar", 500, 300, heading=0),
                ship("b", "lunar", 700, 300, heading=0)], active="chaos", shooter="m")
    st.ships["a"].braced = st.ships["b"].braced = True  # no Brace windows
    twice = Fire(side="chaos", ship="m", weapon=0, target="a", fp=11)
    assert "has 10 firepower left" in RULESET.check(st, twice).reason
    evs = fire(st, Fire(side="chaos", ship="m", weapon=0, target="a", fp=4))
    shot = next(e for e in evs if isinstance(e, WeaponFired))
    rolls = [e for e in evs if isinstance(e, DiceRolled) and "fires port batteries" in e.purpose]
    # 20.6 cm, the Lunar abeam: column D; FP 4 on D is 1 die
    assert shot.fp == 4 and shot.dice == tables().gunnery.dice(4, 3) == 1
    assert "firepower 10, 4 of it at this target" in rolls[0].purpose
    assert 0 not in st.ships["m"].fired and st.ships["m"].split_fp == {0: 4}
    again = RULESET.check(st, Fire(side="chaos", ship="m", weapon=0, target="a", fp=2))
    assert not again.ok and "different targets" in again.reason
    evs = fire(st, Fire(side="chaos", ship="m", weapon=0, target="b"))
    shot = next(e for e in evs if isinstance(e, WeaponFired))
    assert shot.fp == 6 and shot.dice == tables().gunnery.dice(6, 3)
    assert 0 in st.ships["m"].fired


def test_split_fire__only_batteries_split():
    """spacefleet_core 1.7 speaks of firepower: a lance's strength is not split (ours)."""
    st = state([ship("m", "murder", 600, 500, heading=-90, side="chaos"), ship("a", "lunar", 600, 300)],
               active="chaos")
    verdict = RULESET.check(st, Fire(side="chaos", ship="m", weapon=2, target="a", fp=1))
    assert not verdict.ok and "only batteries split" in verdict.reason


def test_fire_at_a_hulk__one_catastrophic_roll_per_attacking_ship():
    """spacefleet_core 1.8: a Lunar hits a hulk with its lances, then with its
    batteries: the hulk rolls on the catastrophic table once for that ship."""
    st = state([ship("l", "lunar", 500, 500), ship("h", "murder", 500, 700, side="chaos", status="drifting_hulk"),
                ship("m", "murder", 1500, 500, side="chaos")])
    evs = fire(st, Fire(side="imperial", ship="l", weapon=1, target="h"), faces=[2, 2, 6, 6, 2, 2])
    evs += fire(st, Fire(side="imperial", ship="l", weapon=3, target="h"), faces=[6, 6, 6, 6], filler=6)
    hits = [e.hits for e in evs if isinstance(e, WeaponFired)]
    table = [e for e in evs if isinstance(e, DiceRolled) and "catastrophic damage table" in e.purpose]
    assert hits[0] == 2 and hits[1] >= 1 and len(table) == 1


def test_brace_test__a_braced_enemy_counts_for_enemy_contacts():
    """spacefleet_core 1.3-1.4: Enemy Contacts (+1) when an enemy ship is on a
    special order; Brace for Impact! is one of the orders, so a braced enemy
    counts for the command check to brace too (ours). The Murder's Ld 7 test
    to brace against the Lunar's lances reads 8 with the braced Sword."""
    st = state([ship("l", "lunar", 500, 500), ship("s", "sword", 300, 300, braced=True),
                ship("m", "murder", 500, 700, side="chaos", ld=7)])
    play(st, Fire(side="imperial", ship="l", weapon=1, target="m"))
    assert st.phase == "brace"
    evs = play(st, Brace(side="chaos", ship="m"), faces=[4, 4])
    test = next(e for e in evs if isinstance(e, DiceRolled) and "brace for impact" in e.purpose)
    assert test.target.value == 8 and ("enemy contacts", 1) in test.target.mods

"""A roll's target number, itemised (design: Randomness; the battle log): the
parts always add up, the outcome is decided once (``passed`` /
``successes``) and the one log formatter prints every part."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.dice import Dice
from game.core.event import DiceRolled, Logged, Target
from game.core.logtext import event_line, generic_text

SUPPRESSED_IN_COVER = Target(label="threat level", base=10, mods=(("suppressed", -2), ("obscured cover", -1)),
                             fail_on=(1,), words=("hit", "miss"))


def test_target__value_is_the_base_plus_every_modifier_and_the_parts_say_so():
    assert SUPPRESSED_IN_COVER.value == 7
    assert SUPPRESSED_IN_COVER.parts() == "threat level 10 -2 (suppressed) -1 (obscured cover) = 7"
    assert Target(label="Initiative", base=8).parts() == "Initiative 8"
    assert Target(label="Leadership", base=8, mods=(("under fire", -1),), at_most=True).parts() == \
        "Leadership 8 -1 (under fire) = 7 or less"
    assert Target(label="front armour", base=5, each=True).parts() == "front armour 5+"


def test_roll__the_issue_example_prints_every_part_and_the_outcome():
    """The roll the issue quotes: "avoids ... (needs 7)" hid TL 10, suppressed -2, obscured -1."""
    r = Dice.scripted([14]).roll("d20", "Sgt. Reyes fires at Fighter b0", [("accuracy", 1)], target=SUPPRESSED_IN_COVER)
    assert r.passed and r.total == 15
    assert r.describe() == ("Sgt. Reyes fires at Fighter b0: D20 roll 14 +1 (accuracy) = 15 vs threat level 10 "
                            "-2 (suppressed) -1 (obscured cover) = 7: hit")


def test_roll__a_natural_result_that_decides_against_the_numbers_is_named():
    easy = Target(label="threat level", base=2, fail_on=(1,), words=("hit", "miss"))
    r = Dice.scripted([1]).roll("d20", "shot", [("accuracy", 3)], target=easy)
    assert not r.passed and r.total == 4
    assert r.describe().endswith("vs threat level 2: miss (a natural 1 always fails)")
    plain = Dice.scripted([1]).roll("d20", "shot", target=Target(label="threat level", base=10, fail_on=(1,)))
    assert plain.describe().endswith("vs threat level 10: failed")  # would fail anyway: nothing to name


def test_roll__at_most_tests_and_eleven_twelve():
    """spacefleet_core 1.1: 2D6 at most Leadership; 11-12 always fail (a Leadership above 10 after modifiers)."""
    ld = Target(label="Leadership", base=8, mods=(("celestial phenomenon within 15 cm", 3),), at_most=True, fail_on=(11, 12))
    ok = Dice.scripted([5, 5]).roll("2d6", "disengage", target=ld)
    bad = Dice.scripted([5, 6]).roll("2d6", "disengage", target=ld)
    assert ok.passed and not bad.passed
    assert ok.describe() == "disengage: 2D6 [5, 5] = 10 vs Leadership 8 +3 (celestial phenomenon within 15 cm) = 11 or less: passed"
    assert bad.describe().endswith("= 11 or less: failed (a natural 11 always fails)")


def test_pool__counts_successes_and_prints_them_as_successes_not_a_sum():
    """The issue: "5d6 [6,3,1,2,3] = 15" for one hit; a pool counts the dice at the score."""
    r = Dice.scripted([6, 3, 1, 2, 3]).roll("5d6", "batteries", target=Target(label="front armour", base=5, each=True))
    assert r.successes == 1
    assert r.describe() == "batteries: 5D6 [6, 3, 1, 2, 3] vs front armour 5+: 1 success"
    two = Dice.scripted([6, 5]).roll("2d6", "lances", target=Target(label="lance score", base=4, each=True))
    assert two.describe() == "lances: 2D6 [6, 5] vs lance score 4+: 2 successes"


def test_roll__without_a_target_is_the_dice_alone():
    assert Dice.scripted([4]).roll("d6", "blast markers removed").describe() == "blast markers removed: D6 roll 4"
    assert Dice.scripted([3, 4]).roll("2d6", "critical hit table").describe() == "critical hit table: 2D6 [3, 4] = 7"
    r = Dice.scripted([4]).roll("d6", "bomber attack runs", [("turrets", -2)])
    assert r.describe() == "bomber attack runs: D6 roll 4 -2 (turrets) = 2"
    with pytest.raises(ValueError):
        r.passed  # noqa: B018 - a roll without a target has no outcome


def test_old_roll__recorded_without_a_target_still_loads_and_prints():
    """Replays of earlier versions: a roll event without ``target`` decodes (the field defaults to None)."""
    old = {"type": "dice_rolled", "purpose": "initiative of Sgt. Reyes (needs 7)", "notation": "1d20", "faces": [9],
           "natural": 9, "modifiers": [["cohesion", 1]], "total": 10, "side": "fireteam"}
    ev = DiceRolled.model_validate(old)
    assert ev.target is None and ev.describe() == "initiative of Sgt. Reyes (needs 7): D20 roll 9 +1 (cohesion) = 10"


@given(base=st.integers(-5, 25), mods=st.lists(st.tuples(st.sampled_from(["a", "b", "c"]), st.integers(-4, 4)), max_size=4),
       face=st.integers(1, 20), at_most=st.booleans())
def test_target__parts_add_up_and_passed_agrees_with_the_printed_numbers(base, mods, face, at_most):
    t = Target(label="x", base=base, mods=tuple(mods), at_most=at_most)
    r = Dice.scripted([face]).roll("d20", "p", target=t)
    assert t.value == base + sum(v for _, v in mods)
    assert r.passed == (face <= t.value if at_most else face >= t.value)
    assert r.describe().endswith(": passed" if r.passed else ": failed")


class _Quiet:
    """A ruleset that describes nothing (the log falls back to generic words)."""

    def describe(self, event):
        return ""


def test_event_line__one_formatter_for_rolls_and_a_fallback_for_the_rest():
    r = Dice.scripted([2]).roll("d6", "p", target=Target(label="on", base=4))
    assert event_line(_Quiet(), r) == "P: D6 roll 2 vs on 4: failed"  # the line starts with a capital
    assert event_line(_Quiet(), Logged(text="nothing happens")) == "Nothing happens"
    assert generic_text(Logged(text="nothing happens")) == "nothing happens"

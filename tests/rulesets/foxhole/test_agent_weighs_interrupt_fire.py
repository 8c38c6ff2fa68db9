"""The commander agent weighs the interrupt fire a move may draw (Foxhole,
Interrupt fire: one enemy element that sees the mover in the first half of
its move fires; suppressed or worse sends it back), by the rules' own
interrupt shot and modifiers; an unidentified marker near the first half
counts as a green section in ambush at close range, with half a chance to
fire (ours)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.rulesets.foxhole import RULESET
from game.rulesets.foxhole.ai import tactics as TC

from .helpers import YD, box, el, piece, state

PATH = [(100.0, 300.0), (300.0, 300.0)]


def sixths(o):
    return {k: Fraction(v).limit_denominator(6) for k, v in o.items()}


def test_a_regular_section_at_close_range_of_the_first_half():
    """Quality 2, close range +1, at a mover +1: d6 + 4 against a regular
    mover (suppressed at 7, reduced at 8, destroyed at 9)."""
    m = el("m", "red", 100, 300)
    f = el("f", "blue", 150, 300 - YD(150))
    s = RULESET.view(state([m, f]), "red")
    o = TC.interrupt_odds(s, s.elements["m"], PATH)
    assert sixths(o) == {"none": Fraction(2, 6), "suppressed": Fraction(1, 6), "reduced": Fraction(1, 6),
                         "destroyed": Fraction(2, 6)}


def test_an_element_that_sees_only_the_second_half_cannot_interrupt():
    m = el("m", "red", 100, 300)
    left = el("L", "blue", 100, 300 - YD(150))
    wall = piece("w", "buildings", box(60, 255, 200, 270), 12, True)
    s = RULESET.view(state([m, left], terrain=[wall]), "red")
    assert TC.interrupt_odds(s, s.elements["m"], PATH) is None


@pytest.mark.parametrize("off, expected", [(YD(150), {"none": 9, "suppressed": 1, "reduced": 1, "destroyed": 1}),
                                           (YD(250), None)])
def test_a_marker_within_close_range_of_the_first_half(off, expected):
    """A marker: a green section (1) at close range (+1) at a mover (+1): d6 + 3
    (3 in 6 no effect, 1 in 6 each of suppressed, reduced, destroyed), taken
    with half a chance (``MARKER_INTERRUPTS``: a marker may be a non-combatant
    or hold its fire), so 9/12 no effect and 1/12 each; beyond close range
    (200 yards) of the first half it does not count."""
    m = el("m", "red", 100, 300)
    h = el("h", "blue", 150, 300 - off, hidden="concealed", marker="1", fire_order="ambush")
    s = RULESET.view(state([m, h]), "red")
    marks = [e for e in s.elements.values() if e.side == "blue"]
    assert len(marks) == 1 and marks[0].kind == "unknown"  # the attacker sees a marker, not what it is
    o = TC.interrupt_odds(s, s.elements["m"], PATH)
    if expected is None:
        assert o is None
    else:
        assert {k: Fraction(v).limit_denominator(12) for k, v in o.items()} == \
            {k: Fraction(v, 12) for k, v in expected.items()}

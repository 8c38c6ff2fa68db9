"""Foxhole, Ranged Attacks on infantry: base modifiers by range, situation
modifiers, the +6 cap, and the results against each quality."""

from __future__ import annotations

import pytest

from game.rulesets.foxhole.rules.fire import Shot, attackers, modifiers, odds, result_of

from .helpers import YD, box, el, piece, state


def shot(name, q, close, fs=False, reduced=False):
    return Shot(name, name, q, close, fs, reduced, 50.0, False, "end", (0, 0))


@pytest.mark.parametrize("q,close,value", [(3, False, 3), (3, True, 4), (2, False, 2), (2, True, 3),
                                           (1, False, 1), (1, True, 2), (0, False, 0), (0, True, 1)])
def test_base_modifier__quality_long_and_quality_plus_one_close(q, close, value):
    """Base modifiers (ours, the reading of the garbled line): quality at long
    range, quality +1 at close range, never both."""
    assert shot("x", q, close).value == value


def test_situation_modifiers__each_and_the_cap():
    """+1 fire support, +1 moved, +1 non-tactically, +1 open; the sum capped at +6."""
    t = el("t", "blue", 300, 300)
    s = state([t], terrain=[piece("o", "open", box(250, 250, 350, 350))])
    mods = modifiers(s, t, [shot("MG", 2, True, fs=True), shot("rifles", 2, False)], True, True)
    assert mods == [("MG, close range, regular", 3), ("rifles, long range, regular", 2), ("fire support", 1),
                    ("target moved", 1), ("non-tactically", 1), ("in open ground", 1), ("at most +6", -3)]
    assert sum(v for _, v in mods) == 6


def test_situation_modifiers__dense_emplaced_and_reduced_attackers():
    """-1 no attacker at full strength, -1 dense terrain, -2 emplaced (dug in)."""
    t = el("t", "blue", 300, 300, dug_in=True)
    s = state([t], terrain=[piece("d", "dense", box(250, 250, 350, 350))])
    mods = modifiers(s, t, [shot("a", 2, False, reduced=True), shot("b", 1, True, reduced=True)], False, False)
    assert mods == [("a, long range, regular", 2), ("b, close range, green", 2), ("no attacker at full strength", -1),
                    ("in dense terrain", -1), ("emplaced", -2)]


def test_buildings__count_as_emplaced():
    """Emplaced: in trenches, bunkers or buildings."""
    t = el("t", "blue", 300, 300)
    s = state([t], terrain=[piece("b", "buildings", box(250, 250, 350, 350), 12, True)])
    assert ("emplaced", -2) in modifiers(s, t, [shot("a", 2, True)], False, False)


@pytest.mark.parametrize("quality,suppress,reduce,destroy", [(3, 8, 9, 10), (2, 7, 8, 9), (1, 6, 7, 8), (0, 5, 6, 7)])
def test_results__against_each_quality(quality, suppress, reduce, destroy):
    """Results: quality +5 suppressed, +6 reduced, +7 destroyed."""
    assert result_of(suppress - 1, quality) == "none"
    assert result_of(suppress, quality) == "suppressed"
    assert result_of(reduce, quality) == "reduced"
    assert result_of(destroy, quality) == "destroyed"
    assert result_of(destroy + 3, quality) == "destroyed"


@pytest.mark.parametrize("quality,expect", [
    (3, {"none": 1 / 6, "suppressed": 1 / 6, "reduced": 1 / 6, "destroyed": 3 / 6}),
    (2, {"none": 0.0, "suppressed": 1 / 6, "reduced": 1 / 6, "destroyed": 4 / 6}),
    (1, {"none": 0.0, "suppressed": 0.0, "reduced": 1 / 6, "destroyed": 5 / 6}),
    (0, {"none": 0.0, "suppressed": 0.0, "reduced": 0.0, "destroyed": 1.0}),
])
def test_capped_attack__odds_against_each_quality(quality, expect):
    """The most any attack gets, +6 (the cap), against each quality: 1D6 + 6."""
    got = odds(6, quality)
    assert got == pytest.approx(expect)


def test_all_capable_enemies__fire_as_one_attack():
    """Combat: every enemy element capable of attacking joins one attack;
    ranges 400 yards infantry, 600 fire support (Weapon Ranges)."""
    t = el("t", "red", 300, 500)
    near = el("n", "blue", 300, 500 - YD(150))           # close range (150 < 200 yards)
    far = el("f", "blue", 300 - YD(350), 500)           # long range
    mg = el("mg", "blue", 300 + YD(550), 500, kind="fire_support")  # fire support reaches 600
    out_of = el("o", "blue", 300, 500 - YD(450))        # beyond 400
    s = state([t, near, far, mg, out_of])
    got = {sh.firer: sh.close for sh in attackers(s, t, (t.x, t.y), [(t.x, t.y)], (t.x, t.y))}
    assert got == {"n": True, "f": False, "mg": False}

"""Grenades (ww2_skirmish: Grenades; Radius): a natural 1 to hit rolls on the
mishap table (1-2 in hand, 3-4 wild D6" throw in a random direction, 5-6 dud);
no grenade and weapon fire in one turn; the blast on real round bases."""

from __future__ import annotations

import pytest

from game.rulesets.ww2_skirmish import actions as A
from game.rulesets.ww2_skirmish.rules.grenades import in_blast

from .helpers import INCH, act, battle, refused

# a sergeant (T 2, W 2) with a Sten and one Mills bomb; a German squad 7" ahead (the long band, 6"-9")
SGT = ("r1", "british_sergeant", 600, 1000, 270)
AHEAD = ("b1", "german_rifle_squad", 600, 1000 - 7 * INCH - 25, 90)


def _throw(s):
    return A.Throw(side="red", unit="r1", target="b1.1", weapon="grenade")


def _texts(evs):
    return [getattr(e, "text", "") for e in evs]


@pytest.mark.parametrize("face", [1, 2])
def test_mishap_in_hand_bursts_on_the_thrower(face):
    """1 to hit, then 1-2: the blast is centred on the thrower; the grenade's
    wound roll (Cal 7 - T 2 - 1 AP = +4, capped at +3) wounds on 2+; D 3 removes him."""
    s = battle([SGT], [AHEAD])
    evs = act(s, _throw(s), [1, face, 2])
    rolls = [e for e in evs if e.type == "dice_rolled"]
    assert [r.natural for r in rolls] == [1, face, 2]
    assert rolls[2].target.value == 2
    assert not s.models["r1"].alive
    assert all(m.alive for m in s.models.values() if m.unit == "b1")
    assert s.units["r1"].consumables["grenade"] == 0


@pytest.mark.parametrize("face", [3, 4])
def test_mishap_wild_throw_travels_d6_inches_on_a_random_bearing(face):
    """3-4: D6" (here 4") at a D360 bearing (here 0: east) from the thrower: it
    bursts at (701.6, 1000) and catches a German model 3" beyond it, not the thrower 4" away."""
    side = ("b2", "german_feldwebel", 600 + 4 * INCH + 3 * INCH, 1000, 180)
    s = battle([SGT], [AHEAD, side])
    evs = act(s, _throw(s), [1, face, 4, 360, 6])
    assert any('spins away 4" at a bearing of 360 degrees' in t for t in _texts(evs))
    rolls = [e for e in evs if e.type == "dice_rolled"]
    assert [r.notation for r in rolls][:4] == ["1d6", "1d6", "1d6", "1d360"]
    assert not s.models["b2"].alive  # 6 to wound, 3 damage against W 2
    assert s.models["r1"].alive


@pytest.mark.parametrize("face", [5, 6])
def test_mishap_dud(face):
    s = battle([SGT], [AHEAD])
    evs = act(s, _throw(s), [1, face])
    assert any("a dud" in t for t in _texts(evs))
    assert all(m.alive for m in s.models.values())
    assert s.units["r1"].consumables["grenade"] == 0


def test_no_grenade_and_weapon_fire_in_one_turn():
    s = battle([SGT], [AHEAD])
    act(s, A.Shoot(side="red", unit="r1", target="b1", weapon="sten"), [1] * 8)
    assert "may not also throw a grenade" in refused(s, _throw(s))


def test_blast_reaches_real_bases():
    """Radius 3" (76.2 mm) about the point reaches a 25 mm base whose centre is within 88.7 mm."""
    s = battle([SGT], [("b1", "german_feldwebel", 600 + 88.6, 700, 90), ("b2", "german_leutnant", 600, 700 + 88.8, 90)])
    assert [m.id for m in in_blast(s, 600, 700, 3 * INCH)] == ["b1"]

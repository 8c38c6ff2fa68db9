"""Battlespace: Hit Points (a 3rd wound: -1 to all of the soldier's rolls), Night
Combat (-2 to all rolls but initiative) and Suppression Fire (-2 to all rolls):
a grenade's or a launcher round's attack roll is the thrower's roll and carries
them (README: whose rolls take the penalties)."""

from __future__ import annotations

from game.rulesets.battlespace.rules.combat import aoe_attack, aoe_polygon

from .helpers import battle, emitter, four


def _frag(s, thrower="s0", faces=(10,)):
    em = emitter(s, list(faces))
    t = em.s.figs["e"]
    aoe_attack(em, em.s.figs[thrower], "frag_grenade", aoe_polygon(t.x, t.y, 270.0, True))
    return [e for e in em.events if e.type == "dice_rolled"][0], em


def test_a_wounded_thrower_at_night_rolls_at_minus_3():
    """Reyes with 3 wounds, at night without goggles: his frag's roll against the Fighter (TL 10)
    is D20 -1 -2; 12 - 3 = 9 misses."""
    s = battle(four(gear=(("frag_grenade",), (), (), ())), [("e", "fighter", 457, 500, None)], features=(),
               special=("night",))
    s.figs["s0"].wounds = 3
    roll, em = _frag(s, faces=(12,))
    assert dict(roll.modifiers) == {"3rd wound": -1, "night": -2} and roll.total == 9 and not roll.passed
    assert em.s.figs["e"].status == "ok"


def test_a_thrower_with_goggles_and_no_wounds_rolls_plain():
    """Night vision goggles negate the night penalty (our gear card); no wound, no penalty: 12 hits."""
    s = battle(four(gear=(("frag_grenade", "nvg"), (), (), ())), [("e", "fighter", 457, 500, None)], features=(),
               special=("night",))
    roll, em = _frag(s, faces=(12,))
    assert roll.modifiers == () and roll.passed and em.s.figs["e"].status == "kia"

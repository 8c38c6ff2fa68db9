"""The wound roll (ww2_skirmish: Attacking): D6 + (caliber - toughness) + AP +
modifiers against 4+, the modifiers held within -3..+3, a natural 1 always
failing and a natural 6 always wounding; a 6 to hit adds +1 to wound."""

from __future__ import annotations

import pytest

from game.rulesets.ww2_skirmish.rules.attacks import plan_shot, resolve_attack, wound_chance, wound_target

from .helpers import battle, emitter


@pytest.mark.parametrize(("cal", "t", "ap", "mods", "need"), [
    (3, 2, 0, (), 3),                      # Lee Enfield (Cal 3) against a rifleman (T 2): 1 + 3 >= 4
    (2, 2, 0, (), 4),                      # Bayonet (Cal 2) against T 2: the bare 4+
    (3, 2, 1, (("side attack", 1),), 2),   # +1 +1 +1 = +3: 2+
    (7, 2, -1, (), 2),                     # the grenade: +5 -1 = +4, capped at +3: 1+ kept at 2+ (a 1 fails)
    (2, 6, 0, (), 6),                      # -4 capped at -3: 7+, a natural 6 still wounds
    (1, 7, 0, (("heavy cover", -1),), 6),  # -7 capped at -3
])
def test_wound_number_with_the_caps_and_automatic_results(cal, t, ap, mods, need):
    """ww2_skirmish: Attacking (the wound roll formula, the +-3 cap, 1s fail and 6s succeed)."""
    tgt = wound_target(cal, t, ap, mods)
    assert tgt.value == need
    assert tgt.meets(need) and not tgt.meets(need - 1)


def test_cap_is_labelled_in_the_itemised_number():
    """The log shows the cap as its own line: +4 becomes +3."""
    tgt = wound_target(7, 2, -1)
    labels = [k for k, _ in tgt.mods]
    assert "modifiers capped at +3" in labels
    assert "a natural 1 always fails" in labels
    assert wound_chance(tgt) == pytest.approx(5 / 6)
    assert wound_chance(wound_target(2, 6, 0)) == pytest.approx(1 / 6)


def test_rifle_volley_scripted_dice_wound_on_3_and_a_six_adds_one():
    """Four Lee Enfields at a German squad 10" away in the open, front arc: long
    band (-1) so 5+ to hit; hits of 5 and 6; the 6 wounds on 2+, the 5 on 3+."""
    s = battle([("r1", "british_rifle_section", 600, 800, 270)],
               [("b1", "german_rifle_squad", 600, 800 - 10 * 25.4 - 25.0, 90)])
    plan = plan_shot(s, s.units["r1"], s.units["b1"], "lee_enfield")
    assert plan.ok and plan.direction == "front"
    assert sum(sh.dice for sh in plan.shots) == 4
    assert all(sh.band == "long" for sh in plan.shots)
    # to hit: 5, 6, 4, 1 -> two hits (the 6 with +1 to wound); to wound: the 5's pool [2] fails at 3+,
    # the 6's pool [2] wounds at 2+
    em = emitter(s, [5, 6, 4, 1, 2, 2])
    removed = resolve_attack(em, plan)
    rolls = [e for e in em.events if e.type == "dice_rolled"]
    assert [(r.faces, r.target.value) for r in rolls] == [((5, 6, 4, 1), 5), ((2,), 3), ((2,), 2)]
    assert removed == 1
    assert sum(1 for m in em.s.models.values() if m.unit == "b1" and not m.alive) == 1

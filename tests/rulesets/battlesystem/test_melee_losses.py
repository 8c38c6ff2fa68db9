"""Melee: who fights ([8.1]), the attack rating ([8.3] Table 10), simultaneous losses
([8.0], [8.4] G), killed and wounded figures ([8.7]) with the text's examples."""

from __future__ import annotations

from game.rulesets.battlesystem.events import Attack, Casualties
from game.rulesets.battlesystem.rules.melee import apply_damage, consolidate_wounds, eligible, melee_ar, resolve_melee

from .helpers import emitter, make_state, unit


def _facing(a_profile="orc_blades", a_n=10, a_files=10, b_profile="valmark_swords", b_n=10, b_files=10, **kw):
    """A (facing east) and B (facing west) front to front at x = 300."""
    return make_state(unit("A", "a", a_profile, 300.0, 300.0, 0.0, a_n, a_files, kw.get("a_form")),
                      unit("B", "b", b_profile, 300.0, 300.0, 180.0, b_n, b_files, kw.get("b_form")))


def test_killed_and_wounded__worked_examples():
    """Battlesystem [8.7]: ten orc figures (10 HD each): 30 HD kill 3; 35 HD kill 3 and wound one
    (5 is a quarter or more of 10); 31 HD kill 3 and the 1 left over is disregarded."""
    for dmg, killed, wound in ((30, 3, False), (35, 3, True), (31, 3, False)):
        em2 = emitter(_facing(b_profile="orc_spears"))
        k, w = apply_damage(em2, em2.unit("B"), dmg, "test")
        assert (k, w) == (killed, wound)
        assert em2.unit("B").figures == 10 - killed and em2.unit("B").wounded == (1 if wound else 0)


def test_two_wounds__one_figure_removed_the_other_healed():
    """Battlesystem [8.7] example: 3 killed and 1 wounded before; 25 HD more kill 2 and wound a
    second figure; at the end of the melee phase one of the two is removed, the other healed:
    4 figures left, none wounded."""
    s = _facing(b_profile="orc_spears")
    em = emitter(s)
    apply_damage(em, em.unit("B"), 35, "first melee")
    assert (em.unit("B").figures, em.unit("B").wounded) == (7, 1)
    apply_damage(em, em.unit("B"), 25, "second melee")
    assert (em.unit("B").figures, em.unit("B").wounded) == (5, 2)
    consolidate_wounds(em)
    assert (em.unit("B").figures, em.unit("B").wounded) == (4, 0)


def test_eligible__closed_adds_one_figure_each_side():
    """Battlesystem [8.1]: the figures touching the enemy fight; in closed formation one more to
    the left and one to the right of the enemy's figures."""
    s = _facing(b_n=4, b_files=4)
    n, parts, figs = eligible(s, s.units["A"], s.units["B"])
    assert n == 6 and figs == [2, 3, 4, 5, 6, 7]
    s = _facing(b_n=4, b_files=4, a_form="open")
    n, _, _ = eligible(s, s.units["A"], s.units["B"])
    assert n < 6


def test_eligible__pikes_two_ranks_spears_one():
    """Battlesystem [8.1]: pikes in closed formation add an attack for each figure in the two
    ranks behind those fighting; spears, pole arms and halberds one rank."""
    s = _facing(a_profile="hobgoblin_pikes", a_n=16, a_files=4, b_n=4, b_files=4)
    n, parts, _ = eligible(s, s.units["A"], s.units["B"])
    assert n == 4 + 4 + 4
    s = _facing(a_profile="orc_spears", a_n=16, a_files=4, b_n=4, b_files=4)
    n, _, _ = eligible(s, s.units["A"], s.units["B"])
    assert n == 4 + 4


def test_attack_rating_modifiers__table_10():
    """Battlesystem [8.3] Table 10: open formation +1; the commander fighting with the unit -1;
    orcs in daylight +1 (the text's AD&D example)."""
    from .helpers import person
    s = make_state(unit("A", "a", "orc_blades", 300.0, 300.0, 0.0, 10, 10, "open"),
                   unit("B", "b", "valmark_swords", 300.0, 300.0, 180.0, 10, 10),
                   person("boss", "a", "orc_boss", 300.0, 300.0, 0.0, "unit_commander", "A"))
    base, mods = melee_ar(s, s.units["A"], s.units["B"])
    assert base == 19
    assert dict(mods) == {"open formation": 1, "commander fights with the unit": -1, "daylight": 1}


def test_melee_is_simultaneous_and_reads_the_crt():
    """Battlesystem [8.0], [8.4]: both sides attack on the units as they stood; losses go after.
    The orcs (AR 19, +1 out of command, +1 daylight) against the men's AC 4 (chain and shield)
    with 7 on 2d6: attack roll 24, D8 column 2 HD a figure, ten figures 20 HD: two men killed.
    The men (AR 21, +1 out of command) against AC 6 with 12: roll 28 reads the last row, 1 HD a
    figure, 10 HD: one orc killed - all ten men strike, though two are already 'dead'."""
    s = _facing()
    em = emitter(s, [3, 4, 6, 6, 1, 1, 1, 1])
    resolve_melee(em, "A", "B", {})
    atk = [e for e in em.events if isinstance(e, Attack)]
    assert [(a.attacker, a.attack_roll, a.per_figure, a.figures, a.damage) for a in atk] == [
        ("A", 19 + 2 - 4 + 7, 2, 10, 20), ("B", 21 + 1 - 6 + 12, 1, 10, 10)]
    cas = {e.unit: e.killed for e in em.events if isinstance(e, Casualties)}
    assert cas == {"B": 2, "A": 1}


def test_open_order_losses__one_inch_of_movement_a_figure_to_fill_the_gaps():
    """Battlesystem [7.3]: a unit in open formation that loses figures pays 1" of its movement
    for each figure moved up to fill the gaps (in closed order the rear fills them free, [7.2]):
    30 HD on open orcs kill 3 figures and use 3"."""
    em = emitter(_facing(b_profile="orc_spears", b_form="open"))
    apply_damage(em, em.unit("B"), 30, "test")
    assert em.unit("B").figures == 7 and abs(em.unit("B").moved - 3 * 25.4) < 1e-9
    em = emitter(_facing(b_profile="orc_spears"))
    apply_damage(em, em.unit("B"), 30, "test")
    assert em.unit("B").figures == 7 and em.unit("B").moved == 0.0

"""The combat results table built from gaps.md's formula ([8.4] D), dice conversions with
wrapping column shifts ([8.5]) and multiple attacks ([8.6]); the text's examples."""

from __future__ import annotations

import pytest

from game.rulesets.battlesystem.rules import crt

#: gaps.md's printed table, row by row (D2 .. D20)
GAPS = {
    9: [3, 4, 5, 7, 10, 12, 14, 16, 18, 20, 22], 10: [3, 4, 5, 7, 9, 11, 13, 15, 17, 19, 21],
    11: [3, 4, 5, 7, 9, 10, 12, 14, 16, 18, 20], 12: [3, 4, 4, 6, 8, 10, 12, 13, 15, 17, 19],
    13: [3, 3, 4, 6, 8, 9, 11, 13, 14, 16, 18], 14: [2, 3, 4, 5, 7, 9, 10, 12, 13, 15, 16],
    15: [2, 3, 4, 5, 7, 8, 9, 11, 12, 14, 15], 16: [2, 3, 3, 5, 6, 7, 9, 10, 11, 13, 14],
    17: [2, 2, 3, 4, 6, 7, 8, 9, 10, 12, 13], 18: [2, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12],
    19: [2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 20: [1, 2, 2, 3, 4, 5, 6, 7, 8, 8, 9],
    21: [1, 2, 2, 3, 4, 4, 5, 6, 7, 7, 8], 22: [1, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7],
    23: [1, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6], 24: [1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5],
    25: [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4], 26: [0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2],
    27: [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1],
}


def test_crt__every_cell_of_gaps_table():
    """gaps.md (Battlesystem CRT): the table built from the formula in data equals the printed one."""
    assert crt.COLUMNS == ("D2", "D3", "D4", "D6", "D8", "D10", "D12", "D14", "D16", "D18", "D20")
    for roll, cells in GAPS.items():
        assert list(crt.row(roll)) == cells, roll
    assert list(crt.row(3)) == GAPS[9] and list(crt.row(40)) == GAPS[27]


def test_melee_procedure__worked_example_60_hit_dice():
    """Battlesystem [8.4] example: AR 17 against AC 8 is 9, plus 7 on 2d6 is an attack roll of
    16; longswords (D8) read 6 hit dice a figure; ten figures do 60 HD."""
    roll = 17 - 8 + 7
    per, _ = crt.hits(roll, ["d8"])
    assert (roll, per, per * 10) == (16, 6, 60)


@pytest.mark.parametrize("damage,column,wraps", [("d6+1", "D8", 0), ("d12+4", "D20", 0), ("d20+3", "D4", 1),
                                                  ("d20-3", "D14", 0), ("d6-4", "D2", 0)])
def test_dice_conversions__examples(damage, column, wraps):
    """Battlesystem [8.5] examples: D6+1 on D8; D12+4 on D20; D20+3 wraps to D20 + D4; D20-3 on
    D14; D6-4 stops at D2."""
    r = crt.read(16, damage)
    assert (r.column, r.wraps) == (column, wraps)


def test_dice_conversions__wrap_adds_the_d20_result():
    """Battlesystem [8.5]: past D20 the D20 result is added: D20+3 at 16 is D20 (14) + D4 (3)."""
    assert crt.read(16, "d20+3").total == 14 + 3


def test_dice_conversions__text_examples_that_contradict_the_procedure():
    """Battlesystem [8.5]: the text reads D8+11 as D20 + D12 and D10+40 as 4 x D20 + D8, but
    its own procedure (one column per plus over eleven columns) gives D20 + D8 and 4 x D20 + D3;
    we follow the procedure (README, Deviations)."""
    r = crt.read(16, "d8+11")
    assert (r.column, r.wraps) == ("D8", 1)
    r = crt.read(16, "d10+40")
    assert (r.column, r.wraps) == ("D3", 4)
    assert r.total == 4 * 14 + 3


def test_several_dice_multiply_the_column():
    """Battlesystem [8.5] example: 2D8 with 6 in the D8 column is 12 HD a figure."""
    assert crt.read(16, "2d8").total == 12


def test_multiple_attacks_add_on_one_roll():
    """Battlesystem [8.6]: a weretiger's D4/D4/D12 on one attack roll adds the three columns."""
    per, rs = crt.hits(16, ["d4", "d4", "d12"])
    assert per == 3 + 3 + 9 and [r.column for r in rs] == ["D4", "D4", "D12"]


def test_multiple_attacks__a_seventh_level_fighter_three_every_two_rounds_seven_at_weak_foes():
    """Battlesystem [8.6] example: a 7th-level fighter has 3 attacks every 2 melee rounds (here
    1, 2, 1, 2), and 7 a round against creatures under 1 HD or 0-level men; a 5th-level paladin
    1; a 13th-level fighter 2; monsters 1."""
    from game.rulesets.battlesystem.profiles import DATA
    from game.rulesets.battlesystem.rules.ratings import attacks_in_round, weak
    aldric = DATA.characters["aldric"]
    assert [attacks_in_round(aldric, False, k) for k in (1, 2, 3, 4)] == [1, 2, 1, 2]
    assert attacks_in_round(aldric, True, 1) == 7
    assert attacks_in_round(DATA.characters["bertrand"], False, 2) == 1
    assert attacks_in_round(aldric.model_copy(update={"level": 13}), False, 1) == 2
    assert attacks_in_round(DATA.characters["orc_chief"], True, 1) == 1
    assert [weak(DATA.units[k]) for k in ("goblin_slingers", "orc_blades", "valmark_spears", "valmark_levy",
                                          "valmark_horse")] == [True, False, True, True, False]


def test_multiple_attacks__a_hero_reads_every_attack_on_one_roll():
    """Battlesystem [8.6], [9.4] A: Lord Aldric's seven attacks on a goblin figure use one attack
    roll: seven D8 readings added."""
    from game.rulesets.battlesystem.events import Attack
    from game.rulesets.battlesystem.rules.individuals import hero_vs_unit

    from .helpers import at_step, emitter, make_state, person, unit
    s = make_state(person("h", "a", "aldric", 600.0, 500.0 - 12.7 / 2, 270.0, "hero"),
                   unit("t", "b", "goblin_slingers", 600.0, 500.0 - 12.7, 90.0, 10, 10))
    em = emitter(at_step(s, "melee", "rules"), [6, 6, 3, 4])
    hero_vs_unit(em, em.s.chars["h"], em.s.units["t"])
    a2 = [e for e in em.events if isinstance(e, Attack)][1]
    assert len(a2.readings) == 7 and all(r.startswith("d8: D8") for r in a2.readings)
    assert a2.per_figure == 7 * crt.read(a2.attack_roll, "d8").total

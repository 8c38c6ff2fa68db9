"""Battlesystem [16.3] Table 18: the point-cost examples of the text, with their exact values."""

from __future__ import annotations

import pytest

from game.rulesets.battlesystem.rules.points import (CharacterLine, ClassLevel, Item, MonsterLine, Roster, Scroll,
                                                       UnitLine, class_points, item_points, line_cost, points_data,
                                                       roster_cost)


def _cl(cls: str, level: int) -> ClassLevel:
    return ClassLevel(**{"class": cls, "level": level})


def test_character_types__one_percent_of_the_top_xp_of_the_level():
    """[16.3] Table 18: an 18th level fighter tops out at 2,750,000 XP and costs 27,500 points;
    an 18th level magic-user at 3,375,000 XP costs 33,750, and casts 139 spell levels."""
    f = class_points("fighter", 18)
    mu = class_points("magic_user", 18)
    assert (f.basis, f.points) == ("2,750,000 XP", 27500)
    assert (mu.basis, mu.points) == ("3,375,000 XP", 33750)
    assert points_data().classes["magic_user"].spell_levels(18) == 139


def test_magic_items__half_their_xp_value():
    """[16.3] Table 18: chain mail +3 1,000; shield +1 125; sword of dancing 2,200; wand of fire
    2,250; ring of invisibility 750."""
    got = {k: item_points(k).points for k in ("chain_mail_3", "shield_1", "sword_of_dancing", "wand_of_fire",
                                               "ring_of_invisibility")}
    assert got == {"chain_mail_3": 1000, "shield_1": 125, "sword_of_dancing": 2200, "wand_of_fire": 2250,
                   "ring_of_invisibility": 750}


def test_the_fighter_magic_user_example_totals_75775():
    """[16.3] the 18th level fighter/magic-user with his gear and a scroll of five 5th level
    spells: 27,500 + 33,750 + 6,950 + 1,000 + 125 + 2,200 + 2,250 + 750 + 1,250 = 75,775."""
    line = CharacterLine(classes=[_cl("fighter", 18), _cl("magic_user", 18)],
                         items=["chain_mail_3", "shield_1", "sword_of_dancing", "wand_of_fire", "ring_of_invisibility"],
                         scrolls=[Scroll(spell_level=5, spells=5)])
    total, parts = line_cost(line)
    assert [p.points for p in parts] == [27500, 33750, 6950, 1000, 125, 2200, 2250, 750, 1250]
    assert total == 75775


def test_troops_and_monsters_of_the_examples():
    """[16.3]: 100 ghouls 6,500; 100 1st level fighters with swords +1 22,000; an iron golem
    14,550; a lich casting as an 18th level magic-user 17,450; an efreeti 4,450."""
    assert line_cost(MonsterLine(creature="ghoul", count=100))[0] == 6500
    assert line_cost(CharacterLine(classes=[_cl("fighter", 1)], items=["sword_1"], count=100))[0] == 22000
    assert line_cost(MonsterLine(creature="iron_golem"))[0] == 14550
    assert line_cost(MonsterLine(creature="lich", casts_as=_cl("magic_user", 18)))[0] == 17450
    efreeti = MonsterLine(creature="efreeti", spell_levels=27, highest_spell=9, wishes=3, innate_levels=14,
                          items=["potion_of_gaseous_form"], improved_levels=3)
    total, parts = line_cost(efreeti)
    assert [p.points for p in parts] == [1950, 1350, 700, 300, 150]
    assert total == 4450
    r = Roster(name="examples", lines=[MonsterLine(creature="ghoul", count=100), MonsterLine(creature="iron_golem")])
    assert roster_cost(r) == 21050


def test_charged_items_with_spells_above_third_level_pay_per_charge(monkeypatch):
    """[16.3] Table 18: an item with charges and spells above 3rd level also pays 50 points a
    spell level for each charge; at 3rd level or below it does not."""
    d = points_data()
    monkeypatch.setitem(d.items, "test_wand", Item(name="test wand", xp=1000, spell_level=4, charges=10))
    monkeypatch.setitem(d.items, "test_wand3", Item(name="test wand 3", xp=1000, spell_level=3, charges=10))
    assert item_points("test_wand").points == 500 + 10 * 4 * 50
    assert item_points("test_wand3").points == 500


def test_monsters__the_higher_of_official_and_calculated_xp(monkeypatch):
    """[16.3]: use the DMG method's value when it is higher than the official one."""
    from game.rulesets.battlesystem.rules.points import Monster
    d = points_data()
    monkeypatch.setitem(d.monsters, "test_beast", Monster(name="beast", xp=100, calculated_xp=130))
    assert line_cost(MonsterLine(creature="test_beast", count=2))[0] == 260


def test_a_troop_unit_costs_its_creatures_by_table_1():
    """[16.3] with [2.2]: a unit of 16 figures of men-at-arms (10 men a figure) is 160 men at
    their XP value; mounts pay their own."""
    assert line_cost(UnitLine(profile="valmark_spears", figures=16))[0] == 160 * 10
    total, parts = line_cost(UnitLine(profile="valmark_horse", figures=10))
    from game.rulesets.battlesystem.profiles import DATA
    from game.rulesets.battlesystem.rules.ratings import unit_ratio
    n = 10 * unit_ratio(DATA.units["valmark_horse"])
    assert total == n * sum(p.points for p in parts)
    assert len(parts) == 2


@pytest.mark.parametrize("bad", [{"name": "x", "lines": []}, {"name": "x", "lines": [{"kind": "monster", "creature": "orc", "count": 0}]}])
def test_bad_rosters_are_refused(bad):
    with pytest.raises(ValueError):
        Roster.model_validate(bad)

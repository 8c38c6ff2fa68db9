"""Roster ratings derived from the data files ([2.2], [2.3], [3.1], [4.1], [4.6], [4.8], [4.9],
[8.3], [11.2]); the text's worked examples with their exact values."""

from __future__ import annotations

import math

import pytest

from game.data.errors import FileError
from game.rulesets.battlesystem.profiles import DATA, Data
from game.rulesets.battlesystem.rules import ratings as R


def test_base_morale__orc_example_is_12():
    """Battlesystem [4.1] example 1: twelve 1 HD orc figures, leather (AC 8), longswords +1:
    11 + 1 (magic) - 1 (AC 8) + 1 (regular) = 12 (gaps.md's restored rows)."""
    p = DATA.units["example_orcs"]
    parts = R.morale_parts(p, 12)
    assert sum(v for _, v in parts) == 12
    assert dict(parts) == {"initial": 11, "magic equipment": 1, "AC 8": -1, "regular": 1}


def test_base_morale__hill_giant_example_is_13():
    """Battlesystem [4.1] example 2: six skirmishing 9 HD hill giants with potions:
    11 + 2 (9 HD) + 1 (magic) - 2 (six figures) + 1 (AC 4) = 13."""
    p = DATA.units["example_hill_giants"]
    parts = R.morale_parts(p, 6)
    assert sum(v for _, v in parts) == 13
    assert dict(parts) == {"initial": 11, "9 HD": 2, "magic equipment": 1, "6 figures": -2, "AC 4": 1}


@pytest.mark.parametrize("hd,plus,ratio", [(1, 0, 10), (4, 0, 10), (4, 1, 5), (8, 2, 5), (9, 0, 2), (20, 0, 2), (0.5, 0, 10)])
def test_figure_ratio__table_1(hd, plus, ratio):
    """Battlesystem [2.2] Table 1: below 4+1 HD 10:1, 4+ to 8+ 5:1, 9 or more 2:1."""
    assert R.ratio_for_hd(R.hd_value(hd, plus)) == ratio


@pytest.mark.parametrize("hd,plus,mod", [(0.5, 0, -2), (1, -1, -1), (1, 0, 0), (4, 1, 1), (8, 2, 1), (9, 0, 2),
                                         (14, 3, 2), (15, 0, 3)])
def test_morale_hit_dice_rows__table_3(hd, plus, mod):
    """Battlesystem [4.1] Table 3: the hit-dice rows (1-1 is 'more than 1/2 but less than 1')."""
    assert R.hd_band(R.hd_value(hd, plus)) == mod


@pytest.mark.parametrize("profile,side", [("orc_blades", (19.05, 19.05)), ("gnoll_pack", (25.4, 25.4)),
                                          ("valmark_horse", (19.05, 38.1)), ("dwarf_axes", (19.05, 19.05))])
def test_base_sizes__table_2(profile, side):
    """Battlesystem [2.3] Table 2: M 3/4", L 1", cavalry 3/4" x 1 1/2"; dwarves on 3/4" bases."""
    from game.rulesets.battlesystem.formation import base_size_of
    assert base_size_of(profile) == pytest.approx(side)


def test_attack_rating__thac0_plus_ratio_adjustment():
    """Battlesystem [8.3] Table 9: AR = THAC0 (less a magic weapon's plus) + the ratio's
    adjustment: orcs 19 + 0; the example orcs' +1 swords 18; 9 HD giants at 5:1 12 + 5 = 17."""
    assert R.rate(DATA.units["orc_blades"], 20).ar == 19
    assert R.rate(DATA.units["example_orcs"], 12).ar == 18
    assert R.rate(DATA.units["example_hill_giants"], 6).ar == 17
    assert DATA.tables.ratio_adjustment["1"] == 15


def test_discipline__table_6_on_base_morale():
    """Battlesystem [4.6] Table 6: base morale's factors, then intelligence and alignment:
    gnolls (low intelligence, chaotic) 12 - 1 - 1 = 10; Valmark men (lawful) 13 + 1 = 14."""
    assert R.rate(DATA.units["gnoll_pack"], 12).discipline == 10
    assert R.rate(DATA.units["valmark_spears"], 16).discipline == 14


def test_cavalry_rating__rider_and_mount():
    """Battlesystem [11.2]: AR the rider's, HD the two averaged and rounded up, AC the poorer,
    MV the mount's, damage both: a man (1 HD, AC 4 with chain and shield) on a medium war horse
    (2+2 HD, AC 7, 18") fights at AR 21, 2 HD (20 a figure), AC 7, 18", lance and hooves."""
    r = R.rate(DATA.units["valmark_horse"], 8)
    assert (r.ar, r.hd, r.hd_per_figure, r.ac, r.mv) == (21, 2.0, 20.0, 7, 18.0)
    assert R.damage(DATA.units["valmark_horse"], "M") == ["d6+1", "2d6"]


def test_command_radius__charisma_level_and_monsters():
    """Battlesystem [4.8]: (charisma + level) / 2, +3" for fighters; 2/3 of a monster's move."""
    assert R.command_radius_in(DATA.characters["aldric"]) == (17 + 7) / 2 + 3
    assert R.command_radius_in(DATA.characters["elf_captain"]) == (15 + 4) / 2 + 3  # a ranger is a fighter
    assert math.isclose(R.command_radius_in(DATA.characters["orc_chief"]), 6.0)


@pytest.mark.parametrize("cha,mod", [(25, 3), (19, 3), (18, 2), (17, 2), (16, 1), (15, 1), (14, 0), (7, 0), (6, -1),
                                     (5, -1), (4, -2), (3, -2), (2, -3)])
def test_charisma_bonus__table_8(cha, mod):
    """Battlesystem [4.9] Table 8."""
    assert R.charisma_bonus(cha) == mod


def test_thac0__classes_and_monsters():
    """AD&D 1st edition (adnd.toml): a 7th-level fighter 14, less his +1 sword 13; a 2 HD
    monster 16; men-at-arms fight as level 0 (21)."""
    assert R.character_thac0(DATA.characters["aldric"]) == 13
    assert R.character_thac0(DATA.characters["orc_chief"]) == 16
    assert R.rate(DATA.units["valmark_spears"], 16).thac0 == 21


def test_bad_roster_file_names_the_entry(tmp_path):
    """A roster entry naming an unknown weapon fails at load with one line naming the file,
    the entry and the reason."""
    import shutil
    for f in DATA.folder.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    text = (tmp_path / "rosters.toml").read_text().replace('weapon = "spear"', 'weapon = "laser"', 1)
    (tmp_path / "rosters.toml").write_text(text)
    with pytest.raises(FileError) as e:
        Data(tmp_path)
    assert "rosters.toml" in str(e.value) and "units.valmark_spears.weapon" in str(e.value) and "laser" in str(e.value)
    assert "\n" not in str(e.value)


def test_thac0_for_the_attack_rating__repeated_20s_ignored():
    """Battlesystem [8.3] example: a creature that hits AC 1 on a 20 (the matrix's repeated 20s
    ignored) has a THAC0 of 21 for its attack rating: creatures under 1-1 HD and 0-level men."""
    assert R.monster_thac0(R.hd_value(0.5, 0)) == 21
    assert R.creature_thac0(DATA.creatures["levy"]) == 21
    assert R.rate(DATA.units["valmark_levy"], 24).ar == 21  # 10:1, no adjustment


def test_hit_dice_a_figure__ten_orcs_are_ten_hit_dice():
    """Battlesystem [8.7] example: one orc figure (10 orcs of 1 HD) has 10 hit dice; a unit of
    ten such figures 100."""
    r = R.rate(DATA.units["orc_blades"], 10)
    assert (r.ratio, r.hd_per_figure, r.hd_per_figure * 10) == (10, 10.0, 100.0)


def test_chariot_rating__team_and_passengers():
    """Battlesystem [11.3], [2.3]: a chariot of two light horses (2 HD, AC 7, 24", THAC0 16) and
    two men-at-arms in chain (1 HD, AC 5, THAC0 21): AR the four averaged in its favour,
    (16 + 16 + 21 + 21) / 4 = 18.5 -> 18; HD 2 + 1 = 3 (10:1, 30 HD a figure); AC the average
    6, 2 better: 4; MV 2/3 of 24" = 16" (the team's 4 HD are less than three times the
    passengers' 2); damage both spears and both bites; a 1" x 2" base."""
    from game.rulesets.battlesystem.formation import base_size_of
    p = DATA.units["valmark_chariots"]
    r = R.rate(p, 6)
    assert (r.ar, r.hd, r.ratio, r.hd_per_figure, r.ac, r.size) == (18, 3.0, 10, 30.0, 4, "L")
    assert math.isclose(r.mv, 16.0)
    assert R.damage(p, "M") == ["d6", "d6", "d3", "d3"]
    assert base_size_of("valmark_chariots") == pytest.approx((25.4, 50.8))
    strong = p.model_copy(update={"passengers": 1, "pullers": 4})  # 8 HD of team, 3 x 1 HD of men or more
    assert R.rate(strong, 6).mv == 24.0


def test_chariot_charge__minus_two_like_cavalry():
    """Battlesystem [11.4]: charging chariots, like cavalry, -2 to their attack rating."""
    from game.rulesets.battlesystem.rules.melee import melee_ar

    from .helpers import make_state, person, unit
    s = make_state(unit("att", "a", "valmark_chariots", 600.0, 600.0, 270.0, 6, 6),
                   person("sgt", "a", "sergeant", 600.0, 640.0, 270.0, "unit_commander", "att"),
                   unit("def", "b", "orc_blades", 600.0, 600.0, 90.0, 10, 10))
    att = s.units["att"].model_copy(update={"charged": "def"})
    base, mods = melee_ar(s, att, s.units["def"])
    assert base == 18 and ("cavalry charge", -2) in mods

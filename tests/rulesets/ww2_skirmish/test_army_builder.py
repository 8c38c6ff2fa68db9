"""Profiles, weapon cards and the army builder (ww2_skirmish: Troop Profiles;
Weapon Profiles; Army Building; Storage Limit; Squad Weapons; Perks)."""

from __future__ import annotations

from game.rulesets.ww2_skirmish.army import ArmyList, check_list, unit_cost
from game.rulesets.ww2_skirmish.catalogue import DATA


def test_the_british_riflemen_datacard():
    """The text's example profile, a squad of 4 with storage 3 each (Troop Profiles; Storage Limit)."""
    p = DATA.units["british_rifle_section"]
    assert (p.models, p.sl, p.m, p.t, p.w) == (4, 3, 4, 2, 1)
    assert (p.ag, p.cp, p.ld, p.ws) == (4, 6, 5, 5)
    assert p.loadout == {"lee_enfield": 4, "bayonet": 4, "grenade": 2}


def test_the_weapon_cards_of_the_text():
    le, bay, gr = DATA.weapons["lee_enfield"], DATA.weapons["bayonet"], DATA.weapons["grenade"]
    assert (le.short_in, le.long_in, le.acc_short, le.acc_long, le.hc, le.caliber, le.attacks, le.ap, le.damage) == \
        (8, 24, 1, -1, 4, 3, 1, 0, 1)
    assert bay.melee and (bay.long_in, bay.caliber, bay.attacks, bay.ap, bay.damage) == (2, 2, 1, 0, 1)
    assert (gr.short_in, gr.long_in, gr.acc_short, gr.acc_long, gr.hc, gr.caliber, gr.ap, gr.damage, gr.radius_in) == \
        (6, 9, 0, -1, 4, 7, -1, 3, 3)
    assert gr.consumable and gr.has("grenade")


def test_silver_cost_is_itemised():
    """Profile 16 + 4 Lee Enfields x 2 + 4 bayonets x 1 + 2 grenades x 3 = 34 silver (ours)."""
    uc = unit_cost("british_rifle_section")
    assert uc.total == 34 and not uc.problems
    assert [v for _, v in uc.parts] == [16, 8, 4, 6]


def test_one_primary_and_one_secondary_a_model():
    uc = unit_cost("british_rifle_section", {"lee_enfield": 4, "sten": 1, "bayonet": 4})
    assert uc.problems == ["5 primary weapons for 4 models: each model carries at most one"]
    uc = unit_cost("british_sergeant", {"sten": 1, "webley": 1, "fighting_knife": 1})
    assert uc.problems == ["2 secondary or utility items for 1 model: each model carries at most one"]


def test_storage_limit_heavy_weapons_take_two():
    """A Bren team (2 models, SL 3: 6): Bren (heavy, 2) + Lee Enfield + 2 bayonets = 5 fits; 2 grenades more do not."""
    assert unit_cost("british_bren_team").problems == []
    assert DATA.weapons["bren"].sl == 2
    uc = unit_cost("british_bren_team", {"bren": 1, "lee_enfield": 1, "bayonet": 2, "grenade": 2})
    assert uc.problems == ["storage 7 over the limit 6 (SL 3 x 2 models; heavy weapons take 2)"]


def test_a_list_checks_its_silver_and_faction():
    army = ArmyList(faction="british", silver=40, units=[{"profile": "british_rifle_section"},
                                                         {"profile": "german_feldwebel"}])
    rep = check_list(army)
    assert not rep.ok
    assert any("a german unit in a british list" in p for p in rep.problems)
    assert any(p.startswith("the list costs") and "over its limit of 40" in p for p in rep.problems)
    ok = check_list(ArmyList(faction="british", silver=100, units=[{"profile": "british_rifle_section"}]))
    assert ok.ok and ok.total == 34


def test_one_perk_in_each_category_and_mechs_light_and_heavy():
    """gaps.md: a perk with a real effect for each of the text's seven categories; a light and a heavy mech a side."""
    cats = {p.category for p in DATA.perks.values()}
    assert cats == {"Strength", "Dexterity", "Ferocity", "Intelligence", "Shooting", "Cohesiveness", "Savant"}
    for faction in ("british", "german"):
        classes = {p.cls for p in DATA.units.values() if p.faction == faction}
        assert {"light_mech", "heavy_mech", "infantry", "elite"} <= classes

"""Spell categories ([14.6]-[14.22]): hold, charm, haste and bless, invisibility, fear, summoning,
turning undead, magic items, psionics and bards."""

from __future__ import annotations

import re

from game.rulesets.battlesystem import RULESET as RS
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.formation import block_of
from game.rulesets.battlesystem.rules import magic as M
from game.rulesets.battlesystem.rules.command import commander_bonus
from game.rulesets.battlesystem.rules.melee import defender_ac
from game.rulesets.battlesystem.rules.missiles import why_not_fire
from game.rulesets.battlesystem.rules.morale import current_morale
from game.rulesets.battlesystem.rules.movement import remaining

from .helpers import at_step, do, emitter, make_state, person, unit


def caster_state(who="necromancer", *extra):
    s = make_state(unit("e", "a", "valmark_spears", 600, 400, 90, 8, files=4),
                   unit("o", "b", "orc_blades", 600, 900, 270, 8, files=4),
                   person("m", "b", who, 600, 650, 270, "hero"), *extra, sides=("a", "b"))
    return at_step(s, "missile", "b")


def test_hold_person__only_figures_of_at_most_four_creatures():
    """Battlesystem [14.6] B (ours: hold person takes at most four persons, so a 10:1 figure is
    beyond it); 2:1 figures in the area save or are immobilized, and a unit with held figures
    does not move."""
    s = caster_state()
    a = A.CastSpell(side="b", caster="m", spell="hold_person", x=600.0, y=385.0)
    t, r = do(s, a, [])
    assert t.units["e"].effects == [] and any("cannot take all 10" in getattr(e, "text", "") for e in r.events)
    s = make_state(unit("e", "a", "valmark_champions", 600, 400, 90, 4, files=4),
                   unit("o", "b", "orc_blades", 600, 900, 270, 8, files=4),
                   person("m", "b", "necromancer", 600, 650, 270, "hero"))
    s = at_step(s, "missile", "b")
    n2 = M.rating(s.units["e"]).ratio
    assert n2 <= 4
    cx, cy = block_of(s.units["e"]).centres[1]
    t, r = do(s, A.CastSpell(side="b", caster="m", spell="hold_person", x=float(cx), y=float(cy)), [1] * 8)
    assert M.held_figures(t.units["e"]) == 1  # the one figure wholly inside; the others 1 3/4" off are not
    assert remaining(t, t.units["e"]) == 0.0


def test_haste__a_figure_is_hasted_only_if_all_its_creatures_are():
    """Battlesystem [14.7]: one haste from a 10th level caster takes a 10:1 figure; then the
    unit does double damage."""
    s = make_state(unit("o", "a", "valmark_spears", 600, 400, 270, 6), person("m", "a", "mordrin", 600, 430, 270, "hero"),
                   unit("e", "b", "orc_blades", 600, 100, 90, 4))
    s = at_step(s, "missile", "a")
    t, r = do(s, A.CastSpell(side="a", caster="m", spell="haste", x=600.0, y=400.0, target="o"), [])
    assert M.hasted(t.units["o"]) and M.damage_multiplier(t.units["o"]) == 2
    assert M.effect(t.units["o"], "haste") == ["13"]  # 3 + 1 a level


def test_bless__morale_and_attack_rating():
    """Battlesystem [14.7]: bless gives +1 morale and -1 (better) attack rating."""
    s = make_state(unit("o", "a", "valmark_spears", 600, 400, 270, 6), person("h", "a", "hild", 600, 430, 270, "hero"),
                   unit("e", "b", "orc_blades", 600, 100, 90, 4))
    s = at_step(s, "missile", "a")
    before = current_morale(s, s.units["o"])[1]
    t, _ = do(s, A.CastSpell(side="a", caster="h", spell="bless", x=600.0, y=400.0, target="o"), [])
    after = current_morale(t, t.units["o"])[1]
    assert ("blessed", 1) in after and ("blessed", 1) not in before
    assert M.ar_mods(t.units["o"]) == [("blessed", -1)]


def test_invisible_units__hidden_from_the_enemy_view_not_targets_and_minus_4_ac():
    """Battlesystem [14.8]: an invisible unit is not on the other side's table, takes skirmish
    order, cannot be shot at and has -4 AC; detection puts it back on the table."""
    s = make_state(unit("o", "b", "orc_blades", 600, 400, 90, 6), person("m", "b", "necromancer", 600, 370, 90, "hero"),
                   unit("e", "a", "valmark_bows", 600, 900, 270, 6))
    s = at_step(s, "missile", "b")
    t, _ = do(s, A.CastSpell(side="b", caster="m", spell="mass_invisibility", x=600.0, y=400.0, target="o"), [])
    o = t.units["o"]
    assert M.invisible(o) and o.formation == "skirmish"
    assert "o" not in RS.view(t, "a").units and "o" in RS.view(t, "b").units
    t2 = at_step(t, "missile", "a")
    assert "cannot be seen" in why_not_fire(t2, A.Fire(side="a", unit="e", target="o"), "missile")
    ac, mods = defender_ac(t2, t2.units["e"], o)
    assert ("invisible", -4) in mods
    em = emitter(t2)
    M._detection(em, A.CastSpell(side="a", caster="e", spell="detect_invisibility", x=600.0, y=400.0), t2.units["e"],
                 M.SPELLS["detect_invisibility"], 5, (600.0, 900.0))
    assert not M.invisible(em.s.units["o"]) and M.ac_mods(em.s.units["o"]) == [("invisible", -4)]


def test_fear__a_unit_routs_when_half_its_figures_in_the_cone_fail():
    """Battlesystem [14.9] (ours: half or more of the figures in the area failing rout it)."""
    s = make_state(unit("e", "a", "orc_blades", 600, 600, 90, 4, files=4, formation="open"),
                   unit("x", "b", "valmark_spears", 100, 1100, 270, 4),
                   person("m", "b", "necromancer", 600, 630, 270, "hero"))
    s = at_step(s, "missile", "b")
    t, r = do(s, A.CastSpell(side="b", caster="m", spell="fear", x=600.0, y=600.0), [1] * 6 + [6] * 40)
    assert t.units["e"].routed


def test_charm__the_commander_and_his_unit_change_sides_for_a_while():
    """Battlesystem [14.6] A: a failed save hands the commander and his unit to the enemy for
    1d4 + charisma bonus rounds (not to be sent against its own side); then the unit is out of
    command."""
    s = make_state(unit("u", "a", "valmark_spears", 600, 400, 90, 6), person("c", "a", "sergeant", 300, 300, 90,
                                                                              "unit_commander", "u", with_unit=False),
                   unit("w", "a", "valmark_swords", 600, 560, 270, 6),
                   unit("x", "b", "orc_blades", 600, 1000, 270, 4), person("m", "b", "mordrin", 300, 500, 270, "hero"))
    s.chars["m"].spells = ["charm_person"]
    s = at_step(s, "missile", "b")
    t, r = do(s, A.CastSpell(side="b", caster="m", spell="charm_person", x=300.0, y=300.0, target="c"), [2, 1])
    assert t.units["u"].side == "b" and t.chars["c"].side == "b"
    assert M.effect(t.units["u"], "charmed") == ["a", "1"]
    from game.rulesets.battlesystem.rules.legality import why_not
    t2 = at_step(t, "move", "b")
    assert re.search(r"cannot be sent against (its|their) own side", why_not(t2, A.Charge(side="b", unit="u", target="w")))
    em = emitter(t)
    M.end_of_round(em)
    assert em.s.units["u"].side == "a" and em.s.units["u"].commander is None


def test_monster_summoning__a_new_unit_comes_into_play():
    """Battlesystem [14.10]: summoned troops are a unit of their own (2d4 orcs: one 10:1 figure,
    at least one)."""
    s = caster_state()
    t, r = do(s, A.CastSpell(side="b", caster="m", spell="monster_summoning_i", x=600.0, y=700.0), [3, 4])
    new = [u for u in t.units.values() if u.profile == "summoned_orcs"]
    assert len(new) == 1 and new[0].figures == 1 and new[0].side == "b"
    assert RS.load_state(t.model_dump_json()).units[new[0].id].figures == 1
    s.chars["m"].y = 460.0
    t, r = do(s, A.CastSpell(side="b", caster="m", spell="monster_summoning_i", x=600.0, y=395.0), [3, 4])
    assert any("finds no room" in getattr(e, "text", "") for e in r.events)  # on top of the spearmen
    assert not [u for u in t.units.values() if u.profile == "summoned_orcs"]


def test_turning_undead__at_least_one_figure_and_no_retry_after_a_failure():
    """Battlesystem [14.19]: a 9th level cleric destroys skeletons (DMG: D from 6th level): 2d6
    = 3 skeletons still destroy one whole 10:1 figure."""
    assert M.turning_need(9, "skeleton") == -1
    assert M.turned_figures(3, 10) == 1
    assert M.turned_figures(25, 10) == 2
    s = make_state(unit("k", "b", "skeleton_legion", 600, 400, 90, 6), person("h", "a", "hild", 600, 500, 270, "hero"),
                   unit("x", "a", "valmark_spears", 100, 1100, 270, 4))
    s = at_step(s, "missile", "a")
    t, r = do(s, A.TurnUndead(side="a", cleric="h", unit="k"), [1, 2])
    assert t.units["k"].figures == 5
    assert M.turning_need(4, "ghoul") == 7


def test_turning_failure_ends_the_tries_on_that_unit():
    """Battlesystem [14.19]: against a spectre unit Hild (9th level) needs 7 (DMG); a failed
    roll (3) bars further tries on that unit; a success (12) turns 2d6 spectres, one 2:1 figure
    at least, and the unit flees when half of it is turned."""
    s = make_state(unit("k", "b", "example_spectres", 600, 800, 90, 2), person("h", "a", "hild", 600, 900, 270, "hero"),
                   unit("x", "a", "valmark_spears", 100, 1100, 270, 4))
    s = at_step(s, "missile", "a")
    assert M.turning_need(9, "spectre") == 7
    t, r = do(s, A.TurnUndead(side="a", cleric="h", unit="k"), [3])
    assert "turn_failed:h" in t.units["k"].effects
    t = at_step(t, "missile", "a")
    t.chars["h"].effects = []
    assert "may not try again" in M.why_not_turn(t, A.TurnUndead(side="a", cleric="h", unit="k"))
    t, r = do(s, A.TurnUndead(side="a", cleric="h", unit="k"), [12, 1, 1])
    assert t.units["k"].figures == 1 and t.units["k"].routed


def test_magic_items__charisma_bonus_and_the_rod_of_victory():
    """Battlesystem [14.20]: a ring of human influence +1 and a rod of rulership +2 to a
    commander's charisma bonus."""
    s = make_state(unit("u", "a", "valmark_spears", 600, 400, 90, 6), person("c", "a", "hild", 600, 380, 90,
                                                                              "unit_commander", "u"),
                   unit("x", "b", "orc_blades", 600, 1000, 270, 4))
    assert M.charisma_item_bonus(s.chars["c"]) == 1
    assert commander_bonus(s, s.units["u"])[1] == 1 + 1  # charisma 15: +1 (Table 8) and the ring


def test_bards_song__plus_one_within_his_radius_one_bard_only():
    """Battlesystem [14.22]: a bard not commanding sings +1 to friendly figures in his command
    radius; two bards still give +1."""
    s = make_state(unit("u", "a", "valmark_spears", 600, 400, 90, 6), person("b1", "a", "tamsin", 600, 450, 90, "hero"),
                   person("b2", "a", "tamsin", 640, 450, 90, "hero"), unit("x", "b", "orc_blades", 600, 1000, 270, 4))
    mods = current_morale(s, s.units["u"])[1]
    assert mods.count(("a bard's song", 1)) == 1
    s.chars["b1"].x = s.chars["b2"].x = 1190.0
    s.chars["b1"].y = s.chars["b2"].y = 1190.0
    assert ("a bard's song", 1) not in current_morale(s, s.units["u"])[1]


def test_telempathic_projection__one_point_of_morale():
    """Battlesystem [14.21]: telempathic projection lowers (or raises) morale by 1."""
    s = make_state(unit("u", "a", "valmark_spears", 600, 400, 90, 6), unit("x", "b", "orc_blades", 600, 1000, 270, 4))
    s.units["u"].effects = ["morale:-1:3"]
    assert ("telempathic projection", -1) in current_morale(s, s.units["u"])[1]


def test_mirror_image_on_a_caster_shares_a_fireball():
    """Battlesystem [14.12]: images take shares of damage to an individual and vanish."""
    s = make_state(unit("x", "a", "valmark_spears", 100, 1100, 270, 4), person("m", "a", "mordrin", 600, 900, 270, "hero"),
                   unit("e", "b", "orc_blades", 100, 100, 90, 4))
    s = at_step(s, "missile", "a")
    t, _ = do(s, A.CastSpell(side="a", caster="m", spell="mirror_image", x=600.0, y=900.0, target="m"), [3])
    assert M.effect(t.chars["m"], "mirror_image") == ["3"]
    em = emitter(t, [5] * 10 + [1])
    M._hurt_individual(em, em.s.chars["m"], "10d6", "half", "a fireball", "spell")
    assert em.s.chars["m"].hp == 28 - 13  # 50 hit points, no save: a quarter (12.5) rounded up


def test_fog_cloud_blocks_sight_and_a_wall_of_fire_burns():
    """Battlesystem [14.15]: a fog cloud (4" -> 1 1/3" radius) between two narrow units hides
    one from the other (the one sight adjudication); a wall of fire burns the figures in it."""
    from game.rulesets.battlesystem.sight import unit_sight
    s = make_state(unit("b", "a", "valmark_bows", 600, 1000, 270, 2), unit("o", "b", "orc_blades", 600, 700, 90, 2),
                   person("m", "a", "mordrin", 620, 850, 270, "hero"))
    assert unit_sight(s, "b", "o").seen
    s.chars["m"].spells = ["fog_cloud", "wall_of_fire"]
    s = at_step(s, "missile", "a")
    t, _ = do(s, A.CastSpell(side="a", caster="m", spell="fog_cloud", x=600.0, y=850.0), [])
    assert t.areas and t.areas[0].kind == "fog"
    assert not unit_sight(t, "b", "o").seen
    t.chars["m"].effects = []
    t = at_step(t, "missile", "a")
    t2, r = do(t, A.CastSpell(side="a", caster="m", spell="wall_of_fire", x=600.0, y=710.0), [6, 6, 1, 1])
    assert any(a.kind == "wall_of_fire" for a in t2.areas)
    assert t2.units["o"].wounded + (2 - t2.units["o"].figures) > 0


def test_drums_of_panic_and_the_rod_of_victory():
    """Battlesystem [14.20]: the drums force a morale check on every enemy unit with a figure in
    range; a rod of victory raises its side's morale by one."""
    s = make_state(unit("u", "a", "valmark_spears", 600, 600, 90, 6), unit("w", "a", "valmark_swords", 100, 100, 90, 6),
                   unit("x", "b", "orc_blades", 900, 1000, 270, 4), person("p", "b", "dark_priest", 600, 1100, 270, "hero"))
    s = at_step(s, "missile", "b")
    assert "drums_of_panic" in s.chars["p"].spells
    t, r = do(s, A.CastSpell(side="b", caster="p", spell="drums_of_panic", x=600.0, y=1100.0), [1, 1, 1, 1])
    checks = [e for e in r.events if getattr(e, "target", None) is not None and e.target.label == "morale"]
    assert len(checks) == 1  # the spearmen are within 24"; the swordsmen, 44" off, are not
    assert M.morale_mods(s, s.units["x"]) == []
    from game.rulesets.battlesystem.profiles import DATA
    rich = DATA.characters["dark_priest"].model_copy(update={"items": ["rod_of_victory"]})
    DATA.characters["rich_priest"] = rich
    try:
        s.chars["p"].profile = "rich_priest"
        assert M.morale_mods(s, s.units["x"]) == [("rod of victory", 1)]
    finally:
        del DATA.characters["rich_priest"]


def test_dimension_door_moves_the_caster():
    """Battlesystem [14.13]: movement magic in the missile and magic step (dimension door)."""
    s = make_state(unit("u", "a", "valmark_spears", 600, 400, 90, 6), unit("x", "b", "orc_blades", 600, 1000, 270, 4),
                   person("m", "a", "mordrin", 300, 300, 270, "hero"))
    s.chars["m"].spells = ["dimension_door"]
    s = at_step(s, "missile", "a")
    t, _ = do(s, A.CastSpell(side="a", caster="m", spell="dimension_door", x=500.0, y=700.0), [])
    assert (t.chars["m"].x, t.chars["m"].y) == (500.0, 700.0)


def test_in_contact_a_caster_may_only_aim_at_what_it_touches():
    """Battlesystem [14.1]: a figure in base contact uses magic only on itself or the figures
    it touches; a regular unit out of command passes a special morale check to use its magic."""
    s = make_state(unit("u", "a", "valmark_spears", 600, 400, 90, 6), person("c", "a", "mordrin", 600, 400, 90,
                                                                              "unit_commander", "u"),
                   unit("x", "b", "orc_blades", 600, 400, 270, 6), unit("y", "b", "orc_spears", 200, 700, 270, 6))
    s = at_step(s, "missile", "a")
    far = A.CastSpell(side="a", caster="c", spell="fireball", x=200.0, y=720.0)
    assert "base contact" in M.why_not_cast(s, far)
    cx, cy = block_of(s.units["x"]).centres[0]
    assert M.why_not_cast(s, A.CastSpell(side="a", caster="c", spell="fireball", x=float(cx), y=float(cy))) is None

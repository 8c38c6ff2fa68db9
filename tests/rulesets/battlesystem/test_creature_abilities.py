"""Special creature abilities ([13.1]-[13.9])."""

from __future__ import annotations

from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.events import Casualties
from game.rulesets.battlesystem.rules import creatures as C
from game.rulesets.battlesystem.rules.awe import awe_checks
from game.rulesets.battlesystem.rules import crt
from game.rulesets.battlesystem.rules import magic as M
from game.rulesets.battlesystem.rules.legality import why_not
from game.rulesets.battlesystem.rules.melee import apply_damage
from game.rulesets.battlesystem.rules.morale import check_morale

from .helpers import IN, at_step, do, emitter, make_state, unit


def test_damage_bonus_is_a_column_shift__3d6_plus_1_reads_3_x_d8():
    """Battlesystem [13.1] example: 3D6 with +1 damage is three times the D8 column."""
    for ar in (12, 16, 20):
        assert crt.read(ar, "3d6", shift=1).total == 3 * crt.value(ar, "D8")


def test_poison__weak_one_column_undefined_two_strong_three():
    """Battlesystem [13.2]: the same roll read again to the right: a giant spider's 2d4 with
    strong poison reads 2 x D10 more; weak 2 x D6; undefined 2 x D8."""
    ar = 16
    assert C.poison_damage(ar, ["2d4"], "strong") == 2 * crt.value(ar, "D10")
    assert C.poison_damage(ar, ["2d4"], "weak") == 2 * crt.value(ar, "D6")
    assert C.poison_damage(ar, ["2d4"], "normal") == 2 * crt.value(ar, "D8")
    assert C.poison_damage(ar, ["2d4"], "") == 0


def test_paralysis__a_fraction_paralyzes_a_whole_figure_each_saves_elves_immune():
    """Battlesystem [13.4]: 12 HD on 10 HD figures paralyzes two figures; each saves (d20 of 1:
    fails) and is held 3d4 rounds; undead are immune; the D4 column is read."""
    assert C.paralyzed_figures(0.5, 10) == 1
    assert C.paralyzed_figures(10, 10) == 1
    assert C.paralyzed_figures(10.5, 10) == 2
    assert C.paralysis_hd(16) == crt.value(16, "D4")
    s = make_state(unit("g", "b", "ghoul_pack", 600, 400, 270, 4), unit("m", "a", "valmark_spears", 600, 380, 90, 6),
                   unit("k", "a", "skeleton_legion", 200, 380, 90, 4))
    em = emitter(s, [1, 1, 2, 3, 4])
    C.paralyze(em, s.units["g"], s.units["m"], 12)
    assert M.held_figures(em.s.units["m"]) == 2 and M.effect(em.s.units["m"], "held") == ["2", "9"]
    em = emitter(s, [])
    C.paralyze(em, s.units["g"], s.units["k"], 12)
    assert M.held_figures(em.s.units["k"]) == 0


def test_level_drainers_double_damage():
    """Battlesystem [13.5]: level drainers do double damage in melee."""
    s = make_state(unit("x", "b", "example_spectres", 600, 400, 270, 2), unit("m", "a", "orc_blades", 600, 300, 90, 6))
    assert C.drain_multiplier(s.units["x"]) == 2 and C.drain_multiplier(s.units["m"]) == 1


def test_awe__units_within_12_inches_check_once_at_minus_one_for_a_dragon():
    """Battlesystem [13.6]: a dragon's awe: each enemy unit within 12" checks morale once, at -1."""
    s = make_state(unit("d", "b", "red_dragon", 600, 400, 90, 1), unit("n", "a", "valmark_spears", 600, 400 + 11 * IN, 270, 6),
                   unit("f", "a", "valmark_swords", 100, 400 + 14 * IN, 270, 6))
    em = emitter(s, [1, 1])
    awe_checks(em, "a")
    rolls = [e for e in em.events if getattr(e, "target", None) is not None]
    assert len(rolls) == 1 and ("dragon or mighty creature", -1) in rolls[0].target.mods
    awe_checks(em, "a")
    assert len([e for e in em.events if getattr(e, "target", None) is not None]) == 1
    assert C.awe_modifier(M.DATA.creatures["ogre"]) == 0
    assert C.awe_modifier(M.DATA.creatures["ogre"], illusion=True) == 1


def test_breath_weapon__artillery_in_a_cone_three_times_a_day():
    """Battlesystem [13.7]: a red dragon's breath (44 hp: 11 HD) is a cone (9" -> 3" long,
    3" -> 1" wide) used in the missile and magic step. Three orc figures in a rank 2 1/4" to 3"
    from the dragon: the middle one lies in the cone (past its first half, so not limited to a
    wound) and its orcs die even if they save; the other two are partly inside: wounded."""
    s = make_state(unit("d", "b", "red_dragon", 600, 400, 90, 1),
                   unit("o", "a", "orc_blades", 600, 457.0, 270, 3, files=3))
    s = at_step(s, "missile", "b")
    assert M.known(s, "d") == ["red_dragon_breath"]
    t, r = do(s, A.CastSpell(side="b", caster="d", spell="red_dragon_breath", x=600.0, y=500.0), [1, 1])
    cas = [e for e in r.events if isinstance(e, Casualties) and e.unit == "o"]
    assert (cas[0].killed, cas[0].wounded) == (1, 2)
    assert M.effect(t.units["d"], "breath_used") == ["1"]
    t.units["d"].effects = ["breath_used:3"]
    assert M.known(t, "d") == []


def test_regeneration__fallen_trolls_rise_unless_an_enemy_is_near_fire_stops_it():
    """Battlesystem [13.8]: trolls killed in melee rise two rounds later; an enemy within 1"
    stops it; fire does not regenerate."""
    s = make_state(unit("t", "b", "troll_band", 600, 400, 90, 4), unit("m", "a", "valmark_spears", 600, 800, 270, 6))
    em = emitter(s)
    apply_damage(em, em.s.units["t"], 60.0, "melee with Valmark spearmen")
    assert em.s.units["t"].figures == 2 and M.effect(em.s.units["t"], "fallen") == ["2", str(s.turn + 2)]
    em.s.turn += 2
    C.end_of_round(em)
    assert em.s.units["t"].figures == 4
    em = emitter(s)
    apply_damage(em, em.s.units["t"], 60.0, "Mordrin's fireball of fire")
    assert M.effect(em.s.units["t"], "fallen") is None
    s2 = make_state(unit("t", "b", "troll_band", 600, 400, 90, 4), unit("m", "a", "valmark_spears", 600, 400 + 0.5 * IN, 90, 6))
    em = emitter(s2)
    apply_damage(em, em.s.units["t"], 30.0, "melee")
    em.s.turn += 2
    C.end_of_round(em)
    assert em.s.units["t"].figures == 3


def test_regeneration__a_wound_heals_after_two_rounds_out_of_combat():
    """Battlesystem [13.8]: a Wound marker comes off after two rounds without fighting."""
    s = make_state(unit("t", "b", "troll_band", 600, 400, 90, 4), unit("m", "a", "valmark_spears", 600, 900, 270, 6))
    s.units["t"].wounded = 1
    em = emitter(s)
    C.end_of_round(em)
    assert em.s.units["t"].wounded == 1
    C.end_of_round(em)
    assert em.s.units["t"].wounded == 0


def test_mindless_undead__no_morale_checks_and_out_of_command_they_follow_the_last_order():
    """Battlesystem [13.9]: skeletons never check morale; out of command the player cannot move
    them, they carry out their last order."""
    s = make_state(unit("k", "b", "skeleton_legion", 600, 400, 90, 6), unit("m", "a", "valmark_spears", 600, 1100, 270, 6),
                   sides=("b", "a"))
    em = emitter(s, [])
    assert check_morale(em, em.s.units["k"], "losses") is True and not em.events
    s.units["k"].mob_order = "advance"
    assert C.mindless(s.units["k"])
    why = why_not(s, A.Advance(side="b", unit="k", distance=20.0))
    assert "last order" in why
    from game.rulesets.battlesystem.rules.auto import auto_moves
    em = emitter(s, [])
    auto_moves(em, "b")
    assert em.s.units["k"].y > 400.0

"""Illusions on the table and disbelief (Battlesystem [14.14]), with scripted dice."""

from __future__ import annotations

from game.rulesets.battlesystem import RULESET as RS
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.rules import illusions as I
from game.rulesets.battlesystem.rules import magic as M
from game.rulesets.battlesystem.rules.legality import why_not
from game.rulesets.battlesystem.rules.morale import current_morale
from game.rulesets.battlesystem.rules.saves import individual_save, unit_save
from game.rulesets.battlesystem.rules.steps import strength
from game.rulesets.battlesystem.turn import begin_round

from .helpers import at_step, do, emitter, make_state, person, texts, unit

ILL = "summoned1m"  # the new unit's id: summoned troops and illusions are named alike


def cast_illusion(spell="phantasmal_force"):
    """Valmark spearmen (a) and Aldric face Mordrin (b), who raises an illusion 9.8" from them."""
    s = make_state(unit("e", "a", "valmark_spears", 600, 450, 90, 4, files=4), person("h", "a", "aldric", 500, 400, 90, "hero"),
                   unit("o", "b", "orc_blades", 900, 1000, 270, 4, files=4), person("m", "b", "mordrin", 300, 1000, 270, "hero"))
    s.chars["m"].spells = [spell, "fireball"]
    s = at_step(s, "missile", "b")
    t, r = do(s, A.CastSpell(side="b", caster="m", spell=spell, x=450.0, y=650.0), [])
    return t, r


def test_phantasmal_force__an_illusory_unit_that_the_enemy_sees_as_summoned_troops():
    """Battlesystem [14.14] B: the illusion is placed on the table as figures (ours: 4 figures of
    ogres); [14.14] ours: the other side's view and the log show troops come by a summoning,
    with the same markers as a monster summoning's; the caster's side sees the illusion."""
    t, r = cast_illusion()
    u = t.units[ILL]
    assert (u.figures, u.profile, u.side) == (4, "ogre_band", "b")
    assert u.effects == ["summoned:12", "illusion:m:1"]
    assert RS.view(t, "a").units[ILL].effects == ["summoned:12"]
    assert RS.view(t, "b").units[ILL].effects == ["summoned:12", "illusion:m:1"]
    log = " ".join(texts(r.events)).lower()
    assert "phantasmal" not in log and "illusion" not in log and "monster summoning i" in log
    # a real monster summoning leaves the same markers for the other side to see
    s = make_state(unit("e", "a", "valmark_spears", 600, 450, 90, 4, files=4),
                   unit("o", "b", "orc_blades", 900, 1000, 270, 4, files=4), person("m", "b", "necromancer", 300, 1000, 270, "hero"))
    s = at_step(s, "missile", "b")
    t2, _ = do(s, A.CastSpell(side="b", caster="m", spell="monster_summoning_i", x=300.0, y=930.0), [4, 4])
    real = RS.view(t2, "a").units[ILL]
    assert real.effects == ["summoned:12"] and real.kind == u.kind == "skirmish"


def test_disbelief__a_hero_saves_at_once_a_unit_checks_morale_first_with_plus_one_for_silence():
    """Battlesystem [14.14] A: 1:1 figures (Aldric) save at once; a 10:1 unit first checks morale,
    +1 as the illusion has no sound: morale 11 -2 (out of command) +1 = 10, and 5 + 5 passes
    only with the bonus; then a save a figure (19 for 0-level men): 2 of 4 is half, so the unit
    sees through (ours). The side then sees the illusion for what it is."""
    t, _ = cast_illusion()
    t = at_step(t, "missile", "a")
    assert individual_save(t.chars["h"], "spell") == 13 and unit_save(t.units["e"], "spell") == 19
    base, mods = current_morale(t, t.units["e"])
    assert base + sum(v for _, v in mods) == 9
    assert I.disbelief_options(t, "a") == [A.Disbelieve(side="a", unit=ILL)]
    assert A.Disbelieve(side="a", unit=ILL) in RS.figure_actions(t, "a", "e", ILL)  # the app offers it on a click
    t2, r = do(t, A.Disbelieve(side="a", unit=ILL), [13, 5, 5, 19, 19, 1, 1])
    assert I.sees_through(t2.chars["h"], ILL) and I.sees_through(t2.units["e"], ILL)
    assert I.knows(t2.units[ILL], "a")
    assert "illusion:m:1" in RS.view(t2, "a").units[ILL].effects
    assert [e.target.mods for e in r.events if getattr(e, "target", None) and e.target.label == "morale"] == \
        [(("out of command", -2), ("the illusion is silent", 1))]
    assert "already doubted" in why_not(at_step(t2, "missile", "a"), A.Disbelieve(side="a", unit=ILL))


def test_disbelief__a_failed_morale_check_saves_next_round_if_others_saw_through():
    """Battlesystem [14.14] A: the unit fails its morale check (5 + 6 = 11 over 10) but Aldric saw
    through, so the unit saves as the next round begins (here 3 of 4 save)."""
    t, _ = cast_illusion()
    t = at_step(t, "missile", "a")
    t2, _ = do(t, A.Disbelieve(side="a", unit=ILL), [13, 5, 6])
    assert not I.sees_through(t2.units["e"], ILL) and M.effect(t2.units["e"], "disbelief_next") == [ILL]
    em = emitter(t2, [19, 20, 19, 2])
    I.owed_saves(em)
    assert I.sees_through(em.s.units["e"], ILL) and M.effect(em.s.units["e"], "disbelief_next") is None
    # nobody saw through: no save next round
    t3, _ = do(t, A.Disbelieve(side="a", unit=ILL), [12, 5, 6])
    assert M.effect(t3.units["e"], "disbelief_next") is None and not I.knows(t3.units[ILL], "a")


def test_disbelief__the_owed_saves_come_as_the_next_round_begins():
    """Battlesystem [14.14] A ("next Game Round"): the saves are rolled as the round begins,
    after initiative."""
    t, _ = cast_illusion()
    t = at_step(t, "missile", "a")
    t2, _ = do(t, A.Disbelieve(side="a", unit=ILL), [13, 5, 6])
    em = emitter(t2, [6, 1, 19, 19, 1, 1])
    begin_round(em)
    assert I.sees_through(em.s.units["e"], ILL)


def test_disbelieving_something_real_fails_every_save():
    """Battlesystem [14.14] A: trying to disbelieve real troops fails whatever the dice; the dice
    are rolled all the same and the log words it as any failed disbelief (ours)."""
    s = make_state(unit("e", "a", "valmark_spears", 600, 450, 90, 4, files=4), person("h", "a", "aldric", 600, 400, 90, "hero"),
                   unit("o", "b", "orc_blades", 600, 700, 270, 4, files=4))
    s = at_step(s, "missile", "a")
    t, r = do(s, A.Disbelieve(side="a", unit="o"), [20, 1, 1, 20, 20, 20, 20])
    assert not I.sees_through(t.chars["h"], "o") and not I.sees_through(t.units["e"], "o")
    assert M.effect(t.units["o"], "known") is None
    assert "Nobody of A sees through Bloody Axe orcs" in [getattr(e, "text", "") for e in r.events]


def test_disbelief__only_in_the_sides_missile_step_and_with_forces_within_12_inches():
    """Battlesystem [14.14] A (ours: declared in the side's missile and magic step; the forces
    that try are those within 12" of the doubted unit)."""
    t, _ = cast_illusion()
    assert "missile and magic step" in why_not(at_step(t, "move", "a"), A.Disbelieve(side="a", unit=ILL))
    far = at_step(t, "missile", "a")
    far.units["e"].y = 100.0
    far.chars["h"].y = 100.0
    assert "within 12\"" in why_not(far, A.Disbelieve(side="a", unit=ILL))


def test_an_illusion_fights_and_counts_as_nothing_for_the_result():
    """Battlesystem [14.14] (ours): an illusion's hit dice are not part of its side's strength."""
    t, _ = cast_illusion()
    assert strength(t, "b") == 1.0
    t.units["o"].figures = 2
    assert strength(t, "b") == 0.5


def test_an_illusion_vanishes_when_a_unit_that_saw_through_it_touches_it():
    """Battlesystem [14.14] (ours): a unit that has seen through an illusion walks through it;
    one that believes in it is in contact like any other."""
    t, _ = cast_illusion()
    u = t.units[ILL]
    e = t.units["e"]
    e.x, e.y, e.heading = u.x, u.y, (u.heading + 180.0) % 360  # front to front
    from game.rulesets.battlesystem.rules.contact import enemies_in_contact
    assert ILL in enemies_in_contact(t, e)
    em = emitter(t)
    I.dispel_touched(em)
    assert em.s.units[ILL].on_table
    em.s.units["e"].effects = ["unreal:" + ILL]
    I.dispel_touched(em)
    assert em.s.units[ILL].status == "off_table"
    assert strength(em.s, "b") == 1.0  # gone, it still counts for nothing


def test_an_illusion_vanishes_when_its_caster_casts_again_or_falls():
    """Battlesystem [14.14] (ours): the caster keeps the illusion up; other magic, or his fall
    (checked at the round's end), ends it."""
    t, _ = cast_illusion()
    t2 = at_step(t, "missile", "b")
    t2.turn = t.turn + 1
    t2.chars["m"].effects = []
    t3, r = do(t2, A.CastSpell(side="b", caster="m", spell="fireball", x=600.0, y=450.0), [1] * 80)
    assert t3.units[ILL].status == "off_table"
    t.chars["m"].status = "dead"
    em = emitter(t)
    M.end_of_round(em)
    assert em.s.units[ILL].status == "off_table"


def test_improved_phantasmal_force_has_sound_so_no_bonus():
    """Battlesystem [14.14] A: the +1 is only for an illusion missing a sense (improved
    phantasmal force has sound): 5 + 5 = 10 now fails against morale 9."""
    t, _ = cast_illusion("improved_phantasmal_force")
    assert M.effect(t.units[ILL], "illusion") == ["m", "0"]
    t = at_step(t, "missile", "a")
    t2, r = do(t, A.Disbelieve(side="a", unit=ILL), [12, 5, 5])
    assert not I.sees_through(t2.units["e"], ILL) and not I.knows(t2.units[ILL], "a")
    assert M.disbelief_morale_bonus(True) == 1 and M.disbelief_morale_bonus(False) == 0


def test_the_agent_raises_an_illusion_and_doubts_conjured_troops_on_its_view():
    """Battlesystem [14.14]: the agent raises an illusion towards enemies within 18" of the aim;
    the other side's agent, on its own view, tries to disbelieve the troops that came by magic."""
    from game.rulesets.battlesystem.ai.magic import best_cast
    s = make_state(unit("e", "a", "valmark_spears", 600, 450, 90, 4, files=4), person("h", "a", "aldric", 500, 400, 90, "hero"),
                   unit("o", "b", "orc_blades", 900, 1000, 270, 4, files=4), person("m", "b", "mordrin", 300, 1000, 270, "hero"))
    s.chars["m"].spells = ["phantasmal_force"]
    s = at_step(s, "missile", "b")
    a, v, why = best_cast(RS.view(s, "b"), "b")
    assert a.spell == "phantasmal_force" and v == 1.1 and "ogre band" in why
    t, _ = cast_illusion()
    a, v, why = best_cast(RS.view(at_step(t, "missile", "a"), "a"), "a")
    assert a == A.Disbelieve(side="a", unit=ILL) and why == "try to disbelieve ogre band"


def test_awe_of_an_illusory_dragon_is_checked_at_plus_one():
    """Battlesystem [13.6] with [14.14]: the awe check caused by an illusion of an awe-causing
    creature is at +1 (instead of a real dragon's -1)."""
    from game.rulesets.battlesystem.rules.awe import awe_checks
    s = make_state(unit("d", "b", "red_dragon", 600, 400, 90, 1), unit("n", "a", "valmark_spears", 600, 400 + 11 * 25.4, 270, 6))
    s.units["d"].effects = ["summoned:12", "illusion:m:1"]
    em = emitter(s, [1, 1])
    awe_checks(em, "a")
    rolls = [e for e in em.events if getattr(e, "target", None) is not None]
    assert len(rolls) == 1 and ("an illusion", 1) in rolls[0].target.mods


def test_the_other_side_does_not_see_which_spell_the_caster_spent():
    """Battlesystem [14.14] (ours): the enemy's view leaves out the caster's spell book, so the
    phantasmal force gone from it does not give the illusion away."""
    t, _ = cast_illusion()
    assert t.chars["m"].spells == ["fireball"]
    assert RS.view(t, "a").chars["m"].spells == [] and RS.view(t, "b").chars["m"].spells == ["fireball"]

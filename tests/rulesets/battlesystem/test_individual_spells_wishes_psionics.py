"""Spells on individuals (Battlesystem [14.17]), wishes ([14.18], [14.16], [16.3]) and psionics
([14.21]), with scripted dice."""

from __future__ import annotations

import pytest

from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.rules import magic as M
from game.rulesets.battlesystem.rules.command import in_command
from game.rulesets.battlesystem.rules.legality import why_not
from game.rulesets.battlesystem.rules.morale import current_morale

from .helpers import at_step, do, emitter, make_state, person, unit


def duel(victim="sergeant", caster="anselm", params=None, gap=20.0):
    """Side a's caster ``z`` stands ``gap`` mm from side b's ``v``, the commander of orcs ``o``
    standing apart from them; a's missile step."""
    s = make_state(unit("e", "a", "valmark_spears", 100, 100, 90, 4, files=4), person("z", "a", caster, 600, 600, 90, "hero"),
                   unit("o", "b", "orc_blades", 1000, 1000, 270, 4, files=4),
                   person("v", "b", victim, 600, 600 + gap, 270, "unit_commander", "o", with_unit=False), params=params)
    return at_step(s, "missile", "a")


def test_command__a_commander_under_6th_level_is_stunned_for_the_round_and_his_unit_is_out_of_command():
    """Battlesystem [14.17] (PHB command: a one-word command for one round, ours: he does
    nothing; only victims of 6 levels or more save): the sergeant (2nd level) gets no save; his
    orcs are out of command until the round ends."""
    s = duel()
    s.chars["v"].x, s.chars["v"].y = 1000.0, 1020.0  # the sergeant stands just behind his orcs' front
    s.chars["z"].x, s.chars["z"].y = 1000.0, 1000.0 + 20.0 + 25.0
    assert in_command(s, s.units["o"])
    t, r = do(s, A.CastSpell(side="a", caster="z", spell="command", x=1000.0, y=1020.0, target="v"), [])
    assert M.effect(t.chars["v"], "stunned") == ["1"] and not in_command(t, t.units["o"])
    t2 = at_step(t, "move", "b")
    assert "stunned" in why_not(t2, A.MoveIndividual(side="b", individual="v", x=1000.0, y=1050.0))
    em = emitter(t)
    M.end_of_round(em)
    assert M.effect(em.s.chars["v"], "stunned") is None and in_command(em.s, em.s.units["o"])


def test_command__a_seventh_level_lord_saves_on_13():
    """Battlesystem [14.17] (PHB: a victim of 6 levels or more saves): Lord Aldric, a 7th level
    fighter, saves against spells on 13."""
    s = duel("aldric")
    t, _ = do(s, A.CastSpell(side="a", caster="z", spell="command", x=600.0, y=620.0, target="v"), [13])
    assert M.effect(t.chars["v"], "stunned") is None
    t, _ = do(s, A.CastSpell(side="a", caster="z", spell="command", x=600.0, y=620.0, target="v"), [12])
    assert M.effect(t.chars["v"], "stunned") == ["1"]


@pytest.mark.parametrize("hp,dice,rounds", [(30, [4, 4, 4, 4], 16), (31, [4, 4], 8), (90, [3], 3), (91, [], None)])
def test_power_word_stun__rounds_by_the_victims_hit_points(hp, dice, rounds):
    """Battlesystem [14.17] (PHB power word, stun: no save; up to 30 hp 4d4 rounds, 31-60 2d4,
    61-90 1d4, more: no effect); a 14th level caster reaches 7"."""
    s = duel("aldric", "ysolde", gap=150.0)
    s.chars["v"].hp = hp
    t, _ = do(s, A.CastSpell(side="a", caster="z", spell="power_word_stun", x=600.0, y=750.0, target="v"), dice)
    assert M.effect(t.chars["v"], "stunned") == ([str(rounds)] if rounds else None)


def test_power_word_stun__out_of_range_is_spent():
    """Battlesystem [14.4], [14.17]: 7 1/2" away is beyond the 7" of a 14th level caster."""
    s = duel("aldric", "ysolde", gap=7.5 * 25.4)
    t, _ = do(s, A.CastSpell(side="a", caster="z", spell="power_word_stun", x=600.0, y=600.0 + 7.5 * 25.4, target="v"), [])
    assert M.effect(t.chars["v"], "stunned") is None and "power_word_stun" not in t.chars["z"].spells


def test_finger_of_death__a_failed_save_slays_and_his_orcs_check_morale():
    """Battlesystem [14.17] (PHB finger of death: save vs death magic, 14 for a 2nd level
    fighter): on 13 the sergeant dies and the orcs he led check morale ([4.4] Table 5)."""
    s = duel()
    s.chars["z"].spells = ["finger_of_death"]
    t, r = do(s, A.CastSpell(side="a", caster="z", spell="finger_of_death", x=600.0, y=620.0, target="v"), [13, 1, 1])
    assert t.chars["v"].status == "dead"
    assert any(getattr(e, "target", None) is not None and e.target.label == "morale" for e in r.events)
    t, _ = do(s, A.CastSpell(side="a", caster="z", spell="finger_of_death", x=600.0, y=620.0, target="v"), [14])
    assert t.chars["v"].status == "ok"


def test_spells_on_individuals_are_for_enemy_heroes_and_commanders_and_a_stunned_caster_casts_nothing():
    """Battlesystem [14.17]: aimed at the enemy; a stunned caster may not use magic (ours)."""
    s = duel()
    s.chars["w"] = s.chars["z"].model_copy(update={"id": "w", "x": 640.0})
    assert "aimed at an enemy" in why_not(s, A.CastSpell(side="a", caster="z", spell="command", x=640.0, y=600.0, target="w"))
    s.chars["z"].effects = ["stunned:2"]
    assert "is stunned" in why_not(s, A.CastSpell(side="a", caster="z", spell="command", x=600.0, y=620.0, target="v"))


# -- [14.18] wishes --------------------------------------------------------------------------------

def wisher(params=None):
    s = make_state(unit("e", "a", "valmark_spears", 300, 300, 90, 6, files=3), person("z", "a", "morgath", 600, 300, 90, "hero"),
                   unit("o", "b", "orc_blades", 600, 1000, 270, 4, files=4), params=params)
    s.units["e"].wounded = 3
    return at_step(s, "missile", "a")


def test_wish__two_wound_markers_off_then_a_figure_back():
    """Battlesystem [14.16], [14.18]: a wish takes two Wound markers off a figure's unit (3 -> 1),
    or with none left brings one figure back; a limited wish takes one off."""
    s = wisher({"power_level": "anything_goes"})
    t, _ = do(s, A.CastSpell(side="a", caster="z", spell="wish", x=300.0, y=300.0, target="e", option="restore"), [])
    assert t.units["e"].wounded == 1
    t = at_step(t, "missile", "a")
    t.turn += 1
    t.units["e"].wounded, t.units["e"].figures = 0, 4
    t.chars["z"].spells = ["wish"]
    t2, _ = do(t, A.CastSpell(side="a", caster="z", spell="wish", x=300.0, y=300.0, target="e", option="restore"), [])
    assert (t2.units["e"].figures, t2.units["e"].wounded) == (5, 0)
    t3, _ = do(s, A.CastSpell(side="a", caster="z", spell="limited_wish", x=300.0, y=300.0, target="e", option="restore"), [])
    assert t3.units["e"].wounded == 2


def test_wishes_need_high_magic_one_for_each_50000_points():
    """Battlesystem [14.18] with [16.3] A (README): no wish without high magic or anything goes;
    at high magic one a side for each 50,000 points (99,999 points: one)."""
    a = A.CastSpell(side="a", caster="z", spell="wish", x=300.0, y=300.0, target="e", option="restore")
    assert "allows 0 wishes" in why_not(wisher(), a)
    assert "allows 0 wishes" in why_not(wisher({"power_level": "medium_magic", "points": 200000}), a)
    s = wisher({"power_level": "high_magic", "points": 99999})
    assert why_not(s, a) is None
    t, _ = do(s, a, [])
    t = at_step(t, "missile", "a")
    t.turn += 1
    t.chars["z"].spells = ["wish", "limited_wish"]
    assert "allows 1 wish a side" in why_not(t, a)
    assert why_not(t, a.model_copy(update={"spell": "limited_wish"})) is None  # a limited wish is no wish
    assert "choose restore, learn or moves" in why_not(s, a.model_copy(update={"option": ""}))


def test_wish_used_for_information_tells_a_brigade():
    """Battlesystem [14.11] B (a), [14.18]: a wish asks for one brigade's forces."""
    s = make_state(person("z", "a", "morgath", 300, 300, 90, "hero"), unit("e", "a", "valmark_spears", 100, 100, 90, 4),
                   unit("o", "b", "orc_blades", 600, 900, 270, 4, files=4, brigade="bc"),
                   person("bc", "b", "hobgoblin_captain", 600, 1100, 270, "brigade"), params={"power_level": "anything_goes"})
    s.units["o"].effects = ["invisible:99"]
    s = at_step(s, "missile", "a")
    t, _ = do(s, A.CastSpell(side="a", caster="z", spell="wish", x=300.0, y=300.0, target="bc", option="learn"), [])
    from game.rulesets.battlesystem import RULESET as RS
    assert "o" in RS.view(t, "a").units and M.invisible(t.units["o"])


# -- [14.21] psionics ------------------------------------------------------------------------------

def psionic_pair():
    s = make_state(unit("e", "a", "valmark_spears", 100, 100, 90, 4), person("z", "a", "ysolde", 600, 300, 90, "hero"),
                   person("al", "a", "aldric", 300, 300, 90, "hero"),
                   unit("o", "b", "orc_blades", 1000, 1000, 270, 4, files=4), person("v", "b", "morgath", 600, 600, 270, "hero"),
                   person("mb", "b", "sergeant", 800, 600, 270, "member"))
    return at_step(s, "missile", "a")


def test_psionic_combat__d20_plus_level_the_loser_is_dazed_1d4_rounds():
    """Battlesystem [14.21] (ours: each rolls 1d20 + level; the lower is dazed 1d4 rounds, ties to
    the defender): Ysolde (14th) 10 + 14 = 24 against Morgath (18th) 5 + 18 = 23: Morgath is
    dazed 3 rounds; 9 + 14 = 23 against 23: Ysolde is."""
    s = psionic_pair()
    a = A.CastSpell(side="a", caster="z", spell="psionic_attack", x=600.0, y=600.0, target="v")
    t, _ = do(s, a, [10, 5, 3])
    assert M.effect(t.chars["v"], "stunned") == ["3"] and M.effect(t.chars["z"], "stunned") is None
    t, _ = do(s, a, [9, 5, 2])
    assert M.effect(t.chars["z"], "stunned") == ["2"] and M.effect(t.chars["v"], "stunned") is None


def test_psionic_combat__only_psionic_heroes_and_commanders():
    """Battlesystem [14.21]: psionic against psionic, heroes and commanders only: Lord Aldric has
    no psionics, a member of a unit is no hero; beyond 12" (ours) the attack fails."""
    s = psionic_pair()
    s.chars["v2"] = s.chars["al"].model_copy(update={"id": "v2", "side": "b", "x": 640.0, "y": 600.0})
    assert "no psionic powers" in why_not(s, A.CastSpell(side="a", caster="z", spell="psionic_attack", x=640.0, y=600.0,
                                                             target="v2"))
    assert "against an enemy hero or commander" in why_not(s, A.CastSpell(side="a", caster="z", spell="psionic_attack",
                                                                              x=800.0, y=600.0, target="mb"))
    s.chars["al"].spells = ["psionic_attack"]
    assert "no psionic powers" in why_not(s, A.CastSpell(side="a", caster="al", spell="psionic_attack", x=600.0, y=600.0,
                                                             target="v"))
    s.chars["v"].y = 300.0 + 12.5 * 25.4
    t, _ = do(s, A.CastSpell(side="a", caster="z", spell="psionic_attack", x=600.0, y=s.chars["v"].y, target="v"), [])
    assert M.effect(t.chars["v"], "stunned") is None and "psionic_attack" not in t.chars["z"].spells


def test_telempathic_projection__raises_a_friend_or_lowers_an_enemy_by_one():
    """Battlesystem [14.21]: one point of morale up or down, friend or foe, for 10 rounds (ours)."""
    s = psionic_pair()
    s.units["o"].x, s.units["o"].y = 750.0, 500.0
    s.units["e"].x, s.units["e"].y = 450.0, 300.0
    up = A.CastSpell(side="a", caster="z", spell="telempathic_projection", x=450.0, y=300.0, target="e", option="raise")
    t, _ = do(s, up, [])
    assert M.effect(t.units["e"], "morale") == ["1", "10"] and ("telempathic projection", 1) in current_morale(t, t.units["e"])[1]
    down = A.CastSpell(side="a", caster="z", spell="telempathic_projection", x=750.0, y=500.0, target="o", option="lower")
    t, _ = do(s, down, [])
    assert ("telempathic projection", -1) in current_morale(t, t.units["o"])[1]
    assert "choose raise or lower" in why_not(s, up.model_copy(update={"option": ""}))
    s.chars["al"].spells = ["telempathic_projection"]
    assert "no psionic powers" in why_not(s, up.model_copy(update={"caster": "al"}))


def test_the_agent_stuns_a_commander_in_reach_and_restores_a_unit_by_a_wish():
    """Battlesystem [14.17], [14.18]: the agent aims power word stun at an enemy commander in
    reach (1.3, over a wish's 1.5 only when no unit needs restoring) and wishes a unit with three
    Wound markers back."""
    from game.rulesets.battlesystem.ai.magic import best_cast
    s = duel("aldric", "ysolde", gap=150.0)
    a, v, why = best_cast(s, "a")
    assert (a.spell, a.target, v) == ("power_word_stun", "v", 1.3)
    s = wisher({"power_level": "anything_goes"})
    a, v, why = best_cast(s, "a")
    assert (a.spell, a.option, a.target, v) == ("wish", "restore", "e", 1.5)


def test_the_agent_keeps_up_an_illusion_the_enemy_believes_in():
    """Battlesystem [14.14] (ours): other magic would end the caster's illusion, so the agent
    casts nothing else while the enemy has not seen through it."""
    from game.rulesets.battlesystem.ai.magic import best_cast
    from .test_illusions_and_disbelief import ILL, cast_illusion
    t, _ = cast_illusion()
    t = at_step(t, "missile", "b")
    t.turn += 1
    t.chars["m"].spells = ["fireball"]
    t.units["e"].x, t.units["e"].y = 350.0, 700.0
    assert best_cast(t, "b") is None
    t.units[ILL].effects = t.units[ILL].effects + ["known:a"]
    assert best_cast(t, "b")[0].spell == "fireball"

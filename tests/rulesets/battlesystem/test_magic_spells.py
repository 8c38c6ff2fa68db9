"""Magic ([14.1]-[14.5], [14.12], [14.16]): the text's worked examples with their exact values,
Table 17, saving throws per figure, templates over real bases, spell sight."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.events import Casualties, SpellCast
from game.rulesets.battlesystem.formation import block_of
from game.rulesets.battlesystem.rules import magic as M
from game.rulesets.battlesystem.rules.legality import legal_actions
from game.rulesets.battlesystem.spells import SPELLS

from .helpers import IN, at_step, do, emitter, make_state, person, texts, unit


def giants_and_mordrin(**kw):
    """Mordrin (10th level) 20.2" south of six hill giants (9 HD, 5:1 figures, 1" bases) in two
    ranks; a friendly unit far off so the battle goes on."""
    s = make_state(unit("g", "b", "example_hill_giants", 600, 400, 90, 6, files=3),
                   unit("f", "a", "valmark_spears", 100, 1100, 270, 4),
                   person("m", "a", "mordrin", 600, 900, 270, "hero"), **kw)
    return at_step(s, "missile", "a")


def casualties(r, uid):
    return [e for e in r.events if isinstance(e, Casualties) and e.unit == uid]


# -- [14.5] A worked examples --------------------------------------------------------------------------

def test_ice_storm__14_hit_points_make_4_hit_dice():
    """Battlesystem [14.5] A: an ice storm's 3d10 rolled 6, 5 and 3 is 14 hit points, 3 1/2
    hit dice, rounded up to 4."""
    assert M.direct_hd("3d10") is None  # not a D6/D8 column: hit points divided by four
    assert M.hp_to_hd(14) == 4
    em = emitter(make_state(unit("x", "b", "orc_blades", 600, 400, 90, 4)), [6, 5, 3])
    assert M.roll_hd(em, SPELLS["ice_storm"].damage, "ice storm") == 4


def test_d6_and_d8_damage_is_that_many_hit_dice__wand_and_magic_missile():
    """Battlesystem [14.5] A: 6d6 is 6 HD; a magic missile's d4+1 reads as the D6 column: 1 HD."""
    assert M.direct_hd("6d6") == 6
    assert M.direct_hd("6d8") == 6
    assert M.direct_hd("1d4+1") == 1
    assert M.direct_hd(M.damage_expr(SPELLS["cone_of_cold"], 10)) == 10


def test_fireball_on_a_figure_of_ten_creatures_is_60_hit_dice():
    """Battlesystem [14.5] A special note: 6 HD on each of ten creatures is 60 HD."""
    assert M.area_damage_hd(6, 10) == 60
    assert M.direct_hd(M.damage_expr(SPELLS["fireball"], 6)) == 6


def test_ten_ogres_and_a_6_hd_fireball__the_save_decides():
    """Battlesystem [14.5] B: ten 4 HD ogres under a 6 HD fireball: saved, 3 HD each, they live
    (wounded); failed, 6 HD each, the figure is removed."""
    f = M.figure_fate(4.0, 6.0, "half", 10, 10)
    assert (f.saved, f.failed, f.roll) == ("wounded", "removed", True)
    assert M.figure_fate(1.0, 6.0, "half", 10, 10) == M.Fate("removed", "removed")  # all die even if they save
    assert M.figure_fate(9.0, 6.0, "half", 10, 10) == M.Fate("wounded", "wounded")  # all live even if they fail
    assert M.figure_fate(1.0, 6.0, "half", 4, 10) == M.Fate("wounded", "wounded")  # partly inside: at most wounded (ours)


def test_mirror_image__40_hit_dice_become_10_with_three_images():
    """Battlesystem [14.12]: three duplicates each take their share: 40 HD -> 10 HD."""
    assert M.mirror_image(40, 3) == 10


# -- [14.2] Table 17 -------------------------------------------------------------------------------------

@pytest.mark.parametrize("adnd,table", [(1, 0.5), (2, 1.0), (3, 1.0), (4, 4 / 3), (5, 5 / 3), (6, 2.0), (9, 3.0), (0.5, 0.5)])
def test_table_17__areas_on_the_table(adnd, table):
    """Battlesystem [14.2] Table 17; beyond it 3 AD&D inches to 1 (1" = 10')."""
    assert M.table_inches(adnd) == pytest.approx(table, abs=1e-6)


def test_table_17__open_and_skirmish_figures_count_one_base_size_larger():
    """Battlesystem [14.2] special note: the base column applies to closed and mob order; open
    and skirmish order take the next size."""
    assert M.effective_base_in(0.75, "closed") == 0.75
    assert M.effective_base_in(0.75, "open") == 1.0
    assert M.effective_base_in(0.5, "skirmish") == 0.75
    assert M.effective_base_in(1.5, "open") == 1.75


@settings(max_examples=30, deadline=None)
@given(st.floats(0.1, 30.0), st.floats(0.1, 30.0))
def test_table_17_never_shrinks_a_larger_area(a, b):
    """Battlesystem [14.2]: the conversion keeps order (a bigger AD&D area is never smaller)."""
    lo, hi = sorted((a, b))
    assert M.table_inches(lo) <= M.table_inches(hi) + 1e-9


# -- [14.3] saving throws ----------------------------------------------------------------------------------

def test_saving_throws__monsters_as_fighters_of_their_hit_dice():
    """Battlesystem [14.3] (AD&D 1e DMG p. 79): 1 HD orcs 17 against spells, ogres (4+1 HD,
    as 5th level) 14, 0-level levies 19; breath weapons 17 for orcs."""
    s = make_state(unit("o", "b", "orc_blades", 600, 400, 90, 4), unit("g", "b", "ogre_band", 200, 400, 90, 2),
                   unit("l", "a", "valmark_levy", 600, 900, 270, 4))
    assert M.unit_save(s.units["o"], "spell") == 17
    assert M.unit_save(s.units["g"], "spell") == 14
    assert M.unit_save(s.units["l"], "spell") == 19
    assert M.unit_save(s.units["o"], "breath") == 17


def test_bulk_saving_throws__one_less_than_the_save_fail_per_twenty_figures():
    """Battlesystem [14.3] optional rule: 45 figures saving on 14: 2 x 13 fail without a roll."""
    assert M.bulk_failures(45, 14) == 26
    assert M.bulk_failures(19, 14) == 0
    assert M.bulk_failures(20, 17) == 16


# -- a fireball over real bases ------------------------------------------------------------------------------

def test_fireball_over_hill_giants__one_figure_inside_saves_per_figure():
    """Battlesystem [14.2], [14.3], [14.5]: Mordrin's fireball (10th level: 10 HD) centred on a
    giant figure of a skirmish line (1" bases 1" apart): in skirmish order its base counts as
    1 1/2" (Table 17's note), 91% of it inside the 1" radius (Table 17: 2" -> 1"), so all five
    giants are in the area (rounded); the neighbours, 2" off, are untouched. Its save decides
    (5 HD saved < 9 HD; 10 HD failed): a failed save (2) removes the figure and the unit checks
    morale for a figure removed by magic (Table 4); a save of 20 leaves a Wound marker."""
    s = giants_and_mordrin()
    cx, cy = block_of(s.units["g"]).centres[1]
    a = A.CastSpell(side="a", caster="m", spell="fireball", x=float(cx), y=float(cy) + 0.0)
    assert a in legal_actions(s, "a") or M.why_not_cast(s, a) is None
    s2 = s.clone()
    s2.chars["m"].y = 780.0  # within 20"
    t, r = do(s2, a, [2, 1, 1])
    c = casualties(r, "g")
    assert len(c) == 1
    assert (c[0].killed, c[0].figures, c[0].wounded) == (1, 5, 0)
    assert any("morale check" in x for x in texts(r.events))
    assert t.chars["m"].spells.count("fireball") == 1
    # the same cast with a saving throw of 20: wounded, nothing removed
    t, r = do(s2, a, [20])
    c = casualties(r, "g")
    assert (c[0].killed, c[0].figures, c[0].wounded) == (0, 6, 1)


def test_spell_out_of_range_fails_and_is_spent():
    """Battlesystem [14.4]: range is measured after the declaration; short, the spell is lost."""
    s = giants_and_mordrin()
    cx, cy = block_of(s.units["g"]).centres[1]
    t, r = do(s, A.CastSpell(side="a", caster="m", spell="fireball", x=float(cx), y=float(cy)), [])
    cast = [e for e in r.events if isinstance(e, SpellCast)]
    assert cast and not cast[0].ok and "beyond its range" in cast[0].text
    assert t.chars["m"].spells.count("fireball") == 1
    assert t.units["g"].figures == 6


def test_spell_sight__a_unit_in_between_blocks_the_spell():
    """Battlesystem [14.4]: a unit in any formation between caster and target breaks the line."""
    s = make_state(unit("g", "b", "example_hill_giants", 600, 400, 90, 6, files=3),
                   unit("f", "a", "valmark_spears", 600, 600, 270, 6),
                   person("m", "a", "mordrin", 600, 780, 270, "hero"))
    s = at_step(s, "missile", "a")
    cx, cy = block_of(s.units["g"]).centres[1]
    t, r = do(s, A.CastSpell(side="a", caster="m", spell="fireball", x=float(cx), y=float(cy)), [])
    cast = [e for e in r.events if isinstance(e, SpellCast)][0]
    assert not cast.ok and "Valmark spearmen" in cast.text
    assert t.units["g"].figures == 6


def test_spell_sight__woods_block_beyond_an_inch():
    """Battlesystem [14.4]: woods between caster and target break the line (ours: the inch the
    eye reaches into woods, [11.9], is allowed)."""
    wood = {"id": "w", "kind": "woods", "name": "wood", "exterior": [[500, 500], [700, 500], [700, 600], [500, 600]],
            "height": 0}
    s = make_state(unit("g", "b", "example_hill_giants", 600, 400, 90, 6, files=3),
                   unit("f", "a", "valmark_spears", 100, 1100, 270, 4),
                   person("m", "a", "mordrin", 600, 780, 270, "hero"), features=[wood])
    s = at_step(s, "missile", "a")
    line = M.caster_point(s, "m"), tuple(block_of(s.units["g"]).centres[1])
    from game.rulesets.battlesystem.sight import spell_line
    assert spell_line(s, line[0], line[1], {"m"}).why == "woods"
    assert spell_line(s, (450.0, 780.0), (450.0, 300.0), {"m"}).clear


def test_a_caster_who_moved_may_not_cast():
    """Battlesystem [14.1]: no moving and casting in one round (without haste)."""
    s = giants_and_mordrin()
    s.chars["m"].moved = 10.0
    a = A.CastSpell(side="a", caster="m", spell="fireball", x=600.0, y=400.0)
    assert "moved this round" in M.why_not_cast(s, a)


def test_magic_only_in_the_missile_and_magic_step():
    """Battlesystem [14.1]: spells are used in the missile and magic phase."""
    s = at_step(giants_and_mordrin(), "move", "a")
    assert "missile and magic" in M.why_not_cast(s, A.CastSpell(side="a", caster="m", spell="fireball", x=600.0, y=400.0))


def test_lightning_bolt_from_the_front_only_wounds():
    """Battlesystem [14.5] B: a line fired from the front (or rear) can do no more than wound;
    from the side it may remove figures."""
    s = giants_and_mordrin()
    g = s.units["g"]  # faces +y (90 degrees): Mordrin at y 900 is in front of it
    bolt = SPELLS["lightning_bolt"]
    centre = tuple(block_of(g).centres[1])
    assert M.only_wounds(bolt, g, (600.0, 900.0), centre)
    assert not M.only_wounds(bolt, g, (100.0, centre[1]), centre)
    cone = SPELLS["cone_of_cold"]
    near = (centre[0], centre[1] + 10.0)
    assert M.only_wounds(cone, g, near, centre)  # in the first half of the cone
    assert not M.only_wounds(cone, g, (centre[0], centre[1] + 40 * IN), centre)


def test_templates_have_their_converted_sizes():
    """Battlesystem [14.2]: a fireball's circle 1" in radius; a bolt 8" -> 2 2/3" long and 1/2"
    wide; a cone of cold (5" -> 1 2/3", 3" -> 1" wide at its end)."""
    c = M.template(SPELLS["fireball"], (0.0, 0.0), 500.0, 500.0)
    assert c.area == pytest.approx(math.pi * IN ** 2, rel=0.01)
    line = M.template(SPELLS["lightning_bolt"], (0.0, 500.0), 100.0, 500.0)
    assert line.bounds == pytest.approx((100.0, 500 - IN / 4, 100.0 + 8 / 3 * IN, 500 + IN / 4), abs=1e-6)
    cone = M.template(SPELLS["cone_of_cold"], (0.0, 0.0), 100.0, 0.0)
    assert cone.area == pytest.approx(0.5 * (5 / 3 * IN) * IN, rel=1e-6)


# -- [14.16] healing ---------------------------------------------------------------------------------------

def test_healing__half_a_figures_hit_dice_takes_a_wound_marker_off():
    """Battlesystem [14.16]: cure serious wounds (4th level) cures 4 HD; heal (6th) 12 HD; a
    Wound marker comes off for half a figure's hit dice (10:1 orcs: 5 HD)."""
    assert M.healing_hd(SPELLS["cure_serious_wounds"]) == 4
    assert M.healing_hd(SPELLS["heal"]) == 12
    assert M.wounds_healed(4, 10) == 0
    assert M.wounds_healed(12, 10) == 2


def test_cure_spells_add_up_on_a_unit():
    """Battlesystem [14.16] 'the total damage cured': two cure serious wounds (4 + 4 HD) take a
    marker off a 10 HD figure."""
    s = make_state(unit("o", "a", "valmark_spears", 600, 400, 270, 6), person("h", "a", "hild", 600, 420, 270, "hero"),
                   unit("e", "b", "orc_blades", 600, 100, 90, 4))
    s.units["o"].wounded = 1
    s.chars["h"].spells = ["cure_serious_wounds", "cure_serious_wounds"]
    s = at_step(s, "missile", "a")
    a = A.CastSpell(side="a", caster="h", spell="cure_serious_wounds", x=600.0, y=400.0, target="o")
    t, r = do(s, a, [])
    assert t.units["o"].wounded == 1 and M.effect(t.units["o"], "healed") == ["4.0"]
    t.chars["h"].effects = []
    t, r = do(at_step(t, "missile", "a"), a, [])
    assert t.units["o"].wounded == 0

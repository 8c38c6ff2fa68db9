"""Sight ([10.1], [11.9]), terrain effects on movement and combat ([11.8], [11.9]), heroes and
individual combat ([9.1], [9.4])."""

from __future__ import annotations

import math

from game.core.event import DiceRolled
from game.rulesets.battlesystem import RULESET
from game.rulesets.battlesystem.rules.melee import melee_ar
from game.rulesets.battlesystem.rules.movement import plan_advance, plan_charge
from game.rulesets.battlesystem.sight import adjudicate, unit_sight

from .helpers import IN, at_step, emitter, make_state, person, unit

MV = 9 * IN


def _pair(dx: float, dy: float, features=(), viewer="valmark_bows", target="orc_blades"):
    return make_state(unit("v", "a", viewer, 600.0, 600.0, 270.0, 8, 8, "open" if viewer == "valmark_bows" else None),
                      unit("t", "b", target, 600.0 + dx, 600.0 + dy, 90.0, 10, 10), features=features)


# -- sight ---------------------------------------------------------------------------------------

def test_sight__within_45_degrees_either_side_of_the_facing():
    """Battlesystem [10.1]: a figure sees 45 degrees either side of its facing; a unit well off
    to the side is not seen, one ahead is (every figure of it)."""
    ahead = _pair(0.0, -300.0)
    v = adjudicate(ahead, "v", "t")
    assert v.sees and math.isclose(v.visible_fraction, 1.0)
    side = _pair(700.0, -100.0)
    v = adjudicate(side, "v", "t")
    assert not v.sees and "45 degrees" in v.note


def test_sight__a_hill_hides_what_is_behind_it():
    """Battlesystem [10.1] with exact 2.5D shadows: a 40 mm hill between hides a unit behind it."""
    hill = {"id": "h", "kind": "hill", "name": "Watch Hill", "height": 40.0, "properties": {"level": 1},
            "exterior": [[450.0, 380.0], [750.0, 380.0], [750.0, 450.0], [450.0, 450.0]]}
    s = _pair(0.0, -300.0, [hill])
    v = adjudicate(s, "v", "t")
    assert not v.sees and any(c.name == "Watch Hill" for c in v.crossings)


def test_sight__woods_one_inch_for_men_six_for_elves():
    """Battlesystem [11.9]: sight reaches 1" into woods, 6" for elves and other woodland
    creatures."""
    wood = {"id": "w", "kind": "woods", "name": "the wood", "height": 0,
            "exterior": [[300.0, 340.0], [900.0, 340.0], [900.0, 400.0], [300.0, 400.0]]}
    men = _pair(0.0, -300.0, [wood])
    assert not unit_sight(men, "v", "t").seen  # 60 mm of wood between
    elves = make_state(unit("v", "a", "elf_scouts", 600.0, 600.0, 270.0, 6, 3),
                       unit("t", "b", "orc_blades", 600.0, 300.0, 90.0, 10, 10), features=[wood])
    assert unit_sight(elves, "v", "t").seen


def test_sight__other_units_block_and_the_hooks_answer_for_the_overlay():
    """Units in between hide what is behind them; the ruleset's ``sight`` / ``sight_region``
    hooks give the same verdict to the app's overlay."""
    s = make_state(unit("v", "a", "valmark_bows", 600.0, 600.0, 270.0, 8, 8, "open"),
                   unit("screen", "a", "valmark_swords", 600.0, 450.0, 270.0, 20, 20),
                   unit("t", "b", "orc_blades", 600.0, 300.0, 90.0, 10, 10))
    assert not adjudicate(s, "v", "t").sees
    assert RULESET.sight(s, "v", "t").sees is False
    region = RULESET.sight_region(s, "v")
    assert region is not None and region.hidden


# -- terrain ------------------------------------------------------------------------------------

def _move(features, x=600.0, y=900.0, profile="valmark_spears", formation=None, game="intermediate"):
    return make_state(unit("u", "a", profile, x, y, 270.0, 16, 8, formation),
                      person("sgt", "a", "sergeant", x, y, 270.0, "unit_commander", "u"),
                      unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10), features=features, game=game)


WOOD = {"id": "w", "kind": "woods", "name": "the wood", "height": 0,
        "exterior": [[300.0, 600.0], [900.0, 600.0], [900.0, 860.0], [300.0, 860.0]]}


def test_woods__a_third_slower_and_no_closed_formation():
    """Battlesystem [11.8] Table 14: woods cost a third of the move (a rate of 2/3: 1 1/2 times
    the distance); no unit may be in closed formation in woods."""
    s = _move([WOOD], formation="open")
    p = plan_advance(s, s.units["u"], 4 * IN)
    # the front runs 40 mm before the wood, then 61.6 mm inside it
    assert math.isclose(p.cost, 4 * IN + (4 * IN - 40.0) * 0.5, rel_tol=1e-9)
    s = _move([WOOD])
    p = plan_advance(s, s.units["u"], 4 * IN)
    assert not p.legal and "closed formation" in p.reason


def test_woods__elves_ignore_the_penalty():
    s = make_state(unit("u", "a", "elf_scouts", 600.0, 900.0, 270.0, 6, 3),
                   unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10), features=[WOOD])
    p = plan_advance(s, s.units["u"], 4 * IN)
    assert math.isclose(p.cost, 4 * IN)


def test_road__a_third_further_for_a_unit_wholly_on_it():
    """Battlesystem [11.8]: a unit wholly on the road for the whole move moves a third further."""
    road = {"id": "r", "kind": "road", "name": "the road", "height": 0,
            "exterior": [[560.0, 0.0], [640.0, 0.0], [640.0, 1200.0], [560.0, 1200.0]]}
    s = make_state(unit("u", "a", "valmark_spears", 600.0, 900.0, 270.0, 12, 3),
                   person("sgt", "a", "sergeant", 600.0, 900.0, 270.0, "unit_commander", "u"),
                   unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10), features=[road])
    p = plan_advance(s, s.units["u"], 8 * IN)
    assert math.isclose(p.cost, 8 * IN * 0.75)


def test_obstacle__a_third_of_the_move_opens_closed_ranks_no_charge():
    """Battlesystem [11.8]: crossing a stream costs 1/3 of the move; a closed unit opens its
    ranks (free); no charge across it."""
    stream = {"id": "s", "kind": "stream", "name": "the brook", "height": 0,
              "exterior": [[0.0, 780.0], [1200.0, 780.0], [1200.0, 800.0], [0.0, 800.0]]}
    s = _move([stream])
    p = plan_advance(s, s.units["u"], 5 * IN)
    assert math.isclose(p.cost, 5 * IN + MV / 3) and p.changes.get("formation") == "open"
    s.units["foe"].y = 900.0 - 10 * IN
    assert "no charge across" in plan_charge(s, s.units["u"], "foe").reason


def test_hill__a_third_to_climb_and_no_charge_uphill():
    """Battlesystem [11.8]: 1/3 of the move per 10 feet climbed; no charge uphill."""
    hill = {"id": "h", "kind": "hill", "name": "the hill", "height": 40.0, "properties": {"level": 1},
            "exterior": [[200.0, 400.0], [1000.0, 400.0], [1000.0, 820.0], [200.0, 820.0]]}
    s = _move([hill])
    p = plan_advance(s, s.units["u"], 4 * IN)
    assert math.isclose(p.cost, 4 * IN + MV / 3)
    s.units["foe"].y = 900.0 - 10 * IN
    assert "uphill" in plan_charge(s, s.units["u"], "foe").reason


def test_river__no_unit_enters_water():
    """Battlesystem [11.8]: units never enter rivers: the move stops at the bank."""
    river = {"id": "r", "kind": "river", "name": "the river", "height": 0,
             "exterior": [[0.0, 700.0], [1200.0, 700.0], [1200.0, 760.0], [0.0, 760.0]]}
    s = _move([river])
    p = plan_advance(s, s.units["u"], 6 * IN)
    assert p.legal and math.isclose(p.block.y, 760.0) and p.hit.kind == "terrain"


def test_basic_game__terrain_has_no_cost():
    """Battlesystem Part 2: terrain effects are Intermediate rules."""
    s = _move([WOOD], formation="open", game="basic")
    assert math.isclose(plan_advance(s, s.units["u"], 4 * IN).cost, 4 * IN)


def test_fighting_up_from_a_stream__plus_four():
    """Battlesystem [11.9]: a unit fording a stream attacking one on the bank +4."""
    ford = {"id": "f", "kind": "ford", "name": "the ford", "height": 0, "properties": {"fordable": True},
            "exterior": [[300.0, 500.0], [900.0, 500.0], [900.0, 560.0], [300.0, 560.0]]}
    s = make_state(unit("u", "a", "valmark_spears", 600.0, 500.0, 270.0, 16, 8, "open"),
                   unit("foe", "b", "orc_blades", 600.0, 500.0, 90.0, 10, 10), features=[ford])
    _, mods = melee_ar(s, s.units["u"], s.units["foe"])
    assert ("fighting up from a ditch, stream or swamp", 4) in mods
    _, mods = melee_ar(s, s.units["foe"], s.units["u"])
    assert ("fighting up from a ditch, stream or swamp", 4) not in mods


def test_higher_ground__the_defender_on_the_hill():
    """Battlesystem [8.3] Table 10, read as a penalty (README): attacking a unit on higher ground +1."""
    hill = {"id": "h", "kind": "hill", "name": "the hill", "height": 40.0, "properties": {"level": 1},
            "exterior": [[200.0, 100.0], [1000.0, 100.0], [1000.0, 500.0], [200.0, 500.0]]}
    s = make_state(unit("u", "a", "valmark_spears", 600.0, 500.0, 270.0, 16, 8),
                   unit("foe", "b", "orc_blades", 600.0, 500.0, 90.0, 10, 10), features=[hill])
    _, mods = melee_ar(s, s.units["u"], s.units["foe"])
    assert ("defender on higher ground", 1) in mods


# -- heroes ----------------------------------------------------------------------------------------

def _duel(game="intermediate"):
    return make_state(person("h", "a", "bertrand", 600.0, 600.0, 270.0, "hero"),
                      person("o", "b", "ogre_chief", 600.0, 600.0 - 12.7, 90.0, "hero"),
                      unit("x", "a", "valmark_spears", 200.0, 1000.0, 270.0, 16, 8),
                      unit("y", "b", "orc_blades", 200.0, 100.0, 90.0, 10, 10), game=game)


def test_individual_combat__three_ad_and_d_rounds():
    """Battlesystem [9.4] B, [1.6] A: two individuals in contact fight three melee rounds: each
    round initiative on d6 each, then a d20 against THAC0 - AC (a 20 always hits) and the
    weapon's damage in hit points."""
    s = at_step(_duel(), "melee", "rules")
    from game.rulesets.battlesystem.rules.individuals import hero_melee
    # each round: Sir Bertrand's initiative 6, the ogre's 1; Bertrand's d20 20 (hits), his
    # long sword's d12 against the large ogre 4; the ogre's d20 1 (misses: it needs 13 - 2 = 11)
    em = emitter(s, [6, 1, 20, 4, 1] * 3)
    hero_melee(em)
    rolls = [e for e in em.events if isinstance(e, DiceRolled)]
    assert len([r for r in rolls if "initiative" in r.purpose]) == 6  # two a round, three rounds
    swings = [r for r in rolls if r.target is not None]
    assert [sw.passed for sw in swings] == [True, False] * 3
    assert swings[1].target.value == 13 - 2
    assert em.s.chars["o"].hp == 42 - 3 * 4 and em.s.chars["h"].hp == 38


def test_individual_combat__not_in_the_basic_game():
    """Battlesystem Part 2: Individual Combat [9.4] is not allowed in the Basic game."""
    s = at_step(_duel("basic"), "melee", "rules")
    from game.rulesets.battlesystem.rules.individuals import hero_melee
    em = emitter(s)
    hero_melee(em)
    assert em.events == []


def test_hero_against_a_figure__four_hit_points_a_hit_die_and_only_wounds():
    """Battlesystem [9.4] A: one figure attacks a man-sized hero, each hit die of its damage is
    4 hit points; the hero's attack only wounds a figure, with half its hit dice or more."""
    s = make_state(person("h", "a", "bertrand", 600.0, 500.0 - 12.7 / 2, 270.0, "hero"),
                   unit("t", "b", "orc_blades", 600.0, 500.0 - 12.7, 90.0, 10, 10))
    s = at_step(s, "melee", "rules")
    from game.rulesets.battlesystem.rules.individuals import hero_vs_unit
    em = emitter(s, [6, 6, 1, 1])
    hero_vs_unit(em, em.s.chars["h"], em.s.units["t"])
    from game.rulesets.battlesystem.events import Attack
    a1, a2 = [e for e in em.events if isinstance(e, Attack)]
    assert a1.figures == 1 and em.s.chars["h"].hp == 38 - a1.per_figure * 4
    assert em.s.units["t"].figures == 10 and em.s.units["t"].wounded == (1 if a2.per_figure >= 5 else 0)


def test_fate_of_a_commander_whose_unit_is_destroyed__table_11():
    """Battlesystem [9.1], [9.2] Table 11: a d10 when the last figure goes: 1 killed and lost,
    2-3 killed, 4-7 badly wounded, 8-10 unconscious."""
    from game.rulesets.battlesystem.rules.melee import apply_damage
    for face, status in ((1, "lost"), (3, "dead"), (5, "wounded"), (9, "unconscious")):
        s = make_state(unit("u", "a", "valmark_spears", 600.0, 600.0, 270.0, 4, 4),
                       person("sgt", "a", "sergeant", 600.0, 600.0, 270.0, "unit_commander", "u"),
                       unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
        em = emitter(s, [face])
        apply_damage(em, em.unit("u"), 100.0, "test")
        assert em.s.chars["sgt"].status == status and em.unit("u").status == "destroyed"

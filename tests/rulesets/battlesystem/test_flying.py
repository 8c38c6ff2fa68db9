"""Battlesystem [15.1]-[15.4]: flying movement, altitudes, turning, formations, combat in and
from the air, forced landings and bombing, and altitude in the sight adjudication."""

from __future__ import annotations

import math

import pytest

from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.rules.flying import (altitude_mm, bomb_ac, plan_climb, shifted_band, turn_category,
                                                      turn_limit)
from game.rulesets.battlesystem.rules.melee import defender_ac
from game.rulesets.battlesystem.rules.movement import allowance, obstacles
from game.rulesets.battlesystem.sight import unit_sight
from game.rulesets.battlesystem.setup import validate

from .helpers import IN, at_step, do, make_state, unit

FLY = 48 * IN  # the giant eagle's flying rate


def _eagles(altitude=0, x=600.0, y=900.0, heading=270.0, *more, game="advanced", figures=6):
    more = more or (unit("far", "b", "orc_blades", 150.0, 100.0, 90.0, 10, 10),)
    return make_state(unit("e", "a", "giant_eagles", x, y, heading, figures, 3, "open", **({"altitude": altitude} if altitude else {})),
                      *more, game=game)


def test_altitudes__low_medium_high_are_1_4_8_inches():
    """[15.1] three altitudes: 30' (1"), 120' (4"), 240' (8")."""
    assert [altitude_mm(k) for k in (0, 1, 2, 3)] == pytest.approx([0.0, 25.4, 101.6, 203.2])


def test_rising_costs_a_third_of_the_flying_move_and_descending_is_free():
    """[15.1] rising one level costs 1/3 of the flying rate; coming down any number is free;
    in the air the unit moves at its flying rate (48" for giant eagles, 3" on foot)."""
    s = _eagles()
    assert allowance(s, s.units["e"]) == pytest.approx(3 * IN)
    s1, r = do(s, A.Climb(side="a", unit="e", levels=2))
    e = s1.units["e"]
    assert e.altitude == 2 and e.moved == pytest.approx(2 * FLY / 3)
    assert allowance(s1, e) == pytest.approx(FLY)
    s2, _ = do(s1, A.Climb(side="a", unit="e", levels=-2))
    assert s2.units["e"].altitude == 0 and s2.units["e"].moved == pytest.approx(2 * FLY / 3)


def test_rising_above_high_altitude_leaves_the_battlefield():
    """[15.1] 8" is the top of the battlefield: a flyer rising past it is removed (it escaped)."""
    s = _eagles(3)
    s1, _ = do(s, A.Climb(side="a", unit="e", levels=1))
    e = s1.units["e"]
    assert e.status == "off_table" and e.flown_off and not e.routed


def test_flying_is_an_advanced_rule_and_needs_a_flyer():
    """[15.0] flying in the Advanced game only; men cannot fly."""
    s = _eagles(game="intermediate")
    assert "Advanced" in plan_climb(s, s.units["e"], 1).reason
    men = make_state(unit("m", "a", "valmark_swords", 600, 900, 270, 10, 10), game="advanced")
    assert "cannot fly" in plan_climb(men, men.units["m"], 1).reason


def test_formations__open_or_skirmish_in_the_air_closed_only_on_the_ground():
    """[15.2] a closed unit must open before it flies, and may not close ranks in the air."""
    s = make_state(unit("e", "a", "giant_eagles", 600, 900, 270, 6, 3, "closed"), game="advanced")
    assert "open" in plan_climb(s, s.units["e"], 1).reason
    air = _eagles(1)
    assert "open or skirmish" in RS_check(air, A.Reform(side="a", unit="e", formation="closed"))


def RS_check(s, a):
    from game.rulesets.battlesystem import RULESET
    v = RULESET.check(s, a)
    return getattr(v, "reason", "")


def test_turn_limits_by_size_and_the_categories_around_them():
    """[15.1] larger than man-size turns 45 degrees a round; at half its flying rate or less one
    category better (90); carrying bombs one worse (no worse than 45 here)."""
    s = _eagles(1)
    e = s.units["e"]
    assert turn_limit(s, e) == 90.0  # nothing flown yet: at most half the rate
    e2 = e.model_copy(update={"moved": FLY * 0.75})
    assert turn_limit(s, e2) == 45.0
    assert turn_category(e.model_copy(update={"bombs": 0}), slow=False) == 2
    s1, _ = do(s, A.Face(side="a", unit="e", turn=90))
    assert s1.units["e"].flight_turned == pytest.approx(90.0)
    why = RS_check(s1, A.Face(side="a", unit="e", turn=90))
    assert "degrees a round in the air (90 already" in why


def test_a_turn_that_would_take_it_past_half_its_rate_keeps_the_normal_limit():
    """[15.1] a 90-degree turn is allowed only while the flyer has used at most half its rate."""
    s = _eagles(1)
    s1, _ = do(s, A.Advance(side="a", unit="e", distance=FLY * 0.6))
    assert "45 degrees" in RS_check(s1, A.Face(side="a", unit="e", turn=90))


def test_flyers_above_low_altitude_pass_over_ground_units_and_low_flyers_meet_them():
    """[15.1] (ours) medium and high flyers pass over troops on the ground; at low altitude they
    meet them (and may fight them)."""
    orcs = unit("o", "b", "orc_blades", 600.0, 700.0, 90.0, 10, 10)
    high = _eagles(2, 600.0, 900.0, 270.0, orcs)
    assert "o" not in obstacles(high, "e").owner
    low = _eagles(1, 600.0, 900.0, 270.0, orcs)
    assert "o" in obstacles(low, "e").owner
    ground = _eagles(0, 600.0, 900.0, 270.0, orcs)
    assert "o" in obstacles(ground, "e").owner


def test_ground_units_attacked_from_the_air_are_two_ac_worse():
    """[15.3] the ground unit suffers +2 AC against a unit in flight."""
    s = _eagles(1, 600.0, 900.0, 270.0, unit("o", "b", "orc_blades", 600.0, 880.0, 90.0, 10, 10))
    ac, mods = defender_ac(s, s.units["e"], s.units["o"])
    assert ("attacked from the air", 2) in mods
    ac0, mods0 = defender_ac(s, s.units["o"], s.units["e"])
    assert not any(k == "attacked from the air" for k, _ in mods0)


def test_missiles_from_the_air_shift_one_range_band():
    """[15.3] from the air short range counts as medium and medium as long."""
    s = _eagles(1)
    e = s.units["e"]
    assert [shifted_band(e, b) for b in ("short", "medium", "long")] == ["medium", "long", "long"]
    ground = e.model_copy(update={"altitude": 0})
    assert shifted_band(ground, "short") == "short"


def test_a_winged_flyer_that_takes_damage_lands_and_may_not_rise_that_round():
    """[15.3] any damage to a winged flyer forces it down at once; it may fly again next round
    if it took no wound, never again with a Wound marker."""
    from game.rulesets.battlesystem.rules.melee import apply_damage
    from .helpers import emitter
    s = _eagles(2)
    s.turn = 3
    em = emitter(s)
    apply_damage(em, em.unit("e"), 0.5, "a test")  # less than a quarter of a 4 HD figure: no wound
    e = em.s.units["e"]
    assert e.altitude == 0 and e.landed_round == 3 and e.wounded == 0
    assert "next round" in plan_climb(em.s, e, 1).reason
    later = em.s.clone()
    later.turn = 4
    assert plan_climb(later, later.units["e"], 1).legal
    hurt = later.clone()
    hurt.units["e"].wounded = 1
    assert "Wound marker" in plan_climb(hurt, hurt.units["e"], 1).reason


def test_bombs_hit_as_ac_10_8_4_by_altitude_and_fall_on_the_unit_beneath():
    """[15.4] bombs of 2d6 a man-sized weight hit as AC 10 from low, 8 from medium, 4 from high
    altitude, whatever the victim's armour."""
    assert [bomb_ac(k) for k in (1, 2, 3)] == [10, 8, 4]
    orcs = unit("o", "b", "orc_blades", 600.0, 900.0, 270.0, 10, 5)
    s = at_step(_eagles(2, 600.0, 900.0, 270.0, orcs), "missile", "a")
    assert s.units["e"].bombs == 1
    s1, r = do(s, A.Bomb(side="a", unit="e", target="o"), faces=[3, 4] + [1] * 12)
    att = next(e for e in r.events if getattr(e, "type", "") == "bts_attack")
    from game.rulesets.battlesystem.rules.common import rating
    ar = rating(s.units["e"]).ar
    assert att.attack_roll == ar - 8 + 7
    from game.rulesets.battlesystem.rules import crt
    assert att.per_figure == crt.read(att.attack_roll, "2d6").total and att.figures == 6
    assert s1.units["e"].bombs == 0
    far = at_step(_eagles(2, 200.0, 300.0, 270.0, unit("o", "b", "orc_blades", 900.0, 900.0, 270.0, 10, 5)), "missile", "a")
    assert "beneath" in RS_check(far, A.Bomb(side="a", unit="e", target="o"))


def test_sight__a_flyer_sees_and_is_seen_over_walls_and_woods():
    """[15.1] with [10.1] and [11.9]: altitude is part of sight; a wall that hides a ground unit
    does not hide a flyer at medium altitude, and woods do not limit sight to or from the air."""
    wall = {"id": "w", "kind": "building", "name": "the keep", "height": 60.0,
            "exterior": [[450.0, 700.0], [750.0, 700.0], [750.0, 740.0], [450.0, 740.0]]}
    bows = unit("v", "b", "valmark_bows", 600.0, 600.0, 90.0, 8, 8, "open")
    ground = make_state(unit("e", "a", "giant_eagles", 600.0, 900.0, 270.0, 6, 3, "open"), bows, features=[wall], game="advanced")
    air = make_state(unit("e", "a", "giant_eagles", 600.0, 900.0, 270.0, 6, 3, "open", altitude=2), bows, features=[wall],
                     game="advanced")
    assert not unit_sight(ground, "v", "e").seen
    assert unit_sight(air, "v", "e").seen
    wood = {"id": "wd", "kind": "woods", "name": "the wood", "height": 0,
            "exterior": [[300.0, 700.0], [900.0, 700.0], [900.0, 800.0], [300.0, 800.0]]}
    g2 = make_state(unit("e", "a", "giant_eagles", 600.0, 900.0, 270.0, 6, 3, "open"), bows, features=[wood], game="advanced")
    a2 = make_state(unit("e", "a", "giant_eagles", 600.0, 900.0, 270.0, 6, 3, "open", altitude=1), bows, features=[wood],
                    game="advanced")
    assert not unit_sight(g2, "v", "e").seen and unit_sight(a2, "v", "e").seen


def test_bad_scenarios__altitude_needs_a_flyer_and_the_advanced_game():
    """[15.0] a unit placed in the air must fly, in the Advanced game, in open order."""
    from game.data.maps import MapFile
    from game.data.scenario import Scenario

    def sc(profile, game, formation="open"):
        return Scenario.model_validate({
            "format_version": 1, "id": "x", "name": "x", "ruleset": "battlesystem", "map": "m.map.json",
            "sides": [{"id": "a"}, {"id": "b"}], "params": {"game": game},
            "forces": {"a": [{"id": "e", "profile": profile, "x": 100, "y": 100, "params": {"figures": 6, "files": 3, "altitude": 1, "formation": formation}}],
                       "b": [{"id": "o", "profile": "orc_blades", "x": 600, "y": 600, "params": {"figures": 10}}]}})
    m = MapFile.model_validate({"format_version": 1, "id": "m", "name": "m", "table": {"width_mm": 1200, "height_mm": 1200}})
    assert validate(sc("giant_eagles", "advanced"), m) is None
    assert "Advanced" in validate(sc("giant_eagles", "intermediate"), m)[1]
    assert "cannot fly" in validate(sc("valmark_swords", "advanced"), m)[1]
    assert "open or skirmish" in validate(sc("giant_eagles", "advanced", "closed"), m)[1]


def test_the_action_bar_words_flight_and_the_bomb_preview_names_the_ac():
    """[15.1], [15.4] in the app: the buttons and the preview of a bombing run."""
    from game.rulesets.battlesystem.display.actions import figure_actions
    from game.rulesets.battlesystem.display.describe import describe_action
    from game.rulesets.battlesystem.display.preview import preview
    assert describe_action(A.Climb(side="a", unit="e", levels=2)) == "Rise 2 levels"
    assert describe_action(A.Climb(side="a", unit="e", levels=-1)) == "Come down 1 level"
    s = _eagles()
    assert any(isinstance(a, A.Climb) and a.levels == 1 for a in figure_actions(s, "a", "e", None))
    orcs = unit("o", "b", "orc_blades", 600.0, 900.0, 270.0, 10, 5)
    m = at_step(_eagles(3, 600.0, 900.0, 270.0, orcs), "missile", "a")
    assert A.Bomb(side="a", unit="e", target="o") in figure_actions(m, "a", "e", "o")
    text = " ".join(preview(m, A.Bomb(side="a", unit="e", target="o"))["text"])
    assert "high altitude" in text and "AC 4" in text

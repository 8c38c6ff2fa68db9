"""Weather and night battles ([12.1]-[12.5])."""

from __future__ import annotations

import pytest

from game.core.dice import Dice
from game.data.maps import MapFile
from game.data.scenario import Scenario
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.rules import weather as Wx
from game.rulesets.battlesystem.rules.melee import melee_ar
from game.rulesets.battlesystem.rules.missiles import missile_ar, volley, why_not_fire
from game.rulesets.battlesystem.rules.morale import current_morale
from game.rulesets.battlesystem.rules.movement import remaining
from game.rulesets.battlesystem.setup import setup_state
from game.rulesets.battlesystem.sight import unit_sight

from .helpers import IN, at_step, do, emitter, make_state, person, unit


def archers(gap_in: float, **kw):
    """Valmark longbows facing orcs ``gap_in`` inches away."""
    s = make_state(unit("b", "a", "valmark_bows", 600, 1000, 270, 6), unit("o", "b", "orc_blades", 600, 1000 - gap_in * IN, 90, 6),
                   **kw)
    return at_step(s, "missile", "a")


def _scenario(with_caster: bool, params=None):
    forces = {"a": [{"id": "u", "profile": "valmark_spears", "x": 600, "y": 900, "heading": 270, "params": {"figures": 6}}],
              "b": [{"id": "o", "profile": "orc_blades", "x": 600, "y": 300, "heading": 90, "params": {"figures": 6}}]}
    if with_caster:
        forces["a"].append({"id": "m", "profile": "mordrin", "x": 600, "y": 1000, "heading": 270, "params": {"role": "hero"}})
    sc = Scenario.model_validate({"format_version": 1, "id": "w", "name": "w", "ruleset": "battlesystem", "map": "w.map.json",
                                  "sides": [{"id": "a"}, {"id": "b"}], "forces": forces, "turn_limit": 5,
                                  "params": dict({"game": "advanced"}, **(params or {}))})
    m = MapFile.model_validate({"format_version": 1, "id": "w", "name": "w", "table": {"width_mm": 1200, "height_mm": 1200}})
    return sc, m


def test_table_15__rolled_only_with_a_weather_controller():
    """Battlesystem [12.0], [12.1] Table 15: three d6 (1: clear, 6: cold, 5: strong wind) when
    someone can control the weather; otherwise favourable weather and no rolls."""
    sc, m = _scenario(True)
    s = setup_state(sc, m, Dice.scripted([1, 6, 5]), ["a", "b"])
    assert s.climate == ["clear", "cold", "strong wind"]
    sc, m = _scenario(False)
    s = setup_state(sc, m, Dice.scripted([]), ["a", "b"])
    assert s.climate == [] and s.weather == ""


def test_table_16__fog_caps_sight_at_12_inches():
    """Battlesystem [12.2] Table 16: in fog nothing is seen beyond 12" (in the one sight
    adjudication), so no volley at 14"; in clear weather the volley is possible."""
    s = archers(14)
    assert volley(s, s.units["b"], s.units["o"], "missile") is not None
    s.weather = "fog"
    assert not unit_sight(s, "b", "o").seen
    assert "no figure" in why_not_fire(s, A.Fire(side="a", unit="b", target="o"), "missile")


def test_night__12_inches_and_plus_2_without_infravision():
    """Battlesystem [12.5]: at night sight ends at 12"; men shoot at +2, orcs (infravision) not."""
    s = archers(10)
    s.night = True
    assert unit_sight(s, "b", "o").seen
    base, mods = missile_ar(s, s.units["b"], s.units["o"], volley(s, s.units["b"], s.units["o"], "missile"))
    assert ("night, no infravision", 2) in mods
    assert Wx.missile_mods(s, s.units["o"]) == []
    s2 = archers(13)
    s2.night = True
    assert not unit_sight(s2, "b", "o").seen


@pytest.mark.parametrize("cond,mod", [("rain", 1), ("downpour", 2), ("gale", 2), ("snow", 2)])
def test_table_16__missile_penalties(cond, mod):
    """Battlesystem [12.2] Table 16: rain +1, downpour, gale and snow +2 to missile AR."""
    s = archers(8)
    s.weather = cond
    info = volley(s, s.units["b"], s.units["o"], "missile")
    assert (Wx.W.conditions[cond].name, mod) in missile_ar(s, s.units["b"], s.units["o"], info)[1]


@pytest.mark.parametrize("cond", ["hailstorm", "storm", "hurricane", "heavy_snow"])
def test_table_16__no_missiles(cond):
    """Battlesystem [12.2] Table 16: no missile attacks in hail, storm, hurricane, heavy snow."""
    s = archers(3)
    s.weather = cond
    assert "no missile attacks" in why_not_fire(s, A.Fire(side="a", unit="b", target="o"), "missile")


@pytest.mark.parametrize("cond,share", [("snow", 2 / 3), ("heavy_snow", 1 / 3), ("hurricane", 1 / 4), ("rain", 1.0)])
def test_table_16__movement_penalties(cond, share):
    """Battlesystem [12.2] Table 16: snow costs 1/3 of the move, heavy snow 2/3, a hurricane 3/4."""
    s = archers(20)
    full = remaining(s, s.units["b"])
    s.weather = cond
    assert remaining(s, s.units["b"]) == pytest.approx(full * share)


def test_hurricane__non_magic_weapons_plus_3():
    """Battlesystem [12.2] Table 16: in a hurricane non-magic weapons are +3 to AR."""
    s = archers(1)
    s.weather = "hurricane"
    assert ("non-magic weapons in a hurricane", 3) in melee_ar(s, s.units["o"], s.units["b"])[1]


def test_flight__star_conditions_ground_m_and_l_two_stars_ground_all():
    """Battlesystem [12.2] Table 16 notes: * S only; ** nobody; air elementals always fly."""
    s = archers(20)
    s.weather = "snow"
    assert Wx.flight_allowed(s, "S") and not Wx.flight_allowed(s, "M") and not Wx.flight_allowed(s, "L")
    assert Wx.manoeuvre_worsening(s) == 1
    s.weather = "storm"
    assert not Wx.flight_allowed(s, "S") and Wx.flight_allowed(s, "L", air_elemental=True)
    assert Wx.manoeuvre_worsening(s) == 2


def test_temperature_extremes__minus_1_morale_and_a_hit_die_a_figure():
    """Battlesystem [12.3] A: a red dragon (harmed by cold) in a cold battle: -1 morale and an
    extra hit die from each attacking figure."""
    s = make_state(unit("d", "b", "red_dragon", 600, 400, 90, 1), unit("m", "a", "valmark_spears", 600, 800, 270, 6))
    s.climate = ["clear", "cold", "calm"]
    assert ("suffering the cold", -1) in current_morale(s, s.units["d"])[1]
    assert Wx.extra_damage(s, s.units["d"], 4) == 4.0
    assert Wx.extra_damage(s, s.units["m"], 4) == 0.0
    s.climate = ["clear", "hot", "calm"]
    assert Wx.extra_damage(s, s.units["d"], 4) == 0.0


def test_weather_magic__onset_halved_conflicts_cancel_reinforced_weather_holds():
    """Battlesystem [12.4]: two spells for one condition arrive in half the time; spells for
    different conditions cancel; weather reinforced by one spell needs two to change."""
    one = [{"condition": "fog", "cast": 1, "onset": 4}]
    assert Wx.settle_weather("", 0, one, 3)[0] == ""
    assert Wx.settle_weather("", 0, one, 5)[0] == "fog"
    two = one + [{"condition": "fog", "cast": 1, "onset": 4}]
    assert Wx.settle_weather("", 0, two, 3)[0] == "fog"
    clash = one + [{"condition": "rain", "cast": 1, "onset": 4}]
    cond, _, left, what = Wx.settle_weather("", 0, clash, 9)
    assert cond == "" and left == [] and "cancel" in what
    assert Wx.settle_weather("rain", 0, [{"condition": "rain", "cast": 1, "onset": 4}], 1)[1] == 1
    assert Wx.settle_weather("rain", 1, one, 9)[0] == "rain"
    assert Wx.settle_weather("rain", 1, two, 9)[0] == "fog"


def test_control_weather__cast_in_the_magic_step_arrives_after_its_onset():
    """Battlesystem [12.4]: Mordrin calls a downpour; it arrives at the end of the fourth round after the casting one."""
    s = make_state(unit("u", "a", "valmark_spears", 600, 900, 270, 6), person("m", "a", "mordrin", 600, 1000, 270, "hero"),
                   unit("o", "b", "orc_blades", 600, 300, 90, 6))
    s = at_step(s, "missile", "a")
    t, _ = do(s, A.CastSpell(side="a", caster="m", spell="control_weather", x=600.0, y=1000.0, option="downpour"), [])
    assert t.weather_spells[0]["condition"] == "downpour"
    em = emitter(t)
    for k in range(5):
        em.s.turn = t.turn + k
        Wx.end_of_round(em)
        assert em.s.weather == ("downpour" if k == 4 else "")


def test_tornado__sweeps_away_creatures_under_2_hd():
    """Battlesystem [12.3] B: the tornado enters at a random edge and moves 36" a round in a
    random direction; orcs (1 HD) in its path are swept away."""
    s = make_state(unit("o", "b", "orc_blades", 600, 600, 90, 4, files=4), unit("u", "a", "valmark_spears", 100, 1150, 270, 4))
    em = emitter(s, [1, 50, 3])  # top edge, half way along (x 600), 3 turns
    from game.rulesets.battlesystem.rules import magic, tornado
    magic.summon_tornado(em, "a")
    tor = em.s.areas[-1]
    assert tor.kind == "tornado" and tor.rounds == 30
    em2 = emitter(em.s, [3, 1, 1])  # d12 3: 90 degrees, straight down the table; morale 2d10
    tornado.end_of_round(em2)
    assert em2.s.units["o"].figures < 4


def test_the_sight_overlay_ends_at_the_weather_cap():
    """Battlesystem [12.2]: the app's shading (the ``sight_region`` hook) hides what lies beyond
    the fog's 12" as the rules do."""
    from shapely.geometry import Point, Polygon
    from game.rulesets.battlesystem import RULESET as RS
    s = archers(14)
    far = Point(600, 1000 - 14 * IN)

    def hidden(region):
        return any(Polygon(p[0], list(p[1:])).contains(far) for p in region.hidden)
    assert not hidden(RS.sight_region(s, "b"))
    s.weather = "fog"
    assert hidden(RS.sight_region(s, "b"))

"""validate_scenario and validate_map of the space-fleet ruleset: every
params key typed and ranged, unknown keys refused, two fleets with ships,
bases apart at set-up, no objectives or special rules, map feature kinds
and properties (README: Deviations and decisions, scenario and map
validation). Exact one-line messages; the files under tests/data/bad/ cover
the same cases through validate, play and simulate."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from game.battle.loading import open_scenario
from game.data.maps import MapFile, load_map
from game.data.scenario import Scenario
from game.rulesets.spacefleet import RULESET

ROOT = Path(__file__).resolve().parents[3]
MAPS = ROOT / "maps" / "spacefleet"
DEEP = json.loads((MAPS / "deep_space.scenario.json").read_text())
DEEP_MAP = load_map(MAPS / "deep_space.map.json")


def check(data: dict, m: MapFile = DEEP_MAP):
    return RULESET.validate_scenario(Scenario.model_validate(data), m)


def deep(**changes) -> dict:
    d = copy.deepcopy(DEEP)
    d.update(changes)
    return d


def unit(d: dict, uid: str) -> dict:
    return next(u for units in d["forces"].values() for u in units if u["id"] == uid)


@pytest.mark.parametrize("name", sorted(p.name for p in MAPS.glob("*.scenario.json")))
def test_bundled_scenarios_and_maps_are_valid(name):
    rs, sc, m = open_scenario(MAPS / name)
    assert rs.validate_scenario(sc, m) is None and rs.validate_map(m) is None


def test_known_unit_params_pass():
    """core 1.3, 1.12, rulings: ld, kin, name and a commander are the unit params the rules read."""
    d = deep()
    unit(d, "imp_lunar")["params"] = {"ld": 10, "kin": "eldar", "name": "Emperor's Wrath", "commander": {"ld": 9, "rerolls": 2}}
    unit(d, "cha_murder")["params"] = {"ld": 2, "commander": {}}
    assert check(d) is None


@pytest.mark.parametrize("params,field,reason", [
    ({"ld": "8"}, "ld", "expected a whole number, found text ('8')"),
    ({"ld": None}, "ld", "expected a whole number, found null"),
    ({"ld": 8.5}, "ld", "expected a whole number, found the number 8.5"),
    ({"ld": 11}, "ld", "must be at most 10, not 11"),
    ({"ld": 1}, "ld", "must be at least 2, not 1"),
    ({"commander": {"ld": 9, "rerolls": "two"}}, "commander.rerolls", "expected a whole number, found text ('two')"),
    ({"commander": {"ld": 9, "admiral": True}}, "commander.admiral", "unknown key 'admiral' (known: ld, rerolls)"),
    ({"commander": 10}, "commander", "expected an object, found the number 10"),
    ({"name": 7}, "name", "expected text, found the number 7"),
    ({"kin": "orks"}, "kin", "unit imp_lunar: params.kin 'orks' is not a known kin (use \"eldar\" for an Eldar or "
                             "Eldar-kin ship, or leave it out)"),
])
def test_unit_params_typed_and_ranged(params, field, reason):
    d = deep()
    unit(d, "imp_lunar")["params"] = params
    assert check(d) == (f"forces.imperial.imp_lunar.params.{field}", reason)


def test_one_commander_per_fleet():
    """Fleet commanders: the fleet's re-rolls and flagship are one ship's; a second commander is refused."""
    d = deep()
    unit(d, "imp_lunar")["params"] = {"commander": {"ld": 9, "rerolls": 1}}
    unit(d, "imp_gothic")["params"] = {"commander": {"ld": 8}}
    assert check(d) == ("forces.imperial.imp_gothic.params.commander",
                        "a fleet has one commander, and imp_lunar already carries imperial's")


@pytest.mark.parametrize("params,field,reason", [
    ({"battlezone": "the_void"}, "battlezone", "must be one of flare_region, mercurial_zone, inner_biosphere, "
                                               "primary_biosphere, outer_reaches or deep_space, not 'the_void'"),
    ({"sunward": "up"}, "sunward", "must be one of north, south, east or west, not 'up'"),
    ({"solar_flares": -1}, "solar_flares", "must be at least 0, not -1"),
    ({"radiation_bursts": True}, "radiation_bursts", "expected a whole number, found true"),
    ({"setup": "method 2"}, "setup", "expected an object, found text ('method 2')"),
    ({"solar_flares": 7}, "solar_flares", "7 solar flares are more than this table's 6 60 cm areas can generate "
                                          "(one phenomenon per area)"),
    ({"solar_flares": 4, "radiation_bursts": 3}, "radiation_bursts",
     "4 solar flares and 3 radiation bursts are more than this table's 6 60 cm areas can generate (one phenomenon per area)"),
])
def test_scenario_params_typed_and_ranged(params, field, reason):
    assert check(deep(params=params)) == (f"params.{field}", reason)


def test_a_generated_setup_record_is_a_known_param():
    """The generator's scenario params (with the ``setup`` record) validate once both fleets have ships."""
    d = deep(params={"battlezone": "outer_reaches", "sunward": "west", "solar_flares": 0, "radiation_bursts": 0,
                     "setup": {"method": 2, "zone_roll": 5}})
    assert check(d) is None


def test_any_two_side_ids_but_only_playable_ones():
    """core 1.5: two players; the ids are free (``generate --sides red,blue``)."""
    d = deep(sides=[{"id": "red"}, {"id": "blue"}], forces={"red": DEEP["forces"]["imperial"], "blue": DEEP["forces"]["chaos"]})
    assert check(d) is None
    d["sides"][1]["playable"] = False
    assert check(d) == ("sides.blue.playable", "every spacefleet side commands a fleet: playable must be true")
    assert check(deep(sides=[{"id": "imperial"}], forces={"imperial": DEEP["forces"]["imperial"]})) == (
        "sides", "a spacefleet battle is fought by two fleets, not 1 (imperial)")


def test_bases_may_touch_but_not_overlap_at_set_up():
    """Ours (README): ships start with bases apart or touching; a Murder and a Slaughter have 16 mm radius bases."""
    d = deep()
    murder, slaughter = unit(d, "cha_murder"), unit(d, "cha_slaughter")
    slaughter["x"], slaughter["y"] = murder["x"] + 32.0, murder["y"]
    assert check(d) is None
    slaughter["x"] = murder["x"] + 31.0
    assert check(d) == ("forces.chaos.cha_slaughter", "its base overlaps cha_murder's (31 mm between stems, the two "
                                                      "bases need 32 mm): ships are set up with bases apart or touching")


def test_ships_may_be_set_up_on_a_planet():
    """core 1.1 / planets: ships fly over planets, so a ship on the planet is not an overlap."""
    planet = next(f for f in DEEP_MAP.features if f.kind == "planet")
    d = deep()
    c = planet.polygon().centroid
    unit(d, "imp_lunar")["x"], unit(d, "imp_lunar")["y"] = round(c.x, 1), round(c.y, 1)
    assert check(d) is None


def _map(**feature) -> MapFile:
    data = json.loads((MAPS / "deep_space.map.json").read_text())
    data["features"].append({"id": "x1", "kind": "gas_cloud", "exterior": [[900, 560], [960, 560], [960, 620], [900, 620]],
                             "height": 0, **feature})
    return MapFile.model_validate(data)


@pytest.mark.parametrize("feature,where,reason", [
    ({"kind": "nebula"}, "feature x1 kind", "unknown feature kind 'nebula' for spacefleet "
                                            "(known: asteroid_field, gas_cloud, moon, planet, warp_rift)"),
    ({"properties": {"density": 3}}, "feature x1 properties.density", "unknown property 'density' for a gas_cloud (known: none)"),
    ({"kind": "planet", "properties": {"size": "huge"}}, "feature x1 properties.size", "must be one of small, medium, large, not 'huge'"),
    ({"kind": "planet", "properties": {"radius": 0}}, "feature x1 properties.radius", "must be more than 0 mm, not 0"),
    ({"kind": "moon", "properties": {"low_orbit": True}}, "feature x1 properties.low_orbit",
     "unknown property 'low_orbit' for a moon (known: cx, cy, radius, size)"),
    ({"kind": "planet", "properties": {"low_orbit": "yes"}}, "feature x1 properties.low_orbit", "must be true or false, not 'yes'"),
])
def test_map_features_the_rules_read(feature, where, reason):
    assert RULESET.validate_map(_map(**feature)) == (where, reason)


def test_one_low_orbit_planet():
    """phenomena: low orbit: the rules keep one low-orbit table, the first planet's."""
    data = json.loads((MAPS / "planet_low_orbit.map.json").read_text())
    first = next(f for f in data["features"] if f.get("properties", {}).get("low_orbit"))
    data["features"].append({**first, "id": "planet_2", "exterior": [[100, 100], [160, 100], [160, 160], [100, 160]],
                             "properties": {"size": "small", "low_orbit": True}})
    assert RULESET.validate_map(MapFile.model_validate(data)) == (
        "feature planet_2 properties.low_orbit", f"only one planet has a low-orbit table; {first['id']} already has it")

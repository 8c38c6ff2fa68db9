"""validate_scenario and validate_map of Battlespace: sides, every params key
typed, ranged and used by its mission, mission needs, models apart,
objectives and special rules, vehicle properties (README: Deviations and
decisions, scenario validation). Exact one-line messages; the files under
tests/data/bad/ cover the reported cases through validate, play and
simulate."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from game.battle.loading import open_scenario
from game.data.maps import MapFile, load_map
from game.data.scenario import Scenario
from game.rulesets.battlespace import RULESET

ROOT = Path(__file__).resolve().parents[3]
MAPS = ROOT / "maps" / "battlespace"


def bundled(name: str) -> tuple[dict, MapFile]:
    return json.loads((MAPS / f"{name}.scenario.json").read_text()), load_map(MAPS / f"{name}.map.json")


M1, M1_MAP = bundled("mission1")
M2, M2_MAP = bundled("mission2")
M4, M4_MAP = bundled("mission4")
M5, M5_MAP = bundled("mission5")


def check(data: dict, m: MapFile):
    return RULESET.validate_scenario(Scenario.model_validate(data), m)


def unit(d: dict, uid: str) -> dict:
    return next(u for units in d["forces"].values() for u in units if u["id"] == uid)


def with_params(d: dict, **params) -> dict:
    d = copy.deepcopy(d)
    d["params"].update(params)
    return d


@pytest.mark.parametrize("name", sorted(p.name for p in MAPS.glob("*.scenario.json")))
def test_bundled_scenarios_and_maps_are_valid(name):
    rs, sc, m = open_scenario(MAPS / name)
    assert rs.validate_scenario(sc, m) is None and rs.validate_map(m) is None


@pytest.mark.parametrize("base,params,field,reason", [
    ("m1", {"exfil_needed": 0}, "exfil_needed", "must be at least 1, not 0"),
    ("m1", {"exfil_needed": 5}, "exfil_needed", "5 soldiers can never reach exfil: the fireteams have 4"),
    ("m1", {"staging": "yes"}, "staging", "expected true or false, found text ('yes')"),
    ("m1", {"civilians": [[10, 10, 10]]}, "civilians[0]", "must have at most 2 items (it has 3)"),
    ("m1", {"civilians": [[10, "x"]]}, "civilians[0][1]", "expected a number, found text ('x')"),
    ("m1", {"civilians": [[2000, 10]]}, "civilians[0]", "(2000, 10) is off the 914 x 914 mm table"),
    ("m1", {"mission": "m9_party"}, "mission", "unknown mission 'm9_party' (known: m1_survivors, m2_awad, m3_ambush, "
                                               "m4_hostages, m5_retreat)"),
    ("m1", {"search_feature": "nowhere"}, "search_feature", "no feature 'nowhere' on the map"),
    ("m1", {"targets": ["t1"]}, "targets", "mission m1_survivors does not use it (it is read by m2_awad)"),
    ("m2", {"targets": []}, "targets", "must have at least 1 item (it has 0)"),
    ("m2", {"targets": ["t1", "t1"]}, "targets", "target 't1' is listed twice"),
    ("m2", {"exfil_needed": 2}, "exfil_needed", "mission m2_awad does not use it (it is read by m1_survivors, m5_retreat)"),
    ("m4", {"guards": ["g1", "nobody"]}, "guards", "'nobody' is not an enemy unit of this scenario"),
    ("m4", {"guard_deadline": 8}, "guard_deadline", "turn 8 comes after the turn limit (7)"),
])
def test_scenario_params(base, params, field, reason):
    d, m = {"m1": (M1, M1_MAP), "m2": (M2, M2_MAP), "m4": (M4, M4_MAP)}[base]
    assert check(with_params(d, **params), m) == (f"params.{field}", reason)


def test_mission_needs_what_it_reads():
    """Mission 1 searches a feature; Mission 2 breaches targets through their doors; exfil missions need an exit."""
    d = copy.deepcopy(M1)
    del d["params"]["search_feature"]
    assert check(d, M1_MAP) == ("params.search_feature", "missing field: mission m1_survivors searches a feature "
                                                         "(the Humvee) for survivors")
    d = copy.deepcopy(M2)
    del d["params"]["targets"]
    assert check(d, M2_MAP) == ("params.targets", "missing field: mission m2_awad breaches target buildings (feature ids)")
    wall = next(f.id for f in M2_MAP.features if not f.openings)
    assert check(with_params(M2, targets=["t1", wall]), M2_MAP) == ("params.targets", f"feature {wall} has no door (openings) to breach")
    no_exit = M1_MAP.model_copy(update={"exits": []})
    assert check(M1, no_exit) == ("params.mission", "mission m1_survivors ends in exfil, but the map has no exit for the fireteams")
    d = copy.deepcopy(M1)
    del d["params"]["mission"]
    assert check(d, M1_MAP) == ("params.mission", "missing field: the mission to play (known: m1_survivors, m2_awad, "
                                                  "m3_ambush, m4_hostages, m5_retreat)")


def test_unit_params():
    d = copy.deepcopy(M1)
    unit(d, "reyes")["params"]["gear"] = "frag_grenade"
    assert check(d, M1_MAP) == ("forces.fireteam.reyes.params.gear", "expected a list, found text ('frag_grenade')")
    d = copy.deepcopy(M1)
    unit(d, "reyes")["params"]["gear"] = ["frag_grenade", "rail_gun"]
    assert check(d, M1_MAP) == ("forces.fireteam.reyes.params.gear", "unknown gear card 'rail_gun'")
    d = copy.deepcopy(M1)
    unit(d, "a0")["params"] = {"gear": ["frag_grenade"]}
    assert check(d, M1_MAP) == ("forces.enemy.a0.params.gear", "unknown key 'gear' (known: on)")


def test_on_names_elevated_terrain_under_the_model():
    d = copy.deepcopy(M5)
    unit(d, "reyes")["params"]["on"] = "nowhere"
    assert check(d, M5_MAP) == ("forces.fireteam.reyes.params.on", "no feature 'nowhere' on the map")
    flat = next(f.id for f in M5_MAP.features if "elevation" not in f.tags)
    unit(d, "reyes")["params"]["on"] = flat
    assert check(d, M5_MAP) == ("forces.fireteam.reyes.params.on",
                                f"feature {flat} is not elevated terrain (no 'elevation' tag): a model cannot stand on it")
    d = copy.deepcopy(M5)
    unit(d, "reyes")["x"] = unit(d, "reyes")["x"] - 300
    assert check(d, M5_MAP)[0] == "forces.fireteam.reyes.params.on"


def test_sides():
    """The Alpha, Bravo optional rule: one or two fireteams; the enemy is the cards' side."""
    d = copy.deepcopy(M1)
    d["sides"][1]["playable"] = True
    assert check(d, M1_MAP) == ("sides.enemy.playable", "the enemy is played by the rules (its cards): playable must be false")
    d = copy.deepcopy(M1)
    d["sides"].append({"id": "press", "playable": False})
    assert check(d, M1_MAP) == ("sides.press.playable", "battlespace sides are fireteams (playable) and 'enemy' "
                                                       "(the rules); 'press' is neither")
    d = copy.deepcopy(M1)
    d["sides"][0:0] = [{"id": "bravo"}, {"id": "charlie"}]
    assert check(d, M1_MAP) == ("sides", "3 fireteams (bravo, charlie, fireteam); a mission takes one or two (Alpha, Bravo)")


def test_enemy_forces_may_be_empty():
    """SITREP cards and the staging chart bring enemies: the file may have none."""
    d = copy.deepcopy(M1)
    d["forces"]["enemy"] = []
    assert check(d, M1_MAP) is None


def test_models_may_touch_but_not_overlap():
    """Ours (README): 25 mm bases 25 mm apart touch; closer, they overlap."""
    d = copy.deepcopy(M1)
    a0, a1 = unit(d, "a0"), unit(d, "a1")
    a1["x"], a1["y"] = a0["x"] + 25.0, a0["y"]
    assert check(d, M1_MAP) is None
    a1["x"] = a0["x"] + 24.0
    assert check(d, M1_MAP) == ("forces.enemy.a1", "its base overlaps a0's (24 mm between centres, 25 mm bases): "
                                                   "models may not stand on each other")
    civ = with_params(M2, civilians=[[777, 200]])
    assert check(civ, M2_MAP) == ("params.civilians[0]", "its base overlaps a0's (10 mm between centres, 25 mm bases): "
                                                         "models may not stand on each other")
    house = next(f for f in M2_MAP.features if "impassable" in f.tags and "elevation" not in f.tags)
    c = house.polygon().representative_point()
    assert check(with_params(M2, civilians=[[c.x, c.y]]), M2_MAP) == (
        "params.civilians[0]", f"({c.x:g}, {c.y:g}) is inside impassable terrain")


def test_objectives_and_special_rules():
    d = copy.deepcopy(M1)
    d["objectives"][1]["params"] = {"edge": "south"}
    assert check(d, M1_MAP) == ("objectives.exfil.params.edge", "unknown key 'edge' (known: none)")
    d = copy.deepcopy(M1)
    d["special_rules"] = ["night", "fog"]
    assert check(d, M1_MAP) == ("special_rules", "unknown special rule 'fog' (known: bleeding_out, night)")


def _vehicle_map(**props) -> MapFile:
    data = json.loads((MAPS / "mission3.map.json").read_text())
    car = next(f for f in data["features"] if f["kind"] == "vehicle")
    car["properties"] = props
    return MapFile.model_validate(data), car["id"]


@pytest.mark.parametrize("props,key,reason", [
    ({"vehicle_type": "tank"}, "vehicle_type", "unknown vehicle type 'tank' (known: humvee, mrap, sedan, suv, technical)"),
    ({"vehicle_type": "humvee", "hits": 5}, "hits", "5 attacks disable a Humvee (protection 5): use disabled true instead"),
    ({"vehicle_type": "humvee", "hits": -1}, "hits", "must be a whole number 0 or more, not -1"),
    ({"vehicle_type": "humvee", "disabled": "no"}, "disabled", "must be true or false, not 'no'"),
    ({"vehicle_type": "humvee", "colour": "sand"}, "colour", "unknown property 'colour' for a vehicle "
                                                             "(known: disabled, hits, immobile, vehicle_type)"),
])
def test_vehicle_properties(props, key, reason):
    m, vid = _vehicle_map(**props)
    assert RULESET.validate_map(m) == (f"feature {vid} properties.{key}", reason)


def test_other_features_have_no_properties_but_any_kind():
    data = json.loads((MAPS / "mission3.map.json").read_text())
    rubble = next(f for f in data["features"] if f["kind"] == "rubble")
    rubble["kind"] = "woods"
    assert RULESET.validate_map(MapFile.model_validate(data)) is None
    rubble["properties"] = {"size": "large"}
    fid = rubble["id"]
    assert RULESET.validate_map(MapFile.model_validate(data)) == (
        f"feature {fid} properties.size", "unknown property 'size' for a woods (known: none)")


def test_elevation_must_stand_higher_than_a_standing_model():
    """Battlespace: Elevation is terrain higher than a standing model (30 mm, gaps.md): a 30 mm
    piece tagged elevation is refused with one line naming it; 31 mm passes."""
    data = json.loads((MAPS / "mission3.map.json").read_text())
    roof = next(f for f in data["features"] if "elevation" in f["tags"])
    roof["height"] = 30.0
    assert RULESET.validate_map(MapFile.model_validate(data)) == (
        f"feature {roof['id']} height",
        "elevation must stand higher than a standing model (30 mm); this one is 30 mm (drop the elevation tag or raise it)")
    roof["height"] = 31.0
    assert RULESET.validate_map(MapFile.model_validate(data)) is None

"""A small open table with one wall for rule-case tests (no mocks: real geometry)."""

from __future__ import annotations

from pathlib import Path

from game.core.dice import Dice
from game.data.maps import MapFile
from game.data.scenario import Scenario
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace.apply import apply
from game.rulesets.battlespace.rules.common import Emitter


def table(features=()) -> MapFile:
    return MapFile.model_validate({"format_version": 1, "id": "t", "name": "t", "table": {"width_mm": 914, "height_mm": 914},
                                   "features": list(features), "exits": [{"id": "s", "edge": "south"}]})


WALL = {"id": "wall", "kind": "wall", "exterior": [[400, 300], [520, 300], [520, 306], [400, 306]], "height": 25.0,
        "tags": ["blocks_sight", "impassable", "cover"]}
HIGH = {"id": "high", "kind": "building", "exterior": [[400, 100], [520, 100], [520, 180], [400, 180]], "height": 60.0,
        "tags": ["blocks_sight", "impassable", "elevation"]}


def battle(soldiers, enemies, features=(WALL,), mission="m3_ambush", turn_limit=5, special=()):
    sc = Scenario.model_validate({
        "format_version": 1, "id": "t", "name": "t", "ruleset": "battlespace", "map": "t.map.json",
        "sides": [{"id": "fireteam"}, {"id": "enemy", "playable": False}],
        "forces": {"fireteam": [{"id": i, "profile": c, "x": x, "y": y, "params": {"gear": g}} for i, c, x, y, g in soldiers],
                   "enemy": [{"id": i, "profile": c, "x": x, "y": y, "group": gr} for i, c, x, y, gr in enemies]},
        "turn_limit": turn_limit, "special_rules": list(special), "params": {"mission": mission}})
    m = table(features)
    return RULESET.setup(sc, m, Dice(1))


def emitter(state, faces):
    return Emitter(state, Dice.scripted(faces), apply)


def four(x=457, y=600, gear=((), (), (), ())):
    cards = ["sgt_reyes", "cpl_okafor", "spc_lindqvist", "pfc_tanaka"]
    return [(f"s{i}", cards[i], x + 40 * i, y, list(gear[i])) for i in range(4)]


MAPS = Path(__file__).resolve().parents[3] / "maps" / "battlespace"


def mission(name: str):
    """The starting state of bundled scenario ``name`` (seed 1)."""
    from game.battle.loading import open_scenario

    _, sc, m = open_scenario(MAPS / f"{name}.scenario.json")
    return RULESET.setup(sc, m, Dice(1))


def ready(s, unit, orders=2):
    """``unit`` is the activated soldier with ``orders`` orders (the initiative roll is tested elsewhere)."""
    f = s.figs[unit]
    f.activated, f.orders, f.used, f.move_only = True, orders, [], False
    s.current = unit
    return f

"""Small open tables for WW2 skirmish rule cases (real geometry, scripted dice, no mocks)."""

from __future__ import annotations

from pathlib import Path

from game.core.dice import Dice
from game.data.maps import MapFile
from game.data.scenario import Scenario
from game.rulesets.ww2_skirmish import RULESET
from game.rulesets.ww2_skirmish.apply import apply
from game.rulesets.ww2_skirmish.rules.common import Emitter

MAPS = Path(__file__).resolve().parents[3] / "maps" / "ww2_skirmish"
INCH = 25.4


def table(features=()) -> MapFile:
    """A 48" x 48" table with the given map features and a zone for each side."""
    return MapFile.model_validate({
        "format_version": 1, "id": "t", "name": "t", "table": {"width_mm": 1219.2, "height_mm": 1219.2},
        "features": list(features),
        "deployment_zones": [{"id": "zr", "side": "red", "polygon": [[0, 1000], [1219.2, 1000], [1219.2, 1219.2], [0, 1219.2]]},
                             {"id": "zb", "side": "blue", "polygon": [[0, 0], [1219.2, 0], [1219.2, 219.2], [0, 219.2]]}]})


def battle(red, blue, features=(), condition="clear", turn=1):
    """A battle in its first activation (red's, cache 5 each) with units placed.

    red, blue: [(unit id, profile, x mm, y mm, heading deg), ...]."""
    def placed(units):
        return [{"id": i, "profile": p, "x": x, "y": y, "heading": h} for i, p, x, y, h in units]

    sc = Scenario.model_validate({
        "format_version": 1, "id": "t", "name": "t", "ruleset": "ww2_skirmish", "map": "t.map.json",
        "sides": [{"id": "red", "name": "British"}, {"id": "blue", "name": "German"}],
        "forces": {"red": placed(red), "blue": placed(blue)}, "turn_limit": 8, "params": {}})
    s = RULESET.setup(sc, table(features), Dice(1))
    s.stage, s.phase, s.turn = "battle", "activation", turn
    s.offence, s.defence = "red", "blue"
    s.seq_side = s.active = "red"
    s.cache = {"red": 5, "blue": 5}
    s.condition = condition
    for h in s.hands.values():
        h.kept, h.backup = h.drawn[0], h.drawn[1]
    return s


def emitter(state, faces):
    """An emitter over ``state`` whose dice show ``faces`` in order."""
    return Emitter(state, Dice.scripted(faces), apply)


def mission_state(name: str, seed: int = 1):
    """The starting state of the bundled scenario ``name``."""
    from game.battle.loading import open_scenario

    _, sc, m = open_scenario(MAPS / f"{name}.scenario.json")
    return RULESET.setup(sc, m, Dice(seed))


def act(s, action, faces=()):
    """Check ``action``, resolve it with dice showing ``faces`` and apply its
    events to ``s`` (as the engine does). Returns the events.

    Raises AssertionError naming the reason when the rules refuse it."""
    from game.core.ruleset import Legal

    verdict = RULESET.check(s, action)
    assert isinstance(verdict, Legal), getattr(verdict, "reason", verdict)
    res = RULESET.resolve(s, action, Dice.scripted(list(faces)))
    for ev in res.events:
        RULESET.apply(s, ev)
    return list(res.events)


def refused(s, action) -> str:
    """The reason the rules refuse ``action`` ('' when they accept it)."""
    from game.core.ruleset import Legal

    verdict = RULESET.check(s, action)
    return "" if isinstance(verdict, Legal) else str(getattr(verdict, "reason", verdict))

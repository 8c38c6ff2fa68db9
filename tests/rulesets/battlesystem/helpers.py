"""Small scripted battles for the Battlesystem rule cases: a state built from a few units and
individuals on an open (or given) table, stepped with scripted dice."""

from __future__ import annotations

from game.core.dice import Dice
from game.core.engine import step
from game.data.maps import MapFile
from game.data.scenario import Scenario
from game.rulesets.battlesystem import RULESET as RS
from game.rulesets.battlesystem.apply import apply as apply_event
from game.rulesets.battlesystem.rules.common import Emitter
from game.rulesets.battlesystem.setup import build
from game.rulesets.battlesystem.state import BSState, Step

IN = 25.4


def unit(uid, side, profile, x, y, heading, figures, files=None, formation=None, **params):
    p = {"figures": figures}
    if files is not None:
        p["files"] = files
    if formation is not None:
        p["formation"] = formation
    p.update(params)
    return side, {"id": uid, "profile": profile, "x": x, "y": y, "heading": heading, "params": p}


def person(pid, side, profile, x, y, heading, role, unit_id=None, **params):
    p = {"role": role}
    if unit_id:
        p["unit"] = unit_id
    p.update(params)
    return side, {"id": pid, "profile": profile, "x": x, "y": y, "heading": heading, "params": p}


def make_state(*placements, game: str = "intermediate", table=(1200.0, 1200.0), features=(), objectives=(),
               sides=("a", "b"), turn_limit: int = 12, special_rules=(), params=None) -> BSState:
    """A state with the given placements (:func:`unit`, :func:`person`), in the movement step of
    side ``a`` by default (see :func:`at_step`)."""
    forces: dict = {sd: [] for sd in sides}
    for side, pl in placements:
        forces[side].append(pl)
    sc = Scenario.model_validate({
        "format_version": 1, "id": "case", "name": "case", "ruleset": "battlesystem", "map": "case.map.json",
        "sides": [{"id": sd, "name": sd.upper()} for sd in sides], "forces": forces, "turn_limit": turn_limit,
        "special_rules": list(special_rules), "params": dict({"game": game}, **(params or {}))})
    m = MapFile.model_validate({"format_version": 1, "id": "case", "name": "case", "table": {"width_mm": table[0], "height_mm": table[1]},
                                "features": list(features), "objectives": list(objectives)})
    s = build(sc, m, list(sides))
    return at_step(s, "move", sides[0], order=list(sides))


def at_step(s: BSState, phase: str, side: str, order=None) -> BSState:
    """The state put at ``phase`` of ``side`` (begun), initiative order ``order``."""
    s = s.clone()
    s.order = list(order or s.sides)
    s.queue = [Step(phase=phase, side=side, begun=True)]
    s.phase = phase
    s.active = side
    return s


def emitter(s: BSState, faces=()) -> Emitter:
    """An emitter on ``s`` with scripted dice."""
    return Emitter(s, Dice.scripted(list(faces)), apply_event)


def do(s: BSState, action, faces=()):
    """Step ``action`` on a copy of ``s`` with scripted dice; (new state, result)."""
    t = s.clone()
    r = step(RS, t, action, Dice.scripted(list(faces)))
    return t, r


def texts(events) -> list[str]:
    return [RS.describe(e) or getattr(e, "purpose", "") for e in events]

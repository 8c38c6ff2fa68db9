"""Small hand-built Foxhole states for rule cases: a table, a few elements,
terrain pieces by kind, scripted dice."""

from __future__ import annotations

import hashlib
import json

from game.core.dice import Dice
from game.core.engine import step
from game.rulesets.foxhole import RULESET
from game.rulesets.foxhole.rules.common import Emitter
from game.rulesets.foxhole.state import Activation, Element, FoxState, Location, Objective, TerrainRec
from game.rulesets.foxhole.tables import TABLES

Q = {"elite": 3, "regular": 2, "green": 1, "untrained": 0}


def el(eid: str, side: str, x: float, y: float, **kw) -> Element:
    """An element: regular, normal motivation, infantry, normal kit, on the table, set up."""
    base = dict(id=eid, side=side, name=kw.pop("name", eid), profile=kw.pop("profile", "test"), kind="infantry",
                quality=2, motivation=2, x=x, y=y)
    base.update(kw)
    return Element(**base)


def piece(pid: str, kind: str, ring, height: float = 0.0, blocks: bool = False, name: str = "") -> TerrainRec:
    return TerrainRec(id=pid, name=name or kind, kind=kind, ring=[tuple(p) for p in ring], height=height, blocks=blocks)


def box(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def state(elements, terrain=(), table=(600.0, 600.0), phase="activation", active="red", turn=1, **kw) -> FoxState:
    """A battle state in ``phase`` with ``active`` to act; red attacks, blue defends."""
    terrain = list(terrain)
    key = hashlib.sha256(json.dumps([t.model_dump() for t in terrain], sort_keys=True).encode()).hexdigest()[:16]
    w, h = table
    loc = Location(name="as drawn", control=box(0, 0, w, h * 2 / 3), start=box(0, h * 5 / 6, w, h))
    s = FoxState(ruleset="foxhole", sides=["red", "blue"], turn=turn, phase=phase, active=active, table=table,
                 terrain=terrain, terrain_key=key, attacker="red", defender="blue", first="red", turn_limit=12,
                 elements={e.id: e for e in elements}, locations=[loc], location="as drawn", **kw)
    return s


def using(s: FoxState, eid: str, result: str | None = "may", **kw) -> FoxState:
    """``s`` with ``eid`` being used, its roll made with ``result``."""
    e = s.elements[eid]
    s.current = Activation(element=eid, start=(e.x, e.y), route=[(e.x, e.y)], result=result, rolls=1 if result else 0, **kw)
    return s


def act(s: FoxState, action, faces=()):
    """Check and resolve ``action`` on ``s`` in place with scripted dice; the result."""
    return step(RULESET, s, action, Dice.scripted(list(faces)))


def emitter(s: FoxState, faces=()) -> Emitter:
    return Emitter(s, Dice.scripted(list(faces)))


def objectives(points) -> list[Objective]:
    return [Objective(number=i + 1, x=x, y=y) for i, (x, y) in enumerate(points)]


YD = TABLES.yards

"""Build small space-fleet states for rule-case tests (no mocks: real rules and geometry)."""

from __future__ import annotations

from game.core.dice import Dice
from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.rules.common import Ctx
from game.rulesets.spacefleet.geom import circle_ring
from game.rulesets.spacefleet.state import Feature, SFState, Ship
from game.rulesets.spacefleet.data import profile


def ship(sid: str, prof: str, x: float, y: float, heading: float = 0.0, side: str | None = None, **kw) -> Ship:
    p = profile(prof)
    return Ship(id=sid, side=side or p.fleet, profile=prof, x=x, y=y, heading=heading, radius=p.base_radius_mm,
                ld=kw.pop("ld", 8), **kw)


def planet(fid: str, cx: float, cy: float, radius: float, size: str = "small", kind: str = "planet", low_orbit: bool = False) -> Feature:
    return Feature(id=fid, kind=kind, exterior=circle_ring(cx, cy, radius), cx=cx, cy=cy, radius=radius, size=size, low_orbit=low_orbit)


def area(fid: str, kind: str, x0: float, y0: float, x1: float, y1: float) -> Feature:
    return Feature(id=fid, kind=kind, exterior=[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def state(ships, features=(), phase: str = "shooting", active: str = "imperial", **kw) -> SFState:
    order = ["imperial", "chaos"]
    return SFState(ruleset="spacefleet", sides=order, ships={s.id: s for s in ships}, order=order,
                   player=order.index(active) if active in order else 0, table=(1829.0, 1219.0),
                   features=list(features), phase=phase, active=active, **kw)


def ctx(st: SFState, faces=()) -> Ctx:
    return Ctx(RULESET, st, Dice.scripted(list(faces)))


def play(st: SFState, action, faces=(), filler: int = 3, pad: int = 80):
    """Resolve ``action`` on ``st`` with scripted dice (``faces``, then
    ``pad`` more ``filler`` faces), apply its events to ``st`` and return them."""
    r = RULESET.resolve(st, action, Dice.scripted(list(faces) + [filler] * pad))
    assert r.ok, r
    for ev in r.events:
        RULESET.apply(st, ev)
    return r.events

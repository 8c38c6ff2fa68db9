"""The default agent uses the phenomena rules that can help it, and the golden
replays (tests/golden/spacefleet, default against default) show each one taken
in play: low orbit (celestial phenomena: low orbit), Burn Retros
(spacefleet_core 1.4), the free gravity-well turn (celestial phenomena:
gravity wells), a planet or moon put between the ship and an enemy that could
fire at it (spacefleet_core: line of sight and planets), and a gas cloud put
on or at the enemy's line of fire (celestial phenomena: gas and dust clouds,
the blast-marker column shift).

The goldens are read from their recorded events (no agent runs here), the
states rebuilt with the ruleset's own ``apply`` and the lines judged with the
one sight adjudication (``sight.blocker``, ``sight.shifts``)."""

from __future__ import annotations

import math
from collections import Counter
from functools import cache

import pytest

from game import rulesets
from game.core.engine import apply_recorded
from game.core.replay import read_replay
from game.core.session import Battle
from game.rulesets.spacefleet import sight
from game.rulesets.spacefleet.rules.common import prof
from game.rulesets.spacefleet.state import SFState, Ship
from tools.regen_golden import bundled, golden_path

RS = rulesets.get("spacefleet")
PHENOMENA = ("low orbit", "Burn Retros", "gravity-well turn", "planet as cover", "cloud as cover")


def _reach(e: Ship) -> float:
    """How far (mm) ``e``'s guns may reach next turn: its longest battery or lance range plus its speed."""
    guns = [w.range_cm * 10.0 for w in prof(e).weapons if w.kind in ("battery", "lance")]
    return max(guns, default=0.0) + prof(e).speed_cm * 10.0


def _cover_gained(st: SFState, ship: Ship, start: tuple[float, float]) -> set[str]:
    """Which cover ``ship``'s move just gained against an active enemy within reach of its end
    position: "planet as cover" when a planet or moon now blocks that enemy's line and did not
    block its line to the start; "cloud as cover" when a gas cloud now shifts that enemy's fire
    and did not before."""
    kinds = {f.id: f.kind for f in st.features}
    out: set[str] = set()
    end = (ship.x, ship.y)
    for e in st.ships.values():
        if e.side == ship.side or e.status != "active" or e.zone != "main":
            continue
        if math.hypot(e.x - ship.x, e.y - ship.y) > _reach(e):
            continue
        now = sight.blocker(st, e, ship.x, ship.y, ship)
        ship.x, ship.y = start
        before = sight.blocker(st, e, ship.x, ship.y, ship)
        clouds_before = {c.id for c in sight.shifts(st, e, ship) if kinds.get(c.id) == "gas_cloud"}
        ship.x, ship.y = end
        if now is not None and kinds.get(now[1].id) in ("planet", "moon") and before is None:
            out.add("planet as cover")
        if now is None and {c.id for c in sight.shifts(st, e, ship) if kinds.get(c.id) == "gas_cloud"} - clouds_before:
            out.add("cloud as cover")
    return out


@cache
def _seen(scenario: str) -> Counter:
    """How often each of PHENOMENA is taken in the golden replay of ``scenario``."""
    path = next(golden_path(r, p) for r, p in bundled(["spacefleet"]) if p.name == scenario)
    rec = read_replay(path)
    h = rec.header
    st = Battle(RS, h.scenario, h.map, h.seed).state
    seen: Counter = Counter()
    for line in rec.actions:
        mover = st.ships[line.action["ship"]] if line.action["type"] == "sf_move" else None
        start = (mover.x, mover.y) if mover is not None else None
        apply_recorded(RS, st, [RS.parse_event(e) for e in line.events])
        for e in line.events:
            if e["type"] == "sf_order" and e["passed"] and e["order"] == "burn_retros":
                seen["Burn Retros"] += 1
            elif e["type"] == "sf_placed" and e["zone"] == "low_orbit":
                seen["low orbit"] += 1
            elif e["type"] == "sf_moved" and (e["pre_turn"] or e["post_turn"]):
                seen["gravity-well turn"] += 1
        if mover is not None and mover.status == "active" and mover.zone == "main":
            seen.update(_cover_gained(st, mover, start))
    return seen


SCENARIOS = [p.name for _, p in bundled(["spacefleet"])]


@pytest.mark.parametrize("phenomenon", PHENOMENA)
def test_each_phenomenon_is_taken_in_some_golden_battle(phenomenon):
    where = {s: _seen(s)[phenomenon] for s in SCENARIOS}
    assert any(where.values()), f"no golden space-fleet battle shows {phenomenon}: {where}"


def test_low_orbit_is_taken_where_the_map_has_its_table():
    """Only planet_low_orbit has a low-orbit table (maps/spacefleet); its golden enters it."""
    assert _seen("planet_low_orbit.scenario.json")["low orbit"] >= 1
    assert all(_seen(s)["low orbit"] == 0 for s in SCENARIOS if s != "planet_low_orbit.scenario.json")

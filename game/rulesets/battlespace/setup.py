"""Set-up: fireteams and loadouts, enemies, civilians, vehicles, the shuffled SITREP deck,
and the random enemy staging chart (Battlespace: Set Up; Staging the Mission Area)."""

from __future__ import annotations

import math

from game.core.dice import Dice
from game.data.maps import MapFile
from game.data.scenario import Scenario
from game.geometry.shapes import displace

from .data import data
from .geo import R
from .names import generic_name
from .state import BSState, ExitEdge, Feat, Fig, Vehicle
from .validation import validate  # noqa: F401 - re-exported: set-up and its checks were one module



def _feat(f) -> Feat:
    return Feat(id=f.id, kind=f.kind, name=f.name, exterior=[tuple(p) for p in f.exterior], holes=[[tuple(p) for p in r] for r in f.holes],
                height=f.height, tags=list(f.tags), openings=[(o.a[0], o.a[1], o.b[0], o.b[1]) for o in f.openings],
                props=dict(f.properties))


def _fig(u, side: str, m: MapFile, figs: dict[str, Fig]) -> Fig:
    """The model of scenario unit ``u``; an enemy numbered among ``figs``, the models placed before it."""
    on = u.params.get("on")
    z = m.feature(on).height if on else 0.0
    if side == "enemy":
        return Fig(id=u.id, side="enemy", kind="enemy", card=u.profile, name=generic_name(figs, u.profile), x=u.x, y=u.y,
                   z=z, on=on, group=u.group)
    card = data().soldiers[u.profile]
    gear = {}
    for gid in u.params.get("gear", []):
        q = data().gear[gid].qty
        gear[gid] = -1 if q is None else q
    return Fig(id=u.id, side=side, kind="soldier", card=u.profile, name=card.name, x=u.x, y=u.y, z=z, on=on, gear=gear)


def staging(dice: Dice, table: tuple[float, float], figs: dict[str, Fig], free=None) -> None:
    """Random enemy staging chart: the first printed row containing the D20 wins; each
    straggler or element is placed an advance (176 mm) from the table centre in the
    drift direction (9-20: at the centre)."""
    if free is None:
        def free(x: float, y: float) -> bool:
            return R <= x <= table[0] - R and R <= y <= table[1] - R
    r = dice.roll("d20", "random enemy staging chart").natural
    row = next(x for x in data().tables.staging_chart if x.low <= r <= x.high)
    w, h = table
    n = 0
    for k, size in enumerate(row.groups):
        d = dice.roll("d20", "staging direction").natural
        cx, cy = w / 2, h / 2
        if d < data().tables.drift.direct_from:
            cx, cy = displace((cx, cy), -90.0 + (d - 1) * data().tables.drift.degrees_per_step, data().tables.advance_mm)
        gid = f"staged{k}" if size > 1 else None
        spots = _card_spots(cx, cy, size, figs, free)
        for i in range(size):
            fid = f"s{n}"
            n += 1
            x, y = spots[i]
            card = data().tables.staging_profile
            figs[fid] = Fig(id=fid, side="enemy", kind="enemy", card=card, name=generic_name(figs, card), x=x, y=y, group=gid)


def _card_spots(cx: float, cy: float, size: int, figs: dict[str, Fig], free) -> list[tuple[float, float]]:
    """Places for ``size`` bases in one card area (63 x 88 mm, long side north-south) at
    (cx, cy): a 2 x 2 block, else a free block of the card shifted by up to a card
    length, clear of models already placed and of impassable terrain (ours: two groups
    drifting to the same point must not stand on each other)."""
    block = [(-13.0, 0.0), (13.0, 0.0), (-13.0, 30.0), (13.0, 30.0), (-13.0, 60.0), (13.0, 60.0)][:max(size, 1)]
    others = [(f.x, f.y) for f in figs.values()]
    shifts = [(0.0, 0.0)] + [(dx * k, dy * k) for k in (30.0, 60.0, 88.0)
                             for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))]
    for sx, sy in shifts:
        pts = [(cx + sx + bx, cy + sy + by) for bx, by in block]
        if all(free(x, y) and all(math.hypot(x - ox, y - oy) >= 2 * R for ox, oy in others) for x, y in pts):
            return pts
    return [(cx + bx, cy + by) for bx, by in block]


def _free_on(m: MapFile):
    """A test that a base centred at (x, y) is on the table and off impassable terrain."""
    from shapely.geometry import Point, Polygon
    from shapely.ops import unary_union
    imp = unary_union([Polygon(f.exterior, f.holes) for f in m.features if "impassable" in f.tags])
    w, h = m.table.width_mm, m.table.height_mm

    def free(x: float, y: float) -> bool:
        return R <= x <= w - R and R <= y <= h - R and (imp.is_empty or imp.distance(Point(x, y)) >= R)
    return free


def setup_state(sc: Scenario, m: MapFile, dice: Dice, teams: list[str]) -> BSState:
    figs: dict[str, Fig] = {}
    for side, units in sc.forces.items():
        for u in units:
            figs[u.id] = _fig(u, side, m, figs)
    p = dict(sc.params)
    for i, (x, y) in enumerate(p.get("civilians", [])):
        figs[f"civ{i}"] = Fig(id=f"civ{i}", side="civilian", kind="civilian", card="civilian", name=generic_name(figs, "civilian"),
                                x=x, y=y)
    for i, (x, y) in enumerate(p.get("aid_workers", [])):
        figs[f"aid{i}"] = Fig(id=f"aid{i}", side="aid", kind="hostage", card="aid_worker",
                                name=generic_name(figs, "aid_worker"), x=x, y=y)
    if p.get("staging"):
        staging(dice, (m.table.width_mm, m.table.height_mm), figs, _free_on(m))
    order = dice.shuffle(len(data().sitrep), "shuffle the SITREP deck")
    deck = [data().sitrep[i - 1].id for i in order.faces]
    vehicles = {}
    for f in m.features:
        if f.kind == "vehicle":
            vt = str(f.properties.get("vehicle_type", "humvee"))
            # a damaged vehicle (map properties ``hits``: attacks already taken toward its
            # protection; ``immobile``: cannot drive) - Mission 3's humvee
            vehicles[f.id] = Vehicle(id=f.id, type=vt, disabled=bool(f.properties.get("disabled", False)),
                                     hits=int(f.properties.get("hits", 0)), immobile=bool(f.properties.get("immobile", False)))
    exits = [ExitEdge(id=e.id, edge=e.edge, start=e.start_mm, end=e.end_mm, side=e.side) for e in m.exits]
    return BSState(ruleset="battlespace", sides=teams + ["enemy"], teams=teams, phase="player", active=teams[0], figs=figs,
                   table=(m.table.width_mm, m.table.height_mm), map_sha=m.sha256(), terrain=[_feat(f) for f in m.features],
                   exits=exits, deck=deck, turn_limit=sc.turn_limit or 10, mission=p.get("mission", "m1_survivors"),
                   params=p, night="night" in sc.special_rules, bleeding_out="bleeding_out" in sc.special_rules,
                   vehicles=vehicles, counter=100)


__all__ = ["setup_state", "validate", "staging", "math"]

"""The state at the start of a battle, from a scenario and its map.

Scenario ``params`` (checked by :mod:`.validation`):

* ``attacker``, ``defender``: side ids (default: the first side attacks).
* ``first``: ``"attacker"`` or ``"defender"``, the side that takes the first
  turn (Game Sequence: the defender moves first only when it makes
  scenario programmed moves).
* ``mission``: ``"normal"`` or ``"priority"`` (Mission Design).
* ``locations``: the table ends the defender may choose (Terrain Setup),
  each ``{"name", "control", "start"}``: the defender's control area and the
  attacker's start area, each a map deployment zone's id or an outline
  ([[x, y], ...] mm; the app draws it as a marker). Without it, the map's
  one zone of each side.
* ``insertions``: ``[{"id", "side", "method": helicopter|glider|para,
  "earliest"}]`` (Helicopter and glider insertions; Para drops).
* ``offboard``: ``{side: [{"asset", "missions"}]}`` (Off-board Support).

Element ``params``: ``name``, ``hidden`` (concealed, confused,
non_combatant; non-combatant profiles are hidden as non-combatants unless
``hidden`` is false), ``fire_order`` (at_will, ambush, hold), ``insertion``,
``dug_in``, ``route`` (programmed moves: [[x, y], ...] mm).
"""

from __future__ import annotations

import hashlib
import json

from shapely.geometry import Polygon

from game.data.maps import MapFile
from game.data.scenario import Scenario

from .state import Asset, Element, FoxState, Insertion, Location, Mission, TerrainRec
from .tables import FORCES, TABLES


def terrain_of(m: MapFile) -> list[TerrainRec]:
    """The map's features as the rules read them (kind, ring, height, blocks sight)."""
    return [TerrainRec(id=f.id, name=f.name, kind=f.kind, ring=[tuple(p) for p in f.exterior],
                       holes=[[tuple(p) for p in h] for h in f.holes], height=f.height,
                       blocks="blocks_sight" in f.tags) for f in m.features]


def sides_of(sc: Scenario) -> tuple[str, str]:
    """(attacker, defender) side ids."""
    ids = [s.id for s in sc.sides if s.playable]
    att = sc.params.get("attacker", ids[0])
    dfn = sc.params.get("defender", next((i for i in ids if i != att), ids[-1]))
    return att, dfn


def locations_of(sc: Scenario, m: MapFile) -> list[Location]:
    """The defender's choices of table end (see the module notes)."""
    att, dfn = sides_of(sc)
    zones = {z.id: z for z in m.deployment_zones}
    locs = sc.params.get("locations")
    if locs:
        def ring(v):
            return [tuple(p) for p in (zones[v].polygon if isinstance(v, str) else v)]
        return [Location(name=loc["name"], control=ring(loc["control"]), start=ring(loc["start"])) for loc in locs]
    c = next(z for z in m.deployment_zones if z.side == dfn)
    a = next(z for z in m.deployment_zones if z.side == att)
    return [Location(name="as drawn", control=[tuple(p) for p in c.polygon], start=[tuple(p) for p in a.polygon])]


def element_of(side: str, u) -> Element:
    """One scenario unit as an element (its profile from the sample forces)."""
    p = FORCES.profiles[u.profile]
    prm = u.params
    hidden = prm.get("hidden")
    if hidden is None and p.kind == "non_combatant":
        hidden = "non_combatant"
    if hidden is False:
        hidden = None
    placed = u.x is not None and u.y is not None
    return Element(
        id=u.id, side=side, name=prm.get("name", p.name), profile=u.profile, kind=p.kind,
        quality=TABLES.quality_of(p.quality), motivation=TABLES.motivation_of(p.motivation),
        mob=p.motivation == "mob", equipment=p.equipment, vehicle=p.vehicle, pioneer=p.pioneer,
        x=u.x if placed else 0.0, y=u.y if placed else 0.0, heading=u.heading if prm.get("formation") == "extended" else 0.0,
        formation=prm.get("formation", "normal"),
        where="reserve" if prm.get("insertion") else "table", deployed=placed or bool(prm.get("insertion")),
        hidden=hidden, fire_order=prm.get("fire_order", "ambush" if hidden in ("concealed", "confused") else "at_will"),
        insertion=prm.get("insertion"), dug_in=bool(prm.get("dug_in", False)),
        route=[tuple(p) for p in prm.get("route", [])],
    )


def setup_state(sc: Scenario, m: MapFile, ruleset_id: str) -> FoxState:
    """The state before the set-up's first decision (no dice are rolled here)."""
    att, dfn = sides_of(sc)
    terrain = terrain_of(m)
    key = hashlib.sha256(json.dumps([t.model_dump() for t in terrain], sort_keys=True).encode()).hexdigest()[:16]
    elements: dict[str, Element] = {}
    for side, units in sc.forces.items():
        for u in units:
            elements[u.id] = element_of(side, u)
    locs = locations_of(sc, m)
    insertions = []
    for i in sc.params.get("insertions", []):
        members = [e.id for e in elements.values() if e.insertion == i["id"]]
        insertions.append(Insertion(id=i["id"], side=i["side"], method=i["method"], elements=members,
                                    earliest=int(i.get("earliest", 1))))
    assets = []
    for side, lst in sc.params.get("offboard", {}).items():
        for k, a in enumerate(lst):
            assets.append(Asset(id=f"{side}-{a['asset']}-{k + 1}", side=side, kind=a["asset"],
                                missions=int(a.get("missions", 1))))
    first = att if sc.params.get("first", "attacker") == "attacker" else dfn
    one = len(locs) == 1
    return FoxState(
        ruleset=ruleset_id, sides=[s.id for s in sc.sides if s.playable], turn=0,
        phase="objectives" if one else "location", active=dfn, scenario=sc.name,
        side_names={x.id: sc.side_name(x.id) for x in sc.sides},
        table=(m.table.width_mm, m.table.height_mm), terrain=terrain, terrain_key=key, attacker=att, defender=dfn,
        first=first, turn_limit=sc.turn_limit or 12, elements=elements, locations=locs,
        location=locs[0].name if one else None, mission=Mission(kind=sc.params.get("mission", "normal")),
        insertions=insertions, assets=assets,
    )


def zone_polygon(ring) -> Polygon:
    return Polygon(ring)

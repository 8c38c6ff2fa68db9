"""Scenario and map checks: one (where, reason) for the first problem, or None.

Every ``params`` key Foxhole reads is declared here (unknown keys refused,
values typed and ranged), at scenario and element level; the map's feature
kinds are the terrain types the rules know.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from game.data.maps import MapFile
from game.data.params import Params, params_problem
from game.data.scenario import Scenario

from .geo import KINDS
from .tables import FORCES, TABLES


class LocationP(Params):
    name: StrictStr = Field(description="the name of this table end")
    control: StrictStr | list[tuple[float, float]] = Field(description="the defender's control area: a zone id or an outline, mm")
    start: StrictStr | list[tuple[float, float]] = Field(description="the attacker's start area: a zone id or an outline, mm")


class InsertionP(Params):
    id: StrictStr = Field(description="insertion id (elements name it in their params)")
    side: StrictStr = Field(description="the side it brings in")
    method: Literal["helicopter", "glider", "para"] = Field(description="how it arrives")
    earliest: StrictInt = Field(1, ge=1, le=1000, description="the first turn it may be planned for")


class AssetP(Params):
    asset: StrictStr = Field(description="off-board asset kind (tables.toml offboard.assets)")
    missions: StrictInt = Field(1, ge=1, le=20, description="fire missions it may fire")


class ScenarioP(Params):
    attacker: StrictStr = Field(None, description="attacking side id")
    defender: StrictStr = Field(None, description="defending side id")
    first: Literal["attacker", "defender"] = Field("attacker", description="who takes the first turn")
    mission: Literal["normal", "priority"] = Field("normal", description="the mission kind")
    locations: list[LocationP] = Field(None, description="table ends the defender may choose")
    insertions: list[InsertionP] = Field(None, description="helicopter, glider and para insertions")
    offboard: dict[str, list[AssetP]] = Field(None, description="off-board assets by side")
    conflict: StrictStr = Field(None, description="the conflict the forces come from")


class ElementP(Params):
    name: StrictStr = Field(None, description="the element's name")
    hidden: Literal["concealed", "confused", "non_combatant"] | StrictBool = Field(None, description="hidden unit kind")
    fire_order: Literal["at_will", "ambush", "hold"] = Field(None, description="standing order while unrevealed")
    insertion: StrictStr = Field(None, description="the insertion it arrives by")
    dug_in: StrictBool = Field(None, description="starts emplaced")
    formation: Literal["normal", "extended"] = Field(None, description="formation when placed by the scenario")
    route: list[tuple[float, float]] = Field(None, description="programmed moves (mm points)")


def validate_map(m: MapFile) -> tuple[str, str] | None:
    """Feature kinds must be Foxhole terrain types (Terrain Types) or trenches."""
    for f in m.features:
        if f.kind not in KINDS:
            return f"feature {f.id} kind", f"unknown terrain kind {f.kind!r} (known: {', '.join(KINDS)})"
    return None


def validate(sc: Scenario, m: MapFile) -> tuple[str, str] | None:
    """Sides, params, profiles, zones, insertions and off-board assets."""
    ids = [s.id for s in sc.sides if s.playable]
    if len(ids) != 2:
        return "sides", f"Foxhole is played by two sides (got {len(ids)})"
    bad = params_problem(ScenarioP, sc.params, "params")
    if bad:
        return bad
    p = ScenarioP.model_validate(sc.params)
    att = p.attacker or ids[0]
    dfn = p.defender or next(i for i in ids if i != att)
    for role, sid in (("attacker", att), ("defender", dfn)):
        if sid not in ids:
            return f"params.{role}", f"{sid!r} is not a side of the scenario ({', '.join(ids)})"
    if att == dfn:
        return "params.defender", "the attacker and the defender must be different sides"
    zones = {z.id: z for z in m.deployment_zones}
    if p.locations:
        from game.data.maps import polygon_problem
        names = [loc.name for loc in p.locations]
        if len(set(names)) != len(names):
            return "params.locations", "two locations share a name"
        for k, loc in enumerate(p.locations):
            for key, side in (("control", dfn), ("start", att)):
                v = getattr(loc, key)
                if isinstance(v, str):
                    if v not in zones:
                        return f"params.locations[{k}].{key}", f"the map has no deployment zone {v!r}"
                    if zones[v].side != side:
                        return f"params.locations[{k}].{key}", f"zone {v!r} belongs to {zones[v].side}, not {side}"
                else:
                    prob = polygon_problem(list(v))
                    if prob:
                        return f"params.locations[{k}].{key}", prob
                    w, h = m.table.width_mm, m.table.height_mm
                    if any(not (0 <= x <= w and 0 <= y <= h) for x, y in v):
                        return f"params.locations[{k}].{key}", "the outline leaves the table"
    else:
        for side, what in ((dfn, "control area"), (att, "start area")):
            if not any(z.side == side for z in m.deployment_zones):
                return "map", f"the map has no deployment zone for {side} (its {what})"
    ins_ids = set()
    for k, i in enumerate(p.insertions or []):
        if i.side not in ids:
            return f"params.insertions[{k}].side", f"{i.side!r} is not a side"
        ins_ids.add(i.id)
    for side, lst in (p.offboard or {}).items():
        if side not in ids:
            return f"params.offboard.{side}", f"{side!r} is not a side"
        for k, a in enumerate(lst):
            if a.asset not in TABLES.offboard.assets:
                return (f"params.offboard.{side}[{k}].asset",
                        f"unknown asset {a.asset!r} (known: {', '.join(sorted(TABLES.offboard.assets))})")
    if len(p.locations or []) > 1:
        for side, units in sc.forces.items():
            for u in units:
                if u.x is not None:
                    return f"forces.{side}.{u.id}.x", "with a choice of table ends every element is set up in play"
    for side, units in sc.forces.items():
        for u in units:
            where = f"forces.{side}.{u.id}"
            if u.profile not in FORCES.profiles:
                return f"{where}.profile", f"unknown profile {u.profile!r}"
            bad = params_problem(ElementP, u.params, f"{where}.params")
            if bad:
                return bad
            ins = u.params.get("insertion")
            if ins is not None and ins not in ins_ids:
                return f"{where}.params.insertion", f"no insertion {ins!r} in params.insertions"
            if ins is not None and u.x is not None:
                return f"{where}.x", "an element arriving by insertion is not placed"
            if FORCES.profiles[u.profile].kind == "vehicle" and u.params.get("hidden"):
                return f"{where}.params.hidden", "vehicles cannot be hidden"
    return None

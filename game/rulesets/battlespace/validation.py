"""What a Battlespace scenario and map may hold (``validate_scenario``,
``validate_map``): sides, fireteams and loadouts, enemy cards, every
``params`` key the rules read (typed and ranged, unknown keys refused),
mission needs, objectives, special rules, models apart, vehicle properties.

Every check returns (field path, reason) for a one-line error, or None.
Field paths name units by id: ``forces.fireteam.reyes.params.gear``.
"""

from __future__ import annotations

import math

from pydantic import Field, StrictBool, StrictFloat, StrictInt, StrictStr

from game.data.kinds import catalogue
from game.data.maps import MapFile
from game.data.params import Params, params_problem, parsed
from game.data.scenario import Scenario

from .data import data
from .geo import R, fits_card

TEAM_POINTS = 12
SOLDIER_POINTS = 6
TEAM_SIZE = 4
#: the Alpha, Bravo optional rule: one fire team, or two
MAX_FIRETEAMS = 2
ENEMY = "enemy"
#: special rules the ruleset applies (setup_state)
SPECIAL_RULES = ("bleeding_out", "night")
#: objective kinds of the five missions (what the scenario's objectives describe)
OBJECTIVE_KINDS = ("exfil", "interact", "kill", "survive")
#: the missions won by leaving the table (Battlespace: Missions)
EXFIL_MISSIONS = ("m1_survivors", "m2_awad", "m5_retreat")
#: scenario params read only by one mission (missions.py, ai.py)
MISSION_KEYS = {"search_feature": ("m1_survivors",), "exfil_needed": ("m1_survivors", "m5_retreat"),
                "targets": ("m2_awad",), "guards": ("m4_hostages",), "guard_deadline": ("m4_hostages",)}
#: the turn limit when the scenario gives none (setup_state)
DEFAULT_TURN_LIMIT = 10

Point = tuple[StrictFloat, StrictFloat]


class SoldierParams(Params):
    """A fireteam soldier's ``params``."""

    gear: list[StrictStr] = Field(default_factory=list, description="gear card ids (loadout)")
    on: StrictStr = Field(None, description="the elevated feature (roof) the soldier starts on")


class EnemyParams(Params):
    """An enemy model's ``params``."""

    on: StrictStr = Field(None, description="the elevated feature (roof) the enemy starts on")


class NoParams(Params):
    """Objectives take no params."""


class MissionParams(Params):
    """A Battlespace scenario's ``params``."""

    mission: StrictStr = Field(description="m1_survivors ... m5_retreat")
    search_feature: StrictStr = Field(None, description="Mission 1: the feature searched for survivors")
    exfil_needed: StrictInt = Field(None, ge=1, description="Missions 1 and 5: soldiers that must reach exfil")
    targets: list[StrictStr] = Field(None, min_length=1, description="Mission 2: the target buildings (feature ids)")
    guards: list[StrictStr] = Field(None, description="Mission 4: the enemy unit ids guarding the aid workers")
    guard_deadline: StrictInt = Field(None, ge=1, description="Mission 4: the turn by which the guards must be dead")
    civilians: list[Point] = Field(None, description="civilians' positions, mm")
    aid_workers: list[Point] = Field(None, description="aid workers' positions, mm")
    staging: StrictBool = Field(None, description="place enemies by the random staging chart")


def _elevated(m: MapFile, fid: str, x: float, y: float, at: str) -> tuple[str, str] | None:
    from shapely.geometry import Point as _Pt

    f = next((f for f in m.features if f.id == fid), None)
    if f is None:
        return (at, f"no feature {fid!r} on the map")
    if "elevation" not in f.tags:
        return (at, f"feature {fid} is not elevated terrain (no 'elevation' tag): a model cannot stand on it")
    if f.polygon().distance(_Pt(x, y)) > 1e-6:
        return (at, f"({x:g}, {y:g}) is not on feature {fid}")
    return None


def _sides(sc: Scenario) -> tuple[str, str] | None:
    teams = [s.id for s in sc.sides if s.playable]
    for s in sc.sides:
        if s.id == ENEMY and s.playable:
            return (f"sides.{ENEMY}.playable", "the enemy is played by the rules (its cards): playable must be false")
        if s.id != ENEMY and not s.playable:
            return (f"sides.{s.id}.playable", f"battlespace sides are fireteams (playable) and {ENEMY!r} (the rules); "
                                              f"{s.id!r} is neither")
    if not teams:
        return ("sides", "no fireteam: at least one side must be playable")
    if len(teams) > MAX_FIRETEAMS:
        return ("sides", f"{len(teams)} fireteams ({', '.join(teams)}); a mission takes one or two (Alpha, Bravo)")
    for t in teams:
        if not sc.forces.get(t):
            return (f"forces.{t}", f"{sc.side_name(t)} has no soldiers; a fireteam has four")
    return None


def _unit_problem(u, at: str, cards: dict, what: str, params_model) -> tuple[str, str] | None:
    """A unit's card (``what``: soldier or enemy) is known, it has a position
    and its params fit ``params_model``; else (field, reason)."""
    if u.profile not in cards:
        return (f"{at}.profile", f"unknown {what} card {u.profile!r} (known: {', '.join(sorted(cards))})")
    if u.x is None or u.y is None:
        return (at, f"{'soldiers' if what == 'soldier' else 'enemies'} need x and y")
    return params_problem(params_model, u.params, f"{at}.params")


def _fireteam(sc: Scenario, m: MapFile, side: str, units) -> tuple[str, str] | None:
    if len(units) != TEAM_SIZE:
        return (f"forces.{side}", f"a fireteam has four soldiers, not {len(units)}")
    total = 0
    positions: dict[str, str] = {}
    for u in units:
        at = f"forces.{side}.{u.id}"
        why = _unit_problem(u, at, data().soldiers, "soldier", SoldierParams)
        if why:
            return why
        p = parsed(SoldierParams, u.params)
        pts = 0
        for gid in p.gear:
            g = data().gear.get(gid)
            if g is None:
                return (f"{at}.params.gear", f"unknown gear card {gid!r}")
            pts += g.pts
            if g.team_position:
                if g.team_position in positions:
                    return (f"{at}.params.gear", f"team position {g.team_position} already taken by {positions[g.team_position]}")
                positions[g.team_position] = u.id
        if pts > SOLDIER_POINTS:
            return (f"{at}.params.gear", f"{pts} points of gear; a soldier carries at most {SOLDIER_POINTS}")
        total += pts
        if p.on is not None:
            why = _elevated(m, p.on, u.x, u.y, f"{at}.params.on")
            if why:
                return why
    if total > TEAM_POINTS:
        return (f"forces.{side}", f"{total} points of gear; a fireteam has {TEAM_POINTS}")
    if not fits_card([(u.x, u.y) for u in units]):
        return (f"forces.{side}", "the deployment zone is one card area (63 x 88 mm): the four bases must fit in it")
    return None


def _enemies(m: MapFile, units) -> tuple[str, str] | None:
    for u in units:
        at = f"forces.{ENEMY}.{u.id}"
        why = _unit_problem(u, at, data().enemies, "enemy", EnemyParams)
        if why:
            return why
        on = u.params.get("on")
        if on is not None:
            why = _elevated(m, on, u.x, u.y, f"{at}.params.on")
            if why:
                return why
    return None


def _mission(sc: Scenario, m: MapFile, missions) -> tuple[str, str] | None:
    why = params_problem(MissionParams, sc.params, "params")
    if why:
        if why[0] == "params.mission" and why[1] == "missing field":
            return ("params.mission", f"missing field: the mission to play (known: {', '.join(missions)})")
        return why
    p = parsed(MissionParams, sc.params)
    if p.mission not in missions:
        return ("params.mission", f"unknown mission {p.mission!r} (known: {', '.join(missions)})")
    for key, users in MISSION_KEYS.items():
        if key in sc.params and p.mission not in users:
            return (f"params.{key}", f"mission {p.mission} does not use it (it is read by {', '.join(users)})")
    fids = {f.id for f in m.features}
    teams = [s.id for s in sc.sides if s.playable]
    soldiers = sum(len(sc.forces.get(t, [])) for t in teams)
    if p.mission == "m1_survivors":
        if p.search_feature is None:
            return ("params.search_feature", "missing field: mission m1_survivors searches a feature (the Humvee) for survivors")
        if p.search_feature not in fids:
            return ("params.search_feature", f"no feature {p.search_feature!r} on the map")
    if p.exfil_needed is not None and p.exfil_needed > soldiers:
        return ("params.exfil_needed", f"{p.exfil_needed} soldiers can never reach exfil: the fireteams have {soldiers}")
    if p.mission == "m2_awad":
        if p.targets is None:
            return ("params.targets", "missing field: mission m2_awad breaches target buildings (feature ids)")
        for i, fid in enumerate(p.targets):
            if fid in p.targets[:i]:
                return ("params.targets", f"target {fid!r} is listed twice")
            f = next((f for f in m.features if f.id == fid), None)
            if f is None:
                return ("params.targets", f"no feature {fid!r} on the map")
            if not f.openings:
                return ("params.targets", f"feature {fid} has no door (openings) to breach")
    if p.guards is not None:
        enemies = {u.id for u in sc.forces.get(ENEMY, [])}
        for i, gid in enumerate(p.guards):
            if gid not in enemies or gid in p.guards[:i]:
                return ("params.guards", f"{gid!r} is not an enemy unit of this scenario" if gid not in enemies
                        else f"guard {gid!r} is listed twice")
    limit = sc.turn_limit or DEFAULT_TURN_LIMIT
    if p.guard_deadline is not None and p.guard_deadline > limit:
        return ("params.guard_deadline", f"turn {p.guard_deadline} comes after the turn limit ({limit})")
    w, h = m.table.width_mm, m.table.height_mm
    for key in ("civilians", "aid_workers"):
        for i, (x, y) in enumerate(getattr(p, key) or []):
            if not (0 <= x <= w and 0 <= y <= h):
                return (f"params.{key}[{i}]", f"({x:g}, {y:g}) is off the {w:g} x {h:g} mm table")
    if p.mission in EXFIL_MISSIONS and not any(e.side in (None, "fireteam", *teams) for e in m.exits):
        return ("params.mission", f"mission {p.mission} ends in exfil, but the map has no exit for the fireteams")
    return None


def _apart(sc: Scenario, m: MapFile) -> tuple[str, str] | None:
    """Models may not overlap at set-up (ours: ending a move on another model
    is not allowed, so neither is starting on one); bases may touch. Models on
    different surfaces (ground, a roof) do not meet."""
    from shapely.geometry import Point as _Pt
    from shapely.ops import unary_union

    solid = unary_union([f.polygon() for f in m.features if "impassable" in f.tags and "elevation" not in f.tags])
    models: list[tuple[str, str, float, float, str | None]] = []
    for side, units in sc.forces.items():
        for u in units:
            if u.x is not None and u.y is not None:
                models.append((f"forces.{side}.{u.id}", u.id, u.x, u.y, u.params.get("on")))
    for key, label in (("civilians", "civilian"), ("aid_workers", "aid worker")):
        for i, (x, y) in enumerate(sc.params.get(key) or []):
            at = f"params.{key}[{i}]"
            if not solid.is_empty and solid.contains(_Pt(x, y)):
                return (at, f"({x:g}, {y:g}) is inside impassable terrain")
            models.append((at, f"{label} {i}", x, y, None))
    for i, (at, name, x, y, on) in enumerate(models):
        for _, other, ox, oy, oon in models[:i]:
            gap = math.hypot(x - ox, y - oy)
            if on == oon and gap < 2 * R - 1e-6:
                return (at, f"its base overlaps {other}'s ({gap:g} mm between centres, {2 * R:g} mm bases): "
                            "models may not stand on each other")
    return None


def validate(sc: Scenario, m: MapFile, missions) -> tuple[str, str] | None:
    """Sides (one or two fireteams and the rules' ``enemy``); fireteam building
    (four soldiers, 12 points of gear, 6 per soldier, team positions unique,
    one card area); known cards and features; every params key known, typed
    and in range; what the mission needs; objectives and special rules the
    ruleset knows; models apart."""
    why = _sides(sc)
    if why:
        return why
    for side, units in sc.forces.items():
        why = _enemies(m, units) if side == ENEMY else _fireteam(sc, m, side, units)
        if why:
            return why
    why = _mission(sc, m, missions) or _apart(sc, m)
    if why:
        return why
    for o in sc.objectives:
        if o.kind not in OBJECTIVE_KINDS:
            return (f"objectives.{o.id}.kind", f"unknown objective kind {o.kind!r} (known: {', '.join(OBJECTIVE_KINDS)})")
        why = params_problem(NoParams, o.params, f"objectives.{o.id}.params")
        if why:
            return why
    for rule in sc.special_rules:
        if rule not in SPECIAL_RULES:
            return ("special_rules", f"unknown special rule {rule!r} (known: {', '.join(SPECIAL_RULES)})")
    return None


VEHICLE_PROPERTIES = ("disabled", "hits", "immobile", "vehicle_type")


def validate_map(m: MapFile) -> tuple[str, str] | None:
    """Feature kinds and the properties the rules read. A kind must be one of
    Battlespace's terrain kinds (``game/data/kinds.json``: building, wall,
    woods, ...; a made-up kind such as "lava" is refused, since a player
    would expect it to do something no rule does). Properties: a vehicle's
    ``vehicle_type`` (a known vehicle), ``disabled`` and ``immobile`` (true
    or false) and ``hits`` (attacks already taken, fewer than its
    protection); other features have none. A piece tagged ``elevation``
    stands higher than a standing model (Battlespace: Elevation; 30 mm,
    gaps.md)."""
    kinds = catalogue().kinds_for("battlespace")
    for f in m.features:
        where = f"feature {f.id}"
        if f.kind not in kinds:
            return (f"{where} kind", f"unknown terrain kind {f.kind!r} for battlespace (known: {', '.join(sorted(kinds))})")
        tall = data().tables.standing_height_mm
        if "elevation" in f.tags and f.height <= tall:
            return (f"{where} height", f"elevation must stand higher than a standing model ({tall:g} mm); "
                                       f"this one is {f.height:g} mm (drop the elevation tag or raise it)")
        known = VEHICLE_PROPERTIES if f.kind == "vehicle" else ()
        for key, value in f.properties.items():
            if key not in known:
                return (f"{where} properties.{key}", f"unknown property {key!r} for a {f.kind} "
                                                     f"(known: {', '.join(known) if known else 'none'})")
            if key in ("disabled", "immobile") and not isinstance(value, bool):
                return (f"{where} properties.{key}", f"must be true or false, not {value!r}")
        if f.kind != "vehicle":
            continue
        vt = f.properties.get("vehicle_type", "humvee")
        if vt not in data().vehicles:
            return (f"{where} properties.vehicle_type", f"unknown vehicle type {vt!r} (known: {', '.join(sorted(data().vehicles))})")
        hits = f.properties.get("hits", 0)
        if isinstance(hits, bool) or not isinstance(hits, int) or hits < 0:
            return (f"{where} properties.hits", f"must be a whole number 0 or more, not {hits!r}")
        v = data().vehicles[vt]
        if hits and v.disable and hits >= v.protection:
            return (f"{where} properties.hits", f"{hits} attacks disable a {v.name} (protection {v.protection}): "
                                                "use disabled true instead")
    return None


__all__ = ["validate", "validate_map", "MissionParams", "SoldierParams", "EnemyParams"]

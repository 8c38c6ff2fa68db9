"""Setting up a space-fleet battle: what a scenario and a map may hold
(``validate_scenario``, ``map_reason``: one line naming the field and the
reason) and the opening state (``setup_state``: ships with their rolled
Leadership, the map's phenomena; spacefleet_core 1.3, 1.11, 1.12;
celestial phenomena)."""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import Field, StrictInt, StrictStr

from game.core.dice import Dice
from game.core.ruleset import RULES_SIDE
from game.data.maps import MapFile
from game.data.params import Params, params_problem, parsed
from game.data.scenario import Scenario

from . import geom
from .data import profile, ships, tables
from .rules.phenomena import KINDS, features_from_map
from .state import SFState, Ship

RULESET_ID = "spacefleet"

BATTLEZONES = ("flare_region", "mercurial_zone", "inner_biosphere", "primary_biosphere", "outer_reaches", "deep_space")


KINS = ("eldar",)   #: values of a unit's ``params.kin`` (spacefleet_core 1.12: Eldar and Eldar-kin ships)


EDGES = ("north", "south", "east", "west")


#: Ld a scenario may give a ship or a fleet commander: at most the cap of
#: spacefleet_core 1.3 (10); at 1 or less a ship may no longer shoot (core 1.3), so 2 is the least (ours)
LD_RANGE = (2, 10)


#: feature properties the rules read, by feature kind (phenomena.features_from_map)
FEATURE_PROPERTIES = {"planet": ("cx", "cy", "radius", "size", "low_orbit"), "moon": ("cx", "cy", "radius", "size")}


SIZES = ("small", "medium", "large")


#: the generators' areas (phenomena: one phenomenon per 60 cm area at most)
AREA_MM = 600.0


class Commander(Params):
    """An embarked fleet commander (core rulings): his Ld replaces the ship's."""

    ld: StrictInt = Field(None, ge=LD_RANGE[0], le=LD_RANGE[1], description="the commander's Ld (default: the ship's)")
    rerolls: StrictInt = Field(0, ge=0, description="fleet re-rolls he brings")


class ShipParams(Params):
    """What a space-fleet unit's ``params`` may hold."""

    ld: StrictInt = Field(None, ge=LD_RANGE[0], le=LD_RANGE[1], description="starting Ld instead of the D6 roll")
    kin: StrictStr = Field(None, description='"eldar" for an Eldar or Eldar-kin ship')
    name: StrictStr = Field(None, description="the ship's name")
    commander: Commander = Field(None, description="the fleet commander aboard (flagship)")


class FleetScenarioParams(Params):
    """What a space-fleet scenario's ``params`` may hold."""

    battlezone: Literal[BATTLEZONES] = Field("deep_space", description="battlezone (sunward range doubling)")
    sunward: Literal[EDGES] = Field("north", description="the sunward table edge")
    solar_flares: StrictInt = Field(0, ge=0, description="solar flares generated")
    radiation_bursts: StrictInt = Field(0, ge=0, description="radiation bursts generated")
    setup: dict[str, Any] = Field(None, description="record of the set-up method and its rolls (not read by the rules)")


def kin_reason(side: str, u) -> tuple[str, str] | None:
    """Why a unit's ``params.kin`` is refused (field path, message), or None.
    Only ``"eldar"`` is known: it marks an Eldar or Eldar-kin ship
    (spacefleet_core 1.12)."""
    if "kin" not in u.params or u.params["kin"] in KINS:
        return None
    return (f"forces.{side}.{u.id}.params.kin",
            f"unit {u.id}: params.kin {u.params['kin']!r} is not a known kin (use \"eldar\" for an Eldar or "
            "Eldar-kin ship, or leave it out)")


def map_reason(m: MapFile) -> tuple[str, str] | None:
    """What the space-fleet rules cannot use in a map: a feature kind they
    do not know (it would be dropped silently), a property they do not read
    or a bad one, a second low-orbit planet."""
    low_orbit = None
    for f in m.features:
        where = f"feature {f.id}"
        if f.kind not in KINDS:
            return (f"{where} kind", f"unknown feature kind {f.kind!r} for spacefleet (known: {', '.join(sorted(KINDS))})")
        known = FEATURE_PROPERTIES.get(f.kind, ())
        for key, value in f.properties.items():
            if key not in known:
                return (f"{where} properties.{key}", f"unknown property {key!r} for a {f.kind} "
                                                     f"(known: {', '.join(known) if known else 'none'})")
            if key == "size" and value not in SIZES:
                return (f"{where} properties.size", f"must be one of {', '.join(SIZES)}, not {value!r}")
            if key == "low_orbit" and not isinstance(value, bool):
                return (f"{where} properties.low_orbit", f"must be true or false, not {value!r}")
            if key in ("cx", "cy", "radius") and (isinstance(value, bool) or not isinstance(value, (int, float))):
                return (f"{where} properties.{key}", f"must be a number (mm), not {value!r}")
            if key == "radius" and value <= 0:
                return (f"{where} properties.radius", f"must be more than 0 mm, not {value!r}")
        if f.properties.get("low_orbit") is True:
            if low_orbit is not None:
                return (f"{where} properties.low_orbit", f"only one planet has a low-orbit table; {low_orbit} already has it")
            low_orbit = f.id
    return None


def _areas(m: MapFile) -> int:
    """The 60 cm areas of the table the generators roll for (at least 1)."""
    return max(1, int(m.table.width_mm // AREA_MM) * int(m.table.height_mm // AREA_MM))


def fleet_sides(scenario: Scenario) -> list[str]:
    """The scenario's playable sides, in seating order (the fleets)."""
    return [s.id for s in scenario.sides if s.playable]


def validate_scenario(sc: Scenario, m: MapFile):
    """Two fleets with ships each; profiles exist; ships placed on the
    table, bases apart; unit, commander and scenario params known, typed
    and in range; squadrons of at most 6 escorts of one type; no
    objectives or special rules (victory points decide); the map's
    features known. Returns (field path, reason) or None."""
    ids = sc.side_ids()
    if len(ids) != 2:
        return ("sides", f"a spacefleet battle is fought by two fleets, not {len(ids)} ({', '.join(ids)})")
    for s in sc.sides:
        if not s.playable:
            return (f"sides.{s.id}.playable", "every spacefleet side commands a fleet: playable must be true")
    for side in ids:
        if not sc.forces.get(side):
            return (f"forces.{side}", f"side {side} has no ships; each of the two fleets needs at least one")
    known = ships()
    placed: list[tuple[str, Any, float]] = []
    commanders: dict[str, str] = {}
    for side, units in sc.forces.items():
        for u in units:
            at = f"forces.{side}.{u.id}"
            if u.profile not in known:
                return (f"{at}.profile", f"unknown ship profile {u.profile!r} (known: {', '.join(sorted(known))})")
            if u.x is None or u.y is None:
                return (at, "ships need x and y (mm)")
            if not (0 <= u.x <= m.table.width_mm and 0 <= u.y <= m.table.height_mm):
                return (at, "the ship stands off the table")
            why = params_problem(ShipParams, u.params, f"{at}.params") or kin_reason(side, u)
            if why:
                return why
            if "commander" in u.params:
                if side in commanders:
                    return (f"{at}.params.commander", f"a fleet has one commander, and {commanders[side]} already carries {side}'s")
                commanders[side] = u.id
            r = profile(u.profile).base_radius_mm
            for other, o, ro in placed:
                gap = math.hypot(u.x - o.x, u.y - o.y)
                if gap < r + ro - 1e-6:
                    return (at, f"its base overlaps {other}'s ({gap:g} mm between stems, the two bases need "
                                f"{r + ro:g} mm): ships are set up with bases apart or touching")
            placed.append((u.id, u, r))
    for side, units in sc.forces.items():  # at most 6 escorts per squadron, one type (spacefleet_core 1.11)
        groups: dict[str, list] = {}
        for u in units:
            if u.group and not profile(u.profile).capital:
                groups.setdefault(u.group, []).append(u)
        for g, us in groups.items():
            if len(us) > 6:
                return (f"forces.{side}", f"escort squadron {g!r} has {len(us)} ships; a squadron holds at most 6 escorts")
            if len({u.profile for u in us}) > 1:
                return (f"forces.{side}", f"escort squadron {g!r} mixes {', '.join(sorted({u.profile for u in us}))}; "
                                          "its escorts must all be of one type")
    why = params_problem(FleetScenarioParams, sc.params, "params")
    if why:
        return why
    p = parsed(FleetScenarioParams, sc.params)
    areas = _areas(m)
    if p.solar_flares > areas:
        return ("params.solar_flares", f"{p.solar_flares} solar flares are more than this table's {areas} 60 cm "
                                       "areas can generate (one phenomenon per area)")
    if p.solar_flares + p.radiation_bursts > areas:
        return ("params.radiation_bursts", f"{p.solar_flares} solar flares and {p.radiation_bursts} radiation bursts "
                                           f"are more than this table's {areas} 60 cm areas can generate (one phenomenon per area)")
    for o in sc.objectives:
        return (f"objectives.{o.id}.kind", f"unknown objective kind {o.kind!r}: spacefleet has no objectives "
                                           "(victory points decide the battle)")
    for rule in sc.special_rules:
        return ("special_rules", f"unknown special rule {rule!r} (spacefleet has none)")
    return None


def setup_state(scenario: Scenario, map_file: MapFile, dice: Dice) -> SFState:
    """Ships from the scenario (Ld: a D6 per capital ship, one per escort
    squadron, unless ``params.ld`` is given; Eldar ships, ``params.kin =
    "eldar"``, add 1 to the rolled Ld, at most 10, spacefleet_core 1.3),
    phenomena from the map."""
    t = tables()
    ships_: dict[str, Ship] = {}
    sq_ld: dict[str, int] = {}
    rerolls: dict[str, int] = {}
    flagship: dict[str, str] = {}
    for side, placed in scenario.forces.items():
        for u in placed:
            p = profile(u.profile)
            if "ld" in u.params:
                ld = int(u.params["ld"])
            elif not p.capital and u.group and u.group in sq_ld:
                ld = sq_ld[u.group]
            else:
                ld = t.start_ld(dice.roll("d6", f"leadership of {u.id}").total)
            if not p.capital and u.group:
                sq_ld.setdefault(u.group, ld)
            eldar = u.params.get("kin") == "eldar"
            if eldar and "ld" not in u.params:
                ld = t.eldar_start_ld(ld)
            cmd = u.params.get("commander")
            if isinstance(cmd, dict):  # an embarked fleet commander's Ld replaces the ship's (core rulings)
                ld = int(cmd.get("ld", ld))
                rerolls[side] = int(cmd.get("rerolls", 0))
                flagship[side] = u.id
            ships_[u.id] = Ship(id=u.id, side=side, profile=u.profile, name=str(u.params.get("name", "")),
                                squadron=u.group, x=u.x, y=u.y, heading=geom.norm(u.heading), radius=p.base_radius_mm,
                                ld=ld, eldar=eldar)
    sides = fleet_sides(scenario)
    feats = features_from_map(map_file)
    lo = next((f.id for f in feats if f.kind == "planet" and f.low_orbit), None)
    prm = scenario.params
    lot = t.low_orbit
    return SFState(ruleset=RULESET_ID, sides=sides, ships=ships_, order=sides, turn_limit=scenario.turn_limit or 6,
                   phase="start", active=RULES_SIDE, table=(map_file.table.width_mm, map_file.table.height_mm),
                   features=feats, battlezone=prm.get("battlezone", "deep_space"), sunward=prm.get("sunward", "north"),
                   solar_flares=int(prm.get("solar_flares", 0)), radiation_bursts=int(prm.get("radiation_bursts", 0)),
                   low_orbit_planet=lo, low_orbit_size=(lot.length_cm * 10.0, lot.width_cm * 10.0),
                   vp={s: 0.0 for s in sides}, rerolls=rerolls, flagship=flagship)

"""The scenario file (``*.scenario.json``): ruleset, map, sides, forces,
objectives, turn limit and special rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_serializer, model_validator

from game.data import limits
from game.data.errors import FieldProblem, FileError
from game.data.filemodel import FrozenFileModel
from game.data.io import parse_model, read_json, resolve_reference
from game.data.maps import MapFile, load_map

SCENARIO_FORMAT = 1
_ID = r"^[A-Za-z0-9_.:-]+$"


class _Strict(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class SideSpec(_Strict):
    """One side of the battle."""

    id: str = Field(pattern=_ID, description="side id (fireteam, enemy, imperial, ...)")
    name: str = Field("", description="display name")
    playable: bool = Field(True, description="False for a side the rules play by themselves")


class UnitPlacement(_Strict):
    """One model, ship, unit or element and where it starts."""

    id: str = Field(pattern=_ID, description="unique id within the scenario")
    profile: str = Field(description="profile or card name in the ruleset's data")
    x: float | None = Field(None, description="start x, mm (None: the ruleset deploys it)")
    y: float | None = Field(None, description="start y, mm")
    heading: float = Field(0.0, description="facing, degrees clockwise from +x")
    group: str | None = Field(None, description="element, squadron, formation or fireteam it belongs to")
    params: dict[str, Any] = Field(default_factory=dict, description="ruleset-specific values (gear, ...)")


class ScenarioObjective(_Strict):
    """A goal for one side, in the ruleset's terms."""

    id: str = Field(pattern=_ID, description="objective id")
    side: str = Field(description="side that pursues it")
    kind: str = Field(description="objective kind the ruleset understands")
    text: str = Field("", description="the objective in plain words")
    params: dict[str, Any] = Field(default_factory=dict, description="ruleset-specific values")


class Scenario(_Strict):
    """A playable battle: which rules, which map, who fights and for what."""

    format_version: Literal[1] = Field(description="file format version (1)")
    id: str = Field(pattern=_ID, description="scenario id")
    name: str = Field(description="display name")
    description: str = Field("", description="briefing text")
    ruleset: str = Field(description="ruleset id (battlespace, spacefleet, ...)")
    map: str = Field(description="map file path, relative to the scenario file")
    sides: list[SideSpec] = Field(min_length=1, max_length=limits.MAX_SIDES, description="the sides, in seating order")
    forces: dict[str, list[UnitPlacement]] = Field(default_factory=dict, description="side id -> its units")
    objectives: list[ScenarioObjective] = Field(default_factory=list, max_length=limits.MAX_SCENARIO_ITEMS, description="objectives")
    turn_limit: int | None = Field(None, ge=1, le=1000, description="last turn, or None")
    special_rules: list[str] = Field(default_factory=list, max_length=limits.MAX_SCENARIO_ITEMS, description="special rule ids the ruleset applies")
    params: dict[str, Any] = Field(default_factory=dict, description="ruleset-specific settings")
    data_overrides: dict[str, Any] = Field(
        default_factory=dict, max_length=limits.MAX_SCENARIO_ITEMS,
        description="changed values of the ruleset's data tables for this battle: dotted path -> value "
                    "(game/core/overrides.py; written by battletable lab)")

    @model_serializer(mode="wrap")
    def _drop_empty_overrides(self, handler):
        out = handler(self)
        if not self.data_overrides:
            out.pop("data_overrides", None)  # files without overrides stay as they were
        return out

    @model_validator(mode="after")
    def _consistent(self) -> "Scenario":
        ids = [s.id for s in self.sides]
        for i, sid in enumerate(ids):
            if sid in ids[:i]:
                raise FieldProblem(f"sides.{sid}", f"duplicate side id {sid!r}")
        for side in self.forces:
            if side not in ids:
                raise FieldProblem(f"forces.{side}", f"forces name side {side!r}, which is not in sides ({', '.join(ids)})")
        n_units = sum(len(units) for units in self.forces.values())
        if n_units > limits.MAX_UNITS:
            raise FieldProblem("forces", f"{n_units} units in all forces together (the limit is {limits.MAX_UNITS})")
        seen: set[str] = set()
        for side, units in self.forces.items():
            for u in units:
                if u.id in seen:
                    raise FieldProblem(f"forces.{side}.{u.id}", f"duplicate unit id {u.id!r}")
                seen.add(u.id)
        oids: set[str] = set()
        for o in self.objectives:
            if o.id in oids:
                raise FieldProblem(f"objectives.{o.id}", f"duplicate objective id {o.id!r}")
            oids.add(o.id)
            if o.side not in ids:
                raise FieldProblem(f"objectives.{o.id}.side", f"objective {o.id!r} is for side {o.side!r}, which is not in sides ({', '.join(ids)})")
        # forces follow the seating order whatever order the file used, so
        # a battle never depends on the key order of a (sorted) JSON file
        object.__setattr__(self, "forces", {s: self.forces[s] for s in ids if s in self.forces})
        return self

    def side_ids(self) -> list[str]:
        """Side ids in seating order."""
        return [s.id for s in self.sides]

    def side_name(self, side_id: str | None) -> str:
        """The name a player reads for a side: its ``name`` in the file, else
        its id (also for an id the scenario does not seat, such as the rules'
        own side); "" for None."""
        if side_id is None:
            return ""
        return next((s.name for s in self.sides if s.id == side_id and s.name), side_id)


def placement_problem(sc: Scenario, m: MapFile) -> tuple[str, str] | None:
    """The first unit placed off the table or inside impassable terrain it
    cannot stand on (a piece tagged ``impassable`` but not ``elevation``), as
    (where, reason), or None."""
    from shapely.geometry import Point as _Pt

    w, h = m.table.width_mm, m.table.height_mm
    solid = [(f.id, f.polygon()) for f in m.features if "impassable" in f.tags and "elevation" not in f.tags]
    for side, units in sc.forces.items():
        for u in units:
            if u.x is None or u.y is None:
                continue
            where = f"forces.{side}.{u.id}"
            if not (0 <= u.x <= w and 0 <= u.y <= h):
                return where, f"({u.x:g}, {u.y:g}) is off the {w:g} x {h:g} mm table"
            pt = _Pt(u.x, u.y)
            for fid, poly in solid:
                if poly.contains(pt):
                    return where, f"({u.x:g}, {u.y:g}) is inside impassable feature {fid}"
    return None


def map_side_problem(sc: Scenario, m: MapFile) -> tuple[str, str] | None:
    """A map made for another ruleset, or a deployment zone or exit for a
    side the scenario does not have, as (where in the map, reason), or None.
    Applied to the rulesets that check their maps (``validate_map``): see
    :func:`game.battle.loading.map_problem`."""
    if m.ruleset is not None and m.ruleset != sc.ruleset:
        return "ruleset", f"the map is for {m.ruleset}, the scenario for {sc.ruleset}"
    ids = sc.side_ids()
    for z in m.deployment_zones:
        if z.side not in ids:
            return f"deployment zone {z.id}", f"side {z.side!r} is not a side of this scenario ({', '.join(ids)})"
    for e in m.exits:
        if e.side is not None and e.side not in ids:
            return f"exit {e.id}", f"side {e.side!r} is not a side of this scenario ({', '.join(ids)})"
    return None


def load_scenario(path: str | Path, check_placement: bool = True) -> tuple[Scenario, MapFile]:
    """Read a scenario and the map it names; unless ``check_placement`` is
    False, also refuse a map with geometric problems and units off the table
    or inside impassable terrain (:func:`placement_problem`); with False the
    caller runs the full checks (:func:`game.battle.loading.open_scenario`). Raises :class:`FileError` (naming the
    scenario or the map file)."""
    p = Path(path)
    data = read_json(p)
    sc = parse_model(p, Scenario, data)
    map_path = resolve_reference(p, sc.map, "map")
    try:
        m = load_map(map_path, check_geometry=check_placement)
    except FileError as e:
        loc = f" [{e.where}]" if e.where else ""
        raise FileError(p, "map", f"{sc.map}{loc}: {e.reason}") from None
    problem = placement_problem(sc, m) if check_placement else None
    if problem:
        raise FileError(p, *problem)
    return sc, m

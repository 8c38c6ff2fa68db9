"""The scenario file (``*.scenario.json``): ruleset, map, sides, forces,
objectives, turn limit and special rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.data.errors import FileError
from game.data.io import parse_model, read_json
from game.data.maps import MapFile, load_map

SCENARIO_FORMAT = 1
_ID = r"^[A-Za-z0-9_.:-]+$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


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
    sides: list[SideSpec] = Field(min_length=1, description="the sides, in seating order")
    forces: dict[str, list[UnitPlacement]] = Field(default_factory=dict, description="side id -> its units")
    objectives: list[ScenarioObjective] = Field(default_factory=list, description="objectives")
    turn_limit: int | None = Field(None, ge=1, le=1000, description="last turn, or None")
    special_rules: list[str] = Field(default_factory=list, description="special rule ids the ruleset applies")
    params: dict[str, Any] = Field(default_factory=dict, description="ruleset-specific settings")

    @model_validator(mode="after")
    def _consistent(self) -> "Scenario":
        ids = [s.id for s in self.sides]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate side ids")
        for side in self.forces:
            if side not in ids:
                raise ValueError(f"forces name side {side!r}, which is not in sides")
        seen: set[str] = set()
        for units in self.forces.values():
            for u in units:
                if u.id in seen:
                    raise ValueError(f"duplicate unit id {u.id!r}")
                seen.add(u.id)
        for o in self.objectives:
            if o.side not in ids:
                raise ValueError(f"objective {o.id!r} is for side {o.side!r}, which is not in sides")
        # forces follow the seating order whatever order the file used, so
        # a battle never depends on the key order of a (sorted) JSON file
        object.__setattr__(self, "forces", {s: self.forces[s] for s in ids if s in self.forces})
        return self

    def side_ids(self) -> list[str]:
        """Side ids in seating order."""
        return [s.id for s in self.sides]


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


def load_scenario(path: str | Path) -> tuple[Scenario, MapFile]:
    """Read a scenario and the map it names. Raises :class:`FileError`
    (naming the scenario or the map file)."""
    p = Path(path)
    sc = parse_model(p, Scenario, read_json(p))
    map_path = (p.parent / sc.map).resolve()
    if not map_path.exists():
        raise FileError(p, "map", f"map file {sc.map!r} not found")
    try:
        m = load_map(map_path)
    except FileError as e:
        loc = f" [{e.where}]" if e.where else ""
        raise FileError(p, "map", f"{sc.map}{loc}: {e.reason}") from None
    problem = placement_problem(sc, m)
    if problem:
        raise FileError(p, *problem)
    return sc, m

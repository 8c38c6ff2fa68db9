"""The map file (``*.map.json``): table size, terrain, deployment, objectives, exits.

Units: mm, origin at the table's top-left corner, x right, y down.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Annotated, Literal

import shapely
from pydantic import Field, field_validator, model_validator
from shapely.geometry import Polygon

from game.data import limits
from game.data.errors import FieldProblem, FileError
from game.data.filemodel import FrozenFileModel
from game.data.io import parse_model, read_json
from game.geometry.terrain import KNOWN_TAGS

MAP_FORMAT = 1

Point = tuple[float, float]
_ID = r"^[A-Za-z0-9_.:-]+$"


class _Strict(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class TableSize(_Strict):
    """The playing area."""

    width_mm: float = Field(gt=0, le=10000, description="table width along x, mm")
    height_mm: float = Field(gt=0, le=10000, description="table depth along y, mm")


class Opening(_Strict):
    """A door, window or gap in a feature's outline, as a segment a-b on its edge."""

    id: str = Field(pattern=_ID, description="opening id, unique within the feature")
    kind: Literal["door", "window", "gap"] = Field("door", description="what the opening is")
    a: Point = Field(description="one end of the opening, mm")
    b: Point = Field(description="the other end, mm")


class TerrainFeature(_Strict):
    """One terrain feature: a polygon (with optional holes) and what it does."""

    id: str = Field(pattern=_ID, description="unique feature id")
    kind: str = Field(min_length=1, description="terrain kind: building, wall, woods, hill, asteroid_field, planet, ...")
    name: str = Field("", description="display name")
    exterior: list[Point] = Field(min_length=3, max_length=limits.MAX_VERTICES, description="outer ring, mm; not closed (first point not repeated)")
    holes: list[Annotated[list[Point], Field(min_length=3, max_length=limits.MAX_VERTICES)]] = Field(default_factory=list, max_length=limits.MAX_MAP_ITEMS, description="inner rings (courtyards, clearings), mm")
    height: float = Field(ge=0, le=100000, description="top of the feature above the table, mm")
    tags: list[str] = Field(default_factory=list, description="rule tags: blocks_sight, obscures, impassable, difficult, hindering, elevation, cover, ...")
    move_cost: float = Field(1.0, ge=1, le=100, description="distance multiplier inside difficult terrain")
    cover: str | None = Field(None, description="cover class the feature gives (solid, obscured, ...)")
    openings: list[Opening] = Field(default_factory=list, max_length=limits.MAX_MAP_ITEMS, description="doors, windows and gaps")
    properties: dict[str, str | int | float | bool] = Field(default_factory=dict, description="ruleset-specific values (planet size, ...)")

    @field_validator("tags")
    @classmethod
    def _tags_ok(cls, v: list[str]) -> list[str]:
        for t in v:
            if t not in KNOWN_TAGS:
                raise ValueError(f"unknown tag {t!r} (known: {', '.join(sorted(KNOWN_TAGS))})")
        return v

    def polygon(self) -> Polygon:
        """The feature's shapely polygon (may be invalid: see :func:`polygon_problem`)."""
        return Polygon(self.exterior, self.holes)


class Zone(_Strict):
    """A deployment zone for one side."""

    id: str = Field(pattern=_ID, description="zone id")
    side: str = Field(description="side id that deploys here")
    polygon: list[Point] = Field(min_length=3, max_length=limits.MAX_VERTICES, description="zone outline, mm")


class ObjectivePoint(_Strict):
    """An objective marker on the table."""

    id: str = Field(pattern=_ID, description="objective id")
    kind: str = Field("marker", description="objective kind: marker, building, person, ...")
    label: str = Field("", description="display label")
    x: float = Field(description="centre x, mm")
    y: float = Field(description="centre y, mm")
    radius: float = Field(0.0, ge=0, le=10000, description="radius, mm (0 for a point)")


class Exit(_Strict):
    """A way off the table: a whole edge, or a segment of it."""

    id: str = Field(pattern=_ID, description="exit id")
    edge: Literal["north", "south", "east", "west"] = Field(description="table edge (north is y = 0)")
    side: str | None = Field(None, description="the side that may use it, or None for any")
    start_mm: float = Field(0.0, ge=0, le=10000, description="where the exit begins along the edge, mm")
    end_mm: float | None = Field(None, ge=0, le=10000, description="where it ends, mm; None for the whole edge")


class MapFile(_Strict):
    """A battle map. Feature ids are unique; every polygon is valid and on the table."""

    format_version: Literal[1] = Field(description="file format version (1)")
    id: str = Field(pattern=_ID, description="map id")
    name: str = Field(description="display name")
    description: str = Field("", description="free text")
    ruleset: str | None = Field(None, description="the ruleset the map was made for, if any")
    table: TableSize = Field(description="table size")
    features: list[TerrainFeature] = Field(default_factory=list, max_length=limits.MAX_FEATURES, description="terrain features")
    deployment_zones: list[Zone] = Field(default_factory=list, max_length=limits.MAX_MAP_ITEMS, description="deployment zones")
    objectives: list[ObjectivePoint] = Field(default_factory=list, max_length=limits.MAX_MAP_ITEMS, description="objective markers")
    exits: list[Exit] = Field(default_factory=list, max_length=limits.MAX_MAP_ITEMS, description="exits off the table")

    @model_validator(mode="after")
    def _unique_ids(self) -> "MapFile":
        seen: set[str] = set()
        total = sum(len(f.exterior) + sum(len(h) for h in f.holes) for f in self.features)
        if total > limits.MAX_MAP_VERTICES:
            raise FieldProblem("features", f"{total} vertices in all features together (the limit is {limits.MAX_MAP_VERTICES})")
        for f in self.features:
            if f.id in seen:
                raise FieldProblem(f"features.{f.id}", f"duplicate feature id {f.id!r}")
            seen.add(f.id)
        return self

    def sha256(self) -> str:
        """Digest of the canonical JSON of this map (replays record it)."""
        return hashlib.sha256(self.model_dump_json().encode()).hexdigest()

    def feature(self, fid: str) -> TerrainFeature:
        """The feature with id ``fid`` (KeyError if none)."""
        for f in self.features:
            if f.id == fid:
                return f
        raise KeyError(fid)


#: shapely's reasons for an invalid polygon, in words (the point follows separately)
_INVALID_WORDS = {
    "Self-intersection": ("self_intersection", "self-intersects"),
    "Ring Self-intersection": ("self_intersection", "self-intersects"),
    "Hole lies outside shell": ("bad_hole", "has a hole outside its outline"),
    "Holes are nested": ("bad_hole", "has a hole inside another hole"),
    "Interior is disconnected": ("bad_hole", "has holes that cut it in pieces"),
    "Nested shells": ("invalid_polygon", "has an outline inside another"),
    "Duplicate Rings": ("invalid_polygon", "has the same ring twice"),
    "Too few points": ("degenerate", "has fewer than 3 distinct corners"),
    "Invalid Coordinate": ("invalid_polygon", "has a corner that is not a number"),
    "Ring is not closed": ("invalid_polygon", "has an outline that does not close"),
}


def polygon_fault(ring: list[Point], holes: list[list[Point]] = ()) -> tuple[str, str, Point | None] | None:
    """Why this polygon is invalid, or None: (code, reason in words, the
    point where it happens, mm, or None). Codes: ``degenerate``,
    ``self_intersection``, ``bad_hole``, ``invalid_polygon``.

    Never repairs: a self-intersection is reported where it happens.
    """
    if len(set(map(tuple, ring))) < 3:
        return "degenerate", "degenerate polygon: fewer than 3 distinct corners", None
    poly = Polygon(ring, holes)
    if shapely.MultiPoint(ring).convex_hull.area <= 1e-9:
        return "degenerate", "degenerate polygon: zero area (all corners on one line)", None
    if not poly.is_valid:
        reason = shapely.is_valid_reason(poly)
        name, _, rest = reason.partition("[")
        code, words = _INVALID_WORDS.get(name.strip(), ("invalid_polygon", f"is not a valid polygon ({name.strip().lower()})"))
        at = None
        try:
            x, y = (float(v) for v in rest.rstrip("]").split()[:2])
            at = (x, y)
        except ValueError:
            pass
        return code, words, at
    if poly.area <= 1e-9:
        return "degenerate", "degenerate polygon: zero area", None
    return None


def polygon_problem(ring: list[Point], holes: list[list[Point]] = ()) -> str | None:
    """Why this polygon is invalid, with the offending point once, or None
    (:func:`polygon_fault` in one phrase: ``self-intersects at (300, 160) mm``)."""
    fault = polygon_fault(ring, holes)
    if fault is None:
        return None
    _, words, at = fault
    return words + (f" at ({at[0]:g}, {at[1]:g}) mm" if at else "")


#: how far a door or window may sit from its feature's outline, mm
OPENING_TOLERANCE_MM = 1.0


def _off_table(points: list[Point], w: float, h: float, eps: float = 1e-6) -> str | None:
    for x, y in points:
        if x < -eps or y < -eps or x > w + eps or y > h + eps:
            return f"vertex ({x:g}, {y:g}) is outside the {w:g} x {h:g} mm table"
    return None


def map_problems(m: MapFile) -> list[tuple[str, str]]:
    """Every geometric problem of a map as (where, reason), in file order."""
    out: list[tuple[str, str]] = []
    w, h = m.table.width_mm, m.table.height_mm
    for f in m.features:
        prob = polygon_problem(list(f.exterior), [list(r) for r in f.holes])
        if prob:
            out.append((f"feature {f.id}", prob))
            continue
        off = _off_table(f.exterior, w, h)
        if off:
            out.append((f"feature {f.id}", off))
            continue
        boundary = f.polygon().boundary
        for o in f.openings:
            far = max(boundary.distance(shapely.Point(o.a)), boundary.distance(shapely.Point(o.b)))
            if far > OPENING_TOLERANCE_MM:
                out.append((f"feature {f.id} opening {o.id}", f"({o.a[0]:g}, {o.a[1]:g})-({o.b[0]:g}, {o.b[1]:g}) is {far:.1f} mm from the feature's outline"))
    for z in m.deployment_zones:
        prob = polygon_problem(list(z.polygon)) or _off_table(z.polygon, w, h)
        if prob:
            out.append((f"deployment zone {z.id}", prob))
    for o in m.objectives:
        if not (0 <= o.x <= w and 0 <= o.y <= h):
            out.append((f"objective {o.id}", f"({o.x:g}, {o.y:g}) is outside the {w:g} x {h:g} mm table"))
    return out


def parse_map(path: str | Path, data: object, check_geometry: bool = True) -> MapFile:
    """Validate map data read from ``path`` (with ``check_geometry``, also
    :func:`map_problems`; the one map validator,
    :func:`game.battle.mapcheck.check_map`, checks that and more). Raises
    :class:`FileError`."""
    m = parse_model(path, MapFile, data)
    if not check_geometry:
        return m
    probs = map_problems(m)
    if probs:
        where, reason = probs[0]
        more = f" (and {len(probs) - 1} more problems)" if len(probs) > 1 else ""
        raise FileError(path, where, reason + more)
    return m


def load_map(path: str | Path, check_geometry: bool = True) -> MapFile:
    """Read and validate a ``*.map.json`` file (see :func:`parse_map`). Raises :class:`FileError`."""
    return parse_map(path, read_json(path), check_geometry)

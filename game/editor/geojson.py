"""GeoJSON FeatureCollections: pydantic schema, import and export.

Coordinates are read as table units with y pointing down (as the map files),
then scaled and offset (:mod:`game.editor.exchange`); a third coordinate is
ignored. Polygon features become terrain (their inner rings become holes),
each part of a MultiPolygon becomes one feature (ids suffixed ``-1``, ``-2``,
...), Points become objectives and LineStrings become doors or exits, all
according to their ``kind`` property. The table size is read from a
``"table": {"width_mm": .., "height_mm": ..}`` member of the collection, else
it is the extent of the imported shapes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.data.errors import from_validation
from game.data.maps import MapFile
from game.editor.exchange import Builder, exit_line, feature_props

_CFG = ConfigDict(extra="ignore", allow_inf_nan=False)


class GTable(BaseModel):
    """The foreign member giving the table size, mm."""

    model_config = _CFG
    width_mm: float = Field(gt=0, le=10000)
    height_mm: float = Field(gt=0, le=10000)


class GCollection(BaseModel):
    """A GeoJSON FeatureCollection (features are validated one by one)."""

    model_config = _CFG
    type: Literal["FeatureCollection"]
    features: list[Any]
    table: GTable | None = None
    name: str | None = None
    ruleset: str | None = None


class GFeature(BaseModel):
    """One GeoJSON Feature."""

    model_config = _CFG
    type: Literal["Feature"]
    id: str | int | None = None
    geometry: dict[str, Any] | None
    properties: dict[str, Any] | None = None


Position = tuple[float, float] | tuple[float, float, float]


class GPolygon(BaseModel):
    model_config = _CFG
    type: Literal["Polygon"]
    coordinates: list[list[Position]] = Field(min_length=1)


class GMultiPolygon(BaseModel):
    model_config = _CFG
    type: Literal["MultiPolygon"]
    coordinates: list[list[list[Position]]]


class GPoint(BaseModel):
    model_config = _CFG
    type: Literal["Point"]
    coordinates: Position


class GLine(BaseModel):
    model_config = _CFG
    type: Literal["LineString"]
    coordinates: list[Position]


_GEOMS = {"Polygon": GPolygon, "MultiPolygon": GMultiPolygon, "Point": GPoint, "LineString": GLine}


def import_data(path: Path, data: Any, scale: float, offset: tuple[float, float], *, map_id: str,
                ruleset: str | None) -> tuple[MapFile, list[str]]:
    """Import a parsed FeatureCollection. Returns ``(map, warnings)``. Raises FileError."""
    try:
        coll = GCollection.model_validate(data)
    except ValidationError as e:
        raise from_validation(path, e) from None
    b = Builder(path, scale, offset)
    for i, raw in enumerate(coll.features):
        _feature(b, i, raw)
    table = (coll.table.width_mm, coll.table.height_mm) if coll.table else None
    return b.finish(table, map_id, coll.name or map_id, ruleset or coll.ruleset), b.warnings


def _feature(b: Builder, i: int, raw: Any) -> None:
    label = ""
    if isinstance(raw, dict):
        props = raw.get("properties")
        if isinstance(props, dict) and isinstance(props.get("id"), str):
            label = f" {props['id']!r}"
        elif isinstance(raw.get("id"), (str, int)) and not isinstance(raw.get("id"), bool):
            label = f" {raw['id']!r}"
    what = f"feature {i}{label}"
    try:
        f = GFeature.model_validate(raw)
        if f.geometry is None:
            b.warn(what, "skipped (no geometry)")
            return
        gtype = f.geometry.get("type")
        if not isinstance(gtype, str) or gtype not in _GEOMS:
            b.warn(what, f"skipped ({gtype!r} geometry cannot be mapped; use Polygon, MultiPolygon, Point or LineString)")
            return
        geom = _GEOMS[gtype].model_validate(f.geometry)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(p) for p in err.get("loc", ()))
        b.warn(what, f"skipped ({loc + ': ' if loc else ''}{err.get('msg', 'invalid')})")
        return
    props = dict(f.properties or {})
    if "id" not in props and isinstance(f.id, (str, int)):
        props["id"] = str(f.id)

    def ring(r) -> list[tuple[float, float]]:
        return [b.mm(p[0], p[1]) for p in r]

    if isinstance(geom, GPolygon):
        b.polygon(what, ring(geom.coordinates[0]), [ring(h) for h in geom.coordinates[1:]], props)
    elif isinstance(geom, GMultiPolygon):
        base = props.get("id")
        for k, part in enumerate(geom.coordinates):
            if not part:
                b.warn(f"{what} part {k + 1}", "skipped (empty polygon)")
                continue
            pp = dict(props)
            if isinstance(base, str) and len(geom.coordinates) > 1:
                pp["id"] = f"{base}-{k + 1}"
            b.polygon(f"{what} part {k + 1}", ring(part[0]), [ring(h) for h in part[1:]], pp)
    elif isinstance(geom, GPoint):
        b.point(what, b.mm(geom.coordinates[0], geom.coordinates[1]), props)
    else:
        b.line(what, ring(geom.coordinates), props)


def _closed(r) -> list[list[float]]:
    pts = [[x, y] for x, y in r]
    return pts + [pts[0]]


def export_data(m: MapFile) -> dict[str, Any]:
    """The map as a GeoJSON FeatureCollection (table mm, y down)."""
    feats: list[dict[str, Any]] = []

    def add(geom: dict, props: dict) -> None:
        feats.append({"type": "Feature", "geometry": geom, "properties": props})

    for f in m.features:
        add({"type": "Polygon", "coordinates": [_closed(f.exterior), *[_closed(h) for h in f.holes]]},
            {**feature_props(f), "tags": list(f.tags)})
        for op in f.openings:
            add({"type": "LineString", "coordinates": [list(op.a), list(op.b)]},
                {"kind": op.kind, "feature": f.id, "id": op.id})
    for z in m.deployment_zones:
        add({"type": "Polygon", "coordinates": [_closed(z.polygon)]},
            {"kind": "deployment_zone", "side": z.side, "id": z.id})
    for o in m.objectives:
        props = {"kind": "objective", "id": o.id, "objective_kind": o.kind, "radius": o.radius}
        if o.label:
            props["label"] = o.label
        add({"type": "Point", "coordinates": [o.x, o.y]}, props)
    for e in m.exits:
        props = {"kind": "exit", "id": e.id, "edge": e.edge}
        if e.side:
            props["side"] = e.side
        add({"type": "LineString", "coordinates": [list(p) for p in exit_line(m, e)]}, props)
    out: dict[str, Any] = {"type": "FeatureCollection", "name": m.name,
                           "table": {"width_mm": m.table.width_mm, "height_mm": m.table.height_mm},
                           "features": feats}
    if m.ruleset:
        out["ruleset"] = m.ruleset
    return out



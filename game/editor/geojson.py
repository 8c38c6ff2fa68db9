"""GeoJSON FeatureCollections: pydantic schema, import and export.

Coordinates are read as table units with y pointing down (as the map files),
then scaled and offset (:mod:`game.editor.exchange`); a third coordinate is
ignored. Polygon features become terrain (their inner rings become holes),
each part of a MultiPolygon becomes one feature (ids suffixed ``-1``, ``-2``,
...), Points become objectives and LineStrings become doors or exits, all
according to their ``kind`` property. The map's own fields are read from a
``"battletable": {"id", "name", "description", "ruleset", "table": {"width_mm",
"height_mm"}}`` member of the collection (which the exporter writes), else from
top-level ``name``, ``ruleset`` and ``table`` members; without a table size it
is the extent of the imported shapes. Feature, zone, objective and exit ids are
separate namespaces (as in the map file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.data.errors import from_validation
from game.data.maps import MapFile
from game.editor.exchange import Builder, exit_line, feature_props, header, header_props

_CFG = ConfigDict(extra="ignore", allow_inf_nan=False)


class GTable(BaseModel):
    """The foreign member giving the table size, mm."""

    model_config = _CFG
    width_mm: float = Field(gt=0, le=10000)
    height_mm: float = Field(gt=0, le=10000)


class GHeader(BaseModel):
    """The ``battletable`` foreign member: the map's own header fields."""

    model_config = _CFG
    id: str | None = None
    name: str | None = None
    description: str | None = None
    ruleset: str | None = None
    table: GTable | None = None


class GCollection(BaseModel):
    """A GeoJSON FeatureCollection (features are validated one by one)."""

    model_config = _CFG
    type: Literal["FeatureCollection"]
    features: list[Any]
    table: GTable | None = None
    name: str | None = None
    ruleset: str | None = None
    battletable: GHeader | None = None


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


def import_data(path: Path, data: Any, scale: float, offset: tuple[float, float], *, map_id: str | None,
                ruleset: str | None, default_id: str = "imported") -> tuple[MapFile, list[str]]:
    """Import a parsed FeatureCollection. Returns ``(map, warnings)``. Raises FileError.

    The map id, name, description, ruleset and table size come from the
    ``battletable`` member, else the top-level ``name``, ``ruleset`` and
    ``table`` (``map_id`` and ``ruleset``, when given, win; a missing id
    becomes ``default_id``)."""
    try:
        coll = GCollection.model_validate(data)
    except ValidationError as e:
        raise from_validation(path, e, data=data) from None
    b = Builder(path, scale, offset)
    for i, raw in enumerate(coll.features):
        _feature(b, i, raw)
    head = coll.battletable or GHeader()
    gtable = head.table or coll.table
    table = (gtable.width_mm, gtable.height_mm) if gtable else None
    values = {"id": head.id, "name": head.name if head.name is not None else coll.name,
              "description": head.description, "ruleset": head.ruleset or coll.ruleset}
    mid, name, desc, rs = header(b, "battletable", values, map_id=map_id, default_id=default_id, ruleset=ruleset)
    return b.finish(table, mid, name, rs, desc), b.warnings


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
        props = {"kind": "objective", "id": o.id, "objective_kind": o.kind, "radius": o.radius, "label": o.label}
        add({"type": "Point", "coordinates": [o.x, o.y]}, props)
    for e in m.exits:
        props = {"kind": "exit", "id": e.id, "edge": e.edge}
        if e.side:
            props["side"] = e.side
        add({"type": "LineString", "coordinates": [list(p) for p in exit_line(m, e)]}, props)
    head = header_props(m)
    head["table"] = {"width_mm": head.pop("table_width_mm"), "height_mm": head.pop("table_height_mm")}
    return {"type": "FeatureCollection", "name": m.name, "battletable": head, "features": feats}



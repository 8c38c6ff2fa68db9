"""Tiled JSON maps (``.tmj``): pydantic schema, import and export.

Only what the editor needs is read: orthogonal maps, object layers (also
inside group layers, with their offsets) holding rectangles, ellipses,
polygons, polylines and points, each with custom properties (see
:mod:`game.editor.exchange`). Tiled object rotation turns the object about its
(x, y) origin, degrees clockwise. Tile layers, image layers, tile objects and
text objects are skipped with a warning.

Export writes one pixel per mm (``tilewidth = tileheight = 1``), objects at
x = y = 0 with absolute polygon points so that coordinates round-trip exactly,
and the map's ``id``, ``name``, ``description``, ``ruleset`` and table size
(``table_width_mm``, ``table_height_mm``) as map properties, which the
importer reads back: an export imports as the same map. Feature, zone,
objective and exit ids are separate namespaces (as in the map file), so an
objective may share its feature's id.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.data.errors import FileError, from_validation
from game.data.maps import MapFile
from game.editor import shapes
from game.editor.exchange import Builder, exit_line, feature_props, header, header_props

_CFG = ConfigDict(extra="ignore", allow_inf_nan=False, populate_by_name=True)


class TProperty(BaseModel):
    """A Tiled custom property."""

    model_config = _CFG
    name: str
    type: str = "string"
    value: Any = None


class TPoint(BaseModel):
    """A polygon or polyline point, relative to its object, pixels."""

    model_config = _CFG
    x: float
    y: float


class TObject(BaseModel):
    """A Tiled object (pixels, degrees clockwise)."""

    model_config = _CFG
    id: int = 0
    name: str = ""
    type: str = ""
    class_: str = Field("", alias="class")
    x: float
    y: float
    width: float = Field(0.0, ge=0)
    height: float = Field(0.0, ge=0)
    rotation: float = 0.0
    visible: bool = True
    ellipse: bool = False
    point: bool = False
    polygon: list[TPoint] | None = None
    polyline: list[TPoint] | None = None
    text: dict | None = None
    gid: int | None = None
    properties: list[TProperty] = Field(default_factory=list)


class TLayer(BaseModel):
    """A Tiled layer; ``objects`` are validated one by one by the importer."""

    model_config = _CFG
    type: str
    name: str = ""
    id: int = 0
    offsetx: float = 0.0
    offsety: float = 0.0
    objects: list[Any] = Field(default_factory=list)
    layers: list[Any] = Field(default_factory=list)


class TMap(BaseModel):
    """The top of a Tiled JSON map."""

    model_config = _CFG
    type: Literal["map"]
    orientation: str = "orthogonal"
    width: int = Field(ge=0)
    height: int = Field(ge=0)
    tilewidth: int = Field(ge=0)
    tileheight: int = Field(ge=0)
    layers: list[Any]
    properties: list[TProperty] = Field(default_factory=list)


def _props(items: list[TProperty]) -> dict[str, Any]:
    return {p.name: p.value for p in items}


def _describe(obj: Any, layer: str) -> str:
    if isinstance(obj, dict):
        name = obj.get("name")
        oid = obj.get("id")
        label = f" {name!r}" if isinstance(name, str) and name else ""
        return f"layer {layer!r} object {oid if isinstance(oid, int) else '?'}{label}"
    return f"layer {layer!r} object ?"


def import_data(path: Path, data: Any, scale: float, offset: tuple[float, float], *, map_id: str | None,
                ruleset: str | None, default_id: str = "imported") -> tuple[MapFile, list[str]]:
    """Import parsed Tiled data. Returns ``(map, warnings)``. Raises FileError.

    The map id, name, description and ruleset come from the map properties of
    the same names (``map_id`` and ``ruleset``, when given, win; a missing id
    becomes ``default_id``)."""
    try:
        tmap = TMap.model_validate(data)
    except ValidationError as e:
        raise from_validation(path, e, data=data) from None
    if tmap.orientation != "orthogonal":
        raise FileError(path, "orientation", f"only orthogonal Tiled maps can be imported, not {tmap.orientation!r}")
    b = Builder(path, scale, offset)
    _layers(path, b, tmap.layers, 0.0, 0.0, "layers")
    props = _props(tmap.properties)
    tw, th = props.get("table_width_mm"), props.get("table_height_mm")
    if _finite(tw) and _finite(th):
        table = (float(tw), float(th))
    else:
        table = (tmap.width * tmap.tilewidth * b.scale, tmap.height * tmap.tileheight * b.scale)
        if table[0] <= 0 or table[1] <= 0:
            table = None
    mid, name, desc, rs = header(b, "map property", props, map_id=map_id, default_id=default_id, ruleset=ruleset)
    return b.finish(table, mid, name, rs, desc), b.warnings


def _finite(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _layers(path: Path, b: Builder, layers: list[Any], ox: float, oy: float, where: str) -> None:
    for i, raw in enumerate(layers):
        try:
            layer = TLayer.model_validate(raw)
        except ValidationError as e:
            raise from_validation(path, e, lambda loc: f"{where}[{i}]" + ("." + ".".join(map(str, loc)) if loc else "")) from None
        lx, ly = ox + layer.offsetx, oy + layer.offsety
        if layer.type == "group":
            _layers(path, b, layer.layers, lx, ly, f"{where}[{i}].layers")
        elif layer.type == "objectgroup":
            for raw_obj in layer.objects:
                _object(b, raw_obj, layer.name, lx, ly)
        else:
            b.warn(f"layer {layer.name!r}", f"skipped (a {layer.type} layer holds no terrain objects)")


def _object(b: Builder, raw: Any, layer: str, lx: float, ly: float) -> None:
    what = _describe(raw, layer)
    try:
        o = TObject.model_validate(raw)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(p) for p in err.get("loc", ()))
        b.warn(what, f"skipped ({loc + ': ' if loc else ''}{err.get('msg', 'invalid')})")
        return
    props = _props(o.properties)
    if "name" not in props and o.name:
        props["name"] = o.name
    if "kind" not in props and (o.class_ or o.type):
        props["kind"] = o.class_ or o.type
    if o.gid is not None or o.text is not None:
        b.warn(what, f"skipped (a {'tile' if o.gid is not None else 'text'} object is not terrain)")
        return
    px, py = o.x + lx, o.y + ly

    def place(rel: list[tuple[float, float]]) -> list[tuple[float, float]]:
        rot = shapes.rotate(rel, o.rotation, (0.0, 0.0)) if o.rotation else rel
        return [b.mm(px + x, py + y) for x, y in rot]

    if o.point:
        b.point(what, b.mm(px, py), props)
    elif o.polygon is not None:
        b.polygon(what, place([(p.x, p.y) for p in o.polygon]), [], props)
    elif o.polyline is not None:
        b.line(what, place([(p.x, p.y) for p in o.polyline]), props)
    elif o.width <= 0 or o.height <= 0:
        b.warn(what, "skipped (zero width or height)")
    elif o.ellipse:
        n = props.get("vertices", 24)
        n = n if isinstance(n, int) and not isinstance(n, bool) and 3 <= n <= 1000 else 24
        rel = shapes.ellipse(o.width / 2, o.height / 2, o.width / 2, o.height / 2, n)
        b.polygon(what, place(rel), [], props)
    else:
        b.polygon(what, place(shapes.rectangle(0.0, 0.0, o.width, o.height)), [], props)


# -- export -----------------------------------------------------------------------

def _tprops(d: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for k in sorted(d):
        v = d[k]
        t = "bool" if isinstance(v, bool) else "int" if isinstance(v, int) else "float" if isinstance(v, float) else "string"
        out.append({"name": k, "type": t, "value": v})
    return out


def export_data(m: MapFile) -> dict[str, Any]:
    """The map as Tiled JSON data (1 px = 1 mm)."""
    next_id = 1
    terrain, marks = [], []

    def obj(name: str, props: dict, **geom: Any) -> dict:
        nonlocal next_id
        o = {"id": next_id, "name": name, "type": "", "x": 0.0, "y": 0.0, "width": 0.0, "height": 0.0,
             "rotation": 0.0, "visible": True, "properties": _tprops(props), **geom}
        next_id += 1
        return o

    def pts(ring) -> list[dict]:
        return [{"x": x, "y": y} for x, y in ring]

    for f in m.features:
        terrain.append(obj(f.name, feature_props(f), polygon=pts(f.exterior)))
        for k, h in enumerate(f.holes):
            terrain.append(obj(f"{f.id} hole {k + 1}", {"kind": "hole", "hole_of": f.id}, polygon=pts(h)))
        for op in f.openings:
            terrain.append(obj(op.id, {"kind": op.kind, "feature": f.id, "id": op.id}, polyline=pts([op.a, op.b])))
    for z in m.deployment_zones:
        marks.append(obj(z.id, {"kind": "deployment_zone", "side": z.side, "id": z.id}, polygon=pts(z.polygon)))
    for o in m.objectives:
        props = {"kind": "objective", "id": o.id, "objective_kind": o.kind, "radius": o.radius, "label": o.label}
        marks.append({**obj(o.label or o.id, props, point=True), "x": o.x, "y": o.y})
    for e in m.exits:
        props = {"kind": "exit", "id": e.id, "edge": e.edge}
        if e.side:
            props["side"] = e.side
        marks.append(obj(e.id, props, polyline=pts(exit_line(m, e))))
    w, h = m.table.width_mm, m.table.height_mm
    map_props = header_props(m)
    return {
        "type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "renderorder": "right-down", "infinite": False, "compressionlevel": -1,
        "width": math.ceil(w), "height": math.ceil(h), "tilewidth": 1, "tileheight": 1,
        "nextlayerid": 3, "nextobjectid": next_id, "tilesets": [],
        "properties": _tprops(map_props),
        "layers": [
            {"type": "objectgroup", "id": 1, "name": "terrain", "draworder": "index", "opacity": 1, "visible": True,
             "x": 0, "y": 0, "objects": terrain},
            {"type": "objectgroup", "id": 2, "name": "deployment", "draworder": "index", "opacity": 1, "visible": True,
             "x": 0, "y": 0, "objects": marks},
        ],
    }

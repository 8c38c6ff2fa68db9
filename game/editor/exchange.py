"""Import and export of maps: Tiled JSON (``.tmj``) and GeoJSON.

Both formats carry the same flat object properties:

* ``kind`` (required): a terrain kind (``building``, ``woods``, ...), or one of
  the special kinds ``deployment_zone`` (property ``side``), ``objective``
  (``label``, ``radius``, ``objective_kind``), ``exit`` (a line along a table
  edge; ``edge``, ``side``), ``door`` / ``window`` / ``gap`` (a line on an edge
  of feature ``feature``, or of whichever feature it lies on) and ``hole`` (an
  inner ring of feature ``hole_of``).
* optional ``id``, ``name``, ``height`` (mm, never scaled), ``tags`` (a list or
  a comma-separated string), ``move_cost``, ``cover``; any other scalar
  property goes to the feature's ``properties``. Missing height, tags, cover
  and move cost take the kind's defaults (:mod:`game.editor.kinds`).

Coordinates become table mm as ``mm = value * scale + offset``. An object that
cannot be mapped (no kind, a broken polygon, a tile or text object, ...) is
skipped with a warning naming it and saying why; the rest is imported. A file
that is not JSON, not the expected format, or whose result is not a loadable
map raises :class:`~game.data.errors.FileError` (one line).
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from game.data.errors import FileError
from game.data.io import dumps, read_json, write_atomic
from game.data.maps import MapFile, map_problems, polygon_problem
from game.editor.commands import (AddExit, AddFeature, AddHole, AddObjective, AddOpening, AddZone, EditError,
                                  SetMapInfo)
from game.editor.document import MapDocument
from game.editor.history import History

Point = tuple[float, float]

RESERVED = {"kind", "id", "name", "height", "tags", "move_cost", "cover", "side", "label", "radius", "edge",
            "feature", "hole_of", "objective_kind", "vertices", "start_mm", "end_mm"}
#: A feature property whose name is one of :data:`RESERVED` is written as
#: ``properties.<name>`` (e.g. a planet's ``properties.radius``) and read back.
PROPERTY_PREFIX = "properties."
OPENING_KINDS = ("door", "window", "gap")
SPECIAL_KINDS = {"deployment_zone", "objective", "exit", "hole", *OPENING_KINDS}


class Builder:
    """Collects imported objects into a :class:`MapDocument`, with warnings.

    ``scale`` (mm per file unit, > 0) and ``offset`` (mm) map file coordinates
    to table mm.
    """

    def __init__(self, source: Path, scale: float = 1.0, offset: Point = (0.0, 0.0)) -> None:
        if not (isinstance(scale, (int, float)) and math.isfinite(scale) and scale > 0):
            raise FileError(source, "scale", f"scale must be a positive number, got {scale!r}")
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in offset):
            raise FileError(source, "offset", "offset must be two finite numbers")
        self.source, self.scale, self.offset = source, float(scale), (float(offset[0]), float(offset[1]))
        self.doc = MapDocument()
        self.history = History(self.doc)
        self.warnings: list[str] = []
        self._holes: list[tuple[str, str, list[Point]]] = []
        self._lines: list[tuple[str, dict, list[Point]]] = []

    # -- helpers ------------------------------------------------------------
    def mm(self, x: float, y: float) -> Point:
        """A file coordinate in table mm (rounded to 1e-9 mm after a real scale or
        offset; kept exactly as written otherwise, so exports round-trip)."""
        if self.scale == 1.0 and self.offset == (0.0, 0.0):
            return (float(x) + 0.0, float(y) + 0.0)
        return (round(x * self.scale + self.offset[0], 9) + 0.0, round(y * self.scale + self.offset[1], 9) + 0.0)

    def warn(self, what: str, why: str) -> None:
        """Record that ``what`` was skipped or changed, and why."""
        self.warnings.append(f"{what}: {why}")

    def finite(self, what: str, pts: list[Point]) -> bool:
        """True when every coordinate is a finite number (else warn)."""
        if all(math.isfinite(c) for p in pts for c in p):
            return True
        self.warn(what, "skipped (a coordinate is too large or not a number)")
        return False

    def _run(self, what: str, cmd) -> bool:
        try:
            self.history.execute(cmd)
            return True
        except EditError as e:
            self.warn(what, f"skipped ({e})")
            return False

    # -- objects --------------------------------------------------------------
    def polygon(self, what: str, ring: list[Point], holes: list[list[Point]], props: dict[str, Any]) -> None:
        """A polygon object (rings already in mm)."""
        kind = _kind(props)
        if kind is None:
            self.warn(what, "skipped (no 'kind' property)")
            return
        ring = _open_ring(ring)
        holes = [_open_ring(h) for h in holes]
        if not self.finite(what, ring + [p for h in holes for p in h]):
            return
        if any(len(h) < 3 for h in holes):
            self.warn(what, "skipped (a hole has fewer than 3 vertices)")
            return
        prob = polygon_problem(ring, holes) if len(ring) >= 3 else "fewer than 3 vertices"
        if prob:
            self.warn(what, f"skipped ({prob})")
            return
        oid = _str(props.get("id"))
        if kind == "hole":
            parent = _str(props.get("hole_of"))
            if not parent:
                self.warn(what, "skipped (a hole needs a 'hole_of' property naming its feature)")
            else:
                self._holes.append((what, parent, ring))
            return
        if kind == "deployment_zone":
            side = _str(props.get("side"))
            if not side:
                self.warn(what, "skipped (a deployment zone needs a 'side' property)")
                return
            self._run(what, AddZone(side, ring, id=oid))
            return
        if kind in SPECIAL_KINDS:
            self.warn(what, f"skipped (a {kind} cannot be a polygon)")
            return
        kw: dict[str, Any] = {"id": oid, "name": _str(props.get("name")) or ""}
        for key, conv in (("height", _num), ("move_cost", _num), ("cover", _str)):
            if props.get(key) is not None:
                v = conv(props[key])
                if v is None:
                    self.warn(what, f"property {key!r} ignored (bad value {props[key]!r})")
                else:
                    kw[key] = v
        if props.get("tags") is not None:
            tags = _tags(props["tags"])
            if tags is None:
                self.warn(what, f"property 'tags' ignored (bad value {props['tags']!r})")
            else:
                kw["tags"] = tags
        extra = {}
        for k, v in props.items():
            if k in RESERVED:
                continue
            if k.startswith(PROPERTY_PREFIX) and k[len(PROPERTY_PREFIX):]:
                k = k[len(PROPERTY_PREFIX):]
            if isinstance(v, (str, int, float, bool)) and not (isinstance(v, float) and not math.isfinite(v)):
                extra[k] = v
            else:
                self.warn(what, f"property {k!r} ignored (only text, numbers and true/false are kept)")
        self._run(what, AddFeature(kind, ring, holes, properties=extra, **kw))

    def point(self, what: str, p: Point, props: dict[str, Any]) -> None:
        """A point object (mm): an objective."""
        kind = _kind(props)
        if kind != "objective":
            self.warn(what, f"skipped (a point can only be an objective, not {kind or 'an object without a kind'})")
            return
        if not self.finite(what, [p]):
            return
        radius = _num(props.get("radius", 0.0))
        if radius is not None and not (0 <= radius * self.scale < math.inf):
            radius = None
        if radius is None:
            self.warn(what, "property 'radius' ignored (not a number of 0 or more)")
            radius = 0.0
        label = props["label"].strip() if isinstance(props.get("label"), str) else _str(props.get("name")) or ""
        self._run(what, AddObjective(p[0], p[1], kind=_str(props.get("objective_kind")) or "marker",
                                     label=label,
                                     radius=radius * self.scale, id=_str(props.get("id"))))

    def line(self, what: str, pts: list[Point], props: dict[str, Any]) -> None:
        """A line object (mm): a door/window/gap or an exit; resolved in :meth:`finish`."""
        kind = _kind(props)
        if kind not in (*OPENING_KINDS, "exit"):
            self.warn(what, f"skipped (a line can only be a door, window, gap or exit, not {kind or 'an object without a kind'})")
            return
        if len(pts) < 2:
            self.warn(what, "skipped (a line needs two points)")
            return
        if not self.finite(what, pts):
            return
        self._lines.append((what, props, pts))

    # -- result -------------------------------------------------------------------
    def finish(self, table: tuple[float, float] | None, map_id: str, name: str, ruleset: str | None,
               description: str = "") -> MapFile:
        """Attach holes, doors and exits, and return the map.

        Raises:
            FileError: the result is not a loadable map (e.g. features off the table).
        """
        for what, parent, ring in self._holes:
            self._run(what, AddHole(parent, ring))
        for what, props, pts in self._lines:
            kind = _kind(props)
            if kind == "exit":
                self._exit(what, props, pts, table)
                continue
            a, b = pts[0], pts[-1]
            target = _str(props.get("feature")) or self._feature_at(a, b)
            if target is None:
                self.warn(what, f"skipped (the {kind} lies on no feature's edge)")
                continue
            self._run(what, AddOpening(target, a, b, kind=kind, id=_str(props.get("id"))))
        if table is None:
            xs = [p[0] for f in self.doc.features for p in f.exterior] + [p[0] for z in self.doc.zones for p in z.polygon]
            ys = [p[1] for f in self.doc.features for p in f.exterior] + [p[1] for z in self.doc.zones for p in z.polygon]
            table = (math.ceil(max(xs, default=1.0)), math.ceil(max(ys, default=1.0)))
        if not (0 < table[0] <= 10000 and 0 < table[1] <= 10000):
            raise FileError(self.source, "table", f"table size {table[0]:g} x {table[1]:g} mm is not in 0..10000 mm")
        self.doc.width, self.doc.height = float(table[0]), float(table[1])
        self.history.execute(SetMapInfo(id=map_id, name=name, ruleset=ruleset, description=description))
        try:
            m = self.doc.to_map()
        except Exception as e:  # noqa: BLE001 - pydantic ValidationError; report in one line
            raise FileError(self.source, "", f"imported map is not valid ({str(e).splitlines()[0]})") from None
        probs = map_problems(m)
        if probs:
            where, reason = probs[0]
            more = f" (and {len(probs) - 1} more problems)" if len(probs) > 1 else ""
            raise FileError(self.source, where, f"{reason}{more}; check --scale and --offset")
        return m

    def _feature_at(self, a: Point, b: Point) -> str | None:
        from game.editor import shapes
        from game.editor.commands import OPENING_TOLERANCE

        for f in self.doc.features:
            for ring in [list(f.exterior), *[list(h) for h in f.holes]]:
                for i in range(len(ring)):
                    p, q = ring[i], ring[(i + 1) % len(ring)]
                    if max(shapes.project_on_segment(a, p, q)[2], shapes.project_on_segment(b, p, q)[2]) <= OPENING_TOLERANCE:
                        return f.id
        return None

    def _exit(self, what: str, props: dict, pts: list[Point], table: tuple[float, float] | None) -> None:
        if table is None:
            self.warn(what, "skipped (exits need a known table size)")
            return
        w, h = table
        edge = _str(props.get("edge"))
        mid = ((pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2)
        if edge is None:
            dists = {"north": abs(mid[1]), "south": abs(h - mid[1]), "west": abs(mid[0]), "east": abs(w - mid[0])}
            edge = min(dists, key=dists.get)
        if edge not in ("north", "south", "east", "west"):
            self.warn(what, f"skipped (edge {edge!r} is not north, south, east or west)")
            return
        along = [p[0] for p in pts] if edge in ("north", "south") else [p[1] for p in pts]
        length = w if edge in ("north", "south") else h
        start, end = max(0.0, min(along)), min(length, max(along))
        whole = start <= 1e-6 and end >= length - 1e-6
        self._run(what, AddExit(edge, side=_str(props.get("side")), start_mm=0.0 if whole else start,
                                end_mm=None if whole else end, id=_str(props.get("id"))))


def _open_ring(ring: list[Point]) -> list[Point]:
    return ring[:-1] if len(ring) > 1 and ring[0] == ring[-1] else ring


def _kind(props: dict) -> str | None:
    k = props.get("kind")
    return k.strip() if isinstance(k, str) and k.strip() else None


def _str(v: Any) -> str | None:
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return str(v)
    return v.strip() or None if isinstance(v, str) else None


def _num(v: Any) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, str):
        try:
            v = float(v)
        except ValueError:
            return None
    return float(v) if isinstance(v, (int, float)) and math.isfinite(v) else None


def _tags(v: Any) -> list[str] | None:
    if isinstance(v, str):
        return [t.strip() for t in v.split(",") if t.strip()]
    if isinstance(v, list) and all(isinstance(t, str) for t in v):
        return [t.strip() for t in v if t.strip()]
    return None


def feature_props(f) -> dict[str, Any]:
    """The flat export properties of a terrain feature (a ruleset property named
    like a reserved one gets the :data:`PROPERTY_PREFIX`)."""
    props: dict[str, Any] = {(PROPERTY_PREFIX + k if k in RESERVED or k.startswith(PROPERTY_PREFIX) else k): v
                             for k, v in f.properties.items()}
    props.update(kind=f.kind, id=f.id, height=f.height, tags=",".join(f.tags), move_cost=f.move_cost)
    if f.name:
        props["name"] = f.name
    if f.cover is not None:
        props["cover"] = f.cover
    return props


def header_props(m: MapFile) -> dict[str, Any]:
    """The map-level values an export carries so that an import gives the same map:
    ``id``, ``name``, ``description``, ``ruleset`` and the table size in mm."""
    out: dict[str, Any] = {"id": m.id, "name": m.name, "description": m.description,
                           "table_width_mm": float(m.table.width_mm), "table_height_mm": float(m.table.height_mm)}
    if m.ruleset:
        out["ruleset"] = m.ruleset
    return out


def header(b: Builder, where: str, values: dict[str, Any], *, map_id: str | None, default_id: str,
           ruleset: str | None) -> tuple[str, str, str, str | None]:
    """``(id, name, description, ruleset)`` of an imported map from the file's map-level
    ``values`` (``id``, ``name``, ``description``, ``ruleset``): an explicit ``map_id`` or
    ``ruleset`` wins, a missing or bad id becomes ``default_id`` (a bad one with a warning)."""
    file_id = values.get("id")
    if map_id is None and file_id is not None:
        if isinstance(file_id, str) and re.fullmatch(_ID_PATTERN, file_id):
            map_id = file_id
        else:
            b.warn(f"{where} 'id'", f"ignored (bad map id {file_id!r}; letters, digits and _ . : - only)")
    map_id = map_id or default_id
    name = values.get("name") if isinstance(values.get("name"), str) else map_id
    desc = values.get("description") if isinstance(values.get("description"), str) else ""
    rs = ruleset or (values.get("ruleset") if isinstance(values.get("ruleset"), str) and values.get("ruleset") else None)
    return map_id, name, desc, rs


_ID_PATTERN = r"[A-Za-z0-9_.:-]+"


def exit_line(m: MapFile, e) -> list[Point]:
    """The two ends (mm) of an exit's segment on its table edge."""
    w, h = m.table.width_mm, m.table.height_mm
    length = w if e.edge in ("north", "south") else h
    s, t = e.start_mm, length if e.end_mm is None else e.end_mm
    return {"north": [(s, 0.0), (t, 0.0)], "south": [(s, h), (t, h)],
            "west": [(0.0, s), (0.0, t)], "east": [(w, s), (w, t)]}[e.edge]


# -- entry points ------------------------------------------------------------------

def detect_format(path: str | Path, data: Any) -> str:
    """``"tiled"`` or ``"geojson"`` for parsed file data. Raises FileError for anything else."""
    if isinstance(data, dict) and data.get("type") == "map":
        return "tiled"
    if isinstance(data, dict) and data.get("type") == "FeatureCollection":
        return "geojson"
    found = data.get("type") if isinstance(data, dict) else type(data).__name__
    raise FileError(path, "type", f"not a Tiled map (type \"map\") nor a GeoJSON FeatureCollection (found {found!r})")


def read_map_data(path: str | Path, data: Any, scale: float = 1.0, offset: Point = (0.0, 0.0), *,
                  map_id: str | None = None, ruleset: str | None = None) -> tuple[MapFile, list[str]]:
    """Import already-parsed Tiled or GeoJSON data. Returns ``(map, warnings)``. Raises FileError."""
    from game.editor import geojson, tiled

    p = Path(path)
    fmt = detect_format(p, data)
    mod = tiled if fmt == "tiled" else geojson
    return mod.import_data(p, data, scale, offset, map_id=map_id, default_id=_map_id(p), ruleset=ruleset)


def _map_id(p: Path) -> str:
    name = p.name.split(".")[0]
    clean = "".join(c if c.isalnum() or c in "_-" else "_" for c in name)
    return clean or "imported"


def import_map(path: str | Path, out: str | Path | None = None, scale: float = 1.0,
               offset: Point = (0.0, 0.0), *, ruleset: str | None = None) -> tuple[MapFile, list[str]]:
    """Import a Tiled (``.tmj``/``.json``) or GeoJSON file as a map; write it to
    ``out`` (a ``*.map.json``, atomically) when given.

    Args:
        path: the file to import.
        out: where to write the map, or None.
        scale: mm per file unit (Tiled pixels, GeoJSON coordinate units), > 0.
        offset: (dx, dy) mm added after scaling.
        ruleset: the ruleset id to record in the map.

    Returns:
        ``(map, warnings)``: one warning line per object skipped or changed.

    Raises:
        FileError: unreadable file, not Tiled/GeoJSON, malformed structure, or
            a result that is not a loadable map.
    """
    data = read_json(path)
    m, warnings = read_map_data(path, data, scale, offset, ruleset=ruleset)
    if out is not None:
        write_atomic(out, dumps(m))
    return m, warnings


def export_map(map_path: str | Path, fmt: str, out: str | Path) -> Path:
    """Export the map file ``map_path`` to ``fmt`` (``"tiled"`` or ``"geojson"``) at ``out`` (atomic).

    Raises:
        FileError: the map cannot be loaded.
        ValueError: unknown format.
    """
    from game.data.maps import load_map
    from game.editor import geojson, tiled

    m = load_map(map_path)
    if fmt == "tiled":
        data = tiled.export_data(m)
    elif fmt == "geojson":
        data = geojson.export_data(m)
    else:
        raise ValueError(f"unknown export format {fmt!r} (tiled or geojson)")
    write_atomic(out, dumps(data))
    return Path(out)

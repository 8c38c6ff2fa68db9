"""The one map validator: :func:`check_map` lists every problem of a map,
each with the item it concerns and a table location (x, y in mm). The
editor's problem panel and its save, ``battletable validate``, ``play``,
``simulate``, replay headers and saved games all use it, so a map is valid
everywhere or nowhere.

``error`` problems refuse the map (the editor may still save a draft, see
:mod:`game.editor.files`); ``warning`` problems are advice.

Checks: ids, degenerate and self-intersecting polygons, holes, features,
zones and objectives outside the table, overlaps between kinds that may not
overlap, doors off their feature's edges, deployment zones without room for a
base of the ruleset's size, objectives and exits no base can reach from a
deployment zone (impassable pieces block, except elevation pieces such as
rooftops and hills, which bases climb), and the ruleset's own map checks
(``validate_map``: kinds and properties it reads); warnings for planets and
moons whose gravity well does not fit on the table (playable, but the well is
cut short), unknown kinds and tags, slivers, and too few pieces for the
ruleset's set-up.

Every message names what it concerns as a player reads it
(:class:`Names`): a shape by its name if it has one, else by its kind and
grid square ("the building at C3"); a zone or exit by whose it is ("the
fireteam's deployment zone", "the exit for any side on the north edge");
an objective by its label, else "the objective at D4". The ids stay in
``Problem.item_id`` (and in ``battletable validate``'s field).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import shapely
from shapely.geometry import LineString, Point, Polygon, box

from game.core.logtext import grid_square, units_of
from game.data.kinds import Catalogue, catalogue
from game.data.maps import MapFile, polygon_fault
from game.geometry.paths import free_space
from game.geometry.terrain import ELEVATION, IMPASSABLE, KNOWN_TAGS

EPS = 1e-6


@dataclass(frozen=True)
class Problem:
    """One problem of a map.

    Attributes:
        severity: ``"error"`` (blocks a normal save) or ``"warning"``.
        code: short machine name (``self_intersection``, ``outside_table``, ...).
        item_id: the feature, zone, objective or exit concerned (None: the map).
        message: one sentence for the user.
        x, y: where to zoom to, mm.
    """

    severity: str
    code: str
    item_id: str | None
    message: str
    x: float
    y: float

    def __str__(self) -> str:
        # the message names the item in words; its id is for machines (item_id)
        return f"{self.severity}: {self.message} at ({self.x:.0f}, {self.y:.0f}) mm"


def errors(problems: list[Problem]) -> list[Problem]:
    """Only the problems that refuse a map (and block the editor's normal save)."""
    return [p for p in problems if p.severity == "error"]


@dataclass
class MapView:
    """What the checks read of a map: a :class:`MapFile` or the editor's
    document (which may hold duplicate ids or unfinished polygons)."""

    id: str
    ruleset: str | None
    width: float
    height: float
    features: list = field(default_factory=list)
    zones: list = field(default_factory=list)
    objectives: list = field(default_factory=list)
    exits: list = field(default_factory=list)
    source: object = None

    @classmethod
    def of(cls, m) -> "MapView":
        """A view of a :class:`MapFile` or of a document with ``width``,
        ``height``, ``features``, ``zones``, ``objectives`` and ``exits``."""
        if isinstance(m, MapFile):
            return cls(m.id, m.ruleset, m.table.width_mm, m.table.height_mm, list(m.features),
                       list(m.deployment_zones), list(m.objectives), list(m.exits), m)
        return cls(m.id, m.ruleset, m.width, m.height, list(m.features), list(m.zones), list(m.objectives),
                   list(m.exits), m)

    def collection(self, name: str) -> list:
        return getattr(self, name)

    def as_map(self) -> MapFile | None:
        """The map as a :class:`MapFile`, or None when it breaks the schema."""
        if isinstance(self.source, MapFile):
            return self.source
        try:
            return self.source.to_map()
        except Exception:  # noqa: BLE001 - pydantic refuses it: the id checks report why
            return None


#: the grid square's side (mm) for a ruleset whose style sheet gives none: 6 inches
DEFAULT_GRID_MM = 152.4


class Names:
    """How the messages of one map's check name its items (see the module
    docstring). ``grid_mm``: the side of the table grid's square, mm (the
    ruleset's style sheet, as the editor's lettered border)."""

    def __init__(self, doc: "MapView", cat: Catalogue) -> None:
        self.grid_mm = (units_of(doc.ruleset).grid_mm if doc.ruleset else None) or DEFAULT_GRID_MM
        self.cat = cat
        self.zone_sides = [z.side for z in doc.zones]

    def square(self, x: float, y: float) -> str:
        """The grid square of (x, y) mm: ``"C3"``."""
        return grid_square(x, y, self.grid_mm)

    def kind(self, kind: str) -> str:
        """A terrain kind in words: its catalogue label, lower case (``"asteroid field"``)."""
        spec = self.cat.kind(kind)
        return (spec.label if spec is not None and spec.label else kind.replace("_", " ")).lower()

    def feature(self, f) -> str:
        """``"Farmhouse"`` (its name), else ``"the building at C3"``."""
        if (f.name or "").strip():
            return f.name.strip()
        x, y = centroid(list(f.exterior))
        return f"the {self.kind(f.kind)} at {self.square(x, y)}"

    @staticmethod
    def side(side: str | None) -> str:
        return side.replace("_", " ") if side else ""

    def zone(self, z) -> str:
        """``"the fireteam's deployment zone"`` (with its square when the side has several)."""
        words = f"the {self.side(z.side)}'s deployment zone"
        if self.zone_sides.count(z.side) > 1:
            x, y = centroid(list(z.polygon))
            words += f" at {self.square(x, y)}"
        return words

    def objective(self, o) -> str:
        """The objective's label, else ``"the objective at D4"``."""
        return o.label.strip() if (o.label or "").strip() else f"the objective at {self.square(o.x, o.y)}"

    def exit(self, e) -> str:
        """``"the fireteam's exit on the north edge"``, ``"the exit for any side on the west edge"``."""
        return f"{exit_words(e.side)} on the {e.edge} edge"


def exit_words(side: str | None) -> str:
    """An exit by whose it is: ``"the fireteam's exit"``, ``"the exit for any side"``
    (``side``: the side id the exit is for, None or "" for any)."""
    return f"the {Names.side(side)}'s exit" if side else "the exit for any side"


def centroid(ring) -> tuple[float, float]:
    """The mean of a ring's vertices (mm): where a problem without a better
    point is shown."""
    pts = list(ring)
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)) if pts else (0.0, 0.0)


def _polygon_checks(item_id: str, ring: list, holes: list, what: str, out: list[Problem]) -> Polygon | None:
    fault = polygon_fault(list(ring), [list(h) for h in holes])
    if fault is None:
        return Polygon(ring, holes)
    code, words, at = fault
    x, y = at if at is not None else centroid(ring)
    # the point goes with the problem (shown once, as where it is), not into the sentence
    out.append(Problem("error", code, item_id, f"{what}: {words}" if words.startswith("degenerate") else f"{what} {words}", x, y))
    return None


def _outside(item_id: str, poly: Polygon, table: Polygon, what: str, out: list[Problem]) -> None:
    """An error when ``poly`` is not all on the table: "is off the table" when
    none of it is on, else "is partly off the table"."""
    if table.buffer(EPS).covers(poly):
        return
    rest = poly.difference(table)
    c = rest.representative_point() if not rest.is_empty else poly.representative_point()
    how = "partly off" if poly.intersection(table).area > EPS else "off"
    out.append(Problem("error", "outside_table", item_id, f"{what} is {how} the table", c.x, c.y))


def check_map(m, cat: Catalogue | None = None, ruleset: str | None = None) -> list[Problem]:
    """Every problem of map ``m`` (a :class:`MapFile` or the editor's
    document), errors and warnings, in a stable order. ``ruleset`` is the
    ruleset it is played with (default: the one the map names)."""
    cat = cat or catalogue()
    doc = MapView.of(m)
    if ruleset is not None:
        doc.ruleset = ruleset
    out: list[Problem] = []
    table = box(0, 0, doc.width, doc.height)
    centre = (doc.width / 2, doc.height / 2)

    names = Names(doc, cat)

    for coll in ("features", "zones", "objectives", "exits"):
        seen: set[str] = set()
        for it in doc.collection(coll):
            if it.id in seen:
                what = "zone" if coll == "zones" else coll[:-1]
                out.append(Problem("error", "duplicate_id", it.id, f"two {what}s have the id {it.id!r}", *centre))
            seen.add(it.id)

    known = set(cat.kinds_for(doc.ruleset))
    polys: dict[str, Polygon] = {}
    for f in doc.features:
        what = names.feature(f)
        poly = _polygon_checks(f.id, list(f.exterior), [list(h) for h in f.holes], what, out)
        cx, cy = centroid(list(f.exterior))
        if poly is None:
            continue
        polys[f.id] = poly
        _outside(f.id, poly, table, what, out)
        if poly.area < 1.0:
            out.append(Problem("warning", "sliver", f.id, f"{what} is smaller than 1 mm²", cx, cy))
        if f.kind not in known:
            out.append(Problem("warning", "unknown_kind", f.id,
                               f"{what}: kind {f.kind!r} is not a terrain kind of {doc.ruleset or 'any ruleset'}", cx, cy))
        for t in f.tags:
            if t not in KNOWN_TAGS:
                out.append(Problem("warning", "unknown_tag", f.id, f"{what}: tag {t!r} is not a known rule tag", cx, cy))
        _opening_checks(f, poly, cat, names, out)

    _overlap_checks(doc, polys, cat, names, out)
    _gravity_checks(doc, polys, table, cat, names, out)

    zones: dict[str, Polygon] = {}
    for z in doc.zones:
        poly = _polygon_checks(z.id, list(z.polygon), [], names.zone(z), out)
        if poly is not None:
            zones[z.id] = poly
            _outside(z.id, poly, table, names.zone(z), out)
    zl = list(doc.zones)
    for i, a in enumerate(zl):
        for b in zl[i + 1:]:
            if a.side != b.side and a.id in zones and b.id in zones:
                inter = zones[a.id].intersection(zones[b.id])
                if inter.area > EPS:
                    c = inter.representative_point()
                    out.append(Problem("error", "zones_overlap", a.id,
                                       f"{names.zone(a)} and {names.zone(b)} overlap", c.x, c.y))

    for o in doc.objectives:
        if not (0 <= o.x <= doc.width and 0 <= o.y <= doc.height):
            out.append(Problem("error", "outside_table", o.id, f"{names.objective(o)} is off the table", o.x, o.y))
    for e in doc.exits:
        length = doc.width if e.edge in ("north", "south") else doc.height
        end = length if e.end_mm is None else e.end_mm
        if end > length + EPS or e.start_mm >= end:
            out.append(Problem("error", "bad_exit", e.id,
                               f"{names.exit(e)} runs from {e.start_mm:g} to {end:g} mm on a {length:g} mm edge",
                               *_exit_mid(doc, e.edge, e.start_mm, min(end, length))))

    _reach_checks(doc, polys, zones, cat, names, out)

    _ruleset_checks(doc, out)
    rk = cat.rulesets.get(doc.ruleset or "")
    if rk and rk.min_features and len(doc.features) < rk.min_features:
        out.append(Problem("warning", "few_features", None,
                           f"{doc.ruleset} asks for at least {rk.min_features} pieces of terrain "
                           f"(this map has {len(doc.features)})", *centre))
    return out


def _ruleset_checks(doc: MapView, out: list[Problem]) -> None:
    """The ruleset's own ``validate_map`` (kinds and properties its rules
    read), as an error at the feature it names."""
    from game import rulesets

    if not doc.ruleset or doc.ruleset not in rulesets.ids():
        return
    check = getattr(rulesets.get(doc.ruleset), "validate_map", None)
    m = doc.as_map()
    if check is None or m is None:
        return
    problem = check(m)
    if not problem:
        return
    where, reason = problem
    parts = where.split()
    item = parts[1] if len(parts) > 1 and parts[0] in ("feature", "zone", "objective", "exit") else None
    x, y = doc.width / 2, doc.height / 2
    for f in doc.features:
        if f.id == item:
            x, y = centroid(f.exterior)
    detail = " ".join(parts[2:]) if item else where
    out.append(Problem("error", "ruleset", item, f"{detail + ': ' if detail else ''}{reason}", x, y))


def _opening_checks(f, poly: Polygon, cat: Catalogue, names: Names, out: list[Problem]) -> None:
    spec = cat.kind(f.kind)
    whose = names.feature(f)
    boundary = poly.boundary
    for o in f.openings:
        mx, my = (o.a[0] + o.b[0]) / 2, (o.a[1] + o.b[1]) / 2
        seg = LineString([o.a, o.b])
        if seg.length <= EPS:
            out.append(Problem("error", "bad_opening", f.id, f"a {o.kind} of {whose} has no width", mx, my))
        elif boundary.buffer(0.01).covers(seg) is False:
            out.append(Problem("error", "bad_opening", f.id, f"the {o.kind} at {names.square(mx, my)} is not on an edge of {whose}", mx, my))
        if spec is not None and not spec.openings:
            out.append(Problem("warning", "opening_kind", f.id, f"a {names.kind(f.kind)} does not usually have a {o.kind} ({whose})", mx, my))


def _overlap_checks(doc: MapView, polys: dict[str, Polygon], cat: Catalogue, names: Names, out: list[Problem]) -> None:
    ids = list(polys)
    if len(ids) < 2:
        return
    geoms = [polys[i] for i in ids]
    kinds = {f.id: f.kind for f in doc.features}
    feats = {f.id: f for f in doc.features}
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist()):
        if i >= j:
            continue
        a, b = ids[i], ids[j]
        if cat.may_overlap(kinds[a], kinds[b]):
            continue
        inter = geoms[i].intersection(geoms[j])
        ka, kb = names.kind(kinds[a]), names.kind(kinds[b])
        why = "two pieces of that kind may not overlap" if ka == kb else f"a {ka} and a {kb} may not overlap"
        if inter.area > 1e-3:
            c = inter.representative_point()
            out.append(Problem("error", "overlap", a,
                               f"{names.feature(feats[a])} overlaps {names.feature(feats[b])}; {why}", c.x, c.y))


def _gravity_checks(doc: MapView, polys: dict[str, Polygon], table: Polygon, cat: Catalogue, names: Names,
                    out: list[Problem]) -> None:
    for f in doc.features:
        spec = cat.kind(f.kind)
        if not spec or not spec.gravity_well or f.id not in polys:
            continue
        poly = polys[f.id]
        x0, y0, x1, y1 = poly.bounds
        diameter = max(x1 - x0, y1 - y0)
        size = f.properties.get("size")
        depth = cat.well_depth(diameter, f.kind, size if isinstance(size, str) else None)
        well = poly.buffer(depth, quad_segs=8)
        if not table.buffer(EPS).covers(well):
            rest = well.difference(table)
            c = rest.representative_point() if not rest.is_empty else poly.representative_point()
            out.append(Problem("warning", "gravity_well", f.id,
                               f"{names.feature(f)} has no room for its {depth:g} mm gravity well on the table "
                               f"(keep it {depth:g} mm from the edges)", c.x, c.y))


def _exit_mid(doc: MapView, edge: str, start: float, end: float) -> tuple[float, float]:
    m = (start + end) / 2
    return {"north": (m, 0.0), "south": (m, doc.height), "west": (0.0, m), "east": (doc.width, m)}[edge]


def _exit_line(doc: MapView, e) -> LineString:
    length = doc.width if e.edge in ("north", "south") else doc.height
    s, t = e.start_mm, min(length, e.end_mm if e.end_mm is not None else length)
    return LineString([_exit_mid(doc, e.edge, s, s), _exit_mid(doc, e.edge, t, t)])


def _reach_checks(doc: MapView, polys: dict[str, Polygon], zones: dict[str, Polygon], cat: Catalogue,
                  names: Names, out: list[Problem]) -> None:
    r = cat.base_radius(doc.ruleset)
    # Elevation pieces (hills, rooftops) can be climbed, so only flat impassable pieces block.
    obstacles = [polys[f.id] for f in doc.features
                 if f.id in polys and IMPASSABLE in f.tags and ELEVATION not in f.tags]
    try:
        space = free_space(obstacles, r, (doc.width, doc.height))
    except ValueError as e:
        out.append(Problem("error", "table_too_small", None, str(e), doc.width / 2, doc.height / 2))
        return
    comps = space.components
    reach_from_zones: set[int] = set()
    for z in doc.zones:
        zp = zones.get(z.id)
        if zp is None:
            continue
        hit = [k for k, c in enumerate(comps) if c.intersects(zp) and c.intersection(zp).area > EPS]
        if not hit:
            c = zp.representative_point()
            out.append(Problem("error", "zone_no_room", z.id,
                               f"{names.zone(z)} has no room for a base of {2 * r:g} mm", c.x, c.y))
        reach_from_zones.update(hit)
    if doc.zones and len({z.side for z in doc.zones}) > 1:
        sides: dict[str, set[int]] = {}
        for z in doc.zones:
            zp = zones.get(z.id)
            if zp is not None:
                sides.setdefault(z.side, set()).update(k for k, c in enumerate(comps) if c.intersection(zp).area > EPS)
        items = list(sides.items())
        for i, (sa, ka) in enumerate(items):
            for sb, kb in items[i + 1:]:
                if ka and kb and not ka & kb:
                    out.append(Problem("warning", "sides_apart", None,
                                       f"no base can get from the {names.side(sa)}'s deployment zones to the {names.side(sb)}'s",
                                       doc.width / 2, doc.height / 2))
    if not doc.zones:
        # No zones: anything the largest open area reaches counts as reachable.
        reach_from_zones = {max(range(len(comps)), key=lambda k: comps[k].area)} if comps else set()
    targets = [(o.id, names.objective(o), Point(o.x, o.y), o.radius, o.x, o.y) for o in doc.objectives
               if 0 <= o.x <= doc.width and 0 <= o.y <= doc.height]
    for e in doc.exits:
        line = _exit_line(doc, e)
        if line.length > EPS:
            mid = line.interpolate(0.5, normalized=True)
            targets.append((e.id, names.exit(e), line, 0.0, mid.x, mid.y))
    for iid, what, geom, radius, x, y in targets:
        reach = r + radius + 1e-3 + space.slack
        if not any(comps[k].distance(geom) <= reach for k in reach_from_zones):
            src = "a deployment zone" if doc.zones else "the open table"
            out.append(Problem("error", "unreachable", iid,
                               f"{what} cannot be reached from {src} by a base of {2 * r:g} mm", x, y))

"""Foxhole's one sight adjudication: who sees whom, and how much of a route.

The rules (fire at the end of a move, interrupt fire, spotting, finding
objectives), the AI, the previews and the app's overlay all call this module
(the ruleset's ``sight`` and ``sight_region`` hooks). Distances are measured
from element centres (Foxhole, Movement), so sight is judged on the line
between centres:

* **The line** (Combat: "line of sight"): from the viewer's centre at its
  height (8 mm, the top of 10 mm figures; ours) to a point at the target's
  height. A point of it is blocked where it lies on a sight-blocking map
  feature (``blocks_sight``: buildings, cliffs) at a height strictly between
  the feature's foot and top: exactly the shadow rule of
  :mod:`game.geometry.shadows`, so :func:`sees` and :func:`route_seen` judge
  every point the same way.
* **Inside an area** (ours): an element whose centre is inside a
  sight-blocking area (a built-up area) ignores that area for its own sight,
  seeing out and being seen ("solid cover intermixed with clear fire lanes").
* **Dense terrain** never blocks sight (ours): it halves the ranges of
  infantry weapons and fire support into, out of or through it (Weapon
  Ranges), which :func:`dense_between` tells; the verdict reports it as its
  cover.
* **Half the route** (Combat, condition 3): :func:`route_seen` measures the
  share of the route's length, along the actual path, outside the exact
  hidden region of the plane at the mover's height.

Results are cached per table (:func:`.geo.geo_of`) under keys holding every
coordinate they depend on.
"""

from __future__ import annotations

import math
from typing import Sequence

import shapely
from shapely.geometry import LineString, MultiPoint, Point

from game.core.sight import BLOCKS, OBSCURES, Crossing, SightRegion, SightVerdict, polygons_of
from game.geometry.shadows import hidden_region

from .geo import TableGeo, geo_of, height
from .state import Element, FoxState

CLAUSE = "Foxhole: Combat (line of sight); Weapon Ranges (dense terrain)"
Pt = tuple[float, float]


def _inside_blockers(g: TableGeo, x: float, y: float) -> frozenset[str]:
    """Ids of sight-blocking areas containing the point (ignored for its own sight)."""
    if not g.prisms:
        return frozenset()
    out = []
    for i in g.blocker_ids:
        x0, y0, x1, y1 = g.bounds[i]
        if x0 <= x <= x1 and y0 <= y <= y1 and shapely.intersects_xy(g.polys[i], x, y):
            out.append(g.recs[i].id)
    return frozenset(out)


def _sub_blocked(poly, top: float, a: Pt, az: float, b: Pt, bz: float) -> bool:
    """The sight line a (height az) -> b (height bz) meets ``poly`` where its
    height is strictly between 0 and ``top`` (for t in (0, 1])."""
    dz = bz - az
    if dz == 0.0:
        if not (0.0 < az < top):
            return False
        lo, hi = 0.0, 1.0
    else:
        ta, tb = (0.0 - az) / dz, (top - az) / dz
        lo, hi = (ta, tb) if ta < tb else (tb, ta)
        lo, hi = max(lo, 0.0), min(hi, 1.0)
        if hi <= lo:
            return False
    p = (a[0] + lo * (b[0] - a[0]), a[1] + lo * (b[1] - a[1]))
    q = (a[0] + hi * (b[0] - a[0]), a[1] + hi * (b[1] - a[1]))
    seg = LineString([p, q]) if p != q else Point(p)
    return poly.intersects(seg)


def line_blockers(g: TableGeo, a: Pt, az: float, b: Pt, bz: float) -> tuple[str, ...]:
    """Ids of the features that block the sight line from ``a`` to ``b``
    (heights ``az``, ``bz`` mm), the areas either end stands in excepted."""
    if not g.prisms:
        return ()
    key = ("los", a, az, b, bz)
    got = g.cache.get(key)
    if got is not None:
        return got
    skip = _inside_blockers(g, *a) | _inside_blockers(g, *b)
    lx0, lx1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
    ly0, ly1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
    out = []
    for i in g.blocker_ids:
        r = g.recs[i]
        x0, y0, x1, y1 = g.bounds[i]
        if x1 < lx0 or x0 > lx1 or y1 < ly0 or y0 > ly1 or r.id in skip:
            continue
        if _sub_blocked(g.polys[i], r.height, a, az, b, bz):
            out.append(r.id)
    got = tuple(sorted(out))
    if len(g.cache) > 200_000:
        g.cache.clear()
    g.cache[key] = got
    return got


def sees_point(s: FoxState, viewer: Element, x: float, y: float, z: float | None = None) -> bool:
    """``viewer`` sees a point at height ``z`` (default: an element's height) at (x, y)."""
    g = geo_of(s)
    return not line_blockers(g, (viewer.x, viewer.y), height(viewer), (x, y), height(viewer) if z is None else z)


def sees(s: FoxState, viewer: Element, target: Element) -> bool:
    """The verdict alone: ``viewer`` has a line of sight to ``target``."""
    g = geo_of(s)
    return not line_blockers(g, (viewer.x, viewer.y), height(viewer), (target.x, target.y), height(target))


def dense_between(s: FoxState, a: Pt, b: Pt) -> bool:
    """The line a-b runs into, out of or through dense terrain (Weapon Ranges:
    ranges halved). A line that only grazes a dense edge counts."""
    return geo_of(s).crosses_kind(a, b, {"dense"})


def route_seen(s: FoxState, viewer: Element, route: Sequence[Pt], z: float) -> tuple[float, object]:
    """Share (0..1) of the length of ``route`` (a polyline, mm) in ``viewer``'s
    sight at height ``z``, and the part in sight (a shapely geometry).

    Exact: the route minus the hidden region of the plane at height ``z``
    (:func:`game.geometry.shadows.hidden_region` over the blockers near the
    route); route points inside a sight-blocking area are judged without that
    area (see the module notes). A route of no length counts as its point."""
    g = geo_of(s)
    pts = [tuple(map(float, p)) for p in route]
    eye = (viewer.x, viewer.y)
    ez = height(viewer)
    if len(pts) < 2 or LineString(pts).length == 0.0:
        ok = not line_blockers(g, eye, ez, pts[0], z)
        return (1.0 if ok else 0.0), (Point(pts[0]) if ok else Point())
    line = LineString(pts)
    key = ("route", eye, ez, tuple(pts), z)
    got = g.cache.get(key)
    if got is not None:
        return got
    own = _inside_blockers(g, *eye)
    hull = MultiPoint(pts + [eye]).convex_hull
    near = [g.recs[int(i)].id for i in (g.tree.query(hull, predicate="intersects") if g.tree is not None else [])]
    prisms = [g.prisms[k] for k in sorted(set(near)) if k in g.prisms and k not in own]
    if not prisms:
        got = (1.0, line)
    else:
        containing = [p for p in prisms if line.intersects(p.polygon) and line.intersection(p.polygon).length > 0]
        outside = line
        if containing:
            outside = line.difference(shapely.union_all([p.polygon for p in containing]))
        seen = [outside.difference(hidden_region(eye, ez, z, prisms, g.table))]
        for p in containing:
            inside = line.intersection(p.polygon)
            rest = [q for q in prisms if q.id != p.id]
            seen.append(inside.difference(hidden_region(eye, ez, z, rest, g.table)) if rest else inside)
        geom = shapely.union_all(seen)
        got = (min(1.0, geom.length / line.length), geom)
    if len(g.cache) > 200_000:
        g.cache.clear()
    g.cache[key] = got
    return got


def _name(g: TableGeo, fid: str) -> str:
    r = next((r for r in g.recs if r.id == fid), None)
    return (r.name or r.kind) if r is not None else fid


def adjudicate(s: FoxState, viewer: Element, target: Element) -> SightVerdict:
    """The verdict for the overlay, the previews and the AI: line of sight
    between centres (see the module notes), with the features that block it,
    and dense terrain on the line as the cover it gives (ranges halved)."""
    g = geo_of(s)
    a, b = (viewer.x, viewer.y), (target.x, target.y)
    ez, tz = height(viewer), height(target)
    blocked = line_blockers(g, a, ez, b, tz)
    dense = dense_between(s, a, b)
    crossings = tuple(Crossing(fid, _name(g, fid), BLOCKS, g.prisms[fid].top) for fid in blocked)
    if not blocked and dense:
        line = LineString([a, b])
        crossings += tuple(Crossing(g.recs[int(i)].id, g.recs[int(i)].name or "dense terrain", OBSCURES)
                           for i in g.tree.query(line, predicate="intersects") if g.recs[int(i)].kind == "dense")
    cover = "dense" if (dense and not blocked) else "none"
    return SightVerdict(
        viewer.id, target.id, not blocked, cover, 0.0 if blocked else 1.0, viewer.name, target.name, ez, (0.0, tz),
        crossings, ((a, b),), CLAUSE, "ranges halved" if cover == "dense" else "",
        "", "dense terrain" if cover == "dense" else "")


def region(s: FoxState, viewer: Element) -> SightRegion:
    """Where ``viewer``'s sight does not reach an element's centre (for the
    overlay's shading): the hidden region at element height."""
    g = geo_of(s)
    own = _inside_blockers(g, viewer.x, viewer.y)
    prisms = [p for k, p in g.prisms.items() if k not in own]
    z = height(viewer)
    hid = hidden_region((viewer.x, viewer.y), z, z, prisms, g.table) if prisms else shapely.GeometryCollection()
    # areas the hidden region covers but an element inside them would see out of
    return SightRegion(viewer.id, polygons_of(hid), (), f"for an element's centre at {z:g} mm; eye {z:g} mm")


def distance(a: Element | Pt, b: Element | Pt) -> float:
    """Centre-to-centre distance (mm)."""
    ax, ay = (a.x, a.y) if isinstance(a, Element) else a
    bx, by = (b.x, b.y) if isinstance(b, Element) else b
    return math.hypot(bx - ax, by - ay)

"""The space fleet's one sight adjudication: the line of fire from stem to stem.

The text judges sight by one line: a celestial phenomenon blocks a line of fire
only if it physically lies between the shooting ship's stem and the target's
(celestial phenomena: "Celestial phenomena and ships' bases"; spacefleet_core:
Line of sight and planets). So the verdict is that line, and the app's
line-of-sight overlay draws exactly it. What blocks it:

* a **planet** or **moon**, unless either stem is on its template (then every
  ship on it sees and is seen);
* a **warp rift**;
* an **asteroid field**: no line into or out of one; two ships inside the same
  field see each other (the range limit applies instead);
* the **hulk** of a ship (spacefleet_core 1.8), other than the target itself.

What it crosses without blocking is named too: a **blast marker** or a **gas
cloud** on the line, or touching the firer or the target, shifts the gunnery
table one column right (spacefleet_core 1.7; gas and dust clouds); the verdict
reports it as its cover.

Distances and crossings are exact (segments against the features' polygons,
discs for hulks and blast markers).
"""

from __future__ import annotations

import math

from shapely.geometry import Point, Polygon, box
from shapely.ops import unary_union

from game.core.sight import BLOCKS, SHIFTS, Crossing, SightRegion, SightVerdict, polygons_of
from game.geometry.shadows import Prism, hidden_region

from . import geom
from .data import tables
from .names import feature_name, ship_name
from .rules.common import HULKS, field_touching, ignores_clouds, in_field
from .state import SFState, Ship

CLAUSE = "celestial phenomena: phenomena and ships' bases; spacefleet_core: line of sight and planets"
#: the cover word and effect of a blast-marker (or gas-cloud) shift
SHIFT_COVER = "blast markers"
SHIFT_EFFECT = "the gunnery table shifts one column right"

def blocker(state: SFState, a: Ship, tx: float, ty: float, target: Ship | None = None,
            radius: float | None = None) -> tuple[str, Crossing] | None:
    """What blocks the line of fire from ``a``'s stem to (tx, ty) mm (see the
    module notes): the reason in words and the blocking crossing, or None.
    ``radius`` is the target's base (mm; default ``target``'s, else a point):
    a base touching an asteroid field is in it."""
    if a.zone != "main":
        return None
    pa, pb = (a.x, a.y), (tx, ty)
    r = radius if radius is not None else (target.radius if target is not None else 0.0)
    ast_a = in_field(state, a)
    ast_b = field_touching(state, tx, ty, r)
    if (ast_a is None) != (ast_b is None):
        f = ast_a or ast_b
        return "no shooting into or out of an asteroid field", Crossing(f.id, feature_name(f), BLOCKS)
    for f in state.features:
        if f.kind in ("planet", "moon"):
            if geom.point_in(f, a.x, a.y) or geom.point_in(f, tx, ty):
                continue
            if geom.segment_crosses(f, pa, pb):
                return f"{feature_name(f)} blocks the line of fire", Crossing(f.id, feature_name(f), BLOCKS)
        elif f.kind == "warp_rift":
            if geom.segment_crosses(f, pa, pb):
                return f"{feature_name(f)} blocks the line of fire", Crossing(f.id, feature_name(f), BLOCKS)
        elif f.kind == "asteroid_field":
            if ast_a is not None and (geom.disc_touches(f, a.x, a.y, a.radius) or geom.disc_touches(f, tx, ty, r)):
                continue  # both in fields: the range limit applies instead of the one they are in
            if geom.segment_crosses(f, pa, pb):
                return f"{feature_name(f)} blocks the line of fire", Crossing(f.id, feature_name(f), BLOCKS)
    for s in state.ships.values():
        if s.status in HULKS and s.zone == "main" and s.id != a.id and (target is None or s.id != target.id):
            d, _ = geom.seg_point_dist(a.x, a.y, tx, ty, s.x, s.y)
            if d < s.radius - 1e-6:
                name = f"the hulk of the {ship_name(state, s.id)}"
                return f"{name} blocks the line of fire", Crossing(s.id, name, BLOCKS)
    return None


def sight(state: SFState, a: Ship, tx: float, ty: float, target: Ship | None = None,
          radius: float | None = None) -> str | None:
    """Why the line of fire from ``a``'s stem to (tx, ty) mm is blocked, or None
    (the reason part of :func:`blocker`)."""
    got = blocker(state, a, tx, ty, target, radius)
    return got[0] if got else None


def shifts(state: SFState, a: Ship, target: Ship) -> tuple[Crossing, ...]:
    """Blast markers and gas clouds that shift ``a``'s gunnery at ``target``
    (spacefleet_core 1.7): markers on the line of fire or touching either
    ship, and gas clouds likewise (an Eldar firer that passed its cloud test
    leaves clouds out)."""
    if a.zone != target.zone:
        return ()
    out: list[Crossing] = []
    r = tables().constants.blast_marker_radius_mm
    for b in state.blast_markers:
        if b.zone != a.zone:
            continue
        on_line = geom.seg_point_dist(a.x, a.y, target.x, target.y, b.x, b.y)[0] <= r
        touching = any(math.hypot(b.x - s.x, b.y - s.y) <= r + s.radius + 1e-6 for s in (a, target))
        if on_line or touching:
            out.append(Crossing(f"bm{b.id}", "a blast marker", SHIFTS))
    if a.zone == "main":
        clouds = not ignores_clouds(state, a)
        for f in state.features:
            if f.kind != "gas_cloud":
                continue
            if (clouds and geom.segment_crosses(f, (a.x, a.y), (target.x, target.y))) \
                    or geom.disc_touches(f, target.x, target.y, target.radius) \
                    or (clouds and geom.disc_touches(f, a.x, a.y, a.radius)):
                out.append(Crossing(f.id, "a gas cloud", SHIFTS))
    return tuple(out)


def adjudicate(state: SFState, viewer: Ship, target: Ship, detail: bool = False) -> SightVerdict:
    """The line of fire from ``viewer``'s stem to ``target``'s (see the module notes).

    Args:
        detail: accepted for the common adjudication interface; the verdict is
            always complete (one line).

    Returns:
        a :class:`~game.core.sight.SightVerdict` with the one line drawn
        (``lines``), ``visible_fraction`` 1 or 0, cover ``"blast markers"``
        when the gunnery shift applies, else ``"none"``.
    """
    got = blocker(state, viewer, target.x, target.y, target)
    line = (((viewer.x, viewer.y), (target.x, target.y)),)
    if got is not None:
        return SightVerdict(viewer.id, target.id, False, "none", 0.0, ship_name(state, viewer.id), ship_name(state, target.id),
                            crossings=(got[1],), lines=line, clause=CLAUSE)
    sh = shifts(state, viewer, target)
    return SightVerdict(viewer.id, target.id, True, SHIFT_COVER if sh else "none", 1.0, ship_name(state, viewer.id),
                        ship_name(state, target.id), crossings=sh, lines=line, clause=CLAUSE,
                        effect=SHIFT_EFFECT if sh else "", cover_name="blast-marker shift" if sh else "")


def region(state: SFState, viewer: Ship) -> SightRegion:
    """Where no line of fire from ``viewer``'s stem reaches a stem (see the
    module notes): behind planets, moons, rifts, asteroid fields and hulks,
    and inside asteroid fields (or, for a ship inside one, everywhere outside
    the fields); a planet's own template is never hidden (ships on it are seen).
    Only for the main table."""
    if viewer.zone != "main":
        return SightRegion(viewer.id, note="low orbit: lines of fire are not blocked there")
    W, H = state.table
    inside = in_field(state, viewer)
    fields = [Polygon(f.exterior, f.holes) for f in state.features if f.kind == "asteroid_field"]
    prisms, planets = [], []
    for f in state.features:
        poly = Polygon(f.exterior, f.holes)
        if f.kind in ("planet", "moon"):
            if poly.covers(Point(viewer.x, viewer.y)):
                continue
            planets.append(poly)
            prisms.append(Prism(f.id, poly, math.inf))
        elif f.kind == "warp_rift" or (f.kind == "asteroid_field" and inside is None):
            prisms.append(Prism(f.id, poly, math.inf))
    for sh in state.ships.values():
        if sh.status in HULKS and sh.zone == "main" and sh.id != viewer.id:
            prisms.append(Prism(sh.id, Point(sh.x, sh.y).buffer(sh.radius, quad_segs=16), math.inf))
    # no heights in space: eye and stems at one level, every blocker full height
    hidden = hidden_region((viewer.x, viewer.y), 1.0, 1.0, prisms, (W, H))
    if inside is not None:
        hidden = unary_union([hidden, box(0, 0, W, H).difference(unary_union(fields))])
    elif fields:
        hidden = unary_union([hidden, *fields])
    if planets:
        hidden = hidden.difference(unary_union(planets))
    return SightRegion(viewer.id, polygons_of(hidden), (), "for a ship's stem; lines of fire run stem to stem")

"""Bases, viewers, fire arcs, templates and displacement.

Everything is in table millimetres (origin top-left, y down) and degrees
clockwise from +x, so a heading ``h`` points along ``(cos h, sin h)`` in table
coordinates. A round base's ``footprint`` (and a blast template's
``polygon``) is a 64-gon for drawing; every measurement the rules act on
treats circles as exact circles (``in_arc_matrix``, ``arc_of``,
``disc_cover_shares``, ``template_hits`` and :mod:`game.geometry.contact`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Sequence, Union

import numpy as np
import shapely
from shapely.geometry import Point, Polygon

#: Segments per quarter circle for circular footprints (a 64-gon).
QUAD_SEGS = 16
#: Default eye height of a standing figure (mm above what it stands on).
STANDING_EYE_MM = 30.0
#: Default eye height of a prone or crouching figure (mm).
PRONE_EYE_MM = 15.0
#: Tolerance (mm, and degrees for angles) used for boundary decisions.
EPS = 1e-9

PointLike = Union[tuple[float, float], Sequence[float], np.ndarray]


def heading_vector(heading_deg: float) -> tuple[float, float]:
    """Unit vector ``(dx, dy)`` in table coordinates for a heading in degrees."""
    a = math.radians(heading_deg)
    return (math.cos(a), math.sin(a))


def displace(point: PointLike, heading_deg: float, distance: float) -> tuple[float, float]:
    """Move ``point`` (x, y mm) ``distance`` mm along ``heading_deg``.

    Used for scatter, drift and deviation: the rules give a direction (a
    scatter-die arrow, a clock face, a compass bearing converted to a heading)
    and a distance. A negative distance moves backwards. Returns the new (x, y).
    """
    dx, dy = heading_vector(heading_deg)
    return (float(point[0]) + distance * dx, float(point[1]) + distance * dy)


# --------------------------------------------------------------------------- bases


@dataclass(frozen=True)
class Base:
    """A model's base footprint on the table.

    A round base has ``radius > 0``; a rectangular base has ``radius == 0`` and
    ``width`` (frontage, across the heading) and ``depth`` (along the heading)
    both > 0. ``heading`` is the facing in degrees (the front edge faces it).
    Build with :meth:`circle` or :meth:`rect` for clarity.

    Raises:
        ValueError: a negative or missing size, or both a radius and a width.
    """

    x: float
    y: float
    radius: float = 0.0
    width: float = 0.0
    depth: float = 0.0
    heading: float = 0.0
    id: str = ""

    def __post_init__(self) -> None:
        for name in ("x", "y", "radius", "width", "depth", "heading"):
            if not math.isfinite(getattr(self, name)):
                raise ValueError(f"base {self.id!r}: {name} must be finite")
        if self.radius < 0 or self.width < 0 or self.depth < 0:
            raise ValueError(f"base {self.id!r}: sizes must not be negative")
        if self.radius > 0 and (self.width > 0 or self.depth > 0):
            raise ValueError(f"base {self.id!r}: give a radius or a width and depth, not both")
        if self.radius == 0 and not (self.width > 0 and self.depth > 0):
            raise ValueError(f"base {self.id!r}: a rectangular base needs width > 0 and depth > 0")

    @classmethod
    def circle(cls, x: float, y: float, radius: float, *, heading: float = 0.0, id: str = "") -> "Base":
        """A round base of ``radius`` mm centred on (x, y)."""
        return cls(float(x), float(y), radius=float(radius), heading=float(heading), id=id)

    @classmethod
    def rect(cls, x: float, y: float, width: float, depth: float, heading: float = 0.0, *, id: str = "") -> "Base":
        """A rectangular base centred on (x, y): ``width`` across, ``depth`` along ``heading``."""
        return cls(float(x), float(y), width=float(width), depth=float(depth), heading=float(heading), id=id)

    @property
    def is_circle(self) -> bool:
        """True for a round base."""
        return self.radius > 0

    @property
    def centre(self) -> tuple[float, float]:
        """Centre (x, y) in mm."""
        return (self.x, self.y)

    @property
    def bounding_radius(self) -> float:
        """Radius of the smallest circle about the centre containing the base (mm)."""
        return self.radius if self.is_circle else 0.5 * math.hypot(self.width, self.depth)

    @cached_property
    def footprint(self) -> Polygon:
        """The base as a shapely polygon: the exact rectangle, or for a round base a 64-gon
        for drawing (never measured against: see :mod:`game.geometry.contact`)."""
        if self.is_circle:
            return Point(self.x, self.y).buffer(self.radius, quad_segs=QUAD_SEGS)
        return oriented_rectangle(self.x, self.y, self.width, self.depth, self.heading)

    @property
    def area(self) -> float:
        """Exact area in mm^2 (pi r^2 for round bases)."""
        return math.pi * self.radius**2 if self.is_circle else self.width * self.depth

    def moved_to(self, x: float, y: float, heading: float | None = None) -> "Base":
        """The same base centred on (x, y), optionally turned to ``heading``."""
        return Base(float(x), float(y), self.radius, self.width, self.depth,
                    self.heading if heading is None else float(heading), self.id)


def oriented_rectangle(x: float, y: float, width: float, depth: float, heading: float) -> Polygon:
    """Rectangle centred on (x, y): ``depth`` along ``heading``, ``width`` across it."""
    fx, fy = heading_vector(heading)
    sx, sy = -fy, fx  # right-hand side (clockwise 90 deg in y-down coordinates)
    hd, hw = depth / 2.0, width / 2.0
    pts = [
        (x + fx * hd + sx * hw, y + fy * hd + sy * hw),
        (x + fx * hd - sx * hw, y + fy * hd - sy * hw),
        (x - fx * hd - sx * hw, y - fy * hd - sy * hw),
        (x - fx * hd + sx * hw, y - fy * hd + sy * hw),
    ]
    return shapely.orient_polygons(Polygon(pts))


@dataclass(frozen=True)
class Model:
    """A figure for sight questions: a base, an eye height and an elevation.

    Attributes:
        base: the footprint.
        eye_height: mm above what the model stands on (``STANDING_EYE_MM`` = 30
            standing, ``PRONE_EYE_MM`` = 15 prone).
        elevation: mm above the table of the surface it stands on (a hill top,
            a rooftop); 0 on the table.

    Raises:
        ValueError: a negative eye height or elevation.
    """

    base: Base
    eye_height: float = STANDING_EYE_MM
    elevation: float = 0.0

    def __post_init__(self) -> None:
        if self.eye_height < 0 or self.elevation < 0:
            raise ValueError(f"model {self.base.id!r}: eye height and elevation must not be negative")

    @property
    def id(self) -> str:
        """The base's id."""
        return self.base.id

    @property
    def eye_z(self) -> float:
        """Height of the eye above the table (mm)."""
        return self.elevation + self.eye_height

    @property
    def centre(self) -> tuple[float, float]:
        """Plan position of the eye (the base centre)."""
        return self.base.centre

    @property
    def footprint(self) -> Polygon:
        """The base footprint."""
        return self.base.footprint


#: A viewer is a model seen from the shooter's side.
Viewer = Model


def as_model(obj: "Model | Base | PointLike") -> Model:
    """Wrap a Base or an (x, y) point as a standing Model (points get a 0-radius-like tiny base)."""
    if isinstance(obj, Model):
        return obj
    if isinstance(obj, Base):
        return Model(obj)
    return Model(Base.circle(float(obj[0]), float(obj[1]), 1e-6))


# --------------------------------------------------------------------------- arcs


def normalise_deg(angle: float) -> float:
    """Angle in degrees mapped into (-180, 180]."""
    a = math.fmod(angle, 360.0)
    if a <= -180.0:
        a += 360.0
    elif a > 180.0:
        a -= 360.0
    return a


@dataclass(frozen=True)
class Arc:
    """A sector relative to a model's facing.

    Attributes:
        heading: centre of the arc in degrees relative to the facing (0 front,
            90 right, 180 rear, 270 left: clockwise with y down).
        width: full angular width in degrees, 0 < width <= 360.
        name: label used in explanations ("front", "left", ...).

    Raises:
        ValueError: width outside (0, 360].
    """

    heading: float
    width: float
    name: str = ""

    def __post_init__(self) -> None:
        if not (0.0 < self.width <= 360.0):
            raise ValueError(f"arc {self.name!r}: width must be in (0, 360], got {self.width}")


#: Four 90-degree quadrants: front, right, rear, left (a common fire-arc split).
QUADRANTS: tuple[Arc, ...] = (
    Arc(0.0, 90.0, "front"), Arc(90.0, 90.0, "right"), Arc(180.0, 90.0, "rear"), Arc(270.0, 90.0, "left"),
)
#: Front and rear halves (180 degrees each).
HALVES: tuple[Arc, ...] = (Arc(0.0, 180.0, "front"), Arc(180.0, 180.0, "rear"))
#: A 90-degree arc straight ahead: 45 degrees either side of the facing.
FORWARD_90 = Arc(0.0, 90.0, "front 45 either side")


def quadrants() -> tuple[Arc, ...]:
    """The four 90-degree quadrants (front, right, rear, left)."""
    return QUADRANTS


def halves() -> tuple[Arc, ...]:
    """Front and rear 180-degree halves."""
    return HALVES


def forward_arc(half_width: float = 45.0, name: str = "front") -> Arc:
    """A forward arc ``half_width`` degrees either side of the facing (45 -> a 90-degree arc)."""
    return Arc(0.0, 2.0 * half_width, name)


def _disc_in_sector(ox, oy, heading_deg, width_deg, tx, ty, tr):
    """Analytic disc-vs-sector test (numpy broadcasting).

    True when a disc (tx, ty, radius tr) meets the infinite sector with apex
    (ox, oy), centre ``heading_deg`` and full width ``width_deg``. Boundaries
    count as inside (within ``EPS``).
    """
    dx = tx - ox
    dy = ty - oy
    h = np.radians(heading_deg)
    half = np.radians(np.asarray(width_deg, dtype=float) / 2.0)
    full = half >= math.pi - 1e-12
    ang = np.arctan2(dy, dx)
    diff = np.abs((ang - h + math.pi) % (2 * math.pi) - math.pi)
    dist2 = dx * dx + dy * dy
    centre_in = diff <= half + 1e-12
    r = np.asarray(tr, dtype=float)
    near_apex = dist2 <= (r + EPS) ** 2
    out = centre_in | near_apex | full
    # distance from the centre to each boundary ray
    for sgn in (-1.0, 1.0):
        a = h + sgn * half
        ux, uy = np.cos(a), np.sin(a)
        t = dx * ux + dy * uy
        perp = np.abs(dx * uy - dy * ux)
        out = out | ((t > 0) & (perp <= r + EPS))
    return out


def in_arc_matrix(shooters, headings, width, targets, radii=0.0, offset=0.0) -> np.ndarray:
    """Which targets are (at least partly) inside each shooter's arc.

    Args:
        shooters: (N, 2) apex positions in mm.
        headings: (N,) facings in degrees.
        width: full arc width in degrees, scalar or (N,).
        targets: (M, 2) target centres in mm.
        radii: target disc radii in mm, scalar or (M,); 0 tests centre points.
        offset: arc centre relative to the facing in degrees (90 = right side arc).

    Returns:
        (N, M) bool array; a disc touching a boundary ray counts as inside.

    Raises:
        ValueError: on mismatched shapes.
    """
    s = np.asarray(shooters, dtype=float).reshape(-1, 2)
    t = np.asarray(targets, dtype=float).reshape(-1, 2)
    h = np.asarray(headings, dtype=float).reshape(-1)
    if h.size == 1 and s.shape[0] != 1:
        h = np.full(s.shape[0], float(h[0]))
    if h.shape[0] != s.shape[0]:
        raise ValueError("headings must have one entry per shooter")
    w = np.asarray(width, dtype=float)
    if w.ndim:
        if w.shape[0] != s.shape[0]:
            raise ValueError("width must be scalar or one per shooter")
        w = w[:, None]
    r = np.broadcast_to(np.asarray(radii, dtype=float), (t.shape[0],))[None, :]
    return _disc_in_sector(s[:, 0:1], s[:, 1:2], (h + offset)[:, None], w, t[None, :, 0], t[None, :, 1], r)


def _polygon_in_sector(poly: Polygon, ox: float, oy: float, heading_deg: float, width_deg: float) -> bool:
    """Exact: does the convex polygon ``poly`` meet the infinite sector with apex (ox, oy)?

    It does when a corner lies in the sector (boundaries included), the apex lies in the
    polygon, or a boundary ray crosses one of its edges."""
    c = np.asarray(poly.exterior.coords)[:-1]
    if np.any(_disc_in_sector(ox, oy, heading_deg, width_deg, c[:, 0], c[:, 1], 0.0)):
        return True
    if poly.covers(Point(ox, oy)):
        return True
    p, e = c, np.roll(c, -1, axis=0) - c
    for sgn in (-1.0, 1.0):
        a = math.radians(heading_deg + sgn * width_deg / 2.0)
        ux, uy = math.cos(a), math.sin(a)
        den = ux * e[:, 1] - uy * e[:, 0]
        wx, wy = p[:, 0] - ox, p[:, 1] - oy
        with np.errstate(divide="ignore", invalid="ignore"):
            s_ = (wx * e[:, 1] - wy * e[:, 0]) / den  # along the ray
            t_ = (wx * uy - wy * ux) / den  # along the edge
        if np.any((den != 0) & (s_ >= 0) & (t_ >= -EPS) & (t_ <= 1 + EPS)):
            return True
    return False


def arc_of(origin: "PointLike | Base", facing_heading: float, target: "PointLike | Base",
           arcs: Iterable[Arc] = QUADRANTS) -> tuple[Arc, ...]:
    """All arcs of a model at ``origin`` facing ``facing_heading`` that contain ``target``.

    A point is in an arc when its bearing lies within the sector (boundaries
    included); a base is in an arc when any part of it is (round bases and
    rectangles both tested exactly: the disc's distance to the boundary rays,
    the rectangle's corners, edges and the apex). A target on a boundary
    is in both arcs, so the rules' choice is left to the player. A target at
    the origin is in every arc.

    Returns:
        the matching arcs in the order given.
    """
    ox, oy = (origin.x, origin.y) if isinstance(origin, Base) else (float(origin[0]), float(origin[1]))
    out = []
    for arc in arcs:
        h = facing_heading + arc.heading
        if isinstance(target, Base) and not target.is_circle:
            hit = arc.width >= 360.0 or _polygon_in_sector(target.footprint, ox, oy, h, arc.width)
        else:
            tx, ty, tr = ((target.x, target.y, target.radius) if isinstance(target, Base)
                          else (float(target[0]), float(target[1]), 0.0))
            hit = bool(_disc_in_sector(ox, oy, h, arc.width, tx, ty, tr))
        if hit:
            out.append(arc)
    return tuple(out)


def sector_polygon(x: float, y: float, heading: float, width: float, radius: float, steps_per_90: int = 16) -> Polygon:
    """Sector (pie slice) polygon with apex (x, y); a full disc when ``width >= 360``."""
    if width >= 360.0:
        return Point(x, y).buffer(radius, quad_segs=steps_per_90)
    n = max(2, int(math.ceil(width / 90.0 * steps_per_90)) + 1)
    a = np.radians(np.linspace(heading - width / 2.0, heading + width / 2.0, n))
    pts = np.column_stack([x + radius * np.cos(a), y + radius * np.sin(a)])
    return shapely.orient_polygons(Polygon(np.vstack([[x, y], pts])))


# --------------------------------------------------------------------------- templates


@dataclass(frozen=True)
class Template:
    """An area-of-effect template laid on the table.

    ``kind`` is ``"circle"``, ``"rectangle"``, ``"cone"`` or ``"lane"``; build it
    with :func:`blast`, :func:`rectangle_template`, :func:`card_template`,
    :func:`cone_template` or :func:`lane_template`. ``polygon`` is its shape;
    for circles ``centre`` and ``radius`` allow exact analytic overlap.
    """

    kind: str
    polygon: Polygon
    centre: tuple[float, float] | None = None
    radius: float = 0.0


def blast(x: float, y: float, radius: float) -> Template:
    """A round blast template of ``radius`` mm centred on (x, y).

    Raises:
        ValueError: radius <= 0.
    """
    if not radius > 0:
        raise ValueError("blast radius must be > 0")
    return Template("circle", Point(x, y).buffer(radius, quad_segs=QUAD_SEGS), (float(x), float(y)), float(radius))


def rectangle_template(x: float, y: float, width: float, length: float, heading: float) -> Template:
    """A rectangle centred on (x, y), ``length`` along ``heading``, ``width`` across.

    Raises:
        ValueError: non-positive size.
    """
    if not (width > 0 and length > 0):
        raise ValueError("template width and length must be > 0")
    return Template("rectangle", oriented_rectangle(x, y, width, length, heading))


def card_template(point: PointLike, away_heading: float, short: float = 63.0, long: float = 88.0) -> Template:
    """A card laid with the midpoint of a short edge on ``point``, pointing along ``away_heading``.

    The default 63 x 88 mm is a standard playing card (Battlespace AoE uses a
    card laid pointing away from the thrower). ``away_heading`` is normally the
    bearing from the thrower to ``point``.
    """
    cx, cy = displace(point, away_heading, long / 2.0)
    t = rectangle_template(cx, cy, short, long, away_heading)
    return Template("rectangle", t.polygon)


def cone_template(apex: PointLike, heading: float, length: float, angle: float) -> Template:
    """A cone: a sector of ``angle`` degrees and radius ``length`` mm from ``apex`` along ``heading``.

    Raises:
        ValueError: non-positive length or angle outside (0, 360].
    """
    if not length > 0 or not (0 < angle <= 360):
        raise ValueError("cone needs length > 0 and 0 < angle <= 360")
    return Template("cone", sector_polygon(float(apex[0]), float(apex[1]), heading, angle, length))


def lane_template(start: PointLike, end: PointLike, width: float) -> Template:
    """A corridor ``width`` mm wide from ``start`` to ``end`` (flat ends at both points).

    Raises:
        ValueError: width <= 0 or start == end.
    """
    sx, sy, ex, ey = float(start[0]), float(start[1]), float(end[0]), float(end[1])
    length = math.hypot(ex - sx, ey - sy)
    if not width > 0 or length == 0:
        raise ValueError("lane needs width > 0 and distinct end points")
    h = math.degrees(math.atan2(ey - sy, ex - sx))
    return Template("lane", oriented_rectangle((sx + ex) / 2, (sy + ey) / 2, width, length, h))


@dataclass(frozen=True)
class TemplateHit:
    """One base touched by a template.

    Attributes:
        index: position of the base in the list given.
        base_id: the base's id.
        share: covered share of the base's footprint area, in (0, 1].
        wholly: True when the whole base is under the template.
    """

    index: int
    base_id: str
    share: float
    wholly: bool

    @property
    def partly(self) -> bool:
        """True when only part of the base is under the template."""
        return not self.wholly


def _lens_area(d, r1, r2):
    """Area of intersection of two circles with centre distance d (numpy broadcasting)."""
    d = np.asarray(d, dtype=float)
    r1 = np.asarray(r1, dtype=float)
    r2 = np.asarray(r2, dtype=float)
    d, r1, r2 = np.broadcast_arrays(d, r1, r2)
    out = np.zeros(d.shape)
    small = np.minimum(r1, r2)
    inside = d <= np.abs(r1 - r2)
    out[inside] = math.pi * small[inside] ** 2
    part = (~inside) & (d < r1 + r2)
    if np.any(part):
        dd, a, b = d[part], r1[part], r2[part]
        c1 = np.clip((dd * dd + a * a - b * b) / (2 * dd * a), -1, 1)
        c2 = np.clip((dd * dd + b * b - a * a) / (2 * dd * b), -1, 1)
        k = (-dd + a + b) * (dd + a - b) * (dd - a + b) * (dd + a + b)
        out[part] = a * a * np.arccos(c1) + b * b * np.arccos(c2) - 0.5 * np.sqrt(np.maximum(k, 0.0))
    return out


def disc_cover_shares(centres, radius, bases_xy, base_radii) -> np.ndarray:
    """Covered share of each round base under each round template (exact circles).

    Args:
        centres: (K, 2) template centres (mm).
        radius: template radius (mm), scalar or (K,).
        bases_xy: (M, 2) base centres (mm).
        base_radii: scalar or (M,) base radii (mm).

    Returns:
        (K, M) float array in [0, 1]: lens area / base area.
    """
    c = np.asarray(centres, dtype=float).reshape(-1, 2)
    b = np.asarray(bases_xy, dtype=float).reshape(-1, 2)
    R = np.broadcast_to(np.asarray(radius, dtype=float), (c.shape[0],))[:, None]
    r = np.broadcast_to(np.asarray(base_radii, dtype=float), (b.shape[0],))[None, :]
    d = np.hypot(c[:, None, 0] - b[None, :, 0], c[:, None, 1] - b[None, :, 1])
    return np.clip(_lens_area(d, R, r) / (math.pi * r * r), 0.0, 1.0)


def template_hits(template: Template, bases: Sequence[Base]) -> tuple[TemplateHit, ...]:
    """The bases a template touches, with the share of each base covered.

    Exact for every pair (:mod:`game.geometry.contact`): a round template
    against a round base by the circles' lens, against a rectangular base by
    the closest point and the disc-polygon area; a polygon template
    (rectangle, card, lane, cone) against a round base by the centre's distance
    to the polygon and the disc-polygon area (the base is never a polygon);
    polygon against rectangle by shapely on the two exact polygons. A base
    merely touching the template's edge (zero area) is touched with share 0 and
    reported (rules treat touching as "partly"). The template's own outline is
    its ``polygon`` except for round templates (``centre``, ``radius``); a
    cone's arc is that polygon's chords.

    Returns:
        hits in base order, one per touched base.
    """
    from game.geometry.contact import base_point_distance, disc_polygon_area

    if not bases:
        return ()
    hits: list[TemplateHit] = []
    round_t = template.kind == "circle" and template.centre is not None
    if round_t and all(b.is_circle for b in bases):
        xy = np.array([[b.x, b.y] for b in bases])
        rr = np.array([b.radius for b in bases])
        d = np.hypot(xy[:, 0] - template.centre[0], xy[:, 1] - template.centre[1])
        touched = d <= template.radius + rr + EPS
        share = disc_cover_shares([template.centre], template.radius, xy, rr)[0]
        wholly = d + rr <= template.radius + EPS
        for i in np.flatnonzero(touched):
            hits.append(TemplateHit(int(i), bases[i].id, 1.0 if wholly[i] else float(share[i]), bool(wholly[i])))
        return tuple(hits)
    poly = template.polygon
    shapely.prepare(poly)
    boundary = poly.boundary
    for i, b in enumerate(bases):
        if round_t and b.is_circle:
            cx, cy = template.centre
            d = math.hypot(b.x - cx, b.y - cy)
            if d > template.radius + b.radius + EPS:
                continue
            w = d + b.radius <= template.radius + EPS
            share = float(disc_cover_shares([template.centre], template.radius, [[b.x, b.y]], b.radius)[0, 0])
        elif round_t:
            cx, cy = template.centre
            if base_point_distance(b, (cx, cy)) > template.radius + EPS:
                continue
            corners = np.asarray(b.footprint.exterior.coords)[:-1]
            w = bool(np.all(np.hypot(corners[:, 0] - cx, corners[:, 1] - cy) <= template.radius + EPS))
            share = disc_polygon_area(cx, cy, template.radius, b.footprint) / b.area
        elif b.is_circle:
            c = Point(b.x, b.y)
            if poly.distance(c) > b.radius + EPS:
                continue
            w = poly.covers(c) and boundary.distance(c) >= b.radius - EPS
            share = disc_polygon_area(b.x, b.y, b.radius, poly) / b.area
        else:
            foot = b.footprint
            if not poly.intersects(foot):
                continue
            w = poly.covers(foot)
            share = float(shapely.area(shapely.intersection(poly, foot))) / b.area
        hits.append(TemplateHit(i, b.id, 1.0 if w else float(min(1.0, share)), bool(w)))
    return tuple(hits)

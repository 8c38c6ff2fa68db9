"""Exact 2.5D sight of a model: the shadows prisms cast, the share of a model seen.

The world model, shared by every ruleset's sight adjudication:

* A **blocker** is a :class:`Prism`: a polygon (mm, holes allowed) standing
  from ``bottom`` to ``top`` mm above the table (``top`` may be ``inf``: smoke,
  a planet). Terrain pieces, smoke, vehicles and models are all prisms.
* An **eye** is a point (x, y) at height ``eye_z``.
* A **target** is a model: its base footprint (a circle or a rectangle, see
  :class:`~game.geometry.shapes.Base`) raised from ``z0`` (the surface it
  stands on) to ``z1`` (its top). A point of the model is seen when the
  straight line from the eye to it meets no prism's polygon at a height
  strictly between that prism's bottom and top.

The shadow of one prism on the horizontal plane at height ``z`` is exact: a
point X of that plane is hidden when, for some ``t`` in (0, 1], the point
``E + t (X - E)`` lies on the prism's polygon and the line's height there,
``eye_z + t (z - eye_z)``, lies between ``bottom`` and ``top``. The allowed
``t`` form one interval, so the hidden points are the images of the polygon
under the homotheties about the eye with factors ``s = 1/t`` in an interval
``[s0, s1]`` (:func:`scale_interval`). The union of those images is the two end
images plus the trapezoid each polygon edge sweeps (an edge is where a point
leaves a moving region), which :func:`shadow` builds; ``s1 = inf`` (a prism
the line can never rise over) sweeps out to a far arc beyond the target.

Only the part of a prism inside the sight cone (the convex hull of the eye
and the target's footprint) can hide the target, so prisms are clipped to
the cone first. Areas are exact: rectangles by polygon clipping, circles by
the analytic area of a disc and a polygon (:func:`disc_area_in`), so no
polygonised circle enters a measurement.

For prisms that stand on the table (``bottom`` 0) the hidden part of the
footprint only shrinks as ``z`` rises, so a model with any part seen shows
some of its top, and a model with any part hidden hides some of its foot:
:func:`model_sight` decides both with two exact fractions (top and foot) and
gives the share of the whole model (the mean over its height) on demand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from game.geometry.shapes import Base

#: Hidden areas below this many mm^2 count as none (floating-point noise).
AREA_EPS = 1e-9


@dataclass(frozen=True, eq=False)
class Prism:
    """A sight blocker: ``polygon`` (mm) standing from ``bottom`` to ``top`` mm.

    Attributes:
        id: the feature or model id (used in every explanation).
        polygon: a valid shapely Polygon; holes are open (a courtyard).
        top: height of its top above the table, mm (``math.inf``: blocks at any height).
        bottom: height of its underside, mm (0: it stands on the table).
        name: what a player calls it ("garden wall", "Fighter a1").
        kind: its terrain kind, or ``"model"`` / ``"smoke"``.

    Raises:
        ValueError: ``top`` not above ``bottom``, or a negative bottom.
    """

    id: str
    polygon: BaseGeometry
    top: float
    bottom: float = 0.0
    name: str = ""
    kind: str = ""

    def __post_init__(self) -> None:
        if not (self.top > self.bottom >= 0.0):
            raise ValueError(f"prism {self.id!r}: needs 0 <= bottom < top (got {self.bottom}, {self.top})")


def scale_interval(eye_z: float, z: float, bottom: float, top: float) -> tuple[float, float] | None:
    """Homothety factors ``(s0, s1)`` (about the eye) whose images of a prism's
    polygon hide points of the plane at height ``z``; None when the prism can
    hide nothing there. ``s1`` may be ``inf``. Heights in mm.

    A line from the eye (height ``eye_z``) to a point at height ``z`` is at
    height ``eye_z + t (z - eye_z)`` a fraction ``t`` of the way; it is blocked
    where that lies strictly inside (bottom, top) over the polygon.
    """
    dz = z - eye_z
    if dz == 0.0:
        return (1.0, math.inf) if bottom < eye_z < top else None
    ta, tb = (bottom - eye_z) / dz, (top - eye_z) / dz
    lo, hi = (ta, tb) if ta < tb else (tb, ta)
    lo, hi = max(lo, 0.0), min(hi, 1.0)
    if hi <= lo:
        return None
    return (1.0 / hi, math.inf if lo <= 0.0 else 1.0 / lo)


def _rings(geom: BaseGeometry) -> list[np.ndarray]:
    """Coordinates (n+1, 2) of every ring of every polygon part of ``geom``."""
    out = []
    for p in shapely.get_parts(geom):
        if p.geom_type == "Polygon" and not p.is_empty:
            out.append(np.asarray(p.exterior.coords)[:, :2])
            out.extend(np.asarray(r.coords)[:, :2] for r in p.interiors)
        elif p.geom_type in ("MultiPolygon", "GeometryCollection"):
            out.extend(_rings(p))
    return out


def shadow(polygon: BaseGeometry, eye: Sequence[float], s0: float, s1: float, far: float) -> BaseGeometry:
    """The union of the homothetic images of ``polygon`` about ``eye`` for
    factors in ``[s0, s1]`` (see the module notes), as one shapely geometry
    (the union of :func:`shadow_parts`)."""
    parts = shadow_parts(polygon, eye, s0, s1, far)
    return shapely.union_all(parts) if len(parts) else shapely.GeometryCollection()


def shadow_parts(polygon: BaseGeometry, eye: Sequence[float], s0: float, s1: float, far: float) -> np.ndarray:
    """The pieces whose union is the shadow (see :func:`shadow`): the two end
    images and one trapezoid per polygon edge, as an array of polygons.

    Args:
        polygon: a polygon or multipolygon, mm.
        eye: (x, y) mm.
        s0, s1: factors, ``1 <= s0 < s1`` (``s1`` may be ``inf``).
        far: for ``s1 = inf``, the shadow is built out to at least this
            distance (mm) from the eye; beyond it nothing is asked.
    """
    E = np.asarray(eye, dtype=float)
    rings = _rings(polygon)
    if not rings:
        return np.empty(0, dtype=object)
    dmin = float(shapely.distance(polygon, shapely.points(E)))
    if len(rings) == 1 and dmin > 1e-6 * far and _convex(polygon):
        # a convex polygon's images over [s0, s1] fill the convex hull of the two end images
        # (an eye on or in it takes the general path below)
        c = rings[0][:-1] - E
        if not math.isfinite(s1):
            s1 = max(s0 * 1.01, far / dmin * 1.01 + 1e-6)
        return np.array([shapely.convex_hull(shapely.multipoints(np.vstack([E + s0 * c, E + s1 * c])))], dtype=object)
    a = np.vstack([r[:-1] for r in rings])
    b = np.vstack([r[1:] for r in rings])
    va, vb = a - E, b - E
    cross = va[:, 0] * vb[:, 1] - va[:, 1] * vb[:, 0]
    # an edge in line with the eye sweeps no area (and a near-radial one a sliver
    # of ~1e-10 of it, whose trapezoid would be numerically twisted)
    keep = np.abs(cross) > 1e-10 * np.hypot(va[:, 0], va[:, 1]) * np.hypot(vb[:, 0], vb[:, 1])
    va, vb = va[keep], vb[keep]
    parts: list = [shapely.transform(polygon, lambda c: E + s0 * (c - E))]
    if math.isfinite(s1):
        parts.append(shapely.transform(polygon, lambda c: E + s1 * (c - E)))
        quads = np.stack([E + s0 * va, E + s0 * vb, E + s1 * vb, E + s1 * va], axis=1)
    else:
        ang_a = np.arctan2(va[:, 1], va[:, 0])
        delta = (np.arctan2(vb[:, 1], vb[:, 0]) - ang_a + math.pi) % (2 * math.pi) - math.pi
        near = s0 * np.maximum(np.hypot(va[:, 0], va[:, 1]), np.hypot(vb[:, 0], vb[:, 1]))
        # three points on a far arc: each chord spans under a quarter turn, so it stays beyond `far`
        R = np.maximum(far / np.cos(np.abs(delta) / 4.0), near) * 1.01 + 1.0
        ang_m = ang_a + delta / 2.0

        def on_arc(ang):
            return E + R[:, None] * np.column_stack([np.cos(ang), np.sin(ang)])

        quads = np.stack([E + s0 * va, E + s0 * vb, on_arc(ang_a + delta), on_arc(ang_m), on_arc(ang_a)], axis=1)
    if len(quads):
        parts.extend(shapely.polygons(quads))
    return np.array(parts, dtype=object)


def _convex(polygon: BaseGeometry) -> bool:
    """A single polygon without holes that equals its convex hull (to 1e-9 of its area)."""
    if polygon.geom_type != "Polygon" or polygon.interiors:
        return False
    a = polygon.area
    return a > 0.0 and shapely.convex_hull(polygon).area <= a * (1.0 + 1e-9)


def _seg_disc_areas(P: np.ndarray, Q: np.ndarray, r: float) -> np.ndarray:
    """Signed areas of (disc of radius r about the origin) n (triangle O, P, Q), per row."""
    d = Q - P
    A = np.einsum("ij,ij->i", d, d)
    B = 2.0 * np.einsum("ij,ij->i", P, d)
    C = np.einsum("ij,ij->i", P, P) - r * r
    disc = B * B - 4.0 * A * C
    with np.errstate(invalid="ignore", divide="ignore"):
        sq = np.sqrt(np.maximum(disc, 0.0))
        t1 = np.where((disc > 0) & (A > 0), (-B - sq) / (2 * A), 0.0)
        t2 = np.where((disc > 0) & (A > 0), (-B + sq) / (2 * A), 0.0)
    t1, t2 = np.clip(t1, 0.0, 1.0), np.clip(t2, 0.0, 1.0)
    P1, P2 = P + t1[:, None] * d, P + t2[:, None] * d

    def sector(U, V):
        cr = U[:, 0] * V[:, 1] - U[:, 1] * V[:, 0]
        dt = np.einsum("ij,ij->i", U, V)
        return 0.5 * r * r * np.arctan2(cr, dt)

    tri = 0.5 * (P1[:, 0] * P2[:, 1] - P1[:, 1] * P2[:, 0])
    return sector(P, P1) + tri + sector(P2, Q)


def disc_area_in(geom: BaseGeometry, cx: float, cy: float, r: float) -> float:
    """Exact area (mm^2) of the disc of radius ``r`` about (cx, cy) inside ``geom``.

    ``geom`` is any polygonal geometry (holes and several parts allowed; parts
    must not overlap, as in a union). The disc's boundary is the true circle:
    each ring edge adds the signed area of the disc within the triangle it
    makes with the centre.
    """
    if geom.is_empty:
        return 0.0
    try:
        clipped = shapely.clip_by_rect(geom, cx - r, cy - r, cx + r, cy + r)
    except shapely.errors.GEOSException:
        # clip_by_rect can build a ring of three points from a valid polygon with
        # near-duplicate vertices (a spike 1e-14 mm wide); the full overlay cannot
        clipped = shapely.intersection(geom, shapely.box(cx - r, cy - r, cx + r, cy + r))
    g = shapely.orient_polygons(clipped)
    rings = _rings(g)
    if not rings:
        return 0.0
    c = np.array([cx, cy])
    P = np.vstack([rg[:-1] for rg in rings]) - c
    Q = np.vstack([rg[1:] for rg in rings]) - c
    return float(min(math.pi * r * r, max(0.0, abs(_seg_disc_areas(P, Q, r).sum()))))


def footprint_area_in(geom: BaseGeometry, base: Base) -> float:
    """Exact area (mm^2) of ``base``'s footprint inside ``geom`` (circles analytically)."""
    if base.is_circle:
        return disc_area_in(geom, base.x, base.y, base.radius)
    return float(shapely.area(shapely.intersection(geom, base.footprint)))


def _circumscribed(base: Base, n: int = 16) -> BaseGeometry:
    """A polygon holding the whole base: the footprint of a rectangle, a
    circumscribed ``n``-gon (a hair larger) round a circle."""
    if not base.is_circle:
        return base.footprint
    R = base.radius / math.cos(math.pi / n) * (1 + 1e-9) + 1e-9
    ang = np.arange(n) * (2 * math.pi / n)
    return Polygon(np.column_stack([base.x + R * np.cos(ang), base.y + R * np.sin(ang)]))


def sight_cone(eye: Sequence[float], base: Base, around: BaseGeometry | None = None) -> BaseGeometry | None:
    """A convex polygon holding every segment from ``eye`` to a point of the
    base (the convex hull of the eye and a polygon circumscribing the base);
    None when the eye is on or next to the base (no useful cone)."""
    ex, ey = float(eye[0]), float(eye[1])
    poly = _circumscribed(base) if around is None else around
    if float(shapely.distance(poly, shapely.points(ex, ey))) <= 1e-9:
        return None
    pts = np.asarray(poly.exterior.coords)[:-1]
    return shapely.convex_hull(shapely.multipoints(np.vstack([pts, [[ex, ey]]])))


@dataclass(frozen=True)
class Hider:
    """One prism that hides part of a model, with the shares it hides.

    Attributes:
        prism: the blocker (cut to the sight cone).
        hidden_top: share (0..1) of the footprint it hides at the model's top.
        hidden_foot: share (0..1) it hides at the model's foot.
    """

    prism: Prism
    hidden_top: float
    hidden_foot: float


class ModelSight:
    """What an eye sees of one model (exact; see the module notes).

    Built by :func:`model_sight`; every figure is computed when first asked.

    Attributes:
        eye: (x, y) mm; eye_z: its height, mm.
        base: the target's footprint; z0, z1: its foot and top heights, mm.
        prisms: the prisms that can hide part of it (cut to the sight cone).
    """

    def __init__(self, eye: tuple[float, float], eye_z: float, base: Base, z0: float, z1: float,
                 prisms: tuple[Prism, ...]) -> None:
        self.eye, self.eye_z, self.base, self.z0, self.z1, self.prisms = eye, eye_z, base, z0, z1, prisms
        self._far = _far(eye, base)
        #: each prism's shadow parts over the footprint, by (prism id, s0, s1): the
        #: same scale interval casts the same shadow at every height
        self._parts: dict[tuple, np.ndarray] = {}
        #: the seen fraction by the set of scale intervals in force
        self._fractions: dict[tuple, float] = {}
        #: a polygon holding the whole footprint (circles: the circumscribed 16-gon)
        self._probe = _circumscribed(base)
        shapely.prepare(self._probe)
        #: shadow parts are cut to this box (it holds the probe, so a part can cover it)
        bx0, by0, bx1, by1 = self._probe.bounds
        self._clip = (bx0 - 1e-6, by0 - 1e-6, bx1 + 1e-6, by1 + 1e-6)
        self._by_distance = sorted(prisms, key=lambda p: float(shapely.distance(p.polygon, shapely.points(eye))))

    def _intervals(self, z: float) -> list[tuple[Prism, tuple[float, float]]]:
        """The prisms that can hide something at height ``z``, nearest the eye first,
        with their scale intervals there."""
        out = []
        for p in self._by_distance:
            iv = scale_interval(self.eye_z, z, p.bottom, p.top)
            if iv is not None:
                out.append((p, iv))
        return out

    def _parts_of(self, p: Prism, iv: tuple[float, float]) -> np.ndarray:
        key = (p.id, iv)
        parts = self._parts.get(key)
        if parts is None:
            parts = shadow_parts(p.polygon, self.eye, iv[0], iv[1], self._far)
            if len(parts):
                parts = shapely.clip_by_rect(parts, *self._clip)
                parts = parts[~shapely.is_empty(parts) & (shapely.area(parts) > 0.0)]
            self._parts[key] = parts
        return parts

    def _prism_parts(self, z: float) -> list[tuple[Prism, tuple, np.ndarray]]:
        """(prism, its scale interval, its shadow parts over the footprint) at height ``z``."""
        out = []
        for p, iv in self._intervals(z):
            parts = self._parts_of(p, iv)
            if len(parts):
                out.append((p, iv, parts))
        return out

    def shadows_at(self, z: float) -> list[tuple[Prism, BaseGeometry]]:
        """Each prism's shadow over the footprint at height ``z`` mm (prisms casting none left out)."""
        return [(p, parts[0] if len(parts) == 1 else shapely.union_all(parts)) for p, _, parts in self._prism_parts(z)]

    def fraction_at(self, z: float) -> float:
        """Share (0..1) of the footprint seen at height ``z`` mm. Prisms are taken
        nearest first, and a shadow part that covers the whole box round the
        footprint ends the count at 0 (the usual case behind a wall)."""
        ivs = self._intervals(z)
        key = tuple((p.id, iv) for p, iv in ivs)
        f = self._fractions.get(key)
        if f is None:
            found = []
            f = None
            for p, iv in ivs:
                parts = self._parts_of(p, iv)
                if not len(parts):
                    continue
                if shapely.covers(parts, self._probe).any():
                    f = 0.0  # one part covers a polygon round the whole footprint
                    break
                found.append(parts)
            if f is None:
                if not found:
                    f = 1.0
                else:
                    parts = np.concatenate(found)
                    u = parts[0] if len(parts) == 1 else shapely.union_all(parts)
                    f = _clean(1.0 - footprint_area_in(u, self.base) / self.base.area)
            self._fractions[key] = f
        return f

    def hiders_at(self, z: float) -> tuple[Hider, ...]:
        """The prisms hiding part of the footprint at height ``z`` mm, with the
        share each hides (as ``hidden_top`` and ``hidden_foot`` alike)."""
        out = []
        for p, g in self.shadows_at(z):
            h = footprint_area_in(g, self.base)
            if h > AREA_EPS:
                out.append(Hider(p, min(1.0, h / self.base.area), min(1.0, h / self.base.area)))
        return tuple(out)

    @cached_property
    def top_fraction(self) -> float:
        """Share (0..1) of the footprint seen at the model's top."""
        return self.fraction_at(self.z1)

    @cached_property
    def foot_fraction(self) -> float:
        """Share (0..1) of the footprint seen at the model's foot."""
        return self.fraction_at(self.z0)

    @property
    def any_seen(self) -> bool:
        """Some part of the model can be seen (its top, for prisms standing on the table)."""
        return self.top_fraction > 0.0

    @property
    def all_seen(self) -> bool:
        """No part of the model is hidden (its foot, for prisms standing on the table)."""
        return self.foot_fraction >= 1.0

    @cached_property
    def hiders(self) -> tuple[Hider, ...]:
        """Every prism hiding part of the model, with the shares it hides at top and foot."""
        area = self.base.area
        shares: dict[str, list] = {}
        for k, z in enumerate((self.z1, self.z0)):
            for p, g in self.shadows_at(z):
                h = footprint_area_in(g, self.base)
                if h > AREA_EPS:
                    shares.setdefault(p.id, [p, 0.0, 0.0])[1 + k] = min(1.0, h / area)
        return tuple(Hider(p, a, b) for p, a, b in shares.values())

    @cached_property
    def volume_fraction(self) -> float:
        """Share (0..1) of the whole model (its footprint from z0 to z1) that can be
        seen: the mean of :meth:`fraction_at` over the height. Integrated by
        adaptive Simpson's rule to an absolute error of about 1e-4 of the
        share, separately between the heights where a prism's regime changes
        (its bottom and top, and the eye), where the integrand is smooth but
        for kinks."""
        if self.foot_fraction >= 1.0:
            return 1.0
        if self.top_fraction <= 0.0:
            return 0.0
        if self.z1 <= self.z0:
            return self.top_fraction
        cuts = {self.z0, self.z1}
        for p in self.prisms:
            cuts.update(v for v in (p.bottom, p.top, self.eye_z) if self.z0 < v < self.z1)
        zs = sorted(cuts)
        tol = 1e-4 * (self.z1 - self.z0)
        total = 0.0
        for a, b in zip(zs, zs[1:]):
            total += _simpson(self.fraction_at, a, b, tol * (b - a) / (self.z1 - self.z0))
        return min(1.0, max(0.0, total / (self.z1 - self.z0)))


def _simpson(f, a: float, b: float, tol: float, depth: int = 8) -> float:
    """Adaptive Simpson's rule for the integral of ``f`` over [a, b] to about ``tol``."""
    m = 0.5 * (a + b)
    fa, fm, fb = f(a), f(m), f(b)
    whole = (b - a) / 6.0 * (fa + 4.0 * fm + fb)

    def rec(a, b, fa, fm, fb, whole, tol, depth):
        m = 0.5 * (a + b)
        lm, rm = 0.5 * (a + m), 0.5 * (m + b)
        flm, frm = f(lm), f(rm)
        left = (m - a) / 6.0 * (fa + 4.0 * flm + fm)
        right = (b - m) / 6.0 * (fm + 4.0 * frm + fb)
        if depth <= 0 or abs(left + right - whole) <= 15.0 * tol:
            return left + right + (left + right - whole) / 15.0
        return rec(a, m, fa, flm, fm, left, tol / 2, depth - 1) + rec(m, b, fm, frm, fb, right, tol / 2, depth - 1)

    return rec(a, b, fa, fm, fb, whole, tol, depth)


def _far(eye: Sequence[float], base: Base) -> float:
    return math.hypot(base.x - eye[0], base.y - eye[1]) + base.bounding_radius + 1.0


def _hidden_geoms(eye, eye_z: float, z: float, prisms: Sequence[Prism], far: float,
                  clip: tuple[float, float, float, float] | None = None) -> list[tuple[Prism, BaseGeometry]]:
    """Each prism's shadow at height ``z`` (cut to the box ``clip`` first, when
    given: only the part over the target matters); prisms casting none left out."""
    out = []
    for p in prisms:
        iv = scale_interval(eye_z, z, p.bottom, p.top)
        if iv is None:
            continue
        parts = shadow_parts(p.polygon, eye, iv[0], iv[1], far)
        if clip is not None and len(parts):
            parts = shapely.clip_by_rect(parts, *clip)
            parts = parts[~shapely.is_empty(parts) & (shapely.area(parts) > 0.0)]
        if len(parts) == 0:
            continue
        g = parts[0] if len(parts) == 1 else shapely.union_all(parts)
        if not g.is_empty:
            out.append((p, g))
    return out


def _clean(f: float) -> float:
    if f < 1e-12:
        return 0.0
    if f > 1.0 - 1e-12:
        return 1.0
    return f


def clip_to_cone(eye: Sequence[float], base: Base, prisms: Iterable[Prism]) -> tuple[Prism, ...]:
    """The prisms that meet the sight cone from ``eye`` to ``base``, each cut to
    the cone (the only part of it that can hide the base)."""
    prisms = list(prisms)
    if not prisms:
        return ()
    cone = sight_cone(eye, base)
    if cone is None:
        return tuple(prisms)
    polys = np.array([p.polygon for p in prisms], dtype=object)
    hit = shapely.intersects(cone, polys)
    out = []
    for p, g in zip((p for p, h in zip(prisms, hit) if h), shapely.intersection(polys[hit], cone)):
        if not g.is_empty and g.area > 0.0:
            out.append(Prism(p.id, g, p.top, p.bottom, p.name, p.kind))
    return tuple(out)


class PrismSet:
    """Many prisms with a spatial index, so :func:`model_sight` only looks at
    those near the sight cone (build once per table; never changed)."""

    def __init__(self, prisms: Iterable[Prism]) -> None:
        self.prisms = tuple(prisms)
        self._polys = np.array([p.polygon for p in self.prisms], dtype=object)
        self.tree = shapely.STRtree(self._polys)

    def near(self, geom: BaseGeometry) -> list[Prism]:
        """The prisms whose polygon meets ``geom``, in their order."""
        return [self.prisms[i] for i in np.sort(self.tree.query(geom, predicate="intersects"))]


def model_sight(eye: Sequence[float], eye_z: float, base: Base, z0: float, z1: float,
                prisms: "Iterable[Prism] | PrismSet") -> ModelSight:
    """What the eye at (x, y, ``eye_z``) sees of the model on ``base`` from ``z0``
    to ``z1`` mm, among ``prisms`` (exact; see the module notes).

    Args:
        prisms: the blockers; a :class:`PrismSet` for many.

    Returns:
        a :class:`ModelSight` (its fractions are computed when asked).

    Raises:
        ValueError: ``z1 < z0``.
    """
    if z1 < z0:
        raise ValueError(f"model top {z1} is below its foot {z0}")
    E = (float(eye[0]), float(eye[1]))
    if isinstance(prisms, PrismSet):
        cone = sight_cone(E, base)
        prisms = prisms.prisms if cone is None else prisms.near(cone)
    lo, hi = min(eye_z, z0), max(eye_z, z1)
    near = [p for p in prisms if p.top > lo and p.bottom < hi]
    return ModelSight(E, float(eye_z), base, float(z0), float(z1), clip_to_cone(E, base, near))


def hidden_region(eye: Sequence[float], eye_z: float, z: float, prisms: Iterable[Prism],
                  table: tuple[float, float]) -> BaseGeometry:
    """The part of the table where a point at height ``z`` mm is hidden from the
    eye (the union of every prism's shadow there, clipped to the table)."""
    W, H = table
    far = math.hypot(W, H) + 1.0
    geoms = [g for _, g in _hidden_geoms(tuple(map(float, eye)), eye_z, z, list(prisms), far)]
    if not geoms:
        return shapely.GeometryCollection()
    return shapely.intersection(shapely.union_all(geoms), box(0.0, 0.0, W, H))

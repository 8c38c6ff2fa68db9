"""Gravity wells and low orbit for space-fleet battles.

Rules served (Battlefleet Gothic, celestial phenomena chapter,
``spacefleet_celestial_phenomena.txt``; summary in ``spacefleet_core.md``,
"Gravity wells"):

- *Planets, gravity wells*: a planet's well is a band around the planet
  template, reaching out from the template's edge by a depth set by the
  planet's size class; moons count as small planets (*Moons, Effects*).
- *Gravity well turns*: a ship whose stem (centre point) is in the band may
  turn for free by up to 45 degrees before and/or after its move, only toward
  the planet's centre, and never so far that it swings past the line to the
  centre.
- *Fighting in low orbit*: at the start of each turn, ships within 45 cm of
  the planet edge of the low-orbit table are dragged straight toward it by a
  distance set by planet size; going past that edge destroys the ship.

All functions take and return mm and degrees (clockwise from +x, y down).
The rule's figures are in cm and are passed in as data tables
(:data:`WELL_DEPTH_CM`, :data:`LOW_ORBIT_PULL_CM`, ...) so a scenario can
change them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from shapely.geometry import Point, Polygon

from game.geometry.scale import MM_PER_CM
from game.geometry.shapes import normalise_deg

Coord = tuple[float, float]

#: Depth of the well beyond the template edge, cm, by planet size
#: (celestial phenomena, *Planets: typical gravity wells*).
WELL_DEPTH_CM: Mapping[str, float] = {"small": 10.0, "medium": 15.0, "large": 30.0}

#: Largest template diameter, cm, of each size class (*Planets: typical planetary
#: templates*); moons (up to 5 cm) are small. Sizes are tried in this order.
PLANET_MAX_DIAMETER_CM: Mapping[str, float] = {"small": 15.0, "medium": 25.0, "large": 50.0}

#: Low-orbit drag toward the planet edge per turn, cm, by planet size
#: (*Fighting in low orbit*).
LOW_ORBIT_PULL_CM: Mapping[str, float] = {"small": 5.0, "medium": 8.0, "large": 10.0}

#: Ships closer than this to the planet edge of the low-orbit table are dragged (cm).
LOW_ORBIT_GRIP_CM = 45.0

#: Largest free turn a gravity well allows, degrees (*Gravity well turns*).
GRAVITY_TURN_MAX_DEG = 45.0


_norm180 = normalise_deg  #: angle folded into (-180, 180]


def _norm360(a: float) -> float:
    a = math.fmod(a, 360.0)
    return a + 360.0 if a < 0 else a


def planet_size(diameter_mm: float, limits_cm: Mapping[str, float] = PLANET_MAX_DIAMETER_CM) -> str:
    """Size class of a planet template of ``diameter_mm`` (mm).

    The first class (in ``limits_cm`` order) whose largest diameter is not
    exceeded; diameters between two classes' limits (e.g. 15.5 cm) go to the
    larger class. Clause: *Planets: typical planetary templates*.

    Raises:
        ValueError: diameter not positive, or larger than every class.
    """
    if not diameter_mm > 0:
        raise ValueError(f"planet diameter must be > 0 mm, got {diameter_mm}")
    for size, max_cm in limits_cm.items():
        if diameter_mm <= max_cm * MM_PER_CM + 1e-9:
            return size
    raise ValueError(f"a {diameter_mm} mm template is larger than any planet size class")


@dataclass(frozen=True)
class GravityWell:
    """The gravity well around one planet or moon template.

    Attributes:
        centre: centre of the template, mm.
        radius: template radius, mm.
        depth: how far the well reaches beyond the template edge, mm.
        size: the size class used (``"small"``, ``"medium"``, ``"large"``).
    """

    centre: Coord
    radius: float
    depth: float
    size: str

    @property
    def outer_radius(self) -> float:
        """Distance from the centre to the outer edge of the well, mm."""
        return self.radius + self.depth

    def area(self, quad_segs: int = 32) -> Polygon:
        """The well as a shapely annulus (the template is its hole)."""
        c = Point(self.centre)
        outer = c.buffer(self.outer_radius, quad_segs=quad_segs)
        inner = c.buffer(self.radius, quad_segs=quad_segs)
        return Polygon(outer.exterior.coords, [inner.exterior.coords])

    def contains_stem(self, stem: Coord) -> bool:
        """True when a ship's stem (centre point) lies in the well band.

        Both edges count as in the band (a stem on the template edge or on the
        outer edge is in the well). A stem on the template itself is not in the
        well band. Clause: *Gravity well turns* (the ship must be in the well).
        """
        d = math.dist(stem, self.centre)
        return self.radius - 1e-9 <= d <= self.outer_radius + 1e-9


def gravity_well(
    centre: Coord,
    diameter_mm: float,
    *,
    size: str | None = None,
    depths_cm: Mapping[str, float] = WELL_DEPTH_CM,
    moon: bool = False,
) -> GravityWell:
    """The well around a template of ``diameter_mm`` centred on ``centre`` (mm).

    Args:
        size: force a size class; by default it follows the diameter
            (:func:`planet_size`), and moons are always ``"small"``.
        depths_cm: well depth per size class in cm (default :data:`WELL_DEPTH_CM`).

    Raises:
        ValueError: bad diameter, or a size missing from ``depths_cm``.
    """
    cls = "small" if moon and size is None else (size or planet_size(diameter_mm))
    if cls not in depths_cm:
        raise ValueError(f"no gravity-well depth for planet size {cls!r}")
    if not diameter_mm > 0:
        raise ValueError(f"planet diameter must be > 0 mm, got {diameter_mm}")
    return GravityWell((float(centre[0]), float(centre[1])), diameter_mm / 2.0, depths_cm[cls] * MM_PER_CM, cls)


@dataclass(frozen=True)
class GravityTurn:
    """The free turn a gravity well offers a ship, and a requested turn clamped to it.

    Attributes:
        in_well: whether the stem is in the well (no free turn otherwise).
        bearing_to_centre: direction from the stem to the planet's centre, degrees.
        off_centre: signed angle from the heading to that bearing, degrees in
            (-180, 180]; positive means the centre lies clockwise.
        min_turn, max_turn: the allowed signed turn range, degrees
            (clockwise positive); ``0`` is always allowed (no turn).
        heading: the resulting heading in [0, 360) after clamping the request.
        turn: the signed turn actually made, degrees.
        clamped: True when the request had to be cut back.
        reason: why the turn was limited (empty when the request was allowed).
    """

    in_well: bool
    bearing_to_centre: float
    off_centre: float
    min_turn: float
    max_turn: float
    heading: float
    turn: float
    clamped: bool
    reason: str = ""

    @property
    def headings(self) -> tuple[float, float]:
        """The allowed headings as (from, to) going clockwise, degrees in [0, 360)."""
        start = self.heading - self.turn
        return _norm360(start + self.min_turn), _norm360(start + self.max_turn)


def gravity_turn(
    well: GravityWell,
    stem: Coord,
    heading: float,
    requested: float | None = None,
    max_turn_deg: float = GRAVITY_TURN_MAX_DEG,
) -> GravityTurn:
    """Free gravity-well turn for a ship at ``stem`` facing ``heading`` (degrees).

    The turn must be toward the planet's centre and is the lesser of
    ``max_turn_deg`` and the angle to the line to the centre, so the new
    heading never swings past that line. A ship facing straight away may turn
    either way. ``requested`` is the heading the player asks for (None: take
    the full allowed turn); a request turning away is cut to no turn, a
    request too far is cut to the limit. Clause: *Gravity well turns*.

    Raises:
        ValueError: the stem is exactly on the planet's centre (no direction).
    """
    if math.dist(stem, well.centre) == 0:
        raise ValueError("the stem is on the planet's centre: no direction to turn toward")
    bearing = _norm360(math.degrees(math.atan2(well.centre[1] - stem[1], well.centre[0] - stem[0])))
    off = _norm180(bearing - heading)
    h0 = _norm360(heading)
    if not well.contains_stem(stem):
        turn = 0.0 if requested is None else _norm180(requested - heading)
        clamped = turn != 0.0
        return GravityTurn(False, bearing, off, 0.0, 0.0, h0, 0.0, clamped,
                           "the stem is not in the gravity well: no free turn" if clamped or requested is None else "")
    limit = min(max_turn_deg, abs(off))
    if abs(off) >= 180.0 - 1e-9:
        lo, hi = -limit, limit
    elif off >= 0:
        lo, hi = 0.0, limit
    else:
        lo, hi = -limit, 0.0
    if requested is None:
        want = hi if off >= 0 else lo
        if abs(off) >= 180.0 - 1e-9:
            want = hi
    else:
        want = _norm180(requested - heading)
    turn = min(max(want, lo), hi)
    clamped = requested is not None and abs(turn - want) > 1e-9
    reason = ""
    if clamped:
        if (hi == 0 and want > 0) or (lo == 0 and want < 0):
            reason = "the free turn must be toward the planet"
        elif abs(off) < max_turn_deg:
            reason = "the free turn may not swing past the line to the planet's centre"
        else:
            reason = f"the free turn is at most {max_turn_deg:g} degrees"
    return GravityTurn(True, bearing, off, lo, hi, _norm360(heading + turn), turn, clamped, reason)


@dataclass(frozen=True)
class OrbitPull:
    """One turn of low-orbit drag toward the planet edge.

    Attributes:
        gripped: whether the ship was close enough to the edge to be dragged.
        start: stem before, mm. end: stem after, mm (on the edge when destroyed).
        distance_to_edge: stem-to-edge distance before the drag, mm.
        pulled: distance actually moved, mm.
        destroyed: True when the drag takes the stem past the planet edge.
    """

    gripped: bool
    start: Coord
    end: Coord
    distance_to_edge: float
    pulled: float
    destroyed: bool

    def explain(self) -> str:
        """One sentence for the battle log."""
        if not self.gripped:
            return f"{self.distance_to_edge:.0f} mm from the planet edge: not gripped"
        if self.destroyed:
            return "dragged past the planet edge and destroyed"
        return f"dragged {self.pulled:.0f} mm toward the planet"


def low_orbit_pull(
    stem: Coord,
    edge: tuple[Coord, Coord],
    size: str,
    *,
    pulls_cm: Mapping[str, float] = LOW_ORBIT_PULL_CM,
    grip_cm: float = LOW_ORBIT_GRIP_CM,
) -> OrbitPull:
    """Drag a ship on the low-orbit table straight toward the planet edge.

    Args:
        stem: the ship's stem, mm.
        edge: two points (mm) on the planet edge of the low-orbit table (a line).
        size: planet size class, a key of ``pulls_cm``.
        pulls_cm: drag per size in cm (default :data:`LOW_ORBIT_PULL_CM`).
        grip_cm: ships closer than this (cm) are dragged; exactly at it are not.

    The facing is unchanged (the caller keeps the heading). A ship dragged
    beyond the edge (drag longer than its distance to it) is destroyed; one
    left exactly on the edge is not. Clause: *Fighting in low orbit*.

    Raises:
        ValueError: the two edge points coincide, or an unknown size.
    """
    if size not in pulls_cm:
        raise ValueError(f"no low-orbit pull for planet size {size!r}")
    (ax, ay), (bx, by) = edge
    ex, ey = bx - ax, by - ay
    L = math.hypot(ex, ey)
    if L == 0:
        raise ValueError("the planet edge needs two distinct points")
    # foot of the perpendicular from the stem onto the edge line
    u = ((stem[0] - ax) * ex + (stem[1] - ay) * ey) / (L * L)
    fx, fy = ax + u * ex, ay + u * ey
    dist = math.hypot(stem[0] - fx, stem[1] - fy)
    start = (float(stem[0]), float(stem[1]))
    if dist >= grip_cm * MM_PER_CM:
        return OrbitPull(False, start, start, dist, 0.0, False)
    pull = pulls_cm[size] * MM_PER_CM
    if pull > dist + 1e-9:
        return OrbitPull(True, start, (fx, fy), dist, dist, True)
    k = pull / dist if dist > 0 else 0.0
    end = (stem[0] + (fx - stem[0]) * k, stem[1] + (fy - stem[1]) * k)
    return OrbitPull(True, start, (float(end[0]), float(end[1])), dist, pull, False)

"""Physical helpers: separating overlapping bases, drifts and pulls.

- :func:`separate_bases` builds a pymunk space for the question (round bases
  as circles) and pushes overlapping bases apart with a fixed number of
  positional passes in input order, using pymunk's ``shape_query`` for the
  base contacts and shapely nearest points to lift bases out of impassable
  pieces (any shape, holes included; a pymunk segment lets a deeply pushed
  base through to the wrong side). Same inputs, same result: no time step,
  no clock, no randomness, and contacts are handled sorted by input index.
- :func:`drift` and :func:`pull` move one base along a heading (or toward a
  point) and stop at its first contact, using the exact analytic sweep of
  :func:`game.geometry.movement.first_contact`. (pymunk's radius segment
  query reports every shape the base already touches as a hit at the start,
  whatever the direction, so it cannot let a base drift away from a contact.)

Rules served: keeping the figures of a formation from overlapping after a
wheel (mass-battle formation rules), drifting hulks and scatter
(space-fleet *Hulks*), and low-orbit or gravity pulls.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pymunk
from shapely.geometry import Point

from game.geometry.contact import base_overlap
from game.geometry.movement import Contact, _disc, first_contact
from game.geometry.shapes import Base
from game.geometry.terrain import IMPASSABLE, TerrainPiece

Coord = tuple[float, float]


@dataclass(frozen=True)
class Separation:
    """Bases after being pushed apart.

    Attributes:
        positions: ``(id, x, y)`` per input base, input order, mm.
        moved: ids of the bases that moved, input order.
        max_overlap_before: deepest overlap (mm) before, between bases or with terrain.
        max_overlap_after: deepest overlap (mm) left after the passes.
        passes: passes used (stops early once nothing overlaps).
        ok: True when ``max_overlap_after <= tolerance``.
    """

    positions: tuple[tuple[str, float, float], ...]
    moved: tuple[str, ...]
    max_overlap_before: float
    max_overlap_after: float
    passes: int
    ok: bool


def _push_out(x: float, y: float, r: float, polys: list, tol: float) -> tuple[float, float, float]:
    """Move a disc out of the polygons it overlaps; returns (x, y, deepest overlap before)."""
    worst = 0.0
    for _ in range(4):  # a corner between two pieces may need a second look
        moved = False
        for poly in polys:
            minx, miny, maxx, maxy = poly.bounds
            if x + r < minx or x - r > maxx or y + r < miny or y - r > maxy:
                continue
            pt = Point(x, y)
            inside = poly.contains(pt)
            d = poly.exterior.distance(pt) if not poly.interiors else poly.boundary.distance(pt)
            depth = r + d if inside else r - d
            if depth <= tol:
                continue
            worst = max(worst, depth)
            ring = poly.boundary
            q = ring.interpolate(ring.project(pt))
            dx, dy = (q.x - x, q.y - y) if inside else (x - q.x, y - q.y)
            n = math.hypot(dx, dy)
            if n == 0:  # exactly on the boundary: step out along the outward side
                continue
            x, y = q.x + dx / n * (r + tol), q.y + dy / n * (r + tol)
            moved = True
        if not moved:
            break
    return x, y, worst


def separate_bases(
    bases: Sequence[Any],
    pieces: Sequence[TerrainPiece] = (),
    *,
    passes: int = 64,
    tolerance: float = 1e-6,
    fixed: frozenset[str] = frozenset(),
) -> Separation:
    """Push overlapping round bases apart so none overlap and none overlap impassable pieces.

    Args:
        bases: round bases: objects with ``x, y, radius`` (and ``id``) such as
            :class:`game.geometry.shapes.Base`, or ``(id, x, y, radius)``.
        pieces: terrain; pieces tagged ``impassable`` keep bases out.
        passes: the most passes made (fixed: the result depends on nothing else).
        tolerance: overlap (mm) that counts as none.
        fixed: ids of bases that must not move (e.g. the unit's leader).

    Each pass visits the bases in input order: an overlap between two bases
    (found with pymunk's ``shape_query``) is split equally (all of it goes to
    the free one if the other is fixed); then every base overlapping an
    impassable piece is moved straight out of it to the nearest position
    touching it (shapely nearest point, so a base pushed deep into a piece
    still leaves by the near side). Deterministic for the same inputs.

    Raises:
        ValueError: a base with radius <= 0.
    """
    discs = [_disc(b, i) for i, b in enumerate(bases)]
    for d in discs:
        if d[3] <= 0:
            raise ValueError(f"base {d[0]!r}: separate_bases needs round bases (radius > 0)")
    polys = [p.polygon for p in pieces if p.has(IMPASSABLE)]
    space = pymunk.Space()
    shapes: list[pymunk.Circle] = []
    index: dict[int, int] = {}
    for k, (_, x, y, r) in enumerate(discs):
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = (x, y)
        sh = pymunk.Circle(body, r)
        space.add(body, sh)
        shapes.append(sh)
        index[id(sh)] = k
    start = [(x, y) for _, x, y, _ in discs]
    before = max([_base_overlap(space, shapes)] + [_push_out(x, y, r, polys, tolerance)[2] for _, x, y, r in discs])
    used = 0
    for used in range(1, passes + 1):
        worst = 0.0
        for k, sh in enumerate(shapes):
            infos = sorted(space.shape_query(sh), key=lambda i: index.get(id(i.shape), -1))
            for info in infos:
                other = index.get(id(info.shape))
                pts = info.contact_point_set.points
                if other is None or not pts:
                    continue
                depth = -min(pt.distance for pt in pts)
                if depth <= tolerance:
                    continue
                worst = max(worst, depth)
                nx, ny = info.contact_point_set.normal
                me_fixed = discs[k][0] in fixed
                other_fixed = discs[other][0] in fixed
                if me_fixed and other_fixed:
                    continue
                push = depth + tolerance
                mine = 0.0 if me_fixed else (1.0 if other_fixed else 0.5)
                _shift(space, sh, -nx * push * mine, -ny * push * mine)
                _shift(space, shapes[other], nx * push * (1 - mine), ny * push * (1 - mine))
        for k, sh in enumerate(shapes):
            if discs[k][0] in fixed:
                continue
            x, y = sh.body.position
            nx_, ny_, w = _push_out(x, y, discs[k][3], polys, tolerance)
            worst = max(worst, w)
            _shift(space, sh, nx_ - x, ny_ - y)
        if worst <= tolerance:
            break
    after = max([_base_overlap(space, shapes)]
                + [_push_out(sh.body.position.x, sh.body.position.y, discs[k][3], polys, tolerance)[2]
                   for k, sh in enumerate(shapes)])
    pos = tuple((discs[k][0], float(sh.body.position.x), float(sh.body.position.y)) for k, sh in enumerate(shapes))
    moved = tuple(discs[k][0] for k, sh in enumerate(shapes)
                  if math.dist(start[k], (sh.body.position.x, sh.body.position.y)) > 1e-12)
    return Separation(pos, moved, before, after, used, after <= 2 * tolerance)


def _base_overlap(space: pymunk.Space, shapes: list[pymunk.Circle]) -> float:
    worst = 0.0
    for sh in shapes:
        for info in space.shape_query(sh):
            for pt in info.contact_point_set.points:
                worst = max(worst, -pt.distance)
    return worst


def _shift(space: pymunk.Space, shape: pymunk.Circle, dx: float, dy: float) -> None:
    if dx == 0 and dy == 0:
        return
    b = shape.body
    b.position = (b.position.x + dx, b.position.y + dy)
    space.reindex_shapes_for_body(b)


@dataclass(frozen=True)
class Drift:
    """A base moved along a line until it stops.

    Attributes:
        start, end: centre before and after, mm.
        travelled: distance moved, mm.
        wanted: distance asked for, mm.
        contact: the first contact met, if the move was cut short (else None).
    """

    start: Coord
    end: Coord
    travelled: float
    wanted: float
    contact: Contact | None

    @property
    def stopped(self) -> bool:
        """True when something stopped the base before the full distance."""
        return self.contact is not None


def drift(
    base: Any,
    heading: float,
    distance: float,
    others: Sequence[Any] = (),
    pieces: Sequence[TerrainPiece] = (),
) -> Drift:
    """Move a round ``base`` ``distance`` mm along ``heading`` (degrees), stopping at first contact.

    ``others`` are the other bases (the moving base's own id is ignored);
    pieces tagged impassable stop the drift. Touching something at the start
    and moving away from it is free.

    Raises:
        ValueError: negative distance.
    """
    if distance < 0:
        raise ValueError(f"distance must be >= 0, got {distance}")
    bid, x, y, r = _disc(base, 0)
    a = math.radians(heading)
    end = (x + math.cos(a) * distance, y + math.sin(a) * distance)
    c = first_contact((x, y), end, r, others, pieces, ignore=frozenset({bid}) if bid else frozenset())
    if c.hit:
        return Drift((x, y), c.centre, c.distance, distance, c)
    return Drift((x, y), (float(end[0]), float(end[1])), float(distance), float(distance), None)


def pull(
    base: Any,
    toward: Coord,
    distance: float,
    others: Sequence[Any] = (),
    pieces: Sequence[TerrainPiece] = (),
) -> Drift:
    """Move a round ``base`` up to ``distance`` mm straight toward the point ``toward``.

    Never overshoots: a base closer than ``distance`` ends on the point. A base
    already on the point does not move. Stops at first contact as :func:`drift`.

    Raises:
        ValueError: negative distance.
    """
    if distance < 0:
        raise ValueError(f"distance must be >= 0, got {distance}")
    _, x, y, _ = _disc(base, 0)
    gap = math.dist((x, y), toward)
    if gap == 0:
        return Drift((x, y), (x, y), 0.0, float(distance), None)
    heading = math.degrees(math.atan2(toward[1] - y, toward[0] - x))
    return drift(base, heading, min(distance, gap), others, pieces)


def overlap_matrix(bases: Sequence[Any]) -> np.ndarray:
    """``(n, n)`` overlap depths (mm, 0 where apart or only touching) between bases; diagonal 0.

    Round bases (``Base`` circles or ``(id, x, y, radius)``) by their centres and radii,
    vectorised; when any :class:`~game.geometry.shapes.Base` is rectangular every pair is
    measured by :func:`game.geometry.contact.base_overlap` (exact circle-rectangle and
    rectangle-rectangle depths, never a polygonised circle)."""
    if any(isinstance(b, Base) and not b.is_circle for b in bases):
        n = len(bases)
        out = np.zeros((n, n))
        for i in range(n):
            for j in range(i + 1, n):
                out[i, j] = out[j, i] = base_overlap(bases[i], bases[j])
        return out
    d = [_disc(b, i) for i, b in enumerate(bases)]
    xy = np.array([[x, y] for _, x, y, _ in d]).reshape(-1, 2)
    r = np.array([rr for *_, rr in d])
    gap = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1]) - (r[:, None] + r[None, :])
    out = np.maximum(-gap, 0.0)
    np.fill_diagonal(out, 0.0)
    return out

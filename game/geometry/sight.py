"""Line of sight in 2.5D.

Model of the world (decisions, shared by every function here and in
:mod:`game.geometry.visibility`):

* A viewer sees from its eye point: the centre of its base at height
  ``elevation + eye_height``. A target is its footprint raised to its eye
  height; the *centre line* joins the two eye points.
* A sight line is blocked by a ``blocks_sight`` piece when it meets the piece's
  polygon (touching the boundary counts: grazing a vertex or running along an
  edge blocks) at a point where the line is strictly below the piece's
  height. The line's height is interpolated linearly between the two eyes, so
  a piece taller than both eyes blocks wherever it is crossed, one lower than
  both never blocks, and one in between blocks only where the line passes
  under its top (the crest of a hill hides the slope beyond).
* Holes in a polygon are open ground (a courtyard): a line inside the hole is
  clear, and a line reaching it from outside crosses the walls.
* A model *inside* a piece (its centre on the polygon and its elevation below
  the piece's height: a figure in ruins or a wood) ignores that piece for its
  own sight lines, both seeing out and being seen. A model standing *on* a
  piece (elevation >= height: a hill top, a roof) does not ignore it, so the
  piece's edge can still hide lower ground.
* ``obscures`` pieces never block; they are reported in ``obscured_by``.

Target visibility (``Sight.visible``) means some part of the target's footprint
can be seen: the exact visible fraction (shadow casting) is > 0. The centre
line is also reported (``centre_line_clear``); matrices (``sight_matrix``) use
the centre line only, as the fast first check for AI and overlays.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Point

from game.geometry.index import TerrainIndex
from game.geometry.shapes import Base, Model, as_model

#: Base-contact tolerance in mm (a base this close to a piece touches it).
CONTACT_TOLERANCE_MM = 0.5


@dataclass(frozen=True)
class Sight:
    """The answer to "can the viewer see the target?".

    Attributes:
        visible: some part of the target's footprint can be seen.
        visible_fraction: share of the footprint (at the target's eye height)
            visible from the viewer's eye, 0..1 (exact shadow casting).
        blocked_by: ids of blocking pieces that hide some of the target or
            touch the centre line below their height.
        obscured_by: ids of obscuring pieces in the way (see :func:`obscuring_pieces`).
        in_contact_with: ids of pieces within 0.5 mm of the target's base.
        centre_line_clear: the eye-to-eye centre line is unblocked.
        viewer_id, target_id: the models' base ids.
    """

    visible: bool
    visible_fraction: float
    blocked_by: tuple[str, ...] = ()
    obscured_by: tuple[str, ...] = ()
    in_contact_with: tuple[str, ...] = ()
    centre_line_clear: bool = True
    viewer_id: str = ""
    target_id: str = ""

    def explain(self) -> str:
        """One line for the battle log."""
        who = f"{self.viewer_id or 'viewer'} -> {self.target_id or 'target'}"
        if not self.visible:
            return f"{who}: not visible (hidden by {', '.join(self.blocked_by) or 'terrain'})"
        parts = [f"{who}: visible ({self.visible_fraction:.0%} of the base)"]
        if self.blocked_by:
            parts.append(f"partly hidden by {', '.join(self.blocked_by)}")
        if self.obscured_by:
            parts.append(f"obscured by {', '.join(self.obscured_by)}")
        return "; ".join(parts)


# --------------------------------------------------------------------------- helpers


def inside_pieces(index: TerrainIndex, model: Model, mask: np.ndarray | None = None) -> np.ndarray:
    """Indices of pieces the model is *inside* (centre on the polygon, elevation below its height)."""
    idx = index.containing_indices(model.centre, index.blocking_mask if mask is None else mask)
    return idx[index.heights[idx] > model.elevation]


def _blocks_exactly(line_xy: np.ndarray, z1: float, z2: float, geom, height: float) -> bool:
    """True when the segment (2, 2) meets ``geom`` where its interpolated height is below ``height``."""
    if height > max(z1, z2):
        return True
    if height <= min(z1, z2):
        return False
    inter = shapely.intersection(LineString(line_xy) if line_xy[0].tolist() != line_xy[1].tolist()
                                 else Point(line_xy[0]), geom)
    if inter.is_empty:
        return False
    pts = shapely.get_coordinates(inter)
    d = line_xy[1] - line_xy[0]
    L2 = float(d @ d)
    t = np.zeros(len(pts)) if L2 == 0 else np.clip((pts - line_xy[0]) @ d / L2, 0.0, 1.0)
    return bool(np.min(z1 + t * (z2 - z1)) < height)


def line_blockers(index: TerrainIndex, p1: Sequence[float], z1: float, p2: Sequence[float], z2: float,
                  exclude: Sequence[int] = (), mask: np.ndarray | None = None) -> tuple[int, ...]:
    """Indices of pieces (``mask``: blocking pieces by default) that block the 3D segment p1@z1 -> p2@z2.

    ``exclude`` lists piece indices to ignore (pieces the ends are inside).
    """
    m = index.blocking_mask if mask is None else mask
    xy = np.array([[p1[0], p1[1]], [p2[0], p2[1]]], dtype=float)
    geom = LineString(xy) if (xy[0] != xy[1]).any() else Point(xy[0])
    cand = index.tree.query(geom, predicate="intersects")
    ex = set(int(i) for i in exclude)
    out = [int(i) for i in np.sort(cand)
           if m[i] and int(i) not in ex and _blocks_exactly(xy, z1, z2, index.polygons[i], index.heights[i])]
    return tuple(out)


def lines_clear(index: TerrainIndex, p1: np.ndarray, z1: np.ndarray, p2: np.ndarray, z2: np.ndarray,
                special: np.ndarray | None = None, exclusions: Sequence[Sequence[int]] | None = None,
                mask: np.ndarray | None = None) -> np.ndarray:
    """Vectorised sight-line test for K segments.

    Args:
        p1, p2: (K, 2) end points in mm; z1, z2: (K,) heights in mm.
        special: optional (K,) bool; True rows are checked one by one with
            ``exclusions[k]`` (piece indices to ignore for that row).
        mask: pieces that can block (default: ``blocks_sight`` pieces).

    Returns:
        (K,) bool, True when the segment is clear.

    Fast path: rows are grouped by the set of pieces taller than both ends
    (one group when all pieces are full height) and tested with one
    ``shapely.intersects`` call against that group's prepared union; rows
    still clear that could pass under a piece of intermediate height get an
    exact second-stage check.
    """
    m = index.blocking_mask if mask is None else mask
    p1 = np.asarray(p1, dtype=float).reshape(-1, 2)
    p2 = np.asarray(p2, dtype=float).reshape(-1, 2)
    K = p1.shape[0]
    z1 = np.broadcast_to(np.asarray(z1, dtype=float), (K,))
    z2 = np.broadcast_to(np.asarray(z2, dtype=float), (K,))
    clear = np.ones(K, dtype=bool)
    if K == 0 or not m.any():
        return clear
    lines = shapely.linestrings(np.stack([p1, p2], axis=1))
    normal = np.ones(K, dtype=bool) if special is None else ~np.asarray(special, dtype=bool)
    zmax = np.maximum(z1, z2)
    zmin = np.minimum(z1, z2)
    H = index.blocking_heights if mask is None else np.unique(index.heights[m & np.isfinite(index.heights)])
    k = np.searchsorted(H, zmax, side="right")
    for kk in np.unique(k[normal]):
        rows = np.flatnonzero(normal & (k == kk))
        thr = H[kk - 1] if kk > 0 else -math.inf
        union = index.union_of(np.flatnonzero(m & (index.heights > thr)))
        if not union.is_empty:
            clear[rows] = ~shapely.intersects(union, lines[rows])  # prepared geometry first
    # second stage: pieces of intermediate height (zmin < h <= zmax)
    if H.size:
        lo = np.searchsorted(H, zmin, side="right")
        maybe = np.flatnonzero(normal & clear & (lo < k))
        if maybe.size:
            li, pi = index.tree.query(lines[maybe], predicate="intersects")
            for r, p in zip(maybe[li], pi):
                if clear[r] and m[p] and zmin[r] < index.heights[p] <= zmax[r]:
                    if _blocks_exactly(np.array([p1[r], p2[r]]), z1[r], z2[r], index.polygons[p], index.heights[p]):
                        clear[r] = False
    if special is not None:
        for r in np.flatnonzero(special):
            ex = exclusions[r] if exclusions is not None else ()
            clear[r] = not line_blockers(index, p1[r], z1[r], p2[r], z2[r], ex, m)
    return clear


def _models(objs) -> list[Model]:
    return [as_model(o) for o in objs]


def sight_matrix(index: TerrainIndex, viewers: Sequence["Model | Base"], targets: Sequence["Model | Base"]) -> np.ndarray:
    """Centre-line sight for every viewer-target pair.

    Args:
        viewers: N models (bases are taken as standing models).
        targets: M models.

    Returns:
        (N, M) bool array, True when the eye-to-eye centre line is clear (see
        the module notes; this is the fast first check, not "any part
        visible"). A model paired with itself (same position) is clear.
    """
    V, T = _models(viewers), _models(targets)
    N, M = len(V), len(T)
    if N == 0 or M == 0:
        return np.zeros((N, M), dtype=bool)
    vp = np.array([v.centre for v in V], dtype=float)
    tp = np.array([t.centre for t in T], dtype=float)
    vz = np.array([v.eye_z for v in V])
    tz = np.array([t.eye_z for t in T])
    vex = [inside_pieces(index, v) for v in V]
    tex = [inside_pieces(index, t) for t in T]
    vsp = np.array([e.size > 0 for e in vex])
    tsp = np.array([e.size > 0 for e in tex])
    special = (vsp[:, None] | tsp[None, :]).reshape(-1)
    exclusions = None
    if special.any():
        exclusions = [()] * (N * M)
        for r in np.flatnonzero(special):
            i, j = divmod(int(r), M)
            exclusions[r] = tuple(set(vex[i].tolist()) | set(tex[j].tolist()))
    clear = lines_clear(index, np.repeat(vp, M, axis=0), np.repeat(vz, M), np.tile(tp, (N, 1)), np.tile(tz, N),
                        special if special.any() else None, exclusions)
    return clear.reshape(N, M)


def visible_points(index: TerrainIndex, viewer: "Model | Base", points, height: float | None = None) -> np.ndarray:
    """Which of many points the viewer's eye can see.

    Args:
        points: (K, 2) positions in mm.
        height: height of each point above the table in mm (scalar or (K,));
            default the viewer's eye height above its own surface (a model of the
            same size standing on the table there).

    Returns:
        (K,) bool, True when the line from the eye to the point is clear.
        Points inside a piece see out of it (that piece is ignored).
    """
    v = as_model(viewer)
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    K = pts.shape[0]
    hz = np.broadcast_to(np.asarray(v.eye_height if height is None else height, dtype=float), (K,))
    vex = inside_pieces(index, v)
    # points inside a blocking piece taller than the point ignore that piece
    li, pi = index.tree.query(shapely.points(pts), predicate="intersects")
    keep = index.blocking_mask[pi] & (index.heights[pi] > hz[li])
    special = np.zeros(K, dtype=bool)
    special[li[keep]] = True
    if vex.size:
        special[:] = True
    exclusions = None
    if special.any():
        exclusions = [tuple(vex.tolist())] * K
        for r, p in zip(li[keep], pi[keep]):
            exclusions[r] = exclusions[r] + (int(p),)
    return lines_clear(index, np.broadcast_to(np.asarray(v.centre, dtype=float), (K, 2)), v.eye_z, pts, hz,
                       special if special.any() else None, exclusions)


def contact_pieces(index: TerrainIndex, base: Base, tolerance: float = CONTACT_TOLERANCE_MM) -> tuple[str, ...]:
    """Ids of pieces within ``tolerance`` mm of the base (in base contact or overlapping)."""
    if base.is_circle:
        c = Point(base.x, base.y)
        idx = index.tree.query(c, predicate="dwithin", distance=base.radius + tolerance)
    else:
        idx = index.tree.query(base.footprint, predicate="dwithin", distance=tolerance)
    return index.ids(idx)


def obscuring_pieces(index: TerrainIndex, viewer: Model, target: Model) -> tuple[str, ...]:
    """Ids of ``obscures`` pieces in the way of the viewer's sight of the target.

    A piece is in the way when it meets the sight cone (the convex hull of the
    viewer's eye point and the target's footprint) and is taller than the
    sight line's lower end; pieces the target stands in count (a figure in a
    wood is obscured), the piece the viewer stands in does not (it sees out).
    Pieces between the two eye heights count only if they block the centre
    line at its interpolated height.
    """
    if not index.obscuring_mask.any():
        return ()
    cone = shapely.convex_hull(shapely.union(Point(viewer.centre), target.footprint))
    cand = index.tree.query(cone, predicate="intersects")
    cand = cand[index.obscuring_mask[cand]]
    if cand.size == 0:
        return ()
    own = set(inside_pieces(index, viewer, index.obscuring_mask).tolist())
    z1, z2 = viewer.eye_z, target.eye_z
    xy = np.array([viewer.centre, target.centre], dtype=float)
    out = []
    for i in cand:
        if int(i) in own:
            continue
        h = index.heights[i]
        if h > max(z1, z2) or (h > min(z1, z2) and _blocks_exactly(xy, z1, z2, index.polygons[i], h)):
            out.append(int(i))
    return index.ids(out)


def line_of_sight(index: TerrainIndex, viewer: "Model | Base", target: "Model | Base") -> Sight:
    """Can ``viewer`` see ``target``? Exact, with the explanation.

    See the module notes for the model. ``visible`` is ``visible_fraction > 0``
    (exact shadow casting from the viewer's eye over the target's footprint).

    Returns:
        a :class:`Sight`.
    """
    from game.geometry.visibility import visible_fraction_detail

    v, t = as_model(viewer), as_model(target)
    ex = set(inside_pieces(index, v).tolist()) | set(inside_pieces(index, t).tolist())
    centre = line_blockers(index, v.centre, v.eye_z, t.centre, t.eye_z, tuple(ex))
    frac, hidden = visible_fraction_detail(index, v, t)
    return Sight(
        visible=frac > 0.0,
        visible_fraction=frac,
        blocked_by=index.ids(set(hidden) | set(centre)),
        obscured_by=obscuring_pieces(index, v, t),
        in_contact_with=contact_pieces(index, t.base),
        centre_line_clear=not centre,
        viewer_id=v.id,
        target_id=t.id,
    )

"""How much of a target can be seen, and what the viewer can see of the table.

Same world model as :mod:`game.geometry.sight` (eye points, interpolated line
heights, models inside pieces ignore them, holes are open ground).

* :func:`visible_fraction` is exact: the shadows cast from the viewer's eye by
  the edges near the sight cone are clipped to the target's footprint, taken
  at the target's eye height. For a round target with no piece edge crossing
  its disc and no piece of intermediate height, the shadows are angular
  wedges and the hidden area is summed analytically for the exact circle
  (``F(s) = s*sqrt(r^2-s^2) + r^2*asin(s/r)`` between ``s = d*sin(psi)`` limits);
  otherwise shadow polygons (quads, or scaled sweeps for pieces between the
  two eye heights) are unioned with shapely and clipped to the footprint
  polygon (a 64-gon for round bases: 0.16% smaller than the circle).
* :func:`sampled_visible_fractions` is the cheap estimate for AI scoring:
  ``n`` fixed sight lines per pair (a sunflower pattern), batched.
* :func:`visibility_polygon` is the region of the table seen from an eye
  point, for the LoS overlay (pieces taller than the eye block).
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import Polygon

from game.geometry.index import TerrainIndex
from game.geometry.shapes import Base, Model, as_model
from game.geometry.sight import inside_pieces, lines_clear

_TWO_PI = 2.0 * math.pi


def _wrap(a):
    """Angles (radians) wrapped into [-pi, pi)."""
    return (a + math.pi) % _TWO_PI - math.pi


def _F(s, r):
    s = np.clip(s, -r, r)
    return s * np.sqrt(np.maximum(r * r - s * s, 0.0)) + r * r * np.arcsin(s / r)


class ViewerFrame:
    """Per-viewer precomputation for exact visible fractions (edges, angles).

    Args:
        index: the terrain.
        viewer: the viewing model.
        mask: pieces that hide (default: ``blocks_sight`` pieces).
    """

    def __init__(self, index: TerrainIndex, viewer: "Model | Base", mask: np.ndarray | None = None) -> None:
        self.index = index
        self.viewer = v = as_model(viewer)
        self.mask = index.blocking_mask if mask is None else mask
        keep = self.mask.copy()
        keep[inside_pieces(index, v, self.mask)] = False
        e = index.edges
        sel = keep[e.piece] if e.piece.size else np.zeros(0, dtype=bool)
        self.E = E = np.asarray(v.centre, dtype=float)
        self.ze = v.eye_z
        a, b = e.a[sel], e.b[sel]
        self.a, self.b = a, b
        self.piece = e.piece[sel]
        self.h = e.height[sel]
        ab = b - a
        cr = ab[:, 0] * (E[1] - a[:, 1]) - ab[:, 1] * (E[0] - a[:, 0])
        self.front = cr < 0.0
        ang_a = np.arctan2(a[:, 1] - E[1], a[:, 0] - E[0])
        ang_b = np.arctan2(b[:, 1] - E[1], b[:, 0] - E[0])
        delta = _wrap(ang_b - ang_a)
        self.mid = _wrap(ang_a + delta / 2.0)
        self.half = np.abs(delta) / 2.0
        self.half[cr == 0.0] = -1.0  # edges in line with the eye cast no shadow

    # ------------------------------------------------------------------
    def fraction(self, target: "Model | Base") -> tuple[float, tuple[int, ...]]:
        """Visible fraction of ``target`` and the indices of pieces hiding part of it."""
        t = as_model(target)
        idx = self.index
        E, ze, zt = self.E, self.ze, t.eye_z
        C = np.asarray(t.centre, dtype=float)
        base = t.base
        dx, dy = C[0] - E[0], C[1] - E[1]
        d = math.hypot(dx, dy)
        theta = math.atan2(dy, dx)
        if base.is_circle:
            r = base.radius
            alpha = math.asin(r / d) if d > r else math.pi
        else:
            if base.footprint.covers(shapely.points(E)):
                alpha = math.pi
            else:
                vx = np.asarray(base.footprint.exterior.coords)[:-1]
                alpha = float(np.max(np.abs(_wrap(np.arctan2(vx[:, 1] - E[1], vx[:, 0] - E[0]) - theta))))
        rel = _wrap(self.mid - theta)
        cand = np.abs(rel) <= self.half + alpha + 1e-12
        tex = inside_pieces(idx, t, self.mask)
        if tex.size:
            cand &= ~np.isin(self.piece, tex)
        zmax, zmin = max(ze, zt), min(ze, zt)
        hc = self.h
        tall = cand & (hc > zmax) & self.front
        middle = cand & (hc > zmin) & (hc <= zmax)
        ti = np.flatnonzero(tall)
        if base.is_circle and d > r and not middle.any():
            a, b = self.a[ti], self.b[ti]
            ab = b - a
            L2 = np.einsum("ij,ij->i", ab, ab)
            u = np.clip(np.einsum("ij,ij->i", C - a, ab) / np.where(L2 > 0, L2, 1.0), 0.0, 1.0)
            near = a + u[:, None] * ab
            dist = np.hypot(near[:, 0] - C[0], near[:, 1] - C[1])
            if not (dist <= r).any():
                return self._analytic(ti, rel[ti], theta, d, r, alpha)
        return self._polygonal(t, np.flatnonzero(cand & (tall | middle)), d)

    def _analytic(self, ti, rel, theta, d, r, alpha):
        if ti.size == 0:
            return 1.0, ()
        half = self.half[ti]
        lo = np.maximum(rel - half, -alpha)
        hi = np.minimum(rel + half, alpha)
        phi = np.clip(0.0, lo, hi)
        ang = theta + phi
        dist = d * np.cos(phi)
        qx = self.E[0] + dist * np.cos(ang)
        qy = self.E[1] + dist * np.sin(ang)
        a, b = self.a[ti], self.b[ti]
        behind = ((b[:, 0] - a[:, 0]) * (qy - a[:, 1]) - (b[:, 1] - a[:, 1]) * (qx - a[:, 0])) > 0.0
        behind &= hi > lo
        if not behind.any():
            return 1.0, ()
        lo, hi = lo[behind], hi[behind]
        order = np.argsort(lo, kind="stable")
        lo, hi = lo[order], hi[order]
        run_hi = np.maximum.accumulate(hi)
        starts = np.ones(lo.size, dtype=bool)
        starts[1:] = lo[1:] > run_hi[:-1]
        m_lo = lo[starts]
        m_hi = np.maximum.reduceat(hi, np.flatnonzero(starts))
        hidden = float(np.sum(_F(d * np.sin(m_hi), r) - _F(d * np.sin(m_lo), r)))
        frac = min(1.0, max(0.0, 1.0 - hidden / (math.pi * r * r)))
        if frac < 1e-12:
            frac = 0.0
        return frac, tuple(sorted(set(self.piece[ti][behind].tolist())))

    def _polygonal(self, t: Model, ci: np.ndarray, d: float):
        foot = t.footprint
        if ci.size == 0:
            return 1.0, ()
        E = self.E
        far = d + t.base.bounding_radius + 1.0
        ze, zt = self.ze, t.eye_z
        a, b, h = self.a[ci], self.b[ci], self.h[ci]
        s0 = np.ones(ci.size)
        s1 = np.full(ci.size, np.inf)
        mid = h <= max(ze, zt)
        for k in np.flatnonzero(mid):
            if ze < zt:  # line rises above the top: hidden from scale 1/u* outwards
                s0[k] = (zt - ze) / (h[k] - ze)
            else:  # viewer above the top: hidden from the piece out to scale 1/u*
                u = (ze - h[k]) / (ze - zt)
                if u > 0:
                    s1[k] = 1.0 / u
        # caps of swept pieces at finite scales (see module notes)
        caps = []
        pcs = self.piece[ci]
        for p in np.unique(pcs[mid]):
            k = np.flatnonzero(mid & (pcs == p))[0]
            for sc in (s0[k], s1[k]):
                if math.isfinite(sc) and sc != 1.0:
                    caps.append((int(p), affinity.scale(self.index.polygons[p], sc, sc, origin=(E[0], E[1]))))
        keep = s1 > s0
        a, b, s0, s1, owners = a[keep], b[keep], s0[keep], s1[keep], pcs[keep]
        va, vb = a - E, b - E
        near_a, near_b = E + s0[:, None] * va, E + s0[:, None] * vb
        # far chain: the scaled edge when bounded, else three points on a circle far enough that
        # both chords stay beyond the target (each chord spans at most half the edge's angle < pi/2)
        ang_a = np.arctan2(va[:, 1], va[:, 0])
        delta = _wrap(np.arctan2(vb[:, 1], vb[:, 0]) - ang_a)
        R = np.maximum(far / np.cos(np.abs(delta) / 4.0),
                       np.maximum(np.hypot(*near_a.T - E[:, None]), np.hypot(*near_b.T - E[:, None]))) * 1.01 + 1.0
        ang_m = ang_a + delta / 2.0
        unb = ~np.isfinite(s1)
        s1f = np.where(unb, 1.0, s1)
        far_a = np.where(unb[:, None], E + R[:, None] * np.column_stack([np.cos(ang_a), np.sin(ang_a)]),
                         E + s1f[:, None] * va)
        far_b = np.where(unb[:, None], E + R[:, None] * np.column_stack([np.cos(ang_a + delta), np.sin(ang_a + delta)]),
                         E + s1f[:, None] * vb)
        far_m = np.where(unb[:, None], E + R[:, None] * np.column_stack([np.cos(ang_m), np.sin(ang_m)]),
                         (far_a + far_b) / 2.0)
        rings = np.stack([near_a, near_b, far_b, far_m, far_a], axis=1)
        geoms = list(shapely.polygons(rings)) + [c for _, c in caps]
        owners = list(owners.tolist()) + [p for p, _ in caps]
        geoms = shapely.make_valid(np.array(geoms, dtype=object))
        clipped = shapely.intersection(geoms, foot)
        areas = shapely.area(clipped)
        hit = areas > 1e-9
        if not hit.any():
            return 1.0, ()
        hidden = float(shapely.area(shapely.union_all(clipped[hit])))
        frac = min(1.0, max(0.0, 1.0 - hidden / foot.area))
        if frac < 1e-9:
            frac = 0.0
        return frac, tuple(sorted(set(np.asarray(owners)[hit].tolist())))


def visible_fraction_detail(index: TerrainIndex, viewer: "Model | Base", target: "Model | Base",
                            mask: np.ndarray | None = None) -> tuple[float, tuple[int, ...]]:
    """Exact visible fraction and the indices of the pieces hiding part of the target."""
    return ViewerFrame(index, viewer, mask).fraction(target)


def visible_fraction(index: TerrainIndex, viewer: "Model | Base", target: "Model | Base") -> float:
    """Exact share (0..1) of the target's footprint visible from the viewer's eye."""
    return visible_fraction_detail(index, viewer, target)[0]


def visible_fractions(index: TerrainIndex, viewer: "Model | Base", targets: Sequence["Model | Base"],
                      mask: np.ndarray | None = None) -> np.ndarray:
    """Exact visible fractions of many targets from one viewer, (M,) float array."""
    frame = ViewerFrame(index, viewer, mask)
    return np.array([frame.fraction(t)[0] for t in targets], dtype=float)


def hidden_fraction_by(index: TerrainIndex, viewer: "Model | Base", target: "Model | Base",
                       mask: np.ndarray) -> float:
    """Share of the target hidden when only the pieces in ``mask`` are treated as opaque."""
    return 1.0 - ViewerFrame(index, viewer, mask).fraction(target)[0]


# --------------------------------------------------------------------------- sampled


def sample_offsets(base: Base, n: int = 16) -> np.ndarray:
    """(n, 2) fixed sample points over a footprint, relative to its centre.

    Round bases use a sunflower (Vogel) spiral, which spreads points evenly by
    area; rectangles use a ceil(sqrt(n))-square grid of cell centres
    (truncated to n), rotated to the base's heading.
    """
    if base.is_circle:
        i = np.arange(n) + 0.5
        rho = base.radius * np.sqrt(i / n)
        phi = i * math.pi * (3.0 - math.sqrt(5.0))
        return np.column_stack([rho * np.cos(phi), rho * np.sin(phi)])
    k = int(math.ceil(math.sqrt(n)))
    g = (np.arange(k) + 0.5) / k - 0.5
    gx, gy = np.meshgrid(g * base.depth, g * base.width)
    loc = np.column_stack([gx.ravel(), gy.ravel()])[:n]
    c, s = math.cos(math.radians(base.heading)), math.sin(math.radians(base.heading))
    return np.column_stack([loc[:, 0] * c - loc[:, 1] * s, loc[:, 0] * s + loc[:, 1] * c])


def sampled_visible_fractions(index: TerrainIndex, viewers: Sequence["Model | Base"],
                              targets: Sequence["Model | Base"], n: int = 16) -> np.ndarray:
    """Estimated visible fraction for each (viewers[k], targets[k]) pair, (K,) array.

    ``n`` eye-to-sample-point lines per pair (:func:`sample_offsets`), all
    tested in one batch; touching a blocking piece blocks a line, as in
    :func:`game.geometry.sight.lines_clear`. When every blocking piece is
    taller than both eyes and no model is inside a piece, the lines of each
    viewer are cast as rays against the merged blocking edges binned by angle;
    otherwise the general line test is used. For AI scoring only: it can
    misjudge a 50% threshold on partly hidden bases.

    Raises:
        ValueError: viewers and targets differ in length.
    """
    if len(viewers) != len(targets):
        raise ValueError("viewers and targets must pair up")
    V, T = [as_model(v) for v in viewers], [as_model(t) for t in targets]
    K = len(V)
    if K == 0:
        return np.zeros(0)
    vp = np.array([v.centre for v in V], dtype=float)
    vz = np.array([v.eye_z for v in V])
    tz = np.array([t.eye_z for t in T])
    offs: dict = {}
    pts = np.empty((K, n, 2))
    for k, t in enumerate(T):
        key = (t.base.radius, t.base.width, t.base.depth, t.base.heading)
        o = offs.get(key)
        if o is None:
            o = offs[key] = sample_offsets(t.base, n)
        pts[k] = o + np.asarray(t.centre)
    cache: dict = {}

    def ex(m: Model) -> tuple[int, ...]:
        key = (m.centre, m.elevation)
        if key not in cache:
            cache[key] = tuple(inside_pieces(index, m).tolist())
        return cache[key]

    pair_ex = [tuple(set(ex(v)) | set(ex(t))) for v, t in zip(V, T)]
    clear = np.ones((K, n), dtype=bool)
    # fast path, per viewer: every blocking piece taller than both eyes and nobody inside a piece ->
    # one angular-binned ray cast against the merged blocking edges
    Hmin = float(index.blocking_heights[0]) if index.blocking_heights.size else math.inf
    fast = np.array([len(e) == 0 for e in pair_ex]) & (np.maximum(vz, tz) < Hmin)
    if fast.any() and index.blocking_mask.any():
        e = index.union_edges(np.flatnonzero(index.blocking_mask))
        groups: dict = {}
        for k in np.flatnonzero(fast):
            groups.setdefault(tuple(vp[k]), []).append(k)
        for key, rows in groups.items():
            E = np.asarray(key)
            ab = e.b - e.a
            front = ab[:, 0] * (E[1] - e.a[:, 1]) - ab[:, 1] * (E[0] - e.a[:, 0]) < 0.0
            a, b = e.a[front], e.b[front]
            ang_a = np.arctan2(a[:, 1] - E[1], a[:, 0] - E[0])
            ang_b = np.arctan2(b[:, 1] - E[1], b[:, 0] - E[0])
            D = pts[rows].reshape(-1, 2) - E
            ang = np.arctan2(D[:, 1], D[:, 0])
            tmin = _nearest_hits(E, ang, D, a, b, ang_a, ang_b, 512)
            clear[rows] = (tmin > 1.0).reshape(len(rows), n)
    slow = ~fast
    if slow.any():
        rows = np.flatnonzero(slow)
        sp = np.repeat(np.array([len(pair_ex[k]) > 0 for k in rows]), n)
        exclusions = [pair_ex[k] for k in rows for _ in range(n)] if sp.any() else None
        clear[rows] = lines_clear(index, np.repeat(vp[rows], n, axis=0), np.repeat(vz[rows], n),
                                  pts[rows].reshape(-1, 2), np.repeat(tz[rows], n),
                                  sp if sp.any() else None, exclusions).reshape(len(rows), n)
    return clear.reshape(K, n).mean(axis=1)


# --------------------------------------------------------------------------- visibility polygon


def visibility_polygon(index: TerrainIndex, viewer: "Model | Base | Sequence[float]", *,
                       mask: np.ndarray | None = None, bins: int = 1024, eps: float = 1e-7) -> Polygon:
    """Region of the table visible from the viewer's eye point (for the LoS overlay).

    Pieces in ``mask`` (default ``blocks_sight``) taller than the eye block;
    lower ones are ignored, as are pieces the viewer is inside. Rays are cast
    at every vertex of the edges facing the eye, and ``eps`` radians either
    side of silhouette vertices, and at the table corners; each ray stops at
    its nearest edge (edges are binned by angle so a ray only tests edges in
    its bin) or at the table edge. Overlapping pieces are merged first (their
    crossing edges would otherwise hide events between vertices).

    Returns:
        a star-shaped polygon around the eye, inside the table.

    Raises:
        ValueError: the eye is not on the table.
    """
    v = as_model(viewer)
    E = np.asarray(v.centre, dtype=float)
    W, Hh = index.table
    if not (0.0 <= E[0] <= W and 0.0 <= E[1] <= Hh):
        raise ValueError(f"viewer at {tuple(E)} is not on the table")
    m = (index.blocking_mask if mask is None else mask).copy()
    m &= index.heights > v.eye_z
    m[inside_pieces(index, v, m)] = False
    e = index.union_edges(np.flatnonzero(m))
    ab_all = e.b - e.a
    cr = ab_all[:, 0] * (E[1] - e.a[:, 1]) - ab_all[:, 1] * (E[0] - e.a[:, 0])
    front_all = cr < 0.0
    fi = np.flatnonzero(front_all)
    a, b = e.a[fi], e.b[fi]
    ang_a = np.arctan2(a[:, 1] - E[1], a[:, 0] - E[0])
    ang_b = np.arctan2(b[:, 1] - E[1], b[:, 0] - E[0])
    # rays
    sil_a = ~front_all[e.prev[fi]]
    sil_b = ~front_all[e.next[fi]]
    sil = np.concatenate([ang_a[sil_a], ang_b[sil_b]])
    corners = np.array([[0, 0], [W, 0], [W, Hh], [0, Hh]], dtype=float)
    ang_c = np.arctan2(corners[:, 1] - E[1], corners[:, 0] - E[0])
    rays = np.unique(np.concatenate([ang_a, sil, sil - eps, sil + eps, ang_c]))
    rays = _wrap(rays)
    rays.sort()
    D = np.column_stack([np.cos(rays), np.sin(rays)])
    # table exit distance
    with np.errstate(divide="ignore", invalid="ignore"):
        tx = np.where(D[:, 0] > 0, (W - E[0]) / D[:, 0], np.where(D[:, 0] < 0, -E[0] / D[:, 0], np.inf))
        ty = np.where(D[:, 1] > 0, (Hh - E[1]) / D[:, 1], np.where(D[:, 1] < 0, -E[1] / D[:, 1], np.inf))
    tmin = np.minimum(tx, ty)
    if fi.size:
        tmin = np.minimum(tmin, _nearest_hits(E, rays, D, a, b, ang_a, ang_b, bins))
    pts = E + tmin[:, None] * D
    poly = Polygon(pts)
    if not poly.is_valid:
        poly = shapely.make_valid(poly)
        if poly.geom_type != "Polygon":
            poly = max(getattr(poly, "geoms", [poly]), key=lambda g: g.area if g.geom_type == "Polygon" else -1)
    return poly


def _nearest_hits(E, ray_ang, D, a, b, ang_a, ang_b, bins: int) -> np.ndarray:
    """Smallest ``t`` (in units of ``D``) at which each ray E + t*D meets an edge a->b; inf if none.

    Edges are put in angular bins around E so a ray only tests the edges
    whose angular span covers its bin. ``ray_ang`` are the rays' angles.
    """
    out = np.full(len(ray_ang), np.inf)
    if len(a) == 0 or len(ray_ang) == 0:
        return out
    delta = _wrap(ang_b - ang_a)
    mid = ang_a + delta / 2.0
    half = np.abs(delta) / 2.0 + 1e-9
    w = _TWO_PI / bins
    b_lo = np.floor((mid - half + math.pi) / w).astype(np.int64)
    b_hi = np.floor((mid + half + math.pi) / w).astype(np.int64)
    cnt = np.minimum(b_hi - b_lo + 1, bins)
    tot = int(cnt.sum())
    e_rep = np.repeat(np.arange(len(a)), cnt)
    offs = np.cumsum(cnt) - cnt
    ebin = (b_lo[e_rep] + (np.arange(tot) - offs[e_rep])) % bins
    order = np.argsort(ebin, kind="stable")
    sorted_e = e_rep[order]
    bin_start = np.searchsorted(ebin[order], np.arange(bins + 1))
    rb = np.floor((_wrap(ray_ang) + math.pi) / w).astype(np.int64) % bins
    rcnt = bin_start[rb + 1] - bin_start[rb]
    rtot = int(rcnt.sum())
    if not rtot:
        return out
    r_rep = np.repeat(np.arange(len(ray_ang)), rcnt)
    roffs = np.cumsum(rcnt) - rcnt
    ei = sorted_e[bin_start[rb][r_rep] + (np.arange(rtot) - roffs[r_rep])]
    ea, eb = a[ei], b[ei]
    ex_, ey_ = eb[:, 0] - ea[:, 0], eb[:, 1] - ea[:, 1]
    dx, dy = D[r_rep, 0], D[r_rep, 1]
    wx, wy = ea[:, 0] - E[0], ea[:, 1] - E[1]
    den = dx * ey_ - dy * ex_
    with np.errstate(divide="ignore", invalid="ignore"):
        tt = (wx * ey_ - wy * ex_) / den
        ss = (wx * dy - wy * dx) / den
    ok = (np.abs(den) > 1e-15) & (tt > 0.0) & (ss >= -1e-9) & (ss <= 1.0 + 1e-9)
    tt = np.where(ok, tt, np.inf)
    nz = np.flatnonzero(rcnt > 0)
    out[nz] = np.minimum.reduceat(tt, roffs[nz])
    return out

"""Going-aware distances for the commander agent: a grid over the table
whose steps cost their length in normal going, twice that in dense terrain
and buildings (Movement: half the distance there), two and a half times in
open ground (the agent's own reluctance: it keeps out of open ground), and
cannot enter impassable terrain (pioneers' routes open). One Dijkstra run (scipy) from a
goal gives every cell's cost to reach it, so the agent measures progress in
turns of movement rather than straight-line millimetres, and finds the way
round a river to its ford.

Cached by everything they depend on (the terrain digest, the pioneers'
routes, the goal cell), never by anything that restarts each battle.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import dijkstra
from shapely.geometry import Polygon

from game.core.caches import PerThread
from ..geo import SLOW, geo_of
from ..state import FoxState

CELL = 10.0  #: grid step (mm)
OPEN_COST = 2.5  #: the agent's weight on a step in open ground (not a rule)
_GRAPHS = PerThread()  # one copy per thread: geometry (game.core.caches)
_FIELDS = PerThread()


def _key(s: FoxState) -> tuple:
    return (s.terrain_key, tuple(tuple(map(tuple, c.ring)) for c in s.crossings))


def _graph(s: FoxState):
    """(nx, ny, weight per cell, sparse graph) for the state's terrain."""
    key = _key(s)
    got = _GRAPHS.get(key)
    if got is not None:
        return got
    g = geo_of(s)
    w, h = s.table
    nx, ny = max(1, int(math.ceil(w / CELL))), max(1, int(math.ceil(h / CELL)))
    xs = (np.arange(nx) + 0.5) * CELL
    ys = (np.arange(ny) + 0.5) * CELL
    X, Y = np.meshgrid(xs, ys)
    pts = shapely.points(X.ravel(), Y.ravel())
    cost = np.ones(nx * ny)
    for i, r in enumerate(g.recs):
        if r.kind in SLOW:
            cost[shapely.contains(g.polys[i], pts)] = 2.0
        elif r.kind == "open":
            cost[shapely.contains(g.polys[i], pts)] = OPEN_COST
    blocked = np.zeros(nx * ny, dtype=bool)
    holes = shapely.union_all([Polygon(c.ring).buffer(0.5) for c in s.crossings]) if s.crossings else None
    for i in g.by_kind.get("impassable", []):
        inside = shapely.contains(g.polys[i], pts)
        if holes is not None:
            inside &= ~shapely.contains(holes, pts)
        blocked |= inside
    cost[blocked] = np.inf
    rows, cols, vals = [], [], []
    idx = np.arange(nx * ny).reshape(ny, nx)
    for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
        i0, i1 = (0, nx - dx) if dx >= 0 else (-dx, nx)
        a = idx[0:ny - dy, i0:i1].ravel()
        b = idx[dy:ny, i0 + dx:i1 + dx].ravel()
        step = CELL * math.hypot(dx, dy)
        wgt = step * (cost[a] + cost[b]) / 2
        ok = np.isfinite(wgt)
        rows.append(a[ok])
        cols.append(b[ok])
        vals.append(wgt[ok])
    r, c, v = np.concatenate(rows), np.concatenate(cols), np.concatenate(vals)
    m = coo_matrix((np.concatenate([v, v]), (np.concatenate([r, c]), np.concatenate([c, r]))), shape=(nx * ny, nx * ny))
    got = (nx, ny, cost, m.tocsr())
    if len(_GRAPHS) > 8:
        _GRAPHS.clear()
    _GRAPHS[key] = got
    return got


def cell_of(s: FoxState, x: float, y: float) -> int:
    nx, ny, _, _ = _graph(s)
    i = min(nx - 1, max(0, int(x // CELL)))
    j = min(ny - 1, max(0, int(y // CELL)))
    return j * nx + i


def field(s: FoxState, goal: tuple[float, float]) -> np.ndarray:
    """The cost (mm of normal going) from every cell to ``goal``'s cell."""
    nx, ny, cost, m = _graph(s)
    gi = cell_of(s, *goal)
    key = (_key(s), gi)
    got = _FIELDS.get(key)
    if got is None:
        if np.isfinite(cost[gi]):
            got = dijkstra(m, directed=False, indices=gi)
        else:
            got = _round_blocked(nx, ny, cost, m, gi)
        if len(_FIELDS) > 256:
            _FIELDS.clear()
        _FIELDS[key] = got
    return got


def _round_blocked(nx: int, ny: int, cost: np.ndarray, m, gi: int) -> np.ndarray:
    """The field of a goal whose cell's middle is impassable (the goal itself
    stands just outside the obstacle): the goal's cell joined to the passable
    cells of the nearest ring round it, each by its step, and one Dijkstra run
    from it. Without the joins every cost was infinite, and no move made
    progress to the goal."""
    i, j = gi % nx, gi // nx
    for ring in (1, 2, 3):
        near = [(jj * nx + ii, CELL * math.hypot(ii - i, jj - j))
                for ii in range(i - ring, i + ring + 1) for jj in range(j - ring, j + ring + 1)
                if max(abs(ii - i), abs(jj - j)) == ring and 0 <= ii < nx and 0 <= jj < ny
                and np.isfinite(cost[jj * nx + ii])]
        if near:
            cells, steps = zip(*near)
            joins = coo_matrix((steps, ([gi] * len(cells), cells)), shape=m.shape)
            got = dijkstra((m + joins).tocsr(), directed=False, indices=gi)
            got[gi] = np.inf  # its middle stays closed to a path through cell middles (:func:`descend`)
            return got
    return dijkstra(m, directed=False, indices=gi)


def cost_to(s: FoxState, goal: tuple[float, float], x: float, y: float) -> float:
    """The going cost from (x, y) to ``goal`` (mm of normal going; inf: cut off).
    Within the goal's cell, the straight distance."""
    f = field(s, goal)
    c = cell_of(s, x, y)
    if c == cell_of(s, *goal):
        return math.hypot(goal[0] - x, goal[1] - y)
    v = float(f[c])
    if math.isfinite(v):
        return v
    # a centre on a cell whose middle is impassable: through the best neighbour
    nx, ny, _, _ = _graph(s)
    i, j = c % nx, c // nx
    best = math.inf
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            ii, jj = i + dx, j + dy
            if (dx or dy) and 0 <= ii < nx and 0 <= jj < ny:
                best = min(best, float(f[jj * nx + ii]) + CELL * math.hypot(dx, dy))
    return best


def descend(s: FoxState, goal: tuple[float, float], x: float, y: float, budget: float) -> list[tuple[float, float]]:
    """A path from (x, y) towards ``goal`` down the cost field, through cell
    centres, until ``budget`` mm of normal going is spent (then the goal
    itself if reached)."""
    nx, ny, cost, _ = _graph(s)
    f = field(s, goal)
    c = cell_of(s, x, y)
    if not math.isfinite(f[c]):
        i, j = c % nx, c // nx
        near = [(jj * nx + ii) for ii in (i - 1, i, i + 1) for jj in (j - 1, j, j + 1)
                if 0 <= ii < nx and 0 <= jj < ny and math.isfinite(f[jj * nx + ii])]
        if near:
            c = min(near, key=lambda k: f[k])
    pts = [(x, y)]
    spent = 0.0
    seen = {c}
    gi = cell_of(s, *goal)
    while spent < budget and c != gi:
        i, j = c % nx, c // nx
        best = None
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx == dy == 0:
                    continue
                ii, jj = i + dx, j + dy
                if 0 <= ii < nx and 0 <= jj < ny:
                    k = jj * nx + ii
                    if k not in seen and f[k] < f[c] - 1e-9 and (best is None or f[k] < f[best]):
                        best = k
        if best is None:
            break
        step = CELL * math.hypot((best % nx) - i, (best // nx) - j) * (cost[c] + cost[best]) / 2
        spent += step
        c = best
        seen.add(c)
        pts.append((((c % nx) + 0.5) * CELL, ((c // nx) + 0.5) * CELL))
    if c == gi:
        pts.append(tuple(goal))
    return _simplify(pts)


def _simplify(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Drop the middle points of straight runs."""
    if len(pts) <= 2:
        return pts
    out = [pts[0]]
    for k in range(1, len(pts) - 1):
        ax, ay = out[-1]
        bx, by = pts[k]
        cx, cy = pts[k + 1]
        if abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) > 1e-6:
            out.append(pts[k])
    out.append(pts[-1])
    return out

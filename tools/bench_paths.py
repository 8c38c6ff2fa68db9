"""Benchmark the path finders on the standard table.

``measure(pieces, bases) -> dict`` times the exact reduced visibility graph
(:class:`game.geometry.paths.PathFinder`) and the navmesh
(:class:`game.geometry.navmesh.NavMesh`) with every piece as an obstacle and
the radius of the first base, over 50 seeded random base-to-base queries
between bases that can reach each other. Keys:

- ``path_build_s``: PathFinder build, seconds.
- ``path_query_ms``: median PathFinder query, ms.
- ``navmesh_build_ms``: NavMesh build, ms.
- ``navmesh_query_ms``: median NavMesh query, ms.
- ``navmesh_length_ratio_median``: median of navmesh length / exact length.
- ``first_contact_us`` / ``pymunk_segment_query_us``: a base swept along the
  same base-to-base segments against every piece, by the exact
  :class:`SweepIndex` and by pymunk's ``segment_query_first`` with the base
  radius on the pieces' plain edges, both prepared once, interleaved, best of
  ``SWEEP_REPEATS`` rounds; ``first_contact_vs_pymunk`` is their ratio (<= 1:
  ours is at least as fast); ``pymunk_differs_from_exact`` counts the
  segments where pymunk's contact differs from the exact one by > 1e-6 mm.
- plus ``sweep_index_build_ms`` (the index and its pymunk space) and counts.

Run: ``.venv/bin/python tools/bench_paths.py [TABLE.json] [--json]``; the
table defaults to ``../shared/bench/standard_table.json`` from the repo root.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from pathlib import Path

import typer

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

import numpy as np  # noqa: E402

from game.geometry.movement import SweepIndex  # noqa: E402
from game.geometry.navmesh import NavMesh  # noqa: E402
from game.geometry.paths import PathFinder  # noqa: E402
from game.geometry.terrain import IMPASSABLE, TerrainPiece  # noqa: E402

QUERIES = 50
SWEEP_REPEATS = 60
SEED = 20240611


def _xy(b) -> tuple[float, float]:
    return (float(b.x), float(b.y)) if hasattr(b, "x") else (float(b[1]), float(b[2]))


def _radius(b) -> float:
    return float(b.radius) if hasattr(b, "radius") else float(b[3])


def measure(pieces, bases, table: tuple[float, float] = (1200.0, 1200.0), queries: int = QUERIES) -> dict:
    """Time both path finders on ``pieces`` (all obstacles) for ``bases``; see the module doc."""
    r = _radius(bases[0]) if bases else 12.5
    t0 = time.perf_counter()
    pf = PathFinder(pieces, r, table)
    build_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    nm = NavMesh(pieces, r, table)
    nav_build_ms = (time.perf_counter() - t0) * 1e3

    pts = [_xy(b) for b in bases]
    comp = [pf.space.component_of(p) for p in pts]
    by_comp: dict[int, list[int]] = {}
    for i, c in enumerate(comp):
        if c is not None:
            by_comp.setdefault(c, []).append(i)
    groups = [g for g in by_comp.values() if len(g) >= 2]
    weights = np.array([len(g) * (len(g) - 1) for g in groups], dtype=float)
    rng = np.random.default_rng(SEED)
    pairs = []
    for _ in range(queries):
        g = groups[int(rng.choice(len(groups), p=weights / weights.sum()))]
        i, j = rng.choice(len(g), 2, replace=False)
        pairs.append((pts[g[i]], pts[g[j]]))

    q_ms, n_ms, ratios, found = [], [], [], 0
    for a, b in pairs:
        t0 = time.perf_counter()
        exact = pf.shortest_path(a, b)
        q_ms.append((time.perf_counter() - t0) * 1e3)
        t0 = time.perf_counter()
        approx = nm.find_path(a, b)
        n_ms.append((time.perf_counter() - t0) * 1e3)
        if exact.found and approx.found and exact.length > 0:
            found += 1
            ratios.append(approx.length / exact.length)

    # first contact of a swept base: ours (exact) vs pymunk's radius segment query, same pairs
    walls = [TerrainPiece(p.id, p.polygon, p.kind, p.height, p.tags | {IMPASSABLE}) for p in pieces]
    t0 = time.perf_counter()
    sweep = SweepIndex((), walls)
    sweep.first_contact(pairs[0][0], pairs[0][1], r)  # builds the pymunk space of rounded edges
    sweep_build_ms = (time.perf_counter() - t0) * 1e3
    fc = _sweep_figures(sweep, pieces, pairs, r)

    return {
        "path_build_s": round(build_s, 4),
        "path_query_ms": round(statistics.median(q_ms), 3),
        "navmesh_build_ms": round(nav_build_ms, 2),
        "navmesh_query_ms": round(statistics.median(n_ms), 3),
        "navmesh_length_ratio_median": round(statistics.median(ratios), 5) if ratios else None,
        "navmesh_length_ratio_max": round(max(ratios), 5) if ratios else None,
        "graph_vertices": int(len(pf.verts)),
        "graph_edges": int(pf.edge_count),
        "navmesh_triangles": int(len(nm.triangles)),
        "queries": len(pairs),
        "queries_found": found,
        "sweep_index_build_ms": round(sweep_build_ms, 2),
        **fc,
    }


def _sweep_figures(sweep: SweepIndex, pieces, pairs, r: float) -> dict:
    """Per-query times of ``sweep.first_contact`` and of pymunk's ``segment_query_first``
    with radius ``r`` on a space of the pieces' plain edges (built once), over the same
    base-to-base segments, interleaved and repeated (the best of ``SWEEP_REPEATS`` rounds
    each); plus how often pymunk's answer differs from the exact one by more than 1e-6 mm
    (it tests its tree's boxes with the bare centre line, so it misses grazes)."""
    import pymunk

    space = pymunk.Space()
    for p in pieces:
        for ring in (p.polygon.exterior, *p.polygon.interiors):
            c = list(ring.coords)
            for a, b in zip(c[:-1], c[1:]):
                space.add(pymunk.Segment(space.static_body, a, b, 0.0))
    f = pymunk.ShapeFilter()
    ours, theirs = [], []
    for _ in range(SWEEP_REPEATS):
        t0 = time.perf_counter()
        for a, b in pairs:
            sweep.first_contact(a, b, r)
        ours.append((time.perf_counter() - t0) / len(pairs) * 1e6)
        t0 = time.perf_counter()
        for a, b in pairs:
            space.segment_query_first(a, b, r, f)
        theirs.append((time.perf_counter() - t0) / len(pairs) * 1e6)
    differ = 0
    for a, b in pairs:
        c = sweep.first_contact(a, b, r)
        h = space.segment_query_first(a, b, r, f)
        d = h.alpha * math.dist(a, b) if h is not None else None
        if (d is None) != (not c.hit) or (d is not None and abs(d - c.distance) > 1e-6):
            differ += 1
    fc_us, pm_us = min(ours), min(theirs)
    return {
        "first_contact_us": round(fc_us, 2),
        "pymunk_segment_query_us": round(pm_us, 2),
        "first_contact_vs_pymunk": round(fc_us / pm_us, 3),
        "sweep_queries": len(pairs),
        "pymunk_differs_from_exact": differ,
    }


def main(table_file: str = typer.Argument("../shared/bench/standard_table.json", help="benchmark table JSON"),
         as_json: bool = typer.Option(False, "--json", help="print the figures as JSON")) -> None:
    """Exact-path and navmesh figures on the benchmark table."""
    path = Path(table_file)
    if not path.is_absolute():
        path = (REPO_ROOT / path).resolve()
    try:
        from tools.standard_table import load_standard_table

        t = load_standard_table(path)
        pieces, bases, table = t.pieces, t.bases, t.table
    except ImportError:  # pragma: no cover - fallback before the shared loader existed
        from shapely.geometry import Polygon

        data = json.loads(path.read_text())
        pieces = [TerrainPiece(str(d["id"]), Polygon(d["exterior"], d.get("holes") or []), d.get("kind", "terrain"))
                  for d in data["terrain"]]
        bases = [(b["id"], b["x"], b["y"], b["radius"]) for b in data["bases"]]
        table = tuple(data.get("table_mm", (1200.0, 1200.0)))
    res = measure(pieces, bases, table)
    if as_json:
        print(json.dumps(res, indent=2, sort_keys=True))
    else:
        for k, v in res.items():
            print(f"{k:32s} {v}")


if __name__ == "__main__":
    typer.run(main)

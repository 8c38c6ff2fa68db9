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
- plus ``first_contact_us`` / ``pymunk_segment_query_us`` (a base swept
  between base pairs against every piece: analytic :class:`SweepIndex` vs
  pymunk, both prepared once), ``sweep_index_build_ms`` and counts.

Run: ``.venv/bin/python tools/bench_paths.py [TABLE.json] [--json]``; the
table defaults to ``../shared/bench/standard_table.json`` from the repo root.
"""

from __future__ import annotations

import json
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

    # first contact of a swept base: analytic (ours) vs pymunk radius segment query
    walls = [TerrainPiece(p.id, p.polygon, p.kind, p.height, p.tags | {IMPASSABLE}) for p in pieces]
    fc_pairs = pairs[:20]
    t0 = time.perf_counter()
    sweep = SweepIndex((), walls)
    sweep_build_ms = (time.perf_counter() - t0) * 1e3
    t0 = time.perf_counter()
    for a, b in fc_pairs:
        sweep.first_contact(a, b, r)
    fc_us = (time.perf_counter() - t0) / max(len(fc_pairs), 1) * 1e6
    pm_us = _pymunk_sweep_us(pieces, fc_pairs, r)

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
        "first_contact_us": round(fc_us, 1),
        "sweep_index_build_ms": round(sweep_build_ms, 2),
        "pymunk_segment_query_us": round(pm_us, 1),
    }


def _pymunk_sweep_us(pieces, pairs, r: float) -> float:
    """Per-query time of pymunk's segment_query_first with radius (space built once)."""
    import pymunk

    space = pymunk.Space()
    for p in pieces:
        for ring in (p.polygon.exterior, *p.polygon.interiors):
            c = list(ring.coords)
            for a, b in zip(c[:-1], c[1:]):
                space.add(pymunk.Segment(space.static_body, a, b, 0.0))
    f = pymunk.ShapeFilter()
    t0 = time.perf_counter()
    for a, b in pairs:
        space.segment_query_first(a, b, r, f)
    return (time.perf_counter() - t0) / max(len(pairs), 1) * 1e6


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

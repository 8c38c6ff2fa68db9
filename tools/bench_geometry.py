"""Geometry benchmark on the standard table (see ../shared/bench/README.md).

Usage: ``.venv/bin/python tools/bench_geometry.py [--json] [--table PATH] [--quick]``

Times, in one process and as medians of repeats: the centre-line sight matrix
for all base pairs against a Python loop, exact and sampled visible
fractions, a side's exact sight matrix of whole models (20 x 20, as the
rulesets' sight adjudications compute it, against the footprint fraction of
the same pairs), visibility polygons, fire arcs, blast templates, neighbour pairs,
and (when ``tools/bench_paths.py`` imports) the path-finding figures. Also
checks correctness: the vectorised sight matrix must equal the loop, exact
fractions must match the area of the base inside the visibility polygon.
Relative table paths resolve against the repository root.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Optional

import typer

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

import numpy as np  # noqa: E402
import shapely  # noqa: E402
from shapely.geometry import LineString  # noqa: E402

from game.geometry.index import TerrainIndex  # noqa: E402
from game.geometry.shadows import Prism, PrismSet, model_sight  # noqa: E402
from game.geometry.shapes import STANDING_EYE_MM  # noqa: E402
from game.geometry.measure import pairs_within  # noqa: E402
from game.geometry.scale import inches_to_mm  # noqa: E402
from game.geometry.shapes import disc_cover_shares, in_arc_matrix, blast, template_hits  # noqa: E402
from game.geometry.sight import sight_matrix  # noqa: E402
from game.geometry.visibility import (  # noqa: E402
    sampled_visible_fractions, visibility_polygon, visible_fraction, visible_fractions,
)
from tools.standard_table import load_standard_table  # noqa: E402

TARGETS = {
    "los_us_per_line": ("<=", 3.0),
    "los_speedup_vs_loop": (">=", 5.0),
    "visible_fraction_ms_per_pair": ("<=", 0.25),
    "vispoly_ms": ("<=", 7.0),
}


def _median_time(fn, repeats: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def run(table_path: str | None = None, quick: bool = False) -> dict:
    """Run every measurement; returns one flat dict (times in the unit named by each key)."""
    tbl = load_standard_table(table_path)
    pieces, bases = tbl.pieces, tbl.bases
    res: dict = {"table": str(Path(table_path) if table_path else "../shared/bench/standard_table.json"),
                 "pieces": len(pieces), "bases": len(bases)}
    rep = 2 if quick else 5

    t0 = time.perf_counter()
    ix = TerrainIndex(pieces, tbl.table)
    union = ix.blocking_union()
    _ = ix.edges
    res["index_build_ms"] = (time.perf_counter() - t0) * 1e3

    # ---------------------------------------------------------------- sight matrix
    n = len(bases)
    pairs = n * (n - 1)
    t, M = _median_time(lambda: sight_matrix(ix, bases, bases), rep)
    res["los_lines"] = pairs
    res["los_us_per_line"] = t / pairs * 1e6  # the matrix also does the n trivial diagonal entries
    xy = np.array([[b.x, b.y] for b in bases])
    ii, jj = np.nonzero(~np.eye(n, dtype=bool))

    def loop():
        return np.array([not LineString([xy[i], xy[j]]).intersects(union) for i, j in zip(ii, jj)])

    def loop_prepared():
        return np.array([not union.intersects(LineString([xy[i], xy[j]])) for i, j in zip(ii, jj)])

    tl, L = _median_time(loop, 1 if quick else 3)
    tp, LP = _median_time(loop_prepared, 1 if quick else 3)
    res["los_loop_us_per_line"] = tl / pairs * 1e6
    res["los_speedup_vs_loop"] = tl / t
    res["los_prepared_loop_us_per_line"] = tp / pairs * 1e6
    res["los_speedup_vs_prepared_loop"] = tp / t
    res["los_matches_loop"] = bool((M[ii, jj] == L).all() and (L == LP).all())
    res["los_blocked_share"] = float(1.0 - M[ii, jj].mean())

    # ---------------------------------------------------------------- visible fractions
    viewers = list(range(0, n, 10))  # 20 viewers x 199 targets
    vt = [[j for j in range(n) if j != i] for i in viewers]
    npairs = sum(len(v) for v in vt)

    def exact():
        return [visible_fractions(ix, bases[i], [bases[j] for j in js]) for i, js in zip(viewers, vt)]

    te, fr = _median_time(exact, 1 if quick else 3)
    res["visible_fraction_pairs"] = npairs
    res["visible_fraction_ms_per_pair"] = te / npairs * 1e3
    one = [(viewers[k], vt[k][m]) for k in range(len(viewers)) for m in range(0, len(vt[k]), 20)]
    ts, _ = _median_time(lambda: [visible_fraction(ix, bases[i], bases[j]) for i, j in one], rep)
    res["visible_fraction_single_call_ms"] = ts / len(one) * 1e3
    fr_all = np.concatenate(fr)
    res["visible_fraction_partly_hidden_pairs"] = int(((fr_all > 0) & (fr_all < 1)).sum())

    V = [bases[i] for i, js in zip(viewers, vt) for _ in js]
    T = [bases[j] for js in vt for j in js]
    tsm, sf = _median_time(lambda: sampled_visible_fractions(ix, V, T, n=16), rep)
    res["visible_fraction_sampled_us_per_pair"] = tsm / npairs * 1e6
    res["sampled_max_abs_error"] = float(np.max(np.abs(sf - fr_all)))
    partial = (fr_all > 0) & (fr_all < 1)
    flips = ((sf >= 0.5) != (fr_all >= 0.5)) & partial
    res["sampled_50pct_flips_of_partly_hidden"] = float(flips.sum() / max(1, partial.sum()))

    # ---------------------------------------------------------------- a side's exact sight matrix
    # (what the rulesets' sight adjudications compute: 20 viewers x 20 targets, the
    # exact share of each target model seen; game.geometry.shadows)
    prisms = PrismSet(Prism(p.id, p.polygon, p.height) for p in pieces)
    side_a = viewers[:20]
    side_b = [j for j in range(n) if j not in side_a][:20]
    mpairs = [(i, j) for i in side_a for j in side_b]

    def matrix():
        out = []
        for i, j in mpairs:
            ms = model_sight(bases[i].centre, STANDING_EYE_MM, bases[j], 0.0, STANDING_EYE_MM, prisms)
            out.append((ms.top_fraction, ms.foot_fraction, ms.volume_fraction))
        return out

    tm, mm = _median_time(matrix, 1 if quick else 3)
    tfp, fp = _median_time(lambda: [visible_fraction(ix, bases[i], bases[j]) for i, j in mpairs], 1 if quick else 3)
    res["sight_matrix_20x20_ms"] = tm * 1e3
    res["sight_matrix_ms_per_pair"] = tm / len(mpairs) * 1e3
    res["sight_matrix_ratio_to_footprint_fraction"] = tm / tfp
    res["sight_matrix_partly_seen_pairs"] = int(sum(1 for t, f, v in mm if 0 < v < 1))
    # the model's top at the eye height is the old footprint fraction (64-gon there, exact circle here)
    res["sight_matrix_top_vs_footprint_max_abs_diff"] = float(max(abs(t - f) for (t, _, _), f in zip(mm, fp)))

    # ---------------------------------------------------------------- visibility polygon
    polys = {}

    def vis():
        for i in viewers:
            polys[i] = visibility_polygon(ix, bases[i])

    tv, _ = _median_time(vis, rep)
    res["vispoly_ms"] = tv / len(viewers) * 1e3
    err = 0.0
    for k, i in enumerate(viewers):
        P = polys[i]
        feet = np.array([bases[j].footprint for j in vt[k]], dtype=object)
        clip = shapely.area(shapely.intersection(P, feet)) / shapely.area(feet)
        err = max(err, float(np.max(np.abs(clip - fr[k]))))
    res["vispoly_vs_exact_max_abs_error"] = err

    # ---------------------------------------------------------------- arcs, blasts, pairs
    heads = (np.arange(n) * 37.0) % 360.0
    radii = np.array([b.radius for b in bases])
    ta, _ = _median_time(lambda: in_arc_matrix(xy, heads, 90.0, xy, radii=radii), rep)
    res["arcs_ms"] = ta * 1e3
    R = inches_to_mm(3.0)
    tb, _ = _median_time(lambda: disc_cover_shares(xy, R, xy, radii), rep)
    res["blasts"] = n
    res["blasts_ms"] = tb * 1e3
    th, _ = _median_time(lambda: [template_hits(blast(x, y, R), bases) for x, y in xy], 1 if quick else 3)
    res["blasts_template_hits_ms"] = th * 1e3
    tq, pw = _median_time(lambda: pairs_within(bases, inches_to_mm(1.0)), rep)
    res["pairs_within_1in_ms"] = tq * 1e3
    res["pairs_within_1in"] = int(len(pw))

    # ---------------------------------------------------------------- paths (other module)
    keys = ("path_build_s", "path_query_ms", "navmesh_query_ms", "navmesh_length_ratio_median")
    try:
        from tools.bench_paths import measure  # type: ignore

        res.update(measure(pieces, bases))
    except (ImportError, AttributeError) as exc:
        for k in keys:
            res.setdefault(k, None)
        res["paths_note"] = f"tools/bench_paths.py unavailable: {exc}"

    res["targets_met"] = {k: (res[k] <= v if op == "<=" else res[k] >= v) for k, (op, v) in TARGETS.items()}
    return res


def main(as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
         table: Optional[str] = typer.Option(None, "--table", help="table JSON (relative to the repo root)"),
         quick: bool = typer.Option(False, "--quick", help="fewer repeats")) -> None:
    """Geometry figures (LoS, visibility, paths, arcs, blasts) against their targets."""
    res = run(table, quick)
    if as_json:
        print(json.dumps(res, sort_keys=True, default=float))
        return
    for k, v in res.items():
        if isinstance(v, float):
            v = f"{v:.4g}"
        target = TARGETS.get(k)
        note = f"   (target {target[0]} {target[1]})" if target else ""
        print(f"{k:42s} {v}{note}")


if __name__ == "__main__":
    typer.run(main)

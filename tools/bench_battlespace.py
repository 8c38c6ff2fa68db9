"""Benchmark: full AI-vs-AI Battlespace Mission 1, headless, over N seeds.

Reports the median wall time per game, its ratio to a same-process baseline
(the same seeds played with the ``random`` fireteam agent, interleaved with the
measured games so machine load hits both alike) and the share of time spent in
``game.geometry`` (cProfile, cumulative time of geometry functions called from
outside the package). Usage: ``python tools/bench_battlespace.py [--seeds 20] [--json]``.
"""

from __future__ import annotations

import cProfile
import json
import pstats
import statistics
import sys
import time
from pathlib import Path

import typer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.battle.runner import game_seed, play  # noqa: E402
from game.battle.seats import Seat  # noqa: E402

SCENARIO = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


def geometry_share(prof: cProfile.Profile, marker: str = "game/geometry/") -> float:
    """Share of total time inside files whose path contains ``marker``, counted at the entry points."""
    st = pstats.Stats(prof)
    total = st.total_tt
    geo = 0.0
    for (fn, _, _), (cc, nc, tt, ct, callers) in st.stats.items():
        if marker not in fn.replace("\\", "/"):
            continue
        outside = {c: v for c, v in callers.items() if marker not in c[0].replace("\\", "/")}
        if outside:
            geo += sum(v[3] for v in outside.values())
    return geo / total if total else 0.0


def main(seeds: int = typer.Option(20, "--seeds", min=1, help="games per agent"),
         scenario: Path = typer.Option(SCENARIO, "--scenario", help="a battlespace *.scenario.json"),
         as_json: bool = typer.Option(False, "--json", help="print one JSON object")) -> None:
    """Median seconds per game of the default fireteam agent, its ratio to the random one, geometry share."""
    seats = {"fireteam": Seat("ai", "default")}
    base_seats = {"fireteam": Seat("ai", "random")}
    play(scenario, seats, 0)  # warm caches (map geometry, imports)
    times, base, results = [], [], []
    for i in range(seeds):
        t = time.perf_counter()
        r = play(scenario, seats, game_seed(1, i))
        times.append(time.perf_counter() - t)
        results.append(r)
        t = time.perf_counter()
        play(scenario, base_seats, game_seed(1, i))
        base.append(time.perf_counter() - t)
    prof = cProfile.Profile()
    prof.enable()
    for i in range(min(5, seeds)):
        play(scenario, seats, game_seed(1, i))
    prof.disable()
    med, bmed = statistics.median(times), statistics.median(base)
    out = {"scenario": str(scenario), "seeds": seeds, "median_s": round(med, 4),
           "max_s": round(max(times), 4), "baseline_random_median_s": round(bmed, 4),
           "ratio_to_baseline": round(med / bmed, 2) if bmed else None,
           "geometry_share": round(geometry_share(prof), 3),
           "ruleset_geometry_share": round(geometry_share(prof, "rulesets/battlespace/geo.py"), 3),
           "success_rate": sum(r.winner == "fireteam" for r in results) / len(results),
           "mean_actions": statistics.mean(r.actions for r in results)}
    if as_json:
        print(json.dumps(out, sort_keys=True))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")


if __name__ == "__main__":
    typer.run(main)

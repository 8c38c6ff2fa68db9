"""Benchmark: full AI-vs-AI Battlespace Mission 1, headless, over N seeds.

Reports the median wall time per game and the share of time spent in
``game.geometry`` (cProfile, cumulative time of geometry functions called from
outside the package). Usage: ``python tools/bench_battlespace.py [--seeds 20] [--json]``.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import sys
import time
from pathlib import Path

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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--scenario", default=str(SCENARIO))
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    seats = {"fireteam": Seat("ai", "default")}
    play(a.scenario, seats, 0)  # warm caches (map geometry, imports)
    times, results = [], []
    for i in range(a.seeds):
        t = time.perf_counter()
        r = play(a.scenario, seats, game_seed(1, i))
        times.append(time.perf_counter() - t)
        results.append(r)
    prof = cProfile.Profile()
    prof.enable()
    for i in range(min(5, a.seeds)):
        play(a.scenario, seats, game_seed(1, i))
    prof.disable()
    out = {"scenario": str(a.scenario), "seeds": a.seeds, "median_s": round(statistics.median(times), 4),
           "max_s": round(max(times), 4), "geometry_share": round(geometry_share(prof), 3),
           "ruleset_geometry_share": round(geometry_share(prof, "rulesets/battlespace/geo.py"), 3),
           "success_rate": sum(r.winner == "fireteam" for r in results) / len(results),
           "mean_actions": statistics.mean(r.actions for r in results)}
    if a.json:
        print(json.dumps(out, sort_keys=True))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")


if __name__ == "__main__":
    main()

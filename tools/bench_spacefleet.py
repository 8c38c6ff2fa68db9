"""Benchmark: one full AI-vs-AI space-fleet battle, headless; median wall time
over 20 seeds (or --seeds N).

    .venv/bin/python tools/bench_spacefleet.py [--scenario PATH] [--seeds 20] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.battle.runner import play  # noqa: E402
from game.battle.seats import Seat  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default=str(ROOT / "maps" / "spacefleet" / "planet_low_orbit.scenario.json"))
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    seats = {"imperial": Seat("ai", "default"), "chaos": Seat("ai", "default")}
    times, actions = [], []
    for seed in range(1, a.seeds + 1):
        t0 = time.perf_counter()
        r = play(a.scenario, seats, seed)
        times.append(time.perf_counter() - t0)
        actions.append(r.actions)
    out = {"scenario": Path(a.scenario).name, "seeds": a.seeds, "median_s": round(statistics.median(times), 4),
           "min_s": round(min(times), 4), "max_s": round(max(times), 4), "median_actions": statistics.median(actions)}
    if a.json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"{out['scenario']}: median {out['median_s']:.3f} s over {a.seeds} seeds "
              f"(min {out['min_s']:.3f}, max {out['max_s']:.3f}; median {out['median_actions']} actions)")


if __name__ == "__main__":
    main()

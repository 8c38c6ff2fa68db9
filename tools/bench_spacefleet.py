"""Benchmark: one full AI-vs-AI space-fleet battle, headless; median wall time
over 20 seeds (or ``--seeds N``), as a ratio to a same-process baseline.

The baseline is the same scenario and seed played by two ``random`` agents,
run interleaved with the measured games (so machine load hits both alike):
the ratio says how much the ``default`` agent's thinking costs on top of the
rules engine. Usage::

    .venv/bin/python tools/bench_spacefleet.py [--scenario PATH] [--seeds 20] [--json]
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

import typer

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.battle.runner import play  # noqa: E402
from game.battle.seats import Seat  # noqa: E402

DEFAULT_SCENARIO = ROOT / "maps" / "spacefleet" / "planet_low_orbit.scenario.json"


def _timed(scenario: Path, seats: dict[str, Seat], seed: int) -> tuple[float, int]:
    """Wall time (s) and action count of one headless battle."""
    t0 = time.perf_counter()
    r = play(scenario, seats, seed)
    return time.perf_counter() - t0, r.actions


def main(scenario: Path = typer.Option(DEFAULT_SCENARIO, "--scenario", help="a spacefleet *.scenario.json"),
         seeds: int = typer.Option(20, "--seeds", min=1, help="battles per agent pair"),
         as_json: bool = typer.Option(False, "--json", help="print one JSON object")) -> None:
    """Median seconds per default-vs-default battle and its ratio to random-vs-random."""
    default = {"imperial": Seat("ai", "default"), "chaos": Seat("ai", "default")}
    random_ = {"imperial": Seat("ai", "random"), "chaos": Seat("ai", "random")}
    play(scenario, random_, 0)  # warm caches and imports
    times, base, actions = [], [], []
    for seed in range(1, seeds + 1):
        t, n = _timed(scenario, default, seed)
        times.append(t)
        actions.append(n)
        base.append(_timed(scenario, random_, seed)[0])
    med, bmed = statistics.median(times), statistics.median(base)
    out = {"scenario": scenario.name, "seeds": seeds, "median_s": round(med, 4), "min_s": round(min(times), 4),
           "max_s": round(max(times), 4), "median_actions": statistics.median(actions),
           "baseline_random_median_s": round(bmed, 4), "ratio_to_baseline": round(med / bmed, 2) if bmed else None}
    if as_json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"{out['scenario']}: median {med:.3f} s per default-vs-default battle over {seeds} seeds "
              f"(min {out['min_s']:.3f}, max {out['max_s']:.3f}; median {out['median_actions']} actions); "
              f"random-vs-random baseline {bmed:.3f} s, ratio {out['ratio_to_baseline']}x")


if __name__ == "__main__":
    typer.run(main)

"""Benchmark and strength test of the Foxhole commander agent, headless.

For each bundled Foxhole scenario (or ``--scenario``) and each side, the
``default`` agent plays ``--games`` battles against the ``random`` agent
(seeds 1..N) and its wins are counted (issue: at least 90% on each scenario
and side). Time is reported as the median wall time of a default-vs-default
battle over ``--seeds`` seeds, as a ratio to the same scenario and seeds
played by two ``random`` agents, interleaved in the same process so machine
load hits both alike. Usage::

    .venv/bin/python tools/bench_foxhole.py [--scenario PATH] [--games 100] [--seeds 5] [--json]
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

from game.battle.loading import open_scenario  # noqa: E402
from game.battle.runner import play  # noqa: E402
from game.battle.seats import Seat  # noqa: E402
from game.data.errors import FileError  # noqa: E402

SCENARIOS = sorted((ROOT / "maps" / "foxhole").glob("*.scenario.json"))


def _timed(scenario: Path, seats: dict[str, Seat], seed: int) -> float:
    t0 = time.perf_counter()
    play(scenario, seats, seed)
    return time.perf_counter() - t0


def measure(scenario: Path, games: int, seeds: int) -> dict:
    """Wins of the default agent against random on each side, and the time ratio."""
    rs, sc, _ = open_scenario(scenario)
    sides = rs.sides(sc)
    out: dict = {"scenario": scenario.name, "games": games, "wins": {}}
    for side in sides:
        seats = {s: Seat("ai", "default" if s == side else "random") for s in sides}
        won = sum(1 for seed in range(1, games + 1) if play(scenario, seats, seed).winner == side)
        out["wins"][side] = won
    default = {s: Seat("ai", "default") for s in sides}
    rand = {s: Seat("ai", "random") for s in sides}
    times, base = [], []
    for seed in range(1, seeds + 1):
        times.append(_timed(scenario, default, seed))
        base.append(_timed(scenario, rand, seed))
    med, bmed = statistics.median(times), statistics.median(base)
    out.update(seeds=seeds, median_s=round(med, 3), baseline_random_median_s=round(bmed, 3),
               ratio_to_baseline=round(med / bmed, 2) if bmed else None)
    return out


def main(scenario: list[Path] = typer.Option(None, "--scenario", help="a foxhole *.scenario.json (repeatable)"),
         games: int = typer.Option(100, "--games", min=1, help="default-vs-random battles per side"),
         seeds: int = typer.Option(5, "--seeds", min=1, help="battles per agent pair for the timing"),
         as_json: bool = typer.Option(False, "--json", help="print one JSON object per scenario")) -> None:
    """Win rate of default against random per scenario and side, and the time ratio."""
    for path in scenario or SCENARIOS:
        try:
            r = measure(Path(path), games, seeds)
        except (FileError, OSError) as e:
            typer.echo(f"bench_foxhole: {e}", err=True)
            raise typer.Exit(2)
        if as_json:
            print(json.dumps(r, sort_keys=True), flush=True)
        else:
            wins = ", ".join(f"{s} {w}/{games}" for s, w in r["wins"].items())
            print(f"{r['scenario']}: default beats random as {wins}; default-vs-default median {r['median_s']:.2f} s "
                  f"over {seeds} seeds, random-vs-random {r['baseline_random_median_s']:.2f} s, "
                  f"ratio {r['ratio_to_baseline']}x", flush=True)


if __name__ == "__main__":
    typer.run(main)

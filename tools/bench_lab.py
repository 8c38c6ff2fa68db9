"""Throughput of the balance lab: games per minute per core for each bundled
ruleset's first scenario, on the local backend with 1 and 2 workers and on a
2-worker local Ray, in one run; prints the ratio of each 2-worker run to the
1-worker run (the issue's goal: 1.8 locally, 1.6 on Ray).

    .venv/bin/python tools/bench_lab.py [--games 4] [--json]

Every run plays the same seeds (game_seed(1, i)) after a warm-up game on
other seeds (imports, the opened scenario; for Ray its start and workers),
which is not timed; the Ray run needs the ``cluster`` extra and is left out
without it.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import typer  # noqa: E402

from game.data.io import read_json  # noqa: E402
from game.lab.run import jobs_for, run_local, run_ray  # noqa: E402
from game.lab.spec import Arm  # noqa: E402

SCENARIOS = {"battlespace": ROOT / "maps" / "battlespace" / "mission1.scenario.json",
             "spacefleet": ROOT / "maps" / "spacefleet" / "deep_space.scenario.json"}


def _timed(runner, jobs: list, workers: int, **kw) -> float:
    rows: list = []
    t0 = time.perf_counter()
    runner(jobs, workers, rows.append, **kw)
    return time.perf_counter() - t0


def main(games: int = typer.Option(4, "--games", min=2, help="games per run"),
         as_json: bool = typer.Option(False, "--json", help="one JSON object")) -> None:
    try:
        import ray  # noqa: F401
        have_ray = True
    except ImportError:
        have_ray = False
    out: dict = {}
    for rid, path in SCENARIOS.items():
        arm = Arm(name=rid, scenario_path=str(path), scenario=read_json(path), seats={})
        with tempfile.TemporaryDirectory() as tmp:
            jobs = jobs_for([arm], games, 1, Path(tmp), "x", set())
            warm = jobs_for([arm], 2, 2, Path(tmp), "x", set())  # other seeds: imports and the opened arm, not timed
            run_local(warm[:1], 1, lambda r: None)
            runs = {"local_1": _timed(run_local, jobs, 1), "local_2": _timed(run_local, jobs, 2)}
            if have_ray:
                import ray

                ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False,
                         runtime_env={"env_vars": {"PYTHONPATH": str(ROOT)}})
                try:
                    run_ray(warm, 2, lambda r: None)  # Ray's start and its workers' imports, not timed
                    runs["ray_2"] = _timed(run_ray, jobs, 2)
                finally:
                    ray.shutdown()
        per_core = {k: games / (t / 60.0) / (1 if k.endswith("_1") else 2) for k, t in runs.items()}
        fig = {"seconds": {k: round(t, 2) for k, t in runs.items()},
               "games_per_minute_per_core": {k: round(v, 2) for k, v in per_core.items()},
               "ratio_local_2_to_1": round(runs["local_1"] / runs["local_2"], 2)}
        if "ray_2" in runs:
            fig["ratio_ray_2_to_local_1"] = round(runs["local_1"] / runs["ray_2"], 2)
        out[rid] = fig
    if as_json:
        print(json.dumps(out, sort_keys=True))
        return
    for rid, fig in out.items():
        print(f"{rid}: {games} games; seconds {fig['seconds']}; games/min/core {fig['games_per_minute_per_core']}; "
              f"2 workers vs 1: local x{fig['ratio_local_2_to_1']}" + (f", Ray x{fig['ratio_ray_2_to_local_1']}" if "ratio_ray_2_to_local_1" in fig else ""))


if __name__ == "__main__":
    typer.run(main)

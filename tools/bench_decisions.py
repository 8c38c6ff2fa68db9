"""Decision time per AI move: every bundled scenario played once with the
default agents (seed 1), each agent decision timed; prints the median, p95
and maximum per scenario and the worst p95 per ruleset (the issue's bound:
p95 under 1 s on every bundled scenario); the CPU time's p95 and maximum
beside them.

    .venv/bin/python tools/bench_decisions.py [--only battlespace] [--seed 1] [--json]

A decision is one ``Agent.choose`` call, explanation included (the reason
the agent leaves for the log). Wall-clock time is what a player waits; the
CPU time of the process is printed beside it, the same figure apart from
other load on the machine.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import typer  # noqa: E402

from game.battle.controller import Controller  # noqa: E402
from game.battle.loading import open_scenario  # noqa: E402
from game.battle.seats import seats_for  # noqa: E402
from game.core.session import Battle  # noqa: E402
from tools.regen_golden import bundled  # noqa: E402


def decision_times(path: Path, seed: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each AI decision of one battle of ``path``."""
    rs, sc, m = open_scenario(path)
    battle = Battle(rs, sc, m, seed)
    ctl = Controller(battle, seats_for(rs.sides(sc), {}))
    ctl.advance(max_actions=20_000)
    return ctl.decision_seconds, ctl.decision_cpu_seconds


def main(only: list[str] = typer.Option(None, "--only", help="ruleset ids"),
         seed: int = typer.Option(1, "--seed"), as_json: bool = typer.Option(False, "--json")) -> None:
    out: dict = {"scenarios": {}, "rulesets": {}}
    for rid, path in bundled(only):
        wall, cpu = decision_times(path, seed)
        t, c = np.array(wall), np.array(cpu)
        row = {"decisions": int(t.size), "median_ms": round(float(np.median(t)) * 1000, 1),
               "p95_ms": round(float(np.percentile(t, 95)) * 1000, 1), "max_ms": round(float(t.max()) * 1000, 1),
               "cpu_p95_ms": round(float(np.percentile(c, 95)) * 1000, 1), "cpu_max_ms": round(float(c.max()) * 1000, 1)}
        out["scenarios"][f"{rid}:{path.name}"] = row
        worst = out["rulesets"].setdefault(rid, {"worst_p95_ms": 0.0, "worst_cpu_p95_ms": 0.0})
        worst["worst_p95_ms"] = max(worst["worst_p95_ms"], row["p95_ms"])
        worst["worst_cpu_p95_ms"] = max(worst["worst_cpu_p95_ms"], row["cpu_p95_ms"])
        if not as_json:
            print(f"{rid:12s} {path.name:36s} {row['decisions']:5d} decisions  median {row['median_ms']:7.1f} ms  "
                  f"p95 {row['p95_ms']:7.1f} ms  max {row['max_ms']:7.1f} ms  (CPU p95 {row['cpu_p95_ms']:7.1f} ms, "
                  f"max {row['cpu_max_ms']:7.1f} ms)", flush=True)
    if as_json:
        print(json.dumps(out, sort_keys=True))
    else:
        for rid, w in out["rulesets"].items():
            print(f"{rid}: worst p95 {w['worst_p95_ms']:.1f} ms (CPU {w['worst_cpu_p95_ms']:.1f} ms)")


if __name__ == "__main__":
    typer.run(main)

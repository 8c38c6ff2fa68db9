"""Benchmark: how long one agent decision takes (p50, p95, max: seconds of
the process's CPU time, so other programs' load on a shared machine does not
count; ``--wall`` for wall-clock seconds),
per bundled scenario of a ruleset, with the ``random`` agent's decisions
timed in the same games as the baseline (the ratio of the p95s is the
figure to compare on a loaded machine).

Each game seats the measured agent on every side but one, which the baseline
agent takes; the seats swap from game to game. Usage::

    .venv/bin/python tools/bench_decisions.py spacefleet [--agent default] [--games 2] [--json]
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

from game.battle.controller import Controller  # noqa: E402
from game.battle.runner import _opened, game_seed  # noqa: E402
from game.battle.seats import Seat, seats_for  # noqa: E402
from game.core.session import Battle  # noqa: E402


class _Timed:
    """An agent whose every ``choose`` is timed into ``out`` (seconds)."""

    clock = staticmethod(time.process_time)

    def __init__(self, agent, out: list[float]) -> None:
        self.agent, self.out = agent, out

    def choose(self, ruleset, view, side):
        t0 = self.clock()
        a = self.agent.choose(ruleset, view, side)
        self.out.append(self.clock() - t0)
        return a

    def __getattr__(self, name):
        return getattr(self.agent, name)


def _p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20, method="inclusive")[-1] if len(xs) >= 2 else (xs[0] if xs else 0.0)


def measure(scenario: Path, agent: str, baseline: str, games: int, seed: int = 1) -> dict:
    """Decision times of ``agent`` and ``baseline`` over ``games`` battles of ``scenario``."""
    rs, sc, m = _opened(str(scenario), scenario.stat().st_mtime_ns)
    sides = list(rs.sides(sc))
    mine: list[float] = []
    base: list[float] = []
    for g in range(games):
        other = sides[g % len(sides)]
        seats = seats_for(sides, {s: Seat("ai", baseline if s == other else agent) for s in sides})
        battle = Battle(rs, sc, m, game_seed(seed, g))
        ctl = Controller(battle, seats)
        for s in sides:
            ctl.agents[s] = _Timed(ctl.agents[s], base if s == other else mine)
        ctl.advance(max_actions=20000)
    return {"scenario": scenario.name.removesuffix(".scenario.json"), "decisions": len(mine),
            "p50_s": round(statistics.median(mine), 4) if mine else 0.0, "p95_s": round(_p95(mine), 4),
            "max_s": round(max(mine, default=0.0), 4), "baseline_p95_s": round(_p95(base), 5),
            "p95_ratio": round(_p95(mine) / _p95(base), 1) if base and _p95(base) > 0 else None}


def main(ruleset: str = typer.Argument(..., help="ruleset id: its bundled scenarios under maps/<id>/"),
         agent: str = typer.Option("default", "--agent"), baseline: str = typer.Option("random", "--baseline"),
         games: int = typer.Option(2, "--games", min=1), seed: int = typer.Option(1, "--seed"),
         wall: bool = typer.Option(False, "--wall", help="wall-clock seconds instead of CPU seconds"),
         as_json: bool = typer.Option(False, "--json")) -> None:
    if wall:
        _Timed.clock = staticmethod(time.perf_counter)
    paths = sorted((ROOT / "maps" / ruleset).glob("*.scenario.json"))
    if not paths:
        typer.echo(f"maps/{ruleset}: no bundled scenarios", err=True)
        raise typer.Exit(2)
    rows = [measure(p, agent, baseline, games, seed) for p in paths]
    if as_json:
        typer.echo(json.dumps(rows))
        return
    for r in rows:
        typer.echo(f"{r['scenario']:<20} {r['decisions']:>5} decisions  p50 {r['p50_s']:.3f} s  p95 {r['p95_s']:.3f} s  "
                   f"max {r['max_s']:.3f} s  (random p95 {r['baseline_p95_s']:.4f} s, ratio {r['p95_ratio']})")


if __name__ == "__main__":
    typer.run(main)

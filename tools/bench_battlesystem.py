"""Benchmark: one full AI-vs-AI Battlesystem battle of 2 x 8 units of 20 figures, headless;
median wall time (and CPU time of the process, the figure that holds on a shared machine)
over seeds, its ratio to the same battles played by two ``random`` agents in the same
process, and the share of the time spent in the geometry layer.

The battle (written to a temporary folder): a 6' x 4' table with a wood and a hill, the
Intermediate game; each side fields six melee units and two units of bowmen (20 figures
each), with unit commanders and an army commander. The geometry share is measured on one
extra profiled battle: the time inside ``game/geometry`` functions (called from outside it),
over the whole battle's time. Usage::

    .venv/bin/python tools/bench_battlesystem.py [--seeds 5] [--json]
"""

from __future__ import annotations

import cProfile
import json
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

import typer

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.battle.runner import play  # noqa: E402
from game.battle.seats import Seat  # noqa: E402

IN = 25.4
W, H = 72 * IN, 48 * IN


def _rect(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def write_scenario(folder: Path) -> Path:
    """The benchmark battle's map and scenario in ``folder``; returns the scenario path."""
    m = {"format_version": 1, "id": "bench", "name": "benchmark field", "ruleset": "battlesystem",
         "table": {"width_mm": W, "height_mm": H},
         "features": [{"id": "wood", "kind": "woods", "name": "a wood", "exterior": _rect(4 * IN, 20 * IN, 14 * IN, 28 * IN),
                       "height": 0},
                      {"id": "hill", "kind": "hill", "name": "a hill", "exterior": _rect(56 * IN, 19 * IN, 66 * IN, 29 * IN),
                       "height": 40, "properties": {"level": 1}}],
         "deployment_zones": [{"id": "za", "side": "valmark", "polygon": _rect(0, H - 10 * IN, W, H)},
                              {"id": "zb", "side": "horde", "polygon": _rect(0, 0, W, 10 * IN)}],
         "objectives": [{"id": "centre", "kind": "hold", "label": "the centre", "x": W / 2, "y": H / 2, "radius": 5 * IN}]}
    (folder / "bench.map.json").write_text(json.dumps(m))
    forces = {"valmark": [], "horde": []}
    kinds = {"valmark": ["valmark_spears", "valmark_swords", "valmark_spears", "valmark_bows", "valmark_swords",
                         "valmark_pikes", "valmark_bows", "valmark_swords"],
             "horde": ["orc_blades", "orc_spears", "orc_blades", "orc_bows", "hobgoblin_pikes", "orc_spears",
                       "orc_bows", "orc_blades"]}
    for side, y, heading, boss in (("valmark", H - 6 * IN, 270, "sergeant"), ("horde", 6 * IN, 90, "orc_boss")):
        for k, prof in enumerate(kinds[side]):
            x = (4.5 + 8.5 * k) * IN
            uid = f"{side[0]}{k}"
            params = {"figures": 20, "files": 10}
            if prof.endswith("bows"):
                params.update(formation="open", files=6)
            forces[side].append({"id": uid, "profile": prof, "x": x, "y": y, "heading": heading, "params": params})
            forces[side].append({"id": f"{uid}_cmd", "profile": boss, "x": x, "y": y, "heading": heading,
                                 "params": {"role": "unit_commander", "unit": uid}})
        general = "aldric" if side == "valmark" else "orc_chief"
        forces[side].append({"id": f"{side}_general", "profile": general, "x": W / 2,
                             "y": H - 2 * IN if side == "valmark" else 2 * IN, "heading": heading, "params": {"role": "army"}})
    sc = {"format_version": 1, "id": "bench", "name": "benchmark battle", "ruleset": "battlesystem", "map": "bench.map.json",
          "sides": [{"id": "valmark", "name": "Valmark"}, {"id": "horde", "name": "the Horde"}], "forces": forces,
          "turn_limit": 10, "params": {"game": "intermediate"}}
    path = folder / "bench.scenario.json"
    path.write_text(json.dumps(sc))
    return path


def _timed(scenario: Path, seats: dict[str, Seat], seed: int) -> tuple[float, float, int, str | None]:
    """(wall seconds, CPU seconds of this process, actions, winner) of one battle."""
    t0, c0 = time.perf_counter(), time.process_time()
    r = play(scenario, seats, seed)
    return time.perf_counter() - t0, time.process_time() - c0, r.actions, r.winner


def geometry_share(scenario: Path, seats: dict[str, Seat], seed: int) -> float:
    """Share of one battle's time spent inside game/geometry (entered from outside it)."""
    prof = cProfile.Profile()
    prof.enable()
    play(scenario, seats, seed)
    prof.disable()
    st = pstats.Stats(prof)
    total = max(v[3] for v in st.stats.values())  # the outermost call's cumulative time
    geo = 0.0
    for (fname, _, _), (cc, nc, tt, ct, callers) in st.stats.items():
        if "/game/geometry/" not in fname.replace("\\", "/"):
            continue
        for (cf, _, _), cv in callers.items():
            if "/game/geometry/" not in cf.replace("\\", "/"):
                geo += cv[3]
    return geo / total if total else 0.0


def main(seeds: int = typer.Option(5, "--seeds", min=1, help="battles per agent pair"),
         as_json: bool = typer.Option(False, "--json", help="print one JSON object")) -> None:
    """Median seconds per default-vs-default battle, its ratio to random-vs-random, and the geometry share."""
    default = {"valmark": Seat("ai", "default"), "horde": Seat("ai", "default")}
    random_ = {"valmark": Seat("ai", "random"), "horde": Seat("ai", "random")}
    with tempfile.TemporaryDirectory() as tmp:
        scenario = write_scenario(Path(tmp))
        play(scenario, random_, 0)  # warm caches and imports
        times, cpu, base, bcpu, actions, winners = [], [], [], [], [], []
        for seed in range(1, seeds + 1):
            t, c, n, w = _timed(scenario, default, seed)
            times.append(t)
            cpu.append(c)
            actions.append(n)
            winners.append(w)
            bt, bc, _, _ = _timed(scenario, random_, seed)
            base.append(bt)
            bcpu.append(bc)
        share = geometry_share(scenario, default, seeds + 1)
    med, bmed = statistics.median(times), statistics.median(base)
    cmed, bcmed = statistics.median(cpu), statistics.median(bcpu)
    out = {"scenario": "2 x 8 units of 20 figures (Intermediate)", "seeds": seeds, "median_s": round(med, 3),
           "median_cpu_s": round(cmed, 3), "baseline_random_median_cpu_s": round(bcmed, 3),
           "cpu_ratio_to_baseline": round(cmed / bcmed, 2) if bcmed else None,
           "min_s": round(min(times), 3), "max_s": round(max(times), 3), "median_actions": statistics.median(actions),
           "baseline_random_median_s": round(bmed, 3), "ratio_to_baseline": round(med / bmed, 2) if bmed else None,
           "geometry_share": round(share, 3), "winners": winners, "goal_s": 5.0}
    if as_json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"{out['scenario']}: median {med:.2f} s ({cmed:.2f} s CPU) per default-vs-default battle over {seeds} seeds "
              f"(min {out['min_s']:.2f}, max {out['max_s']:.2f}; median {out['median_actions']} actions); "
              f"random-vs-random {bmed:.2f} s, ratio {out['ratio_to_baseline']}x; geometry {share:.0%} of the time")


if __name__ == "__main__":
    typer.run(main)

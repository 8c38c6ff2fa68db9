"""The largest valid map still plays at interactive speed (README: Limits).

For each ruleset a bundled scenario is played on its own map (the baseline)
and on that map filled up to the limits (``MAX_FEATURES`` features,
``MAX_MAP_VERTICES`` vertices: small many-sided pieces in a grid that keep
every zone, unit, objective and exit reachable). Reported: the time to open
and check the scenario (the one validator), and the median time of one AI
action over the first ``--actions`` actions, with its ratio to the baseline
run in the same process.

Usage: python tools/bench_limits.py [--actions 30] [--json]
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import typer  # noqa: E402

from game.battle.controller import Controller  # noqa: E402
from game.battle.loading import open_scenario  # noqa: E402
from game.battle.seats import seats_for  # noqa: E402
from game.core.session import Battle  # noqa: E402
from game.data import limits  # noqa: E402

CASES = {
    "battlespace": (ROOT / "maps/battlespace/mission1.scenario.json", ("rubble", "rocks")),
    "spacefleet": (ROOT / "maps/spacefleet/deep_space.scenario.json", ("asteroid_field", "gas_cloud")),
}


def filled(map_data: dict, scenario: dict, kinds: tuple[str, str]) -> dict:
    """``map_data`` with small pieces added in a grid up to the feature and
    vertex limits, none on a unit, objective, zone, exit edge or another piece."""
    from shapely.geometry import Point, Polygon, box

    w, h = map_data["table"]["width_mm"], map_data["table"]["height_mm"]
    n_new = limits.MAX_FEATURES - len(map_data["features"])
    used = sum(len(f["exterior"]) + sum(len(x) for x in f.get("holes", [])) for f in map_data["features"])
    sides = max(3, min(limits.MAX_VERTICES, (limits.MAX_MAP_VERTICES - used) // n_new))
    keep_out = [Polygon(f["exterior"]).buffer(30) for f in map_data["features"]]
    keep_out += [Polygon(z["polygon"]).buffer(30) for z in map_data.get("deployment_zones", [])]
    keep_out += [Point(o["x"], o["y"]).buffer(o.get("radius", 0) + 40) for o in map_data.get("objectives", [])]
    keep_out += [Point(u["x"], u["y"]).buffer(60) for us in scenario["forces"].values() for u in us if u.get("x") is not None]
    inner = box(40, 40, w - 40, h - 40)
    step = math.sqrt(w * h / (n_new * 2.5))
    r = min(8.0, step / 5)
    out = dict(map_data, features=list(map_data["features"]))
    k = 0
    y = step / 2
    while y < h and k < n_new:
        x = step / 2
        while x < w and k < n_new:
            c = Point(x, y)
            if inner.contains(c) and not any(z.intersects(c.buffer(r)) for z in keep_out):
                ring = [[round(x + r * math.cos(2 * math.pi * i / sides), 3), round(y + r * math.sin(2 * math.pi * i / sides), 3)]
                        for i in range(sides)]
                kind = kinds[k % 2]
                out["features"].append({"id": f"fill{k}", "kind": kind, "exterior": ring, "height": 10.0,
                                        "tags": _tags(kind)})
                k += 1
            x += step
        y += step
    return out


def _tags(kind: str) -> list[str]:
    from game.data.kinds import catalogue

    return list(catalogue().kind(kind).tags)


def measure(scenario: Path, actions: int) -> dict:
    """Open and check ``scenario``; time ``actions`` AI actions (seed 1)."""
    t0 = time.perf_counter()
    rs, sc, m = open_scenario(scenario)
    opened = time.perf_counter() - t0
    battle = Battle(rs, sc, m, 1)
    ctl = Controller(battle, seats_for(rs.sides(sc), {}))
    times = []
    for _ in range(actions):
        if battle.over:
            break
        t = time.perf_counter()
        ctl.advance(max_actions=1)
        times.append(time.perf_counter() - t)
    return {"features": len(m.features), "vertices": sum(len(f.exterior) + sum(len(x) for x in f.holes) for f in m.features),
            "open_s": round(opened, 3), "action_median_s": round(statistics.median(times), 4),
            "action_max_s": round(max(times), 3), "actions": len(times)}


def main(actions: int = typer.Option(30, "--actions", min=1, help="AI actions timed per battle"),
         as_json: bool = typer.Option(False, "--json", help="one JSON object")) -> None:
    """Time the bundled battles on their maps and on maps filled to the limits."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rid, (scen, kinds) in CASES.items():
            sc = json.loads(scen.read_text())
            mp = json.loads((scen.parent / sc["map"]).read_text())
            big_map = Path(tmp) / f"{rid}-full.map.json"
            big_map.write_text(json.dumps(filled(mp, sc, kinds)))
            big_sc = Path(tmp) / f"{rid}-full.scenario.json"
            big_sc.write_text(json.dumps(dict(sc, map=big_map.name)))
            base = measure(scen, actions)
            full = measure(big_sc, actions)
            full["ratio"] = round(full["action_median_s"] / base["action_median_s"], 2)
            out[rid] = {"baseline": base, "at_limits": full}
    if as_json:
        typer.echo(json.dumps(out, sort_keys=True))
        return
    for rid, r in out.items():
        b, f = r["baseline"], r["at_limits"]
        typer.echo(f"{rid}: bundled map {b['features']} features / {b['vertices']} vertices: open {b['open_s']} s, "
                   f"AI action median {b['action_median_s'] * 1000:.0f} ms (max {b['action_max_s'] * 1000:.0f} ms)")
        typer.echo(f"{rid}: at the limits {f['features']} features / {f['vertices']} vertices: open {f['open_s']} s, "
                   f"AI action median {f['action_median_s'] * 1000:.0f} ms (max {f['action_max_s'] * 1000:.0f} ms), "
                   f"{f['ratio']}x the bundled map")


if __name__ == "__main__":
    typer.run(main)

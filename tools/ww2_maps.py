"""Write the bundled ww2_skirmish trench maps (maps/ww2_skirmish/*.map.json).

Each is a 48" x 48" table: the red trench line in the north, the blue one
in the south (2" wide, with bays and a communication trench), barbed-wire
belts before each, shell craters across no man's land, a ruin, a rise, and
the demolition target points. The layouts are fixed (seeded) so the files
are the same each run.

Usage: python tools/ww2_maps.py [--out maps/ww2_skirmish]
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import typer  # noqa: E402
from shapely.geometry import LineString, Point, Polygon, box  # noqa: E402
from shapely.ops import unary_union  # noqa: E402

IN = 25.4
W = H = 48 * IN


def _ring(poly) -> list[list[float]]:
    return [[round(x, 2), round(y, 2)] for x, y in list(poly.exterior.coords)[:-1]]


def trench(side: str, north: bool) -> Polygon:
    """A fire trench with bays (a buffered zig-zag) and a communication trench to the rear."""
    y0, y1 = (8.0, 9.5) if north else (40.0, 38.5)
    pts = [(2, y0), (10, y0), (12, y1), (20, y1), (22, y0), (30, y0), (32, y1), (40, y1), (42, y0), (46, y0)]
    line = LineString([(x * IN, y * IN) for x, y in pts])
    fire = line.buffer(1.1 * IN, cap_style="flat", join_style="mitre")
    back = 1.0 if north else 47.0
    comm = LineString([(26 * IN, y0 * IN), (26 * IN, back * IN)]).buffer(0.8 * IN, cap_style="flat")
    return unary_union([fire, comm]).simplify(0.05)


def crater(x: float, y: float, r: float) -> Polygon:
    return Point(x * IN, y * IN).buffer(r * IN, quad_segs=6)


def make(map_id: str, name: str, seed: int, fog: bool, extra_wire: bool) -> dict:
    rng = random.Random(seed)
    feats = []
    red, blue = trench("red", True), trench("blue", False)
    feats.append({"id": "trench_red", "kind": "trench", "name": "red fire trench", "exterior": _ring(red),
                  "height": 0, "properties": {"side": "red"}})
    feats.append({"id": "trench_blue", "kind": "trench", "name": "blue fire trench", "exterior": _ring(blue),
                  "height": 0, "properties": {"side": "blue"}})
    taken = [red.buffer(1.5 * IN), blue.buffer(1.5 * IN)]
    ruin = box(10 * IN, 22 * IN, 15 * IN, 26 * IN)
    hill = Point(38 * IN, 24 * IN).buffer(4 * IN, quad_segs=4).intersection(box(33 * IN, 21 * IN, 43 * IN, 27 * IN))
    feats.append({"id": "ruin", "kind": "ruin", "name": "ruined farmhouse", "exterior": _ring(ruin), "height": 60})
    feats.append({"id": "rise", "kind": "hill", "name": "the rise", "exterior": _ring(hill), "height": 30})
    taken += [ruin.buffer(IN), hill.buffer(IN)]
    # wire belts in front of each trench, with gaps
    for side, y in (("red", 13.0), ("blue", 35.0)):
        xs = [4, 14, 30, 40] if not extra_wire else [3, 10, 17, 28, 35, 42]
        for i, x in enumerate(xs):
            p = box(x * IN, (y - 0.5) * IN, (x + 5) * IN, (y + 0.5) * IN)
            feats.append({"id": f"wire_{side}_{i}", "kind": "barbed_wire", "name": "barbed wire",
                          "exterior": _ring(p), "height": 12})
            taken.append(p.buffer(0.8 * IN))
    # sandbag parapets and a bunker behind each line
    for side, y, by in (("red", 6.2, 3.5), ("blue", 41.8, 44.5)):
        for i, x in enumerate((6, 16, 36)):
            p = box(x * IN, (y - 0.35) * IN, (x + 3) * IN, (y + 0.35) * IN)
            feats.append({"id": f"sandbags_{side}_{i}", "kind": "sandbags", "name": "sandbags", "exterior": _ring(p),
                          "height": 18})
        p = box(14 * IN, (by - 1.2) * IN, 18 * IN, (by + 1.2) * IN)
        feats.append({"id": f"bunker_{side}", "kind": "bunker", "name": f"{side} bunker", "exterior": _ring(p),
                      "height": 35})
    # rubble and bushes
    for i, (x, y) in enumerate(((30.0, 20.0), (20.0, 29.0))):
        p = Point(x * IN, y * IN).buffer(1.3 * IN, quad_segs=3)
        feats.append({"id": f"rubble_{i}", "kind": "rubble", "name": "rubble pile", "exterior": _ring(p), "height": 15})
        taken.append(p.buffer(IN))
    p = box(43 * IN, 16 * IN, 46 * IN, 19 * IN)
    feats.append({"id": "bushes_0", "kind": "bushes", "name": "bushes", "exterior": _ring(p), "height": 35})
    taken.append(p.buffer(IN))
    # craters across no man's land
    n = 0
    tries = 0
    while n < 16 and tries < 2000:
        tries += 1
        x, y, r = rng.uniform(3, 45), rng.uniform(15.5, 32.5), rng.uniform(1.2, 2.2)
        c = crater(x, y, r)
        if any(c.intersects(t) for t in taken):
            continue
        feats.append({"id": f"crater_{n}", "kind": "crater", "name": "shell crater", "exterior": _ring(c), "height": 0})
        taken.append(c.buffer(0.6 * IN))
        n += 1
    if fog:
        p = box(18 * IN, 18 * IN, 30 * IN, 30 * IN)
        feats.append({"id": "fog_bank", "kind": "fog", "name": "fog bank", "exterior": _ring(p), "height": 0})
    objs = []
    for i, (x, y, label) in enumerate(((7, 18, "ammunition dump"), (24, 16, "signal post"), (41, 12.5, "field gun"),
                                       (7, 30, "supply dump"), (24, 32, "telephone exchange"), (41, 35.5, "mortar pit"))):
        objs.append({"id": f"target_{i}", "kind": "demolition", "label": label, "x": round(x * IN, 2),
                     "y": round(y * IN, 2), "radius": 8})
    return {
        "format_version": 1, "id": map_id, "name": name, "ruleset": "ww2_skirmish",
        "description": "A 48\" x 48\" trench table: two trench lines with bays and communication trenches, "
                       "wire belts, shell craters across no man's land, a ruin and a rise, six demolition targets.",
        "table": {"width_mm": round(W, 2), "height_mm": round(H, 2)},
        "features": feats,
        "deployment_zones": [
            {"id": "red_zone", "side": "red", "polygon": [[0, 0], [round(W, 2), 0], [round(W, 2), round(11.5 * IN, 2)], [0, round(11.5 * IN, 2)]]},
            {"id": "blue_zone", "side": "blue", "polygon": [[0, round(36.5 * IN, 2)], [round(W, 2), round(36.5 * IN, 2)], [round(W, 2), round(H, 2)], [0, round(H, 2)]]},
        ],
        "objectives": objs,
        "exits": [],
    }


MAPS = {
    "tobruk": ("Tobruk perimeter, 1941", 7, False, False),
    "anzio": ("Anzio beachhead, 1944 (fog)", 11, True, False),
    "alamein": ("Alamein line, 1942 (heavy wire)", 23, False, True),
}


def main(out: Path = typer.Option(ROOT / "maps" / "ww2_skirmish", help="folder for the map files")) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for mid, (name, seed, fog, wire) in MAPS.items():
        path = out / f"{mid}.map.json"
        path.write_text(json.dumps(make(mid, name, seed, fog, wire), indent=1) + "\n")
        typer.echo(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    typer.run(main)

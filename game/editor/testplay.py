"""Open a map straight into a test battle: write a scenario that uses it.

The editor does not run battles (layering: ui -> battle | editor); it writes
a ``*.scenario.json`` next to the map from a template scenario of the map's
ruleset, with the map swapped in and each side's units moved into that side's
deployment zone when the map has one. The app or the CLI then plays it.
"""

from __future__ import annotations

import os
from pathlib import Path

from shapely.geometry import Point, Polygon

from game.data.io import dumps, parse_model, read_json, write_atomic
from game.data.maps import load_map
from game.data.scenario import Scenario
from game.editor.kinds import catalogue


def _spots(zone: Polygon, n: int, spacing: float) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = zone.bounds
    out: list[tuple[float, float]] = []
    y = y0 + spacing / 2
    while y < y1 and len(out) < n:
        x = x0 + spacing / 2
        while x < x1 and len(out) < n:
            if zone.buffer(-spacing / 2 + 1e-6).covers(Point(x, y)):
                out.append((round(x, 1), round(y, 1)))
            x += spacing
        y += spacing
    return out


def make_test_scenario(map_path: str | Path, template: str | Path, out: str | Path | None = None) -> Path:
    """Write a test scenario for ``map_path`` built from scenario ``template``.

    Units of a side with a deployment zone on the map are spread over that
    zone (base-width spacing, in order); other units keep their places.

    Returns:
        the scenario path written (default: ``<map stem>.test.scenario.json`` next to the map).

    Raises:
        FileError: the map or the template cannot be loaded.
    """
    mp = Path(map_path).resolve()
    m = load_map(mp)
    tp = Path(template)
    sc = parse_model(tp, Scenario, read_json(tp))
    target = Path(out) if out else mp.with_name(mp.name.removesuffix(".map.json") + ".test.scenario.json")
    spacing = 2 * catalogue().base_radius(m.ruleset or sc.ruleset) + 5
    data = sc.model_dump(mode="json")
    data["map"] = os.path.relpath(mp, target.resolve().parent)
    data["id"] = f"test_{m.id}"
    data["name"] = f"Test battle on {m.name}"
    for side, units in data["forces"].items():
        zones = [Polygon(z.polygon) for z in m.deployment_zones if z.side == side]
        if not zones:
            continue
        spots = [s for z in zones for s in _spots(z, len(units), spacing)]
        for u, (x, y) in zip(units, spots):
            u["x"], u["y"] = x, y
    parse_model(target, Scenario, data)
    write_atomic(target, dumps(data))
    return target

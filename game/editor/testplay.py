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


# ----------------------------------------------------------------------------- neutral test battles
#: per ruleset: how many units each side brings, the scenario params, the turn limit
_NEUTRAL = {
    # Battlespace has no mission without objectives; Mission 3 (hold out until the
    # turn limit) is the one that needs nothing from the map, so it stands in for
    # a plain skirmish. The fireteam keeps the template's four soldiers and gear.
    "battlespace": {"counts": (4, 4), "params": {"mission": "m3_ambush", "staging": False}, "turn_limit": 10,
                    "spacing": 30.0, "block": True, "spacing_b": 80.0},
    "spacefleet": {"counts": (2, 2), "params": {"battlezone": "deep_space"}, "turn_limit": 6, "spacing": 150.0,
                   "block": False},
}


def _free(m, x: float, y: float, r: float) -> bool:
    """Is a base of radius ``r`` at (x, y) on the table and clear of every map feature?"""
    if not (r <= x <= m.table.width_mm - r and r <= y <= m.table.height_mm - r):
        return False
    p = Point(x, y).buffer(r)
    return not any(Polygon(f.exterior).intersects(p) for f in m.features)


def _area(m, side: str, other: Polygon | None, exclude=()) -> Polygon:
    """Where ``side`` deploys: its deployment zone(s), else a zone of no one
    else, else the table half away from ``other``."""
    mine = [Polygon(z.polygon) for z in m.deployment_zones if z.side == side]
    if not mine:
        mine = [Polygon(z.polygon) for z in m.deployment_zones if z.id not in exclude and z.side not in exclude]
        mine = mine[:1] if other is None else [p for p in mine if not p.intersects(other)][:1]
    if mine:
        from shapely.ops import unary_union

        return unary_union(mine)
    W, H = m.table.width_mm, m.table.height_mm
    top, bottom = Polygon([(0, 0), (W, 0), (W, H / 2), (0, H / 2)]), Polygon([(0, H / 2), (W, H / 2), (W, H), (0, H)])
    left, right = Polygon([(0, 0), (W / 2, 0), (W / 2, H), (0, H)]), Polygon([(W / 2, 0), (W, 0), (W, H), (W / 2, H)])
    if other is None:
        return right if W > H else bottom
    c = other.centroid
    # the half farthest from the other side's area, without it
    best = max((top, bottom, left, right), key=lambda h: (h.difference(other).area > 0.75 * h.area,
                                                          h.difference(other).centroid.distance(c)))
    return best.difference(other.buffer(50.0))


def _place(m, area: Polygon, n: int, spacing: float, r: float, block: bool) -> list[tuple[float, float]]:
    """``n`` clear spots in ``area``: a 2-wide block (``block``: a fireteam
    must fit on one card) nearest the area's centre, else spread in rows."""
    x0, y0, x1, y1 = area.bounds
    c = area.representative_point()
    grid = []
    step = spacing if block else max(spacing / 3, 2 * r + 5)
    y = y0 + r + 1
    while y <= y1 - r:
        x = x0 + r + 1
        while x <= x1 - r:
            grid.append((x, y))
            x += step / 2 if block else step
        y += step / 2 if block else step
    grid.sort(key=lambda p: (p[0] - c.x) ** 2 + (p[1] - c.y) ** 2)
    inside = area.buffer(1e-6)
    if block:
        offs = [(dx * spacing, dy * spacing) for dy in range((n + 1) // 2) for dx in range(2)][:n]
        for ox, oy in grid:
            pts = [(round(ox + dx, 1), round(oy + dy, 1)) for dx, dy in offs]
            if all(inside.covers(Point(p)) and _free(m, *p, r) for p in pts):
                return pts
        raise ValueError("test play: no clear spot for the fireteam in its deployment area")
    out: list[tuple[float, float]] = []
    for p in grid:
        if len(out) == n:
            break
        if inside.covers(Point(p)) and _free(m, *p, r) and all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= spacing ** 2 for q in out):
            out.append((round(p[0], 1), round(p[1], 1)))
    if len(out) < n:
        raise ValueError(f"test play: room for only {len(out)} of {n} units in a deployment area")
    return out


def make_neutral_scenario(map_path: str | Path, template: str | Path, out: str | Path | None = None) -> Path:
    """Write a neutral test battle for ``map_path`` that needs nothing from the
    map but its deployment zones (and falls back to the table halves).

    battlespace: the template's fireteam in the first zone (or half), a few
    enemies of the template's first enemy card in another zone or the opposite
    half, Mission 3 (hold out) as a plain skirmish with no mission objectives.
    spacefleet: two small fleets (the template's first ships of each side) in
    their zones or opposite halves, facing each other, in deep space.
    Other rulesets: :func:`make_test_scenario`.

    The scenario is checked with the ruleset's ``validate_scenario``.

    Raises:
        FileError: the map or the template cannot be loaded.
        ValueError: a clear message when no valid test battle can be made.
    """
    mp = Path(map_path).resolve()
    m = load_map(mp)
    tp = Path(template)
    sc = parse_model(tp, Scenario, read_json(tp))
    rid = sc.ruleset  # the units and params come from the template's ruleset
    spec = _NEUTRAL.get(rid)
    if spec is None:
        return make_test_scenario(map_path, template, out)
    target = Path(out) if out else mp.with_name(mp.name.removesuffix(".map.json") + ".test.scenario.json")
    r = catalogue().base_radius(rid)
    sides = [s.id for s in sc.sides]
    a_side, b_side = sides[0], sides[1]
    area_a = _area(m, a_side, None, exclude=())
    area_b = _area(m, b_side, area_a, exclude=(a_side,))
    pa = _place(m, area_a, spec["counts"][0], spec["spacing"], r, spec["block"])
    pb = _place(m, area_b, spec["counts"][1], spec.get("spacing_b", spec["spacing"]), r, False)
    ca, cb = area_a.centroid, area_b.centroid
    import math

    face_b = math.degrees(math.atan2(cb.y - ca.y, cb.x - ca.x))
    forces: dict[str, list[dict]] = {}
    for side, pts, face in ((a_side, pa, face_b), (b_side, pb, face_b + 180.0)):
        units = [u.model_dump(mode="json", exclude_none=True) for u in sc.forces.get(side, [])]
        if not units:
            raise ValueError(f"test play: the template {tp.name} has no units for {side}")
        chosen = units[:len(pts)] if (rid != "battlespace" or side != "enemy") else [
            {"id": f"e{i + 1}", "profile": units[0]["profile"]} for i in range(len(pts))]
        for u, (x, y) in zip(chosen, pts):
            u["x"], u["y"] = x, y
            u.pop("group", None) if rid == "spacefleet" else None
            if rid == "spacefleet":
                u["heading"] = round(face % 360.0, 1)
            if rid == "battlespace" and side == "enemy":
                u.pop("params", None)
        forces[side] = chosen
    data = {"format_version": sc.format_version, "id": f"test_{m.id}", "name": f"Test battle on {m.name}",
            "description": "A neutral test battle built by the map editor.", "ruleset": rid,
            "map": os.path.relpath(mp, target.resolve().parent), "sides": [s.model_dump(mode="json") for s in sc.sides],
            "forces": forces, "params": dict(spec["params"]), "objectives": [], "special_rules": [],
            "turn_limit": spec["turn_limit"]}
    if rid == "spacefleet":
        data["params"]["sunward"] = sc.params.get("sunward", "north")
    parsed = parse_model(target, Scenario, data)
    try:
        from game import rulesets

        check = getattr(rulesets.get(rid), "validate_scenario", None)
    except Exception:  # noqa: BLE001 - an unknown ruleset is the loader's to report
        check = None
    if check is not None:
        problem = check(parsed, m)
        if problem:
            raise ValueError(f"test play: the {rid} test battle is not valid on this map: [{problem[0]}] {problem[1]}")
    write_atomic(target, dumps(data))
    return target

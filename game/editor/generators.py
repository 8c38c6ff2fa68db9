"""Seeded random tables, reproducible from the seed.

* :func:`battlespace_table` — a 3'x3' (914 x 914 mm) Battlespace mission area
  with 10 or more pieces of terrain (the set-up asks for a generous amount):
  buildings with doors (some with a courtyard), walls, vehicle wrecks and
  hindering ground, a fireteam deployment strip along the south edge, an exit
  on the north edge and an objective. Solid pieces keep at least a base's
  width plus a margin between them, so every open area stays reachable.
* :func:`spacefleet_table` — the space-fleet battlezone generators belong to
  the space-fleet ruleset (``game.rulesets.spacefleet.generator.generate``);
  this calls it and raises :class:`GeneratorUnavailable` for a battlezone it
  does not know. Options (``zone``, ``width_mm``, ``height_mm``) pass through;
  the set-up methods (1-3) are chosen on the command line
  (``battletable generate spacefleet --method N``, ``game/editor/cli.py``).

Randomness comes only from a ``random.Random(seed)`` made here, so the same
seed always gives the same map (coordinates rounded to 0.1 mm).
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from shapely.geometry import Point, Polygon, box

from game.data.maps import MapFile
from game.editor import shapes
from game.editor.commands import AddExit, AddFeature, AddObjective, AddOpening, AddZone
from game.editor.document import MapDocument
from game.editor.history import History
from game.editor.kinds import catalogue

class GeneratorUnavailable(RuntimeError):
    """No generator for this ruleset is available in this build."""


def _q(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(round(x, 1) + 0.0, round(y, 1) + 0.0) for x, y in ring]


def _oriented_rect(cx: float, cy: float, w: float, h: float, angle: float) -> list[tuple[float, float]]:
    ring = shapes.rectangle(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    return _q(shapes.rotate(ring, angle, (cx, cy)) if angle else ring)


def battlespace_table(seed: int, width: float = 914.0, height: float = 914.0) -> MapFile:
    """A random Battlespace mission area for ``seed`` (mm; default 914 x 914).

    Raises:
        ValueError: a table smaller than 2'x2' (610 mm) on either side.
    """
    if width < 600 or height < 600:
        raise ValueError("the Battlespace generator needs a table of at least 2'x2' (610 mm)")
    rng = random.Random(f"battlespace-table:{seed}")
    doc = MapDocument(id=f"battlespace_random_{seed}", name=f"Random mission area (seed {seed})",
                      ruleset="battlespace", width=float(width), height=float(height))
    hist = History(doc)
    r = catalogue().base_radius("battlespace")
    gap = 2 * r + 10.0  # a base fits between any two solid pieces
    deploy = box(0, height - 120, width, height)
    solids: list[Polygon] = []
    areas: list[Polygon] = []

    def fits(ring, solid: bool) -> bool:
        p = Polygon(ring)
        if not p.is_valid or not box(gap, gap, width - gap, height - gap).contains(p):
            return False
        if p.buffer(gap / 2).intersects(deploy):
            return False
        if any(p.distance(q) < gap for q in solids):
            return False
        if not solid and any(p.intersects(q) for q in areas):
            return False
        if solid and any(p.intersects(q) for q in areas):
            return False
        return True

    def place(make: Callable[[], list[tuple[float, float]]], solid: bool, tries: int = 200):
        for _ in range(tries):
            ring = make()
            if fits(ring, solid):
                (solids if solid else areas).append(Polygon(ring))
                return ring
        return None

    def rnd_xy(margin: float) -> tuple[float, float]:
        return rng.uniform(margin, width - margin), rng.uniform(margin, height - 120 - margin)

    counts = {"building": rng.randint(3, 4), "wall": rng.randint(3, 4), "vehicle": rng.randint(1, 2),
              "hindering": rng.randint(3, 4)}
    for _ in range(counts["building"]):
        w, h = rng.uniform(80, 150), rng.uniform(60, 120)
        angle = rng.choice([0.0, 90.0])
        ring = place(lambda: _oriented_rect(*rnd_xy(100), w, h, angle), True)
        if ring is None:
            continue
        holes = []
        if w >= 120 and h >= 95 and rng.random() < 0.6:
            c = shapes.centroid(ring)
            holes = [_oriented_rect(c[0], c[1], w - 60, h - 60, angle)]
        hist.execute(AddFeature("building", ring, holes))
        fid = doc.features[-1].id
        edge = rng.randrange(4)
        a, b = ring[edge], ring[(edge + 1) % 4]
        t = rng.uniform(0.3, 0.6)
        door_w = 25.0 / math.dist(a, b)
        pa = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        pb = (a[0] + (b[0] - a[0]) * (t + door_w), a[1] + (b[1] - a[1]) * (t + door_w))
        hist.execute(AddOpening(fid, _q([pa])[0], _q([pb])[0]))
    for _ in range(counts["wall"]):
        length = rng.uniform(80, 180)
        angle = rng.choice([0.0, 90.0, rng.uniform(0, 180)])
        ring = place(lambda: _oriented_rect(*rnd_xy(90), length, 8.0, angle), True)
        if ring:
            hist.execute(AddFeature("wall", ring))
    for _ in range(counts["vehicle"]):
        angle = rng.uniform(0, 180)
        ring = place(lambda: _oriented_rect(*rnd_xy(60), 75.0, 38.0, angle), True)
        if ring:
            hist.execute(AddFeature("vehicle", ring, name="wrecked vehicle"))
    for i in range(counts["hindering"] + 6):  # extra tries keep the total at 10+
        if len(doc.features) >= 10 and i >= counts["hindering"]:
            break
        kind = rng.choice(["rough", "crater", "woods"])
        if kind == "crater":
            rad = rng.uniform(30, 50)
            ring = place(lambda: _q(shapes.circle(*rnd_xy(60), rad, 16)), False)
        else:
            rx, ry, rot = rng.uniform(50, 100), rng.uniform(35, 70), rng.uniform(0, 180)
            ring = place(lambda: _q(shapes.ellipse(*rnd_xy(110), rx, ry, 20, rot)), False)
        if ring:
            tags = sorted(set(catalogue().kind(kind).tags) | {"hindering"})
            hist.execute(AddFeature(kind, ring, tags=tags))
    hist.execute(AddZone("fireteam", _q(shapes.rectangle(0, height - 120, width, height)), id="fireteam_deploy"))
    hist.execute(AddExit("north", id="north_edge"))
    for _ in range(200):
        x, y = round(rng.uniform(100, width - 100), 1), round(rng.uniform(80, height / 2), 1)
        if all(Point(x, y).distance(q) > 2 * r for q in solids + areas):
            hist.execute(AddObjective(x, y, label="Objective", radius=15.0, id="objective"))
            break
    return doc.to_map()


def spacefleet_table(seed: int, zone: str | None = None, **options: Any) -> MapFile:
    """A space-fleet battlezone from the space-fleet ruleset's generator
    (spacefleet_celestial_phenomena: battlefield set-up). ``zone`` picks the
    battlezone (set-up method 2 when the players agree on one); None rolls it
    (method 2's D6).

    Raises:
        GeneratorUnavailable: ``zone`` is not a battlezone the generator knows.
    """
    from game.rulesets.spacefleet.generator import ZONES, generate as generate_zone

    if zone is not None and zone not in ZONES:
        raise GeneratorUnavailable(f"unknown battlezone {zone!r} (known: {', '.join(ZONES)})")
    return generate_zone(seed=seed, zone=zone, **options)[0]


#: ruleset id -> generator(seed) -> MapFile
GENERATORS: dict[str, Callable[..., MapFile]] = {
    "battlespace": battlespace_table,
    "spacefleet": spacefleet_table,
}


def generate(ruleset: str, seed: int, **options: Any) -> MapFile:
    """A random table for ``ruleset``.

    Raises:
        GeneratorUnavailable: no generator for that ruleset.
    """
    if ruleset not in GENERATORS:
        raise GeneratorUnavailable(f"no table generator for {ruleset!r} (known: {', '.join(GENERATORS)})")
    return GENERATORS[ruleset](seed, **options)

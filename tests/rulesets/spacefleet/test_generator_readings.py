"""Readings of the battlezone generators' placement rules (celestial
phenomena: planets, ringed planets, moons; see README "Deviations and
decisions"): large planets 26-50 cm across, rings the table edge cuts kept
in part, moons measured from the planet's edge in one of twelve directions."""

from __future__ import annotations

import math
from functools import lru_cache

from game.rulesets.spacefleet.generator import generate

SEEDS = range(1, 401)


@lru_cache(maxsize=1)
def _outer_reaches():
    """Outer-reaches maps (the zone of large planets) for the seeds, with their planet."""
    out = []
    for seed in SEEDS:
        m, _ = generate(seed, "outer_reaches")
        planet = next((f for f in m.features if f.kind == "planet"), None)
        if planet is not None:
            out.append((m, planet))
    return out


def test_large_planets_are_26_to_50_cm_across():
    sizes = [2 * p.properties["radius"] / 10 for _, p in _outer_reaches() if p.properties["size"] == "large"]
    assert sizes and min(sizes) >= 26 and max(sizes) <= 50 and max(sizes) > 40


def test_rings_cut_by_the_table_edge_are_kept_and_reach_20_to_30_cm_out():
    """Rings begin D6 x 5 cm from the planet's edge; on a 120 cm table the far
    ones meet the edge and are cut, not dropped."""
    starts, cut = [], 0
    for m, p in _outer_reaches():
        cx, cy, r = p.properties["cx"], p.properties["cy"], p.properties["radius"]
        for f in m.features:
            if not f.id.startswith("ring"):
                continue
            inner = min(math.hypot(x - cx, y - cy) for x, y in (f.holes[0] if f.holes else f.exterior))
            starts.append((inner - r) / 10)
            xs, ys = [x for x, _ in f.exterior], [y for _, y in f.exterior]
            cut += min(xs) <= 0.01 or min(ys) <= 0.01 or max(xs) >= m.table.width_mm - 0.01 or max(ys) >= m.table.height_mm - 0.01
    assert cut > 0 and max(starts) >= 20


def test_moons_stand_20_to_120_cm_from_the_planets_edge_in_twelve_directions():
    bearings = set()
    for m, p in _outer_reaches():
        cx, cy, r = p.properties["cx"], p.properties["cy"], p.properties["radius"]
        for f in m.features:
            if f.kind != "moon":
                continue
            mx, my, mr = f.properties["cx"], f.properties["cy"], f.properties["radius"]
            gap = (math.hypot(mx - cx, my - cy) - r - mr) / 10
            assert 20 - 0.01 <= gap <= 120 + 0.01
            bearings.add(round(math.degrees(math.atan2(my - cy, mx - cx)) % 360))
    assert bearings and all(b % 30 == 0 for b in bearings) and any(b % 60 for b in bearings)


def test_sunward_edge__the_d6_reads_north_north_east_south_south_west():
    """Celestial phenomena: the sunward edge is rolled on a D6 with no table
    given. Ours: 1-2 north, 3 east, 4-5 south, 6 west - each long edge of the
    180 x 120 cm table twice as likely as a short one. Over 300 seeds the
    long edges come up about 2/3 of the time and every edge comes up."""
    from collections import Counter

    seen = Counter(generate(seed, "flare_region")[1]["sunward"] for seed in range(300))
    assert set(seen) == {"north", "east", "south", "west"}
    long_share = (seen["north"] + seen["south"]) / 300
    assert 0.58 < long_share < 0.75

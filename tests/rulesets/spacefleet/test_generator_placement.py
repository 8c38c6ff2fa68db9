"""Battlezone generators: pieces are never placed on top of each other
(phenomena: placing celestial phenomena, "anywhere within the area")."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from game.rulesets.spacefleet.generator import ZONES, generate


def _system(fid: str) -> str | None:
    """The planet system a piece belongs to ('3' for planet_3, moon_3_1, ring_3_2), else None."""
    head, _, rest = fid.partition("_")
    return rest.split("_")[0] if head in ("planet", "moon", "ring") else None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), zone=st.sampled_from(ZONES))
def test_generated_phenomena_do_not_overlap(seed, zone):
    """phenomena: set-up — only a planet and its own moons and rings may share space."""
    m, _ = generate(seed, zone)
    for a, b in itertools.combinations(m.features, 2):
        if _system(a.id) is not None and _system(a.id) == _system(b.id):
            continue
        assert not Polygon(a.exterior, a.holes).intersects(Polygon(b.exterior, b.holes)), (seed, zone, a.id, b.id)


def test_crowded_area_is_nudged_not_thinned():
    """Seed 3, outer reaches, rolls eleven pieces, several asteroid fields in
    the same areas (they overlapped before placement was checked): all eleven
    are kept, and no field lies on another piece."""
    m, _ = generate(3, "outer_reaches")
    assert len(m.features) == 11
    assert sum(f.kind == "asteroid_field" for f in m.features) == 9
    polys = {f.id: Polygon(f.exterior, f.holes) for f in m.features}
    for a, b in itertools.combinations(polys, 2):
        if _system(a) is None or _system(a) != _system(b):
            assert not polys[a].intersects(polys[b]), (a, b)

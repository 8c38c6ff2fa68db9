"""Battlezone generator (celestial phenomena, set-up method 2) and whole-battle
playouts on every bundled scenario (the turn sequence of spacefleet_core 1.5)."""

from __future__ import annotations

import glob
import random

import pytest

from game.battle.loading import open_scenario
from game.core.ruleset import RULES_SIDE
from game.core.session import Battle
from game.data.maps import map_problems
from game.rulesets.spacefleet.generator import ZONES, generate

SCENARIOS = sorted(glob.glob("maps/spacefleet/*.scenario.json"))


def test_generator__same_seed_same_map():
    """Celestial phenomena, method 2: the generator is seeded and reproducible."""
    assert generate(11, "outer_reaches") == generate(11, "outer_reaches")


@pytest.mark.parametrize("zone", ZONES)
def test_generator__valid_maps_with_at_most_one_planet(zone):
    """Celestial phenomena, battlezone generators: every zone gives a valid map with at most one planet."""
    for seed in range(8):
        m, params = generate(seed, zone)
        assert not map_problems(m)
        assert sum(1 for f in m.features if f.kind == "planet") <= 1
        assert params["battlezone"] == zone


def test_scenarios__one_per_battlezone_kind():
    """Issue 5: a hand-made scenario for each battlezone kind."""
    zones = set()
    for p in SCENARIOS:
        _, sc, _ = open_scenario(p)
        zones.add(sc.params["battlezone"])
    assert zones == set(ZONES)


@pytest.mark.parametrize("path", SCENARIOS)
def test_playout__random_battle_ends_and_round_trips(path):
    """spacefleet_core 1.5: a random battle runs through the turn sequence to its end; every candidate passes check."""
    rs, sc, m = open_scenario(path)
    b = Battle(rs, sc, m, 5)
    rng = random.Random(5)
    for _ in range(3000):
        if b.over:
            break
        side = b.active_side
        st = b.state
        assert rs.load_state(st.to_json()) == st
        cands = rs.candidates(st, side, rng)
        assert all(rs.check(st, a).ok for a in cands)
        if side != RULES_SIDE:
            assert not any(rs.check(st, a).ok for a in rs.illegal_examples(st, side))
        assert b.submit(rng.choice(cands)).ok
    assert b.over

"""The ladder: Bradley-Terry ratings (Elo scale) with intervals, and a round
robin with sides swapped on the toy duel."""

from __future__ import annotations

import numpy as np
import pytest

from game.lab.ladder import ladder
from game.lab.stats import binomial_p, bradley_terry, games_for_margin, two_proportions

from tests.lab.conftest import TOY_SCENARIO


def test_bradley_terry_orders_by_strength_and_is_centred():
    # a beats b 8-2, b beats c 7-3, a beats c 9-1
    wins = np.array([[0, 8, 9], [2, 0, 7], [1, 3, 0]], dtype=float)
    r, se = bradley_terry(["a", "b", "c"], wins)
    assert r[0] > r[1] > r[2]
    assert r.sum() == pytest.approx(0.0, abs=1e-6)
    assert all(s > 0 for s in se)
    even, _ = bradley_terry(["x", "y"], np.array([[5.0, 0], [0, 5.0]]).T[::-1])  # 5-5
    assert even == pytest.approx([0.0, 0.0], abs=1e-6)


def test_statistics_match_textbook_values():
    assert games_for_margin(0.1) == 97  # 1.96^2 * 0.25 / 0.1^2 = 96.04
    assert two_proportions(50, 100, 50, 100) == pytest.approx(1.0)
    assert two_proportions(70, 100, 40, 100) < 0.001
    assert binomial_p(10, 0) == pytest.approx(2 * 0.5 ** 10)


def test_round_robin_with_sides_swapped(tmp_path):
    res = ladder(TOY_SCENARIO, ["default", "random", "previous"], 1, 3, tmp_path, 1)
    assert res["mode"] == "round robin, sides swapped"
    # three pairs, each both ways, one game each
    assert {t["agent"]: t["games"] for t in res["ratings"]} == {"default": 4, "random": 4, "previous": 4}
    assert len(list(tmp_path.glob("*.replay.jsonl"))) == 6
    assert sum(t["rating"] for t in res["ratings"]) == pytest.approx(0.0, abs=1e-6)
    assert {(p["a"], p["b"]) for p in res["pairs"]} == {("default", "random"), ("default", "previous"), ("random", "previous")}


def test_every_bundled_ruleset_names_its_previous_default_agent():
    """The ladder's baseline: each bundled ruleset's own agents() names a
    ``previous`` agent (the default of its last release), so a new default
    must beat it; it is a real agent that plays, not the generic fallback."""
    import random

    from game import rulesets
    from game.ai.registry import make_agent

    for rid in ("battlespace", "spacefleet", "battlesystem", "foxhole", "ww2_skirmish"):
        rs = rulesets.get(rid)
        own = rs.agents()
        assert "previous" in own and "default" in own, rid
        agent = make_agent(rs, "previous", random.Random(1), {})
        assert type(agent) is own["previous"], rid


def test_bradley_terry_intervals_are_those_of_the_centred_ratings():
    """Two agents at 8-2: the difference is log(4) with variance
    1 / (n p (1 - p)) = 1 / (10 * 0.8 * 0.2); each centred rating carries half
    the difference, so a quarter of its variance (Elo: 400 / ln 10 per unit).
    The ridge's direction (every rating up alike) adds nothing."""
    r, se = bradley_terry(["a", "b"], np.array([[0.0, 8.0], [2.0, 0.0]]))
    scale = 400.0 / np.log(10.0)
    assert r[0] - r[1] == pytest.approx(np.log(4.0) * scale, rel=0.02)
    assert se == pytest.approx([scale * np.sqrt(0.625 / 4)] * 2, rel=0.02)

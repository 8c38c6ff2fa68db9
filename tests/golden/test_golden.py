"""Golden AI-vs-AI replays (design: Tests): each verifies, and today's
default agents replay exactly the same game from the same seed. Changed only
by tools/regen_golden.py."""

from __future__ import annotations

import pytest

from game import rulesets
from game.battle.runner import play
from game.core.replay import read_replay
from tools.regen_golden import GOLDEN, SEED, bundled, golden_path

CASES = bundled()


@pytest.mark.parametrize("rid,scenario", CASES, ids=[f"{r}:{p.name}" for r, p in CASES])
def test_golden_replay_verifies_and_agents_are_unchanged(rid, scenario, tmp_path):
    path = golden_path(rid, scenario)
    assert path.exists(), f"no golden replay for {scenario.name}: run tools/regen_golden.py {rid}"
    rec = read_replay(path)
    assert rec.end is not None
    assert rec.header.ruleset_version == rulesets.get(rid).version
    fresh = tmp_path / "fresh.replay.jsonl"
    play(scenario, {}, SEED, fresh)
    again = read_replay(fresh)
    # the same actions with the same events (digests) and the same end: the golden verifies, and
    # today's agents chose every action of it (one play instead of a verify and a play)
    assert [(a.action, a.events_sha256) for a in again.actions] == [(a.action, a.events_sha256) for a in rec.actions]
    assert again.end == rec.end


def test_every_golden_file_has_a_scenario():
    expected = {golden_path(r, p) for r, p in CASES}
    for f in GOLDEN.glob("*/*.replay.jsonl"):
        assert f in expected, f"stale golden replay {f.name}"

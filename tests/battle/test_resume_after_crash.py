"""A crashed battle resumes: a headless battle killed with SIGKILL leaves a
replay that loads, says where it was cut, verifies up to there, and
``play --resume`` finishes it exactly as an unbroken run from the same seed
(tools/crash_resume.py runs the full ten kills per ruleset)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tools.crash_resume import SCENARIOS, body, check_one, uninterrupted


#: (ruleset, whether the last line is torn too) per kill; a kill lands at
#: 1/3 and 2/3 of the unbroken replay's size
KILLS = {"battlespace": (False, True), "spacefleet": (True,)}


@pytest.mark.parametrize("rid", sorted(KILLS))
def test_sigkill_then_resume__same_battle_as_unbroken(rid, tmp_path):
    scenario = SCENARIOS[rid]
    full = uninterrupted(scenario, 3, tmp_path / "full.replay.jsonl")
    header = len(full.read_bytes().split(b"\n", 1)[0]) + 1
    total = full.stat().st_size
    rng = random.Random(f"test:{rid}")
    for k, torn in enumerate(KILLS[rid]):
        size = header + (total - header) * (2 - k) // 3
        r = check_one(scenario, 3, size, full, tmp_path, tear=rng if torn else None)
        assert r["killed"], r
        assert r["verified"], r["verdict"]
        assert r["loaded"] > 0 and r["cut"].startswith(f"after {r['loaded']} action")
        assert r["torn"] == torn
        assert r["resumed_same"]
        assert body(tmp_path / f"cut-{size}.replay.jsonl")[-1]["line"] == "end"


def test_a_crash_between_an_action_and_its_checkpoint__resume_writes_the_checkpoint(tmp_path):
    """A kill that lands after the 10th action line but before the checkpoint
    due after it: the resumed file writes that checkpoint before going on, so
    it ends line for line as the unbroken battle (the space-fleet golden)."""
    from game.battle.runner import play_resumed

    golden = Path(__file__).resolve().parents[1] / "golden" / "spacefleet" / "deep_space.replay.jsonl"
    lines = golden.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = next(i for i, ln in enumerate(lines) if '"line":"checkpoint"' in ln and '"index":10,' in ln)
    out = tmp_path / "cut.replay.jsonl"
    out.write_text("".join(lines[:cut]), encoding="utf-8")
    play_resumed(out, log=None)
    assert body(out) == body(golden)

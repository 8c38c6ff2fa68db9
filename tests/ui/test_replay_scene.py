"""The replay viewer flags a replay that fails verification at the diverging action."""

from __future__ import annotations

import json
from pathlib import Path

from game.battle.runner import play
from game.ui.scenes.replay import ReplayScene

DUEL = Path(__file__).resolve().parents[2] / "tests" / "rulesets" / "toy" / "duel.scenario.json"


def test_tampered_replay_is_flagged(app, tmp_path):
    path = tmp_path / "duel.replay.jsonl"
    play(DUEL, {}, 5, path)
    lines = path.read_text().splitlines()
    out, seen = [], 0
    for ln in lines:
        obj = json.loads(ln)
        if obj.get("line") == "action":
            if obj["index"] == 3:
                obj["events_sha256"] = "0" * 64
            seen += 1
        out.append(json.dumps(obj, sort_keys=True, separators=(",", ":")))
    path.write_text("\n".join(out) + "\n")
    scene = app.push(ReplayScene(path))
    app.drive(2)
    assert scene.model.first_bad == 3 and not scene.model.verdict.ok
    scene.toggle_play()
    app.drive(120)
    assert scene.k > 0
    app.screenshot(tmp_path / "bad-replay.png")


def test_unreadable_replay_gives_a_message(app, tmp_path):
    bad = tmp_path / "x.replay.jsonl"
    bad.write_text("not json\n")
    app.push(ReplayScene(bad))
    app.drive(1)
    assert app.top.name == "message"


def test_log_shows_a_roll_once():
    """A roll's log line names its purpose and shows the dice once (the
    ruleset's words and the log's own dice text are one format)."""
    from game.core.event import DiceRolled
    from game.rulesets import get
    from game.ui.log import event_text

    ev = DiceRolled(purpose="radiation burst 1: occurs on 5+", notation="1d6", faces=(1,), natural=1, total=1)
    for rid in ("spacefleet", "battlespace"):
        assert event_text(get(rid), ev) == "radiation burst 1: occurs on 5+: 1d6 [1] = 1"

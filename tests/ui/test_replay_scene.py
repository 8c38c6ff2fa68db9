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
    from game.ui.scene import Scene

    class Below(Scene):
        name = "menu-stand-in"

    below = app.push(Below())
    app.push(ReplayScene(bad))
    app.drive(1)
    assert app.top.name == "message"
    app.top.close()  # OK on the note
    app.drive(2)
    assert app.top is below  # back where the player came from, not a blank viewer


def test_log_shows_a_roll_once():
    """A roll's log line names its purpose and shows the dice once, its target
    itemised: the app's log and the terminal log are one formatter."""
    from game.battle.runner import log_line
    from game.core.event import DiceRolled, Target
    from game.core.session import Battle
    from game.rulesets import get
    from game.ui.log import event_text

    need = Target(label="occurs on", base=5, words=("occurs", "quiet"))
    ev = DiceRolled(purpose="radiation burst 1", notation="1d6", faces=(1,), natural=1, total=1, target=need)
    for rid in ("spacefleet", "battlespace"):
        assert event_text(get(rid), ev) == "Radiation burst 1: D6 roll 1 vs occurs on 5: quiet"
    from game.battle.loading import open_scenario
    rs, sc, m = open_scenario(Path(__file__).resolve().parents[2] / "maps" / "spacefleet" / "deep_space.scenario.json")
    battle = Battle(rs, sc, m, 1)
    assert log_line(battle, ev) == event_text(rs, ev)


def test_replay_of_another_ruleset_version__shown_from_its_events(app, tmp_path):
    path = tmp_path / "duel.replay.jsonl"
    play(DUEL, {}, 5, path)
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    head["ruleset_version"] += 1
    path.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n")
    scene = app.push(ReplayScene(path))
    app.drive(2)
    m = scene.model
    assert m.recorded_only and m.stopped == "" and m.actions == 27
    assert not m.verdict.ok and m.verdict.needs == head["ruleset_version"]
    # the recorded events give the same states as re-simulating the same-version file
    same = tmp_path / "same.replay.jsonl"
    play(DUEL, {}, 5, same)
    from game.ui.replay_model import ReplayModel

    ref = ReplayModel(same)
    assert [s.digest() for s in m.states] == [s.digest() for s in ref.states]
    scene.jump(m.actions) if hasattr(scene, "jump") else None
    app.drive(2)
    assert app.screenshot(tmp_path / "other-version.png").exists()

"""Agents explain their choices: the reason is recorded in the replay line of
the action and shown in the battle log under it; verify does not compare it;
an agent without reasons still plays."""

from __future__ import annotations

import json
import random

from game import rulesets
from game.ai.agent import Reason, reason_of
from game.ai.random_agent import RandomAgent
from game.battle.runner import play
from game.battle.seats import Seat
from game.core.replay import read_replay, verify
from game.ui.log import BattleLog

from tests.lab.conftest import TOY_SCENARIO


def test_reasons_are_recorded_shown_and_not_verified(tmp_path):
    path = tmp_path / "duel.replay.jsonl"
    lines: list[str] = []
    play(TOY_SCENARIO, {"blue": Seat("ai", "random")}, 7, path, log=lines.append)
    rec = read_replay(path)
    red = [a for a in rec.actions if a.action["side"] == "red"]
    assert red and all(a.reason and a.reason["text"].startswith("best mean score") for a in red)
    assert all(a.reason is None for a in rec.actions if a.action["side"] == "blue")  # the random agent gives none
    scores = [s for _, s in red[0].reason["candidates"]]
    assert scores == sorted(scores, reverse=True) and len(scores) <= 3
    assert sum(1 for ln in lines if ln.startswith("  why: best mean score")) == len(red)
    # a changed reason is not a changed battle
    text = path.read_text(encoding="utf-8").splitlines()
    k = next(i for i, ln in enumerate(text) if '"reason"' in ln)
    d = json.loads(text[k])
    d["reason"]["text"] = "edited"
    text[k] = json.dumps(d)
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    assert verify(read_replay(path), rulesets.get("toy")).ok


def test_app_log_shows_the_reason_under_the_action():
    rs = rulesets.get("toy")
    log = BattleLog(rs)

    class A:
        side = "red"

    log.add(0, A(), [], Reason("fires at b1: 60% to hit", (("fire at b1", 0.6),)).to_dict())
    assert log.lines[-1].kind == "why" and log.lines[-1].text == "why: fires at b1: 60% to hit (weighed: fire at b1 0.6)"


def test_agent_without_reasons_gives_none():
    assert reason_of(RandomAgent(random.Random(1))) is None
    assert str(reason_of(type("A", (), {"reason": "because"})())) == "because"

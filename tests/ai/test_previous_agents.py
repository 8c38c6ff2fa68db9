"""The ladder's baseline (issue: keep the previous release of each ruleset's
default agent available by name): every ruleset's ``previous`` agent is a
frozen copy in ``ai/previous/`` (``tools/freeze_agent.py``), kept apart from
the live default, unedited since it was frozen, its calls into the shared
rules still fitting their signatures, and it plays a seeded battle."""

from __future__ import annotations

import ast
import importlib
import random

import pytest

from game import rulesets
from game.ai.registry import make_agent
from game.battle.controller import Controller
from game.battle.loading import open_scenario
from game.battle.seats import Seat
from game.core.ruleset import RULES_SIDE
from game.core.session import Battle
from tools import freeze_agent as F
from tools.regen_golden import bundled

RULESETS = ["battlespace", "battlesystem", "foxhole", "spacefleet", "ww2_skirmish"]


def test_every_bundled_ruleset_is_covered():
    assert sorted(RULESETS) == sorted(rid for rid in rulesets.BUILTIN)


@pytest.mark.parametrize("rid", RULESETS)
def test_previous_is_the_frozen_copy_not_the_live_default(rid):
    rs = rulesets.get(rid)
    agent = make_agent(rs, "previous", random.Random(1), {})
    cls = type(agent)
    assert cls.__module__ == f"game.rulesets.{rid}.ai.previous" and agent.name == "previous"
    frozen = cls.__mro__[1]
    assert frozen.__module__.startswith(f"game.rulesets.{rid}.ai.previous.")
    snap = importlib.import_module(cls.__module__)
    assert frozen.__name__ == snap.SOURCE_CLASS and len(snap.SOURCE_COMMIT) >= 40
    assert not issubclass(cls, rs.agents()["default"])


@pytest.mark.parametrize("rid", RULESETS)
def test_snapshot_is_as_frozen_and_imports_no_live_ai_module(rid):
    assert F.changed(rid) == []
    package = f"game.rulesets.{rid}.ai.previous"
    for path in F.snapshot_dir(rid).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                mod = F._resolve(package, node)
                live = mod.startswith(f"game.rulesets.{rid}.ai") and not mod.startswith(package)
                assert not live, f"{path.name}:{node.lineno} imports {mod}"


@pytest.mark.parametrize("rid", RULESETS)
def test_calls_into_shared_helpers_fit_their_signatures(rid):
    assert F.call_mismatches(rid) == []


def test_a_changed_helper_signature_is_caught(monkeypatch):
    """The check above can fail: a shared helper taking one argument fewer
    shows at every call the copy makes to it."""
    import game.rulesets.foxhole.rules.common as common

    tree = ast.parse((F.snapshot_dir("foxhole") / "agent.py").read_text(encoding="utf-8"))
    calls = {n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "dist"
             and len(n.args) + len(n.keywords) == 4}
    monkeypatch.setattr(common, "dist", lambda x1, y1, x2: 0.0)
    found = {int(m.split(":")[1].split()[0]) for m in F.call_mismatches("foxhole") if m.startswith("agent.py:") and " dist: " in m}
    assert len(calls) >= 10 and found == calls


def test_deepen_moves_imports_one_package_down():
    text = "from .. import actions as A\nfrom ..rules.common import dist\nfrom . import field as FD\n" \
           "    from ...x import y\nimport game.rulesets.toy.ai.agent\n"
    assert F.deepen(text, "toy") == ("from ... import actions as A\nfrom ...rules.common import dist\n"
                                     "from . import field as FD\n    from ....x import y\n"
                                     "import game.rulesets.toy.ai.previous.agent\n")


@pytest.mark.parametrize("rid", RULESETS)
def test_previous_plays_a_short_seeded_battle(rid):
    """Every side seated ``ai:previous`` on the ruleset's first bundled
    scenario, seed 1: twenty actions, each accepted by the rules (the
    controller stops on an illegal choice), most of them the agent's."""
    path = next(p for r, p in bundled([rid]))
    rs, sc, m = open_scenario(path)
    battle = Battle(rs, sc, m, 1)
    played: list[str] = []
    ctl = Controller(battle, {s: Seat("ai", "previous") for s in rs.sides(sc)},
                     on_step=lambda a, _: played.append(a.type) if a.side != RULES_SIDE else None)
    ctl.advance(max_actions=20)
    assert all(type(a).__module__ == f"game.rulesets.{rid}.ai.previous" for a in ctl.agents.values())
    assert len(played) == len(ctl.decision_seconds) >= 12
    assert len(set(played)) >= 2, played

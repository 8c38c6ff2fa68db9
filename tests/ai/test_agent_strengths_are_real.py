"""A seat menu offers the default agent at several strengths only where the
search budget changes how it plays (``game.ai.registry.has_strengths``): the
generic scoring agent reads it; every bundled ruleset's own agent plans
without it, so there the weak (60 trials), normal (400) and strong (1600)
budgets make the same choices, and the menu offers one "AI"."""

from __future__ import annotations

import pytest

from game import rulesets
from game.ai.registry import has_strengths
from game.battle.controller import Controller
from game.battle.seats import Seat, seats_for

from tests.rulesets.conformance import ROOT, new_battle

SCENARIOS = {"foxhole": "maps/foxhole/patrol.scenario.json", "battlespace": "maps/battlespace/mission1.scenario.json",
             "spacefleet": "maps/spacefleet/deep_space.scenario.json",
             "ww2_skirmish": "maps/ww2_skirmish/hold_the_line.scenario.json",
             "battlesystem": "maps/battlesystem/borderland_ford.scenario.json"}


def _actions(path, params: dict, n: int = 40) -> list:
    b = new_battle(ROOT / path, 1)
    sides = b.ruleset.sides(b.scenario)
    Controller(b, seats_for(sides, {s: Seat("ai", "default", dict(params)) for s in sides})).advance(max_actions=n)
    return [e.action for e in b.history.entries]


def test_has_strengths__declared_or_only_the_generic_agent():
    assert rulesets.get("foxhole").agent_strengths is False  # declared
    assert [r for r in SCENARIOS if has_strengths(rulesets.get(r))] == []
    assert has_strengths(rulesets.get("toy"))  # no agent of its own: the generic scoring agent


@pytest.mark.parametrize("rid", sorted(SCENARIOS))
def test_no_strengths__every_budget_plays_the_same(rid):
    assert not has_strengths(rulesets.get(rid))
    normal = _actions(SCENARIOS[rid], {})
    assert len(normal) >= 20
    assert _actions(SCENARIOS[rid], {"nodes": 60}) == normal
    assert _actions(SCENARIOS[rid], {"nodes": 1600}) == normal

"""Helpers of the conformance suite: find bundled scenarios, play random games."""

from __future__ import annotations

import json
from pathlib import Path

from game import rulesets
from game.ai.random_agent import RandomAgent
from game.core.ruleset import RULES_SIDE
from game.core.session import Battle
from game.data.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
MAX_ACTIONS = 5000


def bundled_scenarios() -> list[tuple[str, Path]]:
    """(ruleset id, scenario path) for every bundled scenario of a registered ruleset."""
    known = set(rulesets.ids())
    out = []
    for path in sorted([*ROOT.glob("maps/**/*.scenario.json"), *ROOT.glob("tests/rulesets/**/*.scenario.json")]):
        try:
            rid = json.loads(path.read_text())["ruleset"]
        except (OSError, ValueError, KeyError):
            rid = "?"
        if rid in known:
            out.append((rid, path))
    return out


def new_battle(path: Path, seed: int) -> Battle:
    sc, m = load_scenario(path)
    rs = rulesets.get(sc.ruleset)
    return Battle(rs, sc, m, seed)


def next_action(battle: Battle, agents: dict):
    rs, state = battle.ruleset, battle.state
    side = rs.active_side(state)
    if side == RULES_SIDE:
        return rs.legal_actions(state, RULES_SIDE)[0]
    if side not in agents:
        agents[side] = RandomAgent(battle.dice.agent_stream(f"conformance:{side}"))
    return agents[side].choose(rs, rs.view(state, side), side)


def playout(battle: Battle, each=None, max_actions: int = MAX_ACTIONS, until=None) -> Battle:
    """Random agents on every side until the battle ends; ``each(battle, action)``
    is called before each action is submitted. With ``until``, the playout
    also stops (not an error) once ``until(battle)`` is true after an action."""
    agents: dict = {}
    for _ in range(max_actions):
        if battle.over:
            return battle
        action = next_action(battle, agents)
        if each:
            each(battle, action)
        r = battle.submit(action)
        assert r.ok, f"random agent's {action.type} rejected: {r.reason}"
        if until is not None and until(battle):
            return battle
    raise AssertionError(f"battle did not end within {max_actions} actions")

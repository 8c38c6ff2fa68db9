"""Foxhole, Hidden Units and Mission Design: what each side may know.

The other side's unrevealed elements stand as identical unmarked markers;
objectives the attacker does not know are absent from its view; the
attacker's mission (but a confirmed primary) is absent from the defender's;
the owner's list of hidden elements, its plotted insertions and its
off-board targets are private. The agents are given views only, so no
hidden fact can reach an agent.
"""

from __future__ import annotations

import json
import random

import pytest

from game.battle.runner import game_seed
from game.core.ruleset import RULES_SIDE
from game.rulesets.foxhole import RULESET
from game.rulesets.foxhole import actions as A
from game.rulesets.foxhole.ai.agent import FoxholeAgent
from game.rulesets.foxhole.rules.hidden import secrets_of, spotter, unknown_objectives
from game.rulesets.foxhole.state import Mission
from tests.rulesets.conformance import ROOT, new_battle, next_action

from .helpers import YD, act, box, el, objectives, piece, state

SCENARIOS = sorted((ROOT / "maps" / "foxhole").glob("*.scenario.json"))
BATTLES = 20


def view_problems(s, side) -> list[str]:
    """What ``side``'s view of ``s`` holds that it may not know."""
    v = RULESET.view(s, side)
    text = v.to_json()
    bad = [f"{tok} in {side}'s view" for tok in secrets_of(s, side) if tok in text]
    for n, x, y in unknown_objectives(s, side):
        if v.objective(n) is not None:
            bad.append(f"unknown objective {n} in {side}'s view")
    enemy = s.enemy_of(side)
    if any(i.side == enemy for i in v.insertions):
        bad.append(f"{enemy}'s insertions in {side}'s view")
    if any(st.side == enemy and not st.fired for st in v.strikes) or enemy in v.numbers:
        bad.append(f"{enemy}'s off-board targets in {side}'s view")
    if side == s.defender:
        if v.mission.secondary or (v.mission.primary and not s.mission.confirmed):
            bad.append("the attacker's mission in the defender's view")
    for e in v.elements.values():
        if e.side == enemy and e.kind == "unknown":
            if (e.profile, e.quality, e.motivation, e.suppressed, e.reduced, e.hidden) != ("unknown", 0, 0, False, False, "unknown"):
                bad.append(f"marker {e.id} is not unmarked")
    return bad


HALVES = (0, 1)


@pytest.mark.parametrize("half", HALVES, ids=["battles-0-9", "battles-10-19"])
def test_views__hidden_elements_and_objectives_never_in_the_other_sides_view(half):
    """Every state of 20 random battles (the bundled scenarios in turn): both
    sides' views checked."""
    checked = 0
    for i in range(half * BATTLES // 2, (half + 1) * BATTLES // 2):
        path = SCENARIOS[i % len(SCENARIOS)]
        b = new_battle(path, game_seed(17, i))
        agents: dict = {}
        problems: list[str] = []
        while not b.over:
            for side in b.state.sides:
                problems += view_problems(b.state, side)
            checked += 1
            assert not problems, f"{path.name} battle {i} action {len(b.history)}: {problems[:3]}"
            r = b.submit(next_action(b, agents))
            assert r.ok
    assert checked > 1000


# ---------------------------------------------------------------------------- markers and spotting
def hidden_table():
    vc = el("vc1", "blue", 300, 200, hidden="concealed", marker="2", name="VC main force section 1", profile="vc_main_force")
    vil = el("vil", "blue", 380, 200, hidden="non_combatant", kind="non_combatant", marker="1", name="villagers")
    us = el("us", "red", 300, 500)
    return state([vc, vil, us])


def test_view__unrevealed_elements_are_identical_unmarked_markers():
    s = hidden_table()
    v = RULESET.view(s, "red")
    marks = [e for e in v.elements.values() if e.side == "blue"]
    assert [e.id for e in marks] == ["marker-1", "marker-2"]
    assert {(e.kind, e.quality, e.profile, e.name.split("#")[0]) for e in marks} == {("unknown", 0, "unknown", "unidentified element ")}
    assert [f.label for f in RULESET.figures(v) if f.side == "blue"] == ["#1", "#2"]
    assert all(f.markers == () for f in RULESET.figures(v) if f.side == "blue")
    own = RULESET.view(s, "blue")
    assert set(own.elements) == {"vc1", "vil", "us"}


def test_spotting__within_200_yards_for_concealed_100_for_confused_and_non_combatants():
    s = hidden_table()
    s.elements["us"].y = 200 + YD(190)
    assert spotter(s, s.elements["vc1"]).id == "us"
    s.elements["us"].y = 200 + YD(210)
    assert spotter(s, s.elements["vc1"]) is None
    s.elements["us"].x, s.elements["us"].y = 380, 200 + YD(110)
    assert spotter(s, s.elements["vil"]) is None
    s.elements["us"].y = 200 + YD(95)
    assert spotter(s, s.elements["vil"]).id == "us"


def test_spotting__halved_through_dense_and_blocked_by_buildings():
    s = hidden_table()
    s.terrain = [piece("j", "dense", box(250, 250, 350, 260))]
    s.terrain_key = "dense-test"
    s.elements["us"].y = 200 + YD(150)
    assert spotter(s, s.elements["vc1"]) is None
    s.elements["us"].y = 200 + YD(95)
    assert spotter(s, s.elements["vc1"]).id == "us"


def test_firing__reveals_the_element():
    """A concealed element in ambush fires at close range and is revealed."""
    s = hidden_table()
    s.elements["us"].x, s.elements["us"].y = 360.0, 244.0  # 74.4 mm: beyond spotting (73.15), within range
    assert spotter(s, s.elements["vc1"]) is None
    s.advanced = ["red"]
    s.elements["idle"] = el("idle", "red", 580, 580)
    r = act(s, A.Hold(side="red", element="us"), faces=[1])
    assert r.ok and s.elements["vc1"].revealed


def test_agent__same_view_same_choice_whatever_is_hidden():
    """Two states that differ only in what the attacker cannot know (which
    marker is the VC section, where its unknown objectives are, the
    defender's list): the attacker's views are identical, so is its choice."""
    a = hidden_table()
    b = hidden_table()
    b.elements["vc1"].name, b.elements["vil"].name = "villagers", "VC main force section 1"
    b.elements["vc1"].kind, b.elements["vil"].kind = "non_combatant", "infantry"
    b.elements["vc1"].hidden, b.elements["vil"].hidden = "non_combatant", "concealed"
    for s, pts in ((a, [(100, 100), (200, 100)]), (b, [(100, 100), (500, 150)])):
        s.objectives = objectives(pts)
        s.objectives[0].known = True
        s.mission = Mission(kind="normal", primary=[1], secondary=[2, 3], chosen=True)
        s.cp = {"red": 2}
    va, vb = RULESET.view(a, "red"), RULESET.view(b, "red")
    assert va.to_json() == vb.to_json()
    ca = FoxholeAgent(random.Random(3)).choose(RULESET, va, "red")
    cb = FoxholeAgent(random.Random(3)).choose(RULESET, vb, "red")
    assert ca == cb


def test_agents__are_given_views_by_the_controller():
    """The turn controller hands each agent ``view(state, side)``; a spy
    agent records what it was given: never an enemy's hidden element."""
    from game.battle.controller import Controller
    from game.battle.seats import Seat

    seen: list = []
    path = ROOT / "maps" / "foxhole" / "patrol.scenario.json"
    b = new_battle(path, 5)

    class Spy(FoxholeAgent):
        def choose(self, ruleset, view, side):
            text = view.to_json()
            seen.append((side, view.viewer, [t for t in secrets_of(b.state, side) if t in text]))
            return super().choose(ruleset, view, side)

    ctl = Controller(b, {s: Seat("ai", "default") for s in b.state.sides})
    for s in b.state.sides:
        ctl.agents[s] = Spy(random.Random(1))
    ctl.advance(max_actions=150)
    assert len(seen) > 100 and {side for side, _, _ in seen} == {"sas", "mnla"}
    assert all(side == viewer and leaked == [] for side, viewer, leaked in seen)


def test_log__private_lines_are_for_their_side_only():
    """The owner's list of hidden elements is written privately (the app's log
    shows it to that side alone)."""
    from game.ui.log import BattleLog  # no pygame: the log model only

    path = ROOT / "maps" / "foxhole" / "patrol.scenario.json"
    b = new_battle(path, 2)
    log = BattleLog(RULESET)
    agents: dict = {}
    for i in range(12):
        a = next_action(b, agents)
        r = b.submit(a)
        log.add(i, a, r.events)
    mine = [ln.text for ln in log.filtered(viewer="mnla") if "list of hidden elements" in ln.text]
    theirs = [ln.text for ln in log.filtered(viewer="sas") if "list of hidden elements" in ln.text]
    assert len(mine) == 1 and theirs == []
    assert len(log.filtered()) > len(log.filtered(viewer="sas"))

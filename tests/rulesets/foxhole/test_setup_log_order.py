"""Foxhole, Hidden Units and the set-up: hidden elements set up in marker-number
order (ours, README "Deviations and decisions": the owner's own order would tell
the enemy which numbered marker is which roster entry), and every set-up line of
the log has one form, "Set-up by <side>: <what> in <grid square>", the side by
the name the scenario gives it (never its id), no verb after it, so a plural
name ("MNLA insurgents") reads as right as a singular one."""

from __future__ import annotations

import re
from pathlib import Path

from game.battle.runner import play
from game.rulesets.foxhole import events as E
from game.rulesets.foxhole.display.describe import describe
from game.rulesets.foxhole.orders import to_deploy

from .helpers import el, state

ROOT = Path(__file__).resolve().parents[3]
PATROL = ROOT / "maps" / "foxhole" / "patrol.scenario.json"
SETUP = re.compile(r"^\[turn \d+\] (?P<only>\(MNLA insurgents only\) )?Set-up by (?P<side>MNLA insurgents|SAS patrol): (?P<what>.+) "
                   r"in (?P<grid>[A-Z]\d+)(, in extended formation)?$")


def _log(seed: int) -> list[str]:
    lines: list[str] = []
    play(PATROL, {}, seed, log=lines.append)
    return lines


def test_to_deploy__open_elements_in_roster_order_then_hidden_by_marker():
    s = state([el("h3", "blue", 0, 0, deployed=False, hidden="concealed", marker="3"),
               el("open", "blue", 0, 0, deployed=False),
               el("h1", "blue", 0, 0, deployed=False, hidden="concealed", marker="1"),
               el("h10", "blue", 0, 0, deployed=False, hidden="confused", marker="10"),
               el("h2", "blue", 0, 0, deployed=False, hidden="non_combatant", marker="2"),
               el("done", "blue", 0, 0, hidden="concealed", marker="4"),
               el("foe", "red", 0, 0, deployed=False)], phase="deploy", active="blue", turn=0)
    assert [e.id for e in to_deploy(s, "blue")] == ["open", "h1", "h2", "h3", "h10"]


def test_patrol_log__hidden_elements_set_up_in_marker_order_and_every_set_up_line_has_one_form():
    lines = _log(3)
    first = lines.index("[turn 0] Set-up: MNLA insurgents' turn to set up")
    setup = [ln for ln in lines if ln.startswith("[turn") and "Set-up by " in ln]
    # six possible objectives, five mnla elements, five sas elements: every one in the one form
    assert len(setup) == 16
    parts = [SETUP.match(ln) for ln in setup]
    assert all(parts), [ln for ln, m in zip(setup, parts) if not m]
    assert [m["what"] for m in parts[:6]] == [f"possible objective {n}" for n in range(1, 7)]
    assert {m["side"] for m in parts[:6]} == {"MNLA insurgents"}
    # the possible objectives are the MNLA's secret: the headless (umpire's) log marks them, and only them
    assert [bool(m["only"]) for m in parts] == [True] * 6 + [False] * 10
    mnla = [m["what"] for m in parts if m["side"] == "MNLA insurgents"][6:]
    assert mnla == [f"unidentified element #{n}" for n in range(1, 6)]
    assert [m["what"] for m in parts if m["side"] == "SAS patrol"] == [
        "SAS patrol 1", "SAS patrol 2", "SAS patrol 3", "British rifle section 1", "British rifle section 2"]
    assert lines.index(setup[6]) == first + 1
    # the old wordings are gone
    assert not [ln for ln in lines if ln.startswith("[turn") and (" placed in " in ln or re.search(r"\bsets up in\b", ln))]
    # sides by name everywhere: turns, command points, the list of hidden elements, the winner
    assert not [ln for ln in lines if re.search(r"(?<![\w-])(mnla|sas)(?![\w-])", ln)]
    assert "[turn 1] Command points for SAS patrol this turn: " in "\n".join(lines)
    # no side's name before a verb that would have to agree with it
    assert not [ln for ln in lines if re.search(r"(MNLA insurgents|SAS patrol) (sets|has|wins|uses)\b", ln)]
    assert any(ln.startswith("[turn 0] (MNLA insurgents only) MNLA insurgents' list of hidden elements: #1 is ") for ln in lines)


def test_patrol_log__marker_order_whatever_the_shuffle():
    for seed in (1, 2):
        lines = _log(seed)
        mnla = [int(m[1]) for ln in lines if (m := re.search(r"Set-up by MNLA insurgents: unidentified element #(\d+) in", ln))]
        assert mnla == [1, 2, 3, 4, 5], seed


def test_describe__deployed_and_revealed_lines():
    ext = E.Deployed(element="p1", side="sas", who="SAS patrol", name="SAS patrol 1", x=10, y=10, formation="extended",
                     grid="A1")
    assert describe(ext) == "Set-up by SAS patrol: SAS patrol 1 in A1, in extended formation"
    placed = E.ObjectivePlaced(number=4, x=1, y=1, grid="F1", private="mnla", who="MNLA insurgents")
    assert describe(placed) == "Set-up by MNLA insurgents: possible objective 4 in F1"
    # a version 2 replay's events carry the side's id only
    assert describe(E.ObjectivePlaced(number=4, x=1, y=1, grid="F1", private="mnla")) == "Set-up by mnla: possible objective 4 in F1"
    shown = E.ObjectivesRevealed(numbers=(1, 2, 3), points=((0, 0),) * 3, grids=("A1", "B1", "D1"))
    assert describe(shown) == "the defender shows the attacker possible objectives 1 in A1, 2 in B1 and 3 in D1"
    # a version 1 replay's event names no side
    old = E.Deployed(element="p1", name="SAS patrol 1", x=10, y=10, grid="A6")
    assert describe(old) == "SAS patrol 1 sets up in A6"


def test_describe__side_lines_read_right_for_a_plural_and_a_singular_side_name():
    """No verb follows a side's name, so "MNLA insurgents" and "NVA" both read right."""
    for who, own in (("MNLA insurgents", "MNLA insurgents'"), ("NVA", "NVA's")):
        assert describe(E.CommandPoints(side="x", who=who, points=3)) == f"command points for {who} this turn: 3"
        assert describe(E.Decided(winner="x", who=who, reason="the patrol is out")) == f"won by {who}: the patrol is out"
        assert describe(E.Phase(phase="deploy", side="x", who=who, turn=0)) == f"Set-up: {own} turn to set up"
        assert describe(E.Phase(phase="command", side="x", who=who, turn=2)) == f"Turn 2: {own} turn begins"
        assert describe(E.Phase(phase="activation", side="x", who=who, turn=2)) == f"Turn 2: {own} elements act"
        assert describe(E.Phase(phase="interrupt", side="x", who=who, turn=2)) == f"Turn 2: {who} may interrupt the move"
    assert describe(E.Decided(winner=None, reason="time ran out")) == "no winner: time ran out"

"""Foxhole, Hidden Units: an agent's reason is weighed on its side's view and
names that side's hidden elements and secret objectives, so it is that side's
only (README "Deviations and decisions", reasons under hidden information).
The app's log shows it to its side alone; the headless log, which has no
seated player, is the umpire's and marks every line only one side may read
with that side's name. The MNLA set-up of Patrol (seed 3): its default agent
sets up five hidden elements, naming each in its reason."""

from __future__ import annotations

import re

from game.battle.controller import Controller
from game.battle.runner import _log_step
from game.battle.seats import Seat, seats_for
from game.core.logtext import reason_line, reason_owner, secret_mark
from game.ui.log import BattleLog  # the log model only: no pygame

from tests.rulesets.conformance import ROOT, new_battle

PATROL = ROOT / "maps" / "foxhole" / "patrol.scenario.json"
MARK = "(MNLA insurgents only) "


def _mnla_set_up():
    """The battle after the MNLA have set up, its headless log lines and the app's log."""
    b = new_battle(PATROL, 3)
    rs = b.ruleset
    lines: list[str] = []
    turn = [b.state.turn]
    app = BattleLog(rs, b.scenario, turn=b.state.turn)

    def on_step(action, result) -> None:
        turn[0] = _log_step(b, action, result, lines.append, turn[0])
        app.add(len(b.history) - 1, action, result.events, b.history.entries[-1].reason)

    ctl = Controller(b, seats_for(rs.sides(b.scenario), {"mnla": Seat("ai", "default"), "sas": Seat("ai", "random")}),
                     on_step=on_step)
    while any(e.side == "mnla" and not e.deployed for e in b.state.elements.values()):
        ctl.advance(max_actions=1)
    return b, lines, app


def test_reasons__hidden_names_only_in_lines_marked_for_their_side():
    b, lines, app = _mnla_set_up()
    hidden = {e.name for e in b.state.elements.values() if e.side == "mnla" and e.unrevealed}
    assert len(hidden) == 5
    naming = [ln for ln in lines if any(re.search(rf"\b{re.escape(n)}\b", ln) for n in hidden)]
    # each hidden element's set-up reason names it; the list of hidden elements names them all
    whys = [ln for ln in naming if ln.startswith("  why")]
    assert len(whys) == 5 and all(ln.startswith(f"  why {MARK.strip()}: ") for ln in whys)
    assert all(MARK.strip() in ln for ln in naming), [ln for ln in naming if MARK.strip() not in ln]
    # the public set-up lines name markers only, unmarked
    public = [ln for ln in lines if re.match(r"\[turn 0\] Set-up by MNLA insurgents: unidentified element #\d in [A-Z]\d$", ln)]
    assert len(public) == 5
    # the SAS player's log in the app: no reason of the MNLA, no hidden name
    sas = app.filtered(viewer="sas")
    assert not [ln for ln in sas if ln.kind == "why" and ln.side == "mnla"]
    assert not [ln.text for ln in sas if any(n in ln.text for n in hidden)]
    assert len([ln for ln in app.filtered(viewer="mnla") if ln.kind == "why" and ln.side == "mnla"]) >= 5


def test_reason_line__marked_for_its_side_under_hidden_information():
    b = new_battle(PATROL, 3)
    why = {"text": "villagers 1 sets up in the kampong (C3)", "candidates": []}
    assert reason_line(why, b.scenario, reason_owner(b.ruleset, "mnla")) == \
        "  why (MNLA insurgents only): villagers 1 sets up in the kampong (C3)"
    assert reason_line(why, b.scenario) == "  why: villagers 1 sets up in the kampong (C3)"
    assert secret_mark(None, b.scenario) == "" and secret_mark("sas", b.scenario) == "(SAS patrol only) "

"""Hidden missions stay hidden (ww2_skirmish: Pre-Battle; Missions): over every
state of 20 random battles, the other side's view of a hand shows no card it
has not revealed, the side panel each side reads names only its own cards and
the revealed ones, and no log line but a reveal names a card."""

from __future__ import annotations

import pytest

from game.rulesets.ww2_skirmish import RULESET
from game.rulesets.ww2_skirmish.catalogue import DATA
from game.rulesets.ww2_skirmish.display.panel import side_panel
from game.rulesets.ww2_skirmish.state import HIDDEN

from ..conformance import new_battle, playout
from .helpers import MAPS

NAMES = {k: m.name for k, m in DATA.missions.items()}
SCENARIOS = sorted(MAPS.glob("*.scenario.json"))


def _check(battle, action) -> None:
    s = battle.state
    for side in s.sides:
        other = s.enemy_of(side)
        view = RULESET.view(s, side)  # read only: one view serves the hands and the panel
        real, seen = s.hands[other], view.hands[other]
        assert all(c == HIDDEN for c in seen.drawn + seen.deck)
        assert seen.backup in (None, HIDDEN)
        assert seen.kept == (real.kept if real.revealed else (HIDDEN if real.kept else None))
        assert seen.target == (real.target if real.revealed else (HIDDEN if real.target else None))
        panel = " ".join(side_panel(view, side))
        secret = {real.backup, *real.drawn, *real.deck} - {real.kept if real.revealed else None, None}
        secret -= {c for c, _, _ in real.record}  # cards done are revealed in the log
        mine = s.hands[side]
        secret -= {c for c in (mine.kept, mine.backup, *mine.drawn, *(r[0] for r in mine.record)) if c}
        for card in secret:
            assert NAMES[card] not in panel, f"{side}'s panel names {other}'s hidden {NAMES[card]}"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.name.split(".")[0])
def test_no_hidden_card_in_the_other_sides_view(scenario):
    for seed in range(1, 5):
        b = playout(new_battle(scenario, seed), each=_check)
        _check(b, None)
        revealed: set[tuple[str, str]] = set()
        lines = 0
        for ev in b.events():
            if ev.type == "ww2_mission_revealed":
                revealed.add((ev.side, NAMES[ev.mission]))
            elif ev.type == "ww2_hand_set":
                lines += 1
                named = {n for n in NAMES.values() if n in ev.text}
                assert named <= {n for sd, n in revealed if sd == ev.side}, ev.text
        assert lines > 0


def test_agents_reasons__read_only_by_their_own_side():
    """README "Deviations and decisions" (agents' reasons are private): an agent's
    reason weighs its hidden mission and marked target ("keeps Assassination"), so
    the app's log shows it to that side alone, and a log with no seated player marks
    it with the side's name."""
    from game.battle.controller import Controller
    from game.battle.seats import Seat, seats_for
    from game.core.logtext import reason_line, reason_owner
    from game.ui.log import BattleLog  # the log model only: no pygame

    b = new_battle(MAPS / "assassination.scenario.json", 2)
    app = BattleLog(RULESET, b.scenario, turn=b.state.turn)

    def on_step(action, result) -> None:
        app.add(len(b.history) - 1, action, result.events, b.history.entries[-1].reason)

    ctl = Controller(b, seats_for(RULESET.sides(b.scenario), {"red": Seat("ai", "default"), "blue": Seat("ai", "default")}),
                     on_step=on_step)
    ctl.advance(max_actions=30)
    whys = {side: [ln.text for ln in app.filtered(viewer=side) if ln.kind == "why"] for side in ("red", "blue")}
    mine = {side: [ln.text for ln in app.filtered(viewer=side) if ln.kind == "why" and ln.side == side] for side in ("red", "blue")}
    assert mine["red"] and mine["blue"] and any("Assassination" in t for t in mine["blue"] + mine["red"])
    assert whys == mine  # neither side reads the other's reasons
    why = {"text": "keeps Assassination", "candidates": []}
    assert reason_line(why, b.scenario, reason_owner(RULESET, "blue")) == "  why (German only): keeps Assassination"

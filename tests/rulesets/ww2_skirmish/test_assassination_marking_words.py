"""Assassination (ours: the mission card names the target): before the
target is marked, its buttons name the enemy Rank unit each would mark ("Mark
German Feldwebel", two buttons never read the same), and the
goal says what to do rather than "the enemy Rank unit you chose" before any
choice; the score names the sides."""

from __future__ import annotations

from game.rulesets.ww2_skirmish import RULESET
from game.rulesets.ww2_skirmish import actions as A
from game.rulesets.ww2_skirmish.display.panel import side_panel
from game.ui.scenes.summary import score_line

from ..conformance import new_battle
from .helpers import MAPS


def test_mark_buttons_name_their_unit_and_the_goal_reads_before_the_choice():
    b = new_battle(MAPS / "assassination.scenario.json", 1)
    keep = None
    for _ in range(10):  # the rules' start, then the first side's draw
        side = RULESET.active_side(b.state)
        legal = RULESET.legal_actions(b.state, side)
        keep = next((a for a in legal if isinstance(a, A.KeepMission) and a.mission == "assassination"), None)
        if keep is not None:
            break
        assert b.submit(legal[0]).ok
    assert keep is not None and b.submit(keep).ok
    marks = [a for a in RULESET.legal_actions(b.state, side) if isinstance(a, A.ChooseTarget)]
    assert len(marks) >= 2
    labels = [RULESET.describe_action_in(b.state, a) for a in marks]
    assert labels == [f"Mark {b.state.units[a.unit].name}" for a in marks]
    assert len(set(labels)) == len(labels)
    panel = side_panel(RULESET.view(b.state, side), side)
    assert "  Goal: eliminate the enemy Rank unit you mark by the end of turn 5" in panel
    assert not any("you chose" in line for line in panel)


def test_score_line__side_ids_in_the_keys_are_named():
    b = new_battle(MAPS / "assassination.scenario.json", 1)
    score = RULESET.outcome(b.state).score
    line = score_line(score, b.scenario)
    assert line.startswith("Score: British VP 0, German VP 0, British kills (silver) 0"), line

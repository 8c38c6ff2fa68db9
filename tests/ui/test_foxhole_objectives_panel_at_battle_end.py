"""At the end of a won Foxhole battle the objectives panel ticks the
winner's objective (and crosses the loser's), and the score says whose
objectives were taken, by the side's name."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from game.rulesets.foxhole.state import Mission, Objective
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.summary import SummaryScene

ROOT = Path(__file__).resolve().parents[2]
CONVOY = ROOT / "maps" / "foxhole" / "convoy_ambush.scenario.json"


def _won_by_the_convoy(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(CONVOY, 1, {"arvn": Seat("human"), "vc": Seat("human")},
                                               replay=tmp_path / "r.jsonl", screenshot_mode=True))
    app.drive(2)
    st = scene.session.battle.state
    st.mission = Mission(kind="normal", primary=[1], secondary=[2, 4], chosen=True)
    st.objectives = [Objective(number=n, x=100.0 * n, y=100.0, known=True, achieved=n == 1) for n in range(1, 7)]
    return scene, st


def test_objectives_panel_notes_the_attackers_progress_while_open(app, tmp_path):
    scene, _ = _won_by_the_convoy(app, tmp_path)
    scene.session.viewer = "vc"  # the defender does not know the attacker's mission
    assert [st_ for _, st_ in scene.objective_lines()] == ["open", "open"]
    assert "taken" not in scene.objective_lines()[0][0]
    scene.session.viewer = "arvn"
    states = dict((t.split(":")[0], (t, st)) for t, st in scene.objective_lines())
    assert states["ARVN convoy"] == ("ARVN convoy: Normal mission: push through and take three objectives "
                                     "(1 of 3 taken)", "open")
    assert states["Viet Cong"][1] == "open"


def test_won_battle_ticks_the_winners_objective_and_names_whose_were_taken(app, tmp_path):
    scene, st = _won_by_the_convoy(app, tmp_path)
    st.decided, st.result_winner, st.result_reason = True, "arvn", "the primary objective is taken"
    st.over, st.winner, st.end_reason = True, "arvn", "the primary objective is taken"
    app.drive(1)
    lines = scene.objective_lines()
    assert [st_ for _, st_ in lines] == ["done", "failed"], lines  # att (ARVN convoy) ticked, def (Viet Cong) crossed
    assert lines[0][0].startswith("ARVN convoy: ")
    assert scene.score_text == ["ARVN convoy took 1 of 3 objectives"]
    app.screenshot(tmp_path / "foxhole-objectives-won.png")
    drawn = [t for t, _ in scene.panel_text_rects]  # the panel shows the objectives, not the side's briefing
    assert any(t.startswith("ARVN convoy: Normal mission") for t in drawn), drawn
    assert any(t.startswith("Viet Cong: Stop the convoy") for t in drawn), drawn
    b = scene.session.battle
    summary = SummaryScene(b.ruleset.outcome(b.state), b.state.turn, 0, tmp_path / "r.jsonl", lambda: None,
                           lambda: None, side_name=b.scenario.side_name, sides=b.scenario, ruleset=b.ruleset,
                           state=b.state)
    assert "ARVN convoy took 1 of 3 objectives" in summary.lines

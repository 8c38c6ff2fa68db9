"""The question before "End player phase" names only the able soldiers who
have not attempted initiative this turn (Battlespace: Player Phase), in the
app as in the rules: after Sgt. Reyes and Cpl. Okafor have acted it names
the other two, and on turns 2 and 3 again only those left."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from game.rulesets.battlespace import actions as A
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


def test_end_phase_question_lists_only_soldiers_left_to_attempt(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
    for turn in (1, 2, 3):
        st = scene.session.battle.state
        assert (st.turn, st.phase, st.active) == (turn, "player", "fireteam")
        for u in ("reyes", "okafor"):
            scene.select(u)
            assert scene.commit(A.Activate(side="fireteam", unit=u))
            if scene.session.battle.state.current == u:
                assert scene.commit(A.EndActivation(side="fireteam", unit=u))
            scene.skip_ai()
        scene.select(None)
        app.drive(1)
        end = next(a for a in scene.bar_actions if isinstance(a, A.EndPlayerPhase))
        assert not scene.commit(end)  # asks first
        question = " ".join(app.top.lines)
        assert question.startswith("Spc. Lindqvist, Pfc. Tanaka have not been activated"), question
        assert "Reyes" not in question and "Okafor" not in question
        if turn == 1:
            app.screenshot(tmp_path / "end-phase-question.png")
        app.top.press("Go ahead")
        scene.skip_ai()
        app.drive(1)

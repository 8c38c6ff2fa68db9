"""Ending the space fleet's movement phase with ships not yet moved asks
first, as Battlespace's "End player phase?" does: the rules would move each
of them straight ahead its least distance (spacefleet_core 1.3, Movement).
Cancel leaves the table as it was (Go ahead is the confirm path Battlespace's
test already plays through)."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from tests.ui.conftest import start_battle

SCENARIO = Path(__file__).resolve().parents[2] / "maps" / "spacefleet" / "planet_low_orbit.scenario.json"


def test_end_movement_phase__asks_naming_how_many_ships_have_not_moved(app, tmp_path):
    scene = start_battle(app, SCENARIO, {"imperial": Seat("human")}, tmp_path / "sf.replay.jsonl")
    s = scene.session
    st = s.battle.state
    assert st.phase == "movement" and scene.my_turn
    left = [sh for sh in st.ships.values() if sh.side == "imperial" and sh.status == "active" and not sh.moved]
    assert len(left) >= 2
    where = {sh.id: (sh.x, sh.y) for sh in left}
    app.drive(1)
    end = next(a for a in scene.bar_actions if a.type == "sf_end_phase")
    assert not scene.commit(end)  # asks first
    assert app.top.name != "battle"
    question = " ".join(app.top.lines)
    assert question.startswith(f"End the movement phase? {len(left)} ships have not moved"), question
    assert "straight ahead its least distance" in question
    app.top.press("Cancel")
    app.drive(1)
    st = s.battle.state
    assert app.top is scene and st.phase == "movement"
    assert {sh.id: (sh.x, sh.y) for sh in st.ships.values() if sh.id in where} == where  # nothing moved

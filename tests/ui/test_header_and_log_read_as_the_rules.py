"""Words the player reads as the rules say them: the header names the phase
as a phase ("Player phase", not "player"), the log counts turns with the
ruleset's own word (Battlesystem's rounds: "R1", as its header's "Round 1
of 8"), and the bottom bar's head line starts with a capital ("Selected:
Villagers 2")."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from game.ui.naming import phase_words
from tests.ui.conftest import start_battle

MAPS = Path(__file__).resolve().parents[2] / "maps"


def test_phase_words__one_word_named_as_a_phase_longer_ones_capitalised():
    assert phase_words("player") == "Player phase"
    assert phase_words("movement") == "Movement phase"
    assert phase_words("weapon lost") == "Weapon lost"
    assert phase_words("end of the round") == "End of the round"
    assert phase_words("") == ""


def test_battlespace_header__the_phase_as_a_phase(app, tmp_path):
    scene = start_battle(app, MAPS / "battlespace" / "mission1.scenario.json", {"fireteam": Seat("human")},
                         tmp_path / "b.replay.jsonl")
    assert scene.session.ruleset.phase(scene.session.battle.state) == "player"
    assert "  |  Player phase  |  " in scene.header_text(1600)


def test_battlesystem_log__rounds_counted_as_the_header_counts_them(app, tmp_path):
    from game.battle.loading import open_scenario

    path = MAPS / "battlesystem" / "crossroads.scenario.json"
    rs, sc, _ = open_scenario(path)
    scene = start_battle(app, path, {rs.sides(sc)[0]: Seat("human")}, tmp_path / "r.replay.jsonl")
    app.drive(1)
    rows = [t for t in scene.log_panel.row_texts if not t.startswith("   ")]
    assert rows and all(t.startswith("R") and t[1].isdigit() for t in rows), rows[:3]
    assert scene.header_text(1600).count("Round ") == 1


def test_selected_head_line__starts_with_a_capital(app, tmp_path):
    scene = start_battle(app, MAPS / "foxhole" / "patrol.scenario.json", {"sas": Seat("human")}, tmp_path / "f.replay.jsonl")
    low = next(f for f in scene.view.figures if scene._fig_name(f.id)[:1].islower())
    scene.select(low.id)
    app.drive(1)
    name = scene._fig_name(low.id)
    assert scene.head_text == f"Selected: {name[0].upper()}{name[1:]}"

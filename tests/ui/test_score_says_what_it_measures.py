"""The score line says what it measures: Battlesystem's outcome score is
each side's strength (share of its hit dice left), shown as a percentage
under "Strength", not as points; side names keep their case mid-line ("the
Horde"), and a seat label starts with a capital ("The Horde")."""

from __future__ import annotations

from pathlib import Path

from game.rulesets import get
from game.ui.scenes.summary import score_line

ROOT = Path(__file__).resolve().parents[2]
CROSSROADS = ROOT / "maps" / "battlesystem" / "crossroads.scenario.json"


def test_battlesystem_score_reads_as_strength_percent():
    sides = {"valmark": "Valmark", "horde": "the Horde"}
    line = score_line({"valmark": 1.0, "horde": 0.75}, sides, get("battlesystem"))
    assert line == "Strength: Valmark 100%, the Horde 75%"


def test_other_rulesets_keep_score_and_names_keep_their_case():
    line = score_line({"imperial": 0.0, "chaos": 28.5}, {"imperial": "Imperial Navy", "chaos": "the raiders"})
    assert line == "Score: Imperial Navy 0, the raiders 28.5"


def test_seat_label_starts_with_a_capital(app):
    from game.ui.scenes.menu import MenuScene

    menu = app.push(MenuScene(scenario=CROSSROADS))
    app.frame()
    labels = [lab.text for lab in menu._seat_labels]
    assert "The Horde" in labels and "the Horde" not in labels

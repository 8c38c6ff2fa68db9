"""The battle's status line shows file names as they are, underscores and
all ("saved to .../mission1_2x2-....save.json"), while ids in the rules' own
text still read as words; one-line texts are not clipped."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from game.ui.naming import Namer
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1_2x2.scenario.json"


def test_namer__paths_left_as_written():
    n = Namer()
    assert n("saved to /tmp/cfg/saves/mission1_2x2-20250101.save.json") == \
        "saved to /tmp/cfg/saves/mission1_2x2-20250101.save.json"
    assert n("opened mission1_2x2.map.json, heavy_bolter out of range") == \
        "opened mission1_2x2.map.json, heavy bolter out of range"


def test_status_line__save_path_keeps_its_underscores(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "r.jsonl")
    p = scene.save_game(tmp_path / "mission1_2x2-1.save.json")
    app.drive(1)
    shown = " ".join(scene.bottom_text)
    assert "mission1_2x2-1.save.json" in shown, scene.bottom_text
    app.screenshot(tmp_path / "status.png")
    assert p.name == "mission1_2x2-1.save.json"

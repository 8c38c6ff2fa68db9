"""The log's Side button filters the lines the log panel shows to one side
at a time (then all again), and says which side by the scenario's name for
it, in the same frame as the click."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.battle.seats import Seat
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
SF = ROOT / "maps" / "spacefleet" / "planet_low_orbit.scenario.json"


def test_side_filter__lines_of_the_named_side_only(app, tmp_path):
    scene = start_battle(app, SF, {"imperial": Seat("ai", "random"), "chaos": Seat("human")}, tmp_path / "r.jsonl")
    app.drive(1)
    log = scene.session.log
    sides = log.sides()
    assert {"imperial", "rules"} <= set(sides)
    every = len(scene.log_panel._rows)
    press = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.btn_side)
    names = {"imperial": "Imperial Navy", "chaos": "Chaos raiders", "rules": "rules"}
    for side in sides:
        app.drive(1, [press])
        assert scene.side_filter == side
        assert scene.btn_side.text == f"Side: {names[side]}"  # by name, in the frame of the click
        drawn = [ln for _, _, ln in scene.log_panel._rows]
        assert drawn and all(ln.side == side for ln in drawn), {ln.side for ln in drawn}
        assert scene._log_lines == [ln for ln in log.lines if ln.side == side and ln.private in (None, "chaos")]
        if side == "imperial":
            app.screenshot(tmp_path / "log-imperial.png")
    app.drive(1, [press])
    assert scene.side_filter is None and scene.btn_side.text == "Side: all"
    assert len(scene.log_panel._rows) == every

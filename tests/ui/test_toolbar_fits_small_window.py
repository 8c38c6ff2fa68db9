"""The battle's top toolbar fits any window from 640x480 up: every button
lies inside the window, none overlaps another, the header keeps room to the
left of the first row, and in a narrow window the bar wraps onto a second
row with the table and side panel below it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battle.seats import Seat
from game.ui import fonts
from tests.ui.conftest import headless_app, label_overlaps, start_battle

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


@pytest.mark.parametrize("size,rows", [((640, 480), 2), ((1280, 800), 1)], ids=["640x480", "1280x800"])
def test_toolbar_buttons_inside_the_window_and_apart(size, rows, tmp_path, monkeypatch):
    app = next(gen := headless_app(tmp_path, monkeypatch, size))
    try:
        scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
        app.drive(1)
        rects = [(b.text, b.rect) for b in scene.top_buttons]
        w, h = size
        assert all(r.left >= 0 and r.right <= w and r.top >= 0 and r.bottom <= h for _, r in rects), rects
        assert label_overlaps(rects) == []
        assert len({r.y for _, r in rects}) == rows
        top = scene.top_height()
        assert all(r.bottom <= top for _, r in rects)
        assert scene.view.camera.viewport[1] >= top  # the table starts below the bar
        header = scene.header_text()
        first_row = min(r.x for _, r in rects if r.y == 4)
        assert all(10 + fonts.font(size, True).size(t)[0] <= first_row for t, size in scene.header_lines())
        assert "Fireteam" in header  # the side to act, by its name
        app.screenshot(tmp_path / f"toolbar-{w}x{h}.png")
    finally:
        gen.close()


def test_a_narrow_window_wraps_the_header_and_names_who_may_act_whole(tmp_path, monkeypatch):
    """At 800 x 560 (the smallest window) the space fleet's long scenario name
    and the side to act are whole: the header takes more lines beside the
    wrapped toolbar instead of ending in "..." (it did, twice), inside the top
    bar; the bottom bar's head line says how many models can act when there
    is no room for their names, never cut."""
    app = next(gen := headless_app(tmp_path, monkeypatch, (800, 560)))
    try:
        scene = start_battle(app, ROOT / "maps" / "spacefleet" / "asteroid_belt.scenario.json",
                             {"imperial": Seat("human")}, tmp_path / "ab.replay.jsonl")
        app.drive(1)
        lines = scene.header_lines()
        assert len(lines) > 2 and not any(t.endswith("...") for t, _ in lines), lines
        assert " ".join(t for t, _ in lines[:2]).startswith(scene.session.battle.scenario.name)
        assert "Imperial Navy (you)" in lines[-1][0]
        assert all(10 + fonts.font(size, True).size(t)[0] <= scene.top_left for t, size in lines)
        assert sum(fonts.font(size, True).get_linesize() for _, size in lines) + 3 <= scene.top_height()
        assert scene.head_text == f"Your turn: {len(scene.actors())} models can act: select one, or Tab."
        app.screenshot(tmp_path / "header-800x560.png")
    finally:
        gen.close()

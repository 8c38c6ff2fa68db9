"""The replay viewer's top line and its next-action line are whole and on
screen: at 800 x 560 the top line takes a smaller font, and a name too long
even then is shortened so the action, turn, phase and speed stay whole
(the line ended in "..." over the speed), at UI scale 1.5 the next-action line lies inside the
window above its bottom edge (it was cut by it), below every control."""

from __future__ import annotations

from pathlib import Path

import pygame_gui
import pytest

from game.ui import fonts
from game.ui.scenes.replay import ReplayScene
from tests.ui.conftest import app_at

ROOT = Path(__file__).resolve().parents[2]
REPLAY = ROOT / "tests" / "golden" / "battlespace" / "mission3.replay.jsonl"


@pytest.mark.parametrize("size,scale", [((800, 560), 1.0), ((1280, 800), 1.5)], ids=["800x560", "1280x800-1.5"])
def test_top_and_next_lines_whole_and_on_screen(size, scale, tmp_path, monkeypatch):
    with app_at(tmp_path, monkeypatch, size, scale) as app:
        scene = app.push(ReplayScene(REPLAY))
        app.drive(1)
        scene.seek(5)
        app.drive(1)
        room = scene.menu.get_abs_rect().left - 20
        head, pt = scene.header_fit(room)
        assert head == scene.header_text() and 10 + fonts.font(pt, True).size(head)[0] <= room + 10  # whole
        scene.model.scenario = scene.model.scenario.model_copy(
            update={"name": "Mission 3: the long ambush on the road out of Dahath at dusk"})
        head, pt = scene.header_fit(room)  # too long even at 14 pt: the name is shortened, the rest whole
        full = scene.header_text()
        rest = full[full.index("  |  action"):]
        assert head.endswith(rest) and head.startswith("Replay: Mission 3") and "..." in head
        assert 10 + fonts.font(pt, True).size(head)[0] <= room + 10
        text, ink = scene.next_drawn
        assert text == scene.next_line() and ink.bottom <= size[1]
        controls = [e.get_abs_rect() for e in scene.ui.get_sprite_group().sprites()
                    if isinstance(e, (pygame_gui.elements.UIButton, pygame_gui.elements.UITextEntryLine))
                    and e.get_abs_rect().left < scene.view.camera.viewport[2]]
        assert ink.top >= max(r.bottom for r in controls)
        app.screenshot(tmp_path / "replay.png")

"""The battle toolbar's toggles (line of sight, ranges, groupings, AI
pause) show whether they are on: the text says so ("LoS on", "Ranges off",
"AI paused") and a toggle that is on is drawn selected, in another colour;
the bar does not move when a toggle flips."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.battle.seats import Seat
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


def _button(scene, label):
    return next(b for b, lab in scene._toggle_buttons.items() if lab == label)


def test_toggles__text_and_look_follow_the_state(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
    app.drive(1)
    los, ranges, pause = _button(scene, "LoS"), _button(scene, "Ranges"), _button(scene, "Pause AI")
    rects = {b.text: tuple(b.rect) for b in scene.top_buttons}
    assert (los.text, ranges.text, pause.text) == ("LoS on", "Ranges off", "Pause AI")
    assert los.is_selected and not ranges.is_selected
    on_colour = app.screen.get_at((los.rect.x + 6, los.rect.centery))
    off_colour = app.screen.get_at((ranges.rect.x + 6, ranges.rect.centery))
    assert on_colour != off_colour
    app.screenshot(tmp_path / "toggles-before.png")
    for b in (los, ranges, pause):
        app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=b)])
    assert not scene.show_los and scene.show_ranges and scene.paused_ai
    assert (los.text, ranges.text, pause.text) == ("LoS off", "Ranges on", "AI paused")
    assert not los.is_selected and ranges.is_selected and pause.is_selected
    app.drive(1)
    assert app.screen.get_at((ranges.rect.x + 6, ranges.rect.centery)) == on_colour
    assert app.screen.get_at((los.rect.x + 6, los.rect.centery)) == off_colour
    assert sorted(tuple(b.rect) for b in scene.top_buttons) == sorted(rects.values())  # nothing moved
    # the keyboard flips them too (G: groupings)
    app.drive(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0)])
    assert not scene.view.show_groups
    assert _button(scene, "Groups").text == "Groups off"
    app.screenshot(tmp_path / "toggles-after.png")

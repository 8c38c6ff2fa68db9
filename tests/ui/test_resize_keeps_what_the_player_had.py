"""Resizing the window lays every screen out again without losing what the
player had: in a battle the selected model, the actions offered for the
clicked spot and their preview, the camera's zoom and the point at the
centre of the table view, the log's filter; in the menu the chosen scenario,
the seats and the typed seed; in the editor the selection and the camera.
A table shown whole (fit zoom) fits the new size."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.battle.seats import Seat
from game.ui.scenes.editor import EditorScene
from game.ui.scenes.menu import MenuScene
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


def resize(app, w, h):
    app.drive(1, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])


def centre(cam):
    x, y, w, h = cam.viewport
    return cam.to_world(x + w / 2, y + h / 2)


def test_a_resized_battle_keeps_selection_offer_preview_camera_and_log_filter(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "m1.replay.jsonl")
    fid = scene.actors()[0]
    scene.select(fid)
    f = scene.view.by_id[fid]
    scene.aim(f.x, f.y - 100, lock=True)
    cam = scene.view.camera
    cam.zoom_at(2, *cam.to_screen(f.x, f.y))
    level, middle = cam.scale / cam.fit_scale, centre(cam)
    scene.side_filter = "fireteam"  # the log shows one side's lines
    scene._filter_labels()
    app.drive(1)
    offered, side_text = list(scene.pending), scene.btn_side.text
    assert offered and scene.preview is not None and side_text != "Side: all"
    resize(app, 1000, 700)
    cam = scene.view.camera
    assert cam.viewport == tuple(scene.table_area((1000, 700)))
    assert scene.selected == fid and scene.pending == offered and scene.preview is not None
    assert scene.bar_actions[:len(offered)] == offered
    assert abs(cam.scale / cam.fit_scale - level) < 1e-9
    assert all(abs(a - b) < 1e-6 for a, b in zip(centre(cam), middle))
    assert scene.btn_side.text == side_text
    cam.fit()
    resize(app, 1280, 800)
    tw, th = scene.view.camera.table
    assert scene.view.camera.scale == scene.view.camera.fit_scale  # shown whole: fits the new size
    cam = scene.view.camera
    x, y, w, h = cam.viewport  # the table centred above the room kept for the sight legend
    assert cam.reserve_bottom > 0
    assert all(abs(a - b) <= 1 for a, b in zip(cam.to_screen(tw / 2, th / 2), (x + w / 2, y + (h - cam.reserve_bottom) / 2)))


def test_a_resized_menu_keeps_its_choices(app, tmp_path):
    menu = app.push(MenuScene(scenario=M1, seed=1))
    app.drive(1)
    chosen = menu.chosen
    menu.seat_choice["fireteam"] = "AI (random)"
    menu.seed_entry.set_text("77")
    resize(app, 900, 640)
    assert menu.chosen == chosen and menu.seed_entry.get_text() == "77"
    assert menu.seat_menus["fireteam"].selected_option[0] == "AI (random)"


def test_a_resized_editor_keeps_its_selection_and_camera(app, tmp_path):
    ed = app.push(EditorScene(ROOT / "maps" / "battlespace" / "mission1.map.json"))
    app.drive(1)
    fid = ed.doc.features[0].id
    ed.doc.selection = {fid}
    ed.camera.zoom_at(1, *ed.camera.to_screen(300, 300))
    level, middle = ed.camera.scale / ed.camera.fit_scale, centre(ed.camera)
    resize(app, 1100, 760)
    assert ed.doc.selection == {fid}
    assert ed.camera.viewport == tuple(ed.table_area())
    assert abs(ed.camera.scale / ed.camera.fit_scale - level) < 1e-9
    assert all(abs(a - b) < 1e-6 for a, b in zip(centre(ed.camera), middle))


def test_a_scene_under_a_dialog_draws_its_new_widgets_after_a_resize(app, tmp_path):
    """The menu under a note (after Settings -> Save, which resizes the
    window) shows its rebuilt buttons at once, not an empty column until the
    note is closed."""
    menu = app.push(MenuScene(scenario=M1, seed=1))
    app.drive(1)
    app.message("Settings saved.", "Settings")
    app.drive(1)
    resize(app, 1100, 760)
    surface = pygame.Surface(app.size)
    menu.ui.draw_ui(surface)
    b = menu.start_btn.rect
    assert tuple(surface.get_at((b.x + 4, b.y + 4)))[:3] == (44, 49, 58)  # the button's face (theme normal_bg)

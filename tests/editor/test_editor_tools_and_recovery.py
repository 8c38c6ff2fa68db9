"""The editor scene: the exit tool and table edges, the map
name / id / ruleset and free table size fields, recent files first in the Open
dialog, autosave recovery, selecting an objective that shares its feature's
id, and the measuring tool's three units. Headless, synthetic input;
screenshots go to ``$BATTLETABLE_SHOTS`` (default: the test's temp folder)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from game.data.maps import load_map  # noqa: E402
from game.editor import commands as C  # noqa: E402
from game.editor import files  # noqa: E402
from game.editor.kinds import catalogue  # noqa: E402
from tests.editor.test_editor_ui_fixes import Below, copy_map, open_editor, pygame_app  # noqa: E402,F401

G = 25.4


def shot(app, tmp_path, name):
    d = Path(os.environ.get("BATTLETABLE_SHOTS", tmp_path / "shots"))
    return app.screenshot(d / name)


def menu_texts(menu):
    return [o[0] if isinstance(o, tuple) else o for o in menu.options_list]


def menu_selected(menu):
    o = menu.selected_option
    return o[0] if isinstance(o, tuple) else o


def type_into(d, entry, text):
    d.frames(10)  # a fresh click, not a double click on the same field
    d.press(entry)
    entry.set_text("")
    d.type(text)
    d.key(pygame.K_RETURN)


# -- 1. exits and table edges ------------------------------------------------------------

def test_exit_tool__click_an_edge__drag_a_segment__side_field(pygame_app, tmp_path):
    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace")
    doc = scene.doc
    d.tool("exit")
    d.click(457, 2)  # the north edge: the whole edge, any side
    assert [(e.edge, e.side, e.start_mm, e.end_mm) for e in doc.exits] == [("north", None, 0.0, None)]
    type_into(d, scene._entry("exit_side"), "fireteam")
    assert scene.exit_side == "fireteam"
    assert doc.exits[0].side == "fireteam"  # the new exit was selected: the field applies to it
    d.drag((doc.width - 1, 4 * G), (doc.width - 1, 12 * G))  # along the east edge
    e = doc.exits[-1]
    assert (e.edge, e.side) == ("east", "fireteam")
    assert e.start_mm == pytest.approx(4 * G, abs=0.1) and e.end_mm == pytest.approx(12 * G, abs=0.1)
    d.click(457, 457)  # the middle of the table: no exit
    assert len(doc.exits) == 2 and scene.status_bad
    # the side field edits a selected exit, undoably
    d.tool("select")
    d.click(457, 1)
    assert doc.selected_keys() == {("exits", doc.exits[0].id)}
    type_into(d, scene._entry("exit_side"), "opfor")
    assert doc.exits[0].side == "opfor"
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert doc.exits[0].side == "fireteam"
    for _ in range(3):
        d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert len(doc.exits) == 0
    for _ in range(4):
        d.key(pygame.K_y, pygame.KMOD_CTRL)
    assert [e.side for e in doc.exits] == ["opfor", "fireteam"]
    d.key(pygame.K_ESCAPE)
    d.frames(2)
    p = shot(app, tmp_path, "editor-exits.png")
    surf = pygame.image.load(str(p))
    # the east exit segment is drawn in the exit colour on the table's east edge
    x, y = scene.camera.to_screen(doc.width, 8 * G)
    assert tuple(surf.get_at((int(x) - 1, int(y))))[:3] == (240, 240, 120)


# -- 2. map name, id, ruleset, free table size -----------------------------------------------

def test_map_fields_and_free_table_size_are_undoable(pygame_app, tmp_path):
    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace")
    doc = scene.doc
    type_into(d, scene._entry("name"), "Bridge at dawn")
    type_into(d, scene._entry("id"), "bridge_dawn")
    assert (doc.name, doc.id) == ("Bridge at dawn", "bridge_dawn")
    type_into(d, scene._entry("id"), "bad id!")
    assert doc.id == "bridge_dawn" and scene.status_bad, (scene.status, scene._entry("id").get_text())
    type_into(d, scene._entry("ruleset"), "spacefleet")
    assert doc.ruleset == "spacefleet"
    first = catalogue().kinds_for("spacefleet")[0]
    assert scene.kind == first and menu_selected(scene.kind_menu) == first and "building" not in menu_texts(scene.kind_menu)
    type_into(d, scene._entry("width"), "1500")
    type_into(d, scene._entry("depth"), "1000")
    assert (doc.width, doc.height) == (1500.0, 1000.0)
    assert menu_selected(scene.table_menu) == "free"
    type_into(d, scene._entry("width"), "-3")
    assert doc.width == 1500.0 and scene.status_bad
    assert scene.camera.table == (1500.0, 1000.0)
    vx, vy, vw, vh = scene.camera.viewport
    (x0, y0), (x1, y1) = scene.camera.to_screen(0, 0), scene.camera.to_screen(1500, 1000)
    assert vx <= x0 < x1 <= vx + vw and vy <= y0 < y1 <= vy + vh  # refitted: the whole table shows
    d.frames(2)
    shot(app, tmp_path, "editor-map-fields.png")
    for _ in range(3):
        d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert (doc.width, doc.height, doc.ruleset) == (914.0, 914.0, "battlespace")
    assert scene._entry("width").get_text() == "914" and scene._entry("ruleset").get_text() == "battlespace"
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert (doc.name, doc.id) == ("Untitled map", "untitled")
    d.key(pygame.K_y, pygame.KMOD_CTRL)
    assert doc.name == "Bridge at dawn"
    # a preset from the menu sets the entries
    d.choose(scene.table_menu, "6'x4'")
    assert (doc.width, doc.height) == (1829.0, 1219.0) and scene._entry("depth").get_text() == "1219"


# -- 3. recent files first -------------------------------------------------------------------

def test_open_dialog_lists_recent_files_first(pygame_app, tmp_path):
    a = copy_map(tmp_path, "battlespace/mission1.map.json")
    b = copy_map(tmp_path, "battlespace/mission2.map.json")
    files.add_recent(a)
    files.add_recent(b)  # newest first: b, a
    app, scene, d = open_editor(pygame_app, None)
    d.press(d.top_button("Open"))
    chooser = app.top
    assert chooser.name == "files"
    assert [p.resolve() for p in chooser.paths[:2]] == [b.resolve(), a.resolve()]
    assert len(chooser.paths) > 2  # the map folders follow
    assert sum(p.resolve() == a.resolve() for p in chooser.paths) == 1
    d.frames(2)
    shot(app, tmp_path, "editor-open-recent.png")
    chooser.choose(a)
    assert app.top is scene and scene.doc.path == a


# -- 4. autosave recovery ---------------------------------------------------------------------

def _autosave(path, name):
    doc = files.open_map(path)
    doc.name = name
    doc.touch()
    auto = files.Autosaver(doc, clock=lambda: 0.0).tick()
    t = time.time() + 5
    os.utime(auto, (t, t))
    return auto


def test_opening_a_map_with_a_newer_autosave_asks_to_recover(pygame_app, tmp_path):
    path = copy_map(tmp_path, "battlespace/mission1.map.json")
    auto = _autosave(path, "Recovered name")
    app, scene, d = open_editor(pygame_app, None)
    assert scene.open(path)
    dialog = app.top
    assert dialog.name == "recover" and dialog.title == "Recover unsaved changes?"
    assert list(dialog.buttons) == ["Recover", "Discard"]
    d.frames(2)
    shot(app, tmp_path, "editor-recover.png")
    d.press(next(b for b in dialog._widgets if b.text == "Recover"))
    assert app.top is scene
    assert scene.doc.name == "Recovered name" and scene.doc.dirty and scene.doc.path == path
    assert auto.exists()
    # Discard keeps the saved map
    assert scene.open(path)
    d.press(next(b for b in app.top._widgets if b.text == "Discard"))
    assert app.top is scene and scene.doc.name == load_map(path).name and not scene.doc.dirty


def test_editor_started_on_a_map_with_an_autosave_asks_too(pygame_app, tmp_path):
    path = copy_map(tmp_path, "battlespace/mission1.map.json")
    _autosave(path, "From the crash")
    app, scene, d = open_editor(pygame_app, path)
    assert app.top.name == "recover"
    app.top.press("Recover")
    assert app.top is scene and scene.doc.name == "From the crash"


# -- 5. an objective sharing its feature's id ---------------------------------------------------

def test_clicking_an_objective_that_shares_a_feature_id_selects_the_objective(pygame_app, tmp_path):
    app, scene, d = open_editor(pygame_app, copy_map(tmp_path, "battlespace/mission1.map.json"))
    doc = scene.doc
    obj = doc.get(("objectives", "humvee"))
    feat = doc.feature("humvee")
    d.tool("select")
    d.click(obj.x, obj.y)
    assert doc.selection == {("objectives", "humvee")}
    assert doc.selected_keys() == {("objectives", "humvee")} and scene.selected_feature() is None
    d.frames(2)
    shot(app, tmp_path, "editor-objective-selected.png")
    # moving it moves the objective, not the vehicle
    d.drag((obj.x, obj.y), (obj.x + 2 * G, obj.y))
    moved = doc.get(("objectives", "humvee"))
    assert (moved.x, moved.y) == pytest.approx((obj.x + 2 * G, obj.y))
    assert doc.feature("humvee").exterior == feat.exterior
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert doc.get(("objectives", "humvee")).x == obj.x
    # a plain id still means the feature (the model's precedence)
    scene.select(C.Select(["humvee"]))
    assert doc.selected_keys() == {("features", "humvee")} and scene.selected_feature().id == "humvee"
    # a click off the marker on a feature of its own selects that feature
    b1 = doc.feature("b1")
    d.click(b1.exterior[0][0] + 3, b1.exterior[0][1] + 3)
    assert doc.selection == {"b1"}


# -- 6. measuring in three units -------------------------------------------------------------------

def test_measure_tool_shows_mm_inches_and_cm(pygame_app, tmp_path):
    app, scene, d = open_editor(pygame_app, None)
    d.tool("measure")
    d.drag((2 * G, 2 * G), (12 * G, 2 * G))
    assert scene.status == 'measured 10.0" = 25.4 cm = 254 mm'
    app.drive(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=d.px(2 * G, 4 * G), button=1)])
    app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=d.px(8 * G, 12 * G), rel=(0, 0), buttons=(1, 0, 0))])
    shot(app, tmp_path, "editor-measure.png")
    app.drive(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=d.px(8 * G, 12 * G), button=1)])
    assert scene.status == 'measured 10.0" = 25.4 cm = 254 mm'  # 6-8-10 triangle

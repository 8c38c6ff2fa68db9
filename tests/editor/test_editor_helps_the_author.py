"""The map editor helps: F1 help, a rubber band while drawing, snapping to
the table's edges and corners (the grid kept on the table), a dragged vertex
snapping to other items but never its own outline, coordinates saved to
0.01 mm, a self-intersecting outline selectable, Test play coming back to
the editor, the Open dialog by name with maps and scenarios apart, the kind
of the selection apart from the kind of the next shape."""

from __future__ import annotations

import json

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from game.editor import commands as C  # noqa: E402
from game.editor import files  # noqa: E402
from game.editor.document import MapDocument  # noqa: E402
from game.editor.snap import TABLE, snap  # noqa: E402
from tests.editor.test_editor_ui_fixes import copy_map, open_editor, pygame_app  # noqa: E402,F401

G = 25.4


# -- snapping (no window) ------------------------------------------------------------------------------
def test_snap__the_grid_stays_on_the_table_and_the_edges_and_corners_snap():
    doc = MapDocument.new(ruleset="battlespace")  # 914 x 914 mm: the inch grid's last line is at 914.4
    assert (doc.width, doc.height) == (914.0, 914.0)
    s = snap((700.0, 913.0), doc, grid=G, radius=3.0)
    assert s.point == (round(700 / G) * G, 914.0) and s.item_id == TABLE  # on the south edge, x on the grid
    s = snap((450.0, 912.5), doc, grid=G, radius=1.0)  # out of edge reach: the grid, clamped to the table
    assert s.point[1] == 914.0 and s.target == "grid"
    assert snap((911.5, 2.0), doc, grid=G, radius=3.0).point == (914.0, 0.0)  # the north-east corner
    assert snap((-5.0, 300.0), doc, grid=G, radius=1.0).point[0] == 0.0


def test_snap__a_vertex_excluded_item_snaps_to_others_only():
    doc = MapDocument.new(ruleset="battlespace")
    C.AddRectangle("building", 100, 100, 200, 160, id="a").do(doc)
    C.AddRectangle("building", 300, 100, 400, 160, id="b").do(doc)
    on_own_edge = (150.0, 160.4)
    assert snap(on_own_edge, doc, radius=2.0).item_id == "a"
    s = snap(on_own_edge, doc, grid=G, radius=2.0, exclude=["a"])
    assert s.item_id != "a" and s.target == "grid"


# -- saving ------------------------------------------------------------------------------------------------
def test_save__coordinates_rounded_to_a_hundredth_of_a_mm(tmp_path):
    doc = MapDocument.new(ruleset="battlespace")
    C.AddRectangle("building", 100.0, 100.0, 200.123456, 888.0166667, id="h").do(doc)
    out = files.save(doc, tmp_path / "r.map.json")
    data = json.loads(out.read_text())
    xs = [v for pt in data["features"][0]["exterior"] for v in pt]
    assert 200.12 in xs and 888.02 in xs and all(round(v, 2) == v for v in xs)
    assert [list(p) for p in doc.features[0].exterior] == data["features"][0]["exterior"]  # the document holds what was saved


# -- the scene ------------------------------------------------------------------------------------------------
def test_f1_help_names_the_tools_and_how_to_close_a_polygon(pygame_app):
    app, scene, d = open_editor(pygame_app)
    d.key(pygame.K_F1)
    assert app.top.name == "editor-help"
    text = " ".join(app.top.lines)
    assert "first corner" in text and "Enter" in text and "polygon" in text and "Save draft" in text
    d.key(pygame.K_ESCAPE)
    assert app.top is scene


def test_rubber_band_follows_the_mouse_and_lights_the_first_corner(pygame_app):
    app, scene, d = open_editor(pygame_app)
    d.tool("polygon")
    ring = [(10 * G, 10 * G), (16 * G, 10 * G), (16 * G, 15 * G)]
    for p in ring:
        d.click(*p)
    assert len(scene.doc.draft) == 3
    far = d.px(12 * G, 18 * G)
    app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=far, rel=(0, 0), buttons=(0, 0, 0))])
    assert scene.hover == (12 * G, 18 * G) and not scene.closes_draft(scene.hover)
    before = app.screen.copy()
    app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=d.px(*ring[0]), rel=(0, 0), buttons=(0, 0, 0))])
    assert scene.closes_draft(scene.hover)
    # the band's end moved with the mouse: the picture changed between the two spots
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.screen, "RGB")
    d.click(*ring[0])
    assert not scene.doc.draft and scene.doc.features[-1].exterior == ring


def test_dragged_vertex_never_snaps_to_its_own_outline(pygame_app):
    app, scene, d = open_editor(pygame_app)
    scene.run(C.AddRectangle("building", 10 * G, 10 * G, 14 * G, 13 * G, id="h"))
    scene.select(C.Select(["h"]))
    d.tool("vertex")
    # drag the corner (14G, 13G) onto a point near its own bottom edge but off the grid
    d.drag((14 * G, 13 * G), (12.3 * G, 13.05 * G))
    pts = scene.doc.feature("h").exterior
    assert (12 * G, 13 * G) in [tuple(p) for p in pts]  # the grid point, not a slanted projection on its own edge


def test_self_intersecting_outline_is_selectable_inside_either_lobe(pygame_app):
    app, scene, d = open_editor(pygame_app)
    bow = [(10 * G, 10 * G), (20 * G, 20 * G), (20 * G, 10 * G), (10 * G, 20 * G)]  # a bow tie: lobes west and east
    scene.tool = "polygon"
    for p in bow:
        scene.run(C.DraftAddVertex(*p))
    scene.run(C.FinishPolygon("woods"))
    f = scene.doc.features[-1]
    assert [tuple(p) for p in f.exterior] == bow
    for p in ((11 * G, 15 * G), (19 * G, 15 * G)):  # inside the west lobe, inside the east lobe
        assert scene.item_at(p) == ("features", f.id)
    assert scene.item_at((15 * G, 11.5 * G)) is None  # between the lobes: nothing


def test_kind_of_the_next_shape_and_of_the_selection_are_apart(pygame_app):
    app, scene, d = open_editor(pygame_app)
    scene.run(C.AddRectangle("building", 10 * G, 10 * G, 14 * G, 13 * G, id="h"))
    scene.select(C.Select(["h"]))
    d.frames(2)
    d.choose(scene.kind_menu, "woods")  # the next shape: the selected building stays a building
    assert scene.kind == "woods" and scene.doc.feature("h").kind == "building"
    d.choose(scene.sel_kind_menu, "ruin")  # the selection's own kind
    assert scene.doc.feature("h").kind == "ruin" and scene.kind == "woods"
    scene.select(C.Select([], mode="clear"))
    d.frames(2)
    assert not scene.sel_kind_menu.is_enabled


def test_open_dialog__recent_then_maps_then_scenarios_each_by_name(pygame_app, tmp_path):
    a = copy_map(tmp_path, "battlespace/mission2.map.json")
    files.add_recent(a)
    app, scene, d = open_editor(pygame_app)
    d.press(d.top_button("Open"))
    chooser = app.top
    heads = [t for t, p in chooser.rows() if p is None]
    assert heads == ["-- Recent --", "-- Maps --", "-- Scenarios --"]
    sections = dict(chooser.sections())
    names = [t for t, _ in chooser.rows()]
    from game.ui.scenes.map_chooser import display_name

    maps = [display_name(p).lower() for p in sections["Maps"]]
    assert maps == sorted(maps) and all(p.name.endswith(".map.json") for p in sections["Maps"])
    assert all(p.name.endswith(".scenario.json") for p in sections["Scenarios"])
    assert any(n.startswith("Mission 1: the ambushed patrol") for n in names)  # shown by name, path after
    # a scenario opens its map
    sc = next(p for p in sections["Scenarios"] if p.name == "mission3.scenario.json")
    chooser.choose(sc)
    assert scene.doc.path.name == "mission3.map.json"


def test_test_play_comes_back_to_the_editor_with_the_map_open(pygame_app, tmp_path):
    path = copy_map(tmp_path, "battlespace/mission1.map.json")
    app, scene, d = open_editor(pygame_app, path)
    battle = scene.test_play()
    assert battle is not None and app.top is battle
    assert any(b.text == "Editor" for b in battle.top_buttons)
    battle.ask_leave() if not battle.unsaved else battle.to_menu()
    assert app.top is scene and scene.doc.path == path

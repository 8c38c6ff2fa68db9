"""The editor scene: leaving it (Esc, Ctrl+Q, the Menu button, with a
Save / Discard / Cancel dialog for unsaved edits), the default zone side,
labels that do not overlap, the title that fits and the wrapped problem list.
Headless (dummy video driver), synthetic events."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from game.data.maps import load_map  # noqa: E402
from game.editor import commands as C  # noqa: E402
from game.editor.kinds import catalogue  # noqa: E402
from game.ui.scene import Scene  # noqa: E402
from tests.editor.test_editor_scene import Driver  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"


class Below(Scene):
    """Stands in for the menu under the editor."""

    name = "below"


@pytest.fixture
def pygame_app():
    from game.ui.app import App

    apps = []

    def make(size=(1400, 900)):
        app = App(size=size, headless=True)
        apps.append(app)
        return app

    yield make
    pygame.quit()


def open_editor(make, path=None, size=(1400, 900), **kw):
    from game.ui.scenes.editor import EditorScene

    app = make(size)
    app.push(Below())
    scene = app.push(EditorScene(path, clock=lambda: 0.0, **kw))
    d = Driver(app, scene)
    d.frames(2)
    return app, scene, d


def copy_map(tmp_path, rel):
    dst = tmp_path / Path(rel).name
    shutil.copy(MAPS / rel, dst)
    return dst


def dialog_button(app, label):
    return next(b for b in app.top._widgets if b.text == label)


# -- 2. leaving the editor ------------------------------------------------------------

def test_esc_with_nothing_selected__clean_map__back_to_scene_below(pygame_app, tmp_path):
    app, scene, d = open_editor(pygame_app, copy_map(tmp_path, "battlespace/mission1.map.json"))
    scene.select(C.Select(["sedan"]))
    d.key(pygame.K_ESCAPE)  # first Esc: only clears the selection
    assert app.top is scene and scene.doc.selection == set()
    d.key(pygame.K_ESCAPE)
    assert [s.name for s in app.stack] == ["below"]


def test_esc_cancels_a_drawing_before_leaving(pygame_app):
    app, scene, d = open_editor(pygame_app)
    scene.run(C.DraftAddVertex(10, 10))
    d.key(pygame.K_ESCAPE)
    assert app.top is scene and scene.doc.draft == []


def test_ctrl_q__dirty__cancel_then_discard(pygame_app, tmp_path):
    path = copy_map(tmp_path, "battlespace/mission1.map.json")
    before = path.read_text()
    app, scene, d = open_editor(pygame_app, path)
    scene.run(C.Move(["sedan"], 10, 0))
    assert scene.doc.dirty
    d.key(pygame.K_q, pygame.KMOD_CTRL)
    assert [s.name for s in app.stack] == ["below", "editor", "save-changes"]
    assert app.top.buttons.keys() == {"Save", "Discard", "Cancel"}
    d.press(dialog_button(app, "Cancel"))
    assert app.top is scene and scene.doc.dirty
    scene.select(C.Select(["sedan"]))
    d.key(pygame.K_ESCAPE)  # clears the selection
    assert app.top is scene
    d.key(pygame.K_ESCAPE)
    assert app.top.name == "save-changes"
    d.key(pygame.K_ESCAPE)  # Esc in the dialog = Cancel
    assert app.top is scene
    d.key(pygame.K_q, pygame.KMOD_CTRL)
    d.press(dialog_button(app, "Discard"))
    assert [s.name for s in app.stack] == ["below"]
    assert path.read_text() == before


def test_menu_button__dirty__save_writes_the_file_then_leaves(pygame_app, tmp_path):
    path = copy_map(tmp_path, "battlespace/mission1.map.json")
    app, scene, d = open_editor(pygame_app, path)
    scene.run(C.Move(["sedan"], 10, 0))
    moved = scene.doc.to_map()
    d.press(d.top_button("Menu"))
    assert app.top.name == "save-changes"
    d.press(dialog_button(app, "Save"))
    assert [s.name for s in app.stack] == ["below"]
    assert load_map(path) == moved and load_map(path).features != load_map(MAPS / "battlespace/mission1.map.json").features


def test_save_of_an_untitled_map_asks_for_a_file_then_leaves(pygame_app, tmp_path):
    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace")
    scene.run(C.AddRectangle("building", 100, 100, 200, 180))
    d.key(pygame.K_q, pygame.KMOD_CTRL)
    d.press(dialog_button(app, "Save"))
    chooser = app.top
    assert chooser.name == "files"
    chooser.entry.set_text(str(tmp_path / "new.map.json"))
    d.press(chooser.ok)
    assert [s.name for s in app.stack] == ["below"]
    assert [f.kind for f in load_map(tmp_path / "new.map.json").features] == ["building"]


def test_save_refused__editor_stays_open(pygame_app, tmp_path):
    path = copy_map(tmp_path, "battlespace/mission1.map.json")
    app, scene, d = open_editor(pygame_app, path)
    before = path.read_text()
    scene.run(C.Move(["sedan"], 5000, 0))  # off the table: an error blocks a normal save
    d.key(pygame.K_q, pygame.KMOD_CTRL)
    app.top.press("Save")
    assert app.top is scene and "not saved" in scene.status
    assert path.read_text() == before and scene.doc.dirty


def test_plain_keys_go_to_a_focused_text_field(pygame_app):
    app, scene, d = open_editor(pygame_app)
    entry = scene._entry("side")
    d.press(entry)
    assert entry.is_focused
    d.key(pygame.K_g, text="g")  # would toggle the grid
    d.key(pygame.K_ESCAPE)  # leaves the field, not the editor
    assert scene.grid_on and app.top is scene and not entry.is_focused


# -- 3. the zone side default -----------------------------------------------------------

@pytest.mark.parametrize("ruleset,zones,expected", [
    ("battlespace", [], "fireteam"),
    ("spacefleet", ["chaos"], "imperial"),
    ("unregistered_rules", ["axis", "allies"], "axis"),
    (None, ["blue"], "blue"),
    (None, [], "red"),
])
def test_default_side(ruleset, zones, expected):
    assert catalogue().default_side(ruleset, zones) == expected


def test_zone_side_field__follows_the_ruleset_and_map(pygame_app, tmp_path):
    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace")
    assert scene.side == "fireteam" and scene._entry("side").get_text() == "fireteam"
    assert scene.open(copy_map(tmp_path, "spacefleet/deep_space.map.json"))
    assert scene.side == "imperial" and scene._entry("side").get_text() == "imperial"
    scene.apply_field("side", "")
    assert scene.side == "imperial"
    # a map of a ruleset without listed sides: its first zone's side
    m = load_map(MAPS / "battlespace/mission1.map.json").model_copy(update={"ruleset": None, "id": "plain"})
    (tmp_path / "plain.map.json").write_text(m.model_dump_json())
    assert scene.open(tmp_path / "plain.map.json")
    assert scene.side == "fireteam"
    scene.tool = "zone"
    for p in [(10, 10), (100, 10), (100, 60)]:
        scene.run(C.DraftAddVertex(*p))
    scene.finish_draft()
    assert scene.doc.zones[-1].side == "fireteam"


# -- 4. labels, title, problem list -------------------------------------------------------

@pytest.mark.parametrize("rel", ["battlespace/mission1.map.json", "battlespace/mission2.map.json",
                                 "spacefleet/outer_reaches.map.json"])
def test_labels_do_not_overlap(pygame_app, tmp_path, rel):
    from game.ui.render.editor import draw_document

    app, scene, d = open_editor(pygame_app, copy_map(tmp_path, rel))
    labels = draw_document(app.screen, scene.camera, scene.doc, app.palette, None)
    m = scene.doc
    assert len(labels.placed) == len(m.features) + len([o for o in m.objectives if o.label])
    for i, a in enumerate(labels.placed):
        for b in labels.placed[i + 1:]:
            assert not a.colliderect(b), (a, b)
        for marker in labels.blocked:
            assert not a.colliderect(marker), (a, marker)


def test_title_fits_and_keeps_the_table_size(pygame_app, tmp_path):
    from game.ui import fonts

    app, scene, d = open_editor(pygame_app, copy_map(tmp_path, "battlespace/mission2.map.json"), size=(1280, 800))
    room = 1280 - scene.title_x - 10
    assert scene.title_text(room) == "Mission 2: the bomb maker of Mohashan - 914 x 914 mm"
    assert fonts.font(14, True).size(scene.title_text(room))[0] <= room
    scene.run(C.SetMapInfo(name="A very long map name " * 5))
    title = scene.title_text(room)
    assert title.startswith("A very long map name") and title.endswith("... * - 914 x 914 mm")
    assert fonts.font(14, True).size(title)[0] <= room
    last = max(b.rect.right for b in scene.top_buttons)
    assert scene.title_x > last


def test_problem_list_wraps_long_messages(pygame_app):
    from game.ui import fonts

    app, scene, d = open_editor(pygame_app, None, ruleset="battlespace", size=(1280, 800))
    long_name = "The really long name of a farmhouse that goes on and on and on and on"
    scene.run(C.AddFeature("building", [(880, 880), (960, 880), (960, 960), (880, 960)], id="farm", name=long_name))
    scene.run(C.AddFeature("woods", [(100, 100), (200, 200), (200, 100), (100, 200)], id="bowtie"))
    scene.revalidate()
    panel = scene.problem_panel
    rows = panel.layout(scene.problems)
    assert len(rows) == len(scene.problems) >= 3
    font = fonts.font(panel.SIZE)
    for i, rect, lines in rows:
        assert "".join(lines).replace(" ", "") == str(scene.problems[i]).replace(" ", "")
        assert all(font.size(line)[0] <= panel.rect.width - 2 * panel.PAD for line in lines)
        assert rect.right <= panel.rect.right
    assert max(len(lines) for _, _, lines in rows) >= 3  # the off-table message really wraps
    d.frames(1)
    target = next(i for i, p in enumerate(scene.problems) if p.item_id == "bowtie")
    d.click_px(rows[target][1].center)
    assert panel.selected == target and scene.doc.selection == {"bowtie"}


def test_open__a_map_with_a_self_intersecting_outline_opens_with_its_problem_listed(pygame_app, tmp_path, monkeypatch):
    """A map ``battletable validate`` refuses opens in the editor so it can be
    fixed: the problem panel names the feature (the one map validator)."""
    import json

    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    d = json.loads((ROOT / "tests/rulesets/toy/duel.map.json").read_text())
    d["features"][0]["exterior"] = [[200, 150], [400, 170], [400, 150], [200, 170]]
    path = tmp_path / "bowtie.map.json"
    path.write_text(json.dumps(d))
    app, scene, drv = open_editor(pygame_app, path)
    fid = d["features"][0]["id"]
    assert any(p.severity == "error" and p.item_id == fid for p in scene.problems), [str(p) for p in scene.problems]
    drv.frames(2)
    pygame.image.save(app.screen, str(tmp_path / "bowtie_open.png"))


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_editor_widgets__no_two_overlap_and_none_leaves_the_window(pygame_app, tmp_path, size):
    """At 640 x 480 the side panel narrows, the top bar and the tool bar wrap and the property
    rows shorten: every widget, the table and the title's room stay apart and inside the window."""
    app, scene, d = open_editor(pygame_app, copy_map(tmp_path, "battlespace/mission1.map.json"), size=size)
    w, h = size
    widgets = [*scene.top_buttons, *scene.tool_buttons, scene.btn_grid, scene.btn_snap, scene.btn_help,
               *scene.entries, scene.kind_menu, scene.table_menu, scene.sel_kind_menu]
    rects = [pygame.Rect(x.rect) for x in widgets] + [scene.problem_panel.rect, pygame.Rect(scene.camera.viewport)]
    rects.append(pygame.Rect(scene.title_x, scene.title_y, w - scene.title_x - 10, 16))
    window = pygame.Rect(0, 0, w, h)
    assert len(rects) == 10 + 12 + 3 + 12 + 3 + 3
    for i, a in enumerate(rects):
        assert window.contains(a), (a, size)
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)
    assert scene.camera.viewport[2] >= 250 and scene.camera.viewport[3] >= 200


def test_new_kind__a_map_of_no_ruleset_starts_with_a_building(pygame_app):
    """Every kind is offered on a map of no ruleset (sorted A to Z): the first
    shape is a building, not the asteroid field that sorts first; a ruleset's
    map starts with that ruleset's first kind."""
    _, scene, _ = open_editor(pygame_app, None, ruleset=None)
    kinds = catalogue().kinds_for(None)
    assert kinds[0] != "building" and "building" in kinds
    assert scene.kind == "building"
    _, scene, _ = open_editor(pygame_app, None, ruleset="spacefleet")
    assert scene.kind == catalogue().kinds_for("spacefleet")[0]

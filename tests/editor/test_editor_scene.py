"""A scripted headless editor session (dummy video driver, synthetic input):
draw a building with a door and a hole, a wall, a woods area and a deployment
zone; validate; save; reload; test-play. Screenshots go to
``$BATTLETABLE_SHOTS`` (default: the test's temporary folder)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from game.data.maps import load_map  # noqa: E402
from game.editor.validate import errors  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"
G = 25.4  # the editor's default grid, mm


class Driver:
    """Synthetic mouse and keyboard input for one app."""

    def __init__(self, app, scene):
        self.app, self.scene = app, scene

    def frames(self, n=2, events=()):
        self.app.drive(n, list(events))

    def click_px(self, pos, button=1):
        self.app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        self.app.drive(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
        self.app.drive(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])
        self.app.drive(3)  # widget events travel through the queue for a few frames

    def press(self, button):
        self.click_px(button.rect.center)

    def top_button(self, label):
        return next(b for b in self.scene.top_buttons if b.text == label)

    def tool(self, name):
        self.press(next(b for b, t in self.scene.tool_buttons.items() if t == name))
        assert self.scene.tool == name

    def px(self, x, y):
        return self.scene.camera.to_screen(x, y)

    def click(self, x, y):
        self.click_px(self.px(x, y))

    def drag(self, a, b):
        pa, pb = self.px(*a), self.px(*b)
        mid = ((pa[0] + pb[0]) // 2, (pa[1] + pb[1]) // 2)
        self.app.drive(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pa, button=1)])
        for p in (mid, pb):
            self.app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))])
        self.app.drive(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pb, button=1)])

    def key(self, key, mod=0, text=""):
        self.app.drive(1, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)])
        self.app.drive(1, [pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)])

    def type(self, text):
        for ch in text:
            self.app.drive(1, [pygame.event.Event(pygame.TEXTINPUT, text=ch)])

    def choose(self, menu, option):
        """Open a drop-down menu and click one of its options."""
        self.press(menu)
        lst = menu.current_state.options_selection_list
        item = next(i for i in lst.item_list if i["text"] == option)
        self.press(item["button_element"])


def test_scripted_editor_session(tmp_path, monkeypatch):
    from game.ui.app import App
    from game.ui.scenes.editor import EditorScene

    shots = Path(os.environ.get("BATTLETABLE_SHOTS", tmp_path / "shots"))
    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "config"))
    app = App(size=(1400, 900), headless=True)
    scene = app.push(EditorScene(None, ruleset="battlespace", template=TEMPLATE, clock=lambda: 0.0))
    d = Driver(app, scene)
    d.frames(2)
    doc = scene.doc

    # a building (rectangle tool, default kind), with a door and a courtyard
    d.tool("rect")
    d.drag((6 * G, 6 * G), (14 * G, 12 * G))
    assert [f.kind for f in doc.features] == ["building"]
    house = doc.features[0].id
    assert doc.selection == {house}
    d.tool("door")
    d.drag((8 * G, 6 * G), (10 * G, 6 * G))
    assert len(doc.feature(house).openings) == 1
    d.tool("hole")
    for x, y in [(8 * G, 8 * G), (11 * G, 8 * G), (11 * G, 10 * G)]:
        d.click(x, y)
    d.key(pygame.K_RETURN)
    assert len(doc.feature(house).holes) == 1 and not doc.draft

    # height typed into the property panel
    entry = scene._entry("height")
    d.press(entry)
    entry.set_text("")
    d.type("75")
    d.key(pygame.K_RETURN)
    assert doc.feature(house).height == 75

    # a wall (Esc first: a kind chosen with one feature selected applies to it)
    d.key(pygame.K_ESCAPE)
    assert not doc.selection
    d.choose(scene.kind_menu, "wall")
    assert scene.kind == "wall"
    d.tool("rect")
    d.drag((17 * G, 6 * G), (24 * G, 7 * G))
    assert doc.features[-1].kind == "wall"

    # a woods area, vertex by vertex, closed by clicking the first vertex
    d.key(pygame.K_ESCAPE)
    d.choose(scene.kind_menu, "woods")
    d.tool("polygon")
    ring = [(18 * G, 18 * G), (26 * G, 17 * G), (28 * G, 24 * G), (20 * G, 26 * G)]
    for p in ring:
        d.click(*p)
    d.click(*ring[0])
    assert doc.features[-1].kind == "woods" and doc.features[-1].exterior == ring

    # a deployment zone along the south edge, for Battlespace's first side
    assert scene._entry("side").get_text() == "fireteam"
    d.tool("zone")
    for p in [(1 * G, 32 * G), (35 * G, 32 * G), (35 * G, 35 * G), (1 * G, 35 * G)]:
        d.click(*p)
    d.key(pygame.K_RETURN)
    assert [z.side for z in doc.zones] == ["fireteam"]

    # undo and redo from the keyboard
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert doc.zones == []
    d.key(pygame.K_y, pygame.KMOD_CTRL)
    assert len(doc.zones) == 1

    # measure
    d.tool("measure")
    d.drag((0, 0), (10 * G, 0))
    assert '10.0"' in scene.status
    d.frames(2)
    app.screenshot(shots / "editor-drawn.png")

    # validate: only the "ten pieces" warning; then break it and zoom to the error
    d.press(d.top_button("Validate"))
    assert errors(scene.problems) == [] and [p.code for p in scene.problems] == ["few_features"]
    d.tool("select")
    d.click(20 * G, 6.5 * G)  # the wall
    wall = doc.features[1].id
    assert doc.selection == {wall}
    d.drag((20 * G, 6.5 * G), (12 * G, 9.5 * G))  # onto the building
    errs = errors(scene.problems)
    assert errs and errs[0].code == "overlap"
    rows = scene.problem_panel.layout(scene.problems)
    d.click_px(rows[scene.problems.index(errs[0])][1].center)
    assert scene.camera.scale > scene.camera.fit_scale * 2
    assert scene.problem_panel.selected == scene.problems.index(errs[0])
    app.screenshot(shots / "editor-problem.png")
    d.press(d.top_button("Save"))  # untitled: opens the chooser
    chooser = app.top
    assert chooser.name == "files"
    chooser.entry.set_text(str(tmp_path / "blocked.map.json"))
    d.press(chooser.ok)
    assert not (tmp_path / "blocked.map.json").exists() and scene.status.startswith("not saved: 1 error (")
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert errors(scene.problems) == []
    d.key(pygame.K_f)

    # save through the chooser, reload, compare
    d.press(d.top_button("Save as"))
    chooser = app.top
    chooser.entry.set_text(str(tmp_path / "skirmish.map.json"))
    d.press(chooser.ok)
    saved = tmp_path / "skirmish.map.json"
    assert saved.exists() and not doc.dirty
    drawn = doc.to_map()
    assert load_map(saved) == drawn
    assert scene.open(saved) and scene.doc.to_map() == drawn
    d.frames(2)
    app.screenshot(shots / "editor-reloaded.png")

    # test play: a battle scene on the map
    d.press(d.top_button("Test play"))
    assert app.top.name != "editor", scene.status
    d.frames(5)
    app.screenshot(shots / "editor-testplay.png")
    assert (tmp_path / "skirmish.test.scenario.json").exists()
    pygame.quit()

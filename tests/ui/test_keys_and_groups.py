"""The input map (defaults + settings, press-to-bind in the settings, the
help overlay's bindings) and the unit groupings drawn on the figures layer."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pygame_gui

from game.battle.seats import Seat
from game.core.view import Figure
from game.ui.input_map import InputMap, chord_text, parse_chord
from game.ui.palette import shade
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import config_dir
from tests.ui.conftest import count_colour

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"
FLEET = ROOT / "maps" / "spacefleet" / "planet_low_orbit.scenario.json"


def key(app, k, mod=0):
    app.drive(1, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])


def press(app, button):
    """What pygame_gui posts when ``button`` is clicked."""
    app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])


def test_input_map_defaults_overrides_and_conflicts():
    m = InputMap.defaults()
    ev = lambda k, mod=0: pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)  # noqa: E731
    assert m.action(ev(pygame.K_z, pygame.KMOD_LCTRL), "battle") == "undo"
    assert m.action(ev(pygame.K_z), "battle") is None
    assert m.action(ev(pygame.K_l), "battle") == "los"
    assert m.action(ev(pygame.K_l, pygame.KMOD_LCTRL), "battle") == "load"
    assert m.action(ev(pygame.K_l, pygame.KMOD_LSHIFT), "battle") == "los"  # shift falls back
    assert m.action(ev(pygame.K_PAGEDOWN), "replay", "table") == "next_turn"
    assert m.action(ev(pygame.K_PERIOD), "replay", "table") == "step_forward"
    assert m.action(ev(pygame.K_RIGHT), "replay", "table") == "pan_right"
    assert m.action(ev(pygame.K_RIGHT), "battle", "table") == "pan_right"
    assert m.label("undo") == "Ctrl+Z" and m.label("help") == "H, F1"
    # overrides: a bad chord or an unknown action is ignored, "" unbinds
    o = InputMap.from_settings({"undo": "u", "los": "ctrl+nosuchkey", "bogus": "x", "ranges": ""})
    assert o.action(ev(pygame.K_u), "battle") == "undo"
    assert o.action(ev(pygame.K_z, pygame.KMOD_CTRL), "battle") is None
    assert o.label("los") == "L" and o.label("ranges") == "-"
    # binding a key in use takes it from the other action of the same screens
    changes, taken = m.rebound("undo", parse_chord("l"))
    assert taken == ["los"] and changes == {"undo": "l", "los": ""}
    assert chord_text(parse_chord("Ctrl+Shift+Z")) == "ctrl+shift+z"


def test_rebinding_undo_moves_the_shortcut(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(DUEL, 1, {"red": Seat("human")}, replay=tmp_path / "k.replay.jsonl"))
    app.drive(1)
    # settings: click the Undo binding, press U
    st = app.push(SettingsScene())
    app.drive(1)
    btn = st.key_button("undo")
    assert btn.text == "Ctrl+Z"
    press(app, btn)
    assert st.binding == "undo" and btn.text == "press a key..."
    app.screenshot(tmp_path / "settings-binding.png")
    key(app, pygame.K_u)
    assert st.binding is None and btn.text == "U"
    saved = json.loads((config_dir() / "settings.json").read_text())
    assert saved["keys"] == {"undo": "u"}
    assert not list(config_dir().glob("*.tmp*"))  # written atomically: no temp file left
    app.screenshot(tmp_path / "settings-keys.png")
    app.pop(st)
    assert app.top is scene
    s = scene.session

    def move():
        a = s.ruleset.point_actions(s.battle.state, "red", "r1", 140, 100)[0]
        assert scene.commit(a)
        assert round(s.battle.state.units["r1"].x) == 140

    move()
    key(app, pygame.K_z, pygame.KMOD_LCTRL)  # the old key does nothing now
    assert round(s.battle.state.units["r1"].x) == 140
    key(app, pygame.K_u)  # the new one undoes
    assert round(s.battle.state.units["r1"].x) == 60
    # the help overlay shows the current binding
    key(app, pygame.K_h)
    assert app.top.name == "help"
    lines = dict((label, keys) for keys, label in app.top.key_lines())
    assert lines["Undo (to the last roll)"] == "U"
    app.screenshot(tmp_path / "help-keys.png")
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    # a fresh app reads the binding back from settings.json
    from game.ui.settings import load_settings

    assert InputMap.from_settings(load_settings().keys).label("undo") == "U"
    # the replay viewer's keys go through the map too
    app.settings.keys = {"step_forward": "n"}
    from game.ui.scenes.replay import ReplayScene

    scene.session.close()
    rp = app.push(ReplayScene(tmp_path / "k.replay.jsonl"))
    app.drive(1)
    assert rp.model is not None
    rp.seek(0)
    key(app, pygame.K_PERIOD)
    assert rp.k == 0
    key(app, pygame.K_n)
    assert rp.k == min(1, rp.model.actions)


def _grouped_view(app):
    from game.battle.loading import open_scenario
    from game.ui.table_model import TableModel
    from game.ui.table_view import TableView

    _, _, m = open_scenario(DUEL)
    view = TableView(TableModel.of_map(m), app.palette, ["red", "blue"], (0, 0, 600, 600))
    figs = [Figure("a1", "red", 100, 560, 12.5, group="squad-1"), Figure("a2", "red", 260, 560, 12.5, group="squad-1"),
            Figure("b1", "blue", 360, 40, 12.5), Figure("b2", "blue", 520, 40, 12.5)]  # b1, b2: no group
    view.set_content(figs, [])
    return view


def test_groups_are_linked_in_the_side_colour(app, tmp_path):
    view = _grouped_view(app)
    cam = view.camera
    link = shade(app.palette.side("red", view.side_order), 0.25)

    def between(p, q):
        (x0, y0), (x1, y1) = cam.to_screen(*p), cam.to_screen(*q)
        mx, my = (x0 + x1) // 2, (y0 + y1) // 2
        return app.screen.subsurface(pygame.Rect(mx - 10, my - 6, 20, 12))

    app.screen.fill((0, 0, 0))
    view.draw(app.screen)
    pygame.image.save(app.screen, str(tmp_path / "groups.png"))
    on = count_colour(between((100, 560), (260, 560)), link, 12)
    assert on >= 20  # a 2 px link across the 20 px box
    blue_link = shade(app.palette.side("blue", view.side_order), 0.25)
    assert count_colour(between((360, 40), (520, 40)), blue_link, 12) == 0  # not grouped: no link
    view.show_groups = False
    app.screen.fill((0, 0, 0))
    view.draw(app.screen)
    assert count_colour(between((100, 560), (260, 560)), link, 12) == 0


def test_groups_toggle_in_the_battle_and_fleet_squadrons(app, tmp_path):
    scene = app.push(BattleScene.from_scenario(FLEET, 1, {"imperial": Seat("human")}, replay=tmp_path / "g.replay.jsonl"))
    app.drive(2)
    groups: dict = {}
    for f in scene.view.figures:
        if f.group:
            groups.setdefault((f.side, f.group), []).append(f)
    pairs = [v for v in groups.values() if len(v) > 1]
    assert pairs, "the fleet scenario has squadrons"
    a, b = sorted(pairs[0], key=lambda f: f.id)[:2]
    assert scene.view.show_groups
    app.screenshot(tmp_path / "fleet-groups.png")
    key(app, pygame.K_g)
    assert not scene.view.show_groups
    app.screenshot(tmp_path / "fleet-nogroups.png")
    key(app, pygame.K_g)
    assert scene.view.show_groups


def test_replay_help_lists_each_key_for_the_one_thing_it_does_there(app):
    """The replay viewer's own keys are keys the camera does not use, so the help lists the camera's
    pan and fit with all their keys there and no key for two actions on one screen."""
    from game.ui.scenes.help import HelpScene
    m = InputMap.defaults()
    assert m.label_in("pan_left", ("replay", "table")) == "Left, A"
    assert m.label_in("fit", ("replay", "table")) == "F, Home"
    assert m.label_in("pan_left", ("battle", "table")) == "Left, A"
    for context in ("replay", "battle"):
        scene = app.push(HelpScene(context))
        app.drive(1)
        seen: dict[str, str] = {}
        for col in scene.columns:
            for keys, what, title in col:
                if title:
                    section = what
                if title or not keys or keys == "-" or (context == "replay") != (section != "Battle"):
                    continue
                for k in keys.split(", "):
                    assert k not in seen or seen[k] == what, (context, k, seen.get(k), what)
                    seen[k] = what
        app.pop(scene)

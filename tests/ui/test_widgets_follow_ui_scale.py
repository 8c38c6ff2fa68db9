"""Settings -> UI scale applies to the pygame_gui widgets as to the drawn
text: at 1.5 every button's and label's words fit inside it (the menu's side
names, the settings' key bindings, the battle's action bar, the editor's
bars), the widgets' fonts are the scaled size, and a new scale applies at
once, without a restart. A drop-down's open list is as wide as its box."""

from __future__ import annotations

from pathlib import Path

import pygame_gui

from game.battle.seats import Seat
from game.ui import fonts
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.editor import EditorScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import SettingsScene
from tests.ui.conftest import app_at, click, pygame

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


def too_narrow(ui) -> list:
    """Every visible button or label of ``ui`` whose words are wider than the
    widget holds (its rect less 2 px of border a side)."""
    E = pygame_gui.elements
    bad = []
    for el in ui.get_sprite_group().sprites():
        if isinstance(el, (E.UIButton, E.UILabel)) and el.visible and getattr(el, "text", ""):
            words = el.font.size(el.text)[0]
            if words > el.rect.width - 4:
                bad.append((el.text, words, tuple(el.rect)))
    return bad


def widget_font_px(ui) -> set[int]:
    """The heights of the fonts the buttons of ``ui`` with words use (not the
    arrows of a scroll bar or a drop-down, drawn in pygame_gui's symbol font)."""
    return {el.font.size("Ag")[1] for el in ui.get_sprite_group().sprites()
            if isinstance(el, pygame_gui.elements.UIButton) and any(c.isalpha() for c in el.text)}


def test_at_scale_one_and_a_half_menu_and_settings_widgets_hold_their_words(tmp_path, monkeypatch):
    with app_at(tmp_path, monkeypatch, (1280, 800), 1.5) as app:
        big = fonts.font(14).size("Ag")[1]
        menu = app.push(MenuScene(scenario=M1, seed=1))
        app.drive(2)
        assert too_narrow(menu.ui) == [] and widget_font_px(menu.ui) == {big}
        assert "Fireteam Alpha" in [lab.text for lab in menu._seat_labels]  # the side's name whole
        app.screenshot(tmp_path / "menu-1.5.png")
        st = app.push(SettingsScene())
        app.drive(1)
        assert too_narrow(st.ui) == [] and widget_font_px(st.ui) == {big}
        assert max(r.right for _, r in st.key_label_rects) <= app.size[0]
        app.screenshot(tmp_path / "settings-1.5.png")


def test_at_scale_one_and_a_half_the_battle_bar_and_editor_hold_their_words(tmp_path, monkeypatch):
    with app_at(tmp_path, monkeypatch, (1280, 800), 1.5) as app:
        big = fonts.font(14).size("Ag")[1]
        battle = app.push(BattleScene.from_scenario(M1, 1, {"fireteam": Seat("human")}, replay=tmp_path / "m1.replay.jsonl"))
        app.drive(1)
        battle.select(battle.actors()[0])
        app.drive(2)
        assert len(battle.bar_actions) >= 2  # the selected soldier's actions in the bar
        assert too_narrow(battle.ui) == [] and widget_font_px(battle.ui) == {big}
        app.screenshot(tmp_path / "battle-1.5.png")
        app.pop(battle)
        ed = app.push(EditorScene(ROOT / "maps" / "battlespace" / "mission1.map.json"))
        app.drive(1)
        assert too_narrow(ed.ui) == [] and widget_font_px(ed.ui) == {big}
        app.screenshot(tmp_path / "editor-1.5.png")


def test_a_new_scale_applies_at_once_and_back_restores_the_saved_one(app, tmp_path):
    menu = app.push(MenuScene(scenario=M1, seed=1))
    app.drive(1)
    small_font, small_start = widget_font_px(menu.ui), menu.start_btn.rect.width
    st = app.push(SettingsScene())
    app.drive(1)
    scale = st.menus["ui_scale"]
    scale.selected_option = ("1.5", "1.5")  # what pygame_gui sets as it posts the event
    app.drive(1, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scale, text="1.5",
                                     selected_option_id="1.5")])
    assert fonts._SCALE[0] == 1.5
    assert min(widget_font_px(menu.ui)) > max(small_font) and menu.start_btn.rect.width == round(small_start * 1.5)
    assert too_narrow(app.top.ui) == [] and too_narrow(menu.ui) == []
    app.drive(1, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=app.top.back)])
    assert app.top is menu and fonts._SCALE[0] == 1.0 and widget_font_px(menu.ui) == small_font
    assert app.settings.ui_scale == 1.0


def test_the_open_ruleset_list_is_as_wide_as_its_box(app, tmp_path):
    menu = app.push(MenuScene(scenario=M1, seed=1))
    app.drive(1)
    box = menu.rs_menu.get_abs_rect()
    assert menu.rs_menu.list_rect() is None
    click(app, (box.x + 20, box.centery))
    app.drive(2)
    opened = menu.rs_menu.list_rect()
    assert opened is not None and (opened.left, opened.width) == (box.left, box.width)
    rows = [it["button_element"] for it in menu.rs_menu.current_state.options_selection_list.item_list]
    assert rows and all(b is not None and b.rect.width >= box.width - 8 for b in rows)
    assert all(b.image.get_width() == b.rect.width for b in rows)  # the chosen row's highlight too
    app.screenshot(tmp_path / "ruleset-open.png")


def test_a_window_too_small_for_the_scale_uses_what_it_holds(tmp_path, monkeypatch):
    """UI scale 1.5 asks for a 1280 x 800 window: the smallest window (800 x
    560) lays the menu out at scale 1, its widgets apart and whole; growing
    the window to 1280 x 800 brings the chosen 1.5 back at once, and
    shrinking it goes back to 1 (app.ui_scale_for)."""
    from game.ui.app import ui_scale_for

    assert ui_scale_for((800, 560), 1.5) == 1.0 and ui_scale_for((1280, 800), 1.5) == 1.5
    assert ui_scale_for((1024, 768), 1.5) == 1.2 and ui_scale_for((800, 560), 0.75) == 0.75
    with app_at(tmp_path, monkeypatch, (800, 560), 1.5) as app:
        menu = app.push(MenuScene(scenario=M1, seed=1))
        app.drive(1)
        assert fonts._SCALE[0] == 1.0 and too_narrow(menu.ui) == []
        rects = [b.rect for b in [menu.start_btn, menu.army_btn, menu.path_btn, *menu.side_buttons]]
        assert all(pygame.Rect(0, 0, 800, 560).contains(r) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        small = widget_font_px(menu.ui)
        app.drive(1, [pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800))])
        assert fonts._SCALE[0] == 1.5 and min(widget_font_px(menu.ui)) > max(small)
        app.drive(1, [pygame.event.Event(pygame.VIDEORESIZE, w=800, h=560, size=(800, 560))])
        assert fonts._SCALE[0] == 1.0 and widget_font_px(menu.ui) == small
        app.screenshot(tmp_path / "menu-800x560-asked-1.5.png")

"""The menu and the settings show names, not ids: rulesets by their titles,
palettes in words, the caption under the preview as "scenario - ruleset";
the scenario list follows a new ruleset in the frame it is picked and
highlights the chosen scenario."""

from __future__ import annotations

import pygame
import pygame_gui

from game import rulesets
from game.ui import fonts
from game.ui.palette import PALETTES
from game.ui.scenes.menu import MenuScene
try:
    from game.ui.scenes.menu import ruleset_name
except ImportError:
    ruleset_name = None
from game.ui.scenes.settings import SettingsScene


def click(app, pos) -> None:
    app.drive(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])
    app.drive(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def pick(app, element, option_id: str, until=lambda: True) -> int:
    """Open the drop-down ``element`` and click its option ``option_id`` with the mouse, then run
    frames until ``until()`` holds; returns ``app.frames`` as it was during the frame that made it hold."""
    click(app, element.rect.center)
    app.drive(1)
    items = element.current_state.options_selection_list.item_list
    text = next(o[0] for o in element.options_list if o[1] == option_id)
    click(app, next(i for i in items if i["text"] == text)["button_element"].rect.center)
    for _ in range(10):
        before = app.frames
        app.drive(1)
        if until():
            return before
    raise AssertionError(f"{option_id} was not picked")


def test_ruleset_menu_shows_titles_and_keeps_ids(app):
    menu = app.push(MenuScene())
    app.drive(1)
    shown = dict(menu.rs_menu.options_list)  # title -> id
    assert "Space fleet" in shown and shown["Space fleet"] == "spacefleet"
    assert shown["WW2 Trench Skirmish"] == "ww2_skirmish" and shown["Battlespace"] == "battlespace"
    assert not set(shown) & set(rulesets.ids())  # no id is shown
    pick(app, menu.rs_menu, "ww2_skirmish", lambda: menu.ruleset == "ww2_skirmish")
    assert menu.ruleset == "ww2_skirmish"
    assert menu.rs_menu.selected_option == ("WW2 Trench Skirmish", "ww2_skirmish")
    assert ruleset_name("spacefleet") == "Space fleet" and ruleset_name("no_such") == "no_such"


def test_settings_palette_in_words(app):
    st = app.push(SettingsScene())
    app.drive(1)
    menu = st.menus["palette"]
    shown = dict(menu.options_list)
    assert set(shown.values()) == set(PALETTES)
    assert not set(shown) & set(PALETTES)  # words, not "default" / "colour-blind"
    assert menu.selected_option == (PALETTES["default"].title, "default")
    pick(app, menu, "colour-blind", lambda: menu.selected_option[1] == "colour-blind")
    st.apply()
    assert app.settings.palette == "colour-blind"


def test_scenario_list_follows_the_ruleset_in_the_frame_it_is_picked(app):
    menu = app.push(MenuScene())
    app.drive(1)
    assert menu.ruleset == "battlespace"
    # the chosen scenario is highlighted
    assert menu.sc_list.get_single_selection() == menu.chosen.name
    loaded = []
    choose = menu.choose

    def spy(entry):  # when the (slow) preview is built, a frame with the new list is already drawn
        loaded.append((app.frames, [i["text"] for i in menu.sc_list.item_list]))
        return choose(entry)
    menu.choose = spy
    picked = pick(app, menu.rs_menu, "foxhole", lambda: menu.ruleset == "foxhole")
    foxhole = [e.name for e in menu.entries if e.ruleset == "foxhole"]
    assert [i["text"] for i in menu.sc_list.item_list] == foxhole
    app.drive(2)
    assert len(loaded) == 1 and loaded[0][1] == foxhole
    assert loaded[0][0] > picked  # the frame that picked the ruleset drew its list before the preview loaded
    assert menu.chosen.name == foxhole[0] and menu.chosen.ruleset == "foxhole"
    assert menu.sc_list.get_single_selection() == foxhole[0]
    # picking another one moves the highlight
    app.drive(1, [pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=menu.sc_list,
                                     text=foxhole[1])])
    assert menu.chosen.name == foxhole[1] and menu.sc_list.get_single_selection() == foxhole[1]


def test_caption_names_the_scenario_and_the_ruleset(app):
    menu = app.push(MenuScene())
    app.drive(1)
    pick(app, menu.rs_menu, "spacefleet", lambda: menu.ruleset == "spacefleet")
    app.drive(2)
    entry = next(e for e in menu.entries if e.ruleset == "spacefleet" and e.name.startswith("Deep space: the jump point"))
    assert menu.choose(entry)
    title = menu.caption_lines()[0]
    assert title == f"{entry.name} - Space fleet"
    assert "(" not in title.replace(entry.name, "")
    # a narrow preview cuts it with "..." and keeps it inside the preview's width
    app.resize((800, 600))
    menu.choose(entry)
    title = menu.caption_lines()[0]
    assert title.endswith("...") and fonts.font(16, True).size(title)[0] <= menu.preview_rect().width

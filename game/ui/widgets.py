"""pygame_gui widgets at the UI scale (Settings -> UI scale).

The scale applies to the text the scenes draw (:mod:`game.ui.fonts`) and to
the widgets alike: :func:`theme` gives every widget's font at 14 px times the
scale (the theme's own sizes, ``#title`` 28 px, scaled the same), and the
scenes size their widgets with :func:`px`. :class:`DropDown` is the
drop-down menu whose open list is as wide as the closed control (pygame_gui
leaves out the width of the arrow button).
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path

import pygame_gui

from game.ui import fonts

THEME = Path(__file__).resolve().parents[2] / "assets" / "theme.json"
#: pygame_gui's own font size and list row height, px, at UI scale 1
BASE_FONT, BASE_LIST_ITEM = 14, 20
#: the widget kinds given the scaled font (buttons include the items of a
#: selection list and the parts of a drop-down menu; tooltips are text boxes)
FONT_ELEMENTS = ("button", "label", "text_entry_line", "text_box")


def scale() -> float:
    """The UI scale now (1.0: as designed)."""
    return fonts._SCALE[0]


def px(n: float) -> int:
    """``n`` px at UI scale 1 as px at the UI scale now (rounded)."""
    return int(round(n * fonts._SCALE[0]))


@lru_cache(maxsize=8)
def _theme(s: float) -> str:
    base = json.loads(THEME.read_text(encoding="utf-8")) if THEME.exists() else {}
    out = copy.deepcopy(base)
    for key, block in out.items():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(max(6, round(float(font["size"]) * s)))
    for kind in FONT_ELEMENTS:
        block = out.setdefault(kind, {})
        block.setdefault("font", {"name": "noto_sans", "size": str(max(6, round(BASE_FONT * s)))})
    # a list's rows (the scenario list, a drop-down's open list) as tall as their text
    misc = out.setdefault("selection_list", {}).setdefault("misc", {})
    misc.setdefault("list_item_height", str(round(BASE_LIST_ITEM * s)))
    return json.dumps(out)


def theme() -> dict:
    """The theme (``assets/theme.json``) with every font at the UI scale: the
    sizes it gives scaled, and buttons, labels, text entries and text boxes
    (which take pygame_gui's 14 px otherwise) given ``14 * scale`` px; a
    list's rows ``20 * scale`` px high."""
    return json.loads(_theme(round(scale(), 4)))


class DropDown(pygame_gui.elements.UIDropDownMenu):
    """A drop-down menu whose open list is as wide as the closed control
    (pygame_gui's list leaves out the arrow button's width, so it looked
    narrower than the box it drops from)."""

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        lst = getattr(self.current_state, "options_selection_list", None)
        if (self.current_state is self.menu_states.get("expanded") and lst is not None and lst.alive()
                and lst.relative_rect.width != self.relative_rect.width):
            lst.set_dimensions((self.relative_rect.width, lst.relative_rect.height))
            # the rows keep the width they were made with: widen them (and their container) too
            inner = lst.list_and_scroll_bar_container.relative_rect.width - lst.current_scroll_bar_width
            box = lst.item_list_container
            box.set_dimensions((inner, box.relative_rect.height))
            for item in lst.item_list:
                b = item.get("button_element")
                if b is not None:
                    b.set_dimensions((inner, b.relative_rect.height))
                    b.rebuild()  # every state's look drawn at the new width
                    if b.is_selected:
                        b.select()  # the chosen row highlighted again

    def list_rect(self):
        """The open list's rect on screen, or None while closed (tests)."""
        lst = getattr(self.current_state, "options_selection_list", None)
        if self.current_state is self.menu_states.get("expanded") and lst is not None and lst.alive():
            return lst.get_abs_rect()
        return None

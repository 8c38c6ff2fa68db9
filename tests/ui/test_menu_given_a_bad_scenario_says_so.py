"""The menu opened with a scenario that does not open (a missing file, a
broken one) chooses nothing in its place: the preview area names the file
and the reason, no seats are offered, and Start does not play the default."""

from __future__ import annotations

import pytest

from game.ui.scenes.menu import MenuScene
from tests.ui.menu_driver import broken_json, missing_map, not_found


@pytest.mark.parametrize("make", [not_found, broken_json, missing_map], ids=["missing", "not-json", "missing-map"])
def test_a_bad_given_scenario_is_named_in_the_preview_and_nothing_else_is_chosen(app, tmp_path, make):
    path, reason = make(tmp_path)
    menu = app.push(MenuScene(scenario=path, seed=1))
    app.drive(2)
    assert app.top is menu
    assert menu.chosen is None and menu.preview is None and menu.seat_menus == {}
    assert menu.problem.startswith(str(path)) and reason in menu.problem, menu.problem
    menu.start()
    assert app.top.name == "message" and str(path) in app.top.text, app.top  # Start says why; no battle

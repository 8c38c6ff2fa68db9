"""The menu's seat choices say what the seat will play: the default agent at
three strengths ("AI (weak)", "AI (normal)", "AI (strong)": a search budget
of 60, 400 and 1600 trials) only where the ruleset's agent reads that
budget; a ruleset whose agent plans without one (every bundled ruleset's:
Foxhole declares it, ``agent_strengths``) is seated as one "AI". Whether the
agents really play alike whatever the budget: tests/ai/test_agent_strengths_are_real.py."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from game.ui.scenes.menu import MenuScene

from tests.ui.test_menu_reads_as_names import click

ROOT = Path(__file__).resolve().parents[2]
PATROL = ROOT / "maps" / "foxhole" / "patrol.scenario.json"
DUEL = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"


def options(menu, side) -> list[str]:
    return [o[0] for o in menu.seat_menus[side].options_list]


def test_foxhole_seats__one_ai_no_strengths(app, tmp_path):
    menu = app.push(MenuScene(scenario=PATROL, seed=1))
    app.drive(2)
    assert list(menu.seat_menus) == ["sas", "mnla"]
    for side in ("sas", "mnla"):
        assert options(menu, side) == ["Human", "AI", "AI (random)"]
    assert menu.seat_choice == {"sas": "Human", "mnla": "AI"}
    assert menu.seats() == {"sas": Seat("human"), "mnla": Seat("ai", "default", {})}
    click(app, menu.seat_menus["mnla"].rect.center)  # the list open, to look at
    app.drive(1)
    app.screenshot(tmp_path / "foxhole-seat-menu.png")


def test_generic_agent_seats__three_strengths_each_its_budget(app, tmp_path):
    menu = app.push(MenuScene(scenario=DUEL, seed=1))
    app.drive(2)
    assert options(menu, "blue") == ["Human", "AI (normal)", "AI (strong)", "AI (weak)", "AI (random)"]
    assert menu.seat_choice["blue"] == "AI (normal)"
    menu.seat_choice["blue"] = "AI (weak)"
    assert menu.seats()["blue"] == Seat("ai", "default", {"nodes": 60})
    menu.seat_choice["blue"] = "AI (strong)"
    assert menu.seats()["blue"] == Seat("ai", "default", {"nodes": 1600})


def test_a_strength_chosen_then_a_ruleset_without_them__plain_ai(app, tmp_path):
    menu = app.push(MenuScene(scenario=DUEL, seed=1))
    app.drive(2)
    menu.seat_choice.update({"red": "AI (strong)", "sas": "AI (weak)", "mnla": "Human"})
    from game.ui.scenarios import peek

    assert menu.choose(peek(PATROL))
    assert menu.seat_choice["sas"] == "AI" and menu.seat_choice["mnla"] == "Human"
    assert menu.seat_menus["sas"].selected_option[0] == "AI"
    assert menu.seats() == {"sas": Seat("ai", "default", {}), "mnla": Seat("human")}

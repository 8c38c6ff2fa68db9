"""Foxhole, Terrain Setup (the defender picks its end of the table), Figure
setup (the defender's control area of about two thirds, the attacker's start
area) and Game Sequence (the attacker moves first unless the defender makes
programmed moves)."""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import Polygon

from game.core.dice import Dice
from game.battle.loading import open_scenario
from game.rulesets.foxhole import actions as A
from game.rulesets.foxhole.state import Location

from .helpers import act, box, el, state

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "maps" / "foxhole").glob("*.scenario.json"))


def two_ends():
    s = state([el("a", "red", 300, 560, deployed=False), el("d", "blue", 300, 100, deployed=False)],
              phase="location", active="blue", turn=0)
    s.locations = [Location(name="north", control=box(0, 0, 600, 400), start=box(0, 500, 600, 600)),
                   Location(name="south", control=box(0, 200, 600, 600), start=box(0, 0, 600, 100))]
    s.location = None
    return s


def test_location__the_defender_picks_one_of_the_ends_the_attacker_laid_out():
    s = two_ends()
    assert "not red's turn" in act(s.clone(), A.ChooseLocation(side="red", location="north")).reason
    assert "no location 'west'" in act(s.clone(), A.ChooseLocation(side="blue", location="west")).reason
    assert act(s, A.ChooseLocation(side="blue", location="south"), faces=[1] * 12).ok
    assert s.location == "south" and s.phase == "objectives" and s.active == "blue"


def test_deploy__each_side_in_its_own_area_of_the_chosen_end():
    s = two_ends()
    act(s, A.ChooseLocation(side="blue", location="south"), faces=[1] * 12)
    s.phase, s.active = "deploy", "blue"
    assert "own area" in act(s.clone(), A.Deploy(side="blue", element="d", x=300, y=100)).reason
    assert act(s.clone(), A.Deploy(side="blue", element="d", x=300, y=450), faces=[1] * 12).ok
    s.active = "red"
    assert "own area" in act(s.clone(), A.Deploy(side="red", element="a", x=300, y=560)).reason
    assert act(s.clone(), A.Deploy(side="red", element="a", x=300, y=50), faces=[1] * 12).ok


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.name.split(".")[0] for p in SCENARIOS])
def test_bundled_scenarios__control_area_about_two_thirds_start_area_apart(path):
    """Figure setup: roughly two thirds of the table (ours: 55% to 75%); the
    attacker's start area does not overlap it."""
    rs, sc, m = open_scenario(str(path))
    s = rs.setup(sc, m, Dice(1))
    w, h = s.table
    for loc in s.locations:
        control, start = Polygon(loc.control), Polygon(loc.start)
        assert 0.55 <= control.area / (w * h) <= 0.75, (loc.name, control.area / (w * h))
        assert control.intersection(start).area < 1.0
    # Game Sequence: only Firebase Defence, where the defender's patrols make programmed moves, starts with it
    assert (s.first == s.defender) == (path.name == "firebase_defence.scenario.json")

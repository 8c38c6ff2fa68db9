"""Foxhole's one sight adjudication (the ``sight`` and ``sight_region``
hooks) and the display hooks: the reference grid, the fire-team stands,
the formations, the briefing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from shapely.geometry import Point, Polygon

from game.core.sight import BLOCKS
from game.rulesets.foxhole import RULESET
from game.rulesets.foxhole.geo import grid_ref
from game.rulesets.foxhole.state import Mission

from .helpers import box, el, objectives, piece, state


def test_sight__buildings_block_dense_does_not_but_halves():
    a, b, c = el("a", "red", 100, 300), el("b", "blue", 300, 300), el("c", "blue", 100, 100)
    s = state([a, b, c], terrain=[piece("town", "buildings", box(180, 280, 220, 320), 12, True, "the town"),
                                  piece("wood", "dense", box(80, 180, 120, 220), name="the wood")])
    v = RULESET.sight(s, "a", "b")
    assert not v.sees and [(x.name, x.role) for x in v.crossings] == [("the town", BLOCKS)]
    assert v.label() == "no line of sight" and v.lines == (((100.0, 300.0), (300.0, 300.0)),)
    w = RULESET.sight(s, "a", "c")
    assert w.sees and w.cover == "dense" and w.effect == "ranges halved" and w.state == "cover"


def test_sight__a_viewer_inside_a_built_up_area_sees_out():
    a, b = el("a", "red", 200, 300), el("b", "blue", 400, 300)
    s = state([a, b], terrain=[piece("town", "buildings", box(180, 280, 240, 320), 12, True)])
    assert RULESET.sight(s, "a", "b").sees and RULESET.sight(s, "b", "a").sees


def test_sight__low_walls_do_not_block_at_element_height():
    a, b = el("a", "red", 100, 300), el("b", "blue", 300, 300)
    s = state([a, b], terrain=[piece("hedge", "normal", box(190, 250, 200, 350), 5, True)])
    assert RULESET.sight(s, "a", "b").sees


def test_sight_region__the_shadow_behind_a_building():
    a = el("a", "red", 100, 300)
    s = state([a], terrain=[piece("town", "buildings", box(180, 280, 220, 320), 12, True)])
    reg = RULESET.sight_region(s, "a")
    hidden = [Polygon(p[0], p[1:]) for p in reg.hidden]
    assert any(h.contains(Point(300, 300)) for h in hidden)
    assert not any(h.contains(Point(300, 100)) for h in hidden)


@pytest.mark.parametrize("x,y,ref", [(0, 0, "A1"), (99.9, 99.9, "A1"), (100, 0, "B1"), (250, 399, "C4"),
                                     (599, 599, "F6"), (2650, 0, "AA1")])
def test_grid_reference__letters_across_numbers_down(x, y, ref):
    """Table Grid: A, B, C... along x; 1, 2, 3... along y; 100 mm squares (ours)."""
    assert grid_ref(x, y) == ref


def test_markers__the_grid_and_the_objectives_the_viewer_knows():
    s = state([el("a", "red", 100, 500), el("b", "blue", 300, 100)])
    s.objectives = objectives([(100, 100), (200, 100)])
    s.objectives[0].known = True
    s.mission = Mission(kind="normal", primary=[1], secondary=[2, 3], chosen=True)
    m = RULESET.markers(RULESET.view(s, "red"))
    grid = [x for x in m if x.kind == "grid"][0]
    assert grid.points == ((0.0, 0.0), (600.0, 600.0)) and grid.extra == {"square": 100.0}
    # the app draws the grid on the mat from the ruleset's style sheet: the same squares, and yards
    # at the ground scale (10 mm of table = 25 m)
    sheet = json.loads((Path(__file__).parents[3] / "game/rulesets/foxhole/data/style.json").read_text())
    assert sheet["units"]["grid_mm"] == grid.extra["square"]
    assert sheet["units"]["name"] == "yd" and sheet["units"]["mm"] * 100 == pytest.approx(36.576)
    assert [x.label for x in m if x.kind == "objective"] == ["objective 1 (primary)"]
    mb = RULESET.markers(RULESET.view(s, "blue"))
    assert [x.label for x in mb if x.kind == "objective"] == ["objective 1", "objective 2"]


def test_figures__fire_team_stands_show_suppression_and_reduction():
    s = state([el("a", "red", 100, 500), el("b", "red", 200, 500, suppressed=True), el("c", "red", 300, 500, reduced=True),
               el("d", "red", 400, 500, formation="extended", heading=90.0)])
    f = {x.id: x for x in RULESET.figures(s)}
    assert f["a"].stands == ("normal", "normal") and (f["a"].width, f["a"].depth) == (30.0, 30.0)
    assert f["b"].stands == ("normal", "turned")
    assert f["c"].stands == ("normal", "blank")
    assert (f["d"].width, f["d"].depth, f["d"].heading) == (15.0, 60.0, 90.0)


def test_briefing__only_the_viewers_own_knowledge():
    s = state([el("a", "red", 100, 500), el("h", "blue", 300, 100, hidden="concealed", marker="1", name="VC section")])
    s.mission = Mission(kind="normal", primary=[4], secondary=[1, 2], chosen=True)
    red = RULESET.briefing(RULESET.view(s, "red"))
    blue = RULESET.briefing(RULESET.view(s, "blue"))
    assert any("primary 4 (not found)" in x for x in red) and not any("VC section" in x for x in red)
    assert any("#1 VC section" in x for x in blue) and not any("primary" in x for x in blue)

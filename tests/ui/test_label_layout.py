"""Labels on the table never overprint and never jump: over every bundled
scenario, at fit-to-table zoom and two zoomed-in levels, with a model
selected, its sight lines and an action previewed, no two labels drawn in a
frame overlap, no label covers a token but its own (a model's base, a ship,
a unit's block: the markers Foxhole's defender sets up), no label hangs over
the table's edge (a name on a base at the edge, Foxhole's "MT1" and "MT2",
is moved onto the table) but the LoS legend below it, every label lies next to what it names (its base, ring or
line: within one and a half of its own heights), and every label is where
it was in the frame before when nothing moved; the header of each is whole. The placer itself: a label keeps its spot while it is free,
an optional one is hidden rather than stacked over others."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.battle.seats import Seat
from game.battle.battle_setup import first_playable_side
from game.ui.render.labels import LabelPlacer, anchor_gap
from game.ui.render.markers import table_clip
from tests.ui.conftest import assert_header_whole, headless_app, label_overlaps, label_token_overlaps

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "maps").glob("*/*.scenario.json"))
ZOOMS = (0, 2, 4)  #: zoom steps (x1.25 each) from fit-to-table
#: the most a label may lie from what it names (its base, ring, line), in its own heights
NEXT_TO = 1.5


@pytest.fixture
def app(tmp_path, monkeypatch):
    yield from headless_app(tmp_path, monkeypatch, (1280, 800))


def _battle(app, scenario, tmp_path):
    from game.ui.scenes.battle import BattleScene

    side = first_playable_side(scenario)
    scene = app.push(BattleScene.from_scenario(scenario, 1, {side: Seat("human")}, replay=tmp_path / "r.jsonl",
                                               screenshot_mode=True))
    scene.prepare_screenshot()  # a model selected, its sight lines, an action previewed
    scene.view.anim.snap()
    return scene


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: f"{p.parent.name}-{p.name.split('.')[0]}")
def test_labels__no_overlap_and_no_jump_at_three_zooms(app, tmp_path, scenario):
    """Also (the same battle at 1280 x 800): its header is not cut."""
    scene = _battle(app, scenario, tmp_path)
    view = scene.view
    cam = view.camera
    f = view.by_id.get(scene.selected) or (view.figures[0] if view.figures else None)
    for steps in ZOOMS:
        cam.fit()
        if f is not None and steps:
            cam.zoom_at(steps, *cam.to_screen(f.x, f.y))
        app.drive(1)
        first = list(view.label_rects)
        assert len(first) >= 2, (steps, first)
        assert not label_overlaps(first), (steps, label_overlaps(first))
        assert bool(view.drawn_figures) == bool(view.figures) and not label_token_overlaps(view), \
            (steps, label_token_overlaps(view))
        vp = pygame.Rect(cam.viewport)
        assert all(vp.contains(r) for _, r in first), steps
        table = table_clip(cam)  # a label stays on the table in view (none hangs over its edge)
        out = [(t, tuple(r)) for t, r in first if t != "legend" and not table.contains(r)
               and (r.width <= table.width and r.height <= table.height)]
        assert not out, (steps, tuple(table), out)
        far = [(t, tuple(r), tuple(a), anchor_gap(r, a)) for t, r, a in view.label_anchors
               if anchor_gap(r, a) > NEXT_TO * r.height]
        assert not far, (steps, far)  # every label next to what it names
        app.drive(1)  # nothing moved: every label stays put
        second = list(view.label_rects)
        assert sorted((t, tuple(r)) for t, r in second) == sorted((t, tuple(r)) for t, r in first), steps
    assert_header_whole(scene)


def test_mission1__the_objective_label_holds_its_side_while_the_mouse_moves(app, tmp_path):
    """The "Search the Humvee" label stays where it is frame after frame,
    the mouse wandering over the table (hover rings, tooltips)."""
    scene = _battle(app, ROOT / "maps" / "battlespace" / "mission1.scenario.json", tmp_path)
    view = scene.view
    vx, vy, vw, vh = view.camera.viewport
    spots = []
    for i in range(8):
        pos = (vx + 40 + i * 97 % (vw - 80), vy + 30 + i * 61 % (vh - 60))
        app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))])
        spots.append(next(tuple(r) for t, r in view.label_rects if t == "Search the Humvee"))
    assert len(set(spots)) == 1, spots


def test_placer__keeps_a_free_spot_and_hides_an_optional_label_with_no_room():
    bounds = pygame.Rect(0, 0, 200, 100)
    p = LabelPlacer(bounds)
    a = p.place((50, 10), [(10, 10), (100, 10)], "a", key="a")
    assert a.topleft == (10, 10)
    # next frame: the same label was at its second candidate and that spot is free: it stays there
    p2 = LabelPlacer(bounds, memory={"a": (100, 10)})
    assert p2.place((50, 10), [(10, 10), (100, 10)], "a", key="a").topleft == (100, 10)
    # a remembered spot that is no longer one of its candidates (the label's owner moved) is dropped
    p3 = LabelPlacer(bounds, memory={"a": (100, 10)})
    assert p3.place((50, 10), [(10, 40), (100, 40)], "a", key="a").topleft == (10, 40)
    # a label kept where it is (on its base) over the bounds' edge is moved inside; one far out is dropped
    p5 = LabelPlacer(pygame.Rect(20, 0, 180, 100), pygame.Rect(0, 0, 200, 100))
    assert p5.place((30, 10), [(12, 50)], "MT1", clamp=False).topleft == (20, 50)
    assert p5.place((30, 10), [(-40, 20)], "off", clamp=False, optional=True) is None
    # an optional label with every candidate taken is hidden, a required one is stacked clear of the others
    p4 = LabelPlacer(bounds)
    p4.place((50, 10), [(10, 10)], "x")
    assert p4.place((50, 10), [(10, 10)], "y", optional=True) is None
    z = p4.place((50, 10), [(10, 10)], "z")
    assert z is not None and not z.colliderect(pygame.Rect(10, 10, 50, 10))


def test_placer__a_label_may_lie_on_its_own_base_but_not_on_another():
    p = LabelPlacer(pygame.Rect(0, 0, 200, 100))
    p.avoid_rect((10, 10, 20, 20), owner="me")
    assert p.place((10, 8), [(12, 14), (60, 60)], "mine", owner="me").topleft == (12, 14)
    assert p.place((10, 8), [(14, 24), (60, 40)], "other", owner="you").topleft == (60, 40)


def test_labels__carried_along_while_panning_and_laid_out_afresh_at_rest(app, tmp_path):
    """While the camera pans, every label moves with the table by exactly the
    pan; on the first frame at rest the layout is made again: no overlap and
    every label in view."""
    scene = _battle(app, ROOT / "maps" / "battlespace" / "mission2.scenario.json", tmp_path)
    scene.toggle_los()  # the legend stays put while the table moves: without it the layout is carried
    view = scene.view
    cam = view.camera
    vx, vy, vw, vh = cam.viewport
    cam.zoom_at(2, vx + vw // 2, vy + vh // 2)
    app.drive(2)
    before = {t: r.copy() for t, r in view.label_rects}
    cam.pan(7, 0)
    app.drive(1)
    moved = {t: r.copy() for t, r in view.label_rects}
    assert moved.keys() == before.keys() and all(moved[t].topleft == (before[t].x + 7, before[t].y) for t in before)
    app.drive(1)  # at rest: laid out again
    rest = list(view.label_rects)
    assert not label_overlaps(rest)
    assert all(pygame.Rect(cam.viewport).contains(r) for _, r in rest)


def test_placer__a_label_never_covers_a_token_but_its_own():
    """Tokens are hard obstacles: a label skips a candidate over another
    model's base (round or a turned rectangle) even on the last pass, may
    lie on its own, an optional one with no free spot is hidden, a required
    one goes to the nearest spot clear of every token; a remembered spot a
    token has since moved onto is given up."""
    bounds = pygame.Rect(0, 0, 300, 200)
    p = LabelPlacer(bounds)
    p.block(("circle", 50.0, 50.0, 12.0), "a")
    p.block(("poly", [(100, 90), (130, 60), (150, 80), (120, 110)]), "b")  # a base turned 45 degrees
    assert p.place((20, 10), [(45, 45), (80, 45)], "over a", owner="x").topleft == (80, 45)
    assert p.place((20, 10), [(45, 45)], "on its own", owner="a").topleft == (45, 45)
    assert p.place((20, 10), [(115, 75), (140, 100)], "over b", owner="x").topleft == (140, 100)  # the corner is clear
    assert p.place((20, 10), [(115, 75)], "hidden", owner="x", optional=True) is None
    r = p.place((20, 10), [(115, 75)], "required", owner="x")
    assert r is not None and not p.covers_token(r, "x") and p.covers_token(pygame.Rect(115, 75, 20, 10), "x")
    assert not any(r.colliderect(o) for t, o in p.placed if t != "required")
    q = LabelPlacer(bounds, memory={"k": (45, 45)})
    q.block(("circle", 50.0, 50.0, 12.0), "a")
    assert q.place((20, 10), [(45, 45), (200, 45)], "was here", owner="x", key="k").topleft == (200, 45)


def test_convoy_ambush__the_mortar_labels_at_the_west_edge_stay_on_the_table(tmp_path, monkeypatch):
    """In a 1600 x 1000 window the attacker's mortar team tokens stand at the
    table's west edge: their names ("MT1", "MT2") are drawn on the table, not
    over its frame (MT2 was cut at x = 0)."""
    gen = headless_app(tmp_path, monkeypatch, (1600, 1000))
    app = next(gen)
    try:
        scene = _battle(app, ROOT / "maps" / "foxhole" / "convoy_ambush.scenario.json", tmp_path)
        app.drive(1)
        table = table_clip(scene.view.camera)
        names = {t: r for t, r in scene.view.label_rects if t in ("MT1", "MT2")}
        assert set(names) == {"MT1", "MT2"} and all(table.contains(r) for r in names.values()), (tuple(table), names)
    finally:
        next(gen, None)

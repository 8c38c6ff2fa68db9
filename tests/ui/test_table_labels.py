"""What the table view draws, checked on real pixels and label rects: polygons
with holes show what lies inside them, labels never overlap and stay inside
the table, gravity-well labels sit by their own ring, nothing is drawn
outside the view, the LoS legend, feature tooltips."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pygame
import pytest
from shapely.geometry import Polygon, box

from game.battle.seats import Seat
from game.core.view import Figure, Marker
from game.data.maps import load_map
from game.geometry.terrain import TerrainPiece
from game.ui.palette import DEFAULT
from game.ui.naming import sentence
from game.ui.render.labels import LabelPlacer
from game.ui.render.markers import WELL, table_clip
from game.ui.render.terrain import TerrainLayer
from game.ui.table_model import TableModel
from game.ui.table_view import TableView
from tests.ui.conftest import headless_app, label_overlaps

ROOT = Path(__file__).resolve().parents[2]
SF = ROOT / "maps" / "spacefleet"
MISSION1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"
SENTINEL = (255, 0, 255)


@pytest.fixture
def big_app(tmp_path, monkeypatch):
    """The app at the CLI screenshot size (1600x1000)."""
    yield from headless_app(tmp_path, monkeypatch, (1600, 1000))


def _shot(app, scenario, side, tmp_path):
    """The battle scene as ``battletable play --screenshot`` draws it."""
    from game.ui.scenes.battle import BattleScene

    scene = app.push(BattleScene.from_scenario(scenario, 1, {side: Seat("human")}, replay=tmp_path / "r.jsonl",
                                               screenshot_mode=True))
    scene.prepare_screenshot()
    app.drive(3)
    app.draw()
    return scene


# -- polygons with holes ------------------------------------------------------------------------
def _view_of(map_path, size=(1220, 740)):
    m = load_map(map_path)
    t = TableModel.of_map(m)
    return TableView(t, DEFAULT, [], (0, 40, size[0], size[1])), m


def _layer_shot(pieces, table, cam_size=(600, 600), style="ground", m=None):
    from game.ui.camera import Camera

    layer = TerrainLayer(pieces, table, DEFAULT, m, style=style)
    cam = Camera((0, 0, *cam_size), table)
    cam.scale, cam.ox, cam.oy = cam_size[0] / table[0], 0.0, 0.0
    surf = pygame.Surface(cam_size)
    surf.fill(SENTINEL)
    layer.draw(surf, cam)
    return layer, surf


def test_outer_reaches__the_planet_shows_inside_the_asteroid_ring():
    """The ring (a polygon with a hole) never paints its hole: inside it the
    table shows exactly as it would with the planet alone (the planet's own
    shading, the starfield in the gap), while the ring's band is drawn."""
    m = load_map(SF / "outer_reaches.map.json")
    t = TableModel.of_map(m)
    size = (int(m.table.width_mm * 0.6), int(m.table.height_mm * 0.6))
    ring = next(p for p in t.pieces if p.id == "gehenna_ring_rocks")
    planet = next(p for p in t.pieces if p.id == "gehenna")
    _, both = _layer_shot([planet, ring], t.table, size, "space")
    _, alone = _layer_shot([planet], t.table, size, "space")
    s = 0.6
    for dx, dy in ((0, 0), (100, 0), (-100, 0), (0, 100), (0, -100), (70, 70), (205, 0), (0, -205)):  # planet r 160, hole r 245
        p = (int((914 + dx) * s), int((610 + dy) * s))
        assert both.get_at(p) == alone.get_at(p), (dx, dy)
    band = [(int((914 + 258 * math.cos(a)) * s), int((610 + 258 * math.sin(a)) * s)) for a in np.linspace(0, 6.2, 40)]
    assert sum(both.get_at(p) != alone.get_at(p) for p in band) >= 30  # the rocks' band is drawn


def test_holes__show_the_table_and_the_pieces_below():
    """A walled yard with a courtyard over a lower pond: the courtyard shows
    the pond where it lies under it, and the bare table (with its grid)
    elsewhere, pixel for pixel as without the yard; the yard's roof is drawn."""
    yard = TerrainPiece("yard", Polygon([(100, 100), (500, 100), (500, 500), (100, 500)],
                                        [[(200, 200), (400, 200), (400, 400), (200, 400)]]), kind="building", height=50)
    pond = TerrainPiece("pond", box(250, 250, 350, 300), kind="water", height=0)
    layer, surf = _layer_shot([yard, pond], (600, 600))
    _, no_yard = _layer_shot([pond], (600, 600))
    _, empty = _layer_shot([], (600, 600))
    for p in ((300, 275), (330, 350), (300, 350), (380, 380), (260, 260)):  # in the hole, clear of the yard's shadow
        assert surf.get_at(p) == no_yard.get_at(p), p
    assert surf.get_at((330, 350)) == empty.get_at((330, 350))  # the bare table
    assert surf.get_at((300, 350))[:3] == layer.palette.grid  # the 10 cm grid line x = 300 shows too
    assert surf.get_at((300, 275)) != empty.get_at((300, 275))  # the pond
    roof = [surf.get_at((x, y)) != empty.get_at((x, y)) for x in range(110, 190, 8) for y in range(110, 490, 19)]
    assert all(roof)
    # the same through the uncached baseline
    from game.ui.camera import Camera

    cam = Camera((0, 0, 600, 600), (600, 600))
    cam.scale, cam.ox, cam.oy = 1.0, 0.0, 0.0
    surf2 = pygame.Surface((600, 600))
    layer.draw_uncached(surf2, cam)
    for p in ((300, 275), (150, 150), (330, 350)):
        assert surf2.get_at(p) == surf.get_at(p)


# -- labels -------------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario,side", [(MISSION1, "fireteam"), (SF / "mercurial_zone.scenario.json", "imperial"),
                                          (SF / "flare_region.scenario.json", "imperial"),
                                          (SF / "planet_low_orbit.scenario.json", "imperial")])
def test_labels__never_overlap_and_stay_in_the_view(big_app, tmp_path, scenario, side):
    scene = _shot(big_app, scenario, side, tmp_path)
    view = scene.view
    rects = view.label_rects
    texts = [t for t, _ in rects]
    assert len(rects) > 5 and "legend" in texts
    assert not label_overlaps(rects)
    vp = pygame.Rect(view.camera.viewport)
    for t, r in rects:
        assert vp.contains(r), (t, r)


def test_mercurial_zone__the_corner_notes_stack(big_app, tmp_path):
    scene = _shot(big_app, SF / "mercurial_zone.scenario.json", "imperial", tmp_path)
    got = dict(scene.view.label_rects)
    sun = next(r for t, r in got.items() if t.startswith("Sunward edge"))
    note = next(r for t, r in got.items() if t.startswith("Solar flare"))
    top = table_clip(scene.view.camera)
    assert abs(sun.left - top.left) <= 2 and abs(sun.top - top.top) <= 2  # the table's top-left corner
    assert not sun.colliderect(note) and 0 < note.top - sun.bottom <= 4 and abs(note.left - sun.left) <= 6


def test_flare_region__the_east_edge_note_is_shifted_inside_the_table(big_app, tmp_path):
    scene = _shot(big_app, SF / "flare_region.scenario.json", "imperial", tmp_path)
    sun = next(r for t, r in scene.view.label_rects if t.startswith("Sunward edge (east)"))
    top = table_clip(scene.view.camera)
    assert top.contains(sun) and sun.right == top.right and sun.top == top.top


def test_planet_low_orbit__well_labels_by_their_own_ring_and_named(big_app, tmp_path):
    scene = _shot(big_app, SF / "planet_low_orbit.scenario.json", "imperial", tmp_path)
    cam = scene.view.camera
    wells = {m.extra["feature"]: m for m in scene.view.markers if m.kind == "gravity_well"}
    labels = dict(scene.view.label_rects)
    assert set(wells) == {"hesperus", "hesperus_i", "hesperus_ii"}
    assert {"Hesperus well 15 cm + low orbit", "Hesperus I well 10 cm", "Hesperus II well 10 cm"} <= set(labels)
    bodies = {f.id: (f.cx, f.cy, f.radius) for f in scene.session.battle.state.features if f.kind in ("planet", "moon")}
    for fid, m in wells.items():
        r = labels[sentence(m.label)]
        c = cam.to_screen(*m.points[0])
        ring = cam.mm(m.radius)
        # the label's nearest point is within a few px of its own ring
        nx, ny = min(max(c[0], r.left), r.right), min(max(c[1], r.top), r.bottom)
        assert abs(math.hypot(nx - c[0], ny - c[1]) - ring) <= 4, (fid, r)
        for other, om in wells.items():  # off every other well (so off every other body too)
            if other != fid:
                oc = cam.to_screen(*om.points[0])
                assert math.hypot(min(max(oc[0], r.left), r.right) - oc[0],
                                  min(max(oc[1], r.top), r.bottom) - oc[1]) >= cam.mm(om.radius), (fid, other)
        for other, (bx, by, br) in bodies.items():
            b = cam.to_screen(bx, by)
            assert math.hypot(min(max(b[0], r.left), r.right) - b[0],
                              min(max(b[1], r.top), r.bottom) - b[1]) > cam.mm(br), (fid, other)


def test_mission1__names_by_their_bases_readable_and_the_humvee_label_apart(big_app, tmp_path):
    """Every model's name is drawn on its base when it fits there, else in a
    tag touching it; the objective's label keeps clear of the Humvee's name;
    the selected soldier's name is white on dark."""
    scene = _shot(big_app, MISSION1, "fireteam", tmp_path)
    view = scene.view
    labels = view.label_rects
    cam = view.camera
    for f in view.figures:
        if not f.label:
            continue
        r = next(r for t, r in labels if t == f.label)
        c = cam.to_screen(f.x, f.y)
        rad = cam.mm(max(f.radius, 0.5 * math.hypot(f.width, f.depth)))
        near = (min(max(c[0], r.left), r.right) - c[0], min(max(c[1], r.top), r.bottom) - c[1])
        assert math.hypot(*near) <= rad + 4, f.id
    obj = next(r for t, r in labels if t == "Search the Humvee")
    humvee = next(r for t, r in labels if t == "Humvee")
    assert not obj.colliderect(humvee.inflate(2, 2))
    surf = big_app.screen
    r = next(r for t, r in labels if t == view.by_id[scene.selected].label)
    px = [surf.get_at((x, y))[:3] for x in range(r.left - 1, r.right + 1) for y in range(r.top - 1, r.bottom + 1)]
    assert sum(1 for p in px if min(p) >= 220) >= 8
    assert sum(1 for p in px if max(p) <= 40) >= 8


def test_placer__first_free_candidate_then_stacks_inside_bounds():
    p = LabelPlacer(pygame.Rect(0, 0, 200, 100), pygame.Rect(0, 0, 300, 120))
    a = p.place((50, 10), [(10, 10)], "a")
    b = p.place((50, 10), [(10, 10), (100, 10)], "b")
    c = p.place((50, 10), [(10, 10)], "c")
    assert a == pygame.Rect(10, 10, 50, 10) and b == pygame.Rect(100, 10, 50, 10)
    assert c.x == 10 and c.top >= a.bottom + 1
    d = p.place((50, 10), [(190, 95)], "d")  # shifted inward
    assert d == pygame.Rect(150, 90, 50, 10)
    p.avoid_circle(40, 60, 15)
    e = p.place((20, 10), [(30, 55), (120, 55)], "e")
    assert e.topleft == (120, 55)
    assert not label_overlaps(p.placed)


# -- clipping -----------------------------------------------------------------------------------
def test_nothing_is_drawn_outside_the_view_and_wells_stop_at_the_table_edge():
    """A planet's well near the top edge, range rings and a preview reaching
    past the table: the header and side panel stay untouched and the ring is
    cut at the table's edge."""
    table = TableModel([TerrainPiece("p", Polygon([(x, y) for x, y in _circle(900, 120, 100)]), kind="planet")], (1829, 1219))
    vp = (0, 40, 1220, 740)
    view = TableView(table, DEFAULT, ["a", "b"], vp)
    view.set_content([Figure(id="s", side="a", x=900, y=30, radius=12, label="Sh", markers=("hits:6",))],
                     [Marker(id="well:p", kind="gravity_well", points=((900.0, 120.0),), radius=400.0, label="p well 30 cm"),
                      Marker(id="note", kind="note", points=((6.0, 6.0),), radius=1.0, label="a note")])
    view.range_rings = ((900.0, 30.0), (300.0, 600.0))
    surf = pygame.Surface((1600, 1000))
    surf.fill(SENTINEL)
    view.draw(surf, selected="s")
    vpr = pygame.Rect(vp)
    arr = pygame.surfarray.array3d(surf)
    outside = arr.copy()
    outside[vpr.left:vpr.right, vpr.top:vpr.bottom] = SENTINEL
    assert (outside == SENTINEL).all()  # header, side panel, bottom bar untouched
    top = table_clip(view.camera)
    assert top.top > vpr.top + 5
    well = WELL
    band = arr[vpr.left:vpr.right, vpr.top:top.top - 1]  # between the view's top and the table's top edge
    assert not (abs(band.astype(int) - well).max(axis=2) <= 2).any()
    # the ring (dashed) is drawn on the table
    cam = view.camera
    hits = 0
    for a in np.linspace(0.3, 2.8, 60):  # the lower half of the ring, on the table
        c = cam.to_screen(900 + 400 * math.cos(a), 120 + 400 * math.sin(a))
        hits += any(surf.get_at((c[0] + dx, c[1] + dy))[:3] == well for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    assert hits >= 20


def _circle(cx, cy, r, n=32):
    return [(cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n)) for k in range(n)]


# -- the LoS legend and tooltips ----------------------------------------------------------------
def test_los_legend__shown_with_the_overlay_only(big_app, tmp_path):
    scene = _shot(big_app, SF / "deep_space.scenario.json", "imperial", tmp_path)
    view = scene.view
    assert view.los is not None and scene.show_los
    r = view.legend_rect()
    vp = pygame.Rect(view.camera.viewport)
    assert vp.contains(r) and r.bottom == vp.bottom - 4
    assert ("legend", r) in view.label_rects
    assert "share of the model in view" in view.LEGEND_TEXT
    surf = big_app.screen
    assert surf.get_at((r.x, r.centery))[:3] == (90, 96, 110)  # its frame
    pal = view.palette
    row = {surf.get_at((x, r.centery))[:3] for x in range(r.left, r.right)}
    assert {pal.clear, pal.partial, pal.blocked} <= row  # the three line colours
    scene.toggle_los()
    big_app.draw()
    assert "legend" not in [t for t, _ in view.label_rects]
    assert surf.get_at((r.x, r.centery))[:3] != (90, 96, 110)


def test_tooltips__unlabelled_features_name_their_kind(big_app, tmp_path):
    scene = _shot(big_app, SF / "deep_space.scenario.json", "imperial", tmp_path)
    view = scene.view
    m = view.table.map
    for fid, want in (("rift", "Rift: warp rift"), ("dust", "Dust: gas cloud"), ("rogue", "Rogue: planet")):
        p = Polygon(m.feature(fid).exterior).representative_point()
        view.mouse = view.camera.to_screen(p.x, p.y)
        lines = view.tooltip_lines()
        assert lines and lines[0].startswith(want), lines
    # the planet's well is named when the mouse is inside it
    f = m.feature("rogue")
    pts = Polygon(f.exterior)
    view.mouse = view.camera.to_screen(pts.centroid.x + pts.bounds[2] - pts.centroid.x + 30, pts.centroid.y)
    assert "rogue well 10 cm" in view.tooltip_lines()
    # a piece with no map name: its id and kind in words
    t = TableModel([TerrainPiece("gas_cloud_7", box(0, 0, 50, 50), kind="gas_cloud", height=0)], (100, 100))
    v = TableView(t, DEFAULT, [], (0, 0, 100, 100))
    assert v.terrain_lines(t.pieces[0])[0] == "Gas cloud 7: gas cloud, flat"
    # a building's tags in one consistent phrase: a roof to stand on, walls to go round
    t = TableModel([TerrainPiece("house", box(0, 0, 50, 50), kind="building", height=60,
                                 tags=frozenset({"elevation", "impassable", "blocks_sight"}))], (100, 100))
    v = TableView(t, DEFAULT, [], (0, 0, 100, 100))
    assert v.terrain_lines(t.pieces[0])[1] == "models may stand on top, not pass through, blocks sight"

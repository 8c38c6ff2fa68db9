"""Terrain is drawn by kind from style sheets (data): the default sheet and
every ruleset's ``data/style.json`` validate; every kind of the bundled maps
and of the editor's catalogue has a look of its own; a ruleset's sheet lies
over the default one; bad sheets are refused in one line naming the field;
the same piece is drawn the same at every load; units and grid come from the
ruleset's sheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from shapely.geometry import box

from game.data.errors import FileError
from game.data.maps import load_map
from game.editor.kinds import catalogue
from game.geometry.terrain import TerrainPiece
from game.ui.render.terrain_art import look_of
from game.ui.style import PATTERNS, Styles, default_sheet, load_sheet, ruleset_sheet
from game.ui.units import distance, place, square

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(p.parent.parent.name for p in (ROOT / "game" / "rulesets").glob("*/data/style.json"))


def test_every_ruleset_sheet_validates_over_the_default():
    assert {"battlespace", "spacefleet"} <= set(RULESETS)
    for rid in RULESETS:
        assert ruleset_sheet(rid) is not None
    assert set(default_sheet().kinds) and all(k.pattern in PATTERNS for k in default_sheet().kinds.values())


@pytest.mark.parametrize("map_path", sorted((ROOT / "maps").glob("*/*.map.json")), ids=lambda p: p.stem)
def test_every_bundled_kind_has_a_look_of_its_own(map_path):
    m = load_map(map_path)
    styles = Styles.for_ruleset(m.ruleset)
    for f in m.features:
        name, style = styles.resolve(f.kind, frozenset(f.tags))
        assert name == f.kind or f.kind in default_sheet().aliases, (f.id, f.kind, name)
        assert styles.label(f.kind) and "_" not in styles.label(f.kind)


def test_every_catalogue_kind_has_a_look_of_its_own():
    styles = Styles()
    for kind in catalogue().kinds:
        assert styles.known(kind), kind


def test_a_ruleset_sheet_overrides_and_adds_kinds(tmp_path):
    p = tmp_path / "style.json"
    p.write_text(json.dumps({"format_version": 1, "units": {"name": "yd", "mm": 2.54, "grid_mm": 100},
                             "kinds": {"paddy": {"fill": [60, 90, 60], "pattern": "swamp", "label": "Rice paddy"},
                                       "woods": {"fill": [10, 60, 10], "pattern": "canopy", "label": "Palms"}},
                             "aliases": {"field": "rough"}}))
    sheet = load_sheet(p, default_sheet())
    s = Styles(sheet)
    assert s.resolve("paddy")[1].pattern == "swamp" and s.label("paddy") == "Rice paddy"
    assert s.style("woods").fill == (10, 60, 10)  # over the default's woods
    assert s.resolve("field")[0] == "rough"  # an alias to a kind of the default sheet
    assert s.resolve("building")[0] == "building"  # the rest from the default
    assert s.units.name == "yd" and distance(254.0, s.units) == "100 yd"


@pytest.mark.parametrize("data,field", [
    ({"format_version": 1, "kinds": {"x": {"fill": [1, 2, 3], "pattern": "spirals"}}}, "kinds.x.pattern"),
    ({"format_version": 1, "kinds": {"x": {"fill": [1, 2, 3], "alpha": 900}}}, "kinds.x.alpha"),
    ({"format_version": 1, "aliases": {"y": "nowhere"}}, "aliases.y"),
    ({"format_version": 2}, "format_version"),
])
def test_a_bad_sheet_is_one_line_naming_the_field(tmp_path, data, field):
    p = tmp_path / "style.json"
    p.write_text(json.dumps(data))
    with pytest.raises(FileError) as e:
        load_sheet(p, default_sheet())
    text = str(e.value)
    assert "\n" not in text and str(p) in text and field in text


def test_an_unknown_kind_takes_its_tags_look_then_a_plain_fill():
    s = Styles()
    assert s.resolve("mystery_blob", {"obscures"})[0] == "obscuring_area"
    assert s.resolve("mystery_hill", {"elevation", "blocks_sight"})[0] == "hill"  # the first tag of the sheet wins
    name, style = s.resolve("mystery", ())
    assert name == "" and style.pattern == "none"


def test_patterns_are_the_same_at_every_load_and_differ_by_piece():
    a = TerrainPiece("w1", box(0, 0, 120, 80), kind="woods", height=80)
    b = TerrainPiece("w2", box(0, 0, 120, 80), kind="woods", height=80)
    st = Styles().style("woods")
    one, two = look_of(a, st, 0.0).ops, look_of(TerrainPiece("w1", box(0, 0, 120, 80), kind="woods", height=80), st, 0.0).ops
    assert len(one.discs) and all((p1 == p2).all() for (p1, *_), (p2, *_) in zip(one.discs, two.discs))
    other = look_of(b, st, 0.0).ops
    assert not all((p1.shape == p2.shape and (p1 == p2).all()) for (p1, *_), (p2, *_) in zip(one.discs, other.discs))


def test_hills_step_up_one_contour_per_contour_height():
    st = Styles().style("hill")
    low = look_of(TerrainPiece("h", box(0, 0, 300, 300), kind="hill", height=st.contour_mm), st, 0.0).ops
    high = look_of(TerrainPiece("h", box(0, 0, 300, 300), kind="hill", height=4 * st.contour_mm), st, 0.0).ops
    assert len(low.polys) == 1 and len(high.polys) == 4


def test_places_in_the_rulesets_unit_and_grid():
    units = Styles.for_ruleset("battlespace").units
    assert (units.name, units.mm, units.grid_mm) == ("in", 25.4, 152.4)
    assert distance(88.0, units) == "3.5 in" and square(0, 0, units) == "A1" and square(320, 460, units) == "C4"
    hut = TerrainPiece("b1", box(100, 100, 150, 150), kind="building", height=45)
    assert place(125.0, 160.0, [hut], units) == "A2, 0.4 in from the building"
    assert place(125.0, 125.0, [hut], units) == "A1, in the building"
    assert place(600.0, 600.0, [hut], units) == "D4"

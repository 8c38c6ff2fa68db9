"""Import and export: Tiled and GeoJSON give the hand-made map; malformed files give one clear line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.data.errors import FileError
from game.data.io import dumps
from game.data.maps import load_map
from game.editor.exchange import export_map, import_map
from tests.editor.samples import geojson_dict, hand_made, tiled_dict

ROOT = Path(__file__).resolve().parents[2]


def norm(m):
    """Map data with coordinates rounded to 1e-6 mm (ellipses are computed in another frame)."""
    def walk(v):
        if isinstance(v, float):
            return round(v, 6) + 0.0
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        return v
    d = m.model_dump(mode="json")
    d.pop("id")
    return walk(d)


def write(tmp_path, name, data):
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return p


def test_tiled_import__same_features_as_hand_made(tmp_path):
    m, warnings = import_map(write(tmp_path, "sample.tmj", tiled_dict()), tmp_path / "out.map.json", scale=2.0)
    assert norm(m) == norm(hand_made())
    assert (tmp_path / "out.map.json").exists()
    joined = "\n".join(warnings)
    assert len(warnings) == 4, joined
    assert "layer 'ground'" in joined and "tilelayer" in joined
    assert "object 6 'label'" in joined and "text object" in joined
    assert "object 7 'mystery'" in joined and "no 'kind'" in joined
    assert "object 8 'trail'" in joined and "line can only be" in joined


def test_geojson_import__same_features_as_hand_made(tmp_path):
    m, warnings = import_map(write(tmp_path, "sample.geojson", geojson_dict()), None, offset=(10.0, 20.0))
    assert norm(m) == norm(hand_made())
    joined = "\n".join(warnings)
    assert len(warnings) == 3, joined
    assert "feature 8 'odd'" in joined and "GeometryCollection" in joined
    assert "feature 9 'bow'" in joined and "self-intersects at (" in joined
    assert "feature 10 'kindless'" in joined and "no 'kind'" in joined


def test_geojson_multipolygon__one_feature_per_part(tmp_path):
    data = {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "woods", "id": "w"},
            "geometry": {"type": "MultiPolygon", "coordinates": [[[[0, 0], [10, 0], [10, 10], [0, 0]]],
                                                                 [[[20, 0], [30, 0], [30, 10], [20, 0]]]]}}]}
    m, _ = import_map(write(tmp_path, "multi.geojson", data), scale=2)
    assert [f.id for f in m.features] == ["w-1", "w-2"]
    assert m.features[1].exterior[1] == (60, 0) and m.table.width_mm == 60


@pytest.mark.parametrize("fmt,ext", [("tiled", "tmj"), ("geojson", "geojson")])
def test_export_then_import__round_trip(tmp_path, fmt, ext):
    src = tmp_path / "sample.map.json"
    src.write_text(dumps(hand_made()))
    out = export_map(src, fmt, tmp_path / f"sample.{ext}")
    m, warnings = import_map(out)
    assert warnings == []
    assert m == hand_made()


MALFORMED = {
    "not_json.tmj": ("{", "not valid JSON"),
    "empty.tmj": ("", "not valid JSON"),
    "array.json": ("[1, 2]", "not a Tiled map"),
    "other.json": ('{"type": "Topology"}', "not a Tiled map"),
    "no_width.tmj": ('{"type": "map", "height": 2, "tilewidth": 1, "tileheight": 1, "layers": []}', "width"),
    "iso.tmj": ('{"type": "map", "orientation": "isometric", "width": 2, "height": 2, "tilewidth": 1, '
                '"tileheight": 1, "layers": []}', "orthogonal"),
    "layers.tmj": ('{"type": "map", "width": 2, "height": 2, "tilewidth": 1, "tileheight": 1, "layers": 5}', "layers"),
    "layer_type.tmj": ('{"type": "map", "width": 2, "height": 2, "tilewidth": 1, "tileheight": 1, "layers": [{}]}',
                       "layers[0]"),
    "features.geojson": ('{"type": "FeatureCollection", "features": {}}', "features"),
    "table.geojson": ('{"type": "FeatureCollection", "features": [], "table": {"width_mm": 0, "height_mm": 5}}',
                      "table.width_mm"),
    "off_table.geojson": ('{"type": "FeatureCollection", "table": {"width_mm": 50, "height_mm": 50}, "features": '
                          '[{"type": "Feature", "properties": {"kind": "woods"}, "geometry": {"type": "Polygon", '
                          '"coordinates": [[[0,0],[90,0],[90,9],[0,0]]]}}]}', "outside"),
    "nan.tmj": ('{"type": "map", "width": 2, "height": 2, "tilewidth": NaN, "tileheight": 1, "layers": []}',
                "tilewidth"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_import__one_clear_line(tmp_path, name):
    text, phrase = MALFORMED[name]
    p = tmp_path / name
    p.write_text(text)
    with pytest.raises(FileError) as e:
        import_map(p)
    msg = str(e.value)
    assert name in msg and phrase in msg and "\n" not in msg


def test_bad_scale__clear_message(tmp_path):
    p = write(tmp_path, "s.geojson", {"type": "FeatureCollection", "features": []})
    with pytest.raises(FileError, match="scale must be a positive number"):
        import_map(p, scale=0)


def test_missing_file(tmp_path):
    with pytest.raises(FileError, match="file not found"):
        import_map(tmp_path / "nope.tmj")


BUNDLED = sorted((ROOT / "maps").glob("*/*.map.json"))


@pytest.mark.parametrize("fmt,ext", [("tiled", "tmj"), ("geojson", "geojson")])
@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bundled_map__export_import_gives_the_same_map(tmp_path, path, fmt, ext):
    """Every bundled map survives a round trip whole: objectives that share their
    feature's id (mission1 'humvee', mission2 't1'..'t3'), the map id (not the
    file stem), description, ruleset, table, doors and ruleset properties named
    like reserved ones (a planet's 'radius')."""
    original = load_map(path)
    out = export_map(path, fmt, tmp_path / f"other_name.{ext}")
    m, warnings = import_map(out)
    assert warnings == []
    assert m == original


def test_round_trip__shared_ids_and_header_kept(tmp_path):
    path = ROOT / "maps" / "battlespace" / "mission1.map.json"
    original = load_map(path)
    assert "humvee" in {f.id for f in original.features} and [o.id for o in original.objectives] == ["humvee"]
    tmj = export_map(path, "tiled", tmp_path / "m1.tmj")
    props = {p["name"]: p["value"] for p in json.loads(tmj.read_text())["properties"]}
    assert props["id"] == "mission1" and props["ruleset"] == "battlespace"
    assert props["name"] == original.name and props["table_width_mm"] == 914.0
    m, warnings = import_map(tmj, tmp_path / "m1b.map.json")
    assert warnings == [] and m.id == "mission1" and [o.id for o in m.objectives] == ["humvee"]
    assert load_map(tmp_path / "m1b.map.json") == original
    gj = export_map(path, "geojson", tmp_path / "m1.geojson")
    head = json.loads(gj.read_text())["battletable"]
    assert head == {"id": "mission1", "name": original.name, "description": original.description,
                    "ruleset": "battlespace", "table": {"width_mm": 914.0, "height_mm": 914.0}}
    # an explicit ruleset still wins over the file's
    m, _ = import_map(gj, ruleset="spacefleet")
    assert m.ruleset == "spacefleet" and m.id == "mission1"


def test_import__bad_or_missing_map_id_falls_back_to_file_stem(tmp_path):
    data = tiled_dict()
    data["properties"].append(_prop("id", "not a valid id!"))
    m, warnings = import_map(write(tmp_path, "my-map.tmj", data), scale=2.0)
    assert m.id == "my-map" and any("bad map id" in w for w in warnings)
    m, _ = import_map(write(tmp_path, "plain.geojson", geojson_dict()), offset=(10.0, 20.0))
    assert m.id == "plain" and m.name == "Sample"


def test_import__same_id_twice_in_one_namespace_is_still_refused(tmp_path):
    data = {"type": "FeatureCollection", "table": {"width_mm": 100, "height_mm": 100}, "features": [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [p, p]},
         "properties": {"kind": "objective", "id": "flag"}} for p in (10, 20)]}
    m, warnings = import_map(write(tmp_path, "twice.geojson", data))
    assert [(o.id, o.x) for o in m.objectives] == [("flag", 10.0)]
    assert warnings == ["feature 1 'flag': skipped (id 'flag' is already used by another objective)"]


def _prop(name, value, t="string"):
    return {"name": name, "type": t, "value": value}

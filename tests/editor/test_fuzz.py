"""Fuzzing the map loader and the importers: generated and mutated files give
a map or a FileError, never another exception."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.data.errors import FileError
from game.data.maps import load_map, parse_map
from game.editor.exchange import read_map_data
from tests.editor.samples import geojson_dict, hand_made, tiled_dict

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

#: dict keys without line breaks (a key with a line break has its own test below)
KEYS = st.text(st.characters(blacklist_categories=("Cc", "Zl", "Zp", "Cs")), max_size=8)


def scalars_with(nonfinite: bool):
    return st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                     st.floats(allow_nan=nonfinite, allow_infinity=nonfinite), st.text(max_size=8),
                    st.sampled_from(["map", "FeatureCollection", "Feature", "Polygon", "objectgroup", "building",
                                      "door", "hole", "exit", "objective", "deployment_zone", "north", "kind"]))


def values_with(nonfinite: bool):
    return st.recursive(scalars_with(nonfinite),
                        lambda kids: st.one_of(st.lists(kids, max_size=5),
                                               st.dictionaries(KEYS, kids, max_size=5)),
                        max_leaves=30)


json_values = values_with(True)
finite_values = values_with(False)


def paths(v, prefix=()):
    yield prefix
    if isinstance(v, dict):
        for k, x in v.items():
            yield from paths(x, prefix + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from paths(x, prefix + (i,))


@st.composite
def mutated(draw, base, nonfinite: bool = True):
    data = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 4))):
        all_paths = [p for p in paths(data) if p]
        if not all_paths:
            break
        path = draw(st.sampled_from(all_paths))
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        op = draw(st.sampled_from(["replace", "delete", "number", "dup"]))
        key = path[-1]
        if op == "delete":
            del parent[key]
        elif op == "number":
            parent[key] = draw(st.floats(allow_nan=nonfinite, allow_infinity=nonfinite) | st.integers(-10**9, 10**9))
        elif op == "dup" and isinstance(parent, list):
            parent.append(json.loads(json.dumps(parent[key])))
        else:
            parent[key] = draw(json_values if nonfinite else finite_values)
    return data


MAP = hand_made().model_dump(mode="json")


def only_file_errors(fn, *args):
    try:
        fn(*args)
    except FileError as e:
        assert "\n" not in str(e)


@FUZZ
@given(json_values)
def test_fuzz_loader__generated(data):
    only_file_errors(parse_map, "fuzz.map.json", data)


@FUZZ
@given(mutated(MAP))
def test_fuzz_loader__mutated(data):
    only_file_errors(parse_map, "fuzz.map.json", data)


def test_loader__short_hole_is_a_file_error():
    data = json.loads(json.dumps(MAP))
    data["features"][0]["holes"] = [[[120.0, 120.0], [150.0, 120.0]]]
    only_file_errors(parse_map, "fuzz.map.json", data)


def test_loader__non_finite_coordinate_is_a_file_error():
    data = json.loads(json.dumps(MAP))
    data["features"][0]["exterior"][1] = [float("nan"), 1.0]
    only_file_errors(parse_map, "fuzz.map.json", data)


@FUZZ
@given(st.binary(max_size=200))
def test_fuzz_loader__bytes(tmp_path_factory, blob):
    p = tmp_path_factory.mktemp("fz") / "x.map.json"
    p.write_bytes(blob)
    only_file_errors(load_map, p)


@FUZZ
@given(json_values)
def test_fuzz_importers__generated(data):
    only_file_errors(read_map_data, "fuzz.json", data)


@FUZZ
@given(mutated(tiled_dict()), st.sampled_from([1.0, 2.0, 0.5]))
def test_fuzz_tiled__mutated(data, scale):
    only_file_errors(read_map_data, "fuzz.tmj", data, scale)


@FUZZ
@given(mutated(geojson_dict()), st.sampled_from([(0.0, 0.0), (10.0, 20.0)]))
def test_fuzz_geojson__mutated(data, offset):
    only_file_errors(read_map_data, "fuzz.geojson", data, 1.0, offset)


def test_loader__line_break_in_a_key_still_gives_one_line():
    data = json.loads(json.dumps(MAP))
    data["features"][0]["properties"] = {"a\nb": [1]}
    only_file_errors(parse_map, "fuzz.map.json", data)


def test_fuzz_helpers_sane():
    assert math.isfinite(1.0) and any(p == ("features",) for p in paths(MAP))

"""The validation panel's checks: each problem with its item and location."""

from __future__ import annotations

import pytest

from game.editor import commands as C
from game.editor.command_base import EditError
from game.editor.document import MapDocument
from game.editor.history import History
from game.editor.validate import errors, validate


def doc_with(*cmds, ruleset="unregistered_rules", preset="3'x3'") -> MapDocument:
    doc = MapDocument.new(preset, ruleset=ruleset)
    h = History(doc)
    for c in cmds:
        h.execute(c)
    return doc


def codes(doc):
    return {(p.code, p.item_id) for p in validate(doc)}


def test_clean_map__no_errors():
    doc = doc_with(C.AddRectangle("building", 100, 100, 200, 200, id="b"),
                   C.AddZone("red", [(0, 800), (914, 800), (914, 914), (0, 914)]),
                   C.AddObjective(400, 400), C.AddExit("north"))
    assert errors(validate(doc)) == []


def test_self_intersection__located_at_the_crossing():
    doc = doc_with(C.AddFeature("woods", [(0, 0), (100, 100), (100, 0), (0, 100)], id="bow"))
    p = next(p for p in validate(doc) if p.item_id == "bow")
    assert p.code == "self_intersection" and (p.x, p.y) == (50, 50) and p.severity == "error"


def test_degenerate_polygon():
    doc = doc_with(C.AddFeature("woods", [(0, 0), (50, 50), (100, 100)], id="line"))
    assert ("degenerate", "line") in codes(doc)


def test_hole_outside_outline():
    doc = doc_with(C.AddFeature("building", [(0, 0), (50, 0), (50, 50), (0, 50)],
                                [[(60, 60), (70, 60), (70, 70)]], id="b"))
    assert any(c == "bad_hole" or c == "invalid_polygon" for c, i in codes(doc) if i == "b")


def test_outside_table():
    doc = doc_with(C.AddRectangle("building", 880, 100, 950, 200, id="b"),
                   C.AddZone("red", [(0, 0), (100, 0), (100, -50)], id="z"), C.AddObjective(1000, 10, id="o"))
    p = next(p for p in validate(doc) if p.code == "outside_table" and p.item_id == "b")
    assert p.x > 914
    assert ("outside_table", "z") in codes(doc) and ("outside_table", "o") in codes(doc)


def test_overlap__forbidden_kinds_only():
    doc = doc_with(C.AddRectangle("building", 100, 100, 200, 200, id="b"),
                   C.AddRectangle("wall", 150, 150, 300, 160, id="w"),
                   C.AddRectangle("woods", 100, 100, 300, 300, id="trees"),
                   C.AddRectangle("river", 190, 190, 260, 260, id="r"))
    c = codes(doc)
    assert ("overlap", "b") in c
    assert not any(code == "overlap" and i == "trees" for code, i in c)
    # building over a river is forbidden, woods over a river is fine
    assert sum(1 for p in validate(doc) if p.code == "overlap") == 2


def test_door_off_edge():
    doc = doc_with(C.AddRectangle("building", 100, 100, 200, 200, id="b"),
                   C.AddOpening("b", (120, 100), (140, 100)), C.Move(["b"], 0, 0))
    assert errors(validate(doc)) == []
    h = History(doc)
    h.execute(C.MoveVertex("b", 0, 0, (90, 110)))
    assert ("bad_opening", "b") in codes(doc)


def test_zone_without_room_and_unreachable_objective():
    # an objective inside a closed ring of walls
    ring = [C.AddRectangle("wall", 400, 400, 500, 410), C.AddRectangle("wall", 400, 490, 500, 500),
            C.AddRectangle("wall", 400, 410, 410, 490), C.AddRectangle("wall", 490, 410, 500, 490)]
    doc = doc_with(*ring, C.AddObjective(450, 450, id="trapped"),
                   C.AddZone("red", [(0, 850), (914, 850), (914, 914), (0, 914)], id="ok"),
                   C.AddZone("blue", [(0, 0), (10, 0), (10, 10), (0, 10)], id="tiny"))
    c = codes(doc)
    assert ("unreachable", "trapped") in c
    assert ("zone_no_room", "tiny") in c
    p = next(p for p in validate(doc) if p.code == "unreachable")
    assert (p.x, p.y) == (450, 450)


def test_planet_gravity_well_needs_room():
    big = C.AddCircle("planet", 200, 600, 150, id="big")  # 300 mm: large, 300 mm well
    ok = C.AddCircle("moon", 900, 600, 40, id="moon")  # small: 100 mm well
    doc = doc_with(big, ok, ruleset="spacefleet", preset="6'x4'")
    c = codes(doc)
    assert ("gravity_well", "big") in c and ("gravity_well", "moon") not in c
    assert all(p.severity == "warning" for p in validate(doc) if p.code == "gravity_well")


def test_unknown_kind_is_a_warning_and_unknown_tag_is_refused():
    """An unknown kind may be a ruleset's own (the generic check only warns);
    a ruleset that reads kinds refuses one it does not know (Battlespace:
    "spaceship"); an unknown tag would silently do nothing (a building that
    stops blocking sight), so the map model refuses it."""
    doc = doc_with(C.AddRectangle("spaceship", 10, 10, 50, 50, id="s"), ruleset="unregistered_rules")
    ps = [p for p in validate(doc) if p.item_id == "s"]
    assert {p.code for p in ps} == {"unknown_kind"}
    assert all(p.severity == "warning" for p in ps)
    bs = validate(doc_with(C.AddRectangle("spaceship", 10, 10, 50, 50, id="s"), ruleset="battlespace"))
    refused = [p for p in bs if p.code == "ruleset"]
    assert len(refused) == 1 and refused[0].severity == "error"
    assert "unknown terrain kind 'spaceship' for battlespace" in refused[0].message
    with pytest.raises(EditError, match="unknown tag 'shiny'"):
        doc_with(C.AddRectangle("building", 10, 10, 50, 50, id="t", tags=["shiny"]))


def test_battlespace_asks_for_ten_pieces():
    doc = doc_with(C.AddRectangle("building", 10, 10, 50, 50), ruleset="battlespace")
    assert ("few_features", None) in codes(doc)


def test_bad_exit_and_overlapping_zones():
    doc = doc_with(C.AddExit("north", start_mm=800, end_mm=1000, id="e"),
                   C.AddZone("red", [(0, 0), (300, 0), (300, 300), (0, 300)]),
                   C.AddZone("blue", [(200, 200), (500, 200), (500, 500), (200, 500)]))
    c = codes(doc)
    assert ("bad_exit", "e") in c and any(code == "zones_overlap" for code, _ in c)


def test_walls_may_join_at_corners():
    doc = doc_with(C.AddRectangle("wall", 100, 100, 200, 108), C.AddRectangle("wall", 192, 100, 200, 200))
    assert errors(validate(doc)) == []


def test_rooftop_zone_and_climbable_elevation():
    doc = doc_with(C.AddRectangle("building", 300, 300, 500, 500, id="roof"),
                   C.AddZone("red", [(320, 320), (480, 320), (480, 480), (320, 480)]),
                   C.AddExit("west", side="red"), ruleset="battlespace")
    assert errors(validate(doc)) == []


def test_id_shared_by_a_feature_and_an_objective():
    # map files may do this (the editor itself never creates such ids)
    from game.data.maps import MapFile

    src = doc_with(C.AddRectangle("vehicle", 100, 100, 150, 130, id="humvee"), C.AddObjective(125, 115, radius=30))
    data = src.to_dict()
    data["objectives"][0]["id"] = "humvee"
    doc = MapDocument.from_map(MapFile.model_validate(data))
    assert errors(validate(doc)) == []
    h = History(doc)
    h.execute(C.EditObjective("humvee", label="Humvee"))
    assert doc.objectives[0].label == "Humvee" and doc.features[0].id == "humvee"
    h.undo()
    assert doc.objectives[0].label == ""


def test_bundled_maps_have_no_errors():
    from pathlib import Path

    from game.data.maps import load_map

    root = Path(__file__).resolve().parents[2] / "maps"
    for p in sorted(root.glob("*/*.map.json")):
        errs = errors(validate(MapDocument.from_map(load_map(p))))
        assert errs == [], f"{p.name}: {errs[0]}"


def test_messages_name_shapes_in_words__never_by_id():
    """The problem panel's lines name a shape by its name, else by its kind
    and grid square; a door by where it is; a zone by whose it is; never
    the ids ("building2: building building2 self-intersects")."""
    doc = doc_with(C.AddFeature("building", [(500, 400), (650, 550), (650, 400), (500, 550)], id="building2"),
                   C.AddRectangle("building", 100, 100, 200, 200, id="b1"),
                   C.AddOpening("b1", (120, 100), (140, 100)),
                   C.AddZone("fireteam", [(0, -50), (100, -50), (100, 50), (0, 50)], id="z"))
    h = History(doc)
    h.execute(C.MoveVertex("b1", 0, 0, (90, 110)))
    lines = [str(p) for p in validate(doc)]
    assert "error: the building at D4 self-intersects at (575, 475) mm" in lines
    assert any(line.startswith("error: the door at A1 is not on an edge of the building at A2") for line in lines)
    assert any(line.startswith("error: the fireteam's deployment zone is partly off the table") for line in lines)
    assert not any("building2" in line or "b1" in line for line in lines)


def test_a_shape_wholly_off_the_table_is_off_it__not_partly():
    doc = doc_with(C.AddRectangle("building", 1000, 100, 1100, 200, id="far"),
                   C.AddRectangle("building", 880, 300, 950, 400, id="edge"))
    said = {p.item_id: p.message for p in validate(doc) if p.code == "outside_table"}
    assert said == {"far": "the building at G1 is off the table", "edge": "the building at G3 is partly off the table"}


def test_tags_read_as_words_and_back():
    from game.geometry.terrain import KNOWN_TAGS, tag_of_words, tag_words

    assert tag_words("blocks_sight") == "blocks sight"
    assert tag_of_words(" Blocks  sight ") == "blocks_sight"
    assert all(tag_of_words(tag_words(t)) == t for t in KNOWN_TAGS)

"""Every edit command: do, undo and redo restore exactly the right document."""

from __future__ import annotations

import copy

import pytest

from game.editor import commands as C
from game.editor.document import MapDocument
from game.editor.history import History


def snapshot(doc: MapDocument) -> dict:
    return copy.deepcopy({"map": doc.to_dict(), "selection": sorted(doc.selection), "draft": list(doc.draft)})


def base_doc() -> MapDocument:
    doc = MapDocument.new("3'x3'", ruleset="battlespace")
    h = History(doc)
    h.execute(C.AddRectangle("building", 100, 100, 200, 180, id="house"))
    h.execute(C.AddHole("house", [(120, 120), (150, 120), (150, 150)]))
    h.execute(C.AddOpening("house", (120, 100), (145, 100), id="front"))
    h.execute(C.AddRectangle("wall", 300, 300, 400, 308, id="wall"))
    h.execute(C.AddZone("red", [(0, 800), (914, 800), (914, 914), (0, 914)], id="z_red"))
    h.execute(C.AddObjective(457, 457, label="Centre", id="obj"))
    h.execute(C.AddExit("north", id="ex"))
    h.execute(C.DraftAddVertex(600, 600))
    h.execute(C.DraftAddVertex(700, 600))
    h.execute(C.DraftAddVertex(650, 680))
    doc.dirty = False
    return doc


CASES = {
    "add_feature": lambda: C.AddFeature("woods", [(500, 100), (600, 100), (550, 200)]),
    "add_rectangle": lambda: C.AddRectangle("rough", 10, 10, 50, 60),
    "add_circle": lambda: C.AddCircle("crater", 700, 200, 40, vertices=12),
    "add_ellipse": lambda: C.AddEllipse("woods", 700, 400, 60, 30, vertices=10, rotation=30),
    "add_with_holes": lambda: C.AddFeature("building", [(500, 500), (600, 500), (600, 600), (500, 600)],
                                           [[(520, 520), (540, 520), (540, 540)]]),
    "draft_vertex": lambda: C.DraftAddVertex(620, 700),
    "finish_polygon": lambda: C.FinishPolygon("woods", name="copse"),
    "finish_hole": lambda: C.FinishHole("house"),
    "finish_zone": lambda: C.FinishZone("blue"),
    "cancel_draft": lambda: C.CancelDraft(),
    "add_hole": lambda: C.AddHole("house", [(160, 160), (190, 160), (190, 170)]),
    "remove_hole": lambda: C.RemoveHole("house", 0),
    "select": lambda: C.Select(["house", "wall"]),
    "select_toggle": lambda: C.Select(["obj"], mode="toggle"),
    "move": lambda: C.Move(["house", "z_red", "obj"], 10, -5),
    "rotate": lambda: C.Rotate(["house"], 90),
    "rotate_origin": lambda: C.Rotate(["wall", "obj"], 45, origin=(0, 0)),
    "scale": lambda: C.Scale(["house"], 1.5),
    "scale_xy": lambda: C.Scale(["wall"], 2, 0.5, origin=(300, 300)),
    "duplicate": lambda: C.Duplicate(["house", "wall", "ex"]),
    "delete": lambda: C.Delete(["house", "obj", "ex", "z_red"]),
    "move_vertex": lambda: C.MoveVertex("house", 0, 2, (210, 190)),
    "move_hole_vertex": lambda: C.MoveVertex("house", 1, 0, (125, 125)),
    "move_zone_vertex": lambda: C.MoveVertex("z_red", 0, 0, (0, 780)),
    "insert_vertex": lambda: C.InsertVertex("house", 0, 1, (200, 140)),
    "delete_vertex": lambda: C.DeleteVertex("house", 0, 3),
    "set_height": lambda: C.SetFeature("house", height=90),
    "set_tags": lambda: C.SetFeature("house", tags=["blocks_sight", "cover"], cover="obscured", move_cost=2),
    "set_properties": lambda: C.SetFeature("wall", name="old wall", properties={"armour": 3}),
    "set_kind": lambda: C.SetKind("wall", "hedge"),
    "set_kind_keep": lambda: C.SetKind("wall", "hedge", apply_defaults=False),
    "add_door": lambda: C.AddOpening("house", (200, 120), (202, 150)),
    "add_window_on_hole": lambda: C.AddOpening("house", (125, 120), (140, 120), kind="window"),
    "remove_door": lambda: C.RemoveOpening("house", "front"),
    "add_zone": lambda: C.AddZone("blue", [(0, 0), (914, 0), (914, 100), (0, 100)]),
    "edit_zone": lambda: C.EditZone("z_red", side="blue"),
    "add_objective": lambda: C.AddObjective(100, 600, kind="person", label="VIP", radius=10),
    "edit_objective": lambda: C.EditObjective("obj", x=400, label="Hill"),
    "add_exit": lambda: C.AddExit("east", side="red", start_mm=100, end_mm=300),
    "edit_exit": lambda: C.EditExit("ex", edge="south", side="red"),
    "table_size": lambda: C.SetTable(1200, 800),
    "table_preset": lambda: C.SetTable.preset("6'x4'"),
    "map_info": lambda: C.SetMapInfo(name="Farm", id="farm", ruleset="unregistered_rules", description="x"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_command__do_undo_redo(name):
    doc = base_doc()
    hist = History(doc)
    before = snapshot(doc)
    cmd = CASES[name]()
    hist.execute(cmd)
    after = snapshot(doc)
    assert after != before, f"{name} changed nothing"
    assert doc.dirty == cmd.changes_content
    hist.undo()
    assert snapshot(doc) == before
    hist.redo()
    assert snapshot(doc) == after
    hist.undo()
    assert snapshot(doc) == before


def test_history__new_command_clears_redo():
    doc = base_doc()
    h = History(doc)
    h.execute(C.Move(["house"], 5, 5))
    h.undo()
    assert h.can_redo
    h.execute(C.Move(["wall"], 1, 1))
    assert not h.can_redo and h.redo() is None


def test_history__failed_command_is_not_recorded():
    doc = base_doc()
    h = History(doc)
    before = snapshot(doc)
    with pytest.raises(C.EditError, match="at least 3 vertices"):
        h.execute(C.DeleteVertex("house", 1, 0))
    with pytest.raises(C.EditError, match="same edge"):
        h.execute(C.AddOpening("house", (100, 100), (200, 180)))
    with pytest.raises(C.EditError, match="no feature"):
        h.execute(C.SetFeature("nothing", height=3))
    with pytest.raises(C.EditError, match="height"):
        h.execute(C.SetFeature("house", height=-1))
    with pytest.raises(C.EditError, match="already used"):
        h.execute(C.AddRectangle("wall", 0, 0, 5, 5, id="house"))
    assert snapshot(doc) == before and not h.can_undo


def test_move__carries_doors_and_holes():
    doc = base_doc()
    History(doc).execute(C.Move(["house"], 10, 20))
    f = doc.feature("house")
    assert f.exterior[0] == (110, 120)
    assert f.holes[0][0] == (130, 140)
    assert f.openings[0].a == (130, 120) and f.openings[0].b == (155, 120)


def test_shapes__circle_vertex_count_and_radius():
    doc = MapDocument.new()
    History(doc).execute(C.AddCircle("crater", 100, 100, 50, vertices=7))
    ring = doc.features[0].exterior
    assert len(ring) == 7
    assert all(abs(((x - 100) ** 2 + (y - 100) ** 2) ** 0.5 - 50) < 1e-5 for x, y in ring)


def test_kind_defaults__from_catalogue():
    doc = MapDocument.new()
    History(doc).execute(C.AddRectangle("woods", 0, 0, 10, 10))
    f = doc.features[0]
    assert f.height == 80 and "obscures" in f.tags and f.move_cost == 2


def test_presets():
    for name, size in {"2'x2'": (610, 610), "3'x3'": (914, 914), "4'x6'": (1219, 1829), "6'x4'": (1829, 1219)}.items():
        d = MapDocument.new(name)
        assert (d.width, d.height) == size and d.preset == name
    assert MapDocument.new("free", width=500, height=700).preset == "free"
    with pytest.raises(ValueError):
        MapDocument.new("5'x5'")


def test_snap_and_measure():
    from game.editor.measure import measure
    from game.editor.snap import snap

    doc = base_doc()
    assert snap((103, 98), doc, grid=25).target == "vertex"
    s = snap((150, 103), doc, grid=25)
    assert s.target == "edge" and s.point == (150, 100) and s.item_id == "house"
    assert snap((262, 238), doc, grid=25).point == (250, 250)
    m = measure((0, 0), (254, 0))
    assert m.mm == 254 and m.inches == pytest.approx(10) and m.cm == pytest.approx(25.4)
    assert m.label("in") == '10.0"' and m.label("cm") == "25.4 cm"


def test_ids__one_namespace_per_collection_as_in_map_files():
    """An objective may take its feature's id (mission1's 'humvee'); a second
    objective with the same id may not; generated ids stay unique overall."""
    doc = base_doc()
    h = History(doc)
    h.execute(C.AddObjective(150, 140, label="Search the house", id="house"))
    assert [o.id for o in doc.objectives] == ["obj", "house"] and doc.feature("house").kind == "building"
    assert doc.to_map().objectives[1].id == "house"
    with pytest.raises(C.EditError, match="'house' is already used by another objective"):
        h.execute(C.AddObjective(10, 10, id="house"))
    with pytest.raises(C.EditError, match="'wall' is already used by another feature"):
        h.execute(C.AddRectangle("wall", 0, 0, 5, 5, id="wall"))
    h.execute(C.AddZone("blue", [(0, 0), (50, 0), (50, 50)], id="wall"))
    assert [z.id for z in doc.zones] == ["z_red", "wall"]
    h.execute(C.AddObjective(20, 20))
    assert doc.objectives[-1].id == "objective1"

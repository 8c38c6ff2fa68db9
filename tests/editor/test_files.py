"""Files: save and reload round-trip every feature kind exactly; drafts; autosave; recent files."""

from __future__ import annotations

import json

import pytest

from game.data.errors import FileError
from game.data.maps import load_map
from game.editor import commands as C
from game.editor import files
from game.editor.document import MapDocument
from game.editor.history import History
from game.editor.kinds import catalogue


@pytest.mark.parametrize("kind", sorted(catalogue().kinds))
def test_save_reload__every_kind_exactly(tmp_path, kind):
    doc = MapDocument.new("6'x4'", ruleset="spacefleet" if catalogue().kind(kind).gravity_well else "unregistered_rules")
    h = History(doc)
    # the space-fleet rules refuse properties of a planet or moon they do not read (one validator)
    props = {"size": "medium"} if catalogue().kind(kind).gravity_well else {"note": "x", "n": 3, "w": 1.5, "flag": True}
    h.execute(C.AddRectangle(kind, 600.125, 400.5, 812.75, 611.25, id="f", name=f"a {kind}", properties=props))
    h.execute(C.AddHole("f", [(650.1, 450.2), (700.3, 450.2), (700.3, 500.9)]))
    if catalogue().kind(kind).openings:
        h.execute(C.AddOpening("f", (620, 400.5), (645.4, 400.5)))
    h.execute(C.AddEllipse(kind if kind not in ("planet", "moon") else "gas_cloud", 1500, 900, 80, 50,
                           vertices=17, rotation=12.5, id="g"))
    h.execute(C.AddZone("red", [(0, 1100), (1829, 1100), (1829, 1219), (0, 1219)]))
    h.execute(C.AddObjective(300.25, 300.75, kind="marker", label="o", radius=12.5))
    h.execute(C.AddExit("west", side="red", start_mm=10, end_mm=200.5))
    path, errs = files.save_or_draft(doc, tmp_path / f"{kind}.map.json")
    assert errs == [] and path.name == f"{kind}.map.json"
    back = files.open_map(path)
    assert back.to_map() == doc.to_map()
    if path.name.endswith(".map.json"):
        assert load_map(path) == doc.to_map()
        assert json.loads(path.read_text()) == json.loads(path.read_text())  # valid JSON
    assert not back.dirty or path.name.endswith(".draft.json")


def test_save__errors_block_and_draft_is_marked(tmp_path):
    doc = MapDocument.new(ruleset="battlespace")
    h = History(doc)
    h.execute(C.AddRectangle("building", 100, 100, 200, 200))
    h.execute(C.AddRectangle("wall", 150, 150, 300, 160))
    with pytest.raises(files.SaveBlocked, match="overlaps"):
        files.save(doc, tmp_path / "m.map.json")
    assert not (tmp_path / "m.map.json").exists()
    out = files.save_draft(doc, tmp_path / "m.map.json")
    assert out.name == "m.draft.json" and not doc.dirty
    data = json.loads(out.read_text())
    assert data["draft"] is True and any("overlaps" in p for p in data["problems"])
    with pytest.raises(FileError):  # a draft is never a playable map
        load_map(out)
    back = files.open_map(out)
    assert back.path == tmp_path / "m.map.json" and back.dirty
    assert back.to_map() == doc.to_map()


def test_save__untitled_needs_a_name():
    with pytest.raises(ValueError, match="save as"):
        files.save(MapDocument.new())


def test_open__bad_file_is_one_clear_line(tmp_path):
    p = tmp_path / "bad.map.json"
    p.write_text('{"format_version": 1, "id": "x", "name": "x", "table": {"width_mm": -1, "height_mm": 5}}')
    with pytest.raises(FileError) as e:
        files.open_map(p)
    assert "bad.map.json" in str(e.value) and "\n" not in str(e.value)


def test_recent_files(tmp_path):
    doc = MapDocument.new()
    for name in ("a", "b", "a"):
        files.save(doc, tmp_path / f"{name}.map.json")
    assert [p.name for p in files.recent_files()] == ["a.map.json", "b.map.json"]
    assert (tmp_path / "config" / "editor.json").exists()


def test_autosave__at_most_once_a_minute_with_fake_clock(tmp_path):
    now = [0.0]
    doc = MapDocument.new()
    doc.path = tmp_path / "m.map.json"
    auto = files.Autosaver(doc, clock=lambda: now[0])
    h = History(doc)
    assert auto.tick() is None  # nothing to save
    h.execute(C.AddRectangle("woods", 0, 0, 10, 10))
    written = auto.tick()
    assert written == files.autosave_path(doc.path) and written.parent == tmp_path / "config" / "autosave"
    h.execute(C.Move(["woods1"], 5, 5))
    now[0] = 30.0
    assert auto.tick() is None  # too soon
    now[0] = 60.0
    assert auto.tick() is not None
    recovered = files.open_map(written)
    assert recovered.to_map() == doc.to_map() and recovered.path == doc.path
    assert files.find_autosave(tmp_path / "m.map.json") == written
    files.save(doc)
    assert not written.exists()


def test_autosave_of_a_bundled_map_goes_to_the_config_dir_not_beside_it(tmp_path):
    """The bundled maps folder is the program's: editing a bundled map
    autosaves into the user's config folder, and recovering it still names
    the bundled map."""
    from game.data.io import BUNDLED_MAPS

    bundled = BUNDLED_MAPS / "battlespace" / "mission1.map.json"
    before = sorted(p.name for p in bundled.parent.iterdir())
    doc = files.open_map(bundled)
    History(doc).execute(C.AddRectangle("woods", 0, 0, 10, 10))
    written = files.Autosaver(doc, clock=lambda: 0.0).tick()
    try:
        assert written.parent == tmp_path / "config" / "autosave" and written.name.startswith("mission1-")
        assert sorted(p.name for p in bundled.parent.iterdir()) == before
        assert files.open_map(written).path == bundled
        assert files.find_autosave(bundled) == written
    finally:
        written.unlink()
    # two maps of one name in two folders keep two autosaves
    assert files.autosave_path(tmp_path / "a" / "m.map.json") != files.autosave_path(tmp_path / "b" / "m.map.json")


def test_save_as_gives_the_map_the_id_of_the_new_file_name(tmp_path):
    doc = MapDocument.new()
    History(doc).execute(C.AddRectangle("woods", 0, 0, 100, 100))
    doc = files.open_map(files.save(doc, tmp_path / "first.map.json"))
    assert doc.id == "first"
    out = files.save_as(doc, tmp_path / "my copy.map.json")
    assert out == tmp_path / "my copy.map.json" and doc.id == "my_copy"
    assert json.loads(out.read_text())["id"] == "my_copy"
    assert json.loads((tmp_path / "first.map.json").read_text())["id"] == "first"
    files.save(doc)  # saved again under its own name: the id stays
    assert doc.id == "my_copy"


def test_autosave__untitled_goes_to_config_dir(tmp_path):
    doc = MapDocument.new()
    History(doc).execute(C.AddRectangle("woods", 0, 0, 10, 10))
    p = files.Autosaver(doc, clock=lambda: 0.0).tick()
    assert p == tmp_path / "config" / "autosave" / "untitled.autosave.json"

"""The menu's scenario path field: a file it cannot read is refused with one
line naming the file and the reason (the file loader's words), not a
generic "cannot be read"."""

from __future__ import annotations

from game.ui.scenarios import peek, unreadable


def test_broken_json_names_the_file_and_where(tmp_path):
    p = tmp_path / "broken.scenario.json"
    p.write_text('{"ruleset": "foxhole",,\n "name": "x"}', encoding="utf-8")
    assert peek(p) is None
    why = unreadable(p)
    assert why.startswith(str(p)) and "JSON" in why and "line 1" in why


def test_missing_file_and_empty_field(tmp_path):
    p = tmp_path / "nowhere.scenario.json"
    assert peek(p) is None
    assert unreadable(p) == f"{p}: file not found"
    assert unreadable("  ") == "Type the path of a scenario file first."


def test_a_json_list_is_not_a_scenario(tmp_path):
    p = tmp_path / "list.scenario.json"
    p.write_text("[1, 2]", encoding="utf-8")
    assert peek(p) is None
    assert unreadable(p) == f"{p}: not a scenario (the file holds no JSON object)"

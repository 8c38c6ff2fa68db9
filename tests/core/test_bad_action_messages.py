"""An action in a save or a replay that does not decode is told in one
readable line: the action's ``type`` and its first bad field with the reason,
or the unknown type; never pydantic's "validation error for
tagged-union[...]" (Standards: bad input gets one clear line naming the
field and the reason)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from game import rulesets
from game.core.replay import read_replay, verify
from game.data.errors import action_problem

ROOT = Path(__file__).resolve().parents[2]
SF = rulesets.get("spacefleet")


def _problem(data: dict) -> str:
    with pytest.raises(ValidationError) as e:
        SF.parse_action(data)
    return action_problem(e.value)


@pytest.mark.parametrize("data, want", [
    ({"type": "sf_move", "side": "imperial", "ship": "a", "pre_turn": "abc"},
     "a 'sf_move' action with a bad field 'pre_turn': expected a number, found text ('abc')"),
    ({"type": "sf_move", "side": "imperial", "ship": "a", "x": 3}, "a 'sf_move' action with an unknown field 'x'"),
    ({"type": "sf_move", "side": "imperial"}, "a 'sf_move' action without its field 'ship'"),
    ({"type": "foo", "side": "imperial"}, "unknown action type 'foo'"),
    ({"side": "imperial"}, "an action without a type"),
])
def test_action_problem__type_field_and_reason(data, want):
    assert _problem(data) == want


def test_verify__a_damaged_action_line_names_its_index_type_and_field(tmp_path):
    """A replay whose second action carries a bad field: verification stops
    there and says what is wrong with it, in words."""
    lines = (ROOT / "tests" / "golden" / "spacefleet" / "deep_space.replay.jsonl").read_text(encoding="utf-8").splitlines()
    i = next(k for k, line in enumerate(lines) if '"type":"sf_move"' in line)
    d = json.loads(lines[i])
    d["action"]["pre_turn"] = "abc"
    lines[i] = json.dumps(d, separators=(",", ":"))
    path = tmp_path / "bad.replay.jsonl"
    path.write_text("\n".join(lines[:i + 1]) + "\n", encoding="utf-8")
    v = verify(read_replay(path), SF)
    assert not v.ok
    assert v.reason.endswith(": a 'sf_move' action with a bad field 'pre_turn': expected a number, found text ('abc')"), v.reason
    assert "tagged-union" not in v.reason

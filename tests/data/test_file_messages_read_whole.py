"""What a bad file is told in: whole phrases with a place ("not valid JSON:
an unterminated string at line 3, column 12", never a decoder's clipped
"Unterminated string starting at"), the first bad number in the file (not
the last), NaN in plain words, and an empty replay named with its reason."""

from __future__ import annotations

import json

import pytest

from game.core.replay import EMPTY_REPLAY, header_problem, read_replay
from game.data.errors import FileError
from game.data.io import loads


def reason(text: str, where: str = "") -> str:
    with pytest.raises(FileError) as e:
        loads("f.json", text, where)
    return str(e.value)


@pytest.mark.parametrize("text, said", [
    ('{\n  "a": 1,\n  "name": "abc', "f.json: not valid JSON: an unterminated string at line 3, column 11"),
    ('{"a": 1,}', "f.json: not valid JSON: a key in double quotes is missing at line 1, column 9"),
    ("[1 2]", "f.json: not valid JSON: a comma is missing at line 1, column 4"),
    ('{"a": 1} x', "f.json: not valid JSON: there is more text after the end at line 1, column 10"),
    ("", "f.json: not valid JSON: the file is empty"),
    ('{"a": ', "f.json: not valid JSON: the text ends where a value should be at line 1, column 7"),
])
def test_json_faults_read_as_whole_phrases_with_line_and_column(text, said):
    assert reason(text) == said


def test_a_replay_line_names_its_line_once():
    assert reason("{x", "line 3") == "f.json [line 3]: not valid JSON: a key in double quotes is missing at column 2"


def test_nan_is_told_in_plain_words():
    assert reason('{"x": NaN}') == "f.json [x]: NaN (not a number) is not allowed in a file; write a number"


def test_of_two_huge_coordinates_the_first_is_named():
    said = reason(json.dumps({"exterior": [[0, 0], [5e13, 0], [7e13, 9]]}))
    assert said == "f.json [exterior[1][0]]: number 5e+13 is too large (the limit is 1e+12)"
    assert reason('{"a": {"x": 1e400, "y": 1e400}}').startswith("f.json [a.x]: a number too large to hold")


def test_an_empty_replay_says_it_is_empty(tmp_path):
    p = tmp_path / "r.replay.jsonl"
    p.write_bytes(b"")
    with pytest.raises(FileError) as e:
        read_replay(p)
    assert e.value.reason == EMPTY_REPLAY
    assert header_problem(p) == "the file is empty"
    p.write_text("garbage\n")
    assert header_problem(p) == "not a replay (its first line is not JSON)"
    p.write_text('{"line": "header", "seed"')
    assert header_problem(p) == "the header was cut off"
    p.write_text('{"line": "header"}\n')
    assert header_problem(p) is None

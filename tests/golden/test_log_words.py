"""Every line of every golden battle's log reads as words a player reads
(the battle log, CLI and app alike: ``game.core.logtext.event_line``, sides
by name): no ``snake_case`` id, no event dumped as its type and fields, no
"deg" for degrees, no counter standing for a thing ("blast marker 22",
"bomber 2", a model "#3 of" its own unit), no "SHUFFLE" of raw numbers,
no "(s)" for a count, no die's face run into its name ("D4 3"), no
"British's".
An event the ruleset keeps out of the log (``quiet``: bookkeeping with no
words) gives no line. Read from the recorded events of the golden replays:
no battle is played."""

from __future__ import annotations

import re

import pytest

from game import rulesets
from game.core.logtext import event_line
from game.core.replay import read_replay
from game.ui.naming import SNAKE
from tests.ui.test_player_text_names import RULE_WORDS
from tools.regen_golden import bundled, golden_path

CASES = [(r, p) for r, p in bundled() if read_replay(golden_path(r, p)).has_events]

#: what a line a player reads never holds
BAD = {
    "an event dumped as its fields": re.compile(r"\{'|: text , "),
    "degrees as deg": re.compile(r"\d deg\b"),
    "a numbered counter": re.compile(r"\b(?:blast marker|bomber|solar flare|radiation burst) \d"),
    "a model named with its unit twice": re.compile(r"#\d+ of "),
    "a raw shuffle": re.compile(r"SHUFFLE"),
    "a count written with (s)": re.compile(r"[a-z]\(s\)"),
    "one die's face run into its name (D4 3 reads D43)": re.compile(r"\bD\d+ \d"),
    "a side's name as a possessive of an adjective": re.compile(r"\b(?:British|German)'s\b"),
}


@pytest.mark.parametrize("rid,scenario", CASES, ids=[f"{r}:{p.name}" for r, p in CASES])
def test_golden_log__words_not_ids_or_counters(rid, scenario):
    rs = rulesets.get(rid)
    rec = read_replay(golden_path(rid, scenario))
    problems = []
    for line in rec.actions:
        for data in line.events or []:
            text = RULE_WORDS.sub("", event_line(rs, rs.parse_event(data), rec.header.scenario))  # "": quiet
            hit = SNAKE.search(text)
            if hit:
                problems.append(f"snake_case id {hit.group(0)!r}: {text}")
            problems += [f"{what}: {text}" for what, pat in BAD.items() if pat.search(text)]
    assert not problems, "\n".join(sorted(set(problems))[:20])

"""The battle log as a player reads it: moves and set-ups in the ruleset's
own unit and in words (toward a named place, or a compass point), never
table coordinates; and the AI's reasons ("why" lines, also the log's hover)
name models, ships, weapons, missions and barricades, never their ids.

One seeded AI-vs-AI battle per ruleset whose moves are free on the table
(Battlespace, space fleet, WW2 skirmish), every line written by the one log
formatter (``game.core.logtext.event_line`` and ``reason_line``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from shapely.geometry import box

from game.battle.controller import Controller
from game.battle.loading import open_scenario
from game.battle.seats import seats_for
from game.core.logtext import (compass_words, event_line, facing_words, move_words, place_words, reason_line,
                               units_of, way_words)
from game.core.session import Battle

ROOT = Path(__file__).resolve().parents[2]
COORD = re.compile(r"\(\s*-?\d+(?:\.\d+)?,\s*-?\d+(?:\.\d+)?\s*\)")
#: a number of degrees given as a heading or a facing (turns to port or starboard are the rules' own terms)
DEGREE_HEADING = re.compile(r"\b(?:heading|facing|faces|bearing) \d")
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
WEAPON_NUMBER = re.compile(r"\bweapon \d")
CASES = [("battlespace", "mission1"), ("spacefleet", "deep_space"), ("ww2_skirmish", "overtake")]


def battle_log(ruleset: str, scenario: str, seed: int = 3) -> tuple[list[str], list[str], set[str]]:
    """(event lines, reason lines, ids of every model, unit and ship) of one battle."""
    rs, sc, m = open_scenario(ROOT / "maps" / ruleset / f"{scenario}.scenario.json")
    battle = Battle(rs, sc, m, seed)
    Controller(battle, seats_for(rs.sides(sc), {})).advance(max_actions=20000)
    assert battle.over
    lines = [event_line(rs, ev) for e in battle.history.entries for ev in e.events]
    reasons = [reason_line(e.reason) for e in battle.history.entries if e.reason]
    s = battle.state
    ids = set(getattr(s, "figs", {})) | set(getattr(s, "ships", {})) | set(getattr(s, "units", {}))
    return lines, [r for r in reasons if r], ids


@pytest.fixture(scope="module", params=CASES, ids=[r for r, _ in CASES])
def played(request):
    return request.param, battle_log(*request.param)


def test_no_log_line_gives_table_coordinates_or_degree_headings(played):
    """Rule: text a player reads uses the ruleset's own units, one heading
    convention (compass points): no "(465, 763)", no "heading 90"."""
    (ruleset, _), (lines, reasons, _) = played
    bad = [t for t in lines + reasons if COORD.search(t) or DEGREE_HEADING.search(t)]
    assert not bad, bad[:5]
    unit = units_of(ruleset).name  # the inch mark follows the number ('3.9"'), a word after a space ("20 cm")
    after = re.escape(unit) if unit == '"' else rf" {unit}\b"
    moves = [t for t in lines if re.search(r"\bmoves \d", t)]
    assert moves and all(re.search(rf"\bmoves \d+(?:\.\d)?{after}", t) for t in moves), moves[:3]


def test_reasons_name_things_never_ids(played):
    """The AI's reasons name what they weigh ("Fire prow lances at Sword class
    frigate 1"), never an id ("imp_sword1", "weapon 2") nor a model's bare id
    where its name differs."""
    (ruleset, _), (_, reasons, ids) = played
    assert reasons
    bad = [r for r in reasons if SNAKE.search(r) or WEAPON_NUMBER.search(r)]
    for fid in ids:
        bad += [r for r in reasons if re.search(rf"(?<![\w'.]){re.escape(fid)}(?![\w'])", r)
                and not re.search(rf"\w+ {re.escape(fid)}\b", r)]
    assert not bad, bad[:5]


def test_move_words_name_the_place_a_move_ends_near_else_a_compass_point():
    """``game.core.logtext``: a move in the unit, toward the landmark it ends
    near and closes on, into an area it ends inside, else the compass point
    (north is the table's top edge, headings clockwise from east)."""
    inch = units_of("battlespace")
    assert move_words(100, 100, 100, 100 - 25.4 * 3, inch) == "3 in north"
    house = ("the farmhouse", box(150, 150, 250, 250))
    assert move_words(100, 100, 140, 140, inch, [house]) == "2.2 in toward the farmhouse"
    assert move_words(100, 100, 160, 160, inch, [house]) == "3.3 in into the farmhouse"
    # ending near it but moving away from it: a compass point
    assert way_words(145, 145, 140, 140, [house], 76.2) == "north-west"
    # a feature is named before a model that is nearer
    assert way_words(100, 100, 140, 140, [house], 76.2, [("Sgt. Reyes", (141, 141))]) == "toward the farmhouse"
    assert compass_words(90) == "south" and compass_words(270) == "north" and compass_words(-45) == "north-east"
    assert facing_words(180) == "facing west"
    assert place_words(500, 500, (1000, 1000), inch) == "in the middle of the table"
    assert place_words(100, 900, (1000, 1000), inch) == "in the south-west of the table"
    assert place_words(500, 10, (1000, 1000), inch) == "at the north edge"
    assert place_words(200, 200, (1000, 1000), inch, [house]) == "in the farmhouse"
    assert units_of("spacefleet").name == "cm" and units_of("foxhole").name == "yd"

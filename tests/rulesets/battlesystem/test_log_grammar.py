"""The Battlesystem log's verbs agree with the names before them: a unit
whose name is a plural noun takes a plural verb and "their" ("Red Eye archers
shoot", "Valmark spearmen hold their ground"), a unit named as one body or an
individual a singular one ("Yeenoghu's pack moves", "Lord Aldric moves").
README, Deviations and decisions: the log's grammar."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.battle.controller import Controller
from game.battle.loading import open_scenario
from game.battle.seats import seats_for
from game.core.logtext import agree, event_line, plural_name
from game.core.session import Battle

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("name,plural", [("Red Eye archers", True), ("Valmark spearmen", True),
                                         ("the Valmark host's spearmen", True), ("Ironhold axes", True),
                                         ("Yeenoghu's pack", False), ("Gruumsh-ka", False), ("Lord Aldric", False)])
def test_plural_name(name, plural):
    assert plural_name(name) is plural


@pytest.mark.parametrize("verb,plural", [("shoots", "shoot"), ("routs", "rout"), ("is", "are"), ("has", "have"),
                                         ("carries", "carry"), ("vanishes", "vanish"), ("closes", "close"),
                                         ("goes", "go"), ("rallies", "rally")])
def test_agree(verb, plural):
    assert agree(verb, True) == plural and agree(verb, False) == verb


def test_crossroads_log__plural_units_take_plural_verbs():
    rs, sc, m = open_scenario(ROOT / "maps" / "battlesystem" / "crossroads.scenario.json")
    battle = Battle(rs, sc, m, 3)
    lines: list[str] = []
    Controller(battle, seats_for(rs.sides(sc), {}),
               on_step=lambda a, r: lines.extend(event_line(rs, e) for e in r.events)).advance(max_actions=400)
    names = {u.name for u in battle.state.units.values()}
    plural = sorted(n for n in names if plural_name(n))
    assert "Valmark spearmen" in plural and "Yeenoghu's pack" not in plural
    singular_verb = re.compile(r"^(%s) (moves|is|has|holds|routs|shoots|charges|wheels|takes)\b" % "|".join(map(re.escape, plural)))
    wrong = [ln for ln in lines if singular_verb.match(ln)]
    assert wrong == []
    assert any(re.match(r"^Valmark spearmen (move|hold|are|have) ", ln) for ln in lines)
    assert not any(re.match(rf"^({'|'.join(map(re.escape, plural))}) \w+ its\b", ln) for ln in lines)

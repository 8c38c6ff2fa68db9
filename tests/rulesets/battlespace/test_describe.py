"""The battle log in plain words: every event class of the Battlespace codec gets a
sentence (no dict dumps), over full seeded AI games of every bundled scenario."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from game.battle.controller import Controller
from game.battle.loading import open_scenario
from game.battle.seats import seats_for
from game.core.event import Event
from game.core.session import Battle
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import events as E
from game.rulesets.battlespace.data import DATA
from game.rulesets.battlespace.display.describe import card_effect
from game.rulesets.battlespace.names import article

MAPS = Path(__file__).resolve().parents[3] / "maps" / "battlespace"
SCENARIOS = sorted(MAPS.glob("*.scenario.json"))
RAW = re.compile(r"[{}]|\bbs_|\bNone\b|\bTrue\b|\bFalse\b|'\w+':")


@lru_cache(maxsize=None)
def game_events(path: Path) -> tuple[Event, ...]:
    rs, sc, m = open_scenario(path)
    battle = Battle(rs, sc, m, 1)
    out: list[Event] = []
    Controller(battle, seats_for(rs.sides(sc), {}), on_step=lambda a, r: out.extend(r.events)).advance(max_actions=20000)
    assert battle.over
    return tuple(out)


def _plain(ev: Event) -> str:
    text = RULESET.describe(ev)
    assert text and text.strip(), f"no description for {ev.type}"
    assert not RAW.search(text), f"raw dump in the description of {ev.type}: {text!r}"
    return text


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_describe__every_event_of_a_seeded_ai_game_is_a_plain_sentence(path):
    """Every event of a full AI game (seed 1) reads as plain words with display names, never a dump."""
    for ev in game_events(path):
        _plain(ev)


#: events a seeded game may not produce, built by hand (same shapes as the rules emit)
SAMPLES: tuple[Event, ...] = (
    E.VehicleMoved(vehicle="hmv", dx=120, dy=0, x=577, y=500, dist=120, stopped_by="wall", name="Humvee"),
    E.VehicleHit(vehicle="hmv", hits=5, disabled=True, name="Humvee"),
    E.Healed(unit="s0", total=3, status="ok", name="Sgt. Reyes"),
    E.SmokeCleared(id="smoke101"),
    E.DeckShuffled(order=[c.id for c in DATA.sitrep]),
    E.Changed(unit="s0", changes={"vehicle": "hmv", "seat": "driver"}, name="Sgt. Reyes", other="Humvee"),
    E.Changed(unit="s0", changes={"carrying": "s1", "dragging": True}, name="Sgt. Reyes", other="Cpl. Okafor"),
    E.Changed(unit="s0", changes={"gear": {"frag_grenade": 1, "ifak": 2}}, name="Sgt. Reyes"),
    E.Changed(unit="civ0", changes={"side": "enemy", "kind": "enemy", "card": "fighter", "group": None}, name="Civilian civ0"),
    E.Changed(unit="s0", changes={"suppress": [1.0, 2.0, 3.0, 4.0]}, name="Sgt. Reyes"),
    E.ObjectiveSet(key="breached", value=["t1", "t2"]),
    E.ObjectiveSet(key="awad_found", value="t2"),
    E.ObjectiveSet(key="smoke_turn", value=3),
    E.ObjectiveSet(key="bomb", value=True),
    E.PhaseFlags(rush=True),
    E.Removed(unit="civ0", status="gone", name="Civilian civ0"),
    E.Wounded(unit="s0", amount=0, total=4, status="kia", name="Sgt. Reyes"),
    E.Attacked(attacker="s0", target="e1", kind="melee", hit=True, need=10, attacker_name="Sgt. Reyes",
               target_name="Fighter e1"),
)


def test_describe__every_event_class_of_the_codec_is_covered():
    """Each event class of the codec appears in the seeded games or in the hand-built samples, and reads plainly."""
    seen = {type(ev) for p in SCENARIOS for ev in game_events(p)} | {type(ev) for ev in SAMPLES}
    for ev in SAMPLES:
        _plain(ev)
    classes = set(E.EVENTS)
    assert classes <= seen, f"not described anywhere: {sorted(c.__name__ for c in classes - seen)}"


def test_describe__names_moves_rolls_and_sitrep_cards_in_plain_words():
    """The log's examples: display names from the cards, move distances, rolls with dice, TL and modifiers."""
    evs = game_events(MAPS / "mission1.scenario.json")
    texts = [RULESET.describe(e) for e in evs]
    assert any(re.fullmatch(r"Sgt\. Reyes activates: \d orders", t) for t in texts)
    assert any(re.fullmatch(r"Sgt\. Reyes moves \d+(\.\d)? in (toward|into) .+|Sgt\. Reyes moves \d+(\.\d)? in [a-z-]+", t) for t in texts)
    assert any(re.fullmatch(r"Sgt\. Reyes fires at Fighter \w+: D20 roll \d+ \+2 \(accuracy\).* = \d+ vs threat level 10"
                            r".*: (hit|miss)", t) for t in texts)
    assert any(t.startswith("SITREP: ") and " - " in t for t in texts)
    assert any(re.fullmatch(r"(Fighter|Veteran) \d+ appears at the (north|south|east|west) edge", t)
               for t in texts)
    for c in DATA.sitrep:
        assert card_effect(c)


def test_article__an_before_a_vowel():
    """Messages use the right article: "an advance", "a move"."""
    assert article("advance") == "an advance" and article("move") == "a move" and article("interact") == "an interact"

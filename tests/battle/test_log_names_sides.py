"""Text a player reads names the sides as the scenario does, never by their ids
("Battle over: Fireteam Alpha wins", not "fireteam wins"): one substitution
(``game.core.logtext.name_sides``) under the one log formatter, so the
headless log, ``battletable replay``, the app's log and its reasons all read
the same, whatever words a ruleset's ``describe`` wrote."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.battle.loading import open_scenario
from game.battle.runner import GameResult, play_battle, result_line
from game.battle.seats import Seat
from game.core.event import BattleEnded, PhaseBegan
from game.core.logtext import event_line, name_sides, reason_line, reason_tip
from game.core.replay import read_replay
from game.ui.log import BattleLog

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "maps").glob("*/*.scenario.json"))
#: actions of the short headless battle: a first turn's prompts, the SITREP phase and the agents' reasons
ACTIONS = 22
#: actions of each golden battle read: its first and its last
GOLDEN_HEAD, GOLDEN_TAIL = 50, 10


def _ids_left(text: str, sc) -> list[str]:
    """The side ids of ``sc`` that have a name of their own and still stand as whole words in ``text``."""
    named = [s.id for s in sc.sides if s.name and s.name != s.id]
    return [sid for sid in named if re.search(rf"(?<![\w-]){re.escape(sid)}(?![\w-])", text)]


def test_every_bundled_scenario_names_its_sides():
    """A side without a ``name`` would be read by its id: every bundled side has one."""
    unnamed = [(p.name, s["id"]) for p in SCENARIOS for s in json.loads(p.read_text())["sides"] if not s.get("name")]
    assert unnamed == []


def _golden(path: Path) -> Path:
    rid = json.loads(path.read_text())["ruleset"]
    return ROOT / "tests" / "golden" / rid / path.name.replace(".scenario.json", ".replay.jsonl")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem.replace(".scenario", ""))
def test_battle_log__no_side_id_where_the_side_has_a_name(path):
    """Every line of the scenario's seeded battle (its golden replay: the default agents, seed 1,
    recorded events and reasons; its first 50 actions and its last 10) as the log formatter
    writes it, and every side's victory line and summary, name the sides."""
    rs, sc, m = open_scenario(path)
    rec = read_replay(_golden(path))
    acts = rec.actions[:GOLDEN_HEAD] + rec.actions[-GOLDEN_TAIL:]  # set-up, the first turns, the end (CI time)
    lines = [reason_line(a.reason, sc) for a in acts]
    lines += [event_line(rs, rs.parse_event(d), sc) for a in acts for d in a.events or []]
    if rec.has_events:
        assert len(lines) > len(acts)
    for sid in sc.side_ids():
        lines.append(event_line(rs, BattleEnded(winner=sid, reason=f"{sid} holds the field"), sc))
        lines.append(event_line(rs, PhaseBegan(turn=2, phase="movement", side=sid), sc))
        lines.append(result_line(GameResult(1, sid, f"{sid}'s army holds", 3, 40, None), sc))
    bad = [(ln, _ids_left(ln, sc)) for ln in lines if _ids_left(ln, sc)]
    assert bad == [], "\n".join(f"{ids}: {ln}" for ln, ids in bad[:10])


def test_headless_play__the_terminal_log_names_the_sides():
    """The terminal log itself (``runner._log_step``), of a short seeded battle: Mission 1's first
    turns, its prompts naming the fireteam and the enemy."""
    path = ROOT / "maps" / "battlespace" / "mission1.scenario.json"
    rs, sc, m = open_scenario(path)
    lines: list[str] = []
    try:
        play_battle(rs, sc, m, {sid: Seat("ai", "default") for sid in rs.sides(sc)}, 1, log=lines.append,
                    max_actions=ACTIONS)
    except RuntimeError:
        pass  # stopped after ACTIONS actions, as meant
    text = "\n".join(lines)
    assert "player phase (Fireteam Alpha)" in text or "Al Wahid" in text, text
    assert _ids_left(text, sc) == []


def test_name_sides__articles_and_possessives_fit_the_name():
    names = {"enemy": "Al Wahid", "us": "US Army", "dead": "the Dead of the barrows", "chaos": "Chaos raiders"}
    assert name_sides("SITREP phase: the enemy acts", names) == "SITREP phase: Al Wahid acts"
    assert name_sides("The enemy holds its positions", names) == "Al Wahid holds its positions"
    assert name_sides("smoke covers the enemy's likeliest target", names) == "smoke covers Al Wahid's likeliest target"
    assert name_sides("command points of the us commander", names) == "command points of the US Army commander"
    assert name_sides("The dead advance", names) == "The Dead of the barrows advance"
    assert name_sides("dead holds the barrow", names) == "The Dead of the barrows holds the barrow"
    assert name_sides("chaos's turn", names) == "Chaos raiders' turn"
    assert name_sides("Enemy regroups - an enemy-held house", names) == "Enemy regroups - an enemy-held house"
    once = name_sides("the enemy acts; us wins", names)
    assert name_sides(once, names) == once == "Al Wahid acts; US Army wins"
    assert name_sides("the enemy acts", None) == "the enemy acts"


def test_name_sides__a_name_that_starts_a_line_or_sentence_is_capitalised():
    """"the horde attacks" reads "The Horde attacks" where it starts the
    line, a sentence or a new line; inside a sentence "the" stays small."""
    names = {"horde": "the Horde", "dead": "the Dead of the barrows", "us": "US Army"}
    assert name_sides("the horde attacks", names) == "The Horde attacks"
    assert name_sides("the dead advance", names) == "The Dead of the barrows advance"
    assert name_sides("us holds. the horde flees! horde's turn", names) == "US Army holds. The Horde flees! The Horde's turn"
    assert name_sides("charge:\nthe horde attacks", names) == "charge:\nThe Horde attacks"
    assert name_sides("us charges the horde; the horde's line breaks", names) == \
        "US Army charges the Horde; the Horde's line breaks"


def test_reasons_and_the_apps_log_name_sides_too():
    """An agent's reason under its action, its hover box and the app's log lines name the sides."""
    rs, sc, m = open_scenario(ROOT / "maps" / "battlespace" / "mission1.scenario.json")
    reason = {"text": "the enemy holds; fireteam moves on", "candidates": [["wait for the enemy", 0.5]]}
    assert reason_line(reason, sc) == "  why: Al Wahid holds; Fireteam Alpha moves on (weighed: wait for Al Wahid 0.5)"
    assert reason_tip(reason, sc) == ["Why: Al Wahid holds; Fireteam Alpha moves on", "Weighed:", "- wait for Al Wahid: 0.5"]

    class _Entry:
        def __init__(self, action, events):
            self.action, self.events, self.reason = action, events, reason

    from game.rulesets.battlespace.actions import EndPlayerPhase

    log = BattleLog(rs, sc)
    log.rebuild([_Entry(EndPlayerPhase(side="fireteam"), [BattleEnded(winner="fireteam", reason="3 soldiers out")])])
    texts = [ln.text for ln in log.lines]
    assert any("Fireteam Alpha wins" in t for t in texts) and not any(_ids_left(t, sc) for t in texts), texts


def test_event_line__every_log_line_starts_with_a_capital():
    """A line whose ruleset wrote a side's name at its start ("the Horde:
    nothing to do in the rally") reads "The Horde: ..." in the log, as a
    side id named there does; the rest of the line is left as written."""
    from game import rulesets
    from game.core.event import Logged
    from game.core.logtext import event_line, first_upper

    rs = rulesets.get("battlesystem")
    names = {"horde": "the Horde", "valmark": "Valmark"}
    assert event_line(rs, Logged(text="the Horde: nothing to do in the rally"), names) == \
        "The Horde: nothing to do in the rally"
    assert event_line(rs, Logged(text="horde moves; the Horde's archers wait"), names) == \
        "The Horde moves; the Horde's archers wait"
    assert [first_upper(t) for t in ("", "2D6 [3, 4]", "Valmark rallies", "élan")] == \
        ["", "2D6 [3, 4]", "Valmark rallies", "Élan"]

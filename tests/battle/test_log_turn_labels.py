"""The battle log labels each event with the turn in which it happened, and an
agent's "why" line sits under the acting side's own first event of the action,
never under the next side's prompt: in the headless log (``runner._log_step``)
and the app's log (``game/ui/log.BattleLog``) alike."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from game.battle.loading import open_scenario
from game.battle.runner import play_battle
from game.core.event import Logged, PhaseBegan
from game.core.logtext import event_turns, why_after
from game.rulesets.spacefleet.events import PhaseChanged, TurnBegan
from game.ui.log import BattleLog

ROOT = Path(__file__).resolve().parents[2]
DEEP_SPACE = ROOT / "maps" / "spacefleet" / "deep_space.scenario.json"
#: a prompt: a player turn or a phase starting ("turn 2: Imperial Navy to play", "ordnance phase (rules to act)")
PROMPT = re.compile(r"turn \d+: [\w ]+ to play$|phase \([\w ]+ to act\)$")


def test_event_turns__an_event_that_starts_a_turn_labels_itself_and_what_follows():
    events = [Logged(text="last shot of turn 1"), TurnBegan(turn=2, side="imperial", player=0),
              PhaseChanged(phase="movement", active="imperial"), Logged(text="a cruiser moves", side="imperial")]
    assert event_turns(events, 1) == [1, 2, 2, 2]
    assert event_turns([Logged(text="x"), PhaseBegan(turn=3, phase="clear", side=None)], 2) == [2, 3]
    assert event_turns([], 4) == []


def test_why_after__the_acting_sides_first_own_event_not_a_prompt():
    events = [Logged(text="the fireteam moves", side="fireteam"), PhaseBegan(turn=1, phase="SITREP", side="enemy")]
    assert why_after(events, "fireteam") == 0
    events = [PhaseBegan(turn=2, phase="activation", side="fireteam"), Logged(text="the enemy reacts", side="enemy"),
              Logged(text="Sgt. Reyes moves", side="fireteam")]
    assert why_after(events, "fireteam") == 2
    assert why_after([PhaseChanged(phase="ordnance", active="rules"), PhaseChanged(phase="end", active="rules")],
                     "chaos") == -1


@lru_cache(maxsize=1)
def _battle():
    rs, sc, m = open_scenario(str(DEEP_SPACE))
    lines: list[str] = []
    _, battle = play_battle(rs, sc, m, {}, 1, log=lines.append)
    return rs, battle, lines


def test_headless_log__turn_starts_are_labelled_with_their_own_turn():
    """Spacefleet: a game turn begins with each player's turn; its line reads the new turn."""
    _, _, lines = _battle()
    events = [ln for ln in lines if ln.startswith("[turn ")]
    starts = [i for i, ln in enumerate(events) if re.search(r"\] Turn \d+: [\w ]+ to play$", ln)]
    assert len(starts) >= 4
    seen: set[int] = set()
    for i in starts:
        label, turn = re.match(r"\[turn (\d+)\] Turn (\d+):", events[i]).groups()
        assert label == turn, events[i]
        # the first player's turn of game turn N follows the end of turn N-1, labelled N-1
        # (the same action's events before the turn began)
        if int(turn) > 1 and int(turn) not in seen:
            assert events[i - 1].startswith(f"[turn {int(turn) - 1}]"), (events[i - 1], events[i])
        seen.add(int(turn))


def test_app_log__turn_labels_and_why_placement_match_the_headless_log():
    """The why line of an action comes before any prompt its own events raise."""
    rs, battle, lines = _battle()
    log = BattleLog(rs, battle.scenario)
    log.rebuild(battle.history.entries)
    starts = [ln for ln in log.lines if re.fullmatch(r"Turn \d+: [\w ]+ to play", ln.text)]
    assert len(starts) >= 4 and all(ln.turn == int(ln.text.split()[1].rstrip(":")) for ln in starts)
    whys = [i for i, ln in enumerate(log.lines) if ln.kind == "why"]
    assert len(whys) > 20
    for i in whys:  # no prompt of the why's own action comes before it (a prompt is the next side's turn)
        own = [ln for ln in log.lines[:i] if ln.action == log.lines[i].action]
        assert not any(PROMPT.search(ln.text) for ln in own), ([ln.text for ln in own], log.lines[i].text)
    # the headless log prints the same lines in the same order (the same helpers place them)
    headless = [re.sub(r"^\[turn \d+\] ", "", ln).strip() for ln in lines]
    assert [ln.text for ln in log.lines if ln.kind != "end"][:200] == [t for t in headless if t][:200]



def test_app_log__a_set_up_before_turn_one_is_labelled_turn_zero():
    """Foxhole's set-up comes before turn 1 (its state starts at turn 0): the app's log,
    started at the battle's first turn as the app starts it, labels the set-up's lines
    T0 like the header, and its turn labels never go back (the log used to start at T1
    and then print T0 lines)."""
    from game.battle.controller import Controller
    from game.battle.seats import seats_for
    from game.core.session import Battle

    rs, sc, m = open_scenario(str(Path(__file__).resolve().parents[2] / "maps" / "foxhole" / "patrol.scenario.json"))
    battle = Battle(rs, sc, m, 3)
    log = BattleLog(rs, sc, battle.state.turn)
    Controller(battle, seats_for(rs.sides(sc), {})).advance(max_actions=12)
    log.rebuild(battle.history.entries)
    turns = [ln.turn for ln in log.lines]
    assert battle.state.turn == 0 and turns[0] == 0 and turns == sorted(turns), turns

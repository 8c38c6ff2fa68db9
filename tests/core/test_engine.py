"""The one door for change, history with undo, replays and the turn
controller, proven on the test ruleset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import rulesets
from game.battle.controller import Controller
from game.battle.seats import Seat, SeatError, parse_seat, seats_for
from game.core.dice import Dice
from game.core.engine import RulesetBug, step
from game.core.event import DiceRolled
from game.core.replay import ReplayWriter, read_replay, verify
from game.core.ruleset import Accepted
from game.core.session import Battle
from game.data.replay import SeatSpec
from game.data.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "tests/rulesets/toy/duel.scenario.json"


@pytest.fixture
def battle():
    sc, m = load_scenario(DUEL)
    return Battle(rulesets.get("toy"), sc, m, seed=4)


def toy():
    import tests.rulesets.toy as t

    return t


def test_step__rejects_the_side_not_to_act_and_changes_nothing(battle):
    t = toy()
    before = battle.state.digest()
    r = battle.submit(t.Move(side="blue", unit="b1", x=520, y=100))
    assert not r.ok and "not blue's turn" in r.reason
    assert battle.state.digest() == before and len(battle.history) == 0


def test_step__illegal_move_gives_the_rule_as_reason(battle):
    t = toy()
    r = battle.submit(t.Move(side="red", unit="r1", x=60 + 150, y=100))
    assert not r.ok and "at most 100 mm" in r.reason


def test_step__a_roll_the_ruleset_hides_is_a_bug(battle):
    t = toy()
    rs = battle.ruleset

    class Sneaky(type(rs)):
        def resolve(self, state, action, dice):
            dice.roll("d6", "hidden")
            return Accepted(())

    with pytest.raises(RulesetBug):
        step(Sneaky(), battle.state, t.EndTurn(side="red"), Dice(1))


def test_undo__takes_back_moves_but_not_past_a_shot(battle):
    t = toy()
    assert battle.submit(t.Move(side="red", unit="r1", x=100, y=100)).ok
    assert battle.can_undo("red") == 1
    assert battle.undo("red") == 1
    assert battle.state.units["r1"].x == 60
    assert battle.submit(t.Move(side="red", unit="r2", x=120, y=300)).ok
    shot = battle.submit(t.Shoot(side="red", unit="r1", target="b1"))
    assert shot.ok and any(isinstance(e, DiceRolled) for e in shot.events)
    assert battle.can_undo("red") == 0 and battle.undo("red") == 0
    assert battle.state.units["r2"].x == 120


def test_replay__tampered_action_is_named_by_index(battle, tmp_path):
    t = toy()
    out = tmp_path / "duel.replay.jsonl"
    w = ReplayWriter(out, battle, {"red": SeatSpec(kind="ai", agent="default"), "blue": SeatSpec(kind="ai", agent="default")}, checkpoint_every=3)
    Controller(battle, {"red": Seat(), "blue": Seat()}).advance()
    w.close()
    rec = read_replay(out)
    assert verify(rec, battle.ruleset).ok
    lines = out.read_text().splitlines()
    # make the second recorded shot fire with another model
    shots = [i for i, line in enumerate(lines) if '"toy_shoot"' in line]
    assert len(shots) >= 2
    i = shots[1]
    obj = json.loads(lines[i])
    obj["action"]["unit"] = "r9"
    lines[i] = json.dumps(obj)
    index = obj["index"]
    out.write_text("\n".join(lines) + "\n")
    v = verify(read_replay(out), battle.ruleset)
    assert not v.ok and v.first_bad == index


def test_replay__cut_off_mid_line_loads_complete_actions(battle, tmp_path):
    t = toy()
    out = tmp_path / "crash.replay.jsonl"
    w = ReplayWriter(out, battle, {"red": SeatSpec(kind="human"), "blue": SeatSpec(kind="human")})
    battle.submit(t.Move(side="red", unit="r1", x=100, y=100))
    battle.submit(t.EndTurn(side="red"))
    w.close()
    text = out.read_text()
    out.write_text(text[:-25])  # a crash tore the last line
    rec = read_replay(out)
    assert len(rec.actions) == 1 and "cut off" in rec.truncated
    assert verify(rec, battle.ruleset).ok


def test_replay__undo_lines_drop_taken_back_actions(battle, tmp_path):
    t = toy()
    out = tmp_path / "undo.replay.jsonl"
    w = ReplayWriter(out, battle, {"red": SeatSpec(kind="human"), "blue": SeatSpec(kind="human")})
    battle.submit(t.Move(side="red", unit="r1", x=100, y=100))
    battle.undo("red")
    battle.submit(t.Move(side="red", unit="r1", x=110, y=100))
    w.close()
    rec = read_replay(out)
    assert [a.action["x"] for a in rec.actions] == [110.0]
    assert verify(rec, battle.ruleset).ok


def test_controller__hot_seat_hands_over_between_human_sides(battle):
    t = toy()
    ctl = Controller(battle, {"red": Seat("human"), "blue": Seat("human")})
    assert ctl.advance() == "red" and ctl.handover_to is None
    assert ctl.submit(t.EndTurn(side="red")).ok
    assert ctl.advance() == "blue" and ctl.handover_to == "blue"
    ctl.acknowledge_handover()
    assert ctl.handover_to is None


def test_controller__runs_ai_and_rules_sides_until_a_human_acts(battle):
    t = toy()
    ctl = Controller(battle, {"red": Seat("human"), "blue": Seat("ai", "random")})
    ctl.advance()
    ctl.submit(t.EndTurn(side="red"))
    assert ctl.advance() == "red"
    assert battle.state.turn == 2  # blue's AI turn and the rules' round close ran unasked
    assert not ctl.submit(t.EndTurn(side="blue")).ok


def test_seats__parse_and_default():
    assert parse_seat("fireteam=human") == ("fireteam", Seat("human"))
    assert parse_seat("enemy=ai:random") == ("enemy", Seat("ai", "random"))
    assert parse_seat("enemy=ai") == ("enemy", Seat("ai", "default"))
    with pytest.raises(SeatError):
        parse_seat("enemy")
    with pytest.raises(SeatError):
        seats_for(["red", "blue"], {"green": Seat()})
    assert seats_for(["red", "blue"], {"red": Seat("human")})["blue"] == Seat("ai", "default")

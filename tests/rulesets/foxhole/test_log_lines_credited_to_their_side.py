"""Each battle-log line is credited to the side the event is about (its
colour stripe, the Side filter), not to the side whose action it came from:
a move finished after the other side's interrupt fire is the mover's, and a
fire result goes with its fire roll."""

from __future__ import annotations

from pathlib import Path

from game.core.event import DiceRolled
from game.data.scenario import load_scenario
from game.rulesets.foxhole import RULESET
from game.rulesets.foxhole import actions as A
from game.rulesets.foxhole import events as E
from game.ui.log import BattleLog

from .helpers import YD, act, el, state, using

ROOT = Path(__file__).resolve().parents[3]
IDLE = el("idle", "red", 580, 580)  # keeps the red turn going


class _Unit:
    def __init__(self, uid: str) -> None:
        self.id = uid


class _Scenario:
    """The little of a scenario the log reads: side names and forces."""

    forces = {"red": [_Unit("m"), _Unit("idle")], "blue": [_Unit("f")]}

    def side_ids(self):
        return ["red", "blue"]

    def side_name(self, sid):
        return sid


def _line(log, kind):
    return next(ln for ln in log.lines if ln.kind == kind)


def test_move_finished_after_interrupt_fire_is_the_movers():
    s = using(state([el("m", "red", 100, 300), el("f", "blue", 150, 300 - YD(150)), IDLE]), "m", "may")
    log = BattleLog(RULESET, _Scenario(), 1)
    move = A.Move(side="red", element="m", path=((170.0, 300.0),))
    log.add(0, move, act(s, move).events)
    assert s.phase == "interrupt" and s.active == "blue"
    interrupt = A.Interrupt(side="blue", element="f")
    r = act(s, interrupt, faces=[1])  # no effect: the move completes in blue's action
    assert r.ok and any(isinstance(e, E.Moved) for e in r.events)
    log.add(1, interrupt, r.events)
    sides = {ln.kind: ln.side for ln in log.lines if ln.action == 1}
    assert sides["fox_moved"] == "red"  # "m moves ... yards to B4": red moved
    assert sides["fox_activation_ended"] == "red"
    assert sides["roll"] == "blue" and sides["fox_attacked"] == "blue"  # the interrupt fire and its result
    assert [ln.text for ln in log.filtered(side="blue", upto=2) if ln.action == 1 and "moves" in ln.text] == []
    assert any("moves" in ln.text for ln in log.filtered(side="red"))


def test_fire_result_goes_with_its_fire_roll_in_the_other_sides_action():
    s = using(state([el("m", "red", 100, 300), el("f", "blue", 150, 300 - YD(150)), IDLE]), "m", "may")
    log = BattleLog(RULESET, _Scenario(), 1)
    stay = A.Stay(side="red", element="m")
    r = act(s, stay, faces=[1])  # blue fires at m at the end of its use, in red's action
    assert any(isinstance(e, DiceRolled) for e in r.events)
    log.add(0, stay, r.events)
    roll, result = _line(log, "roll"), _line(log, "fox_attacked")
    assert result.text.startswith("Fire at m: no effect")
    assert roll.side == result.side == "blue"


def test_the_app_log_knows_each_element_side_from_the_scenario():
    sc, _ = load_scenario(ROOT / "maps" / "foxhole" / "convoy_ambush.scenario.json")
    log = BattleLog(RULESET, sc, 0)
    assert log.units["rgr1"] == "arvn" and log.units["vc1"] == "vc"

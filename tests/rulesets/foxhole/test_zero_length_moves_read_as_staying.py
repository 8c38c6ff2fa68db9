"""A Foxhole element that is already where it needs to be reads as staying
put, not as moving "0 yards": a move or an assault move of under half a yard
says it stays in its square, or assaults already in contact."""

from __future__ import annotations

from game.rulesets.foxhole import actions as A
from game.rulesets.foxhole import events as E
from game.rulesets.foxhole.display.describe import describe

from .helpers import YD, act, using
from .test_interrupt_and_assault import assault_table


def _lines(result, kind):
    return [describe(ev) for ev in result.events if isinstance(ev, kind)]


def _named(s):
    s.elements["a0"] = s.elements["a0"].model_copy(update={"name": "SAS patrol 3"})
    s.elements["a1"] = s.elements["a1"].model_copy(update={"name": "SAS patrol 4"})
    s.elements["t"] = s.elements["t"].model_copy(update={"name": "irregulars"})
    return s


def test_an_assault_from_base_contact_reads_as_already_in_contact():
    s = _named(assault_table())
    s.elements["a0"] = s.elements["a0"].model_copy(update={"x": 300.0, "y": 330.0 + YD(0.4)})  # in the slot, near enough
    r = act(s, A.AssaultMove(side="red", element="a0", target="t", x=300, y=330), faces=[4])
    assert r.ok, r
    moved, = _lines(r, E.Moved)
    assert moved.startswith("SAS patrol 3 stays in ") and "yard" not in moved, moved
    assert _lines(r, E.AssaultContact) == ["SAS patrol 3, already in contact, assaults irregulars as the primary attacker"]
    # a supporting element already in contact reads the same way, in support
    s.elements["a1"] = s.elements["a1"].model_copy(update={"x": 270.0, "y": 330.0})
    r = act(s, A.AssaultMove(side="red", element="a1", target="t", x=270, y=330), faces=[4])
    assert _lines(r, E.AssaultContact) == ["SAS patrol 4, already in contact, assaults irregulars in support"]


def test_an_assault_from_further_off_still_says_how_far_it_closes():
    s = _named(assault_table())
    s.elements["a0"] = s.elements["a0"].model_copy(update={"x": 300.0, "y": 330.0 + YD(2)})
    r = act(s, A.AssaultMove(side="red", element="a0", target="t", x=300, y=330), faces=[4])
    assert _lines(r, E.AssaultContact) == ["SAS patrol 3 closes 2 yards to assault irregulars, the primary attacker"]
    moved, = _lines(r, E.Moved)
    assert moved.startswith("SAS patrol 3 moves 2 yards to "), moved


def test_a_move_of_under_half_a_yard_reads_as_staying_in_its_square():
    ev = E.Moved(element="a0", name="SAS patrol 3", path=((300.0, 330.0),), yards=0, grid="D6")
    assert describe(ev) == "SAS patrol 3 stays in D6"
    ev = E.Moved(element="a0", name="SAS patrol 3", path=((300.0, 330.0),), yards=0, grid="D6", formation="extended")
    assert describe(ev) == "SAS patrol 3 stays in D6, in extended formation"
    assert describe(ev.model_copy(update={"yards": 1})) == "SAS patrol 3 moves 1 yard to D6, in extended formation"


def test_a_scripted_move_of_a_third_of_a_yard_reads_as_staying():
    from .helpers import el, state
    from .test_movement import IDLE

    s = using(state([el("a", "red", 100, 300, name="SAS patrol 3"), IDLE]), "a")
    r = act(s, A.Move(side="red", element="a", path=((100 + YD(0.3), 300.0),)))
    assert r.ok, r
    moved, = _lines(r, E.Moved)
    assert moved.startswith("SAS patrol 3 stays in ") and "yard" not in moved, moved

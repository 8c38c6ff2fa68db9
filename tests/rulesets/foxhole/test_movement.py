"""Foxhole, Movement; Vehicles; Pioneers; the formation change; the edge of open ground."""

from __future__ import annotations

import pytest

from game.rulesets.foxhole import actions as A
from game.rulesets.foxhole.rules.movement import allowance_yards, path_fraction

from .helpers import YD, act, box, el, piece, state, using

IDLE = el("idle", "red", 580, 580)


@pytest.mark.parametrize("quality,equipment,dense,normal,nontac", [
    (2, "normal", 100, 200, 500), (3, "normal", 150, 300, 700), (2, "light", 150, 300, 700),
    (2, "heavy", 50, 100, 300), (3, "light", 200, 400, 900), (3, "heavy", 100, 200, 500)])
def test_infantry_moves__by_quality_and_equipment(quality, equipment, dense, normal, nontac):
    """Movement - Infantry: dense 100 / normal 200 / non-tactical 500 yards;
    elite and lightly equipped add 50 / 100 / 200, heavily equipped subtract."""
    e = el("a", "red", 0, 0, quality=quality, equipment=equipment)
    assert (allowance_yards(e, "dense"), allowance_yards(e, "normal"), allowance_yards(e, "non_tactical")) == \
        (dense, normal, nontac)


@pytest.mark.parametrize("cls,moves", [("soft", (200, 600, 900)), ("light", (100, 500, 800)), ("heavy", (200, 300, 700))])
def test_vehicle_moves(cls, moves):
    v = el("v", "red", 0, 0, kind="vehicle", vehicle=cls)
    assert tuple(allowance_yards(v, g) for g in ("dense", "normal", "non_tactical")) == moves


def test_mixed_going__each_stretch_spends_its_share():
    """Half the path in dense terrain: 50 yards there (half of 100) and 100
    yards in normal going (half of 200) spend the whole move (ours)."""
    s = state([el("a", "red", 100, 300)], terrain=[piece("d", "dense", box(100 + YD(100), 0, 400, 600))])
    pts = [(100.0, 300.0), (100 + YD(100) + YD(50), 300.0)]
    frac, why = path_fraction(s, s.elements["a"], pts, False)
    assert why == "" and frac == pytest.approx(1.0)


def test_move__measured_from_the_centre_and_refused_beyond_the_allowance():
    s = using(state([el("a", "red", 100, 300), IDLE]), "a")
    r = act(s, A.Move(side="red", element="a", path=((100 + YD(210), 300.0),)))
    assert not r.ok and "allowance" in r.reason
    r = act(s, A.Move(side="red", element="a", path=((100 + YD(199), 300.0),)))
    assert r.ok and s.elements["a"].x == pytest.approx(100 + YD(199), abs=0.01)


def test_open_ground__the_move_stops_at_its_edge_without_a_roll_for_it():
    """Infantry stop on the edge of open ground; a new roll (with the -2) lets them go on."""
    s = using(state([el("a", "red", 100, 300), IDLE, el("b", "blue", 590, 10)],
                    terrain=[piece("o", "open", box(150, 0, 400, 600))]), "a")
    r = act(s, A.Move(side="red", element="a", path=((160.0, 300.0),)))
    assert r.ok and s.elements["a"].x == pytest.approx(150.0) and s.current.stopped_at_open
    r = act(s, A.Roll(side="red", element="a", into_open=True), faces=[5])  # 5 +2 -2 = 5: may advance
    assert r.ok and s.current.result == "may" and s.current.rolls == 2
    r = act(s, A.Move(side="red", element="a", path=((160.0, 300.0),)))
    assert r.ok and s.elements["a"].x == pytest.approx(160.0)


def test_open_ground__a_roll_for_it_goes_straight_in():
    s = using(state([el("a", "red", 100, 300), IDLE], terrain=[piece("o", "open", box(150, 0, 400, 600))]),
              "a", into_open=True)
    act(s, A.Move(side="red", element="a", path=((160.0, 300.0),)))
    assert s.elements["a"].x == pytest.approx(160.0)


def test_extended_formation__one_change_about_the_same_centre():
    s = using(state([el("a", "red", 100, 300), IDLE]), "a")
    r = act(s, A.Move(side="red", element="a", path=(), formation="extended"))
    assert r.ok
    e = s.elements["a"]
    assert (e.x, e.y, e.formation) == (100.0, 300.0, "extended")


def test_non_tactical__in_extended_formation_and_out_of_dense():
    s = using(state([el("a", "red", 100, 300), IDLE], terrain=[piece("d", "dense", box(200, 0, 250, 600))]), "a")
    far = 100 + YD(480)
    assert "extended" in act(s.clone(), A.Move(side="red", element="a", path=((far, 300.0),), non_tactical=True)).reason
    r = act(s.clone(), A.Move(side="red", element="a", path=((far, 300.0),), non_tactical=True, formation="extended"))
    assert not r.ok and "dense" in r.reason
    ok = act(s, A.Move(side="red", element="a", path=((190.0, 300.0),), non_tactical=True, formation="extended"))
    assert ok.ok


def test_defensive__no_closer_to_any_known_enemy():
    s = using(state([el("a", "red", 100, 300), el("b", "blue", 300, 300), IDLE]), "a", "defensive")
    r = act(s.clone(), A.Move(side="red", element="a", path=((120.0, 300.0),)))
    assert not r.ok and "closer" in r.reason
    s2 = using(state([el("a", "red", 100, 300), el("b", "blue", 300, 300), IDLE]), "a", "defensive")
    assert act(s2, A.Move(side="red", element="a", path=((80.0, 300.0),))).ok


def test_must_advance__may_not_stay_or_fall_back():
    s = using(state([el("a", "red", 100, 300), el("b", "blue", 300, 300), IDLE]), "a", "must")
    assert "must advance" in act(s.clone(), A.Stay(side="red", element="a")).reason
    assert "must advance" in act(s.clone(), A.Move(side="red", element="a", path=((80.0, 300.0),))).reason
    assert act(s, A.Move(side="red", element="a", path=((140.0, 300.0),))).ok


def test_pioneers__open_a_route_others_cross():
    """Pioneers: at the edge of an impassable obstacle the pioneer opens a
    30 mm wide route across it; other elements move over it."""
    river = piece("r", "impassable", box(0, 280, 600, 300), name="river")
    p = el("p", "red", 100, 330 - 0.0, pioneer=True)
    p = p.model_copy(update={"y": 315.0})  # its base's edge on the bank (y 300)
    o = el("o", "red", 105, 338)
    o2 = el("o2", "red", 200, 338)
    s = state([p, o, o2, IDLE], terrain=[river])
    blocked = using(s.clone(), "o")
    r = act(blocked, A.Move(side="red", element="o", path=((100.0, 300.0), (100.0, 268.0))))
    assert not r.ok and "pioneers" in r.reason
    act(s, A.Hold(side="red", element="p"))
    assert [c.pioneer for c in s.crossings] == ["p"]
    outside = using(s.clone(), "o2")
    assert "pioneers" in act(outside, A.Move(side="red", element="o2", path=((200.0, 268.0),))).reason
    s = using(s, "o")
    r = act(s, A.Move(side="red", element="o", path=((100.0, 300.0), (100.0, 268.0))))
    assert r.ok and s.elements["o"].y == pytest.approx(268.0)


def test_embus_and_debus__once_a_turn():
    v = el("v", "red", 200, 300, kind="vehicle", vehicle="soft")
    a = el("a", "red", 200, 340)
    s = using(state([v, a, IDLE]), "a")
    assert act(s, A.Embus(side="red", element="a", vehicle="v")).ok
    assert s.elements["a"].where == "carried" and s.elements["a"].carried_by == "v"
    s.elements["a"].used = False
    assert "embussed this turn" in act(s, A.Roll(side="red", element="a")).reason
    s.turn += 1
    s.elements["a"].used = False
    assert act(s, A.Roll(side="red", element="a"), faces=[4]).ok
    assert act(s, A.Debus(side="red", element="a", x=245.0, y=300.0)).ok
    assert s.elements["a"].where == "table" and (s.elements["a"].x, s.elements["a"].y) == (245.0, 300.0)


def test_must_advance__the_random_agent_finds_the_short_step_the_rules_ask_for():
    """Foxhole: Motivation - a must-advance element may stay only when no 5 mm
    step at the nearest known enemy is open to it (ours). With 6 mm of its
    allowance left, that step is the one legal move, and the candidate list
    holds it (a random VC once rolled must-advance in this spot and had no
    legal action)."""
    import random

    from game.rulesets.foxhole.ai.candidates import candidates

    s = using(state([el("a", "red", 100, 300), el("b", "blue", 300, 300), IDLE]), "a", "must", used_fraction=0.92)
    assert "must advance" in act(s.clone(), A.Stay(side="red", element="a")).reason
    legal = candidates(s, "red", random.Random(0), legal_only=True)
    assert legal and all(isinstance(a, A.Move) for a in legal)
    assert any(a.path[-1][0] == pytest.approx(105.0) for a in legal)

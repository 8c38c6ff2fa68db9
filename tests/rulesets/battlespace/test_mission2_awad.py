"""Battlespace: Mission 2 - Awad and his guard appear clear of base contact at
every door; "capture or kill Awad": a soldier who wins hand to hand against him
takes him prisoner, leads him and takes him out (the capture mechanism is ours,
README)."""

from __future__ import annotations

import math

import pytest

from game.core.dice import Dice
from game.core.engine import step
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.ai.fireteam import _door_spot
from game.rulesets.battlespace.geo import R, TOL, edge_distance
from game.rulesets.battlespace.rules.combat import melee

from .helpers import emitter, mission, ready
from .test_missions import _clear, _put

SIDE = "fireteam"


def _found(door: str, unit: str = "okafor"):
    """Mission 2 with ``unit`` at the door of ``door``, breaching it on a 6: Awad is there."""
    s = mission("mission2")
    _put(s, unit, *_door_spot(s, door))
    ready(s, unit)
    assert step(RULESET, s, A.Interact(side=SIDE, unit=unit, what=f"breach:{door}"), Dice.scripted([6] + [10] * 6)).ok
    assert s.obj["awad_found"] == door
    return s


@pytest.mark.parametrize("door", ["t1", "t2", "t3"])
def test_awad_and_his_guard__appear_clear_of_base_contact_at_every_door(door):
    """Battlespace: Mission 2 (Awad and one soldier found) and Hand to Hand Combat (base contact
    means a fight at once): ours, they appear beside the breacher out of base contact with every
    soldier, so no fight is owed (before, the guard stood touching the breacher, unfought)."""
    s = _found(door)
    for e in ("awad", "awad_guard"):
        near = [f.id for f in s.figs.values() if f.kind == "soldier" and f.on_table and edge_distance(f, s.figs[e]) <= TOL]
        assert near == [], (e, near)
    a, g = s.figs["awad"], s.figs["awad_guard"]
    assert math.hypot(a.x - g.x, a.y - g.y) >= 2 * R - 0.01  # side by side, not on each other


def _in_contact_with_awad(s, unit="okafor"):
    a = s.figs["awad"]
    f = s.figs[unit]
    d = math.hypot(f.x - a.x, f.y - a.y)
    f.x, f.y = a.x + (f.x - a.x) / d * 2 * R, a.y + (f.y - a.y) / d * 2 * R
    s.figs["awad_guard"].status = "kia"
    return f


def test_capture__winning_hand_to_hand_takes_awad_prisoner_and_he_goes_out_with_his_captor():
    """Mission 2 "capture or kill Awad" (ours): Okafor (Fight 2) wins against Awad (TL 14) on 12 + 2;
    Awad is a prisoner led by him - no longer an enemy, nor shot at - moves with him and leaves
    with him at the exfil edge: the mission is won."""
    s = _found("t1")
    _in_contact_with_awad(s)
    em = emitter(s, [12])
    melee(em, em.s.figs["okafor"], em.s.figs["awad"])
    awad = em.s.figs["awad"]
    assert awad.status == "ok" and awad.wounds == 0  # taken alive, not wounded
    assert (awad.kind, awad.side, awad.carried_by, em.s.figs["okafor"].carrying) == ("prisoner", SIDE, "okafor", "awad")
    assert "awad" not in {e.id for e in em.s.enemies()} and em.s.obj["awad_captured"] is True
    lines = [RULESET.describe(ev) for ev in em.events]
    assert "Ahmad Yosef Awad is overpowered and taken prisoner" in lines
    s = em.s
    s.figs["okafor"].x, s.figs["okafor"].y = 300.0, 60.0  # near the north edge
    ready(s, "okafor")
    assert step(RULESET, s, A.Move(side=SIDE, unit="okafor", x=300.0, y=R), Dice.scripted([10] * 4)).ok
    assert (s.figs["awad"].x, s.figs["awad"].y) == (300.0, R)
    assert step(RULESET, s, A.Exfil(side=SIDE, unit="okafor"), Dice.scripted([10] * 4)).ok
    assert s.figs["awad"].status == "exfil"
    assert _clear(s, 3) == ("success", "Awad was captured and taken out of the village")


def test_capture__losing_leaves_him_an_enemy_and_a_fallen_captor_leaves_him_to_another():
    """A lost fight wounds the soldier and Awad stays an enemy; a captor who goes down leaves the
    prisoner restrained where he stands, and another soldier in base contact takes him along."""
    s = _found("t1")
    _in_contact_with_awad(s)
    em = emitter(s, [3])
    melee(em, em.s.figs["okafor"], em.s.figs["awad"])
    assert em.s.figs["awad"].kind == "enemy" and em.s.figs["okafor"].wounds == 1
    em = emitter(em.s, [18])
    melee(em, em.s.figs["okafor"], em.s.figs["awad"])
    s = em.s
    assert s.figs["awad"].carried_by == "okafor"
    from game.rulesets.battlespace.events import Wounded
    RULESET.apply(s, Wounded(unit="okafor", amount=3, total=4, status="down"))
    assert s.figs["awad"].carried_by is None and s.figs["okafor"].carrying is None and s.figs["awad"].kind == "prisoner"
    r = s.figs["reyes"]
    r.x, r.y = s.figs["awad"].x + 2 * R, s.figs["awad"].y
    ready(s, "reyes")
    assert RULESET.describe_action_in(s, A.Interact(side=SIDE, unit="reyes", what="awad")) == "Lead awad away"  # the app names him
    assert step(RULESET, s, A.Interact(side=SIDE, unit="reyes", what="awad"), Dice.scripted([10] * 4)).ok
    assert s.figs["awad"].carried_by == "reyes" and s.figs["reyes"].carrying == "awad"

"""Mission flow of the five Battlespace missions with scripted dice, on the bundled maps
(real geometry): objectives, special notes, Clear-phase failures and turn limits."""

from __future__ import annotations


import pytest

from game.core.dice import Dice
from game.core.engine import step
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.geo import R
from game.rulesets.battlespace.rules.missions import after_rolls, clear_check, interactions

from .helpers import emitter, mission, ready as _ready



def _put(s, unit, x, y):
    """Teleport ``unit``; the civilians count as having reacted already, so the dice scripted
    for the case are not taken by a reaction roll (the first-sight check: test_clauses)."""
    s.figs[unit].x, s.figs[unit].y = float(x), float(y)
    for c in s.figs.values():
        if c.kind == "civilian":
            c.reacted = True


def _clear(s, turn):
    s.turn = turn
    em = emitter(s, [])
    clear_check(em)
    return em.s.result, em.s.result_reason or None


def _gone(s, unit, status):
    s.figs[unit].status = status


# -- Mission 1 -------------------------------------------------------------------------

def _at_humvee(s):
    _put(s, "reyes", 457, 420 - R)  # base touching the Humvee's north side (432..482 x 420..446)
    return _ready(s, "reyes")


def test_mission1__search_roll_13_finds_a_wounded_survivor_who_is_carried():
    """Battlespace: Mission 1 - Objectives: interact with the Humvee, D20 13-20: one wounded survivor, carried."""
    s = mission("mission1")
    _at_humvee(s)
    assert "search" in interactions(s, s.figs["reyes"])
    r = step(RULESET, s, A.Interact(side="fireteam", unit="reyes", what="search"), Dice.scripted([13]))
    assert r.ok
    assert s.obj["searched"] is True and s.obj["survivor"] == "survivor"
    assert s.figs["survivor"].carried_by == "reyes" and s.figs["reyes"].carrying == "survivor"
    assert "search" not in interactions(s, s.figs["reyes"])  # searched once


def test_mission1__search_roll_12_finds_the_soldiers_missing():
    """Battlespace: Mission 1 - Objectives: D20 1-12: the patrol's soldiers are missing (no survivor)."""
    s = mission("mission1")
    _at_humvee(s)
    step(RULESET, s, A.Interact(side="fireteam", unit="reyes", what="search"), Dice.scripted([12]))
    assert s.obj["searched"] is True and "survivor" not in s.obj and "survivor" not in s.figs


def test_mission1__three_soldiers_and_the_survivor_at_exfil_succeed():
    """Battlespace: Mission 1 - Objectives: at least 3 soldiers and any survivor found must reach exfil."""
    s = mission("mission1")
    _at_humvee(s)
    step(RULESET, s, A.Interact(side="fireteam", unit="reyes", what="search"), Dice.scripted([20]))
    for u in ("okafor", "lindqvist"):
        _gone(s, u, "exfil")
    assert _clear(s, 3) == (None, None)  # two out, the carrier still on the table
    s.result = None
    _gone(s, "reyes", "exfil")
    _gone(s, "survivor", "exfil")
    s.figs["reyes"].carrying = None
    assert _clear(s, 3) == ("success", "3 soldiers reached exfil with the survivor")


def test_mission1__survivor_killed_fails_and_two_soldiers_lost_fail():
    """Battlespace: Mission 1 and Clear Phase: a failed objective (the survivor killed; fewer than 3 soldiers able to exfil) ends the mission."""
    s = mission("mission1")
    _at_humvee(s)
    step(RULESET, s, A.Interact(side="fireteam", unit="reyes", what="search"), Dice.scripted([15]))
    _gone(s, "survivor", "kia")
    assert _clear(s, 2) == ("failure", "the survivor was killed")
    s = mission("mission1")
    _gone(s, "okafor", "kia")
    _gone(s, "lindqvist", "kia")
    assert _clear(s, 2) == ("failure", "fewer than 3 soldiers can reach exfil")


def test_mission1__turn_limit_15_is_ours_and_ends_the_game():
    """Battlespace: Clear Phase - failure: the turn limit (Mission 1 prints none: 15, ours, README)."""
    s = mission("mission1")
    assert s.turn_limit == 15
    assert _clear(s, 14) == (None, None)
    assert _clear(s, 15) == ("failure", "the mission reached its turn limit")


# -- Mission 2 -------------------------------------------------------------------------

T1_DOOR = (355, 210 + R + 1)   # south door of target building 1 (300..410 x 120..210)
T3_DOOR = (385, 650 - R - 1)   # north door of target building 3 (330..440 x 650..750)


def test_mission2__night_and_turn_limit_8():
    """Battlespace: Mission 2 - NIGHT MISSION, turn limit 8."""
    s = mission("mission2")
    assert s.night and s.turn_limit == 8
    assert _clear(s, 8) == ("failure", "the mission reached its turn limit")


def test_mission2__breach_roll_5_finds_awad_and_one_soldier():
    """Battlespace: Mission 2 - Objectives: breach a target building, D6 5+: Awad (Leader card) and 1 Al Wahid soldier."""
    s = mission("mission2")
    _put(s, "okafor", *T1_DOOR)  # no breaching charge: the bare D6
    _ready(s, "okafor")
    assert "breach:t1" in interactions(s, s.figs["okafor"])
    step(RULESET, s, A.Interact(side="fireteam", unit="okafor", what="breach:t1"), Dice.scripted([5]))
    assert s.obj["breached"] == ["t1"] and s.obj["awad_found"] == "t1"
    assert s.figs["awad"].card == "leader" and s.figs["awad_guard"].card == "fighter"
    assert not [w for w in interactions(s, s.figs["okafor"]) if w.startswith("breach:")]


def test_mission2__breach_plus_1_for_each_building_breached_this_one_included():
    """Battlespace: Mission 2 - Note: +1 to the D6 for each building that has been breached,
    counting the one just breached (decision, README): the first breach rolls D6 + 1 (3 + 1
    fails), the second D6 + 2 (3 + 2 = 5 finds him)."""
    s = mission("mission2")
    _put(s, "okafor", *T1_DOOR)
    _ready(s, "okafor")
    r = step(RULESET, s, A.Interact(side="fireteam", unit="okafor", what="breach:t1"), Dice.scripted([3]))
    rolled = [e for e in r.events if e.type == "dice_rolled"][0]
    assert dict(rolled.modifiers) == {"buildings breached": 1} and rolled.total == 4
    assert s.obj["breached"] == ["t1"] and "awad_found" not in s.obj and "awad" not in s.figs
    _put(s, "abara", *T3_DOOR)
    _ready(s, "abara")
    r = step(RULESET, s, A.Interact(side="fireteam", unit="abara", what="breach:t3"), Dice.scripted([3]))
    rolled = [e for e in r.events if e.type == "dice_rolled"][0]
    assert dict(rolled.modifiers) == {"buildings breached": 2} and rolled.total == 5
    assert s.obj["awad_found"] == "t3"


def test_mission2__awad_in_none_of_the_three_escapes_and_fails():
    """Battlespace: Mission 2 - Note: Awad not in any breached building: tipped off, escaped (a failed objective)."""
    s = mission("mission2")
    s.params = dict(s.params, targets=["t1", "t3"])  # two buildings left to breach after t2
    s.obj["breached"] = ["t2"]
    _put(s, "okafor", *T1_DOOR)
    _ready(s, "okafor")
    step(RULESET, s, A.Interact(side="fireteam", unit="okafor", what="breach:t1"), Dice.scripted([1]))  # 1 + 2 = 3
    _put(s, "abara", *T3_DOOR)
    _ready(s, "abara")
    step(RULESET, s, A.Interact(side="fireteam", unit="abara", what="breach:t3"), Dice.scripted([1]))  # 1 + 3 = 4
    assert s.obj["escaped"] is True
    assert _clear(s, 4) == ("failure", "Awad escaped")


def test_mission2__natural_1_in_awads_building_sets_off_the_bomb_5_wounds():
    """Battlespace: Mission 2 - Note: a natural 1 on a D20 with a soldier in Awad's building: the bomb, 5 wounds to all inside."""
    s = mission("mission2")
    _put(s, "okafor", *T1_DOOR)
    _ready(s, "okafor")
    step(RULESET, s, A.Interact(side="fireteam", unit="okafor", what="breach:t1"), Dice.scripted([6]))
    em = emitter(s, [])
    after_rolls(em, [("d20", 2)])
    assert not em.s.obj.get("bomb")
    after_rolls(em, [("d20", 1)])
    assert em.s.obj["bomb"] is True
    assert em.s.figs["okafor"].status == "kia" and em.s.figs["okafor"].wounds == 5
    assert em.s.figs["reyes"].wounds == 0  # not in the building


def test_mission2__awad_dead_and_one_soldier_out_succeeds():
    """Battlespace: Mission 2 - Objectives: Awad killed, then leave the mission area with at least one soldier."""
    s = mission("mission2")
    _put(s, "okafor", *T1_DOOR)
    _ready(s, "okafor")
    step(RULESET, s, A.Interact(side="fireteam", unit="okafor", what="breach:t1"), Dice.scripted([6]))
    s.figs["awad"].status = "kia"
    assert _clear(s, 5) == (None, None)
    s.result = None
    _gone(s, "reyes", "exfil")
    assert _clear(s, 5) == ("success", "Awad is dead and the team left the village")


# -- Mission 3 -------------------------------------------------------------------------

def test_mission3__holding_out_to_the_clear_phase_of_turn_5_succeeds():
    """Battlespace: Mission 3 - Objectives: at least 1 soldier survives; turn limit 5."""
    s = mission("mission3")
    assert s.turn_limit == 5
    for u in ("reyes", "okafor", "lindqvist"):
        _gone(s, u, "kia")
    assert _clear(s, 4) == (None, None)
    assert _clear(s, 5) == ("success", "the team held out until the quick reaction force arrived")


def test_mission3__every_soldier_downed_fails():
    """Battlespace: Clear Phase - failure: all of the soldiers are downed or KIA."""
    s = mission("mission3")
    for u in ("reyes", "okafor"):
        _gone(s, u, "kia")
    for u in ("lindqvist", "tanaka"):
        _gone(s, u, "down")
    assert _clear(s, 2) == ("failure", "all soldiers are downed, KIA or gone")


def test_mission3__no_exfil_edge():
    """Battlespace: Mission 3: the team holds out; there is no exfil."""
    s = mission("mission3")
    _ready(s, "reyes")
    assert s.exits == [] and not RULESET.check(s, A.Exfil(side="fireteam", unit="reyes")).ok


# -- Mission 4 -------------------------------------------------------------------------

def _smoke_ready(s):
    for g in ("g1", "g2"):
        s.figs[g].status = "kia"
    _put(s, "reyes", 485, 205 + 2 * R + 5)  # below the middle aid worker
    return _ready(s, "reyes")


def test_mission4__red_smoke_needs_every_aid_worker_within_a_card():
    """Battlespace: Mission 4 - Objectives: red smoke once the aid workers are within a card area of a soldier."""
    s = mission("mission4")
    f = _smoke_ready(s)
    assert "red_smoke" in interactions(s, f)
    _put(s, "reyes", 485, 205 + 2 * R + 100)  # 100 mm from the workers' bases: too far
    assert "red_smoke" not in interactions(s, s.figs["reyes"])


def test_mission4__exfil_at_the_end_of_the_turn_after_the_smoke():
    """Battlespace: Mission 4 - Objectives: exfil at the end of the next turn after popping smoke, with an aid worker alive."""
    s = mission("mission4")
    s.turn = 3
    _smoke_ready(s)
    step(RULESET, s, A.Interact(side="fireteam", unit="reyes", what="red_smoke"), Dice.scripted([]))
    assert s.obj["smoke_turn"] == 3
    assert _clear(s, 3) == (None, None)
    _gone(s, "aid0", "kia")
    assert _clear(s, 4) == ("success", "exfil with 2 aid workers")


def test_mission4__guards_alive_after_turn_5_fail():
    """Battlespace: Mission 4 - Objectives: eliminate the two guards before the end of turn 5."""
    s = mission("mission4")
    s.figs["g1"].status = "kia"
    assert _clear(s, 4) == (None, None)
    assert _clear(s, 5) == ("failure", "the guards were not eliminated in time")


def test_mission4__every_aid_worker_dead_fails_and_limit_7():
    """Battlespace: Mission 4 - Objectives: at least 1 humanitarian must survive; turn limit 7."""
    s = mission("mission4")
    assert s.turn_limit == 7
    for a in ("aid0", "aid1", "aid2"):
        _gone(s, a, "kia")
    assert _clear(s, 2) == ("failure", "every aid worker was killed")


def test_mission4__aid_workers_are_enemy_targets():
    """Battlespace: Mission 4 - Note: the aid workers are treated as soldiers for enemy targeting."""
    from game.rulesets.battlespace.rules.enemy import targets
    s = mission("mission4")
    assert {"aid0", "aid1", "aid2"} <= {t.id for t in targets(s)}


# -- Mission 5 -------------------------------------------------------------------------

def test_mission5__two_soldiers_out_succeed_at_once():
    """Battlespace: Mission 5 - Objectives: at least 2 soldiers make it out of the mission area."""
    s = mission("mission5")
    assert all(s.figs[u].on == "roof" for u in ("reyes", "okafor", "lindqvist", "tanaka"))
    _gone(s, "reyes", "exfil")
    assert _clear(s, 2) == (None, None)
    _gone(s, "okafor", "exfil")
    assert _clear(s, 2) == ("success", "2 soldiers made it out")


def test_mission5__exfil_by_the_west_edge_only():
    """Battlespace: Mission 5 (the retreat): soldiers leave by the exfil edge, a free order on contact with it."""
    s = mission("mission5")
    s.figs["reyes"].on, s.figs["reyes"].z = None, 0.0
    _put(s, "reyes", R, 300)
    _ready(s, "reyes")
    assert step(RULESET, s, A.Exfil(side="fireteam", unit="reyes"), Dice.scripted([])).ok
    assert s.figs["reyes"].status == "exfil"
    s.figs["okafor"].on, s.figs["okafor"].z = None, 0.0
    _put(s, "okafor", 914 - R, 300)
    _ready(s, "okafor")
    assert not RULESET.check(s, A.Exfil(side="fireteam", unit="okafor")).ok


@pytest.mark.parametrize("lost", [("okafor", "lindqvist", "tanaka")])
def test_mission5__fewer_than_two_can_leave_fails_and_limit_7(lost):
    """Battlespace: Mission 5 - Objectives and Clear Phase: 2 soldiers must get out; turn limit 7."""
    s = mission("mission5")
    assert s.turn_limit == 7
    assert _clear(s, 7) == ("failure", "the mission reached its turn limit")
    s = mission("mission5")
    for u in lost:
        _gone(s, u, "kia")
    assert _clear(s, 2) == ("failure", "fewer than 2 soldiers can make it out")


# -- co-op -------------------------------------------------------------------------------

def test_coop__two_fireteams_alternate_activations():
    """Battlespace: Player Phase (co-op): the players alternate activating their soldiers; each team has its own deployment zone."""
    s = mission("mission1_coop")
    assert s.teams == ["fireteam", "fireteam2"] and s.sides == ["fireteam", "fireteam2", "enemy"]
    assert s.active == "fireteam"
    assert not RULESET.check(s, A.Activate(side="fireteam2", unit="moreau")).ok  # not Bravo's turn yet
    assert step(RULESET, s, A.Activate(side="fireteam", unit="reyes"), Dice.scripted([15])).ok
    assert step(RULESET, s, A.EndActivation(side="fireteam", unit="reyes"), Dice.scripted([])).ok
    assert s.active == "fireteam2" and s.current is None
    assert not RULESET.check(s, A.Activate(side="fireteam", unit="okafor")).ok
    assert step(RULESET, s, A.Activate(side="fireteam2", unit="moreau"), Dice.scripted([15])).ok
    assert step(RULESET, s, A.EndActivation(side="fireteam2", unit="moreau"), Dice.scripted([])).ok
    assert s.active == "fireteam"
    # each team ends its player phase in turn (the soldiers left attempt initiative, three
    # each, and take no orders); then the SITREP phase
    assert step(RULESET, s, A.EndPlayerPhase(side="fireteam"), Dice.scripted([15, 15, 15])).ok
    assert s.active == "fireteam2"
    assert step(RULESET, s, A.EndPlayerPhase(side="fireteam2"), Dice.scripted([15, 15, 15])).ok
    assert s.phase == "sitrep"

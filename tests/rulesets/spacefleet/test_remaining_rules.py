"""Rule cases for the clauses added in version 4: fire at hulks, the All Ahead
Full stop at a blast marker, turrets engaging one kind of ordnance a phase,
Brace for Impact! against ordnance, and the escort-squadron size limit."""

from __future__ import annotations

import random
from pathlib import Path

from game.core.ruleset import RULES_SIDE
from game.rulesets.spacefleet import RULESET, turn
from game.rulesets.spacefleet.actions import Brace, Fire, MoveShip, TakeIt
from game.rulesets.spacefleet.ai.ai import FleetAgent
from game.rulesets.spacefleet.events import PhaseChanged
from game.rulesets.spacefleet.rules.movement import aaf_stop
from game.rulesets.spacefleet.rules.ordnance import _turret_kills
from game.rulesets.spacefleet.rules.shooting import resolve_attack
from game.rulesets.spacefleet.state import BlastMarker, Ordnance

from .helpers import ctx, ship, state

ROOT = Path(__file__).resolve().parents[3]


# -- fire at hulks (core 1.8) -------------------------------------------------------------

def test_fire_at_hulk__a_hit_makes_one_new_catastrophic_roll():
    """spacefleet_core 1.8: a Lunar's starboard lances (Str 2, 4+) hit a drifting hulk once: one 2D6 catastrophic roll (6: drifting hulk, 1 BM)."""
    hulk = ship("m", "murder", 500, 700, status="drifting_hulk")
    st = state([ship("l", "lunar", 500, 500, heading=0, priority="passed"), hulk])
    assert RULESET.check(st, Fire(side="imperial", ship="l", weapon=1, target="m")).ok
    c = ctx(st, [5, 1, 3, 3])
    resolve_attack(c, "l", 1, "m")
    assert c.s.ships["m"].status == "drifting_hulk" and len(c.s.blast_markers) == 1
    assert c.s.ships["m"].damage == 0


def test_fire_at_hulk__two_hits_still_one_roll_and_a_12_implodes():
    """spacefleet_core 1.8: two lance hits on a hulk give a single catastrophic roll; 12 is a warp drive implosion (8 BMs)."""
    st = state([ship("l", "lunar", 500, 500, heading=0), ship("m", "murder", 500, 700, status="blazing_hulk")])
    c = ctx(st, [6, 6, 6, 6, 1, 1, 1])   # lances 6,6; 2D6 = 12; 3D6 blast radius 3 cm (the Lunar stays out)
    resolve_attack(c, "l", 1, "m")
    assert c.s.ships["m"].status == "destroyed" and len(c.s.blast_markers) == 8


def test_fire_at_hulk__a_miss_rolls_nothing():
    """spacefleet_core 1.8: no hit on the hulk, no catastrophic roll (only the two lance dice are used)."""
    st = state([ship("l", "lunar", 500, 500, heading=0), ship("m", "murder", 500, 700, status="drifting_hulk")])
    c = ctx(st, [1, 3])
    resolve_attack(c, "l", 1, "m")
    assert c.s.ships["m"].status == "drifting_hulk" and c.s.blast_markers == []


# -- All Ahead Full stops on a blast marker in its last 5 cm (core 1.6) ------------------------

def _aaf_state(bm_x: float):
    l = ship("l", "lunar", 100, 500, heading=0, order="all_ahead_full", aaf_extra_mm=100.0)   # 20 + 10 cm = 30 cm
    return state([l, ship("m", "murder", 1500, 1000)], phase="movement",
                 blast_markers=[BlastMarker(id=1, x=bm_x, y=500)])


def test_aaf__touching_a_blast_marker_in_the_last_5cm_stops_the_ship_there():
    """spacefleet_core 1.6: a 30 cm AAF move whose base touches a BM after 27 cm stops at 27 cm; the full 30 cm is refused."""
    st = _aaf_state(100 + 270 + 16 + 12.5)   # base radius 16 mm + marker radius 12.5 mm
    assert round(aaf_stop(st, st.ships["l"], [(100, 500), (400, 500)]), 3) == 270.0
    assert RULESET.check(st, MoveShip(side="imperial", ship="l", legs=((0.0, 270.0),))).ok
    why = RULESET.check(st, MoveShip(side="imperial", ship="l", legs=((0.0, 300.0),)))
    assert not why.ok and "stops there (27.0 cm)" in why.reason


def test_aaf__a_marker_met_earlier_is_the_usual_5cm_loss():
    """spacefleet_core 1.6: a BM touched after 20 cm is not in the last 5 cm: no stop, the move is 30 - 5 = 25 cm."""
    st = _aaf_state(100 + 200 + 16 + 12.5)
    assert aaf_stop(st, st.ships["l"], [(100, 500), (400, 500)]) is None
    assert RULESET.check(st, MoveShip(side="imperial", ship="l", legs=((0.0, 250.0),))).ok
    assert not RULESET.check(st, MoveShip(side="imperial", ship="l", legs=((0.0, 270.0),))).ok


# -- turrets: torpedoes or attack craft in one phase (core 1.9) ---------------------------------

def test_turrets__engage_one_kind_of_ordnance_per_phase():
    """spacefleet_core 1.9: the Murder's 2 turrets fire at torpedoes (4, 5: 2 kills); attack craft in the same phase meet no turret dice; a new phase frees them."""
    st = state([ship("m", "murder", 500, 500)], phase="ordnance", active=RULES_SIDE)
    c = ctx(st, [4, 5, 6, 1])
    assert _turret_kills(c, "m", 6, "torpedoes 1", "torpedo") == 2
    assert _turret_kills(c, "m", 3, "attack craft 2", "craft") == 0
    assert _turret_kills(c, "m", 6, "torpedoes 3", "torpedo") == 1   # torpedoes again: dice 6, 1
    c.emit(PhaseChanged(phase="end", active=RULES_SIDE))
    assert c.s.ships["m"].turrets_vs == ""


# -- Brace for Impact! against ordnance (core 1.4) ------------------------------------------

def _torpedo_run():
    m = ship("m", "murder", 450, 500, heading=180)
    return state([m, ship("l", "lunar", 100, 100)], phase="ordnance", active=RULES_SIDE,
                 ordnance=[Ordnance(id=7, side="imperial", kind="torpedo", x=300, y=500, heading=0, strength=4,
                                    phases=1, moved_this_turn=False, launcher="l")])


def test_brace_vs_ordnance__the_ordnance_step_pauses_for_the_defender():
    """spacefleet_core 1.4: torpedoes reach the Murder: the ordnance step pauses before turret dice; Brace passes (2D6 6 <= Ld 8); turrets 1, 1; Str 4 at 5+ hits 3 times; 4+ saves one; no criticals (1, 1); the salvo goes on with 1."""
    c = ctx(_torpedo_run(), [3, 3, 1, 1, 5, 5, 6, 1, 4, 1, 1, 1, 1])
    turn._rules_step(c)
    assert (c.s.phase, c.s.active, c.s.pending.ordnance, c.s.pending.target) == ("brace", "chaos", 7, "m")
    assert RULESET.check(c.s, Brace(side="chaos", ship="m")).ok
    turn._brace(c, Brace(side="chaos", ship="m"))
    assert c.s.ships["m"].braced and c.s.ships["m"].damage == 2
    assert (c.s.phase, c.s.active, c.s.pending) == ("ordnance", RULES_SIDE, None)
    (o,) = c.s.ordnance
    assert (o.strength, o.x) == (1, 600.0)
    turn._rules_step(c)
    assert c.s.phase == "end"


def test_brace_vs_ordnance__take_it_resolves_unbraced():
    """spacefleet_core 1.4: the defender takes it: turrets 4, 1 (Str 4 -> 3); 3 dice at 5+ give 5, 6, 2: 2 damage, no saves, no criticals."""
    c = ctx(_torpedo_run(), [4, 1, 5, 6, 2, 1, 1])
    turn._rules_step(c)
    turn._release(c)
    assert c.s.ships["m"].damage == 2 and not c.s.ships["m"].braced
    assert c.s.ordnance[0].strength == 1


def test_brace_vs_ordnance__the_ai_answers_the_window():
    """spacefleet_core 1.4: the default agent answers an ordnance Brace window with a legal Brace or TakeIt."""
    c = ctx(_torpedo_run(), [])
    turn._rules_step(c)
    a = FleetAgent(random.Random(1)).choose(RULESET, c.s, "chaos")
    assert isinstance(a, (Brace, TakeIt)) and RULESET.check(c.s, a).ok


# -- squadron size (core 1.11) --------------------------------------------------------------

def test_squadron__at_most_six_escorts_of_one_type():
    """spacefleet_core 1.11: a seventh escort in a squadron, or a second escort type, is refused by validate_scenario."""
    from game.data.scenario import load_scenario
    sc, mp = load_scenario(ROOT / "maps/spacefleet/deep_space.scenario.json")
    assert RULESET.validate_scenario(sc, mp) is None
    units = sc.forces["chaos"]
    squad = [u for u in units if u.group]
    g = squad[0].group
    for i in range(7 - len(squad)):
        units.append(squad[0].model_copy(update={"id": f"extra{i}", "x": 100.0 + 40 * i, "y": 1100.0}))
    assert RULESET.validate_scenario(sc, mp) == ("forces.chaos", f"escort squadron {g!r} has 7 ships; a squadron holds at most 6 escorts")
    del units[-1]
    units[-1] = units[-1].model_copy(update={"profile": "iconoclast"})
    field, why = RULESET.validate_scenario(sc, mp)
    assert field == "forces.chaos" and "must all be of one type" in why


# -- attack-craft waves, fighter escorts, CAP (core 1.9) ---------------------------------------

def test_wave__launched_together_flies_at_the_slowest_speed():
    """spacefleet_core 1.9: a Dictator's bombers (20 cm) lead a wave its fighters join; the wave moves 20 cm as one."""
    from game.rulesets.spacefleet.actions import Launch
    from game.rulesets.spacefleet.rules.ordnance import ordnance_phase, resolve_launch
    st = state([ship("d", "dictator", 300, 500), ship("m", "murder", 1500, 500)])
    c = ctx(st, [])
    resolve_launch(c, Launch(side="imperial", ship="d", weapon=0, craft="bomber", target="m"))
    (lead,) = c.s.ordnance
    assert (lead.x, lead.y) == (500.0, 500.0)
    join = Launch(side="imperial", ship="d", weapon=1, craft="fighter", wave=lead.id)
    assert RULESET.check(c.s, join).ok
    resolve_launch(c, join)
    assert {(o.kind, o.wave, o.x) for o in c.s.ordnance} == {("bomber", lead.id, 500.0), ("fighter", lead.id, 500.0)}
    for o in c.s.ordnance:
        o.moved_this_turn = False
    ordnance_phase(c, "imperial")
    assert {(o.kind, round(o.x, 3)) for o in c.s.ordnance} == {("bomber", 700.0), ("fighter", 700.0)}


def test_wave__turrets_fire_once_fighters_first_and_escorts_add_attacks():
    """spacefleet_core 1.9: 2 bombers + 2 escorting fighters; turrets (4, 1) kill a fighter; the first bomber rolls 5 - 2 turrets + 1 escort = 4 attacks (5,5,1,1: 2 hits), the second rolls 2 (no attacks)."""
    from game.rulesets.spacefleet.rules.ordnance import _craft_attack
    st = state([ship("m", "murder", 500, 500)],
               ordnance=[Ordnance(id=3, side="imperial", kind="bomber", x=480, y=500, heading=0, strength=2, wave=3),
                         Ordnance(id=4, side="imperial", kind="fighter", x=480, y=500, heading=0, strength=2, wave=3)])
    c = ctx(st, [4, 1, 5, 5, 5, 1, 1, 1, 1, 2])
    _craft_attack(c, 3, "m")
    assert c.s.ships["m"].damage == 2 and c.s.ordnance == []


def test_wave__one_direct_fire_hit_removes_the_whole_wave():
    """spacefleet_core 1.9: the Murder's prow lances (Str 2) roll 6, 1 at a wave marker: both markers of the wave go."""
    st = state([ship("m", "murder", 900, 500, heading=180)], active="chaos",
               ordnance=[Ordnance(id=3, side="imperial", kind="bomber", x=500, y=500, heading=0, strength=2, wave=3),
                         Ordnance(id=4, side="imperial", kind="fighter", x=500, y=500, heading=0, strength=2, wave=3)])
    c = ctx(st, [6, 1])
    resolve_attack(c, "m", 2, "o4")
    assert c.s.ordnance == []


def test_cap__fighter_with_a_ship_stops_the_salvo_about_to_hit_it():
    """spacefleet_core 1.9: a fighter on CAP beside the Lunar meets the Str 6 salvo reaching it: both are removed, no dice rolled."""
    from game.rulesets.spacefleet.rules.ordnance import move_one
    st = state([ship("l", "lunar", 500, 500)],
               ordnance=[Ordnance(id=5, side="imperial", kind="fighter", x=500, y=470.5, heading=0, target="l"),
                         Ordnance(id=7, side="chaos", kind="torpedo", x=200, y=500, heading=0, strength=6, phases=1)])
    c = ctx(st, [])
    move_one(c, 7)
    assert c.s.ordnance == [] and c.s.ships["l"].damage == 0 and c.s.pending is None


def test_cap__launch_fighters_at_a_friendly_ship():
    """spacefleet_core 1.9: fighters may be launched on CAP with a friendly ship; bombers may not target one."""
    from game.rulesets.spacefleet.actions import Launch
    st = state([ship("d", "dictator", 300, 500), ship("l", "lunar", 400, 500), ship("m", "murder", 1500, 500)])
    assert RULESET.check(st, Launch(side="imperial", ship="d", weapon=0, craft="fighter", target="l")).ok
    assert not RULESET.check(st, Launch(side="imperial", ship="d", weapon=0, craft="bomber", target="l")).ok

"""Eldar and Eldar-kin ships (a unit's ``params.kin = "eldar"``): starting
Leadership, turrets against their ordnance, holofields, 0 shields for blast
markers, criticals on 4+, their tests against gas/dust clouds and solar flares,
and the gravity-well turn at the end of the move (spacefleet_core 1.3, 1.9,
1.12, rulings; celestial phenomena). Scripted dice, real rules and geometry."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.dice import Dice
from game.core.ruleset import RULES_SIDE
from game.data.scenario import load_scenario
from game.rulesets.spacefleet import RULESET, turn
from game.rulesets.spacefleet.actions import MoveShip, RulesStep
from game.rulesets.spacefleet.rules.common import shield_capacity, under_fire
from game.rulesets.spacefleet.rules.damage import explode, hit_and_run, hull_damage
from game.rulesets.spacefleet.rules.boarding import board, teleport_reach
from game.rulesets.spacefleet.events import HolofieldSaves, KinTested
from game.rulesets.spacefleet.rules.movement import _ram, plan_move, resolve_move
from game.rulesets.spacefleet.rules.ordnance import _craft_attack, move_one
from game.rulesets.spacefleet.rules.phenomena import cloud_tests, flare_hits, solar_flare
from game.rulesets.spacefleet.rules.gunnery import gunnery
from game.rulesets.spacefleet.rules.shooting import resolve_attack
from game.rulesets.spacefleet.rules.nova import resolve_nova
from game.rulesets.spacefleet.state import BlastMarker, Ordnance
from game.rulesets.spacefleet.data import profile

from .helpers import area, ctx, planet, ship, state

ROOT = Path(__file__).resolve().parents[3]
MURDER_RIGHT = profile("murder").weapons[1]      # battery FP 10, 45 cm, right
LUNAR_RIGHT = profile("lunar").weapons[3]        # battery FP 6, 30 cm, right


def eldar(sid: str, prof: str, x: float, y: float, **kw):
    return ship(sid, prof, x, y, eldar=True, **kw)


def _events(c, cls):
    return [e for e in c.events if isinstance(e, cls)]


def _bms(c):
    return sorted((round(b.x, 2), round(b.y, 2)) for b in c.s.blast_markers)


# -- the kin parameter and starting Leadership (core 1.3, 1.12) ------------------------------

def test_kin_param__unknown_kin_refused_naming_the_unit_and_field():
    """spacefleet_core 1.12: params.kin marks an Eldar ship; any value but "eldar" is refused by validate_scenario."""
    sc, mp = load_scenario(ROOT / "maps/spacefleet/deep_space.scenario.json")
    sc.forces["imperial"][1].params["kin"] = "eldar"
    assert RULESET.validate_scenario(sc, mp) is None
    sc.forces["chaos"][0].params["kin"] = "orks"
    field, why = RULESET.validate_scenario(sc, mp)
    assert field == "forces.chaos.cha_murder.params.kin"
    assert why.startswith("unit cha_murder: params.kin 'orks' is not a known kin")


def test_starting_ld__eldar_add_1_range_7_to_10():
    """spacefleet_core 1.3: Eldar add +1 to the rolled Ld (6 -> 10 at most); an escort squadron's one roll gets it too; an Ld given outright is kept."""
    sc, mp = load_scenario(ROOT / "maps/spacefleet/deep_space.scenario.json")
    for u in sc.forces["imperial"]:
        u.params["kin"] = "eldar"
    sc.forces["chaos"][1].params.update({"kin": "eldar", "ld": 8})
    # rolls: imp_lunar 6, imp_gothic 1, imp_sword squadron 4, cha_murder 2, cha_infidel squadron 5 (no roll for cha_slaughter)
    st = RULESET.setup(sc, mp, Dice.scripted([6, 1, 4, 2, 5]))
    ld = {k: (v.ld, v.eldar) for k, v in st.ships.items()}
    assert ld["imp_lunar"] == (10, True) and ld["imp_gothic"] == (7, True)
    assert {ld[f"imp_sword{i}"] for i in range(1, 5)} == {(9, True)}
    assert ld["cha_murder"] == (7, False) and ld["cha_slaughter"] == (8, True) and ld["cha_infidel1"] == (8, False)


# -- turrets against Eldar ordnance (core 1.9) ------------------------------------------------

def test_turrets__eldar_torpedoes_are_stopped_only_on_6s():
    """spacefleet_core 1.9: the Murder's turrets roll 4 and 5, which would stop two torpedoes, but Eldar ordnance needs 6s: all 6 attack (2 hit at 5+)."""
    st = state([eldar("e", "lunar", 100, 100), ship("m", "murder", 450, 500, heading=180)],
               ordnance=[Ordnance(id=7, side="imperial", kind="torpedo", x=300, y=500, heading=0, strength=6, launcher="e", phases=1)])
    c = ctx(st, [4, 5, 5, 6, 1, 2, 3, 1, 1, 1])
    move_one(c, 7)
    turn._release(c)  # the Murder takes it without bracing
    assert c.s.ships["m"].damage == 2
    assert c.s.ordnance[0].strength == 4


@pytest.mark.parametrize("kin,damage", [(True, 1), (False, 0)])
def test_turrets__eldar_bombers_survive_4s_and_5s(kin, damage):
    """spacefleet_core 1.9: turret dice 4 and 5 kill an Imperial bomber but not an Eldar one, which then makes 3 - 2 = 1 attack and hits on the 5."""
    launcher = ship("d", "dictator", 100, 100, eldar=kin)
    st = state([launcher, ship("m", "murder", 500, 500)],
               ordnance=[Ordnance(id=3, side="imperial", kind="bomber", x=480, y=500, heading=0, strength=1, launcher="d")])
    c = ctx(st, [4, 5, 3, 5, 1])
    _craft_attack(c, 3, "m")
    assert c.s.ships["m"].damage == damage and c.s.ordnance == []


# -- holofields: Gunnery-table fire (core 1.12) -------------------------------------------------

def test_holofields__one_extra_right_shift_against_batteries():
    """spacefleet_core 1.12: a Murder's FP 10 at a Lunar abeam at 20 cm reads column D (4 dice); at an Eldar Lunar column E (2 dice)."""
    m = ship("m", "murder", 500, 300, heading=0)
    plain = gunnery(state([m, ship("l", "lunar", 500, 500)]), m, MURDER_RIGHT, 10, ship("l", "lunar", 500, 500))
    e = eldar("l", "lunar", 500, 500)
    g = gunnery(state([m, e]), m, MURDER_RIGHT, 10, e)
    assert (plain.column, plain.dice, plain.shifts) == (3, 4, ())
    assert (g.column, g.dice, g.shifts) == (4, 2, ("holofields +1",))


def test_holofields__no_shift_against_a_hulk():
    """spacefleet_core 1.12: a hulk has no working holofields; fire at it reads the plain column."""
    m = ship("m", "murder", 500, 300, heading=0)
    h = eldar("l", "lunar", 500, 500, status="drifting_hulk")
    assert gunnery(state([m, h]), m, MURDER_RIGHT, 10, h).column == 3


def test_holofields__battery_hits_no_save_no_shields_criticals_on_4():
    """spacefleet_core 1.12: batteries get no holofield save; an Eldar ship has no shields (0-shield), so 2 hits are hull damage; criticals on 4+ (4 and 1: one, 7 = Fire!)."""
    st = state([ship("m", "murder", 500, 300, heading=0), eldar("l", "lunar", 500, 500)], active="chaos")
    c = ctx(st, [5, 6, 4, 1, 3, 4])
    resolve_attack(c, "m", 1, "l")
    assert c.s.ships["l"].damage == 2 and c.s.ships["l"].crits == ["fire"]
    assert c.s.blast_markers == [] and _events(c, HolofieldSaves) == []


# -- holofields: saves against everything else (core 1.12) ---------------------------------------

def test_holofields__lance_hits_saved_on_2_plus_leave_a_blast_marker():
    """spacefleet_core 1.12: two lance hits on an Eldar Murder; saves 1 (stands) and 3 (misses, a BM touching the base toward the firer); 1 damage, no critical on a 2."""
    st = state([ship("l", "lunar", 500, 500, heading=0), eldar("m", "murder", 500, 700)])
    c = ctx(st, [4, 5, 1, 3, 2])
    resolve_attack(c, "l", 1, "m")
    assert c.s.ships["m"].damage == 1 and c.s.ships["m"].crits == []
    assert _bms(c) == [(500.0, 672.75)]
    assert [(e.hits, e.saved) for e in _events(c, HolofieldSaves)] == [(2, 1)]


def test_holofields__nova_cannon_hits_are_saved():
    """spacefleet_core 1.12 (ours: the nova cannon is in the save list, not an area effect): D6 = 4 hits under the hole; saves 1, 2, 3, 4 let one through."""
    st = state([ship("n", "lunar_nova", 200, 500, heading=0), eldar("m", "murder", 700, 500)])
    c = ctx(st, [1, 4, 1, 2, 3, 4, 1])
    resolve_nova(c, "n", 4, "m")
    assert c.s.ships["m"].damage == 1 and len(c.s.blast_markers) == 3


def test_holofields__torpedo_hits_saved_stay_in_the_salvo():
    """spacefleet_core 1.12 (ours): turrets stop 1 of 6; 2 of 5 hit; holofield saves 1 and 5: one hit stands, the missed torpedo flies on (Strength 4) and rolls (1) for the new marker it crosses."""
    m = eldar("m", "murder", 450, 500, heading=180)
    st = state([m], ordnance=[Ordnance(id=7, side="imperial", kind="torpedo", x=300, y=500, heading=0, strength=6, phases=1)])
    c = ctx(st, [4, 1, 5, 6, 1, 2, 3, 1, 5, 1, 1])
    move_one(c, 7)
    turn._release(c)
    assert c.s.ships["m"].damage == 1 and len(c.s.blast_markers) == 1
    assert (c.s.ordnance[0].strength, c.s.ordnance[0].attacked) == (4, ["m"])


def test_holofields__bomber_hits_are_saved():
    """spacefleet_core 1.12: turrets kill 1 of 2 bombers; 5 - 2 = 3 attacks hit twice at 5+; saves 1 and 2: one hit stands."""
    st = state([eldar("m", "murder", 500, 500)],
               ordnance=[Ordnance(id=3, side="imperial", kind="bomber", x=480, y=500, heading=0, strength=2)])
    c = ctx(st, [4, 1, 5, 5, 5, 1, 1, 2, 1])
    _craft_attack(c, 3, "m")
    assert c.s.ships["m"].damage == 1 and len(c.s.blast_markers) == 1


@pytest.mark.parametrize("save,crits,bms", [(3, [], 1), (1, ["prow_armament"], 0)])
def test_holofields__hit_and_run(save, crits, bms):
    """spacefleet_core 1.10, 1.12: an assault boat's 5 would be a Prow Armament critical; a holofield save of 3 makes it miss (a BM), a 1 lets it through."""
    st = state([eldar("m", "murder", 500, 500)])
    c = ctx(st, [5, save])
    hit_and_run(c, "m", "imperial", "assault boats 1")
    assert c.s.ships["m"].crits == crits and len(c.s.blast_markers) == bms


def test_holofields__boarding_damage_is_saved_point_by_point():
    """spacefleet_core 1.10, 1.12: the Lunar boards an Eldar Murder 6 against 1 + 2 (margin 3); saves 1, 2, 5: one point of damage stands, two BMs; no criticals on 1s."""
    st = state([ship("l", "lunar", 500, 500), eldar("m", "murder", 530, 500)], phase="end", active=RULES_SIDE)
    c = ctx(st, [6, 1, 1, 2, 5, 1, 1])
    board(c, "l", "m")
    assert c.s.ships["m"].damage == 1 and len(c.s.blast_markers) == 2
    assert c.s.ships["l"].damage == 0


def test_holofields__ram_hits_are_saved():
    """spacefleet_core 1.6, 1.12: the Lunar rams an Eldar Murder (3 hits at 5+); saves 1, 4, 6: one stands; the Murder's reply (6+ front) hits the Lunar once, no save."""
    lu = ship("l", "lunar", 500, 480, heading=90, order="all_ahead_full")
    st = state([lu, eldar("m", "murder", 500, 500, heading=0)], phase="movement")
    c = ctx(st, [5, 5, 5, 1, 1, 1, 1, 1, 1, 4, 6, 1, 6, 1, 1, 1, 1])
    _ram(c, "l", "m", [(500.0, 430.0), (500.0, 480.0)])
    assert (c.s.ships["m"].damage, c.s.ships["l"].damage) == (1, 1)
    assert len(c.s.blast_markers) == 2


def test_holofields__not_against_exploding_ships():
    """spacefleet_core 1.8, 1.12: an explosion is an area effect: 3 of 4 lance shots hit an Eldar Murder with no save (and no shields)."""
    st = state([eldar("m", "murder", 500, 500)])
    c = ctx(st, [4, 4, 4, 1, 1, 1, 1])
    explode(c, 560, 500, "main", 100.0, 4, "plasma drive overload of x")
    assert c.s.ships["m"].damage == 3 and _events(c, HolofieldSaves) == []


def test_holofields__not_against_asteroid_impacts():
    """Celestial phenomena, asteroid fields: shields but not holofields work; an Eldar Lunar fails the test (12) and takes all D6 = 3 impacts."""
    st = state([eldar("l", "lunar", 300, 500)], [area("rocks", "asteroid_field", 400, 450, 500, 550)], phase="movement")
    m = MoveShip(side="imperial", ship="l", legs=((0.0, 150.0),))
    c = ctx(st, [6, 6, 3, 1, 1, 1])
    resolve_move(c, m, plan_move(st, m))
    assert c.s.ships["l"].damage == 3 and _events(c, HolofieldSaves) == []


# -- 0-shield for blast markers, criticals on 4+ (core 1.12, 1.6) -----------------------------------

def test_zero_shield__no_shield_capacity_and_teleport_attacks_reach_it():
    """spacefleet_core 1.10, 1.12: a Lunar profile with 2 shields as an Eldar ship has no shields: capacity 0, so a teleport attack reaches it."""
    a = ship("m", "murder", 500, 500)
    plain, kin = ship("l", "lunar", 560, 500), eldar("l", "lunar", 560, 500)
    assert shield_capacity(state([a, plain]), plain) == 2 and not teleport_reach(state([a, plain]), a, plain)
    assert shield_capacity(state([a, kin]), kin) == 0 and teleport_reach(state([a, kin]), a, kin)


@pytest.mark.parametrize("roll,damage", [(6, 1), (5, 0)])
def test_zero_shield__crossing_blast_markers_1_damage_on_a_6(roll, damage):
    """spacefleet_core 1.6, 1.12: an Eldar Lunar counts as 0-shield: crossing a blast marker it takes 1 damage on a 6 (then a 4+ critical roll: 1)."""
    st = state([eldar("l", "lunar", 300, 500)], phase="movement", blast_markers=[BlastMarker(id=1, x=400, y=500)])
    m = MoveShip(side="imperial", ship="l", legs=((0.0, 150.0),))
    c = ctx(st, [roll, 1])
    resolve_move(c, m, plan_move(st, m))
    assert c.s.ships["l"].damage == damage


def test_zero_shield__non_eldar_ship_with_shields_rolls_nothing():
    """spacefleet_core 1.6: the same move by a shielded Lunar rolls no die for the marker."""
    st = state([ship("l", "lunar", 300, 500)], phase="movement", blast_markers=[BlastMarker(id=1, x=400, y=500)])
    m = MoveShip(side="imperial", ship="l", legs=((0.0, 150.0),))
    c = ctx(st, [])
    resolve_move(c, m, plan_move(st, m))
    assert c.s.ships["l"].damage == 0 and (c.s.ships["l"].x, c.s.ships["l"].y) == (450.0, 500.0)


@pytest.mark.parametrize("kin,crits", [(True, ["fire"]), (False, [])])
def test_criticals__eldar_on_4_plus_standard_table(kin, crits):
    """spacefleet_core 1.12, ambiguity 6 (ours: the standard table): hull hits roll 4 and 3; an Eldar ship suffers one critical (2D6 = 7: Fire!), another ship none."""
    st = state([ship("l", "lunar", 500, 500, eldar=kin)])
    c = ctx(st, [4, 3, 3, 4])
    hull_damage(c, "l", 2)
    assert c.s.ships["l"].crits == crits


# -- gas and dust clouds (celestial phenomena) ----------------------------------------------------

CLOUD = area("cloud", "gas_cloud", 450, 450, 550, 550)


def _start_step(st, faces):
    res = RULESET.resolve(st, RulesStep(side=RULES_SIDE), Dice.scripted(faces))
    out = st.clone()
    for ev in res.events:
        RULESET.apply(out, ev)
    return res.events, out


@pytest.mark.parametrize("faces,passed", [((3, 4), True), ((6, 5), False)])
def test_cloud__tested_at_the_start_of_the_player_turn(faces, passed):
    """Celestial phenomena, gas and dust clouds: an Eldar Lunar (Ld 8) in a cloud tests at the start step; a pass means the cloud does not touch it (no Under Fire)."""
    st = state([eldar("e", "lunar", 500, 500), ship("m", "murder", 1500, 500)], [CLOUD], phase="start", active=RULES_SIDE)
    events, out = _start_step(st, list(faces))
    assert [e for e in events if isinstance(e, KinTested)] == [KinTested(ship="e", passed=passed, phenomenon="gas_cloud", names={"e": "Lunar class cruiser"})]
    e = out.ships["e"]
    assert (e.cloud_turn, e.cloud_passed) == (1, passed)
    assert under_fire(out, e) is (not passed)


def test_cloud__once_per_game_turn():
    """Celestial phenomena, gas and dust clouds (ours: once per ship per game turn): a ship that tested this turn does not test again; next turn it does."""
    st = state([eldar("e", "lunar", 500, 500, cloud_turn=1, cloud_passed=True)], [CLOUD])
    c = ctx(st, [])
    cloud_tests(c)
    assert c.events == []
    st.turn = 2
    c = ctx(st, [6, 6])
    cloud_tests(c)
    assert c.s.ships["e"].cloud_passed is False and c.s.ships["e"].cloud_turn == 2


def test_cloud__escorts_reroll_a_failure_for_free():
    """Celestial phenomena, gas and dust clouds: an Eldar Sword fails (12) and re-rolls for free (4): passed."""
    st = state([eldar("s", "sword", 500, 500)], [CLOUD])
    c = ctx(st, [6, 6, 2, 2])
    cloud_tests(c)
    assert _events(c, KinTested) == [KinTested(ship="s", passed=True, phenomenon="gas_cloud", names={"s": "Sword class frigate"})]


def test_cloud__a_pass_removes_the_slowdown():
    """Celestial phenomena, gas and dust clouds: a passed Eldar Lunar in a cloud moves its full 20 cm; after a failure it loses 5 cm."""
    mv = MoveShip(side="imperial", ship="e", legs=((0.0, 200.0),))
    ok = state([eldar("e", "lunar", 500, 500, cloud_turn=1, cloud_passed=True)], [CLOUD], phase="movement")
    bad = state([eldar("e", "lunar", 500, 500, cloud_turn=1, cloud_passed=False)], [CLOUD], phase="movement")
    assert plan_move(ok, mv).ok and not plan_move(ok, mv).blast_loss
    assert plan_move(bad, mv).reason == "the Lunar class cruiser may move at most 15.0 cm this turn (asked 20.0 cm)"


@pytest.mark.parametrize("faces,damage", [((3, 4), 0), ((6, 6, 6, 1), 1)])
def test_cloud__tested_on_the_move_into_it(faces, damage):
    """Celestial phenomena, gas and dust clouds: an Eldar Lunar moving into a cloud tests after the move; passed, the cloud does not count for its 0-shield roll; failed, a 6 costs 1 damage."""
    st = state([eldar("e", "lunar", 300, 500)], [area("cloud", "gas_cloud", 420, 450, 520, 550)], phase="movement")
    m = MoveShip(side="imperial", ship="e", legs=((0.0, 150.0),))
    c = ctx(st, list(faces))
    resolve_move(c, m, plan_move(st, m))
    assert len(_events(c, KinTested)) == 1 and c.s.ships["e"].damage == damage


def test_cloud__a_pass_removes_the_shift_from_its_own_fire_only():
    """Celestial phenomena, gas and dust clouds (ours): a passed Eldar Lunar in a cloud fires without the blast-marker shift; a Murder firing at it still takes the shift."""
    e = eldar("e", "lunar", 500, 500, cloud_turn=1, cloud_passed=True)
    m = ship("m", "murder", 500, 700, heading=0)
    st = state([e, m], [CLOUD])
    assert gunnery(st, e, LUNAR_RIGHT, 6, m).shifts == ()
    failed = state([e.model_copy(update={"cloud_passed": False}), m], [CLOUD])
    assert gunnery(failed, failed.ships["e"], LUNAR_RIGHT, 6, m).shifts == ("blast markers +1",)
    facing = e.model_copy(update={"heading": 90.0})
    g = gunnery(state([facing, m], [CLOUD]), m, profile("murder").weapons[0], 10, facing)
    assert (g.column, g.shifts) == (3, ("blast markers +1", "holofields +1"))


# -- solar flares (celestial phenomena) -------------------------------------------------------------

def test_flare__eldar_pass_no_marker_no_hit_turns_away_and_moves_2d6():
    """Celestial phenomena, solar flares: an Eldar Lunar passes (7): no BM, no hit; it turns away from the sunward (north) edge and moves 2D6 = 7 cm south."""
    st = state([eldar("e", "lunar", 500, 500), ship("m", "murder", 900, 500)], sunward="north")
    c = ctx(st, [3, 4, 3, 4])
    solar_flare(c)
    e = c.s.ships["e"]
    assert (e.x, round(e.y, 6), e.heading, e.damage) == (500.0, 570.0, 90.0, 0)
    assert _bms(c) == [(900.0, 472.75)]
    assert _events(c, KinTested) == [KinTested(ship="e", passed=True, phenomenon="solar_flare", names={"e": "Lunar class cruiser"})]


def test_flare__eldar_fail_marker_hit_and_critical_on_4():
    """Celestial phenomena, solar flares: a failed Eldar Lunar (12) is unshielded: a BM sunward, 1 hit (no holofields) and a critical on the 4 (7: Fire!)."""
    st = state([eldar("e", "lunar", 500, 500)], sunward="north")
    c = ctx(st, [6, 6, 4, 3, 4])
    solar_flare(c)
    flare_hits(c, lambda sh: False)
    e = c.s.ships["e"]
    assert (e.x, e.y, e.damage, e.crits) == (500.0, 500.0, 1, ["fire"])
    assert _bms(c) == [(500.0, 472.75)]


def test_flare__escort_rerolls_for_free():
    """Celestial phenomena, solar flares: an Eldar Sword fails (11), re-rolls 4 and passes; it moves 2D6 = 2 cm away from the sunward (east) edge."""
    st = state([eldar("s", "sword", 500, 500)], sunward="east")
    c = ctx(st, [5, 6, 2, 2, 1, 1])
    solar_flare(c)
    s = c.s.ships["s"]
    assert (round(s.x, 6), round(s.y, 6), s.heading) == (480.0, 500.0, 180.0) and c.s.blast_markers == []


def test_flare__evasion_stops_at_the_table_edge_and_asteroid_fields():
    """Celestial phenomena, solar flares (ours): the 2D6 cm move stops with the base at the table edge, and touching an asteroid field it was not touching before."""
    st = state([eldar("e", "lunar", 500, 1200)], sunward="north")
    c = ctx(st, [1, 1, 3, 4])
    solar_flare(c)
    assert round(c.s.ships["e"].y, 6) == 1203.0
    st = state([eldar("e", "lunar", 500, 500)], [area("rocks", "asteroid_field", 450, 540, 550, 600)], sunward="north")
    c = ctx(st, [1, 1, 3, 4])
    solar_flare(c)
    assert round(c.s.ships["e"].y, 3) == 524.0
    st = state([eldar("e", "lunar", 500, 500)], [area("rocks", "asteroid_field", 450, 510, 550, 600)], sunward="north")
    c = ctx(st, [1, 1, 3, 4])
    solar_flare(c)
    assert round(c.s.ships["e"].y, 6) == 570.0  # already touching that field: it goes on


# -- gravity wells (rulings) --------------------------------------------------------------------------

def test_gravity_well__eldar_turn_only_at_the_end_of_the_move():
    """spacefleet_core rulings, gravity wells: an Eldar Lunar may not take the free turn at the start (refused with the rule) but may at the end."""
    st = state([eldar("l", "lunar", 500, 500, heading=0)], [planet("p", 600, 700, 60, size="large")], phase="movement")
    pre = MoveShip(side="imperial", ship="l", pre_turn=45.0, legs=((0.0, 100.0),))
    why = RULESET.check(st, pre)
    assert not why.ok and "only at the end of its move" in why.reason
    post = plan_move(st, MoveShip(side="imperial", ship="l", legs=((0.0, 100.0),), post_turn=20.0))
    assert post.ok and post.heading == pytest.approx(20.0)


# -- display: what the app shows of an Eldar ship ----------------------------------------------

def test_display__eldar_ship_shows_holofields_and_offers_no_start_of_move_gravity_turn():
    """spacefleet_core 1.12 and the gravity-well rulings, as shown by the app:
    the marker and tooltip say holofields (no shields); moves toward a point
    never carry a pre_turn for an Eldar ship, but do for the same ship unmarked."""
    from game.rulesets.spacefleet.display import choices, descriptions
    from game.rulesets.spacefleet.display import figures as F

    def moves(is_eldar: bool):
        st = state([ship("l", "lunar", 500, 500, heading=0, eldar=is_eldar)],
                   [planet("p", 600, 700, 60, size="large")], phase="movement")
        return st, choices.move_toward(st, st.ships["l"], 700.0, 650.0)

    st, elf = moves(True)
    fig = next(f for f in F.figures(st) if f.id == "l")
    assert "holofields" in fig.markers and not any(m.startswith("shields:") for m in fig.markers)
    assert any("Eldar: holofields, no shields" in line for line in fig.profile)
    assert elf and all(m.pre_turn == 0.0 for m in elf)
    _, plain = moves(False)
    assert any(m.pre_turn != 0.0 for m in plain)
    assert descriptions.describe_event(HolofieldSaves(ship="l", hits=3, saved=2, why="lances")) == \
        "l's holofields turn 2 of 3 hits into misses (lances)"

"""Rule cases added in version 2: squadron fire and formation, boarding,
shooting at asteroid fields, torpedoes meeting torpedoes, the nova cannon,
fleet commanders' re-rolls, set-up methods 1 and 3, and exact values for
ordnance, ramming, warp rifts and solar flares."""

from __future__ import annotations

from game.core.dice import Dice
from game.rulesets.spacefleet import RULESET, turn
from game.rulesets.spacefleet.actions import DeclareOrder, Fire, MoveShip
from game.rulesets.spacefleet.rules.boarding import board, boarding_modifiers
from game.rulesets.spacefleet.rules.endphase import remove_blast_markers, remove_field_markers
from game.rulesets.spacefleet.generator import method1_edges, method3_battlezone
from game.rulesets.spacefleet.rules.movement import _ram, plan_move, resolve_move
from game.rulesets.spacefleet.rules.orders import resolve_order
from game.rulesets.spacefleet.rules.ordnance import _craft_attack, move_one
from game.rulesets.spacefleet.rules.phenomena import flare_hits, solar_flare
from game.rulesets.spacefleet.rules.nova import nova_reason, resolve_nova
from game.rulesets.spacefleet.rules.shooting import allocate_hits, pooled_firepower, resolve_attack
from game.rulesets.spacefleet.state import Ordnance
from game.rulesets.spacefleet.data import profile

from .helpers import play, area, ctx, ship, state

NOVA = profile("lunar_nova").weapons[4]


# -- squadrons (core 1.11) ---------------------------------------------------------------

def _swords(*pos, **kw):
    return [ship(f"s{i + 1}", "sword", x, y, heading=0, squadron="sq", **kw) for i, (x, y) in enumerate(pos)]


def test_squadron_fire__lowest_dice_first_to_the_nearest_ship_it_can_damage():
    """spacefleet_core 1.11: with mixed armour the lowest dice go first, each to the nearest ship it can damage."""
    a, b = ship("a", "lunar", 0, 0), ship("b", "sword", 10, 0)
    st = state([a, b])
    # a needs 6s, b (farther) needs 5s: the 5 goes to b, the 6 to a
    assert allocate_hits(st, [(a, 6), (b, 5)], (6, 5)) == {"a": 1, "b": 1}


def test_squadron_fire__hits_fill_the_nearest_escort_then_pass_on():
    """spacefleet_core 1.11: hits go to the nearest eligible ship first; an escort (1 shield + 1 hit) takes two, the rest pass on."""
    s1, s2, s3 = _swords((0, 0), (100, 0), (200, 0))
    st = state([s1, s2, s3])
    assert allocate_hits(st, [(s1, 5), (s2, 5), (s3, 5)], (6, 5, 5, 2, 6)) == {"s1": 2, "s2": 2}


def test_squadron_fire__a_volley_at_a_squadron_hits_the_nearest_first():
    """spacefleet_core 1.11: a Murder's FP 10 at a Sword squadron (column D, 4 dice, 5+): the nearer Sword is destroyed, the other's shield takes the third hit."""
    m = ship("m", "murder", 500, 300, heading=0)
    s1, s2 = _swords((500, 450), (580, 420))      # s2 is 14.4 cm away, s1 15 cm
    st = state([m, s1, s2], active="chaos")
    c = ctx(st, [5, 6, 2, 5])
    resolve_attack(c, "m", 1, "s1")
    assert c.s.ships["s2"].status == "destroyed"
    assert (c.s.ships["s1"].status, c.s.ships["s1"].damage) == ("active", 0)
    assert len(c.s.blast_markers) == 3             # one per shield hit and one for the destroyed escort


def test_squadron_fire__escorts_pool_firepower_and_halve_the_total():
    """spacefleet_core 1.11: an escort squadron adds its firepower up before the table and halves the total for orders (12 -> 6, not 2+2+2)."""
    sw = _swords((500, 500), (500, 650), (500, 800))
    st = state(sw + [ship("m", "murder", 700, 650, heading=180)])
    pool = (("s2", 0), ("s3", 0))
    assert pooled_firepower(st, sw[0], profile("sword").weapons[0], pool) == 12
    for s in sw:
        s.order = "all_ahead_full"
    assert pooled_firepower(st, sw[0], profile("sword").weapons[0], pool) == 6


def test_squadron_fire__pooling_needs_squadron_mates():
    """spacefleet_core 1.11: only ships of the same squadron pool their batteries."""
    sw = _swords((500, 500), (500, 650))
    other = ship("x", "sword", 500, 800, heading=0, squadron="other")
    st = state(sw + [other, ship("m", "murder", 700, 650, heading=180)])
    ok = RULESET.check(st, Fire(side="imperial", ship="s1", weapon=0, target="m", pool=(("s2", 0),)))
    bad = RULESET.check(st, Fire(side="imperial", ship="s1", weapon=0, target="m", pool=(("x", 0),)))
    assert ok.ok and not bad.ok


def test_squadron_formation__must_end_within_15cm_of_a_moved_mate():
    """spacefleet_core 1.11: each squadron ship stays within 15 cm of another; a move ending 28 cm from the moved mate is refused, 2 cm is allowed."""
    s1, s2 = _swords((500, 500), (500, 650))
    s1.moved = True
    st = state([s1, s2], phase="movement")
    far = MoveShip(side="imperial", ship="s2", legs=((90.0, 130.0),))       # to (500, 780): 28 cm from s1
    near = MoveShip(side="imperial", ship="s2", legs=((-90.0, 130.0),))     # to (500, 520): 2 cm from s1
    assert not plan_move(st, far).ok and "formation" in plan_move(st, far).reason
    assert plan_move(st, near).ok


# -- boarding (core 1.10) ---------------------------------------------------------------

def test_boarding__modifiers_ratio_crippled_orders_and_chaos():
    """spacefleet_core 1.10: only the best ratio bonus counts (+1 for higher), +2 crippled enemy, +1 enemy on orders, +1 Chaos."""
    m, lu = ship("m", "murder", 500, 500), ship("l", "lunar", 520, 500, damage=4, order="lock_on")
    st = state([m, lu])
    mods = dict(boarding_modifiers(st, m, lu, 8, 5))
    assert sum(mods.values()) == 1 + 2 + 1 + 1


def test_boarding__margin_3_driven_back():
    """spacefleet_core 1.10: Murder (value 8, Chaos +1) rolls 5 = 6; Lunar (8 + 2 turrets = 10, higher +1) rolls 2 = 3; the Lunar loses 3 hits and is driven back (critical on 3+, winner's on 6+)."""
    st = state([ship("m", "murder", 500, 500), ship("l", "lunar", 520, 500)])
    c = ctx(st, [5, 2, 2, 5])
    board(c, "m", "l")
    assert c.s.ships["l"].damage == 3 and c.s.ships["m"].damage == 0
    assert [e.result for e in c.events if e.type == "sf_boarding"] == ["driven_back"]
    assert c.s.ships["l"].crits == [] and c.s.ships["m"].crits == []


def test_boarding__boarded_to_zero_becomes_a_drifting_hulk():
    """spacefleet_core 1.8, 1.10: a margin of 5+ overwhelms; boarding that takes a ship to 0 makes it a drifting hulk (no catastrophic roll)."""
    st = state([ship("m", "murder", 500, 500), ship("l", "lunar", 520, 500, damage=4)])
    c = ctx(st, [3, 2])                        # 3 + 4 = 7 against 2 + 0
    board(c, "m", "l")
    assert c.s.ships["l"].status == "drifting_hulk" and c.s.ships["l"].damage == 8


# -- asteroid fields (celestial phenomena) -----------------------------------------------

def _field_shot():
    lu = ship("l", "lunar", 500, 300, heading=0)
    return state([lu, ship("m", "murder", 1500, 1000)], features=[area("ast", "asteroid_field", 450, 400, 550, 450)])


def test_asteroid_shooting__needs_a_test_and_6s_place_markers_on_the_edge():
    """Celestial phenomena, asteroid fields: a Leadership test first; fired at as ordnance (FP 6 on column E: 1 die), a 6 puts a blast marker against the field facing the shooter."""
    c = ctx(_field_shot(), [3, 3, 6])
    turn._fire(c, Fire(side="imperial", ship="l", weapon=3, target="f:ast"))
    (bm,) = c.s.blast_markers
    assert (bm.field, round(bm.x), round(bm.y)) == ("ast", 500, 388)


def test_asteroid_shooting__a_failed_test_forbids_it():
    """Celestial phenomena, asteroid fields: failing the test, the ship may not fire at the field."""
    c = ctx(_field_shot(), [6, 5])
    turn._fire(c, Fire(side="imperial", ship="l", weapon=3, target="f:ast"))
    assert c.s.blast_markers == [] and not RULESET.check(c.s, Fire(side="imperial", ship="l", weapon=3, target="f:ast")).ok


def test_asteroid_shooting__field_sheds_its_own_d6_markers():
    """Celestial phenomena, asteroid fields: each field loses D6 of its markers in the end phase, apart from the player's D6."""
    c = ctx(_field_shot(), [3, 3, 6])
    turn._fire(c, Fire(side="imperial", ship="l", weapon=3, target="f:ast"))
    c2 = ctx(c.s, [6])
    remove_blast_markers(c2, "imperial")        # the field's marker is not among the free ones: no roll
    assert len(c2.s.blast_markers) == 1 and not [e for e in c2.events if e.type == "dice_rolled"]
    remove_field_markers(c2)
    assert c2.s.blast_markers == []


# -- ordnance (core 1.9) -----------------------------------------------------------------

def test_torpedoes__turrets_then_dice_against_armour_strength_drops_per_hit():
    """spacefleet_core 1.9: Str 6 salvo; turrets (2 dice) stop 1 on a 4+; 5 dice at 5+ hit twice, shields ignored; the salvo goes on with 3."""
    m = ship("m", "murder", 450, 500, heading=180)
    st = state([m], ordnance=[Ordnance(id=7, side="imperial", kind="torpedo", x=300, y=500, heading=0, strength=6, phases=1)])
    c = ctx(st, [4, 1, 5, 6, 1, 2, 3, 1, 1])
    move_one(c, 7)
    assert c.s.phase == "brace" and c.s.pending.ordnance == 7  # the defender may brace first (core 1.4)
    turn._release(c)
    assert c.s.ships["m"].damage == 2 and c.s.blast_markers == []
    (o,) = c.s.ordnance
    assert (o.strength, o.attacked) == (3, ["m"])


def test_bombers__d6_minus_turrets_attacks_against_the_lowest_armour():
    """spacefleet_core 1.9: turrets kill one of 3 bombers; the next rolls 5 - 2 turrets = 3 attacks at 5+ (2 hits), the last rolls 2: no attacks."""
    m = ship("m", "murder", 500, 500)
    st = state([m], ordnance=[Ordnance(id=3, side="imperial", kind="bomber", x=480, y=500, heading=0, strength=3)])
    c = ctx(st, [4, 1, 5, 5, 5, 1, 1, 1, 2])
    _craft_attack(c, 3, "m")
    assert c.s.ships["m"].damage == 2 and c.s.ordnance == []


def test_torpedoes__meeting_another_salvo_both_are_removed():
    """spacefleet_core 1.9: a torpedo salvo that touches another torpedo marker is removed, and so is the other."""
    st = state([], ordnance=[Ordnance(id=1, side="imperial", kind="torpedo", x=300, y=500, heading=0, strength=4, phases=1),
                             Ordnance(id=2, side="chaos", kind="torpedo", x=500, y=500, heading=180, strength=2, phases=1)])
    c = ctx(st, [])
    move_one(c, 1)
    assert c.s.ordnance == []


# -- ramming (core 1.6) -----------------------------------------------------------------

def test_ram__lunar_rams_murder_side_worked_example():
    """spacefleet_core 1.6 worked example: a Lunar rams a Murder in the side, 8D6 at 5+ for 3 damage; the Murder replies with 4D6 at the Lunar's 6+ front for 1."""
    lu = ship("l", "lunar", 500, 480, heading=90, order="all_ahead_full")
    m = ship("m", "murder", 500, 500, heading=0)
    st = state([lu, m], phase="movement")
    c = ctx(st, [5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1])
    _ram(c, "l", "m", [(500.0, 430.0), (500.0, 480.0)])
    assert (c.s.ships["m"].damage, c.s.ships["l"].damage) == (3, 1)


def test_ram__failed_test_no_ram():
    """spacefleet_core 1.6: same size, a 2D6 test when the ram is declared;
    failed (11), the ship just makes its All Ahead Full move: a move that
    rams is refused."""
    st = state([ship("l", "lunar", 500, 400, heading=90), ship("m", "murder", 500, 500, side="chaos")],
               phase="movement")
    play(st, DeclareOrder(side="imperial", ship="l", order="all_ahead_full", ram="m"), faces=[1, 1, 6, 5, 1, 1, 1, 1])
    assert st.ships["l"].order == "all_ahead_full" and st.ships["l"].ram_target is None
    why = RULESET.check(st, MoveShip(side="imperial", ship="l", legs=((0.0, 240.0),), ram="m")).reason
    assert "Leadership test passed" in why


# -- warp rifts (celestial phenomena) ---------------------------------------------------

def _rift_move(faces):
    st = state([ship("l", "lunar", 300, 500, heading=0), ship("m", "murder", 1700, 100)], phase="movement",
               features=[area("rift", "warp_rift", 380, 450, 420, 550)])
    m = MoveShip(side="imperial", ship="l", legs=((0.0, 150.0),))
    c = ctx(st, faces)
    resolve_move(c, m, plan_move(st, m))
    return c.s.ships["l"]


def test_warp_rift__pass_moves_the_ship_2d6_x_10cm_on():
    """Celestial phenomena, warp rifts: 3D6 (7) under Ld 8 passes; 2D6 = 7 puts the ship 70 cm on."""
    sh = _rift_move([2, 2, 3, 3, 4])
    assert (sh.status, round(sh.x), round(sh.y)) == ("active", 1150, 500)


def test_warp_rift__fail_lost_in_the_warp_and_a_1_is_forever():
    """Celestial phenomena, warp rifts: failing the 3D6 test the ship is lost; the D6 of 1 makes it lost for good."""
    sh = _rift_move([6, 6, 6, 1])
    assert (sh.status, sh.lost_forever) == ("lost_in_warp", True)


# -- solar flares (celestial phenomena) -------------------------------------------------

def test_solar_flare__marker_sunward_unshielded_hit_and_critical_on_4():
    """Celestial phenomena, solar flares: a BM sunward of every ship; a ship without shields takes 1 hit and a critical on 4+; ordnance goes on 4+."""
    lu = ship("l", "lunar", 500, 500, crits=["shields_collapse"])
    m = ship("m", "murder", 900, 500)
    st = state([lu, m], sunward="north", ordnance=[Ordnance(id=9, side="chaos", kind="torpedo", x=100, y=100, heading=0)])
    c = ctx(st, [3, 4, 3, 4])
    solar_flare(c)
    assert c.s.flare_hits == ["l"] and len(c.s.ordnance) == 1 and c.s.flares_occurred == 1
    assert not flare_hits(c, lambda sh: False)
    assert c.s.ships["l"].damage == 1 and c.s.ships["l"].crits == ["shields_collapse", "fire"]
    assert c.s.ships["m"].damage == 0
    assert sorted((round(b.x), round(b.y)) for b in c.s.blast_markers) == [(500, 473), (900, 473)]


# -- nova cannon (core 1.7) ---------------------------------------------------------------

def _nova(distance=500.0, **kw):
    n = ship("n", "lunar_nova", 200, 500, heading=0, **kw)
    m = ship("m", "murder", 200 + distance, 500, heading=0)
    return state([n, m]), n, m


def test_nova_cannon__on_target_centre_hole_d6_hits_through_shields():
    """spacefleet_core 1.7: a scatter-die hit leaves the template on the stem; under the hole D6 (4) hits, shields take 2 and place BMs."""
    st, _, _ = _nova()
    c = ctx(st, [1, 4, 1, 1])
    resolve_nova(c, "n", 4, "m")
    assert c.s.ships["m"].damage == 2 and len(c.s.blast_markers) == 2


def test_nova_cannon__scatter_2d6_at_45_to_60cm_miss_leaves_a_marker():
    """spacefleet_core 1.7: the edge 47.5 cm away scatters 2D6 cm (7) in direction 4 (90 degrees); nothing touched, one BM at the template."""
    st, _, _ = _nova()
    c = ctx(st, [3, 4, 3, 4])
    resolve_nova(c, "n", 4, "m")
    (bm,) = c.s.blast_markers
    assert (round(bm.x), round(bm.y), c.s.ships["m"].damage) == (700, 570, 0)


def test_nova_cannon__range_orders_and_crippling():
    """spacefleet_core 1.7: the template's edge 30-150 cm away; no nova cannon on All Ahead Full or when crippled; Lock On is allowed."""
    st, n, _ = _nova(distance=300.0)
    assert "30-150" in nova_reason(st, n, NOVA, "m")
    st, n, _ = _nova(order="all_ahead_full")
    assert nova_reason(st, n, NOVA, "m")
    st, n, _ = _nova(damage=4)
    assert "crippled" in nova_reason(st, n, NOVA, "m")
    st, n, _ = _nova(order="lock_on")
    assert nova_reason(st, n, NOVA, "m") is None


# -- fleet commanders (core 1.1, 1.3) ----------------------------------------------------

def test_commander__one_reroll_per_test_from_the_fleet_pool():
    """spacefleet_core 1.1: a failed command check is re-rolled once from the fleet's re-rolls; with none left a failure stands."""
    a, b = ship("a", "lunar", 300, 300), ship("b", "lunar", 300, 700)
    st = state([a, b, ship("m", "murder", 1500, 500)], phase="movement", rerolls={"imperial": 1}, flagship={"imperial": "a"})
    c = ctx(st, [6, 6, 2, 2])
    resolve_order(c, DeclareOrder(side="imperial", ship="b", order="lock_on"))
    assert c.s.ships["b"].order == "lock_on" and c.s.rerolls["imperial"] == 0
    c2 = ctx(c.s, [6, 6])
    resolve_order(c2, DeclareOrder(side="imperial", ship="a", order="lock_on"))
    assert c2.s.ships["a"].order is None and c2.s.orders_failed


def test_commander__radiation_limits_rerolls_to_the_flagship():
    """Celestial phenomena, radiation bursts: re-rolls only for Command checks of the commander's own ship or squadron."""
    a, b = ship("a", "lunar", 300, 300), ship("b", "lunar", 300, 700)
    st = state([a, b, ship("m", "murder", 1500, 500)], phase="movement", rerolls={"imperial": 1},
               flagship={"imperial": "a"}, radiation=1)
    c = ctx(st, [6, 6])
    resolve_order(c, DeclareOrder(side="imperial", ship="b", order="lock_on"))
    assert c.s.ships["b"].order is None and c.s.rerolls["imperial"] == 1


def test_commander__ld_replaces_the_ships_and_sets_rerolls():
    """spacefleet_core rulings: an embarked fleet commander's Ld replaces the ship's."""
    from pathlib import Path
    from game.data.scenario import load_scenario
    root = Path(__file__).resolve().parents[3]
    sc, mp = load_scenario(root / "maps/spacefleet/deep_space.scenario.json")
    u = sc.forces["imperial"][0]
    u.params["commander"] = {"ld": 9, "rerolls": 2}
    st = RULESET.setup(sc, mp, Dice(1))
    assert st.ships[u.id].ld == 9 and st.rerolls == {"imperial": 2} and st.flagship == {"imperial": u.id}


# -- set-up methods (celestial phenomena) ------------------------------------------------

def test_setup_method3__highest_total_picks_ties_roll_off():
    """Celestial phenomena, set-up method 3: battlezone number + attack rating; the higher total fights in its pick."""
    assert method3_battlezone({"imperial": 2, "chaos": 5}, {"imperial": 2, "chaos": 0}, Dice.scripted([])) == ("chaos", 5)
    assert method3_battlezone({"imperial": 2, "chaos": 5}, {"imperial": 4, "chaos": 1}, Dice.scripted([5, 3])) == ("chaos", 5)   # roll-off in side order: chaos 5, imperial 3


def test_setup_method1__the_other_player_picks_the_edge():
    """Celestial phenomena, set-up method 1: the player who did not place the phenomena picks the deployment edge."""
    assert method1_edges("imperial", ["imperial", "chaos"], "west") == {"chaos": "west", "imperial": "east"}

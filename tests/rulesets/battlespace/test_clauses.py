"""Clause audit of Battlespace: one test per clause fixed or decided in the audit, and the
text's numbers not covered elsewhere, each with exact values (scripted dice, real geometry)."""

from __future__ import annotations

import math

import pytest

from game.core.dice import Dice
from game.core.engine import step
from game.data.scenario import Scenario
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.data import DATA
from game.rulesets.battlespace.rules.civilians import chart
from game.rulesets.battlespace.rules.enemy import _route, activate, move_toward, place_element
from game.rulesets.battlespace.events import Attacked, Placed
from game.rulesets.battlespace.geo import R, geo_of
from game.rulesets.battlespace.sight import adjudicate
from game.rulesets.battlespace.rules.combat import drift_point, enemy_need, fire_numbers, melee, point_blank
from game.rulesets.battlespace.rules.common import suppressed, wound
from game.rulesets.battlespace.setup import staging, validate
from game.rulesets.battlespace.rules.sitrep import radio_operator, resolve_card
from game.rulesets.battlespace.turn import fits_card, resolve_clear, resolve_sitrep

from .helpers import HIGH, WALL, battle, emitter, four, table

RUBBLE = {"id": "rubble", "kind": "rubble", "exterior": [[300, 340], [700, 340], [700, 360], [300, 360]], "height": 10.0,
          "tags": ["hindering"]}
TOWER = dict(HIGH, id="tower", height=120.0)
LOW = {"id": "low", "kind": "wall", "exterior": [[400, 450], [520, 450], [520, 456], [400, 456]], "height": 20.0,
       "tags": ["blocks_sight", "impassable", "cover"]}
HUMVEE = {"id": "hmv", "kind": "vehicle", "exterior": [[432, 487], [482, 487], [482, 513], [432, 513]], "height": 32.0,
          "tags": ["blocks_sight", "impassable", "cover"], "properties": {"vehicle_type": "humvee"}}


def _ready(s, unit, orders=2):
    f = s.figs[unit]
    f.activated, f.orders, f.used, f.move_only = True, orders, [], False
    s.current = unit
    return f


def _suppressing(s, shooter, target):
    a, t = s.figs[shooter], s.figs[target]
    a.suppress = [a.x, a.y, t.x, t.y]


# -- Soldier Attributes: Hit Points -----------------------------------------------------

def test_hit_points__third_wound_penalty_stays_after_medical_aid():
    """Battlespace: Soldier Attributes - Hit Points: the -1 of a 3rd wound lasts the rest of
    the mission, medical aid or not (3 wounds, aided down to 2: still -1)."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    em = emitter(s, [])
    wound(em, em.s.figs["s1"], 3, "test")
    s = em.s
    _ready(s, "s1")
    s.figs["s0"].x, s.figs["s0"].y = s.figs["s1"].x - 2 * R, s.figs["s1"].y
    s.current = None
    _ready(s, "s1")
    assert step(RULESET, s, A.Aid(side="fireteam", unit="s1", target="s1"), Dice.scripted([])).ok  # Okafor is a medic
    assert s.figs["s1"].wounds == 2 and s.figs["s1"].third_wound
    need, mods = fire_numbers(s, s.figs["s1"], s.figs["e"])
    assert ("3rd wound", -1) in mods and need == 10


# -- Suppression Fire ----------------------------------------------------------------------

def test_suppression__a_suppressed_enemy_attacks_and_fights_at_tl_minus_2():
    """Battlespace: Suppression Fire: a suppressed enemy's Threat Level is at -2; the same TL is
    the number to avoid its attack (gaps.md), so a suppressed Fighter (TL 10) needs only 8."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    assert enemy_need(s, s.figs["e"], s.figs["s3"]) == 10
    _suppressing(s, "s0", "e")
    assert suppressed(s, s.figs["e"]) and not suppressed(s, s.figs["s3"])  # s3 stands clear of the lane
    assert enemy_need(s, s.figs["e"], s.figs["s3"]) == 8
    em = emitter(s, [8])  # the soldier rolls 8: avoided
    from game.rulesets.battlespace.rules.combat import enemy_attacks
    enemy_attacks(em, em.s.figs["e"], em.s.figs["s3"])
    assert em.s.figs["s3"].wounds == 0
    # hand to hand: Kowalski (Fight 3) against the suppressed Fighter needs TL 10 - 2 = 8; the card
    # laid on the Fighter covers Kowalski in base contact with him too: -2 to his roll (every model
    # under the fire is suppressed)
    s = battle([("k", "pvt_kowalski", 457, 600, [])] + four(x=100, y=850)[1:], [("e", "fighter", 457, 574, None)],
               features=())
    s.figs["s1"].suppress = [457.0, 400.0, 457.0, 574.0]
    em = emitter(s, [7])
    melee(em, em.s.figs["k"], em.s.figs["e"])
    roll = [e for e in em.events if e.type == "dice_rolled"][0]
    assert roll.target.value == 8 and em.s.figs["e"].status == "kia"  # 7 + 3 - 2 = 8
    assert dict(roll.modifiers) == {"fight": 3, "under suppression fire": -2}
    assert "vs threat level 10 -2 (suppressed) = 8: wins" in roll.describe()


def test_suppression__standing_up_is_an_order_and_lifts_it():
    """Battlespace: Suppression Fire: the shooter taking any other order - a free one such as
    standing up included - removes the suppression at once."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    _suppressing(s, "s0", "e")
    s.figs["s0"].prone = True
    _ready(s, "s0")
    assert step(RULESET, s, A.Prone(side="fireteam", unit="s0", stand=True), Dice.scripted([])).ok
    assert s.figs["s0"].suppress is None and not suppressed(s, s.figs["e"])


def test_suppression__a_passenger_driven_away_stops_suppressing():
    """Battlespace: Suppression Fire: the shooter moved, willingly or forced (his vehicle driven
    88 mm), loses the suppression."""
    s = battle(four(x=100, y=800), [("e", "fighter", 457, 200, None)], features=(HUMVEE,))
    c = geo_of(s).pieces["hmv"].polygon.centroid
    for unit, seat in (("s0", "driver"), ("s1", "gunner")):
        s.figs[unit].vehicle, s.figs[unit].seat, s.figs[unit].x, s.figs[unit].y = "hmv", seat, c.x, c.y
    _suppressing(s, "s1", "e")
    _ready(s, "s0")
    assert step(RULESET, s, A.Move(side="fireteam", unit="s0", x=c.x + 88, y=c.y), Dice.scripted([])).ok
    assert s.figs["s1"].suppress is None


# -- Hand to Hand Combat -------------------------------------------------------------------

def test_hand_to_hand__an_enemy_moving_into_base_contact_fights_at_once():
    """Battlespace: Hand to Hand Combat: base contact means a melee immediately - here the
    nearest enemy walks 88 mm (civilian 'screams') to 1 mm from Sgt. Reyes; Reyes rolls 15 + 1."""
    s = battle(four(x=457, y=600), [("e", "fighter", 457, 486, None)], features=())
    em = emitter(s, [15])
    move_toward(em, em.s.figs["e"], em.s.figs["s0"])
    assert em.s.figs["e"].y == pytest.approx(574.0)
    att = [e for e in em.events if isinstance(e, Attacked)]
    assert att and att[0].kind == "melee" and att[0].need == 10 and em.s.figs["e"].status == "kia"


def test_hand_to_hand__climbing_down_into_base_contact_fights_at_once():
    """Battlespace: Hand to Hand Combat: a soldier placed in contact by a climb fights at once."""
    s = battle(four(x=100, y=850), [("e", "fighter", 460, 220.0, None)], features=(HIGH,))
    f = s.figs["s0"]
    f.x, f.y, f.z, f.on = 460.0, 160.0, HIGH["height"], "high"
    _ready(s, "s0")
    assert step(RULESET, s, A.Climb(side="fireteam", unit="s0", feature="high"), Dice.scripted([4])).ok
    assert s.figs["s0"].y == pytest.approx(180 + R + 1.0) and s.figs["s0"].z == 0.0
    assert s.figs["s0"].wounds == 1  # 4 + 1 < 10: the soldier loses the fight


def test_hand_to_hand__a_natural_20_always_wins():
    """Battlespace: Hand to Hand Combat (ours): a natural 20 deals the enemy its wound and the +1
    even when 20 + Fight falls short: Lindqvist (Fight 0, 3 wounds -1, night -2) against a
    Leader (TL 14) with four more enemies in contact (+4) needs 18 and totals 17, yet wins."""
    s = battle([("l", "spc_lindqvist", 457, 457, [])] + four(x=100, y=850)[1:],
               [("e", "leader", 457, 457 - 2 * R, None)] +
               [(f"x{i}", "fighter", 457 + 2 * R * math.cos(math.radians(a)), 457 + 2 * R * math.sin(math.radians(a)), None)
                for i, a in enumerate((0, 60, 120, 180))], features=(), special=("night",))
    s.figs["l"].wounds = 3
    em = emitter(s, [20])
    melee(em, em.s.figs["l"], em.s.figs["e"])
    roll = [e for e in em.events if e.type == "dice_rolled"][0]
    assert roll.target.value == 18 and roll.total == 17 and roll.passed
    assert roll.describe().endswith("vs threat level 14 +4 (4 more enemies in contact) = 18: wins (a natural 20 always passes)")
    assert em.s.figs["e"].status == "kia" and em.s.figs["l"].wounds == 3


# -- Hindering Terrain (enemies too) -------------------------------------------------------

def test_hindering__ends_an_enemy_move_on_contact():
    """Battlespace: Hindering Terrain: an enemy's move ends when its base touches it
    (the rubble's edge at y 340: the base stops at y 327.5, 27.5 mm along instead of 88)."""
    s = battle(four(x=457, y=600), [("e", "fighter", 457, 300, None)], features=(RUBBLE,))
    em = emitter(s, [])
    move_toward(em, em.s.figs["e"], em.s.figs["s0"])
    assert em.s.figs["e"].y == pytest.approx(340 - R)
    tall = dict(WALL, id="screen", exterior=[[250, 500], [660, 500], [660, 506], [250, 506]], height=60.0)
    s = battle(four(x=457, y=700), [("e", "fighter", 457, 300, None)], features=(RUBBLE, tall))
    dest = _route(s, s.figs["e"], DATA.tables.advance_mm)
    g = geo_of(s)
    assert g.in_hindering(*dest) and math.dist(dest, (457, 300)) < 45  # stopped at the rubble, not 176 on


# -- Enemy Element Positioning ---------------------------------------------------------

def test_element_positioning__six_models_fit_in_one_card_and_avoid_suppression():
    """Battlespace: Enemy Element Positioning: the point man and five more (A to F of the
    diagram) all inside one 63 x 88 mm card; Suppression Fire: enemies avoid it if possible."""
    s = battle(four(x=100, y=850), [(f"e{i}", "fighter", 457, 300, "el") for i in range(6)], features=())
    em = emitter(s, [])
    lead = em.s.figs["e0"]
    place_element(em, lead, [em.s.figs[f"e{i}"] for i in range(1, 6)], 90.0)
    pts = [(em.s.figs[f"e{i}"].x, em.s.figs[f"e{i}"].y) for i in range(6)]
    assert fits_card(pts)
    assert all(math.dist(p, q) >= 2 * R - 1e-6 for i, p in enumerate(pts) for q in pts[i + 1:])
    # a suppression lane across the first layout's rear slots: the element takes the other layout
    s = battle(four(x=100, y=850), [(f"e{i}", "fighter", 457, 300, "el") for i in range(3)], features=())
    s.figs["s3"].x, s.figs["s3"].y = 800.0, 238.0
    s.figs["s3"].suppress = [800.0, 238.0, 620.0, 238.0]
    em = emitter(s, [])
    place_element(em, em.s.figs["e0"], [em.s.figs["e1"], em.s.figs["e2"]], 90.0)
    assert not any(suppressed(em.s, em.s.figs[f"e{i}"]) for i in (1, 2))


# -- Sitrep Phase -------------------------------------------------------------------------

def test_sitrep_phase__enemies_activated_in_the_player_phase_act_again():
    """Battlespace: Sitrep Phase: every enemy the SITREP-phase card did not activate acts - one a
    failed initiative's card activated in the Player phase too (it shoots again: roll 3 < 10)."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    s.figs["e"].activated = True  # activated by a card drawn on a failed initiative
    s.phase, s.active = "sitrep", "rules"
    s.deck = ["s12"] + [c for c in s.deck if c != "s12"]  # "All quiet"
    em = emitter(s, [3])
    resolve_sitrep(em)
    att = [e for e in em.events if isinstance(e, Attacked)]
    assert len(att) == 1 and att[0].attacker == "e" and em.s.figs[att[0].target].wounds == 1


# -- Elevation: climbing a tall one, both ways ---------------------------------------------

def test_elevation__climbing_down_more_than_3x_model_height_stops_midway():
    """Battlespace: Elevation: over 3 x 30 = 90 mm (here 120) takes 2 more orders - down as
    well as up: the first climb stops midway (z 60), the next reaches the ground."""
    s = battle(four(x=100, y=850), [("e", "fighter", 800, 800, None)], features=(TOWER,))
    f = s.figs["s0"]
    f.x, f.y, f.z, f.on = 460.0, 160.0, 120.0, "tower"
    _ready(s, "s0")
    assert step(RULESET, s, A.Climb(side="fireteam", unit="s0", feature="tower"), Dice.scripted([])).ok
    f = s.figs["s0"]
    assert f.midway == "tower" and f.z == 60.0 and f.on is None and s.current is None
    s.figs["s0"].activated = False
    _ready(s, "s0")
    assert not RULESET.check(s, A.Move(side="fireteam", unit="s0", x=460, y=250)).ok
    assert step(RULESET, s, A.Climb(side="fireteam", unit="s0", feature="tower"), Dice.scripted([])).ok
    f = s.figs["s0"]
    assert f.midway is None and f.z == 0.0 and f.y == pytest.approx(180 + R + 1.0)
    # 90 mm exactly is not "more than": one climb
    s = battle(four(x=100, y=850), [("e", "fighter", 800, 800, None)], features=(dict(HIGH, height=90.0),))
    f = s.figs["s0"]
    f.x, f.y, f.z, f.on = 460.0, 160.0, 90.0, "high"
    _ready(s, "s0")
    assert step(RULESET, s, A.Climb(side="fireteam", unit="s0", feature="high"), Dice.scripted([])).ok
    assert s.figs["s0"].z == 0.0 and s.figs["s0"].midway is None


# -- Gear: Team Position against quantity ----------------------------------------------------

def test_gear__team_position_card_stays_in_the_loadout_at_quantity_0():
    """Battlespace: Gear - Team Position (never removed) against Use Gear (discarded at 0), ours:
    the medic bag (team position, Qty 3) stays at 0 and cannot be used; an IFAK (Qty 1) goes."""
    s = battle([("m", "sgt_reyes", 457, 600, ["medic_bag", "ifak"])] + four(x=100, y=850)[1:],
               [("e", "fighter", 800, 100, None)], features=())
    for i in range(4):
        s.figs["m"].wounds = 1
        s.figs["m"].used = []
        _ready(s, "m", orders=1)
        gear = "medic_bag" if i < 3 else "ifak"
        assert step(RULESET, s, A.Aid(side="fireteam", unit="m", target="m", gear=gear), Dice.scripted([])).ok
        s.current = None
    assert s.figs["m"].gear == {"medic_bag": 0}
    s.figs["m"].wounds, s.figs["m"].used = 1, []
    _ready(s, "m")
    assert not RULESET.check(s, A.Aid(side="fireteam", unit="m", target="m", gear="medic_bag")).ok


# -- Set Up: first game Fighters only; Vehicles: comms -----------------------------------------

def test_set_up__mission1_veteran_card_brings_a_fighter():
    """Battlespace: Set Up - first game, Al Wahid Fighters only (Mission 1, ours): the 'Veteran
    arrives' card brings a Fighter there, a Veteran in Mission 3."""
    card = DATA.sitrep_by_id["s08"]
    for mission, want in (("m1_survivors", "fighter"), ("m3_ambush", "veteran")):
        s = battle(four(), [("e", "fighter", 100, 100, None)], features=(), mission=mission)
        em = emitter(s, [1, 10])  # north edge, middle
        resolve_card(em, card)
        new = [f for f in em.s.figs.values() if f.side == "enemy" and f.id != "e"]
        assert [f.card for f in new] == [want]


def test_vehicles__a_humvee_with_comms_works_as_the_radio():
    """Battlespace: Vehicles - Humvee 'equipped with comms' (ours): a soldier inside draws two
    SITREP cards and keeps one, as a radio operator does; not once the Humvee is disabled."""
    s = battle(four(x=100, y=850), [("e", "fighter", 800, 100, None)], features=(HUMVEE,))
    assert radio_operator(s) is None
    s.figs["s1"].vehicle, s.figs["s1"].seat = "hmv", "driver"
    assert radio_operator(s).id == "s1"
    s.vehicles["hmv"].disabled = True
    assert radio_operator(s) is None


# -- Staging the Mission Area ---------------------------------------------------------------

def _scenario(positions):
    return Scenario.model_validate({
        "format_version": 1, "id": "t", "name": "t", "ruleset": "battlespace", "map": "t.map.json",
        "sides": [{"id": "fireteam"}, {"id": "enemy", "playable": False}],
        "forces": {"fireteam": [{"id": f"s{i}", "profile": c, "x": x, "y": y, "params": {"gear": []}}
                                for i, (c, (x, y)) in enumerate(zip(["sgt_reyes", "cpl_okafor", "spc_lindqvist", "pfc_tanaka"], positions))],
                   "enemy": []},
        "turn_limit": 5, "params": {"mission": "m3_ambush"}})


def test_staging__the_deployment_zone_is_one_card_area():
    """Battlespace: Staging the Mission Area: the soldiers start within one card area: a 2 x 2
    block 30 x 32 mm apart fits (55 x 57 mm of bases); 40 mm apart in a row (145 mm) does not."""
    ok = _scenario([(442, 848), (472, 848), (442, 880), (472, 880)])
    assert validate(ok, table(), ("m3_ambush",)) is None
    bad = _scenario([(442, 848), (482, 848), (522, 848), (562, 848)])
    assert validate(bad, table(), ("m3_ambush",))[0] == "forces.fireteam"
    assert fits_card([(0, 0), (38, 0), (0, 63), (38, 63)]) and not fits_card([(0, 0), (39, 0), (0, 63), (39, 63)])


@pytest.mark.parametrize("roll,groups", [(1, [4]), (9, [4]), (10, [4]), (11, [1, 1, 1]), (14, [1, 1, 1]), (15, [1, 1, 1]),
                                         (16, [3, 3]), (20, [3, 3])])
def test_staging_chart__first_printed_row_wins(roll, groups):
    """Battlespace: Random Enemy Staging Chart: 1-10 an element of 4, 11-15 three stragglers,
    16-20 two elements of 3; the overlapping 9-14 row is never reached (README)."""
    figs = {}
    staging(Dice.scripted([roll] + [9] * len(groups)), (914, 914), figs)
    sizes = {}
    for f in figs.values():
        sizes[f.group or f.id] = sizes.get(f.group or f.id, 0) + 1
    assert sorted(sizes.values()) == sorted(groups)


def test_staging__groups_landing_on_the_same_point_do_not_overlap():
    """Battlespace: Random Enemy Staging Chart: three stragglers all rolling a direct hit (9+)
    stay at the centre's card area without standing on each other (ours)."""
    figs = {}
    staging(Dice.scripted([11, 9, 15, 20]), (914, 914), figs)
    pts = [(f.x, f.y) for f in figs.values()]
    assert len(pts) == 3 and all(math.dist(p, q) >= 2 * R for i, p in enumerate(pts) for q in pts[i + 1:])
    assert math.dist(pts[0], (457 - 13, 457)) < 1e-9


def test_staging__a_drift_roll_places_the_group_an_advance_from_the_centre():
    """Battlespace: Random Enemy Staging Chart: a drift roll of 1-8 places the group an advance
    (176 mm) from the centre: roll 3 is 90 degrees clockwise of roll 1 (gaps.md)."""
    figs = {}
    staging(Dice.scripted([11, 1, 3, 12]), (914, 914), figs)
    a, b, c = figs["s0"], figs["s1"], figs["s2"]
    assert (a.x + 13, a.y) == pytest.approx((457, 457 - 176))
    assert (b.x + 13, b.y) == pytest.approx((457 + 176, 457))
    assert math.dist((c.x, c.y), (457 - 13, 457)) < 90  # a direct hit: the centre's card area


# -- Cover: solid only behind the terrain the model touches -----------------------------------

def test_cover__touching_terrain_behind_the_model_is_not_solid_cover():
    """Battlespace: Cover - Solid Cover: in base contact with terrain and obscured: the touched
    terrain must be what hides him. A Fighter touching a wall at his back, his feet hidden by
    a 20 mm wall between, has obscured cover only (TL 10: the shooter's roll -1, not -2)."""
    s = battle(four(x=457, y=600), [("e", "fighter", 460, 306 + R + 0.5, None)], features=(WALL, LOW))
    sg = adjudicate(s, s.figs["s0"], s.figs["e"])
    assert sg.sees and sg.cover == "obscured"
    need, mods = fire_numbers(s, s.figs["s0"], s.figs["e"])
    assert dict(mods)["obscured cover"] == -1
    s.figs["e"].y = 300 - R - 0.5  # the other side: the wall he touches hides him
    assert adjudicate(s, s.figs["s0"], s.figs["e"]).cover == "solid"


# -- Man Down: bleeding out -------------------------------------------------------------------

def test_man_down__bleeding_out_kills_after_two_full_turns():
    """Battlespace: Man Down - Optional Rule, Bleeding Out: downed in turn 1, still alive at the
    Clear phase of turn 2, KIA at the Clear phase of turn 3 (two full turns without aid)."""
    s = battle(four(), [("e", "fighter", 100, 100, None)], features=(), turn_limit=9, special=("bleeding_out",))
    em = emitter(s, [])
    wound(em, em.s.figs["s1"], 4, "test")
    s = em.s
    assert s.figs["s1"].status == "down" and s.figs["s1"].down_turn == 1
    for turn, status in ((1, "down"), (2, "down"), (3, "kia")):
        s.turn, s.phase = turn, "clear"
        em = emitter(s, [])
        resolve_clear(em)
        s = em.s
        assert s.figs["s1"].status == status
    s = battle(four(), [("e", "fighter", 100, 100, None)], features=(), turn_limit=9)
    s.figs["s1"].wounds, s.figs["s1"].status = 4, "down"
    s.turn = 5
    em = emitter(s, [])
    resolve_clear(em)
    assert em.s.figs["s1"].status == "down"  # without the optional rule


# -- Night Combat and wounds: the soldiers' rolls, not the mission's --------------------------

def test_night__mission_rolls_take_no_night_or_wound_modifier():
    """Battlespace: Night Combat / Hit Points (ours): the -2 and -1 apply to the soldier's own
    rolls (initiative, shooting, avoiding, hand to hand), not to the Mission 1 search or the
    Mission 2 building rolls, which only find out what is there."""
    from game.rulesets.battlespace.rules.missions import interact
    s = battle(four(), [("e", "fighter", 100, 100, None)], features=(HIGH,), mission="m2_awad", special=("night",))
    s.params["targets"] = ["high"]
    s.figs["s0"].wounds = 3
    em = emitter(s, [5])
    interact(em, em.s.figs["s0"], "breach:high")
    roll = [e for e in em.events if e.type == "dice_rolled"][0]
    assert dict(roll.modifiers) == {"buildings breached": 1} and roll.total == 6 and em.s.obj.get("awad_found") == "high"
    need, mods = fire_numbers(s, s.figs["s0"], s.figs["e"])
    assert ("night", -2) in mods and ("3rd wound", -1) in mods


# -- the text's numbers --------------------------------------------------------------------

def test_numbers__enemy_cards_and_tls():
    """Battlespace: Enemy Element Cards (gaps.md): Fighter TL 10 / 1 wound, Veteran 12 / 1, Leader 14 / 2."""
    got = {k: (v.tl, v.wounds) for k, v in DATA.enemies.items()}
    assert got == {"fighter": (10, 1), "veteran": (12, 1), "leader": (14, 2)}


def test_numbers__vehicle_table():
    """Battlespace: Vehicles table: seats, mounted weapons, armour and protection as printed."""
    got = {k: (v.seats, v.rear_seats, v.mounted, v.armored, v.protection if v.disable else None, v.negates_small_arms,
               v.free_rear_entry, v.comms) for k, v in DATA.vehicles.items()}
    assert got == {"humvee": (5, 0, 1, True, 5, False, False, True), "mrap": (6, 0, 1, True, None, True, False, False),
                   "sedan": (4, 0, 0, False, 4, False, False, False), "suv": (5, 0, 0, False, 4, False, False, False),
                   "technical": (2, 1, 1, False, 3, False, True, False)}


@pytest.mark.parametrize("roll,result", [(1, "hostile"), (3, "hostile"), (4, "scream"), (7, "scream"), (8, "approach"),
                                         (13, "approach"), (14, "nothing"), (15, "nothing"), (19, "nothing"), (20, "friendly")])
def test_numbers__civilian_reaction_chart(roll, result):
    """Battlespace: Civilians Reaction Chart: 1-3 hostile, 4-7 scream, 8-13 approach, 15-19 nothing, 20 friendly."""
    assert chart(roll) == result


@pytest.mark.parametrize("roll,dx,dy", [(1, 0, -88), (2, 62.225, -62.225), (3, 88, 0), (5, 0, 88), (7, -88, 0), (8, -62.225, -62.225),
                                        (9, 0, 0), (20, 0, 0)])
def test_numbers__drift(roll, dx, dy):
    """Battlespace: Drift: 9-20 a direct hit; 1-8 one card length (88 mm), 1 straight on (away
    from the thrower, here north) and 45 degrees clockwise per number (gaps.md)."""
    s = battle(four(), [("e", "fighter", 100, 100, None)], features=())
    em = emitter(s, [roll])
    x, y = drift_point(em, 457, 400, -90.0, False, "test")
    assert (x - 457, y - 400) == pytest.approx((dx, dy), abs=1e-3)


def test_numbers__point_blank_is_one_card_length_edge_to_edge():
    """Battlespace: Point Blank Range: within the card (88 mm between bases): 88 is point blank, 89 is not."""
    s = battle(four(x=457, y=600), [("e", "fighter", 457, 600 - 2 * R - 88, None)], features=())
    assert point_blank(s.figs["s0"], s.figs["e"])
    s.figs["e"].y -= 1
    assert not point_blank(s.figs["s0"], s.figs["e"])


def test_numbers__move_88_advance_176_and_their_orders():
    """Battlespace: Move (one card, 88 mm, 1 order) and Advance (two cards, 176 mm, 2 orders)."""
    s = battle(four(x=100, y=850), [("e", "fighter", 800, 100, None)], features=())
    _ready(s, "s0")
    f = s.figs["s0"]
    assert RULESET.check(s, A.Move(side="fireteam", unit="s0", x=f.x, y=f.y - 88)).ok
    assert not RULESET.check(s, A.Move(side="fireteam", unit="s0", x=f.x, y=f.y - 88.5)).ok
    assert RULESET.check(s, A.Move(side="fireteam", unit="s0", x=f.x, y=f.y - 176, advance=True)).ok
    assert not RULESET.check(s, A.Move(side="fireteam", unit="s0", x=f.x, y=f.y - 176.5, advance=True)).ok
    _ready(s, "s0", orders=1)
    assert not RULESET.check(s, A.Move(side="fireteam", unit="s0", x=f.x, y=f.y - 100, advance=True)).ok


def test_numbers__gear_points_12_per_team_6_per_soldier():
    """Battlespace: Set Up / Loadout: 12 points of gear for the team, at most 6 on one soldier."""
    def sc(gear):
        d = _scenario([(442, 848), (472, 848), (442, 880), (472, 880)]).model_dump()
        for u, g in zip(d["forces"]["fireteam"], gear):
            u["params"]["gear"] = g
        return Scenario.model_validate(d)
    assert validate(sc([["m203", "team_leader"], ["plate_carrier", "plate_carrier"], [], []]), table(), ("m3_ambush",)) is None
    assert "at most 6" in validate(sc([["m203", "frag_grenade", "acog"], [], [], []]), table(), ("m3_ambush",))[1]
    assert "a fireteam has 12" in validate(sc([["m203", "team_leader"], ["plate_carrier", "plate_carrier"], ["acog"], []]),
                                          table(), ("m3_ambush",))[1]


def test_numbers__element_activation_moves_the_point_man_one_card():
    """Battlespace: Enemy AI - Moving: an element with no soldier in sight moves its point man
    up to one card (88 mm) along the shortest route (here straight at the team)."""
    tall = dict(WALL, id="screen", exterior=[[250, 500], [660, 500], [660, 506], [250, 506]], height=60.0)
    s = battle(four(x=457, y=700), [("e0", "fighter", 457, 200, "a"), ("e1", "fighter", 484, 200, "a")], features=(tall,))
    em = emitter(s, [])
    activate(em, ["e0", "e1"])
    moved = [e for e in em.events if isinstance(e, Placed) and e.unit == "e0"]
    assert moved and math.dist((moved[0].x, moved[0].y), (457, 200)) == pytest.approx(88.0, abs=11.0)


# -- clauses the audit found implemented but untested ------------------------------------------

def test_aimed_fire__two_orders_plus_1_marksman_plus_2():
    """Battlespace: Orders - Aimed Fire: 2 orders, +1 (gaps.md Marksman: +2); primary weapon only."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    _, mods = fire_numbers(s, s.figs["s0"], s.figs["e"], aimed=True)
    assert ("aimed fire", 1) in mods
    _, mods = fire_numbers(s, s.figs["s2"], s.figs["e"], aimed=True)  # Lindqvist, marksman
    assert ("aimed fire (marksman)", 2) in mods
    _ready(s, "s0", orders=1)
    assert not RULESET.check(s, A.Fire(side="fireteam", unit="s0", target="e", aimed=True)).ok
    _ready(s, "s0", orders=2)
    assert step(RULESET, s, A.Fire(side="fireteam", unit="s0", target="e", aimed=True), Dice.scripted([9])).ok
    assert s.figs["e"].status == "kia" and s.figs["s0"].orders == 0  # 9 + 2 + 1 = 12 >= 10


def test_fire__no_maximum_range_and_all_round_sight():
    """Battlespace: Orders - Fire Weapon: no maximum range; LoS all round (360 degrees, README)."""
    s = battle([("a", "sgt_reyes", 20, 894, [])] + four(x=100, y=850)[1:], [("e", "fighter", 894, 20, None)], features=())
    assert adjudicate(s, s.figs["a"], s.figs["e"]).sees
    _ready(s, "a")
    assert RULESET.check(s, A.Fire(side="fireteam", unit="a", target="e")).ok


def test_enemy_targets__nearest_then_lowest_initiative_then_alternate_and_no_mercy():
    """Battlespace: Enemy AI - Combat: the nearest soldier; at equal distance the lowest
    Initiative (Reyes 7 before Lindqvist 9); Alternate Targets: one not yet targeted this phase;
    No Mercy: a downed soldier only when nothing else is in sight."""
    from game.rulesets.battlespace.rules.enemy import _choose_target
    s = battle([("r", "sgt_reyes", 400, 600, []), ("l", "spc_lindqvist", 514, 600, []), ("o", "cpl_okafor", 100, 880, []),
                ("t", "pfc_tanaka", 140, 880, [])], [("e", "fighter", 457, 300, None)], features=())
    assert _choose_target(s, s.figs["e"]).id == "r"
    s.targeted = ["r"]
    assert _choose_target(s, s.figs["e"]).id == "l"
    s.targeted = []
    s.figs["r"].y = 500.0  # nearer
    assert _choose_target(s, s.figs["e"]).id == "r"
    for u in ("r", "l", "o"):
        s.figs[u].status = "down"
    assert _choose_target(s, s.figs["e"]).id == "t"
    s.figs["t"].status = "kia"
    assert _choose_target(s, s.figs["e"]).id == "r"


def test_civilians__block_soldiers_sight_not_enemies_and_are_caught_in_crossfire():
    """Battlespace: Civilians: a civilian on the line blocks a soldier's LoS, not the enemy's;
    the enemy still shoots and the civilian is removed after the attack."""
    from game.rulesets.battlespace.rules.combat import enemy_attacks
    s = battle(four(x=457, y=600), [("e", "fighter", 457, 400, None)], features=())
    s.figs["c"] = s.figs["e"].model_copy(update={"id": "c", "side": "civilian", "kind": "civilian", "card": "civilian",
                                                 "x": 457.0, "y": 500.0, "group": None})
    s.figs["s0"].x = 457.0
    assert adjudicate(s, s.figs["s0"], s.figs["e"]).cover != "none" or not adjudicate(s, s.figs["s0"], s.figs["e"]).sees
    assert adjudicate(s, s.figs["e"], s.figs["s0"]).cover == "none"
    em = emitter(s, [15])
    enemy_attacks(em, em.s.figs["e"], em.s.figs["s0"])
    assert em.s.figs["c"].status == "kia" and em.s.figs["s0"].wounds == 0


def test_vehicles__enter_one_order_exit_free_disabled_after_protection_mrap_negates():
    """Battlespace: Vehicles: entering takes 1 order in base contact, exiting is free; after
    attacks equal to its protection (Humvee 5) the vehicle is disabled and emptied; an MRAP
    negates small-arms wounds and is never disabled."""
    from game.rulesets.battlespace.rules.combat import enemy_attacks
    s = battle(four(x=100, y=850), [("e", "fighter", 457, 200, None)], features=(HUMVEE,))
    s.figs["s0"].x, s.figs["s0"].y = 457.0, 513 + R + 0.5
    _ready(s, "s0")
    assert step(RULESET, s, A.Enter(side="fireteam", unit="s0", vehicle="hmv"), Dice.scripted([])).ok
    assert s.figs["s0"].vehicle == "hmv" and s.figs["s0"].orders == 1
    assert step(RULESET, s, A.Enter(side="fireteam", unit="s0", vehicle="hmv", leave=True), Dice.scripted([])).ok
    assert s.figs["s0"].vehicle is None and s.figs["s0"].orders == 1
    s.figs["s0"].vehicle, s.figs["s0"].seat = "hmv", "driver"
    for i in range(5):
        em = emitter(s, [20])
        enemy_attacks(em, em.s.figs["e"], em.s.figs["s0"])
        s = em.s
    assert s.vehicles["hmv"].hits == 5 and s.vehicles["hmv"].disabled and s.figs["s0"].vehicle is None
    s = battle(four(x=100, y=850), [("e", "fighter", 457, 200, None)], features=(dict(HUMVEE, properties={"vehicle_type": "mrap"}),))
    s.figs["s0"].vehicle, s.figs["s0"].seat = "hmv", "driver"
    for i in range(7):
        em = emitter(s, [1])
        enemy_attacks(em, em.s.figs["e"], em.s.figs["s0"])
        s = em.s
    assert s.figs["s0"].wounds == 0 and not s.vehicles["hmv"].disabled


def test_sitrep__empty_deck_reshuffles_and_a_card_that_cannot_apply_is_discarded():
    """Battlespace: Sitrep Phase: a card that cannot apply is discarded (no straggler to
    activate); an empty deck: the discard pile is shuffled into a new deck."""
    from game.rulesets.battlespace.rules.sitrep import draw
    s = battle(four(), [("e0", "fighter", 457, 300, "el"), ("e1", "fighter", 484, 300, "el")], features=())
    s.deck, s.discard = ["s04"], ["s12", "s13"]
    em = emitter(s, [])
    draw(em, "test")
    assert em.s.deck == [] and em.s.discard == ["s12", "s13", "s04"]
    assert not any(isinstance(e, Attacked) for e in em.events)
    em2 = emitter(em.s, [])
    em2.dice = Dice.scripted([2, 3, 1, 3])
    draw(em2, "test")
    assert len(em2.s.deck) == 2 and len(em2.s.discard) == 1


def test_elevation__a_soldier_above_gets_plus_2_shooting_down():
    """Battlespace: Elevation: a soldier on an elevation shooting at a target below: +2."""
    s = battle(four(x=100, y=850), [("e", "fighter", 460, 400, None)], features=(HIGH,))
    f = s.figs["s0"]
    f.x, f.y, f.z, f.on = 460.0, 160.0, 60.0, "high"
    need, mods = fire_numbers(s, f, s.figs["e"])
    assert need == 10 and ("elevation", 2) in mods


def test_man_down__dragging_is_a_sidearm_at_minus_3_and_is_dropped_in_hand_to_hand():
    """Battlespace: Man Down: the dragger shoots at -3; entering hand to hand puts the downed
    model back on the ground beside him."""
    s = battle(four(x=457, y=600), [("e", "fighter", 457, 574 - 2 * R - 60, None)], features=())
    s.figs["s1"].x, s.figs["s1"].y = 457.0 + 2 * R, 600.0
    s.figs["s1"].wounds, s.figs["s1"].status = 4, "down"
    _ready(s, "s0")
    assert step(RULESET, s, A.Move(side="fireteam", unit="s0", x=457, y=560, drag="s1"), Dice.scripted([])).ok
    assert s.figs["s0"].carrying == "s1"
    _, mods = fire_numbers(s, s.figs["s0"], s.figs["e"])
    assert ("dragging (sidearm)", -3) in mods
    em = emitter(s, [15])
    melee(em, em.s.figs["s0"], em.s.figs["e"])
    assert em.s.figs["s0"].carrying is None and em.s.figs["s1"].carried_by is None
    assert math.dist((em.s.figs["s1"].x, em.s.figs["s1"].y), (457, 560)) == pytest.approx(2 * R + 0.5)


def test_suppression__lane_63_mm_and_a_suppressed_soldier_only_shoots_at_minus_2():
    """Battlespace: Suppression Fire: a model entering the 63 mm lane between shooter and target
    is suppressed (31 mm off the line yes, 45 mm no); a suppressed soldier may only shoot, -2."""
    s = battle(four(x=100, y=850), [("e", "fighter", 457, 200, None), ("x", "fighter", 457 + 31 - R + 13, 400, None)],
               features=())
    s.figs["s0"].x, s.figs["s0"].y = 457.0, 700.0
    _suppressing(s, "s0", "e")
    s.figs["x"].x = 457 + 31.5 + R - 0.5
    assert suppressed(s, s.figs["x"])
    s.figs["x"].x = 457 + 31.5 + R + 0.5
    assert not suppressed(s, s.figs["x"])
    s = battle(four(x=457, y=600), [("e", "fighter", 457, 300, None)], features=())
    s.figs["e"].suppress = [457.0, 300.0, 457.0, 600.0]
    _ready(s, "s0")
    assert not RULESET.check(s, A.Move(side="fireteam", unit="s0", x=457, y=650)).ok
    need, mods = fire_numbers(s, s.figs["s0"], s.figs["e"])
    assert ("under suppression fire", -2) in mods


def test_hindering__ends_a_civilians_walk_on_contact():
    """Battlespace: Hindering Terrain, for every model: a civilian walking up to a soldier
    ('Buy my DvDs', an advance) stops where its base first touches the rubble (y 327.5)."""
    from game.rulesets.battlespace.rules.civilians import react
    s = battle(four(x=457, y=600), [("e", "fighter", 100, 100, None)], features=(RUBBLE,))
    s.figs["c"] = s.figs["e"].model_copy(update={"id": "c", "side": "civilian", "kind": "civilian", "card": "civilian",
                                                 "x": 457.0, "y": 250.0, "group": None})
    s.figs["s0"].x = 457.0
    em = emitter(s, [10])  # 8-13: the civilian walks up to the soldier
    react(em, em.s.figs["s0"])
    assert em.s.figs["c"].y == pytest.approx(340 - R)


# -- v4: the last three clause gaps --------------------------------------------------------

def test_mission3__our_humvee_starts_damaged_cannot_drive_and_two_more_attacks_disable_it():
    """Battlespace: Mission 3: "your team's humvee has also sustained damage" (ours, by the
    Vehicles rules): it starts with 3 of its 5 attacks (protection) taken and cannot drive;
    it still gives cover and comms, and two more attacks on its occupants disable it."""
    from pathlib import Path

    from game.battle.loading import open_scenario
    from game.rulesets.battlespace.rules.combat import enemy_attacks
    from game.rulesets.battlespace.rules.vehicles import check_drive
    maps = Path(__file__).resolve().parents[3] / "maps" / "battlespace"
    _, sc, m = open_scenario(maps / "mission3.scenario.json")
    s = RULESET.setup(sc, m, Dice(1))
    v = s.vehicles["our_humvee"]
    assert (v.hits, v.immobile, v.disabled) == (3, True, False) and s.vehicles["lead_humvee"].disabled
    d = s.figs["reyes"]
    d.vehicle, d.seat = "our_humvee", "driver"
    assert "cannot drive" in check_drive(s, d, False, d.x, d.y - 50)
    assert radio_operator(s) is not None and radio_operator(s).id == "reyes"  # comms still work
    e = next(f for f in s.enemies())
    em = emitter(s, [20])
    enemy_attacks(em, em.s.figs[e.id], em.s.figs["reyes"])
    assert em.s.vehicles["our_humvee"].hits == 4 and not em.s.vehicles["our_humvee"].disabled
    em = emitter(em.s, [20])
    enemy_attacks(em, em.s.figs[e.id], em.s.figs["reyes"])
    assert em.s.vehicles["our_humvee"].disabled and em.s.figs["reyes"].vehicle is None


LONG_WALL = {"id": "long", "kind": "wall", "exterior": [[150, 300], [770, 300], [770, 306], [150, 306]], "height": 60.0,
             "tags": ["blocks_sight", "impassable", "cover"]}


def _fail_initiative_drawing(s, card):
    s.deck = [card, "s12"] + [c for c in s.deck if c not in (card, "s12")]  # then "All quiet"
    r = step(RULESET, s, A.Activate(side="fireteam", unit="s0"), Dice.scripted([1]))
    assert r.ok and s.figs["s0"].move_only and s.discard[-1] == card
    s.phase, s.active, s.current = "sitrep", "rules", None


def test_sitrep__enemy_regroups_drawn_on_a_failed_initiative_holds_the_sitrep_phase():
    """Battlespace: Player Phase ("draw a Sitrep card and follow its instructions immediately"):
    "Enemy regroups" drawn on a failed initiative holds the enemy in this turn's SITREP phase
    (ours: no enemy acts in the Player phase): the fighter in sight does not shoot."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    _fail_initiative_drawing(s, "s18")
    assert s.hold
    em = emitter(s, [])  # no attack roll
    resolve_sitrep(em)
    assert not [e for e in em.events if isinstance(e, Attacked)] and em.s.figs["e"].y == 300.0
    # without the card, the same fighter shoots in the SITREP phase
    s2 = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    _fail_initiative_drawing(s2, "s12")
    em2 = emitter(s2, [3])
    resolve_sitrep(em2)
    assert [e for e in em2.events if isinstance(e, Attacked)]


def test_sitrep__enemy_rush_drawn_on_a_failed_initiative_rushes_the_sitrep_phase():
    """Battlespace: Player Phase: "Enemy rush" drawn on a failed initiative gives this turn's
    SITREP-phase activations an advance (176 mm) instead of a move (88 mm); it ends at Clear."""
    moved = {}
    for card in ("s19", "s12"):
        s = battle(four(), [("e", "fighter", 457, 100, None)], features=(LONG_WALL,))
        _fail_initiative_drawing(s, card)
        em = emitter(s, [])
        resolve_sitrep(em)
        e = em.s.figs["e"]
        moved[card] = math.hypot(e.x - 457, e.y - 100)
        if card == "s19":
            resolve_clear(em)
            assert not em.s.rush
    # (the route bends round the wall's end: the straight-line displacement is a little short of the path)
    assert moved["s19"] > 150.0 and moved["s12"] <= 88.0 + 1e-6


def _civilian(s, x, y):
    s.figs["c"] = s.figs["e"].model_copy(update={"id": "c", "side": "civilian", "kind": "civilian", "card": "civilian",
                                                 "name": "Civilian", "x": float(x), "y": float(y), "group": None})


def test_civilians__the_chart_is_rolled_on_first_sight_at_set_up_civilian_move_or_soldier_move():
    """Battlespace: Civilians: "the first time a civilian has a soldier in unobscured LoS" -
    however it arises: (1) in sight at set-up: rolled before the first action; (2) a civilian
    moved into sight (civilians panic) rolls at once; (3) a soldier moving into sight; once only."""
    # (1) set-up: the civilian stands in the open in front of the team
    s = battle(four(), [("e", "fighter", 100, 100, None)], features=())
    _civilian(s, 457, 450)
    r = step(RULESET, s, A.Activate(side="fireteam", unit="s0"), Dice.scripted([16, 10]))  # 16: nothing; initiative 10
    rolls = [e for e in r.events if e.type == "dice_rolled"]
    assert "Civilian c reacts to Sgt. Reyes" in rolls[0].purpose and s.figs["c"].reacted
    assert "initiative" in rolls[1].purpose and s.figs["s0"].activated
    # once only: the next action rolls no reaction
    r = step(RULESET, s, A.Move(side="fireteam", unit="s0", x=457, y=560), Dice.scripted([]))
    assert r.ok and not [e for e in r.events if e.type == "dice_rolled"]
    # (2) a civilian behind the wall (obscured) panics out of its cover (D20 1: east, 88 mm)
    tall = dict(WALL, height=60.0)
    s = battle(four(), [("e", "fighter", 100, 100, None)], features=(tall,))
    _civilian(s, 500, 280)
    assert not any(adjudicate(s, s.figs["c"], f).cover == "none" and adjudicate(s, s.figs["c"], f).sees for f in s.soldiers())
    em = emitter(s, [1, 16])
    resolve_card(em, DATA.sitrep_by_id["s10"])
    assert em.s.figs["c"].x == pytest.approx(588.0) and em.s.figs["c"].reacted
    assert "reacts to" in [e for e in em.events if e.type == "dice_rolled"][-1].purpose
    # (3) a soldier stepping out from behind the wall into sight
    s = battle([("s0", "sgt_reyes", 457, 330, [])], [("e", "fighter", 100, 100, None)], features=(tall,))
    _civilian(s, 560, 200)
    s.figs["c"].reacted = False
    _ready(s, "s0")
    assert not adjudicate(s, s.figs["c"], s.figs["s0"]).sees or adjudicate(s, s.figs["c"], s.figs["s0"]).cover != "none"
    r = step(RULESET, s, A.Move(side="fireteam", unit="s0", x=540, y=330), Dice.scripted([16]))
    assert r.ok and s.figs["c"].reacted


def test_climb_down__beside_a_comrade_already_at_the_foot_of_the_edge():
    """Battlespace: Climb (placed at the edge, parallel to where he began): ours, where a comrade
    who climbed down first already stands, the next free spot along the edge - the whole team can
    get off a roof in one turn."""
    s = battle(four(x=100, y=800), [], features=(HIGH,))
    for u, x in (("s0", 430.0), ("s1", 440.0)):
        f = s.figs[u]
        f.x, f.y, f.z, f.on = x, 160.0, 60.0, "high"  # both 20 mm from the south edge (y 180)
    _ready(s, "s0")
    assert step(RULESET, s, A.Climb(side="fireteam", unit="s0", feature="high"), Dice.scripted([10] * 4)).ok
    a = s.figs["s0"]
    assert (a.x, a.y, a.z, a.on) == (430.0, 180 + R + 1.0, 0.0, None)
    _ready(s, "s1")
    assert step(RULESET, s, A.Climb(side="fireteam", unit="s1", feature="high"), Dice.scripted([10] * 4)).ok
    b = s.figs["s1"]
    assert b.on is None and b.z == 0.0 and math.hypot(b.x - a.x, b.y - a.y) >= 2 * R and abs(b.y - a.y) <= 11.0

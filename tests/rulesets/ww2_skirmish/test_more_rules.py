"""Movement, terrain, conditions, heat and squad weapons (ww2_skirmish:
Facing Rule; Run; Barbed Wire; Fog; Elevation; Battlefield Conditions;
Activation Phase (heat); Squad Weapons; Group Actions)."""

from __future__ import annotations

import pytest

from game.rulesets.ww2_skirmish import actions as A
from game.rulesets.ww2_skirmish.catalogue import condition_result
from game.rulesets.ww2_skirmish.rules.attacks import ran_penalty
from game.rulesets.ww2_skirmish.rules.common import damage_model
from game.rulesets.ww2_skirmish.rules.conditions import roll_condition
from game.rulesets.ww2_skirmish.rules.movement import move_to
from game.rulesets.ww2_skirmish.sight import adjudicate
from game.rulesets.ww2_skirmish.turn import end_sequence

from .helpers import INCH, act, battle, emitter, refused

SGT = ("r1", "british_sergeant", 600, 1000, 270)   # M 4", a single 25 mm base
FAR = ("b1", "german_feldwebel", 600, 100, 90)


def test_moving_backwards_costs_one_inch():
    """Facing Rule: 4" forward is allowed; backwards (into the rear arc of the end facing) only 3"."""
    s = battle([SGT], [FAR])
    u = s.units["r1"]
    assert move_to(s, u, 600, 1000 - 4 * INCH, 270).ok
    back = move_to(s, u, 600, 1000 + 3.5 * INCH, 270)
    assert back.backwards and "allowance of 3.00\"" in back.reason
    assert move_to(s, u, 600, 1000 + 3 * INCH, 270).ok
    assert move_to(s, u, 600, 1000 + 3.5 * INCH, 90).ok   # turning to face the way it goes: not backwards


def test_rain_takes_an_inch():
    s = battle([SGT], [FAR], condition="rain")
    assert "allowance of 3.00\"" in move_to(s, s.units["r1"], 600, 1000 - 3.5 * INCH, 270).reason


def test_barbed_wire_halves_movement():
    """Barbed Wire: each inch the model's centre goes through wire costs 2. Starting 1/2" short of
    2" of wire, a 2" move costs 1/2" + 1 1/2" x 2 = 3 1/2"; 2 1/2" would cost 4 1/2" of the 4"."""
    wire = {"id": "w", "kind": "barbed_wire", "height": 10, "exterior": [[500, 900], [700, 900], [700, 900 - 2 * INCH],
                                                                          [500, 900 - 2 * INCH]]}
    y0 = 900 + 0.5 * INCH
    s = battle([("r1", "british_sergeant", 600, y0, 270)], [FAR], features=[wire])
    u = s.units["r1"]
    p = move_to(s, u, 600, y0 - 2 * INCH, 270)
    assert p.ok and p.cost / INCH == pytest.approx(3.5)
    p = move_to(s, u, 600, y0 - 2.5 * INCH, 270)
    assert p.cost / INCH == pytest.approx(4.5) and not p.ok


def test_leaving_wire_needs_an_agility_test():
    """A model starting in wire takes an agility test (AG 4+) to leave it: a 3 fails and wastes the move."""
    wire = {"id": "w", "kind": "barbed_wire", "height": 10, "exterior": [[500, 980], [700, 980], [700, 1020], [500, 1020]]}
    s = battle([SGT], [FAR], features=[wire])
    evs = act(s, A.Move(side="red", unit="r1", x=600, y=1000 + 1.5 * INCH, heading=90), [3])
    assert (s.models["r1"].x, s.models["r1"].y) == (600, 1000)
    assert [e.target.value for e in evs if e.type == "dice_rolled"] == [4]
    act(s, A.Move(side="red", unit="r1", x=600, y=1000 + 1.5 * INCH, heading=90), [4])
    assert s.models["r1"].y == pytest.approx(1000 + 1.5 * INCH)


def test_fog_bank_hides_beyond_12_inches_and_is_minus_one_to_hit():
    fog = {"id": "f", "kind": "fog", "height": 0, "exterior": [[500, 300], [700, 300], [700, 500], [500, 500]]}
    near = battle([("r1", "british_sergeant", 600, 400 + 11 * INCH + 25, 270)],
                  [("b1", "german_feldwebel", 600, 400, 90)], features=[fog])
    sg = adjudicate(near, near.models["r1"], near.models["b1"])
    assert sg.sees and ("into fog", -1) in sg.hit_mods
    far = battle([("r1", "british_sergeant", 600, 400 + 13 * INCH + 25, 270)],
                 [("b1", "german_feldwebel", 600, 400, 90)], features=[fog])
    assert not adjudicate(far, far.models["r1"], far.models["b1"]).sees


def test_fog_condition_minus_one_beyond_12_inches():
    s = battle([("r1", "british_sergeant", 600, 400 + 13 * INCH + 25, 270)], [("b1", "german_feldwebel", 600, 400, 90)],
               condition="fog")
    assert ("fog beyond 12\"", -1) in adjudicate(s, s.models["r1"], s.models["b1"]).hit_mods


def test_elevation_plus_one_down_minus_one_up():
    hill = {"id": "h", "kind": "hill", "height": 30, "exterior": [[450, 850], [750, 850], [750, 1150], [450, 1150]]}
    s = battle([SGT], [("b1", "german_feldwebel", 600, 600, 90)], features=[hill])
    assert ("high ground", 1) in adjudicate(s, s.models["r1"], s.models["b1"]).hit_mods
    assert ("uphill", -1) in adjudicate(s, s.models["b1"], s.models["r1"]).hit_mods


@pytest.mark.parametrize(("face", "cond"), [(1, "fog"), (2, "rain"), (3, "clear"), (4, "clear"), (5, "frost"), (6, "flood")])
def test_conditions_table_and_d3_plus_3_duration(face, cond):
    assert condition_result(face) == cond
    s = battle([SGT], [FAR])
    em = emitter(s, [face, 5])                  # the D3 from a 5 is 3: 6 turns
    roll_condition(em, "a test")
    assert (em.s.condition, em.s.condition_left) == (cond, 6)


def test_frost_trenches_give_no_cover():
    trench = {"id": "t", "kind": "trench", "height": 0, "properties": {"side": "blue"},
              "exterior": [[450, 380], [750, 380], [750, 420], [450, 420]]}
    s = battle([SGT], [("b1", "german_feldwebel", 600, 400, 90)], features=[trench])
    assert adjudicate(s, s.models["r1"], s.models["b1"]).cover == "heavy"
    s.condition = "frost"
    assert adjudicate(s, s.models["r1"], s.models["b1"]).cover == "none"


def test_run_penalty_lasts_into_next_turn():
    s = battle([SGT], [FAR])
    act(s, A.Run(side="red", unit="r1", headings=(270.0,)), [3])
    y = s.models["r1"].y
    assert 1000 - y == pytest.approx(7 * INCH, abs=0.01)   # M 4" + D6 3
    assert ran_penalty(s, s.units["r1"]) == (("ran last turn", -1),)
    s.turn = 2
    assert ran_penalty(s, s.units["r1"]) == (("ran last turn", -1),)
    s.turn = 3
    assert ran_penalty(s, s.units["r1"]) == ()


def test_mech_heat_and_forced_cooldown():
    """A mech that acts gains a heat token at the end of its side's activation; at 3 it must cool down."""
    s = battle([("m1", "british_walker_mk1", 600, 1000, 270)], [FAR])
    s.units["m1"].heat = 2
    s.activated = ["m1"]
    s.seq_count = 2
    em = emitter(s, [3] * 20)
    end_sequence(em)
    assert em.s.units["m1"].heat == 3 and em.s.units["m1"].cooldown
    s2 = em.s
    s2.seq_side, s2.active, s2.stage, s2.final = "red", "red", "battle", False
    s2.activated, s2.slots, s2.pending = [], {}, []
    s2.cache["red"] = 5
    assert "must cool down" in refused(s2, A.Move(side="red", unit="m1", x=600, y=990, heading=270))
    assert refused(s2, A.Cooldown(side="red", unit="m1")) == ""


def test_a_squad_losing_a_model_loses_a_weapon_of_its_owners_choice():
    s = battle([("r1", "british_bren_team", 600, 1000, 270)], [FAR])
    em = emitter(s, [6, 6])
    damage_model(em, em.s.models["r1.1"], 1, "b1", "a hit")
    p = em.s.pending[-1]
    assert p.kind == "loss" and set(p.options) == {"bren", "lee_enfield", "bayonet"}


@pytest.mark.parametrize(("units", "ok"), [(["r1"], False), (["r1", "r2"], False)])
def test_group_sizes_for_infantry(units, ok):
    """Infantry groups are 3, 4 or 6 models: a squad of 4 alone is 4 (allowed); with a second 4 it is 8 (not)."""
    red = [("r1", "british_rifle_section", 600, 1000, 270), ("r2", "british_rifle_section", 600, 1045, 270)]
    s = battle(red, [FAR])
    why = refused(s, A.GroupMove(side="red", units=units, x=600, y=990, heading=270))
    assert ("not 8" in why) == (len(units) == 2)

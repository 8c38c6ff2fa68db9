"""Rule cases of Battlespace with exact values (scripted dice, real geometry)."""

from __future__ import annotations

from fractions import Fraction

from game.core.dice import Dice
from game.core.engine import step
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.data import DATA
from game.rulesets.battlespace.rules.civilians import chart
from game.rulesets.battlespace.sight import adjudicate
from game.rulesets.battlespace.rules.combat import enemy_attacks, fire_numbers, hit_chance, melee, soldier_fires
from game.rulesets.battlespace.rules.common import wound
from game.rulesets.battlespace.rules.sitrep import resolve_card
from game.rulesets.battlespace.turn import cohesion

from .helpers import HIGH, WALL, battle, emitter, four


def _activated(state, unit, orders=2):
    state.figs[unit].activated = True
    state.figs[unit].orders = orders
    state.current = unit
    return state


def test_cover__solid_when_obscured_and_in_contact_with_terrain():
    """Battlespace: Cover: an enemy behind a low wall it touches has solid cover; 10 mm back it is only obscured."""
    s = battle(four(y=600), [("e", "veteran", 460, 280, None)])
    assert adjudicate(s, s.figs["s0"], s.figs["e"]).cover == "obscured"  # 280 + 12.5 < 300: not touching
    s.figs["e"].y = 286.0
    assert adjudicate(s, s.figs["s0"], s.figs["e"]).cover == "solid"
    s.figs["e"].y = 200.0
    s.figs["e"].x = 700.0
    assert adjudicate(s, s.figs["s0"], s.figs["e"]).cover == "none"


def test_fire__accuracy_1_against_tl12_in_solid_cover_wounds_45_percent():
    """Battlespace: Fire Weapon and Solid Cover: D20 + 1 - 2 >= 12 needs a natural 13+: 8 in 20."""
    s = battle([("x", "cpl_okafor", 460, 600, [])] + four(x=100, y=800)[1:], [("e", "veteran", 460, 286, None)])
    need, mods = fire_numbers(s, s.figs["x"], s.figs["e"])
    assert need == 12 and dict(mods) == {"accuracy": 1, "solid cover": -2}
    assert Fraction(hit_chance(need, mods)).limit_denominator(20) == Fraction(8, 20)


def test_point_blank__a_hit_within_88mm_deals_two_wounds():
    """Battlespace: Point Blank Range: +1 wound within one card length; a Leader (2 wounds) dies."""
    s = battle(four(x=457, y=600), [("e", "leader", 457, 530, None)], features=())
    em = emitter(s, [20])
    soldier_fires(em, em.s.figs["s0"], em.s.figs["e"])
    assert em.s.figs["e"].status == "kia" and em.s.figs["e"].wounds == 2


def test_fire__far_hit_deals_one_wound_to_a_leader():
    """Battlespace: Primary Weapon: one wound beyond point blank; the Leader card has 2 wounds."""
    s = battle(four(x=457, y=600), [("e", "leader", 457, 300, None)], features=())
    em = emitter(s, [19])
    soldier_fires(em, em.s.figs["s0"], em.s.figs["e"])
    assert em.s.figs["e"].status == "ok" and em.s.figs["e"].wounds == 1


def test_wound_track__third_penalty_fourth_down_fifth_kia():
    """Battlespace: Hit Points: 3rd wound -1 to all rolls, 4th Man Down, 5th KIA."""
    s = battle(four(), [("e", "fighter", 100, 100, None)], features=())
    em = emitter(s, [])
    f = lambda: em.s.figs["s0"]  # noqa: E731
    wound(em, f(), 3, "test")
    assert f().status == "ok"
    need, mods = fire_numbers(em.s, f(), em.s.figs["e"])
    assert ("3rd wound", -1) in mods
    wound(em, f(), 1, "test")
    assert f().status == "down"
    wound(em, f(), 1, "test")
    assert f().status == "kia"


def test_weapon_jam__natural_1_jams_and_clear_jam_takes_an_order():
    """Battlespace: Weapon Jam: a natural 1 jams; one order clears it."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    em = emitter(s, [1])
    soldier_fires(em, em.s.figs["s0"], em.s.figs["e"])
    s2 = _activated(em.s, "s0")
    assert s2.figs["s0"].jammed
    assert not RULESET.check(s2, A.Fire(side="fireteam", unit="s0", target="e")).ok
    assert RULESET.check(s2, A.ClearJam(side="fireteam", unit="s0")).ok


def test_enemy_attack__prone_soldier_lowers_tl_and_fails_below_it():
    """Battlespace: Go Prone: the attacking enemy's TL is lowered by 1 (Fighter TL 10 -> 9)."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    s.figs["s0"].prone = True
    em = emitter(s, [8])
    enemy_attacks(em, em.s.figs["e"], em.s.figs["s0"])
    assert em.s.figs["s0"].wounds == 1
    em = emitter(s, [9])
    enemy_attacks(em, em.s.figs["e"], em.s.figs["s0"])
    assert em.s.figs["s0"].wounds == 0


def test_melee__natural_20_deals_two_wounds_and_extra_soldier_lowers_tl():
    """Battlespace: Hand to Hand Combat: natural 20 +1 wound; each extra soldier in contact lowers the TL by 1."""
    s = battle([("s0", "pvt_kowalski", 457, 600, []), ("s1", "sgt_reyes", 457, 650, []), ("s2", "cpl_okafor", 200, 800, []),
                ("s3", "pfc_tanaka", 250, 800, [])], [("e", "leader", 457, 625, None)], features=())
    s.figs["e"].x, s.figs["e"].y = 482.0, 625.0  # touching s0 (457,600)? place precisely below
    s.figs["s0"].x, s.figs["s0"].y = 482.0, 600.0
    s.figs["s1"].x, s.figs["s1"].y = 482.0, 650.0
    em = emitter(s, [20])
    melee(em, em.s.figs["s0"], em.s.figs["e"])
    ev = [e for e in em.events if e.type == "dice_rolled"][0]
    assert ev.target.value == 13 and ev.target.mods == (("1 more soldier in contact", -1),)  # TL 14 - 1 extra soldier
    assert em.s.figs["e"].status == "kia"


def test_melee__natural_1_deals_the_soldier_two_wounds():
    """Battlespace: Hand to Hand Combat: on a natural 1 the soldier takes +1 wound."""
    s = battle(four(x=100, y=800), [("e", "fighter", 125, 775, None)], features=())
    s.figs["e"].x, s.figs["e"].y = 100.0, 775.0
    em = emitter(s, [1])
    melee(em, em.s.figs["s0"], em.s.figs["e"])
    assert em.s.figs["s0"].wounds == 2


def test_activation__natural_20_gives_a_third_order():
    """Battlespace: Initiative: a natural 20 gives +1 order."""
    s = battle(four(x=100, y=800), [("e", "fighter", 800, 100, None)], features=())
    r = step(RULESET, s, A.Activate(side="fireteam", unit="s0"), Dice.scripted([20]))
    assert r.ok and s.figs["s0"].orders == 3 and s.current == "s0"


def test_activation__failure_draws_sitrep_and_leaves_a_move_only():
    """Battlespace: Player Phase: a failed initiative roll draws a SITREP card at once; only a move order remains."""
    s = battle(four(x=100, y=800), [("e", "fighter", 800, 100, None)], features=())
    s.deck = ["s12"] + [c for c in s.deck if c != "s12"]
    r = step(RULESET, s, A.Activate(side="fireteam", unit="s0"), Dice.scripted([2]))
    assert r.ok and s.discard == ["s12"] and s.figs["s0"].move_only
    assert not RULESET.check(s, A.Fire(side="fireteam", unit="s0", target="e")).ok
    assert RULESET.check(s, A.Move(side="fireteam", unit="s0", x=100, y=720)).ok
    assert not RULESET.check(s, A.Move(side="fireteam", unit="s0", x=100, y=700)).ok  # 100 mm > 88 mm


def test_named_order__once_per_turn():
    """Battlespace: Player Phase: a named order only once in a turn (two moves are refused)."""
    s = battle(four(x=100, y=800), [("e", "fighter", 800, 100, None)], features=())
    step(RULESET, s, A.Activate(side="fireteam", unit="s0"), Dice.scripted([15]))
    assert step(RULESET, s, A.Move(side="fireteam", unit="s0", x=100, y=750), Dice.scripted([])).ok
    assert "once per turn" in RULESET.check(s, A.Move(side="fireteam", unit="s0", x=100, y=700)).reason


def test_suppression__enemy_tl_minus_2_and_removed_when_the_shooter_moves():
    """Battlespace: Suppression Fire: a suppressed enemy's TL is at -2; any other order lifts it."""
    s = battle(four(x=457, y=600), [("e", "veteran", 457, 300, None)], features=())
    s.figs["s0"].suppress = [457.0, 600.0, 457.0, 300.0]
    need, _ = fire_numbers(s, s.figs["s1"], s.figs["e"])
    assert need == 10
    _activated(s, "s0")
    step(RULESET, s, A.Move(side="fireteam", unit="s0", x=457, y=650), Dice.scripted([]))
    assert s.figs["s0"].suppress is None


def test_elevation__enemy_above_raises_tl_by_2():
    """Battlespace: Elevation: an enemy above the soldier has +2 TL when targeted."""
    s = battle(four(x=457, y=600), [("e", "fighter", 460, 140, None)], features=(HIGH,))
    s.figs["e"].z, s.figs["e"].on = 60.0, "high"
    need, mods = fire_numbers(s, s.figs["s0"], s.figs["e"])
    assert need == 12


def test_hindering__a_move_ends_on_contact():
    """Battlespace: Hindering Terrain: the move ends when the base touches it; no advance from inside."""
    rub = {"id": "rub", "kind": "rubble", "exterior": [[400, 500], [520, 500], [520, 540], [400, 540]], "height": 10.0,
           "tags": ["hindering"]}
    s = battle(four(x=457, y=600)[:1] + four(x=100, y=800)[1:], [("e", "fighter", 800, 100, None)], features=(rub,))
    _activated(s, "s0")
    assert not RULESET.check(s, A.Move(side="fireteam", unit="s0", x=457, y=530)).ok
    assert RULESET.check(s, A.Move(side="fireteam", unit="s0", x=457, y=553)).ok


def test_cohesion__whole_team_in_one_card_gives_plus_1():
    """Battlespace: Cohesion: all soldiers within one card area: +1 to initiative."""
    s = battle([("a", "sgt_reyes", 440, 600, []), ("b", "cpl_okafor", 470, 600, []), ("c", "spc_lindqvist", 440, 640, []),
                ("d", "pfc_tanaka", 470, 640, [])], [("e", "fighter", 800, 100, None)], features=())
    assert cohesion(s, s.figs["a"])
    s.figs["d"].y = 700.0
    assert not cohesion(s, s.figs["a"])


def test_sitrep__heal_card_removes_a_wound():
    """Battlespace: SITREP (gaps.md deck): the friendly-break card heals the most wounded soldier."""
    s = battle(four(), [("e", "fighter", 800, 100, None)], features=())
    s.figs["s2"].wounds = 2
    em = emitter(s, [])
    resolve_card(em, DATA.sitrep_by_id["s16"])
    assert em.s.figs["s2"].wounds == 1


def test_sitrep__deck_has_20_typed_cards():
    """Battlespace: SITREP Cards: a 20-card deck, each a typed effect."""
    assert len(DATA.sitrep) == 20 and all(c.effect for c in DATA.sitrep)


def test_civilian_chart__missing_14_does_nothing():
    """Battlespace: Civilians Reaction Chart: 14 is not printed; ours does nothing."""
    assert chart(14) == "nothing" and chart(1) == "hostile" and chart(20) == "friendly" and chart(8) == "approach"


def test_man_down__drag_moves_the_downed_soldier():
    """Battlespace: Man Down: a soldier in base contact drags a downed model during his move."""
    s = battle([("a", "sgt_reyes", 440, 600, []), ("b", "cpl_okafor", 465, 600, []), ("c", "spc_lindqvist", 100, 800, []),
                ("d", "pfc_tanaka", 150, 800, [])], [("e", "fighter", 800, 100, None)], features=())
    s.figs["b"].status, s.figs["b"].wounds = "down", 4
    _activated(s, "a")
    r = step(RULESET, s, A.Move(side="fireteam", unit="a", x=440, y=680, drag="b"), Dice.scripted([]))
    assert r.ok and (s.figs["b"].x, s.figs["b"].y) == (440, 680)
    need, mods = fire_numbers(s, s.figs["a"], s.figs["e"])
    assert ("dragging (sidearm)", -3) in mods


def test_medic__aid_revives_a_downed_soldier():
    """Battlespace: Medical Aid (gaps.md Medic): one order removes a wound; 3 wounds is no longer down."""
    s = battle([("a", "cpl_okafor", 440, 600, []), ("b", "sgt_reyes", 465, 600, []), ("c", "spc_lindqvist", 100, 800, []),
                ("d", "pfc_tanaka", 150, 800, [])], [("e", "fighter", 800, 100, None)], features=())
    s.figs["b"].status, s.figs["b"].wounds = "down", 4
    _activated(s, "a")
    assert step(RULESET, s, A.Aid(side="fireteam", unit="a", target="b"), Dice.scripted([])).ok
    assert s.figs["b"].status == "ok" and s.figs["b"].wounds == 3


def test_night__initiative_minus_1_other_rolls_minus_2():
    """Battlespace: Night Combat: initiative -1, all other rolls -2."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=(), special=("night",))
    _, mods = fire_numbers(s, s.figs["s0"], s.figs["e"])
    assert ("night", -2) in mods
    from game.rulesets.battlespace.turn import initiative_mods
    assert ("night", -1) in initiative_mods(s, s.figs["s0"])


def test_throw__arc_clears_a_low_wall_but_not_a_building():
    """Battlespace: Throwing Grenades (gaps.md arc: 20 mm, 60 mm at mid-throw): a 25 mm wall is cleared, a 60 mm building is not."""
    from game.rulesets.battlespace.geo import throw_clear
    s = battle(four(x=460, y=330), [("e", "fighter", 800, 100, None)], features=(WALL, HIGH))
    assert throw_clear(s, s.figs["s0"], 460, 260)
    s.figs["s0"].y = 205.0
    assert not throw_clear(s, s.figs["s0"], 460, 120)


def test_order_cost__the_refusal_counts_orders_in_the_singular_and_plural():
    """Battlespace: Orders: going prone takes one order; with none left the reason says "1 order" (not "1 orders")."""
    s = _activated(battle(four(y=600), [("e", "veteran", 460, 280, None)]), "s0", orders=0)
    got = RULESET.check(s, A.Prone(side="fireteam", unit="s0"))
    assert not got.ok and "takes 1 order;" in got.reason and "has 0 left" in got.reason

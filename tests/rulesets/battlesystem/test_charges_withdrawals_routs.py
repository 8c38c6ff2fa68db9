"""Charges ([7.14], [11.4], [11.7]), fighting withdrawals ([7.12]), flight ([8.8]), wrap-around
([7.11]), routs ([7.15], [6.4]) and rallies ([6.1]-[6.7], [2.10])."""

from __future__ import annotations

import math

from game.core.event import DiceRolled
from game.rulesets.battlesystem import RULESET as RS
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.events import Attack, Casualties
from game.rulesets.battlesystem.formation import block_of
from game.rulesets.battlesystem.rules.common import mv_mm
from game.rulesets.battlesystem.rules.contact import engagements
from game.rulesets.battlesystem.rules.legality import options
from game.rulesets.battlesystem.rules.melee import melee_ar, resolve_melee
from game.rulesets.battlesystem.rules.morale import rout
from game.rulesets.battlesystem.rules.movement import plan_charge

from .helpers import IN, at_step, do, emitter, make_state, person, unit

MV = 9 * IN


def _lines(gap_in: float, attacker="valmark_swords", defender="orc_blades", files=8, d_files=10, a_n=16, d_n=20):
    """Attacker (side a) facing north, its front ``gap_in`` inches below the defender's front."""
    return make_state(unit("att", "a", attacker, 600.0, 400.0 + gap_in * IN, 270.0, a_n, files),
                      person("sgt", "a", "sergeant", 600.0, 400.0 + gap_in * IN, 270.0, "unit_commander", "att"),
                      unit("def", "b", defender, 600.0, 400.0, 90.0, d_n, d_files),
                      person("boss", "b", "orc_boss", 600.0, 400.0, 90.0, "unit_commander", "def"))


def test_charge__up_to_a_move_and_a_half_and_into_contact():
    """Battlesystem [7.14]: a charge goes up to 1 1/2 moves and must end in base contact."""
    s = _lines(12.0)
    p = plan_charge(s, s.units["att"], "def")
    assert p.legal and math.isclose(p.length, 12.0 * IN)
    s2, r = do(s, A.Charge(side="a", unit="att", target="def"))
    assert r.ok and s2.units["att"].charged == "def"
    assert [(e.a, e.b) for e in engagements(s2)] == [("att", "def")]
    far = _lines(14.0)
    p = plan_charge(far, far.units["att"], "def")
    assert not p.legal and "nothing" in p.reason  # 14" is beyond 13.5"


def test_charge__needs_two_thirds_of_a_move_before_contact():
    """Battlesystem [7.14]: the charging unit must move at least 2/3 of its move before contact."""
    s = _lines(5.0)
    p = plan_charge(s, s.units["att"], "def")
    assert not p.legal and "2/3" not in p.reason and "run" in p.reason
    s = _lines(6.0)
    assert plan_charge(s, s.units["att"], "def").legal


def test_charge__closed_formation_minus_one_cavalry_minus_two():
    """Battlesystem [7.14] / Table 10: -1 charging in closed formation; [11.4]: cavalry -2 more,
    unless the defender has set spears."""
    s = _lines(10.0)
    att = s.units["att"].model_copy(update={"charged": "def"})
    _, mods = melee_ar(s, att, s.units["def"])
    assert ("charging in closed formation", -1) in mods
    s = _lines(10.0, attacker="valmark_horse", files=4, a_n=8)
    att = s.units["att"].model_copy(update={"charged": "def"})
    _, mods = melee_ar(s, att, s.units["def"])
    assert ("cavalry charge", -2) in mods
    s.units["def"].set_spears = True
    _, mods = melee_ar(s, att, s.units["def"])
    assert ("cavalry charge", -2) not in mods


def test_charge__chaotic_unit_in_closed_order_checks_discipline():
    """Battlesystem [7.14], Table 7: chaotic or low-intelligence units charging in closed order
    check discipline; failing, they open their ranks and go out of command, and still charge."""
    s = make_state(unit("g", "a", "gnoll_pack", 600.0, 400.0 + 10 * IN, 270.0, 12, 6),
                   person("gl", "a", "gnoll_leader", 600.0, 400.0 + 10 * IN, 270.0, "unit_commander", "g"),
                   unit("def", "b", "valmark_swords", 600.0, 400.0, 90.0, 16, 8))
    s2, r = do(s, A.Charge(side="a", unit="g", target="def"), [10, 10])
    assert r.ok
    rolls = [e for e in r.events if isinstance(e, DiceRolled)]
    assert rolls and "discipline" in rolls[0].purpose and rolls[0].target.value == 10
    g = s2.units["g"]
    assert g.uncontrolled == "discipline" and g.formation == "open" and g.charged == "def"


def test_set_spears__strike_a_charging_enemy_first_doubled():
    """Battlesystem [11.7]: set spears do double damage to a unit that charged them, and its
    losses come off before it strikes back."""
    s = _lines(0.0, attacker="orc_blades", defender="valmark_spears", files=10, d_files=8, a_n=20, d_n=16)
    s.units["att"].charged = "def"
    s.units["def"].set_spears = True
    em = emitter(s, [1, 1, 6, 6] + [1] * 20)
    resolve_melee(em, "att", "def", {})
    atk = [e for e in em.events if isinstance(e, (Attack, Casualties))]
    assert isinstance(atk[0], Attack) and atk[0].attacker == "def" and "x2" in atk[0].text
    assert isinstance(atk[1], Casualties) and atk[1].unit == "att"


def test_set_spears__refused_once_an_enemy_charge_has_reached_the_unit():
    """Battlesystem [11.7]: spears are set before the unit moves, against a charge still to
    come; once an enemy charge has reached the unit earlier in the same movement phase the
    rules refuse them (naming the charger and the rule), and neither the agents' candidates nor
    the action bar offer them (README, Deviations and decisions)."""
    s = _lines(10.0, attacker="orc_blades", defender="valmark_spears", files=10, d_files=8, a_n=20, d_n=16)
    spears = A.SpecialFormation(side="b", unit="def", formation="set_spears")
    assert RS.check(at_step(s, "move", "b"), spears).ok  # before the charge: allowed
    charged, r = do(s, A.Charge(side="a", unit="att", target="def"))
    assert r.ok and charged.units["att"].charged == "def"
    t = at_step(charged, "move", "b")
    got = RS.check(t, spears)
    assert not got.ok
    assert got.reason == ("Valmark spearmen may not set their spears: Bloody Axe orcs have already charged them "
                          "this round, and spears are set before the charge ([11.7])")
    assert spears not in RS.figure_actions(t, "b", "def", None)
    _, r = do(t, spears)
    assert not r.ok and not t.units["def"].set_spears
    # a charge that fell short (no contact): not offered to the agents either
    short = at_step(s, "move", "b")
    short.units["att"].charged = "def"
    assert spears in options(at_step(s, "move", "b"), "b") and spears not in options(short, "b")
    assert A.SpecialFormation(side="b", unit="def", formation="shield_wall") in options(short, "b")


def test_fighting_withdrawal__three_inches_back_and_the_enemy_answers():
    """Battlesystem [7.12]: 3" straight back; the enemy may follow 3" or stay and then may not
    charge the unit this round."""
    s = _lines(0.0, defender="orc_blades")
    s.units["att"].engaged_start = True
    s2, r = do(s, A.Withdraw(side="a", unit="att"))
    assert r.ok and math.isclose(s2.units["att"].y, 400.0 + 3 * IN)
    assert s2.pending is not None and s2.active == "b"
    s3, r = do(s2, A.Follow(side="b", unit="def", follow=False))
    assert r.ok and "att" in s3.units["def"].no_charge and s3.pending is None
    s4, r = do(s2, A.Follow(side="b", unit="def", follow=True))
    assert r.ok and math.isclose(s4.units["def"].y, 400.0 + 3 * IN)


def test_flee__free_attack_at_minus_two_and_a_full_move_away():
    """Battlesystem [8.8]: the fleeing unit about-faces free, moves its full move away, and each
    enemy in contact gets one free attack with -2, not returned."""
    s = _lines(0.0, defender="orc_blades")
    s.units["att"].engaged_start = True
    s2, r = do(s, A.Flee(side="a", unit="att"), [3, 3] + [5, 5] * 3)
    assert r.ok
    atk = [e for e in r.events if isinstance(e, Attack)]
    assert [a.attacker for a in atk] == ["def"]
    roll = next(e for e in r.events if isinstance(e, DiceRolled))
    assert ("attacking a fleeing unit from behind", -2) in roll.modifiers
    u = s2.units["att"]
    assert math.isclose(u.heading % 360, 90.0)
    assert block_of(u).centre[1] > 400.0 + mv_mm(u) * 0.99


def test_wrap_around__flank_figures_attack_and_open_after():
    """Battlesystem [7.11]: a unit in front-to-front contact wraps figures round the enemy's
    flanks (their attack has the flank's -1); after the melee it is in open formation."""
    s = make_state(unit("att", "a", "valmark_swords", 600.0, 400.0, 270.0, 16, 8),
                   person("sgt", "a", "sergeant", 600.0, 400.0, 270.0, "unit_commander", "att"),
                   unit("def", "b", "orc_blades", 600.0, 400.0, 90.0, 6, 6))
    s.units["att"].engaged_start = True
    s2, r = do(s, A.WrapAround(side="a", unit="att", figures=2))
    assert r.ok and s2.units["att"].wrap == 2
    em = emitter(at_step(s2, "melee", "rules"), [3, 3] * 8)
    from game.rulesets.battlesystem.rules.melee import melee_phase
    melee_phase(em)
    wraps = [e for e in em.events if isinstance(e, Attack) and "wrapped" in e.text]
    assert wraps and wraps[0].figures == 4
    roll = [e for e in em.events if isinstance(e, DiceRolled) and "wrap round" in e.purpose][0]
    assert ("attacking a flank", -1) in roll.modifiers
    assert em.unit("att").formation == "open" and em.unit("att").wrap == 0


def test_rout__off_the_table_is_removed():
    """Battlesystem [7.15], [6.4]: a routing unit that runs off the table leaves the battle."""
    s = make_state(unit("u", "a", "valmark_spears", 600.0, 1150.0, 270.0, 16, 8, "open"),
                   unit("foe", "b", "orc_blades", 600.0, 1000.0, 90.0, 10, 10))
    em = emitter(s)
    rout(em, em.unit("u"), (600.0, 900.0))
    assert em.unit("u").status == "off_table"


def test_rout__the_log_reads_the_run_in_inches_only():
    """Battlesystem [7.15]: the rout's log line gives the distance run in the ruleset's
    inches (style.json ``units``), never millimetres: 10" run north in the open reads "10 in"."""
    from game.rulesets.battlesystem.events import Changed
    from game.rulesets.battlesystem.rules.morale import rout_move
    s = make_state(unit("u", "a", "valmark_spears", 600.0, 800.0, 270.0, 16, 8, "open"),
                   unit("foe", "b", "orc_blades", 600.0, 1100.0, 270.0, 10, 10))
    em = emitter(s)
    rout_move(em, em.unit("u"), 10 * IN, 270.0)
    line = next(e.text for e in em.events if isinstance(e, Changed) and " run" in e.text)
    assert line == "Valmark spearmen run 10 in"


def test_rout__through_friends_who_check_morale():
    """Battlesystem [7.15]: a rout that hits a friendly unit makes it check morale; the routers
    break around it and re-form beyond."""
    s = make_state(unit("u", "a", "valmark_spears", 600.0, 500.0, 270.0, 16, 8, "open"),
                   unit("friend", "a", "valmark_swords", 600.0, 650.0, 270.0, 16, 8),
                   unit("foe", "b", "orc_blades", 600.0, 300.0, 90.0, 10, 10))
    em = emitter(s, [1, 1])
    rout(em, em.unit("u"), (600.0, 300.0))
    rolls = [e for e in em.events if isinstance(e, DiceRolled)]
    assert rolls and "Valmark swordsmen" in rolls[0].purpose
    u = em.unit("u")
    from game.geometry.contact import convex_overlapping
    assert not convex_overlapping(block_of(u).corners, block_of(em.unit("friend")).corners).any()


def test_rout__a_routed_unit_attacked_in_melee_routs_again_and_unrallied_runs_on():
    """Battlesystem [6.4]: a routed unit that is attacked in the melee phase takes its losses
    and routs again a full move away (a second move in the round); one not rallied runs its
    full move on in the same direction in the next movement phase."""
    from game.rulesets.battlesystem.formation import block_of
    from game.rulesets.battlesystem.rules.auto import auto_moves
    from game.rulesets.battlesystem.rules.common import mv_mm
    from game.rulesets.battlesystem.rules.melee import resolve_melee
    s = make_state(unit("u", "a", "valmark_spears", 600.0, 600.0, 90.0, 16, 8, "open"),
                   unit("foe", "b", "orc_blades", 600.0, 600.0, 270.0, 20, 10))
    s.units["u"].status = "routed"
    s.units["u"].rout_heading = 90.0
    em = emitter(at_step(s, "melee", "rules"), [6, 6, 6, 6] + [1] * 10)
    before = block_of(em.unit("u")).centre
    resolve_melee(em, "foe", "u", {})
    u = em.unit("u")
    assert u.figures < 16 and u.status == "routed"
    assert math.isclose(math.dist(before, block_of(u).centre), mv_mm(u), rel_tol=1e-6)
    em2 = emitter(at_step(em.s, "move", "a"))
    here = block_of(em2.unit("u")).centre
    auto_moves(em2, "a")
    there = block_of(em2.unit("u")).centre
    assert math.isclose(math.dist(here, there), mv_mm(u), rel_tol=1e-6)
    assert math.isclose(math.degrees(math.atan2(there[1] - here[1], there[0] - here[0])) % 360.0,
                        em2.unit("u").rout_heading % 360.0, abs_tol=1e-6)


def test_rout__surrounded_without_a_gap_is_destroyed():
    """Battlesystem [7.15]: a unit that would rout with no gap of 1" to run through is destroyed;
    with such a gap it routs through it."""
    depth = 2 * 19.05 + 12.7  # two open ranks
    half = (8 * 19.05 + 7 * 12.7) / 2  # eight open files

    def pinned(gap):
        return make_state(unit("u", "a", "valmark_spears", 600.0, 600.0, 270.0, 16, 8, "open"),
                          unit("n", "b", "orc_blades", 600.0, 600.0, 90.0, 20, 10),
                          unit("s_", "b", "orc_blades", 600.0, 600.0 + depth + gap, 270.0, 20, 10),
                          unit("w", "b", "orc_blades", 600.0 - half, 600.0 + depth / 2, 0.0, 20, 5),
                          unit("e", "b", "orc_blades", 600.0 + half, 600.0 + depth / 2, 180.0, 20, 5))

    em = emitter(pinned(0.0))
    rout(em, em.unit("u"), (600.0, 500.0))
    assert em.unit("u").status == "destroyed"
    em = emitter(pinned(1.5 * IN))
    rout(em, em.unit("u"), (600.0, 500.0))
    assert em.unit("u").status == "routed"


def test_rally__a_morale_check_in_the_rally_phase_within_command_radius():
    """Battlesystem [6.1]-[6.3]: all figures within the commander's radius, not in contact; the
    rally is a morale check; a rallied unit drops its Rout marker and turns to the enemy."""
    s = make_state(unit("u", "a", "valmark_spears", 600.0, 800.0, 90.0, 16, 8, "open"),
                   person("ald", "a", "aldric", 600.0, 900.0, 270.0, "army"),
                   unit("foe", "b", "orc_blades", 600.0, 200.0, 90.0, 10, 10))
    s.units["u"].status = "routed"
    s = at_step(s, "rally", "a")
    s2, r = do(s, A.Rally(side="a", commander="ald", unit="u"), [2, 2])
    assert r.ok
    u = s2.units["u"]
    assert u.status == "ok" and u.rallied and math.isclose(u.heading % 360, 270.0)
    _, r = do(s2.model_copy(update={"queue": s.queue, "active": "a"}), A.Rally(side="a", commander="ald", unit="u"))
    assert not r.ok


def test_mob_order__given_after_a_successful_rally_attempt():
    """Battlesystem [2.10], [6.6]: a commander gives a mob an order by a successful rally attempt;
    the mob follows it in its movement step."""
    s = make_state(unit("mob", "a", "valmark_levy", 600.0, 900.0, 270.0, 16, 4, "mob"),
                   person("ald", "a", "aldric", 600.0, 1000.0, 270.0, "army"),
                   unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    s = at_step(s, "rally", "a")
    s2, r = do(s, A.GiveOrder(side="a", commander="ald", unit="mob", order="advance"), [1, 1])
    assert r.ok and s2.units["mob"].mob_order == "advance"
    s3 = at_step(s2, "move", "a")
    s3.queue[0].begun = False
    em = emitter(s3, [10, 10] * 3)
    from game.rulesets.battlesystem.turn import settle
    settle(em)
    assert em.unit("mob").y < 900.0 - 11 * IN


def test_mob__takes_the_path_of_least_resistance():
    """Battlesystem [2.10]: a mob marching on its order bears off (within the free 45 degrees)
    round rough ground straight ahead instead of wading through it at half speed; on open
    ground it goes straight on."""
    from game.rulesets.battlesystem.rules.auto import carry_out
    rough = {"id": "r", "kind": "rough", "name": "the stony field", "height": 0,
             "exterior": [[500.0, 520.0], [700.0, 520.0], [700.0, 800.0], [500.0, 800.0]]}

    def march(features):
        s = make_state(unit("mob", "a", "valmark_levy", 600.0, 900.0, 270.0, 16, 4, "mob"),
                       unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10), features=features)
        s.units["mob"].mob_order = "advance"
        em = emitter(s)
        carry_out(em, em.unit("mob"))
        return em.unit("mob")
    straight = march([])
    assert math.isclose(straight.x, 600.0, abs_tol=1e-6) and straight.y < 900.0 - 11 * IN
    veer = march([rough])
    assert abs(veer.x - 600.0) > 3 * IN and veer.y < 900.0 - 8 * IN


def test_shield_wall__ac_in_front_half_moves_and_missiles():
    """Battlesystem [11.6]: declared in command and closed order before moving, with large
    shields: +2 AC against melee attacks on its front (none on a flank), +4 against missiles
    (Table 13), half moves."""
    from game.rulesets.battlesystem.rules.melee import defender_ac
    from game.rulesets.battlesystem.rules.movement import allowance, plan_special
    s = make_state(unit("w", "a", "valmark_spears", 600.0, 500.0, 270.0, 16, 8),
                   person("sgt", "a", "sergeant", 600.0, 500.0, 270.0, "unit_commander", "w"),
                   unit("foe", "b", "orc_blades", 600.0, 500.0, 90.0, 10, 10),
                   unit("side", "b", "orc_blades", 600.0 + 4 * 19.05 + 30.0, 520.0, 180.0, 10, 10))
    assert plan_special(s, s.units["w"], "shield_wall").legal
    s2, r = do(s, A.SpecialFormation(side="a", unit="w", formation="shield_wall"))
    w = s2.units["w"]
    assert r.ok and w.shield_wall and allowance(s2, w) == MV / 2
    ac, mods = defender_ac(s2, s2.units["foe"], w)
    assert ac == 4 and mods == [("shield wall", -2)]
    assert defender_ac(s2, s2.units["side"], w) == (4, [])  # from the flank: no bonus
    swords = make_state(unit("w", "a", "valmark_swords", 600.0, 500.0, 270.0, 16, 8),
                        person("sgt", "a", "sergeant", 600.0, 500.0, 270.0, "unit_commander", "w"),
                        unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    assert "large shields" in plan_special(swords, swords.units["w"], "shield_wall").reason

"""Version 3: log wording from events alone, nova cannon at points and
phenomena, boarding and teleport declarations, Brace against Hit-and-Run,
and the worked values of spacefleet_core 1.3 and 1.13 not covered elsewhere."""

from __future__ import annotations

import subprocess
import sys

from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.display import descriptions
from game.rulesets.spacefleet.actions import Board, Fire
from game.rulesets.spacefleet.rules.common import crippled, leadership
from game.rulesets.spacefleet.rules.boarding import boarding_actions
from game.rulesets.spacefleet.events import BoardingFought, TeleportAttack, WeaponFired
from game.rulesets.spacefleet.rules.movement import move_limits
from game.rulesets.spacefleet.rules.nova import nova_reason, resolve_nova
from game.rulesets.spacefleet.rules.targets import point_target
from game.rulesets.spacefleet.data import profile

from .helpers import ctx, planet, play, ship, state

NOVA = profile("lunar_nova").weapons[4]



# -- the log names weapons from the event alone (polish 1a) ------------------------------

def test_describe__weapon_named_headless_without_figures():
    """The battle log names the weapon from the event itself: no display call needed first."""
    st = state([ship("l", "lunar", 500, 500, heading=-90), ship("m", "murder", 700, 500, heading=180)])
    events = play(st, Fire(side="imperial", ship="l", weapon=1, target="m"))
    fired = [e for e in events if isinstance(e, WeaponFired) or type(e).__name__ == "AttackDeclared"]
    assert fired and all("starboard lances" in RULESET.describe(e) for e in fired)
    assert not hasattr(descriptions, "_SHIP_OF") and not hasattr(descriptions, "remember_ships")


def test_describe__fresh_process_names_the_weapon():
    """In a process that never drew the table, an event still reads with its weapon's name."""
    code = ("from game.rulesets.spacefleet import RULESET\n"
            "from game.rulesets.spacefleet.events import WeaponFired\n"
            "print(RULESET.describe(WeaponFired(ship='l', weapon=1, target='m', weapon_name='starboard lances',"
            " dice=2, hits=1)))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "l fires starboard lances at m: 2 dice, 1 hit"


# -- nova cannon at a point or a ship (spacefleet_core 1.7 and rulings) -------------------

def _nova_state(features=()):
    return state([ship("n", "lunar_nova", 200, 500, heading=0), ship("m", "murder", 700, 900, heading=0)],
                 features=features)


def test_nova_cannon__aimed_at_a_point_in_reach():
    """spacefleet_core 1.7: the template may be placed anywhere with its edge 30-150 cm away in the arc."""
    st = _nova_state()
    n = st.ships["n"]
    assert nova_reason(st, n, NOVA, point_target(700, 500)) is None        # edge 47.5 cm ahead
    assert "30-150" in nova_reason(st, n, NOVA, point_target(400, 500))    # edge 17.5 cm
    assert "arc" in nova_reason(st, n, NOVA, point_target(100, 500))       # behind
    assert "table" in nova_reason(st, n, NOVA, point_target(900, -50))


def test_nova_cannon__direct_hit_on_a_planet_places_d6_markers_at_its_edge():
    """spacefleet_core rulings on phenomena: a nova cannon may target a planet; a direct hit (scatter die 1) puts D6 (4) BMs at its edge."""
    st = _nova_state([planet("p", 700, 500, 60)])
    c = ctx(st, [1, 4])
    resolve_nova(c, "n", 4, point_target(700, 500))
    bms = c.s.blast_markers
    assert len(bms) == 4 and all(b.field is None for b in bms)
    assert all(abs(((b.x - 700) ** 2 + (b.y - 500) ** 2) ** 0.5 - (60 + 12.5)) < 30 and b.x < 700 for b in bms)


def test_nova_cannon__a_point_on_the_nearest_enemy_needs_no_priority_test():
    """spacefleet_core 1.7 target priority (ours for points): a point on the nearest enemy's base is aiming at it; elsewhere a Ld test first."""
    st = state([ship("n", "lunar_nova", 200, 500, heading=0), ship("m", "murder", 700, 500)])
    from game.rulesets.spacefleet.rules.shooting import needs_priority_test
    n = st.ships["n"]
    assert not needs_priority_test(st, n, Fire(side="imperial", ship="n", weapon=4, target=point_target(705, 500)))
    assert needs_priority_test(st, n, Fire(side="imperial", ship="n", weapon=4, target=point_target(700, 700)))


def test_ui__nova_cannon_offered_at_a_point_and_at_a_ship_with_a_template_preview():
    """Display hooks: the nova cannon appears in point_actions and figure_actions; the preview shows the 5 cm template."""
    st = state([ship("n", "lunar_nova", 200, 500, heading=0), ship("m", "murder", 700, 500)])
    pts = RULESET.point_actions(st, "imperial", "n", 700, 600)
    nova = [a for a in pts if isinstance(a, Fire)]
    assert nova == [Fire(side="imperial", ship="n", weapon=4, target="p:700.0,600.0")]
    assert RULESET.check(st, nova[0]).ok
    at_ship = [a for a in RULESET.figure_actions(st, "imperial", "n", "m") if isinstance(a, Fire) and a.weapon == 4]
    assert at_ship == [Fire(side="imperial", ship="n", weapon=4, target="m")] and RULESET.check(st, at_ship[0]).ok
    pv = RULESET.preview(st, at_ship[0])
    assert pv["template"] == {"x": 700.0, "y": 500.0, "radius": 25.0} and pv["touches"] == ["m"]
    assert pv["odds"] == 2 / 6 and any("2D6" in t for t in pv["text"])
    assert RULESET.describe_action(nova[0], st) == "Fire prow nova cannon at the point (700, 600)"
    assert RULESET.describe_action(at_ship[0], st) == "Fire prow nova cannon at Murder class cruiser"


# -- boarding and teleport attacks (spacefleet_core 1.10) --------------------------------

def test_boarding__declared_target_is_boarded_in_the_end_phase():
    """spacefleet_core 1.10: a ship in contact with two enemies boards the one declared; 6 against 1+2 (turrets ratio, Chaos): margin 3, 3 damage."""
    st = state([ship("l", "lunar", 500, 500), ship("m1", "murder", 530, 500), ship("m2", "murder", 500, 531)])
    acts = RULESET.figure_actions(st, "imperial", "l", "m2")
    assert Board(side="imperial", ship="l", target="m2") in acts
    pv = RULESET.preview(st, Board(side="imperial", ship="l", target="m2"))
    assert pv["need"] == "D6+0 against D6+2" and abs(pv["odds"] - 6 / 36) < 1e-9
    play(st, Board(side="imperial", ship="l", target="m2"))
    assert st.assaults == {"l": "m2"}
    c = ctx(st, [6, 1, 1, 1])
    boarding_actions(c, "imperial")
    (fight,) = [e for e in c.events if isinstance(e, BoardingFought)]
    assert (fight.defender, fight.attacker_score, fight.defender_score, fight.result) == ("m2", 6, 3, "driven_back")
    assert c.s.ships["m2"].damage == 3 and c.s.ships["m1"].damage == 0


def test_boarding__needs_base_contact():
    """spacefleet_core 1.10: boarding only between ships in base contact."""
    st = state([ship("l", "lunar", 500, 500), ship("m", "murder", 600, 500)])
    assert "base contact" in RULESET.check(st, Board(side="imperial", ship="l", target="m")).reason


def test_teleport__within_10cm_shields_down_hit_and_run_critical():
    """spacefleet_core 1.10: a teleport attack reaches 10 cm and needs the target's shields down; a 6 is Engine Room (+1 damage)."""
    st = state([ship("l", "lunar", 500, 500), ship("m", "murder", 580, 500, crits=["shields_collapse"])])
    a = Board(side="imperial", ship="l", target="m", teleport=True)
    assert RULESET.check(st, a).ok
    assert RULESET.preview(st, a)["odds"] == 5 / 6
    c = ctx(st, [6])
    boarding_actions(c, "imperial")
    assert [e for e in c.events if isinstance(e, TeleportAttack)] == [TeleportAttack(ship="l", target="m", names={"l": "Lunar class cruiser", "m": "Murder class cruiser"})]
    assert "engine_room" in c.s.ships["m"].crits and c.s.ships["m"].damage == 1


def test_teleport__not_while_shields_are_up_or_beyond_10cm():
    """spacefleet_core 1.10: shields up, or more than 10 cm away: no teleport attack."""
    st = state([ship("l", "lunar", 500, 500), ship("m", "murder", 580, 500)])
    assert "shields down" in RULESET.check(st, Board(side="imperial", ship="l", target="m", teleport=True)).reason
    c = ctx(st, [])
    boarding_actions(c, "imperial")
    assert not c.events
    st = state([ship("l", "lunar", 500, 500), ship("m", "murder", 610, 500, crits=["shields_collapse"])])
    assert RULESET.check(st, Board(side="imperial", ship="l", target="m", teleport=True)).reason


def test_brace__saves_a_hit_and_run_critical_on_4():
    """spacefleet_core 1.4: Brace for Impact! protects against Hit-and-Run criticals (4+); a 3 lets a 5 (prow armament) through."""
    for save, crits in ((4, []), (3, ["prow_armament"])):
        st = state([ship("l", "lunar", 500, 500), ship("m", "murder", 580, 500, crits=["shields_collapse"], braced=True)])
        c = ctx(st, [5, save])
        boarding_actions(c, "imperial")
        assert c.s.ships["m"].crits == ["shields_collapse"] + crits


# -- worked values (spacefleet_core 1.3, 1.13) -------------------------------------------

def test_worked_values__lunar_and_murder_crippled_at_4_minimum_10_and_12_5_cm():
    """spacefleet_core 1.13 worked values: both crippled at 4 damage; minimum moves 10 cm (Lunar) and 12.5 cm (Murder)."""
    st = state([ship("l", "lunar", 500, 500), ship("m", "murder", 900, 500)], phase="movement")
    assert move_limits(st, st.ships["l"], False)[0] == 100.0
    assert move_limits(st, st.ships["m"], False)[0] == 125.0
    for sid in ("l", "m"):
        assert not crippled(ship(sid, st.ships[sid].profile, 0, 0, damage=3))
        assert crippled(ship(sid, st.ships[sid].profile, 0, 0, damage=4))


def test_radiation__interference_3_is_minus_3_leadership_for_the_turn():
    """Celestial phenomena, radiation bursts example: interference 3 means -3 Ld for every ship (Ld 8 -> 5)."""
    st = state([ship("l", "lunar", 500, 500, ld=8), ship("m", "murder", 900, 500, ld=8)], radiation=3)
    assert leadership(st, st.ships["l"]) == 5 and leadership(st, st.ships["m"]) == 5


def test_turrets__ships_in_base_contact_add_a_die_each_up_to_3():
    """spacefleet_core 1.9: ships in base contact add +1 turret die each, at most +3 (Lunar 2 turrets + 3 of 4 mates = 5 dice)."""
    from game.rulesets.spacefleet.rules.ordnance import _turret_kills, supporting_turrets
    mates = [ship(f"s{i}", "sword", 500 + dx, 500 + dy) for i, (dx, dy) in enumerate(((30, 0), (-30, 0), (0, 30), (0, -30)))]
    st = state([ship("l", "lunar", 500, 500)] + mates + [ship("m", "murder", 900, 900)])
    assert supporting_turrets(st, st.ships["l"]) == 3
    c = ctx(st, [4, 4, 4, 1, 1])
    assert _turret_kills(c, "l", 6, "torpedoes") == 3
    alone = state([ship("l", "lunar", 500, 500), ship("m", "murder", 900, 900)])
    assert supporting_turrets(alone, alone.ships["l"]) == 0

"""The Battlespace battle log names every part of a number (the battle log):
the threat level and each change to it, the cause of an extra wound, a
move's direction; a jam is told once."""

from __future__ import annotations

from game.core.logtext import event_line
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace.data import DATA
from game.rulesets.battlespace.rules.combat import enemy_attacks, melee, soldier_fires
from game.rulesets.battlespace.rules.sitrep import resolve_card

from .helpers import battle, emitter, four


def _lines(em) -> list[str]:
    return [event_line(RULESET, ev) for ev in em.events]


def test_enemy_fire__the_threat_level_and_every_change_to_it_are_printed():
    """Battlespace: Threat Level, Suppression Fire (TL -2), Go Prone (-1): a suppressed Fighter
    (TL 10) firing at a prone soldier is avoided on 7, and the line says why (10 -2 -1 = 7)."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    a, t = s.figs["s0"], s.figs["e"]
    a.suppress = [a.x, a.y, t.x, t.y]
    s.figs["s3"].prone = True  # clear of Reyes' lane of fire
    em = emitter(s, [7])
    enemy_attacks(em, em.s.figs["e"], em.s.figs["s3"])
    assert "Pfc. Tanaka tries to avoid Fighter 1's fire: D20 roll 7 vs threat level 10 -2 (suppressed) -1 (prone) = 7: avoided" in _lines(em)
    assert em.s.figs["s3"].wounds == 0


def test_enemy_fire__a_failed_avoidance_reads_as_an_attempt_that_ends_in_a_hit():
    """Battlespace: Enemy AI: Combat: the soldier rolls to avoid the shot; when the roll misses the
    threat level the line reads "tries to avoid ...: hit", never "avoids ...: hit"."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    em = emitter(s, [3])
    enemy_attacks(em, em.s.figs["e"], em.s.figs["s3"])
    line = next(x for x in _lines(em) if "Fighter 1's fire" in x)
    assert line == "Pfc. Tanaka tries to avoid Fighter 1's fire: D20 roll 3 vs threat level 10: hit"
    assert em.s.figs["s3"].wounds == 1


def test_point_blank__named_as_the_cause_of_the_second_wound():
    """Battlespace: Point Blank Range: a hit within one card length (88 mm) deals +1 wound; the
    wound line says so (a Leader has 2 wounds: one shot at point blank kills it)."""
    s = battle(four(), [("e", "leader", 457, 540, None)], features=())
    em = emitter(s, [20])
    soldier_fires(em, em.s.figs["s0"], em.s.figs["e"])
    assert "Leader 1 takes 2 wounds (Assault rifle 1 +1 (point blank) = 2), 2 in all: killed in action" in _lines(em)
    far = battle(four(), [("e", "leader", 457, 300, None)], features=())
    em = emitter(far, [20])
    soldier_fires(em, em.s.figs["s0"], em.s.figs["e"])
    assert "Leader 1 takes 1 wound (Assault rifle), 1 in all: still in the fight" in _lines(em)


def test_hand_to_hand__a_natural_20_names_its_extra_wound():
    """Battlespace: Hand to Hand Combat: a natural 20 deals +1 wound, and the line says it."""
    s = battle([("k", "pvt_kowalski", 457, 600, [])] + four(x=100, y=850)[1:], [("e", "leader", 457, 574, None)],
               features=())
    em = emitter(s, [20])
    melee(em, em.s.figs["k"], em.s.figs["e"])
    lines = _lines(em)
    assert "Hand to hand: Pvt. Kowalski against Leader 1: D20 roll 20 +3 (fight) = 23 vs threat level 14: wins" in lines
    assert "Leader 1 takes 2 wounds (hand to hand 1 +1 (a natural 20) = 2), 2 in all: killed in action" in lines


def test_weapon_jam__told_once_on_a_natural_1_and_once_by_the_sitrep_card():
    """Battlespace: Weapon Jam (a natural 1 jams the rifle) and the Weapon trouble card: one
    line says the weapon jams, not two."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    em = emitter(s, [1])
    soldier_fires(em, em.s.figs["s0"], em.s.figs["e"])
    lines = _lines(em)
    assert lines[0] == "Sgt. Reyes fires at Fighter 1: D20 roll 1 +2 (accuracy) = 3 vs threat level 10: miss"
    assert sum("jams" in ln for ln in lines) == 1 and em.s.figs["s0"].jammed
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    em = emitter(s, [])
    resolve_card(em, next(c for c in DATA.sitrep if c.effect == "weapon_trouble"))
    assert sum("jams" in ln for ln in _lines(em)) == 1


def test_move__distance_direction_and_bearing():
    """A model's move in the log: its distance in inches and its compass direction (north is up), no coordinates."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    from game.rulesets.battlespace.events import Placed
    em = emitter(s, [])
    em.emit(Placed(unit="s0", x=457, y=512))
    assert _lines(em) == ["Sgt. Reyes moves 3.5 in north"]

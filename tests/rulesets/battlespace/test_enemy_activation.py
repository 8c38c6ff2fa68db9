"""Battlespace: Enemy AI - routes to soldiers no base can stand beside (a roof, a
vehicle), the lone survivor of an element as a straggler, the scream's move
(suppression holds it; it ends in base contact, exactly), and the SITREP
phase's fresh start for the living only."""

from __future__ import annotations

import math

from game.rulesets.battlespace.data import DATA
from game.rulesets.battlespace.geo import R
from game.rulesets.battlespace.rules.enemy import activate, move_toward
from game.rulesets.battlespace.rules.sitrep import resolve_card
from game.rulesets.battlespace.sight import sees
from game.rulesets.battlespace.turn import resolve_sitrep

from .helpers import battle, emitter, four


def _block(fid, x0, y0, x1, y1, h, tags=("blocks_sight", "impassable", "cover")):
    return {"id": fid, "kind": "building", "name": fid, "exterior": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]],
            "height": h, "tags": list(tags)}


ROOF = _block("roof", 380, 300, 540, 420, 60.0, ("blocks_sight", "impassable", "elevation", "cover"))
SCREEN = _block("screen", 300, 600, 620, 640, 120.0)


def _on_roof(s):
    for u, (x, y) in zip(("s0", "s1", "s2", "s3"), ((430, 330), (490, 330), (430, 390), (490, 390))):
        f = s.figs[u]
        f.x, f.y, f.z, f.on = float(x), float(y), 60.0, "roof"


def test_route__a_soldier_on_a_roof_draws_the_enemy_to_the_nearest_point_it_can_reach():
    """Battlespace: Enemy AI - Moving: enemies take the shortest route into LoS. The soldiers all
    stand on a roof no base can stand beside on their level: the Fighter behind the screen (no
    LoS) walks toward the nearest point it can reach, round the screen, one card length."""
    s = battle(four(), [("e", "fighter", 460, 700, None)], features=(ROOF, SCREEN))
    _on_roof(s)
    e = s.figs["e"]
    assert not any(sees(s, e, s.figs[u]) for u in ("s0", "s1", "s2", "s3"))
    em = emitter(s, [10] * 8)
    activate(em, ["e"])
    moved = [ev for ev in em.events if ev.type == "bs_placed" and ev.unit == "e"]
    assert moved and DATA.tables.move_mm - 1.0 < moved[0].dist <= DATA.tables.move_mm + 0.01  # a card along its path
    assert em.s.figs["e"].y < 700 and em.s.figs["e"].x < 400  # toward the end of the screen, on its way round


def test_route__a_soldier_in_a_vehicle_draws_the_enemy_to_its_side():
    """Battlespace: Enemy AI - Moving: a soldier in a vehicle is approached to the vehicle's side
    (its centre is no place for a base)."""
    hmv = {"id": "hv", "kind": "vehicle", "exterior": [[430, 300], [490, 300], [490, 400], [430, 400]], "height": 32.0,
           "tags": ["blocks_sight", "impassable", "cover"], "properties": {"vehicle_type": "humvee"}}
    s = battle(four(), [("e", "fighter", 460, 700, None)], features=(hmv, SCREEN))
    for u in ("s0", "s1", "s2", "s3"):
        s.figs[u].x, s.figs[u].y, s.figs[u].vehicle = 460.0, 350.0, "hv"
    s.figs["s0"].seat = "driver"
    em = emitter(s, [10] * 8)
    activate(em, ["e"])
    assert [ev for ev in em.events if ev.type == "bs_placed" and ev.unit == "e"]


def test_lone_survivor_of_an_element__is_activated_as_a_straggler():
    """Battlespace: Enemy Straggler (a single enemy model) and Enemy Element (two or more): the
    last living model of an element is a straggler, so "Lone gunman" activates it and "Contact
    front" (an element) cannot apply."""
    s = battle(four(), [("a", "fighter", 300, 200, "el"), ("b", "fighter", 327, 200, "el")], features=())
    s.figs["b"].status = "kia"
    card = {c.title: c for c in DATA.sitrep}
    em = emitter(s, [10] * 8)
    resolve_card(em, card["Contact front"])
    assert "the card cannot apply and is discarded" in [ev.text for ev in em.events if ev.type == "logged"]
    em = emitter(s, [10] * 8)
    resolve_card(em, card["Lone gunman"])
    assert any(ev.type == "bs_changed" and ev.unit == "a" and ev.changes == {"activated": True} for ev in em.events)


def test_scream__a_suppressed_enemy_cannot_move():
    """Battlespace: Suppression Fire (a model under it cannot move) over the civilian's scream (the
    nearest enemy moves toward the soldier)."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    s.figs["s0"].suppress = [457.0, 600.0, 457.0, 300.0]
    em = emitter(s, [])
    move_toward(em, em.s.figs["e"], em.s.figs["s1"])
    assert not [ev for ev in em.events if ev.type == "bs_placed"]
    assert "Fighter 1 is pinned by suppression fire and cannot move" in [ev.text for ev in em.events if ev.type == "logged"]


def test_scream__the_enemy_ends_in_base_contact_exactly_and_fights():
    """Battlespace: Civilians (the scream) and Hand to Hand Combat: a Fighter 60 mm from the soldier
    (edge to edge) moves into base contact - bases touching, not a step short - and fights at once."""
    s = battle(four(x=100, y=800), [("e", "fighter", 457, 300 - 2 * R - 60, None)], features=())
    s.figs["s0"].x, s.figs["s0"].y = 457.0, 300.0
    em = emitter(s, [15])
    move_toward(em, em.s.figs["e"], em.s.figs["s0"])
    e, t = em.s.figs["e"], em.s.figs["s0"]
    assert math.isclose(math.hypot(e.x - t.x, e.y - t.y), 2 * R, abs_tol=0.01)
    assert [ev.purpose for ev in em.events if ev.type == "dice_rolled"] == ["hand to hand: Sgt. Reyes against Fighter 1"]


def test_sitrep_phase__only_living_enemies_may_act_again():
    """Battlespace: Sitrep Phase: every enemy the card did not activate acts; the activation
    markers cleared as the phase starts are those of living enemies (a killed one is not said to
    "act again")."""
    s = battle(four(), [("a", "fighter", 300, 200, None), ("b", "fighter", 600, 200, None)], features=())
    for u in ("a", "b"):
        s.figs[u].activated = True
    s.figs["b"].status = "kia"
    s.deck = ["s12"] + [c for c in s.deck if c != "s12"]
    s.phase, s.active = "sitrep", "rules"
    em = emitter(s, [10] * 20)
    resolve_sitrep(em)
    cleared = [ev.unit for ev in em.events if ev.type == "bs_changed" and ev.changes == {"activated": False}]
    assert cleared == ["a"]


def test_an_enemy_that_sees_a_soldier_stays_and_shoots():
    """Battlespace: Enemy AI - Moving (the shortest route into LoS) and Combat: an enemy that already
    sees a soldier has no route to take (ours, README): it stays where it is and attacks."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    assert sees(s, s.figs["e"], s.figs["s0"])
    em = emitter(s, [15] * 4)
    activate(em, ["e"])
    assert not [ev for ev in em.events if ev.type == "bs_placed"]
    assert [ev.kind for ev in em.events if ev.type == "bs_attacked"] == ["enemy_fire"]


def test_walk__never_stops_on_a_model_even_between_two_overlapping_stretches():
    """Moves may pass models, not end on them: an enemy whose stop would fall on two soldiers side
    by side on its path, the farther one reaching past its card of movement, stops short of both
    (the search for a free spot goes one way only, so it ends)."""
    from game.rulesets.battlespace.rules.enemy import _clear_of

    a = (0.0, 0.0)
    s = battle(four(x=100, y=800), [], features=())
    m1 = s.figs["s0"].model_copy(update={"x": 40.0, "y": 0.0})
    m2 = s.figs["s1"].model_copy(update={"x": 70.0, "y": 0.0})
    # overlap stretches along +x: m1 (15, 65), m2 (45, 95); the card ends at 80
    assert math.isclose(_clear_of(a, 1.0, 0.0, [m1, m2], 50.0, 80.0), 15.0)
    assert math.isclose(_clear_of(a, 1.0, 0.0, [m1, m2], 50.0, 100.0), 95.0)
    assert _clear_of(a, 1.0, 0.0, [m1, m2], 10.0, 80.0) == 10.0


def test_activate__has_acted_is_logged_after_the_moves():
    """Battlespace: Enemy AI: an enemy's activation reads in the order it is played: its move
    first, then that it has acted this turn (it said so before it moved)."""
    from game.core.logtext import event_line
    from game.rulesets.battlespace import RULESET

    s = battle(four(), [("e", "fighter", 460, 700, None)], features=(ROOF, SCREEN))
    _on_roof(s)
    em = emitter(s, [10] * 8)
    activate(em, ["e"])
    lines = [event_line(RULESET, ev) for ev in em.events]
    moved = next(i for i, ev in enumerate(em.events) if ev.type == "bs_placed" and ev.unit == "e")
    acted = next(i for i, t in enumerate(lines) if t.endswith("has acted this turn"))
    assert moved < acted == len(lines) - 1, lines
    assert em.s.figs["e"].activated

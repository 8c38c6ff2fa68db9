"""Battlespace's one sight adjudication (game/rulesets/battlespace/sight.py):
line of sight and cover on exact geometry, the cases the audit measured, and
the readings decided in the README (models block; roofs; vehicles)."""

from __future__ import annotations

import math

from game.core.dice import Dice
from game.core.sight import BLOCKS, COVER, CROSSFIRE
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.geo import R
from game.rulesets.battlespace.sight import adjudicate, region, sees

from .helpers import battle, four, ready


def _wall(fid, x0, y0, x1, y1, h, kind="wall", name=""):
    return {"id": fid, "kind": kind, "name": name, "exterior": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], "height": h,
            "tags": ["blocks_sight", "impassable", "cover"]}


ALLEY = (_wall("west_block", 300, 300, 450, 500, 60.0, "building", "west block"),
         _wall("east_block", 457, 300, 600, 500, 60.0, "building", "east block"))


def test_sight__seen_through_a_7mm_alley_gap_and_fire_allowed():
    """Battlespace: Fire Weapon (LoS): an enemy glimpsed through a 7 mm gap
    between two tall buildings is in sight (some of it can be seen) with cover;
    the Fire order is legal, so the overlay and the rules agree."""
    s = battle(four(x=453.5, y=700), [("e", "fighter", 453.5, 200, None)], features=ALLEY)
    for k in ("s1", "s2", "s3"):
        s.figs[k].x = 100.0 + 40 * int(k[1])
    v = adjudicate(s, s.figs["s0"], s.figs["e"], detail=True)
    assert v.sees and v.cover == "obscured"
    assert 0.0 < v.visible_fraction < 0.5
    assert {c.name for c in v.crossings} == {"west block", "east block"}
    ready(s, "s0")
    assert RULESET.check(s, A.Fire(side="fireteam", unit="s0", target="e")).ok
    # the gap shut (the blocks meet): no line of sight and Fire refused, both saying so
    s2 = battle(four(x=453.5, y=700), [("e", "fighter", 453.5, 200, None)],
                features=(_wall("w", 300, 300, 600, 500, 60.0, "building", "the block"),))
    v2 = adjudicate(s2, s2.figs["s0"], s2.figs["e"])
    assert not v2.sees and [c.role for c in v2.crossings] == [BLOCKS]
    ready(s2, "s0")
    assert "no line of sight" in RULESET.check(s2, A.Fire(side="fireteam", unit="s0", target="e")).reason


LOW = (_wall("garden", 400, 300, 520, 306, 20.0, "wall", "garden wall"),)


def test_cover__standing_behind_a_20mm_wall_in_contact_is_solid_and_names_the_heights():
    """Battlespace: Cover: a standing enemy (30 mm) touching a 20 mm wall: its
    top is seen, its foot hidden by the wall it touches: solid cover. The
    explanation compares eye 30 mm with the 20 mm wall."""
    s = battle(four(y=600), [("e", "fighter", 460, 300 - R - 0.5, None)], features=LOW)
    v = adjudicate(s, s.figs["s0"], s.figs["e"], detail=True)
    assert v.sees and v.cover == "solid"
    assert [c.id for c in v.crossings if c.role == COVER] == ["garden"]
    assert 0.0 < v.visible_fraction < 1.0
    text = v.explain()
    assert "eye 30 mm" in text and "garden wall 20 mm" in text and "target 0-30 mm" in text
    assert v.label().endswith("solid cover") and "% visible" in v.label()


def test_cover__prone_behind_a_20mm_wall_is_hidden_from_level_ground_solid_from_above():
    """A prone enemy (15 mm) touching the 20 mm wall is wholly hidden from an eye
    at 30 mm 300 mm away (the line passes the wall under 20 mm); from an eye
    100 mm up it is seen, in solid cover. Standing 10 mm off the wall: obscured."""
    s = battle(four(y=600), [("e", "fighter", 460, 300 - R - 0.5, None)], features=LOW)
    s.figs["e"].prone = True
    v = adjudicate(s, s.figs["s0"], s.figs["e"], detail=True)
    assert not v.sees and v.target_span == (0.0, 15.0) and v.visible_fraction == 0.0
    assert "eye 30 mm" in v.explain() and "garden wall 20 mm" in v.explain()
    s.figs["s0"].z = 70.0  # on a 70 mm rise: eye at 100 mm
    v = adjudicate(s, s.figs["s0"], s.figs["e"])
    assert v.sees and v.cover == "solid"
    s.figs["s0"].z = 0.0
    s.figs["e"].prone = False
    s.figs["e"].y = 300 - R - 10.0
    assert adjudicate(s, s.figs["s0"], s.figs["e"]).cover == "obscured"


def test_cover__a_soldier_in_the_middle_of_a_roof_is_obscured_not_solid():
    """Decision (README): the roof a model stands on is not terrain it is in base
    contact with; from the ground its lower part is hidden by the roof's edge,
    so it has obscured cover (not solid)."""
    roof = {"id": "roof", "kind": "building", "name": "house", "exterior": [[300, 300], [500, 300], [500, 500], [300, 500]],
            "height": 45.0, "tags": ["blocks_sight", "impassable", "elevation", "cover"]}
    s = battle(four(y=800), [("e", "fighter", 400, 400, None)], features=(roof,))
    e = s.figs["e"]
    e.z, e.on = 45.0, "roof"
    v = adjudicate(s, s.figs["s0"], e)
    assert v.sees and v.cover == "obscured"


def test_models_block__an_enemy_screens_another_but_a_soldiers_own_team_never_does():
    """Battlespace: Friendlies: a fireteam's own models do not block its sight;
    other models do (an enemy in front of another screens it)."""
    s = battle(four(x=457, y=700), [("e", "fighter", 457, 300, "g"), ("f", "fighter", 457, 400, "g")], features=())
    for k in ("s1", "s2", "s3"):
        s.figs[k].x = 100.0 + 40 * int(k[1])
    v = adjudicate(s, s.figs["s0"], s.figs["e"])
    assert v.sees and v.cover == "obscured" and v.crossings[0].id == "f"
    # a soldier between them is a friend: no screen
    s.figs["f"].x = 800.0
    s.figs["s1"].x, s.figs["s1"].y = 457.0, 500.0
    assert adjudicate(s, s.figs["s0"], s.figs["e"]).cover == "none"


def test_civilians__block_soldiers_only_and_are_named_in_the_crossfire():
    """Battlespace: Civilians: a civilian hides part of an enemy from a soldier
    (cover), never a soldier from an enemy; there he stands in the crossfire."""
    s = battle(four(x=457, y=600), [("e", "fighter", 457, 400, None)], features=())
    s.figs["c"] = s.figs["e"].model_copy(update={"id": "c", "side": "civilian", "kind": "civilian", "card": "civilian",
                                                 "x": 457.0, "y": 500.0, "group": None})
    for k in ("s1", "s2", "s3"):
        s.figs[k].x = 100.0 + 40 * int(k[1])
    assert adjudicate(s, s.figs["s0"], s.figs["e"]).cover != "none"
    v = adjudicate(s, s.figs["e"], s.figs["s0"])
    assert v.sees and v.cover == "none"
    assert [(c.id, c.role) for c in v.crossings] == [("c", CROSSFIRE)]


def test_vehicles__occupants_seen_from_the_cabin_with_the_vehicles_cover():
    """Battlespace: Vehicles: a model in an armoured vehicle has solid cover; the
    vehicle itself does not hide it from the shooter (LoS to the cabin)."""
    hmv = {"id": "hmv", "kind": "vehicle", "name": "Humvee", "exterior": [[430, 450], [490, 450], [490, 550], [430, 550]],
           "height": 32.0, "tags": ["blocks_sight", "impassable", "cover"], "properties": {"vehicle": "humvee"}}
    s = battle(four(x=100, y=850), [("e", "fighter", 460, 200, None)], features=(hmv,))
    s0 = s.figs["s0"]
    s0.x, s0.y, s0.vehicle, s0.seat = 460.0, 500.0, "hmv", "driver"
    v = adjudicate(s, s.figs["e"], s0)
    assert v.sees and v.cover == "solid" and "Humvee" in v.note


def test_verdicts__same_inputs_same_answer_across_battles():
    """The cache holds every input: moving a model or laying smoke changes the answer."""
    s = battle(four(x=457, y=700), [("e", "fighter", 457, 300, None)], features=())
    for k in ("s1", "s2", "s3"):
        s.figs[k].x = 100.0 + 40 * int(k[1])
    assert sees(s, s.figs["s0"], s.figs["e"])
    from game.rulesets.battlespace.state import Smoke
    s.smoke.append(Smoke(id="smoke1", ring=[(400, 480), (520, 480), (520, 520), (400, 520)], until_turn=3))
    assert not sees(s, s.figs["s0"], s.figs["e"])
    s.smoke[0].ring = [(0, 0), (10, 0), (10, 10), (0, 10)]  # the same id elsewhere (another battle)
    assert sees(s, s.figs["s0"], s.figs["e"])


def test_verdicts__other_models_on_the_same_spots_in_another_battle_get_their_own_ids():
    """The cache outlives a battle: a later battle that puts another civilian
    (and another enemy) on the very spots gets a verdict naming its own models,
    so Battlespace: Civilians removes the civilian who stands in the crossfire."""
    ids = []
    for enemy, civ in (("e", "c"), ("e2", "c2")):
        s = battle(four(x=457, y=600), [(enemy, "fighter", 457, 400, None)], features=())
        s.figs[civ] = s.figs[enemy].model_copy(update={"id": civ, "side": "civilian", "kind": "civilian",
                                                       "card": "civilian", "x": 457.0, "y": 500.0, "group": None})
        for k in ("s1", "s2", "s3"):
            s.figs[k].x = 100.0 + 40 * int(k[1])
        v = adjudicate(s, s.figs[enemy], s.figs["s0"])
        ids.append((v.viewer_id, [c.id for c in v.crossings if c.role == CROSSFIRE]))
    assert ids == [("e", ["c"]), ("e2", ["c2"])]


def test_region__matches_the_verdict_for_a_standing_model_on_the_ground():
    """The overlay's shading: a model standing where the region is wholly hidden
    is not seen; one standing clear of both regions is seen with no cover."""
    from shapely.geometry import Point, Polygon

    s = battle(four(x=457, y=700), [("e", "fighter", 457, 300, None)], features=LOW + ALLEY[:1])
    for k in ("s1", "s2", "s3"):
        s.figs[k].x = 60.0 + 40 * int(k[1])
    reg = region(s, s.figs["s0"])
    hidden = [Polygon(p[0], p[1:]) for p in reg.hidden]
    partial = [Polygon(p[0], p[1:]) for p in reg.partial]
    e = s.figs["e"]
    checked = 0
    for x in range(40, 880, 37):
        for y in range(40, 640, 37):
            pt = Point(x, y)
            if any(Polygon(f.exterior).distance(pt) < R + 1 for f in s.terrain):
                continue
            e.x, e.y = float(x), float(y)
            v = adjudicate(s, s.figs["s0"], e)
            # the region is for the model's centre: bases straddle its edges, so test clear cases
            ring = pt.buffer(R + 0.5)
            if any(h.covers(ring) for h in hidden):
                assert not v.sees, (x, y)
                checked += 1
            elif not any(g.intersects(ring) for g in hidden + partial):
                assert v.sees and v.cover == "none", (x, y)
                checked += 1
    assert checked > 100


def test_roofs__mission5_roof_soldiers_are_obscured_from_the_street_threat_level_9():
    """Decision (README, Roofs): the roof a soldier stands on is not terrain in base contact, so
    from the street the Mission 5 team on its rooftop has obscured cover: a Fighter's TL 10 - 1 = 9
    (before, anyone anywhere on a roof had solid cover: 8)."""
    from game.rulesets.battlespace.rules.combat import enemy_target

    from .helpers import mission

    s = mission("mission5")
    seen = [(e, f) for e in s.enemies() for f in s.soldiers() if f.on == "roof" and sees(s, e, f)]
    assert len(seen) >= 4
    for e, f in seen:
        assert adjudicate(s, e, f).cover == "obscured"
        assert enemy_target(s, e, f).value == 9, (e.id, f.id)


def test_aid_workers__have_cover_as_a_soldier_on_the_same_spot_would():
    """Battlespace: Mission 4 (the aid workers are treated as soldiers for enemy targeting) and
    Cover: an aid worker touching the 20 mm wall that hides his lower part is in solid cover, so
    the Fighter's attack needs only 8 to avoid (before, aid workers never had cover: 10)."""
    from game.rulesets.battlespace.rules.combat import enemy_target

    s = battle(four(x=100, y=850), [("e", "fighter", 460, 600, None)], features=LOW)
    s.figs["aid0"] = s.figs["s0"].model_copy(update={"id": "aid0", "side": "aid", "kind": "hostage", "card": "aid_worker",
                                                     "name": "Aid worker", "x": 460.0, "y": 300.0 - R - 0.5, "gear": {}})
    soldier_there = s.figs["s0"].model_copy(update={"x": 460.0, "y": 300.0 - R - 0.5})
    assert adjudicate(s, s.figs["e"], s.figs["aid0"]).cover == "solid"
    assert enemy_target(s, s.figs["e"], s.figs["aid0"]).value == 8 == enemy_target(s, s.figs["e"], soldier_there).value


def test_models_block__another_fireteam_screens_but_its_own_never_does():
    """Battlespace: Friendlies: only models of the same fireteam do not block its sight; in co-op,
    Bravo's soldier standing in Alpha's line hides part of the enemy from Alpha (obscured)."""
    s = battle(four(x=457, y=700), [("e", "fighter", 457, 300, None)], features=())
    for k in ("s1", "s2", "s3"):
        s.figs[k].x = 100.0 + 40 * int(k[1])
    s.figs["b"] = s.figs["s1"].model_copy(update={"id": "b", "side": "fireteam2", "x": 457.0, "y": 500.0})
    assert adjudicate(s, s.figs["s0"], s.figs["e"]).cover == "obscured"
    s.figs["b"].side = "fireteam"
    assert adjudicate(s, s.figs["s0"], s.figs["e"]).cover == "none"


def test_cover__tooltip_heights_read_in_inches():
    """Battlespace: Cover, read in the ruleset's inches (gaps.md; style.json ``units``): the
    overlay tooltip (``game/ui/los.sight_lines`` with the app's distance writer) gives the
    30 mm eye as 1.2 in, the 0-30 mm target as 0-1.2 in and the 20 mm wall as 0.8 in."""
    from game.core.logtext import distance_words, units_of
    from game.ui.los import sight_lines

    s = battle(four(y=600), [("e", "fighter", 460, 300 - R - 0.5, None)], features=LOW)
    v = adjudicate(s, s.figs["s0"], s.figs["e"], detail=True)
    lines = sight_lines(v, lambda mm: distance_words(mm, units_of("battlespace")))
    heights = next(t for t in lines if t.startswith("heights: "))
    assert heights == "heights: eye 1.2 in; target 0-1.2 in; garden wall 0.8 in"

"""The default agent's objectives (ours, README "The agent's objectives"): skirmishers without
missiles hold the objective nearest them (they may not charge or touch formed troops, Battlesystem [7.4],
[7.14], but an objective counts them); a unit that can charge, on an objective a friend also
holds with no enemy there, goes where an enemy stands on another objective; a unit short of
an objective two friends hold goes to another; late in the battle a holder does not leave its
objective for a charge far from every objective."""

from __future__ import annotations

import random

from game.rulesets.battlesystem import RULESET as RS
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.ai.agent import GeneralAgent

from .helpers import IN, make_state, person, unit

HILL = {"id": "hill", "kind": "hold", "label": "the hill", "x": 600.0, "y": 300.0, "radius": 5 * IN}
ROAD = {"id": "road", "kind": "hold", "label": "the road", "x": 600.0, "y": 900.0, "radius": 4 * IN}


def downs(*enemies, ghouls=(900.0, 150.0), orcs=(600.0, 300.0)):
    """Side a: orcs (12 figures) and ghouls (skirmishers, 6) with their bosses; side b: ``enemies``
    (placements), or 4 spearmen far off in a corner; objectives the hill and the road. No
    ghouls when ``ghouls`` is None."""
    return make_state(unit("orcs", "a", "orc_blades", *orcs, 90, 12, files=6),
                      person("boss", "a", "orc_boss", *orcs, 90, "unit_commander", "orcs"),
                      *([unit("ghouls", "a", "ghoul_pack", *ghouls, 90, 6, files=6)] if ghouls else []),
                      *(enemies or (unit("far", "b", "valmark_spears", 1100.0, 1150.0, 270, 4, files=4),)),
                      objectives=[HILL, ROAD], turn_limit=12)


def held(g: GeneralAgent, s, uid: str) -> tuple[float, float] | None:
    got = g._holding(s, s.units[uid])
    return None if got is None else (got[0], got[1])


def test_skirmishers_without_missiles_hold_the_objective_nearest_them():
    g = GeneralAgent(random.Random(1))
    s = downs()
    assert held(g, s, "ghouls") == (HILL["x"], HILL["y"])
    a = g.choose(RS, RS.view(s, "a"), "a")  # the skirmishers move first
    assert a.unit == "ghouls" and isinstance(a, (A.Advance, A.Wheel))
    assert "towards the objective" in g.reason.text


def test_a_second_holder_goes_where_the_enemy_stands_on_another_objective():
    g = GeneralAgent(random.Random(1))
    on_road = unit("spears", "b", "valmark_spears", 600.0, 900.0, 270, 8, files=4)
    s = downs(on_road, ghouls=(600.0, 260.0))
    assert held(g, s, "orcs") == (ROAD["x"], ROAD["y"])
    assert held(g, s, "ghouls") == (HILL["x"], HILL["y"])  # skirmishers stay: they cannot fight formed troops
    alone = downs(on_road, ghouls=(900.0, 150.0))  # the orcs hold the hill alone: they stay
    assert held(g, alone, "orcs") == (HILL["x"], HILL["y"])
    quiet = downs(ghouls=(600.0, 260.0))  # no enemy on the road: the orcs stay
    assert held(g, quiet, "orcs") == (HILL["x"], HILL["y"])


def test_late_in_the_battle_a_holder_charges_only_near_an_objective():
    g = GeneralAgent(random.Random(1))
    bait = unit("bait", "b", "valmark_spears", 600.0, 570.0, 270, 2, files=2)  # 10.6" off, far from both
    early = downs(bait, ghouls=None)
    a = g.choose(RS, RS.view(early, "a"), "a")
    assert isinstance(a, A.Charge) and a.target == "bait"
    late = early.clone()
    late.turn = 10  # of 12: the last three rounds
    a = g.choose(RS, RS.view(late, "a"), "a")
    assert a == A.HoldStill(side="a", unit="orcs") and g.reason.text == "Bloody Axe orcs hold the objective"


def test_a_unit_short_of_an_objective_two_friends_hold_goes_to_the_other():
    """Ours (README "The agent's objectives"): a melee unit sent to an objective that two
    friends already hold, no enemy there, does not crowd in behind them (Battlesystem [7.8]:
    friends block its way): it goes to the objective fewer friends hold, and keeps to it once
    there; with one friend on its objective it still goes there."""
    g = GeneralAgent(random.Random(1))
    skel = unit("skel", "a", "skeleton_legion", 600.0, 100.0, 90, 12, files=6)  # 8" short of the hill
    zomb = unit("zomb", "a", "zombie_horde", 600.0, 700.0, 90, 12, files=6)  # bound for the road, not on it
    s = downs(skel, zomb, unit("far", "b", "valmark_spears", 1100.0, 1150.0, 270, 4, files=4), ghouls=(600.0, 260.0))
    assert held(g, s, "zomb") == (ROAD["x"], ROAD["y"])
    assert held(g, s, "skel") == (ROAD["x"], ROAD["y"])  # orcs and ghouls hold the hill
    one = downs(skel, zomb, unit("far", "b", "valmark_spears", 1100.0, 1150.0, 270, 4, files=4), ghouls=(900.0, 150.0))
    assert held(g, one, "skel") == (HILL["x"], HILL["y"])  # only the orcs on it: the skeletons go on
    there = downs(unit("skel", "a", "skeleton_legion", 480.0, 960.0, 90, 12, files=6),
                  unit("zomb", "a", "zombie_horde", 600.0, 880.0, 90, 12, files=6),
                  unit("far", "b", "valmark_spears", 1100.0, 1150.0, 270, 4, files=4), ghouls=(600.0, 260.0))
    assert held(g, there, "skel") == (ROAD["x"], ROAD["y"])  # there, with the zombies: it stays

"""What the app offers a player is what the rules accept: a click on a vehicle or
an objective offers every action it supports (with the rules' reason where one
is refused); a suggested move toward a model or a feature ends in base contact,
exactly, so the action that needed it is legal at once; with one order left a
too-long move becomes the longest legal one; a wall in the way gets the climb
and a way round; the Objectives panel marks what is done; texts name models and
features, never ids."""

from __future__ import annotations

import math

from shapely.geometry import Point

from game.core.dice import Dice
from game.core.engine import step
from game.rulesets.battlespace import RULESET as RS
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.geo import R, geo_of

from .helpers import battle, four, mission, ready

SIDE = "fireteam"


def _do(s, a, faces=(10, 10, 10, 10)):
    assert RS.check(s, a).ok, RS.check(s, a)
    assert step(RS, s, a, Dice.scripted(list(faces))).ok


def test_clicking_the_humvee__offers_the_move_to_it_and_the_search_not_entering_a_disabled_one():
    """Mission 1: the Humvee (disabled) supports the search, not entering; from 60 mm away the app
    offers the move that ends touching it, then the search with the reason it waits; after that one
    move the search is legal (no extra 2 mm move)."""
    s = mission("mission1")
    f = s.figs["reyes"]
    f.x, f.y = 457.0, 446 + R + 60  # 60 mm south of the Humvee (432..482 x 420..446)
    for c in s.figs.values():
        c.reacted = True
    ready(s, "reyes")
    acts = RS.figure_actions(s, SIDE, "reyes", "humvee")
    assert [a.type for a in acts] == ["bs_move", "bs_interact"] and acts[1].what == "search"
    assert RS.check(s, acts[0]).ok and RS.check(s, acts[1]).reason == "Sgt. Reyes is not in base contact with the Humvee"
    assert not any(a.type == "bs_enter" for a in acts)
    assert [RS.describe_action_in(s, a) for a in acts] == ["Move to (457, 458)", "Search for survivors"]
    _do(s, acts[0])
    hv = geo_of(s).pieces["humvee"].polygon
    assert math.isclose(hv.distance(Point(s.figs["reyes"].x, s.figs["reyes"].y)), R, abs_tol=0.01)
    assert RS.check(s, A.Interact(side=SIDE, unit="reyes", what="search")).ok
    # the same from a click on the Humvee's outline (the point actions)
    s2 = mission("mission1")
    s2.figs["reyes"].x, s2.figs["reyes"].y = 457.0, 446 + R + 60
    ready(s2, "reyes")
    pts = RS.point_actions(s2, SIDE, "reyes", 457, 433)
    assert pts[0] == acts[0] and A.Interact(side=SIDE, unit="reyes", what="search") in pts


def test_moving_to_a_wounded_comrade__ends_in_base_contact_so_aid_follows():
    """Battlespace: Medical Aid needs base contact: Okafor (medic) 60 mm from the wounded Reyes is
    offered the move that ends with the bases touching (exactly 25 mm centre to centre), then aid."""
    s = battle(four(x=300, y=600), [("e", "fighter", 800, 100, None)], features=())
    s.figs["s0"].wounds = 2
    s.figs["s1"].x, s.figs["s1"].y = 300.0 + 2 * R + 60, 600.0
    ready(s, "s1")
    acts = RS.figure_actions(s, SIDE, "s1", "s0")
    assert acts[0].type == "bs_move" and RS.check(s, acts[0]).ok
    assert not RS.check(s, A.Aid(side=SIDE, unit="s1", target="s0")).ok
    _do(s, acts[0])
    a, b = s.figs["s0"], s.figs["s1"]
    assert math.isclose(math.hypot(a.x - b.x, a.y - b.y), 2 * R, abs_tol=0.01)
    assert RS.check(s, A.Aid(side=SIDE, unit="s1", target="s0")).ok


def test_one_order_left__a_too_long_move_becomes_the_longest_legal_one():
    """Battlespace: Move (88 mm, one order) and Advance (176 mm, two): with one order left a click
    150 mm away offers the 88 mm move toward it first, legal (before, a red advance)."""
    s = battle(four(x=300, y=600), [("e", "fighter", 800, 100, None)], features=())
    ready(s, "s0", orders=1)
    acts = RS.point_actions(s, SIDE, "s0", 300, 450)
    assert acts[0] == A.Move(side=SIDE, unit="s0", x=300, y=600 - 88) and RS.check(s, acts[0]).ok
    assert RS.preview(s, acts[0])["cost"] == "3.5 of 3.5 in, 1 order"  # 88 mm, read in inches


WALL = {"id": "w", "kind": "wall", "name": "garden wall", "exterior": [[250, 500], [350, 500], [350, 506], [250, 506]],
        "height": 25.0, "tags": ["blocks_sight", "impassable", "cover"]}


def test_a_low_wall_in_the_way__offers_the_move_to_it_the_way_round_and_then_the_climb():
    """Battlespace: Climb (walls are climbed over, ours) and Move: a click beyond a low wall offers the
    move that ends touching the wall and the first leg of the way round it, both legal; touching the
    wall, the same click offers the climb, named by the wall's name."""
    s = battle(four(x=600, y=800), [("e", "fighter", 800, 100, None)], features=(WALL,))
    s.figs["s0"].x, s.figs["s0"].y = 300.0, 560.0
    ready(s, "s0")
    acts = RS.point_actions(s, SIDE, "s0", 300, 460)
    moves = [a for a in acts if a.type == "bs_move" and RS.check(s, a).ok]
    assert len(moves) >= 2
    to_wall = [m for m in moves if math.isclose(m.x, 300) and math.isclose(m.y, 506 + R, abs_tol=0.01)]
    around = [m for m in moves if not math.isclose(m.x, 300)]
    assert to_wall and around
    _do(s, to_wall[0])
    acts = RS.point_actions(s, SIDE, "s0", 300, 460)
    climb = A.Climb(side=SIDE, unit="s0", feature="w")
    assert climb in acts and RS.check(s, climb).ok is False  # one order left: a climb takes two
    assert RS.describe_action_in(s, climb) == "Climb the garden wall"
    ready(s, "s0")
    assert RS.point_actions(s, SIDE, "s0", 300, 460)[0] == climb and RS.check(s, climb).ok


def test_objectives_panel__mission2_capture_is_shown_until_awad_is_taken_out():
    """The app's objectives panel (the ruleset's ``objective_status``), Mission 2 (ours: capture):
    Awad a prisoner is not yet done - he has to be taken out - and is done once he is."""
    s = mission("mission2")
    assert RS.objective_status(s)["awad"] == ("open", "")
    s.figs["reyes"].status = "exfil"
    assert RS.objective_status(s)["exfil"] == ("open", "1 out")
    s.figs["awad"] = s.figs["a0"].model_copy(update={"id": "awad", "kind": "prisoner"})
    assert RS.objective_status(s)["awad"] == ("open", "captured: take him out")
    s.figs["awad"].status = "exfil"
    assert RS.objective_status(s)["awad"] == ("done", "taken out a prisoner")

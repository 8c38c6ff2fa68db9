"""Driving vehicles (Battlespace: Vehicles: a land vehicle's movement is capped at one advance):
the driver's move order moves the vehicle and everyone inside,
up to 176 mm, stopping at first contact (real geometry, scripted dice)."""

from __future__ import annotations

import math

from game.core.dice import Dice
from game.core.engine import step
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.display.describe import describe
from game.rulesets.battlespace.events import VehicleMoved
from game.rulesets.battlespace.geo import R, geo_of
from game.rulesets.battlespace.sight import adjudicate
from game.rulesets.battlespace.rules.orders import on_exit

from .helpers import WALL, battle, four

# a Humvee 50 x 26 mm centred on (457, 500)
HUMVEE = {"id": "hmv", "kind": "vehicle", "exterior": [[432, 487], [482, 487], [482, 513], [432, 513]], "height": 32.0,
          "tags": ["blocks_sight", "impassable", "cover"], "properties": {"vehicle_type": "humvee"}}


def _crew(features=(HUMVEE,), enemies=(), crew=("s0", "s1"), vid="hmv", mission="m5_retreat"):
    s = battle(four(x=100, y=800), list(enemies), features=features, mission=mission)
    c = geo_of(s).pieces[vid].polygon.centroid
    for unit, seat in zip(crew, ("driver", "gunner", "passenger")):
        f = s.figs[unit]
        f.vehicle, f.seat, f.x, f.y = vid, seat, c.x, c.y
    return s


def _ready(s, unit, orders=2):
    f = s.figs[unit]
    f.activated, f.orders, f.used, f.move_only = True, orders, [], False
    s.current = unit
    return f


def _drive(s, unit, x, y, advance=False):
    return step(RULESET, s, A.Move(side="fireteam", unit=unit, x=x, y=y, advance=advance), Dice.scripted([]))


def test_drive__driver_move_order_moves_vehicle_and_passengers_up_to_an_advance():
    """Battlespace: Vehicles: land vehicles move up to an advance (176 mm); the driver gives a move order (1)."""
    s = _crew()
    _ready(s, "s0")
    res = _drive(s, "s0", 457 + 170, 500)
    assert res.ok, res
    moved = [e for e in res.events if isinstance(e, VehicleMoved)]
    assert len(moved) == 1 and moved[0].dist == 170.0 and moved[0].stopped_by == ""
    poly = geo_of(s).pieces["hmv"].polygon
    assert poly.bounds == (602.0, 487.0, 652.0, 513.0)
    assert (s.figs["s0"].x, s.figs["s0"].y) == (627.0, 500.0) and (s.figs["s1"].x, s.figs["s1"].y) == (627.0, 500.0)
    assert s.figs["s0"].orders == 1 and "move" in s.figs["s0"].used
    assert s.vehicles["hmv"].dx == 170.0
    assert describe(moved[0]) == "The Humvee drives 6.7 in east"


def test_drive__longer_than_an_advance_or_as_an_advance_order_is_illegal():
    """Battlespace: Vehicles: up to an advanced movement: 177 mm is too far; the advance order is not needed."""
    s = _crew()
    _ready(s, "s0")
    why = RULESET.check(s, A.Move(side="fireteam", unit="s0", x=457 + 177, y=500))
    assert not why.ok and "176" in why.reason
    assert not RULESET.check(s, A.Move(side="fireteam", unit="s0", x=457 + 100, y=500, advance=True)).ok


def test_drive__only_the_driver_drives():
    """Battlespace: Vehicles: Seating: the gunner (second seat) shoots or gets out; he does not drive."""
    s = _crew()
    _ready(s, "s1")
    why = RULESET.check(s, A.Move(side="fireteam", unit="s1", x=457 + 50, y=500))
    assert not why.ok and "wheel" in why.reason


def test_drive__stops_where_the_footprint_first_touches_impassable_terrain():
    """Movement through first_contact: a wall (y 340..346) stops the Humvee (front edge y 487) at y 346."""
    wall = dict(WALL, exterior=[[400, 340], [520, 340], [520, 346], [400, 346]])
    s = _crew(features=(HUMVEE, wall))
    _ready(s, "s0")
    res = _drive(s, "s0", 457, 500 - 176)
    assert res.ok
    ev = next(e for e in res.events if isinstance(e, VehicleMoved))
    assert ev.stopped_by == "wall"
    poly = geo_of(s).pieces["hmv"].polygon
    assert math.isclose(poly.bounds[1], 346.05, abs_tol=0.02)
    assert not poly.intersects(geo_of(s).pieces["wall"].polygon)


def test_drive__stops_on_contact_with_a_model():
    """A vehicle does not drive through models: an enemy base 60 mm ahead of the front stops it, touching."""
    s = _crew(enemies=[("e", "fighter", 560, 500, None)])
    _ready(s, "s0")
    res = _drive(s, "s0", 457 + 150, 500)
    assert res.ok
    ev = next(e for e in res.events if isinstance(e, VehicleMoved))
    assert ev.stopped_by == "Fighter 1"
    front = geo_of(s).pieces["hmv"].polygon.bounds[2]
    assert math.isclose(front, 560 - R - 0.05, abs_tol=0.02)


def test_drive__a_corner_of_a_building_against_the_vehicle_side_stops_it():
    """Polygon against polygon: a wall corner that meets the side of the footprint (not a corner) stops it."""
    post = {"id": "post", "kind": "wall", "exterior": [[520, 470], [600, 470], [600, 495], [520, 495]], "height": 25.0,
            "tags": ["blocks_sight", "impassable"]}
    s = _crew(features=(HUMVEE, post))
    _ready(s, "s0")
    res = _drive(s, "s0", 457 + 100, 500)
    assert res.ok
    poly = geo_of(s).pieces["hmv"].polygon
    assert math.isclose(poly.bounds[2], 519.95, abs_tol=0.02)


def test_drive__a_disabled_vehicle_stays_put():
    """Battlespace: Vehicles: a disabled vehicle can no longer be used."""
    s = _crew()
    s.vehicles["hmv"].disabled = True
    _ready(s, "s0")
    assert not RULESET.check(s, A.Move(side="fireteam", unit="s0", x=457 + 50, y=500)).ok


def test_drive__sight_and_cover_follow_the_vehicle():
    """LoS is made to and from the cabin: after the drive the Humvee blocks sight at its new place only."""
    s = _crew(crew=("s0",), enemies=[("e", "fighter", 627, 200, None)])
    s.figs["s1"].x, s.figs["s1"].y = 627.0, 700.0
    assert adjudicate(s, s.figs["s1"], s.figs["e"]).sees
    _ready(s, "s0")
    assert _drive(s, "s0", 457 + 170, 500).ok
    assert not adjudicate(s, s.figs["s1"], s.figs["e"]).sees


def test_drive__the_crew_exfils_when_the_vehicle_touches_an_exfil_edge():
    """Exfil: the vehicle drives up to the exfil edge (south) and the soldiers in it leave the table."""
    s = _crew()
    for f in ("s0", "s1"):
        s.figs[f].y += 900 - 513 - 40
    for feat in s.terrain:
        if feat.id == "hmv":
            feat.exterior = [(x, y + 900 - 513 - 40) for x, y in feat.exterior]
    s.map_sha += "-moved"
    assert not on_exit(s, s.figs["s0"])
    _ready(s, "s0")
    assert _drive(s, "s0", 457, s.figs["s0"].y + 54).ok
    assert geo_of(s).pieces["hmv"].polygon.bounds[3] == 914.0
    assert on_exit(s, s.figs["s0"]) and on_exit(s, s.figs["s1"])
    assert step(RULESET, s, A.Exfil(side="fireteam", unit="s0"), Dice.scripted([])).ok
    assert s.figs["s0"].status == "exfil"


def test_terrain__the_driven_vehicle_piece_is_at_its_new_place():
    """Display hook ``terrain(state)``: the table's terrain as it stands, the driven vehicle at its
    moved footprint, every other piece where the map put it (the rules' own pieces, not a copy)."""
    s = _crew(features=(HUMVEE, WALL))
    before = {p.id: p.polygon.bounds for p in RULESET.terrain(s)}
    assert before["hmv"] == (432.0, 487.0, 482.0, 513.0)
    _ready(s, "s0")
    assert _drive(s, "s0", 457 + 170, 500).ok
    after = RULESET.terrain(s)
    assert [p.id for p in after] == list(before)
    by = {p.id: p for p in after}
    assert by["hmv"].polygon.bounds == (602.0, 487.0, 652.0, 513.0)
    assert by["hmv"].kind == "vehicle" and by["hmv"].has("impassable")
    assert all(by[k].polygon.bounds == b for k, b in before.items() if k != "hmv")
    assert all(p is geo_of(s).pieces[p.id] for p in after)


def test_vehicle_name__two_of_a_type_are_numbered_never_by_their_map_id():
    """Two Humvees (Mission 3) read "Humvee 1" and "Humvee 2" in the map's order (the log said
    "the Humvee lead_humvee")."""
    from game.rulesets.battlespace.names import feature_name, vehicle_name

    other = {**HUMVEE, "id": "our_humvee", "exterior": [[632, 487], [682, 487], [682, 513], [632, 513]]}
    s = battle(four(x=100, y=800), [], features=(HUMVEE, other), mission="m5_retreat")
    assert [vehicle_name(s, v) for v in ("hmv", "our_humvee")] == ["Humvee 1", "Humvee 2"]
    assert feature_name(s, "our_humvee") == "the Humvee 2"
    assert vehicle_name(battle(four(x=100, y=800), [], features=(HUMVEE,), mission="m5_retreat"), "hmv") == "Humvee"

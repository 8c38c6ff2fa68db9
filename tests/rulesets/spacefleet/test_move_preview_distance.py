"""The move preview gives the distance the move will make and the limits the
rules check it against (spacefleet_core 1.4 speed, 1.6 blast markers), the
same numbers the button label and the ``ShipMoved`` event carry."""

from __future__ import annotations

import re

import pytest

from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet import events as E
from game.rulesets.spacefleet.actions import MoveShip
from game.rulesets.spacefleet.state import BlastMarker

from .helpers import planet, play, ship, state

COST = re.compile(r"^(?P<d>\d+\.\d) cm (?:of|asked,) (?P<lo>[\d.]+)-(?P<hi>[\d.]+) cm")

MOVES = [
    ((), 0.0, ((0.0, 200.0),)),                      # straight, the whole 20 cm
    ((), 0.0, ((0.0, 100.0),)),                      # the least, half speed
    ((), 0.0, ((0.0, 100.0), (45.0, 100.0))),        # straight run, then a turn to starboard
    ((), 0.0, ((0.0, 100.0), (-30.0, 59.3))),        # an odd distance after a turn to port
    ((planet("p", 700, 700, 50, size="large"),), 45.0, ((0.0, 150.0),)),  # a free gravity-well turn first
]


@pytest.mark.parametrize("features,pre,legs", MOVES)
def test_preview_distance_is_the_distance_moved(features, pre, legs):
    """The preview's "N cm of A-B cm" is the executed move's distance (its event) and the button's."""
    st = state([ship("l", "lunar", 500, 500, heading=0)], features, phase="movement")
    a = MoveShip(side="imperial", ship="l", pre_turn=pre, legs=legs)
    assert RULESET.check(st, a).ok
    m = COST.match(RULESET.preview(st, a)["cost"])
    assert m, RULESET.preview(st, a)["cost"]
    moved = next(e for e in play(st, a) if isinstance(e, E.ShipMoved))
    assert m["d"] == f"{moved.distance / 10:.1f}" == f"{sum(d for _, d in legs) / 10:.1f}"
    assert RULESET.describe_action(a, st).startswith(f"Move {m['d']} cm")
    assert (float(m["lo"]), float(m["hi"])) == (10.0, 20.0)


def test_preview_limits_count_the_blast_marker_loss_on_a_refused_move():
    """spacefleet_core 1.6: a ship in contact with a blast marker loses 5 cm; a move past that is
    refused, and the preview states the 15-25 cm the check used, not the ship's 30 cm speed."""
    raider = ship("r", "infidel", 500, 500, heading=0, side="imperial")
    st = state([raider], phase="movement", blast_markers=[BlastMarker(id=1, x=500, y=500 + raider.radius + 5)])
    too_far = MoveShip(side="imperial", ship="r", legs=((0.0, 300.0),))
    verdict = RULESET.check(st, too_far)
    assert not verdict.ok and "at most 25.0 cm" in verdict.reason
    assert RULESET.preview(st, too_far)["cost"] == "30.0 cm asked, 15-25 cm allowed"
    ok = MoveShip(side="imperial", ship="r", legs=((0.0, 250.0),))
    assert RULESET.preview(st, ok)["cost"] == "25.0 cm of 15-25 cm"
    moved = next(e for e in play(st, ok) if isinstance(e, E.ShipMoved))
    assert moved.distance == 250.0

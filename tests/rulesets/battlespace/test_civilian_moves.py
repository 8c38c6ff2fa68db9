"""Battlespace: Civilians - the reaction chart's moves end exactly where the
rules say: "Buy my DvDs" walks into base contact (so the soldier's order sends
him away at once), a scream's run stops where the base first touches a wall."""

from __future__ import annotations

import math

from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.geo import R
from game.rulesets.battlespace.rules.civilians import _react_one

from .helpers import battle, emitter, four, ready

SIDE = "fireteam"


def _civilian(s, x, y):
    s.figs["c"] = s.figs["s3"].model_copy(update={"id": "c", "side": "civilian", "kind": "civilian", "card": "civilian",
                                                  "name": "Civilian", "x": float(x), "y": float(y), "gear": {}})


def test_buy_my_dvds__walks_into_base_contact_and_can_be_sent_away_at_once():
    """D20 8-13: the civilian advances toward the soldier and stops in base contact - 11 mm of gap
    closed exactly, not a 4 mm step short - so "Get the hell outta here!" is legal at once."""
    s = battle(four(x=100, y=800), [], features=())
    s.figs["s0"].x, s.figs["s0"].y = 457.0, 600.0
    _civilian(s, 457, 600 - 2 * R - 11)
    em = emitter(s, [10])
    _react_one(em, em.s.figs["c"], em.s.figs["s0"])
    c, f = em.s.figs["c"], em.s.figs["s0"]
    assert math.isclose(math.hypot(c.x - f.x, c.y - f.y), 2 * R, abs_tol=1e-6)
    s = em.s
    ready(s, "s0")
    assert RULESET.check(s, A.Interact(side=SIDE, unit="s0", what="c")).ok


def test_scream__runs_one_card_away_and_stops_where_its_base_first_touches_a_wall():
    """D20 4-7: the civilian moves away from the soldier, one card length, unless a wall comes
    first: his base then touches it exactly."""
    wall = {"id": "w", "kind": "wall", "exterior": [[400, 340], [520, 340], [520, 346], [400, 346]], "height": 25.0,
            "tags": ["blocks_sight", "impassable", "cover"]}
    s = battle(four(x=100, y=800), [], features=(wall,))
    s.figs["s0"].x, s.figs["s0"].y = 457.0, 500.0
    _civilian(s, 457, 400)
    em = emitter(s, [5])
    _react_one(em, em.s.figs["c"], em.s.figs["s0"])
    c = em.s.figs["c"]
    assert math.isclose(c.x, 457.0) and math.isclose(c.y, 346 + R, abs_tol=1e-6)

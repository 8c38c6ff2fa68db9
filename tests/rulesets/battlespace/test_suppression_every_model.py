"""Battlespace: Suppression Fire - every model in the card or the lane is under
it, whoever fires: a teammate in the lane (-2 to all his rolls, no moving) and a
civilian in the card (no moving) as well as the enemy; not the shooter, nor the
men in his vehicle (README: Deviations and decisions)."""

from __future__ import annotations

from game.core.dice import Dice
from game.core.engine import step
from game.rulesets.battlespace import RULESET
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.rules.civilians import run
from game.rulesets.battlespace.rules.common import soldier_roll_mods, suppressed
from game.rulesets.battlespace.turn import initiative_mods

from .helpers import battle, emitter, four, ready

SIDE = "fireteam"


def _suppressing(s, shooter, target):
    a, t = s.figs[shooter], s.figs[target]
    a.suppress = [a.x, a.y, t.x, t.y]


def test_a_teammate_in_the_lane_is_suppressed_minus_2_and_cannot_move():
    """Okafor stands in Reyes' lane of fire (63 mm wide): -2 to all his rolls (initiative and
    shooting alike) and only shooting attacks; Tanaka, clear of it, is not suppressed."""
    s = battle(four(x=457, y=700), [("e", "fighter", 457, 300, None)], features=())
    s.figs["s1"].x, s.figs["s1"].y = 470.0, 560.0  # between Reyes and the Fighter
    _suppressing(s, "s0", "e")
    assert suppressed(s, s.figs["s1"]) and not suppressed(s, s.figs["s3"]) and not suppressed(s, s.figs["s0"])
    assert ("under suppression fire", -2) in initiative_mods(s, s.figs["s1"])
    assert ("under suppression fire", -2) in soldier_roll_mods(s, s.figs["s1"])
    ready(s, "s1")
    why = RULESET.check(s, A.Move(side=SIDE, unit="s1", x=540, y=560))
    assert not why.ok and why.reason == "Cpl. Okafor is under suppression fire: only shooting attacks"
    assert RULESET.check(s, A.Fire(side=SIDE, unit="s1", target="e")).ok


def test_a_civilian_in_the_card_cannot_run():
    """A civilian under the card laid on the Fighter beside him cannot move (his scream's run),
    and the line says why; out of it, he runs."""
    s = battle(four(x=457, y=700), [("e", "fighter", 457, 300, None)], features=())
    s.figs["c"] = s.figs["e"].model_copy(update={"id": "c", "side": "civilian", "kind": "civilian", "card": "civilian",
                                                 "name": "Civilian", "x": 490.0, "y": 300.0, "group": None})
    _suppressing(s, "s0", "e")
    em = emitter(s, [])
    run(em, em.s.figs["c"], 1.0, 0.0, 88.0)
    assert not [ev for ev in em.events if ev.type == "bs_placed"]
    assert "Civilian c is pinned down by suppression fire and cannot move" in [ev.text for ev in em.events if ev.type == "logged"]
    s.figs["s0"].suppress = None
    em = emitter(s, [])
    run(em, em.s.figs["c"], 1.0, 0.0, 88.0)
    assert [(ev.x, ev.y) for ev in em.events if ev.type == "bs_placed"] == [(578.0, 300.0)]


def test_laying_suppression_with_a_teammate_in_the_lane_pins_him_too():
    """Resolved through the engine: Reyes suppresses the Fighter with Okafor in the lane; Okafor's
    initiative roll then carries -2 (15 - 2 = 13 still activates him)."""
    s = battle(four(x=457, y=700), [("e", "fighter", 457, 300, None)], features=())
    s.figs["s1"].x, s.figs["s1"].y = 440.0, 520.0
    assert step(RULESET, s, A.Activate(side=SIDE, unit="s0"), Dice.scripted([15])).ok
    assert step(RULESET, s, A.Suppress(side=SIDE, unit="s0", target="e"), Dice.scripted([])).ok
    assert step(RULESET, s, A.EndActivation(side=SIDE, unit="s0"), Dice.scripted([])).ok
    r = step(RULESET, s, A.Activate(side=SIDE, unit="s1"), Dice.scripted([15]))
    roll = [e for e in r.events if e.type == "dice_rolled"][0]
    assert ("under suppression fire", -2) in roll.modifiers and roll.total == 13

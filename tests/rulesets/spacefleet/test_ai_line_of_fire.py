"""The default agent reads the line of fire with the ruleset's one sight
adjudication (``sight.blocker`` / ``sight.shifts``): it moves where a planet
blocks the enemy's line of fire (spacefleet_core: line of sight and planets),
and counts blast markers and gas clouds on a line of fire as the one column
shift they are (spacefleet_core 1.7; celestial phenomena: gas and dust
clouds), for the enemy's reply and for its own next shot. Scripted
positions, real rules and geometry."""

from __future__ import annotations

import random

import pytest

from game.rulesets.spacefleet import RULESET
from game.rulesets.spacefleet.ai import ai
from game.rulesets.spacefleet.ai.ai_eval import _fire_next, _reply_value, _scene
from game.rulesets.spacefleet.rules.movement import plan_move
from game.rulesets.spacefleet.sight import sight, shifts
from game.rulesets.spacefleet.state import BlastMarker

from .helpers import area, planet, ship, state


@pytest.mark.parametrize("planet_x", [780.0, 1020.0])
def test_agent__moves_where_the_planet_blocks_both_enemies_lines_of_fire(planet_x):
    """A Sword escort (one hit) facing two Murder cruisers 60 cm off, a small
    planet 2 cm off its path to one side: its move ends behind the planet,
    out of both cruisers' lines of fire, whichever side the planet is on."""
    sword = ship("sw", "sword", 900, 900, -90)
    foes = [ship("m1", "murder", 900, 300, 90), ship("m2", "murder", 950, 250, 90)]
    st = state([sword, *foes], [planet("p", planet_x, 700, 90)], phase="movement", orders_failed=True)
    a = ai.FleetAgent(random.Random(1)).choose(RULESET, st, "imperial")
    x, y = plan_move(st, a).path[-1]
    assert (x < 900) == (planet_x < 900)  # it went the planet's way
    for m in ("m1", "m2"):
        assert sight(st, st.ships[m], x, y, st.ships["sw"]) == "the planet blocks the line of fire"


def _mirror_pair(cover):
    """A Sword that may stand 10 cm left or right of a Murder's centre line
    40 cm off, ``cover`` (blast markers or a gas cloud) on the left line only."""
    sword = ship("sw", "sword", 900, 950, -90)
    murder = ship("m", "murder", 900, 500, 90)
    return sword, murder, state([sword, murder], phase="movement", **cover)


@pytest.mark.parametrize("cover", [
    {"blast_markers": [BlastMarker(id=1, x=850, y=700)]},
    {"features": [area("gc", "gas_cloud", 830, 680, 870, 720)]},
], ids=["blast marker", "gas cloud"])
def test_reply__fire_through_a_marker_or_cloud_counts_one_column_right(cover):
    """The enemy's reply at the left place crosses the marker or cloud (one
    column right: fewer hits); at the right place it is clear."""
    sword, murder, st = _mirror_pair(cover)
    sword.x = 800
    assert shifts(st, murder, sword)  # the rules' own reading: the left line is shifted
    sword.x = 1000
    assert not shifts(st, murder, sword)
    sword.x = 900
    sc = _scene(st, sword)
    left = _reply_value(st, sword, 800, 950, -90.0, sc)
    right = _reply_value(st, sword, 1000, 950, -90.0, sc)
    assert 0.0 < left < right


def test_next_shot__the_clear_line_is_worth_more_than_the_shifted_one():
    """From the left place the Sword's line to the Murder crosses a blast
    marker: its next turn's fire there is worth less than from the right."""
    sword, murder, st = _mirror_pair({"blast_markers": [BlastMarker(id=1, x=850, y=700)]})
    sc = _scene(st, sword)
    left = _fire_next(st, sword, 800, 950, -90.0, sc)
    right = _fire_next(st, sword, 1000, 950, -90.0, sc)
    assert 0.0 < left < right


def test_reply__a_planet_between_every_place_the_enemy_may_fire_from_is_cover():
    """Hard behind a planet (its edge 1 cm from the Sword's base) the
    Murder's line is blocked from where it stands and from a full move
    toward us straight or 60 degrees off: no reply is counted; the mirror
    place in the open takes one."""
    sword = ship("sw", "sword", 900, 950, -90)
    murder = ship("m", "murder", 900, 300, 90)
    st = state([sword, murder], [planet("p", 780, 800, 90)], phase="movement")
    sc = _scene(st, sword)
    covered = _reply_value(st, sword, 760, 920, -90.0, sc)
    open_ = _reply_value(st, sword, 1040, 920, -90.0, sc)
    assert covered == 0.0 < open_

"""A card laid over a round base by 0.01 mm: the base is under it (exact disc-polygon contact).

Battlespace: Area of Effect (a frag grenade's card attacks every model any part of whose base is
under it) and Suppression Fire (a model touching the suppression card or the lane of fire is
suppressed). The base is a true 25 mm circle: its drawn polygon lies up to 0.015 mm inside it.
"""

from __future__ import annotations

import math

from game.geometry.shapes import QUAD_SEGS, rectangle_template
from game.rulesets.battlespace.geo import R
from game.rulesets.battlespace.rules.combat import in_area
from game.rulesets.battlespace.rules.common import suppressed

from .helpers import battle, four

#: half-way between two corners of a round base's drawn 64-gon (30.94 degrees)
MID_CHORD = 360 / (4 * QUAD_SEGS) * 5.5


def _card_on(x: float, y: float, overlap: float):
    """A 63 x 88 card whose long side comes ``overlap`` mm over the base at (x, y), from MID_CHORD."""
    h = math.radians(MID_CHORD)
    gap = R - overlap + 63 / 2
    return rectangle_template(x + gap * math.cos(h), y + gap * math.sin(h), 63, 88, MID_CHORD + 90).polygon


def test_card_aoe__a_base_overlapped_001_mm_is_under_the_card():
    """Battlespace: Area of Effect: 0.01 mm of the base under the card is under the card."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    e = s.figs["e"]
    assert [f.id for f in in_area(s, _card_on(e.x, e.y, 0.01))] == ["e"]
    assert in_area(s, _card_on(e.x, e.y, -0.01)) == []


def test_suppression__a_base_touched_001_mm_by_the_card_is_suppressed():
    """Battlespace: Suppression Fire: the card over the enemy's base by 0.01 mm suppresses it."""
    s = battle(four(), [("e", "fighter", 457, 300, None)], features=())
    e = s.figs["e"]
    card = _card_on(e.x, e.y, 0.01)
    far = rectangle_template(100, 800, 10, 10, 0).polygon  # the lane of fire, nowhere near
    assert suppressed(s, e, zones=[("s0", card, far)])
    assert not suppressed(s, e, zones=[("s0", _card_on(e.x, e.y, -0.01), far)])

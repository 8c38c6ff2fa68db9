"""Foxhole, Combat: an enemy fires at an element that it saw at the start of
its move, at the end, or for at least half of the route it moved, measured
along the actual path (:func:`sight.route_seen`, exact shadows of the
geometry layer).

The crafted table: the viewer at (150, 50) with its eye 8 mm up; the route
along y = 150 from x = 50 to x = 250 (200 mm); walls 12 mm high from y = 95
to y = 100. A wall from x = a to x = b left of the viewer hides the route
from 150 + (a - 150) * 100/45 (its near corner) to 150 + (b - 150) * 2 (its
far corner): so with walls [100, b] and [300 - b, 200] the route is in sight
only in its middle, from h = 150 + (b - 150) * 2 to 300 - h, a share of
(300 - 2h) / 200. b = 124.5 gives 51%, b = 125.5 gives 49%.
"""

from __future__ import annotations

import pytest

from game.rulesets.foxhole.rules.fire import attackers
from game.rulesets.foxhole.sight import route_seen

from .helpers import box, el, piece, state

ROUTE = [(50.0, 150.0), (150.0, 150.0), (250.0, 150.0)]


def table(walls):
    viewer = el("v", "blue", 150, 50)
    mover = el("m", "red", 250, 150)
    terrain = [piece(f"w{i}", "buildings", box(x0, 95, x1, 100), 12, True, name=f"wall {i}") for i, (x0, x1) in enumerate(walls)]
    return state([viewer, mover], terrain=terrain, table=(300.0, 300.0)), viewer, mover


def share(b):
    h = 150 + (b - 150) * 2
    return (300 - 2 * h) / 200


@pytest.mark.parametrize("b,expect", [(124.5, 0.51), (125.5, 0.49)])
def test_route_seen__measured_along_the_path(b, expect):
    s, viewer, mover = table([(100, b), (300 - b, 200)])
    frac, geom = route_seen(s, viewer, ROUTE, 8.0)
    assert share(b) == pytest.approx(expect)
    assert frac == pytest.approx(expect, abs=1e-9)
    assert geom.length == pytest.approx(expect * 200, abs=1e-7)


def test_in_sight_51_percent_of_the_route__fires():
    """Only the middle 51% in sight, neither end: condition 3 holds."""
    s, viewer, mover = table([(100, 124.5), (175.5, 200)])
    shots = attackers(s, mover, ROUTE[0], ROUTE, ROUTE[-1])
    assert [(x.firer, x.how) for x in shots] == [("v", "route")]
    assert shots[0].point[1] == pytest.approx(150.0)


def test_in_sight_49_percent_of_the_route__does_not_fire():
    """Only the middle 49% in sight, neither end: no condition holds."""
    s, viewer, mover = table([(100, 125.5), (174.5, 200)])
    assert attackers(s, mover, ROUTE[0], ROUTE, ROUTE[-1]) == []


def test_in_sight_only_in_the_middle__a_short_stretch_does_not_fire():
    """A quarter of the route in sight, in its middle: no fire."""
    s, viewer, mover = table([(100, 137.5), (162.5, 200)])
    frac, _ = route_seen(s, viewer, ROUTE, 8.0)
    assert frac == pytest.approx(0.25, abs=1e-9)
    assert attackers(s, mover, ROUTE[0], ROUTE, ROUTE[-1]) == []


def test_in_sight_at_the_start_only__fires():
    """Condition 1: the viewer saw the start (and only 28% of the route)."""
    s, viewer, mover = table([(130, 200)])
    frac, _ = route_seen(s, viewer, ROUTE, 8.0)
    assert frac == pytest.approx((150 + (130 - 150) * 100 / 45 - 50) / 200, abs=1e-9)
    shots = attackers(s, mover, ROUTE[0], ROUTE, ROUTE[-1])
    assert [(x.firer, x.how) for x in shots] == [("v", "start")]


def test_in_sight_at_the_end_only__fires():
    """Condition 2: the viewer sees the end (and only 28% of the route)."""
    s, viewer, mover = table([(100, 170)])
    shots = attackers(s, mover, ROUTE[0], ROUTE, ROUTE[-1])
    assert [(x.firer, x.how) for x in shots] == [("v", "end")]


def test_route_seen__a_route_through_an_area_the_mover_stands_in():
    """A route point inside a sight-blocking area is seen ignoring that area
    (elements inside built-up areas see out and are seen); just outside it,
    behind its corner (x from 94.44 to 100, and mirrored), it is hidden."""
    s, viewer, mover = table([])
    s2 = state([viewer, mover], terrain=[piece("town", "buildings", box(100, 140, 200, 160), 12, True)], table=(300.0, 300.0))
    frac, geom = route_seen(s2, viewer, ROUTE, 8.0)
    hidden = 2 * (100 - (150 - 50 / 0.9))
    assert frac == pytest.approx((200 - hidden) / 200, abs=1e-9)
    from shapely.geometry import LineString
    assert geom.intersection(LineString([(100, 150), (200, 150)])).length == pytest.approx(100.0)

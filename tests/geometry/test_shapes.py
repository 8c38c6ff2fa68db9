import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from shapely.geometry import Point

from game.geometry.shapes import (
    FORWARD_90, HALVES, PRONE_EYE_MM, STANDING_EYE_MM, Arc, Base, Model, arc_of, blast,
    card_template, cone_template, disc_cover_shares, displace, forward_arc, in_arc_matrix, lane_template,
    rectangle_template, sector_polygon, template_hits,
)

SET = settings(max_examples=50, deadline=None)


def names(arcs):
    return [a.name for a in arcs]


# ----------------------------------------------------------------- bases
def test_round_base_footprint_and_centre():
    b = Base.circle(10, 20, 12.5, id="b")
    assert b.centre == (10, 20) and b.is_circle
    assert b.footprint.area == pytest.approx(math.pi * 12.5**2, rel=2e-3)
    assert b.area == pytest.approx(math.pi * 12.5**2)
    assert b.footprint.bounds == pytest.approx((-2.5, 7.5, 22.5, 32.5))


def test_rect_base_depth_runs_along_heading():
    b = Base.rect(0, 0, width=40, depth=20, heading=90)  # facing down the table (+y)
    minx, miny, maxx, maxy = b.footprint.bounds
    assert (maxx - minx, maxy - miny) == pytest.approx((40, 20))
    assert b.footprint.area == pytest.approx(800)
    assert b.bounding_radius == pytest.approx(math.hypot(40, 20) / 2)


@pytest.mark.parametrize("kw", [dict(radius=-1), dict(width=10), dict(radius=5, width=5, depth=5), dict()])
def test_bad_bases_raise(kw):
    with pytest.raises(ValueError):
        Base(0, 0, **kw)


def test_model_eye_height_defaults():
    m = Model(Base.circle(0, 0, 12.5), elevation=40)
    assert m.eye_z == 40 + STANDING_EYE_MM == 70
    assert Model(Base.circle(0, 0, 12.5), eye_height=PRONE_EYE_MM).eye_z == 15
    with pytest.raises(ValueError):
        Model(Base.circle(0, 0, 1), eye_height=-1)


def test_displace_headings_are_clockwise_with_y_down():
    assert displace((0, 0), 0, 10) == pytest.approx((10, 0))
    assert displace((0, 0), 90, 10) == pytest.approx((0, 10))  # 90 deg clockwise = down the table
    assert displace((5, 5), 180, 5) == pytest.approx((0, 5))


# ----------------------------------------------------------------- arcs
def test_quadrants_point_in_each():
    assert names(arc_of((0, 0), 0, (10, 0))) == ["front"]
    assert names(arc_of((0, 0), 0, (0, 10))) == ["right"]
    assert names(arc_of((0, 0), 0, (-10, 0))) == ["rear"]
    assert names(arc_of((0, 0), 0, (0, -10))) == ["left"]
    # facing down the table: a point below is in front
    assert names(arc_of((0, 0), 90, (0, 10))) == ["front"]


def test_point_exactly_on_arc_boundary_is_in_both():
    assert names(arc_of((0, 0), 0, (10, 10))) == ["front", "right"]
    assert names(arc_of((0, 0), 0, (-10, 10))) == ["right", "rear"]


def test_base_straddling_boundary_is_in_both_but_clear_base_in_one():
    assert names(arc_of((0, 0), 0, Base.circle(100, 95, 10))) == ["front", "right"]
    assert names(arc_of((0, 0), 0, Base.circle(100, 50, 10))) == ["front"]


def test_rect_target_and_rect_origin():
    target = Base.rect(100, 0, 20, 20)
    assert names(arc_of(Base.rect(0, 0, 10, 10), 0, target)) == ["front"]
    assert names(arc_of((0, 0), 0, target, HALVES)) == ["front"]


def test_forward_arc_45_either_side():
    a = forward_arc(45)
    assert a == Arc(0, 90, "front") and FORWARD_90.width == 90
    assert arc_of((0, 0), 0, (10, 9.9), [a]) and not arc_of((0, 0), 0, (10, 10.5), [a])


def test_arc_width_validation():
    with pytest.raises(ValueError):
        Arc(0, 0)
    with pytest.raises(ValueError):
        Arc(0, 361)


def test_in_arc_matrix_known_values():
    shooters = [[0, 0], [100, 0]]
    targets = [[50, 0], [0, 150], [-50, 0]]
    m = in_arc_matrix(shooters, [0, 180], 90, targets, radii=0)
    assert m.tolist() == [[True, False, False], [True, False, True]]
    # a disc just touching the 45-degree boundary ray counts
    r = 10.0
    c = np.array([100.0, 100.0]) + r * np.array([1, -1]) / math.sqrt(2)  # tangent from inside the sector
    c2 = np.array([100.0, 100.0]) + (r + 1e-3) * np.array([-1, 1]) / math.sqrt(2)  # just outside
    assert in_arc_matrix([[0, 0]], [0], 90, [c], radii=r)[0, 0]
    assert not in_arc_matrix([[0, 0]], [0], 90, [c2], radii=r)[0, 0]


@SET
@given(
    st.floats(-200, 200), st.floats(-200, 200), st.floats(0, 359), st.floats(10, 350),
    st.floats(-300, 300), st.floats(-300, 300), st.one_of(st.just(0.0), st.floats(0.5, 30)),
)
def test_in_arc_matrix_matches_polygons(ox, oy, heading, width, tx, ty, r):
    got = bool(in_arc_matrix([[ox, oy]], [heading], width, [[tx, ty]], radii=r)[0, 0])
    sector = sector_polygon(ox, oy, heading, width, 2000, steps_per_90=256)
    disc = Point(tx, ty).buffer(r, quad_segs=64) if r > 0 else Point(tx, ty)
    dist = sector.distance(disc)
    boundary = sector.boundary.distance(Point(tx, ty))
    if abs(boundary - r) < 0.05:  # too close to call with polygons
        return
    assert got == (dist == 0)


# ----------------------------------------------------------------- templates
def test_blast_hits_with_shares():
    bases = [Base.circle(0, 0, 12.5, id="in"), Base.circle(30, 0, 12.5, id="edge"),
             Base.circle(100, 0, 12.5, id="out"), Base.circle(50 + 12.5, 0, 12.5, id="touch")]
    hits = template_hits(blast(0, 0, 50), bases)
    by = {h.base_id: h for h in hits}
    assert set(by) == {"in", "edge", "touch"}
    assert by["in"].wholly and by["in"].share == 1.0
    assert by["edge"].wholly and by["edge"].share == 1.0  # 30 + 12.5 <= 50
    assert by["touch"].partly and by["touch"].share == pytest.approx(0.0, abs=1e-9)
    hits = template_hits(blast(0, 0, 12.5), [Base.circle(12.5, 0, 12.5, id="half")])
    # two equal circles at distance r overlap by (2pi/3 - sqrt(3)/2) r^2
    assert hits[0].share == pytest.approx((2 * math.pi / 3 - math.sqrt(3) / 2) / math.pi)


def test_polygon_path_agrees_with_analytic_for_circles():
    bases = [Base.circle(20, 5, 12.5), Base.rect(0, 35, 20, 20)]
    hits = template_hits(blast(0, 0, 30), bases)
    exact = disc_cover_shares([[0, 0]], 30, [[20, 5]], 12.5)[0, 0]
    assert hits[0].share == pytest.approx(exact, rel=5e-3)
    assert hits[1].index == 1 and 0 < hits[1].share < 1


def test_card_template_laid_away_from_thrower():
    t = card_template((100, 100), 0)  # thrower to the left, pointing +x
    assert t.polygon.bounds == pytest.approx((100, 100 - 31.5, 188, 100 + 31.5))
    t = card_template((0, 0), 90)
    assert t.polygon.bounds == pytest.approx((-31.5, 0, 31.5, 88))
    hits = template_hits(t, [Base.circle(0, 44, 12.5, id="a"), Base.circle(0, -20, 12.5, id="b")])
    assert [h.base_id for h in hits] == ["a"] and hits[0].wholly


def test_cone_and_lane_templates():
    cone = cone_template((0, 0), 0, 100, 60)
    hits = template_hits(cone, [Base.circle(50, 0, 5, id="a"), Base.circle(50, 60, 5, id="b"),
                                Base.circle(-20, 0, 5, id="c")])
    assert [h.base_id for h in hits] == ["a"]
    lane = lane_template((0, 0), (100, 0), 20)
    assert lane.polygon.area == pytest.approx(2000)
    hits = template_hits(lane, [Base.circle(50, 10, 5, id="half"), Base.circle(50, 30, 5, id="no")])
    assert [h.base_id for h in hits] == ["half"]
    assert hits[0].share == pytest.approx(0.5, abs=0.01)
    r = rectangle_template(0, 0, 10, 20, 0)
    assert r.polygon.bounds == pytest.approx((-10, -5, 10, 5))
    with pytest.raises(ValueError):
        lane_template((0, 0), (0, 0), 5)
    with pytest.raises(ValueError):
        blast(0, 0, 0)


@SET
@given(st.lists(st.tuples(st.floats(-100, 100), st.floats(-100, 100)), min_size=1, max_size=20),
       st.floats(1, 60), st.floats(0, 40))
def test_larger_blast_never_touches_fewer_bases(pts, r, extra):
    bases = [Base.circle(x, y, 12.5) for x, y in pts]
    small = template_hits(blast(3, -4, r), bases)
    big = template_hits(blast(3, -4, r + extra), bases)
    assert {h.index for h in small} <= {h.index for h in big}
    bshare = {h.index: h.share for h in big}
    for h in small:
        assert bshare[h.index] >= h.share - 1e-9


def test_disc_cover_shares_matrix_shape_and_bounds():
    s = disc_cover_shares(np.zeros((3, 2)), [5, 10, 100], np.array([[0, 0], [20, 0]]), 12.5)
    assert s.shape == (3, 2)
    assert s[2].tolist() == [1.0, 1.0]
    assert s[0, 0] == pytest.approx(25 / 156.25)

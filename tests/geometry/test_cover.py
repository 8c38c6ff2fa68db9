import pytest

from game.geometry.cover import COVER_RULE, cover_of, fraction_behind
from game.geometry.index import TerrainIndex
from game.geometry.shapes import Base, Model

from geo_scenes import wall, woods


def M(x, y, r=12.5, id=""):
    return Model(Base.circle(x, y, r, id=id))


@pytest.fixture
def ix():
    return TerrainIndex([
        wall("wall", 137.5, 0, 142.5, 100),     # a wall: the target at (150, 100) touches its end? no: see tests
        woods("wood", 40, 180, 60, 260),
        wall("crate", 262.5, 290, 280, 300),    # touches a target at (250, 300) and hides part of it
        wall("post", 150, 380, 160, 400),       # hides part of a target at (300, 400) from afar, no contact
    ], table=(400, 500))


def test_in_the_open_is_no_cover(ix):
    c = cover_of(ix, M(0, 450), M(100, 450))
    assert c.kind == "none" and c.features == () and c.visible_fraction == 1.0 and c.rule == COVER_RULE


def test_obscuring_piece_in_the_way_gives_obscured_cover(ix):
    c = cover_of(ix, M(0, 220), M(120, 220))
    assert c.kind == "obscured" and c.features == ("wood",) and "wood" in c.reason


def test_partly_hidden_without_contact_is_obscured(ix):
    c = cover_of(ix, M(0, 400), M(300, 400))
    assert c.kind == "obscured" and c.features == ("post",) and 0 < c.visible_fraction < 1


def test_contact_with_the_hiding_piece_gives_solid_cover(ix):
    c = cover_of(ix, M(400, 300), M(250, 300, id="t"))  # shooter beyond the crate
    assert c.kind == "solid" and c.features == ("crate",)
    assert 0 < c.visible_fraction < 1 and "base contact" in c.reason


def test_contact_with_a_piece_that_hides_nothing_is_not_solid(ix):
    c = cover_of(ix, M(100, 300), M(250, 300))  # shooter on the open side of the crate
    assert c.kind == "none"


def test_fraction_behind(ix):
    v, t = M(0, 50), M(250, 50)
    assert fraction_behind(ix, v, t) == 1.0
    assert fraction_behind(ix, M(0, 300), M(120, 220)) == 0.0
    assert fraction_behind(ix, M(0, 220), M(120, 220), include_obscuring=True) == 1.0
    assert fraction_behind(ix, v, t, pieces=("crate",)) == 0.0
    half = fraction_behind(ix, M(0, 400 - 10), M(300, 400 - 10 + 2 * 10))  # some of the base behind the post
    assert 0 < half < 1
    with pytest.raises(KeyError):
        fraction_behind(ix, v, t, pieces=("nope",))


def test_hidden_entirely_still_explains(ix):
    c = cover_of(ix, M(0, 50), M(250, 50))
    assert c.kind == "obscured" and c.visible_fraction == 0.0 and "cannot be seen" in c.reason

"""A point aimed at off the table is taken as the nearest point where a base
stands on it: every move or throw the app suggests (and so its preview) ends
on the table, legal or not (Battlespace: Movement; the app only suggests
what the rules accept); beyond an exfil edge the exfil is still offered."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rulesets.battlespace import RULESET as RS
from game.rulesets.battlespace import actions as A
from game.rulesets.battlespace.display.actions import on_table
from game.rulesets.battlespace.geo import R

from .helpers import mission, ready

SIDE = "fireteam"
S = mission("mission1")
W, H = S.table


def _ends(acts):
    return [(a.x, a.y) for a in acts if isinstance(a, (A.Move, A.Throw))]


def _inside(x, y):
    return R - 1e-6 <= x <= W - R + 1e-6 and R - 1e-6 <= y <= H - R + 1e-6


off_table = st.one_of(
    st.tuples(st.floats(-600, -1), st.floats(-600, 1500)),
    st.tuples(st.floats(W + 1, W + 600), st.floats(-600, 1500)),
    st.tuples(st.floats(-600, 1500), st.floats(-600, -1)),
    st.tuples(st.floats(-600, 1500), st.floats(H + 1, H + 600)))


@settings(max_examples=25, deadline=None)
@given(off_table, st.sampled_from([0, 1, 2]))
def test_moves_and_throws_aimed_off_the_table_end_on_it(aim, orders):
    s = S.model_copy(deep=True)
    if orders:
        ready(s, "reyes", orders)
    acts = RS.point_actions(s, SIDE, "reyes", *aim)
    ends = _ends(acts)
    assert ends, [RS.describe_action(a) for a in acts]
    assert all(_inside(x, y) for x, y in ends), (aim, ends)


def test_a_refused_move_off_the_west_edge_aims_at_the_edge():
    """Not activated: the move is refused (the app shows why) and aims at the
    nearest table point, 12.5 mm in from the edge, level with the aim."""
    s = S.model_copy(deep=True)
    move = next(a for a in RS.point_actions(s, SIDE, "reyes", -200.0, 700.0) if isinstance(a, A.Move))
    assert (move.x, move.y) == (R, 700.0) == on_table(s, -200.0, 700.0)
    assert not RS.check(s, move).ok


def test_exfil_is_offered_beyond_the_south_edge():
    s = S.model_copy(deep=True)
    f = ready(s, "reyes")
    f.x, f.y = 450.0, H - R  # touching the south (exfil) edge
    acts = RS.point_actions(s, SIDE, "reyes", 450.0, H + 80)
    assert any(isinstance(a, A.Exfil) for a in acts)

"""Angles as a Battlesystem player reads them ([7.9] the free oblique, [7.10]
wheels): whole degrees with the degree sign in the log and on the buttons
alike, and an advance whose oblique rounds to 0 degrees is "straight ahead"
(never "0 degrees right oblique")."""

from __future__ import annotations

from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.display.describe import describe_action
from game.rulesets.battlesystem.rules.common import angle_words, oblique_words

from .helpers import IN, do, make_state, person, texts, unit


def _one():
    return make_state(unit("u", "a", "valmark_spears", 600.0, 900.0, 270.0, 16, 8),
                      person("sgt", "a", "sergeant", 600.0, 900.0, 270.0, "unit_commander", "u"),
                      unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))


def test_words__rounding_to_zero_is_straight_ahead():
    assert oblique_words(0.3) == oblique_words(-0.4) == oblique_words(0.0) == "straight ahead"
    assert oblique_words(12.4) == "12° right oblique" and oblique_words(-30.0) == "30° left oblique"
    assert angle_words(-51.2) == "51° left"


def test_log_and_buttons__a_near_straight_advance_and_a_wheel():
    _, r = do(_one(), A.Advance(side="a", unit="u", distance=6 * IN, offset=0.3))
    assert r.ok
    line = texts(r.events)[0]  # "Valmark spearmen move 6\" straight ahead (uses 6\")"
    assert "straight ahead" in line and "oblique" not in line and "degrees" not in line, line
    assert describe_action(A.Advance(side="a", unit="u", distance=6 * IN, offset=0.3)) == 'Advance 6.0"'
    assert describe_action(A.Advance(side="a", unit="u", distance=6 * IN, offset=-20.0)) == 'Advance 6.0" 20° left'
    assert describe_action(A.Wheel(side="a", unit="u", pivot="right", angle=-51.0)) == "Wheel 51° left"
    _, r = do(_one(), A.Wheel(side="a", unit="u", pivot="right", angle=-30.0))
    assert r.ok
    line = texts(r.events)[0]
    assert " 30° to the left " in line, line


def test_a_click_under_a_degree_off_ahead_advances_straight():
    """[7.9] the click-to-move offer: an oblique under 1° is straight ahead
    (never "move 9\\" 1° right oblique" for a click a hair off the front),
    larger ones whole degrees, so the offer is what the log then says."""
    from game.rulesets.battlesystem import RULESET

    s = _one()
    x, y = 600.0 + 300.0 * 0.0122, 900.0 - 300.0  # 0.7° right of straight ahead (heading 270: north)
    adv = RULESET.point_actions(s, "a", "u", x, y)[0]
    assert isinstance(adv, A.Advance) and adv.offset == 0.0
    assert "oblique" not in RULESET.describe_action(adv)
    adv = RULESET.point_actions(s, "a", "u", 600.0 + 300.0 * 0.2126, 600.0)[0]  # 12.0° right
    assert adv.offset == 12.0
    _, r = do(s, adv)
    assert r.ok and "12° right oblique" in texts(r.events)[0]

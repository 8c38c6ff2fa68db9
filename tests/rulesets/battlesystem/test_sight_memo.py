"""Sight verdicts are remembered by everything they depend on ([10.1]; design.md Principles 1).

A verdict is kept per map by the two units, the shooting figures, and the units and magic that
stand where they could hide anything; a unit moving elsewhere reuses it, one moving into or
out of the line gets a new one, and every answer equals the one worked out afresh.
"""

from __future__ import annotations

from game.rulesets.battlesystem import sight
from game.rulesets.battlesystem.geo import geo_of

from .helpers import make_state, unit


def _fresh(s, viewer, target):
    """The verdict with every memo emptied first."""
    sight._CACHE.clear()
    geo_of(s).memo.clear()
    return sight.unit_sight(s, viewer, target)


def _moved(s, uid, **where):
    t = s.clone()
    t.units[uid] = t.units[uid].model_copy(update=where)
    return t


def _field():
    return make_state(unit("v", "a", "valmark_bows", 600.0, 700.0, 270.0, 8, 8, "open"),
                      unit("screen", "a", "valmark_swords", 640.0, 520.0, 270.0, 10, 10),
                      unit("t", "b", "orc_blades", 600.0, 300.0, 90.0, 10, 10),
                      unit("far", "b", "orc_spears", 150.0, 1100.0, 90.0, 10, 10))


def test_sight_memo__a_unit_away_from_the_line_reuses_the_verdict():
    """Battlesystem [10.1]: a unit moving well away from the viewer and the target leaves the
    verdict as it was; it comes from the memo and equals a fresh one."""
    s = _field()
    first = _fresh(s, "v", "t")
    assert first.seen and first.hiders  # the screen hides part of the target
    t = _moved(s, "far", x=1000.0, y=1100.0)
    again = sight.unit_sight(t, "v", "t")
    assert again is first
    assert _fresh(t, "v", "t") == first


def test_sight_memo__a_blocker_moving_out_of_the_line_changes_the_verdict():
    """Battlesystem [10.1]: when the screening unit steps aside the whole target is seen, though
    the viewer and the target have not moved."""
    s = _field()
    hidden = _fresh(s, "v", "t")
    t = _moved(s, "screen", x=1050.0, y=900.0)
    clear = sight.unit_sight(t, "v", "t")
    assert len(clear.seen) == 10 and len(hidden.seen) < 10 and not clear.hiders
    assert _fresh(t, "v", "t") == clear
    # and back: the first verdict again
    assert sight.unit_sight(_moved(t, "screen", x=640.0, y=520.0), "v", "t") == hidden

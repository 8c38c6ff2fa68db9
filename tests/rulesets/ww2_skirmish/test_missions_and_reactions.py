"""Hidden-mission reveals and card conditions (ww2_skirmish: Pre-Battle;
Missions: Hold the Line) and the reactions of Advanced Actions (Ambush;
Holding the Line)."""

from __future__ import annotations

from game.rulesets.ww2_skirmish import actions as A
from game.rulesets.ww2_skirmish.rules import missions

from .helpers import INCH, act, battle, emitter, refused

RIFLES = ("r1", "british_rifle_section", 600, 1000, 270)
GERMANS = ("b1", "german_rifle_squad", 600, 1000 - 10 * INCH - 25, 90)


def _kept(s, side, card):
    h = s.hands[side]
    h.kept, h.revealed, h.active_since = card, False, 1


def test_a_mission_is_revealed_after_three_turns():
    s = battle([RIFLES], [GERMANS])
    _kept(s, "red", "overtake")
    s.hands["blue"].revealed = True
    s.turn = 2
    em = emitter(s, [])
    missions.turn_end(em)
    assert not em.s.hands["red"].revealed
    s.turn = 3
    em = emitter(s, [])
    missions.turn_end(em)
    rev = [e for e in em.events if e.type == "ww2_mission_revealed"]
    assert [(e.side, e.mission) for e in rev] == [("red", "overtake")] and "3 turns have passed" in rev[0].text


def test_hold_the_line_reveals_on_entry_and_fails_at_five():
    trench = {"id": "t", "kind": "trench", "height": 0, "properties": {"side": "blue"},
              "exterior": [[300, 300], [900, 300], [900, 400], [300, 400]]}
    one = battle([("r1", "british_sergeant", 400, 350, 270)], [("b1", "german_feldwebel", 600, 100, 90)], features=[trench])
    _kept(one, "blue", "hold_the_line")
    em = emitter(one, [])
    missions.after_action(em)
    assert em.s.hands["blue"].revealed and em.s.hands["blue"].record == []
    five = battle([("r1", "british_rifle_section", 500, 350, 90), ("r2", "british_sergeant", 750, 350, 270)],
                  [("b1", "german_feldwebel", 600, 100, 90)], features=[trench])
    _kept(five, "blue", "hold_the_line")
    em = emitter(five, [])
    missions.after_action(em)
    assert em.s.hands["blue"].record == [("hold_the_line", "failed", 1)]


def test_ambush_reacts_in_the_opponents_activation():
    """A unit in ambush may fire at an enemy unit that acted in its sight; the shot is the ambusher's."""
    s = battle([RIFLES], [GERMANS])
    s.units["b1"].ambush = True
    act(s, A.Move(side="red", unit="r1", x=600, y=990, heading=270))
    p = s.pending[0]
    assert (p.kind, p.side, p.unit, p.enemy) == ("ambush", "blue", "b1", "r1") and "kar98k" in p.options
    assert "waiting for blue" in refused(s, A.Move(side="red", unit="r1", x=600, y=980, heading=270))
    evs = act(s, A.AmbushFire(side="blue", unit="b1", target="r1", weapon="kar98k"), [1, 1, 1, 1])
    assert not s.pending and not s.units["b1"].ambush
    assert any("fires its Karabiner 98k from ambush" in getattr(e, "text", "") for e in evs)


def test_holding_the_line_rerolls_ones_to_hit():
    s = battle([RIFLES], [GERMANS])
    evs = act(s, A.HoldTheLine(side="red", unit="r1", target="b1", weapon="lee_enfield"), [1, 1, 2, 2, 6, 2, 1])
    rolls = [e for e in evs if e.type == "dice_rolled"]
    assert rolls[0].faces == (1, 1, 2, 2) and "re-rolls 1s" in rolls[1].purpose and rolls[1].faces == (6, 2)

"""The set-up (ww2_skirmish: Setup Phase; Pre-Battle; Battlefield Conditions):
priority roll, the winner's choice of offence or defence, each side keeping
one of two missions, then alternating set-up, the offence first, the defence
adding a barricade alongside each unit."""

from __future__ import annotations

from game.core.ruleset import RULES_SIDE
from game.rulesets.ww2_skirmish import RULESET
from game.rulesets.ww2_skirmish import actions as A

from .helpers import act, mission_state


def _first(s, side, kind):
    return next(a for a in RULESET.legal_actions(s, side) if isinstance(a, kind))


def test_priority_role_missions_and_alternating_set_up_with_barricades():
    s = mission_state("overtake")
    assert s.stage == "start" and RULESET.active_side(s) == RULES_SIDE
    evs = act(s, A.StartBattle(side=RULES_SIDE), [2, 5, 4, 3])   # red 2, blue 5; clear (4) for D3 2 + 3
    assert s.priority == "blue" and (s.condition, s.condition_left) == ("clear", 5)
    assert [e.natural for e in evs if e.type == "dice_rolled"] == [2, 5, 4, 2]
    act(s, A.ChooseRole(side="blue", role="defence"))
    assert (s.offence, s.defence, s.stage) == ("red", "blue", "missions")
    for side in ("red", "blue"):
        drawn = list(s.hands[side].drawn)
        assert len(drawn) == 2 and drawn[0] == "overtake"
        act(s, A.KeepMission(side=side, mission="overtake"))
        assert (s.hands[side].kept, s.hands[side].backup) == ("overtake", drawn[1])
    assert s.stage == "deploy" and s.deploy_next == "red"
    act(s, _first(s, "red", A.Deploy))
    assert s.deploy_next == "blue"
    act(s, _first(s, "blue", A.Deploy))
    assert s.barricade_due and RULESET.active_side(s) == "blue"
    stock = len(s.barricade_stock)
    act(s, _first(s, "blue", A.PlaceBarricade))
    assert len(s.barricade_stock) == stock - 1 and not s.barricade_due and s.deploy_next == "red"
    assert any(f.kind in ("sandbags", "barbed_wire") and f.owner is None for f in s.features[-1:])

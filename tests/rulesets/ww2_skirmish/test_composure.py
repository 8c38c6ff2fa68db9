"""Composure (ww2_skirmish: Composure; Trenches; Rally): tokens, the test at
three tokens, at half the squad or half the wounds, the 2D6 test against CP
and the six-row table on a failure."""

from __future__ import annotations

import pytest

from game.rulesets.ww2_skirmish import actions as A
from game.rulesets.ww2_skirmish.catalogue import composure_result
from game.rulesets.ww2_skirmish.rules.attacks import rerolls_for
from game.rulesets.ww2_skirmish.rules.common import add_tokens, composure_target, composure_test, damage_model

from .helpers import act, battle, emitter, refused

RIFLES = ("r1", "british_rifle_section", 600, 1000, 270)   # CP 6+, AG 4+
ENEMY = ("b1", "german_rifle_squad", 600, 1000 - 8 * 25.4 - 25, 90)


def _state():
    return battle([RIFLES], [ENEMY])


@pytest.mark.parametrize(("face", "result"), [(1, "shell_shocked"), (2, "afraid"), (3, "in_shock"),
                                              (4, "struggling"), (5, "strong"), (6, "brave")])
def test_the_six_row_table(face, result):
    """A failed test rolls a D6 on the table; the result holds until the end of the next turn (ours)."""
    assert composure_result(face) == result
    s = _state()
    em = emitter(s, [2, 3, face])               # 2D6 = 5 < CP 6: failed
    assert composure_test(em, em.s.units["r1"], "a test") == result
    u = em.s.units["r1"]
    assert (u.status, u.status_until) == (result, 2)


def test_a_pass_is_cp_or_more_and_gives_re_rolls_of_ones():
    s = _state()
    em = emitter(s, [3, 3])                      # 6 >= 6
    assert composure_test(em, em.s.units["r1"], "a test") == "steady"
    assert rerolls_for(em.s, em.s.units["r1"], melee=False, chosen=False) == (True, False)


def test_three_tokens_force_a_test():
    s = _state()
    em = emitter(s, [6, 6])
    add_tokens(em, em.s.units["r1"], 2, "suppressed")
    assert len(em.dice.emitted) == 0
    add_tokens(em, em.s.units["r1"], 1, "suppressed")
    assert [r.total for r in em.dice.emitted] == [12]
    assert em.s.units["r1"].tokens == 3 and em.s.units["r1"].status == "steady"


def test_half_the_squad_lost_forces_one_test():
    """Losing 2 of 4 models tests once (the second loss, not the first or the third)."""
    s = _state()
    s.units["r1"].weapons = {"lee_enfield": 4}   # one kind of weapon: no loss decision
    em = emitter(s, [6, 6])
    for mid in ("r1.1", "r1.2", "r1.3"):
        damage_model(em, em.s.models[mid], 1, "b1", "a hit")
    assert len(em.dice.emitted) == 1 and em.s.units["r1"].half_tested


def test_half_the_wounds_lost_forces_a_test():
    """A sergeant (W 2) losing 1 wound tests."""
    s = battle([("r1", "british_sergeant", 600, 1000, 270)], [ENEMY])
    em = emitter(s, [1, 1, 5])
    damage_model(em, em.s.models["r1"], 1, "b1", "a hit")
    assert em.s.units["r1"].status == "strong"


def test_trench_gives_plus_one_cp():
    """Trenches: +1 CP, the 2D6 needs one less."""
    trench = {"id": "t", "kind": "trench", "exterior": [[400, 950], [800, 950], [800, 1050], [400, 1050]],
              "height": 0, "properties": {"side": "red"}}
    s = battle([RIFLES], [ENEMY], features=[trench])
    assert composure_target(s, s.units["r1"]).value == 5
    assert composure_target(_state(), _state().units["r1"]).value == 6


def test_rally_sheds_d3_tokens_on_a_pass():
    s = _state()
    s.units["r1"].tokens = 3
    act(s, A.Rally(side="red", unit="r1"), [4, 2, 3])   # 2D6 = 6 passes CP 6+; the D3 (a D6 halved, up) shows 2
    assert s.units["r1"].tokens == 1
    act(s, A.Rally(side="red", unit="r1"), [1, 2])      # 3 fails: no token shed
    assert s.units["r1"].tokens == 1


def test_results_restrict_actions():
    s = _state()
    shoot = A.Shoot(side="red", unit="r1", target="b1", weapon="lee_enfield")
    s.units["r1"].status, s.units["r1"].status_until = "in_shock", 2
    assert "non-combat actions only" in refused(s, shoot)
    s.units["r1"].status = "afraid"
    assert "must move backwards" in refused(s, shoot)
    s.units["r1"].status = "struggling"
    assert refused(s, shoot) == ""
    assert rerolls_for(s, s.units["r1"], melee=False, chosen=False) == (False, True)
    s.units["r1"].status = "brave"
    assert rerolls_for(s, s.units["r1"], melee=False, chosen=False) == (True, False)


def test_shell_shocked_acts_only_on_an_agility_test_at_minus_one():
    """Result 1: any action needs an agility test, -1 (AG 4+ needs 5+)."""
    s = _state()
    s.units["r1"].status, s.units["r1"].status_until = "shell_shocked", 2
    before = [(m.x, m.y) for m in s.alive(s.units["r1"])]
    evs = act(s, A.Move(side="red", unit="r1", x=600, y=980, heading=270), [4])
    assert [(m.x, m.y) for m in s.alive(s.units["r1"])] == before
    assert any("does nothing" in getattr(e, "text", "") for e in evs)
    rolls = [e for e in evs if e.type == "dice_rolled"]
    assert rolls[0].target.value == 5


def _shocked_beside_a_crater():
    """A shell-shocked sergeant (AG 4+, M 4") in the open, a shell crater 2" ahead."""
    crater = {"id": "c", "kind": "crater", "height": 0, "properties": {"depth_mm": 20.0},
              "exterior": [[560, 900], [640, 900], [640, 960], [560, 960]]}
    s = battle([("r1", "british_sergeant", 600, 1000, 270)], [ENEMY], features=[crater])
    s.units["r1"].status, s.units["r1"].status_until = "shell_shocked", 2
    return s


@pytest.mark.parametrize(("face", "moves"), [(5, True), (4, False)])
def test_get_to_cover_is_one_agility_test_at_minus_one(face, moves):
    """Get to Cover (shell-shocked only) rolls for agility once: that roll is the
    shell-shocked test, at -1 (AG 4+ needs 5+); a pass moves M + D4 into cover
    (README, Deviations and decisions)."""
    s = _shocked_beside_a_crater()
    evs = act(s, A.GetToCover(side="red", unit="r1", x=600, y=930, heading=270), [face, 1])
    agility = [e for e in evs if e.type == "dice_rolled" and "agility" in e.purpose]
    assert len(agility) == 1
    assert agility[0].target.value == 5
    assert agility[0].passed is moves
    m = s.alive(s.units["r1"])[0]
    assert (m.x, m.y) == ((600, 930) if moves else (600, 1000))


def test_get_to_cover_reaches_m_plus_the_best_d4():
    """Get to Cover's reach is M + D4: 8" for the sergeant at best, so cover 9" away is refused."""
    far = 1000 - 9 * 25.4
    crater = {"id": "c", "kind": "crater", "height": 0, "properties": {"depth_mm": 20.0},
              "exterior": [[160, far - 40], [240, far - 40], [240, far + 40], [160, far + 40]]}
    s = battle([("r1", "british_sergeant", 200, 1000, 270)], [ENEMY], features=[crater])
    s.units["r1"].status, s.units["r1"].status_until = "shell_shocked", 2
    assert "out of reach" in refused(s, A.GetToCover(side="red", unit="r1", x=200, y=far, heading=270))
    assert refused(s, A.GetToCover(side="red", unit="r1", x=200, y=far + 40, heading=270)) == ""

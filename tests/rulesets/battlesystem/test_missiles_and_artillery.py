"""Missiles and artillery ([10.0]-[10.10], [11.9]): who shoots, what they see, Table 12 and
Table 13, losses only from the figures seen, the initial missile phase, catapults and ballistae."""

from __future__ import annotations

import pytest

from game.core.event import DiceRolled
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.events import Attack, Casualties
from game.rulesets.battlesystem.rules.missiles import missile_ar, shooting_figures, volley, why_not_fire

from .helpers import IN, at_step, do, make_state, person, unit


def _range(gap_in: float, target="orc_blades", t_form=None, shooter="valmark_bows", features=(), t_files=10, s_files=8):
    s = make_state(unit("bows", "a", shooter, 600.0, 300.0 + gap_in * IN, 270.0, 16, s_files, "open" if shooter == "valmark_bows" else None),
                   person("sgt", "a", "sergeant", 600.0, 300.0 + gap_in * IN, 270.0, "unit_commander", "bows"),
                   unit("t", "b", target, 600.0, 300.0, 90.0, 20, t_files, t_form), features=features)
    return at_step(s, "missile", "a")


def test_volley__two_ranks_of_bowmen_shoot_read_on_the_crt():
    """Battlesystem [10.0]: the first two ranks of archers fire, by the melee procedure. Sixteen
    longbowmen (AR 21) at 10" (medium range +2) on orcs (AC 6) rolling 7: 24, D6 column 2 HD
    a figure, 32 HD: three orcs killed; the losses come off at once."""
    s = _range(10.0)
    assert len(shooting_figures(s.units["bows"])) == 16
    s2, r = do(s, A.Fire(side="a", unit="bows", target="t"), [3, 4] + [1, 1])
    assert r.ok
    roll = next(e for e in r.events if isinstance(e, DiceRolled))
    assert ("medium range", 2) in roll.modifiers and roll.total == 21 + 2 - 6 + 7
    atk = next(e for e in r.events if isinstance(e, Attack))
    assert (atk.per_figure, atk.figures, atk.damage) == (2, 16, 32)
    assert s2.units["t"].figures == 17


@pytest.mark.parametrize("gap,band", [(6.0, "short"), (10.0, "medium"), (20.0, "long")])
def test_range_bands__long_bow(gap, band):
    """Battlesystem [10.8] Table 13: medium range +2, long +5 (long bow 7/14/21")."""
    s = _range(gap)
    info = volley(s, s.units["bows"], s.units["t"], "missile")
    assert info["band"] == band
    _, mods = missile_ar(s, s.units["bows"], s.units["t"], info)
    assert dict(mods).get("medium range", 0) + dict(mods).get("long range", 0) == {"short": 0, "medium": 2, "long": 5}[band]


def test_beyond_long_range__no_fire():
    s = _range(22.0)
    assert "long range" in why_not_fire(s, A.Fire(side="a", unit="bows", target="t"), "missile")


def test_target_in_open_formation__plus_one():
    """Battlesystem [10.8] Table 13: a target in open or skirmish formation +1."""
    s = _range(6.0, t_form="open")
    info = volley(s, s.units["bows"], s.units["t"], "missile")
    _, mods = missile_ar(s, s.units["bows"], s.units["t"], info)
    assert ("target in open formation", 1) in mods


def test_partial_sight__only_figures_that_see_shoot_and_losses_only_from_the_seen():
    """Battlesystem [10.1]: a tall building between them hides most of the target from most of
    the bowmen: only the figures that see shoot, and no more figures can be lost than are seen."""
    house = {"id": "house", "kind": "building", "name": "the mill", "height": 100.0, "tags": ["impassable"],
             "exterior": [[380.0, 380.0], [640.0, 380.0], [640.0, 420.0], [380.0, 420.0]]}
    s = _range(10.0, features=[house])
    info = volley(s, s.units["bows"], s.units["t"], "missile")
    assert 0 < len(info["seers"]) < 16 and 0 < len(info["seen"]) < 20
    s2, r = do(s, A.Fire(side="a", unit="bows", target="t"), [1, 1] + [1, 1])
    atk = next(e for e in r.events if isinstance(e, Attack))
    assert atk.figures == len(info["seers"])
    cas = next(e for e in r.events if isinstance(e, Casualties))
    assert cas.killed == min(int(atk.damage // 10), len(info["seen"]))


def test_initial_missile_phase__two_shots_a_round_only():
    """Battlesystem [10.2]: only units with two or more shots a round fire in the initial
    missile phase, and only once there."""
    s = at_step(_range(10.0), "initial_missile", "a")
    assert why_not_fire(s, A.Fire(side="a", unit="bows", target="t"), "initial_missile") is None
    s2, r = do(s, A.Fire(side="a", unit="bows", target="t"), [3, 4, 1, 1])
    assert r.ok
    s3 = at_step(s2, "initial_missile", "a")
    assert "initial-phase shot" in why_not_fire(s3, A.Fire(side="a", unit="bows", target="t"), "initial_missile")


def test_table_12__bowmen_that_moved_more_than_half_may_not_shoot():
    """Battlesystem [10.4] Table 12: archers fire twice and do not move, or fire once and move
    half; after moving more than half a move they may not fire."""
    s = _range(10.0)
    s.units["bows"].moved = 4 * IN  # of 12": within half
    assert why_not_fire(s, A.Fire(side="a", unit="bows", target="t"), "missile") is None
    s.units["bows"].fired = 1
    assert "no shot left" in why_not_fire(s, A.Fire(side="a", unit="bows", target="t"), "missile")
    s.units["bows"].fired = 0
    s.units["bows"].moved = 7 * IN
    assert "no shot left" in why_not_fire(s, A.Fire(side="a", unit="bows", target="t"), "missile")


def test_woods__no_fire_into_the_woods_beyond_its_edge():
    """Battlesystem [11.9]: missiles may hit units at the edge of a wood, not inside it."""
    wood = {"id": "w", "kind": "woods", "name": "the wood", "height": 0,
            "exterior": [[300.0, 0.0], [900.0, 0.0], [900.0, 310.0], [300.0, 310.0]]}
    s = _range(10.0, features=[wood], t_form="open")  # the orcs' front edge 10 mm inside the wood: its edge
    assert why_not_fire(s, A.Fire(side="a", unit="bows", target="t"), "missile") is None
    deep = dict(wood, exterior=[[300.0, 0.0], [900.0, 0.0], [900.0, 400.0], [300.0, 400.0]])
    s = _range(10.0, features=[deep], t_form="open")
    reason = why_not_fire(s, A.Fire(side="a", unit="bows", target="t"), "missile")
    assert reason is not None and ("woods" in reason or "sees" in reason)


def test_catapult__minimum_range_fixed_ac_every_other_round():
    """Battlesystem [10.9]: a light catapult: no target nearer than 15", the target counts as AC
    5 whatever it wears, and it fires every other round; [10.10] its AR is the crew's THAC0
    unadjusted for ratio (orcs 19)."""
    s = make_state(unit("cat", "a", "orc_catapult", 600.0, 300.0 + 18 * IN, 270.0, 1, 1),
                   unit("t", "b", "valmark_spears", 600.0, 300.0, 90.0, 16, 8))
    s = at_step(s, "artillery", "a")
    s2, r = do(s, A.Fire(side="a", unit="cat", target="t"), [5, 5, 5, 5])
    assert r.ok
    roll = next(e for e in r.events if isinstance(e, DiceRolled))
    assert ("AR 19", 19) in roll.modifiers and ("fixed AC 5", -5) in roll.modifiers
    assert s2.units["cat"].reload == 1
    near = make_state(unit("cat", "a", "orc_catapult", 600.0, 300.0 + 10 * IN, 270.0, 1, 1),
                      unit("t", "b", "valmark_spears", 600.0, 300.0, 90.0, 16, 8))
    near = at_step(near, "artillery", "a")
    assert "minimum range" in why_not_fire(near, A.Fire(side="a", unit="cat", target="t"), "artillery")


def test_ballista__ac_10_every_round():
    """Battlesystem [10.9]: a ballista's target is AC 10; it fires every round."""
    s = make_state(unit("bal", "a", "valmark_ballista", 600.0, 300.0 + 10 * IN, 270.0, 1, 1),
                   unit("t", "b", "orc_blades", 600.0, 300.0, 90.0, 20, 10))
    s = at_step(s, "artillery", "a")
    s2, r = do(s, A.Fire(side="a", unit="bal", target="t"), [5, 5, 5, 5])
    roll = next(e for e in r.events if isinstance(e, DiceRolled))
    assert ("fixed AC 10", -10) in roll.modifiers and s2.units["bal"].reload == 0


def test_split_fire__mounted_archers_shoot_after_half_a_move_and_ride_on():
    """Battlesystem [10.5], [10.4] Table 12: archers riding wolves may move up to half their
    move (18": 9"), shoot, and go on with the rest; after more than half they may not shoot
    on the way; archers on foot never shoot in their own move."""
    s = make_state(unit("wa", "a", "goblin_wolf_archers", 600.0, 300.0 + 16 * IN, 270.0, 8, 8, "open"),
                   person("boss", "a", "orc_chief", 600.0, 330.0 + 16 * IN, 270.0, "army"),
                   unit("t", "b", "valmark_spears", 600.0, 300.0, 90.0, 16, 8))
    s2, r = do(s, A.Advance(side="a", unit="wa", distance=4 * IN))
    assert r.ok
    s3, r = do(s2, A.Fire(side="a", unit="wa", target="t"), [3, 4])
    assert r.ok and s3.units["wa"].fired == 1
    roll = next(e for e in r.events if isinstance(e, DiceRolled))
    assert ("mounted", 2) in roll.modifiers  # [10.8] Table 13
    s4, r = do(s3, A.Advance(side="a", unit="wa", distance=10 * IN))
    assert r.ok and abs(s4.units["wa"].moved - 14 * IN) < 1e-6
    assert "already split" in why_not_fire(s4, A.Fire(side="a", unit="wa", target="t"), "move")
    far, r = do(s, A.Advance(side="a", unit="wa", distance=10 * IN))
    assert r.ok and "more than half" in why_not_fire(far, A.Fire(side="a", unit="wa", target="t"), "move")
    foot = _range(10.0)
    foot = at_step(foot, "move", "a")
    assert "split fire" in why_not_fire(foot, A.Fire(side="a", unit="bows", target="t"), "move")

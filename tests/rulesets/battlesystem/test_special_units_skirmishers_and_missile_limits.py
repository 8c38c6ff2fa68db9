"""Clauses the other rule-case files leave out: special unit types ([2.11]), skirmishers ([2.9],
[7.4]), the measuring rule and its option ([3.5]), ammunition ([10.3]), units that shot do not
fight ([10.2]), indirect fire ([10.7]), wounded artillery crews ([10.10]), rough ground and
swamps ([11.8]), and one attack roll for rider and mount ([11.5])."""

from __future__ import annotations

import re

import math

import pytest

from game.core.event import DiceRolled
from game.data.errors import FileError
from game.rulesets.battlesystem import RULESET as RS
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.events import Attack
from game.rulesets.battlesystem.profiles import DATA
from game.rulesets.battlesystem.rules import ratings as R
from game.rulesets.battlesystem.rules.melee import may_fight, resolve_melee
from game.rulesets.battlesystem.rules.missiles import missile_ar, volley, why_not_fire
from game.rulesets.battlesystem.rules.morale import rout
from game.rulesets.battlesystem.rules.movement import plan_advance, plan_reform, remaining

from .helpers import IN, at_step, do, emitter, make_state, person, unit

# -- [2.11] special unit types ------------------------------------------------------------------------


def test_elite_unit__regular_plus_two_morale_and_may_skirmish():
    """Battlesystem [2.11]: an elite unit acts as a regular one with +2 to morale and may take
    skirmish formation. Sixteen men-at-arms in plate and shield (AC 2): 11 + 1 (AC 4 or
    better) + 1 (regular) + 2 (elite) = 15."""
    p = DATA.units["valmark_guard"]
    parts = dict(R.morale_parts(p, 16))
    assert parts == {"initial": 11, "AC 2": 1, "regular": 1, "elite": 2}
    assert R.rate(p, 16).morale == 15
    s = make_state(unit("g", "a", "valmark_guard", 600.0, 800.0, 270.0, 16, 8, "skirmish"),
                   unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10), special_rules=["elite"])
    assert s.units["g"].formation == "skirmish" and s.units["g"].kind == "elite"


def test_berserkers__plus_three_morale_discipline_zero_never_closed():
    """Battlesystem [2.11], [4.6]: berserkers are regulars that never form closed order, with
    +3 to morale and a discipline of 0 (every discipline check fails). Twelve in leather (AC 8):
    11 - 1 (AC 8) + 1 (regular) + 3 = 14."""
    p = DATA.units["northmen_berserkers"]
    assert dict(R.morale_parts(p, 12)) == {"initial": 11, "AC 8": -1, "regular": 1, "berserkers": 3}
    r = R.rate(p, 12)
    assert (r.morale, r.discipline) == (14, 0)
    s = make_state(unit("z", "a", "northmen_berserkers", 600.0, 800.0, 270.0, 12, 6),
                   person("ald", "a", "aldric", 600.0, 850.0, 270.0, "army"),
                   unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10), special_rules=["berserker"])
    assert s.units["z"].formation == "open"
    assert "never form closed" in plan_reform(s, s.units["z"], "closed").reason


def test_special_unit_types__only_where_the_scenario_allows_them(tmp_path):
    """Battlesystem [2.11]: special unit types need the scenario's permission."""
    import json
    import shutil
    from pathlib import Path

    from game.battle.loading import open_scenario
    src = Path(__file__).resolve().parents[3] / "maps" / "battlesystem"
    for f in src.glob("crossroads*"):
        shutil.copy(f, tmp_path / f.name)
    p = tmp_path / "crossroads.scenario.json"
    data = json.loads(p.read_text())
    data["forces"]["valmark"][0]["profile"] = "northmen_berserkers"
    data["forces"]["valmark"][0]["params"].pop("formation", None)
    p.write_text(json.dumps(data))
    with pytest.raises(FileError) as e:
        open_scenario(p)
    assert "special rule 'berserker'" in str(e.value) and "[2.11]" in str(e.value)
    data["special_rules"] = ["berserker"]
    p.write_text(json.dumps(data))
    open_scenario(p)


# -- [2.9], [7.4] skirmishers -------------------------------------------------------------------------


def test_skirmishers__check_morale_when_a_friend_within_their_move_routs():
    """Battlesystem [2.9], [4.4] Table 5: each skirmisher within its base movement of a friendly
    unit that routs checks morale; skirmishers farther off do not."""
    def state(gap_in):
        return make_state(unit("u", "a", "valmark_spears", 600.0, 500.0, 270.0, 16, 8, "open"),
                          unit("sc", "a", "elf_scouts", 900.0 + gap_in * IN, 500.0, 270.0, 4, 4),
                          unit("foe", "b", "orc_blades", 600.0, 200.0, 90.0, 10, 10))
    near = emitter(state(2.0), [1, 1])
    rout(near, near.unit("u"), (600.0, 200.0))
    assert any(isinstance(e, DiceRolled) and re.search(r"\brouts? nearby", e.purpose) for e in near.events)
    far = emitter(state(30.0))
    rout(far, far.unit("u"), (600.0, 200.0))
    assert not any(isinstance(e, DiceRolled) and re.search(r"\brouts? nearby", e.purpose) for e in far.events)


def test_skirmishers__never_move_into_contact_and_pass_through_friendly_skirmishers():
    """Battlesystem [7.4]: skirmishers never move into base contact with an enemy unit; they
    may pass through friendly skirmishers, and nothing else may."""
    s = make_state(unit("sc", "a", "elf_scouts", 600.0, 600.0, 270.0, 4, 4),
                   unit("foe", "b", "orc_blades", 600.0, 600.0 - 4 * IN, 90.0, 10, 10))
    p = plan_advance(s, s.units["sc"], 6 * IN)
    assert not p.legal and "never move into base contact" in p.reason
    s = make_state(unit("sc", "a", "elf_scouts", 600.0, 600.0, 270.0, 4, 4),
                   unit("sc2", "a", "elf_scouts", 600.0, 600.0 - 3 * IN, 270.0, 4, 4),
                   unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    p = plan_advance(s, s.units["sc"], 8 * IN)
    assert p.legal and math.isclose(p.length, 8 * IN)
    s = make_state(unit("u", "a", "valmark_spears", 600.0, 600.0, 270.0, 16, 8, "open"),
                   person("sgt", "a", "sergeant", 600.0, 600.0, 270.0, "unit_commander", "u"),
                   unit("sc2", "a", "elf_scouts", 600.0, 600.0 - 3 * IN, 270.0, 4, 4),
                   unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    p = plan_advance(s, s.units["u"], 8 * IN)
    assert not (p.legal and math.isclose(p.length, 8 * IN))


# -- [3.5] measuring ----------------------------------------------------------------------------------


def test_no_pre_measuring__previews_show_measures_only_with_the_option():
    """Battlesystem [3.5], [7.9]: without the option a move's preview shows only the path asked
    for; the scenario option ``premeasure`` shows where it ends and what it costs."""
    def state(premeasure):
        return make_state(unit("u", "a", "valmark_spears", 600.0, 800.0, 270.0, 16, 8),
                          person("sgt", "a", "sergeant", 600.0, 800.0, 270.0, "unit_commander", "u"),
                          unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10), params={"premeasure": premeasure})
    a = A.Advance(side="a", unit="u", distance=4 * IN, offset=0.0)
    blind = RS.preview(state(False), a)
    assert blind["cost"] == "" and "template" not in blind and "stop" not in blind and "touches" not in blind
    # the hint is worded for players (no internal option key) and says the move is allowed, not how far it goes
    assert blind["text"] == ["Valmark spearmen may make this move now",
                             "No measuring ahead: how far it goes and what it meets show when it is "
                             "made (a scenario may allow measuring before committing) [3.5, 7.9]"]
    assert "premeasure" not in " ".join(blind["text"])
    seen = RS.preview(state(True), a)
    assert seen["cost"].startswith("uses 4") and len(seen["template"]["points"]) >= 4


def test_no_pre_measuring__the_app_shows_no_length_and_the_button_no_distance():
    """Battlesystem [3.5], [7.9]: the app's preview of a move (the text drawn by its path and
    the tooltip) names no length without the option, and the action's button names the way
    it goes, not its distance; with the option both show the inches."""
    from game.ui.preview import make_preview

    def state(premeasure):
        return make_state(unit("u", "a", "valmark_spears", 600.0, 800.0, 270.0, 16, 8),
                          person("sgt", "a", "sergeant", 600.0, 800.0, 270.0, "unit_commander", "u"),
                          unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10), params={"premeasure": premeasure})
    a = A.Advance(side="a", unit="u", distance=4 * IN, offset=-30.0)
    blind = make_preview(RS, state(False), a, fmt=lambda mm: f"{mm / IN:.1f} in")
    assert blind.legal and blind.cost == "" and len(blind.path) == 2
    assert not any(ch.isdigit() for ch in " ".join(blind.lines).replace("[3.5, 7.9]", ""))
    assert RS.describe_action_in(state(False), a) == "Advance 30° left towards here"
    assert RS.describe_action_in(state(False), A.ForcedMarch(side="a", unit="u", distance=6 * IN)) == \
        "Forced march towards here"
    seen = make_preview(RS, state(True), a, fmt=lambda mm: f"{mm / IN:.1f} in")
    assert seen.cost.startswith("uses 4") and RS.describe_action_in(state(True), a) == 'Advance 4.0" 30° left'


# -- missiles -----------------------------------------------------------------------------------------


def _javelins(gap_in=3.0):
    s = make_state(unit("j", "a", "goblin_javelins", 600.0, 300.0 + gap_in * IN, 270.0, 12, 12, "open"),
                   person("boss", "a", "orc_chief", 600.0, 320.0 + gap_in * IN, 270.0, "army"),
                   unit("t", "b", "valmark_spears", 600.0, 300.0, 90.0, 16, 8))
    return at_step(s, "missile", "a")


def test_ammunition__thrown_weapons_two_volleys_by_default():
    """Battlesystem [10.3]: javelins are not unlimited: with no number from the scenario each
    figure carries two volleys; when they are thrown the unit has none left."""
    s = _javelins()
    assert s.units["j"].ammo == 2
    s2, r = do(s, A.Fire(side="a", unit="j", target="t"), [3, 3])
    assert r.ok and s2.units["j"].ammo == 1
    s2 = at_step(s2, "missile", "a")
    s2.units["j"].fired, s2.units["j"].fired_in = 0, []
    s3, r = do(s2, A.Fire(side="a", unit="j", target="t"), [3, 3])
    assert r.ok and s3.units["j"].ammo == 0
    s3 = at_step(s3, "missile", "a")
    s3.units["j"].fired, s3.units["j"].fired_in = 0, []
    assert "have thrown all their missiles" in why_not_fire(s3, A.Fire(side="a", unit="j", target="t"), "missile")
    bows = make_state(unit("b", "a", "valmark_bows", 600.0, 600.0, 270.0, 16, 8, "open"))
    assert bows.units["b"].ammo == -1  # arrows are unlimited


def test_a_unit_that_shot_this_round_does_not_fight_in_melee():
    """Battlesystem [10.2]: a unit that used missiles this round cannot fight in that melee
    phase when an enemy comes into contact."""
    s, _ = do(_javelins(), A.Fire(side="a", unit="j", target="t"), [3, 3])
    assert "used its missiles" in may_fight(s, s.units["j"], attacked=True)
    s.units["j"].fired = 0
    assert may_fight(s, s.units["j"], attacked=True) is None


def _over_friends(gap_friend_in: float):
    """Bowmen 14" from orcs with a wide friendly line ``gap_friend_in`` in front of them."""
    friend_front = 300.0 + (14.0 - gap_friend_in) * IN - 19.05
    return at_step(make_state(
        unit("bows", "a", "valmark_bows", 600.0, 300.0 + 14 * IN, 270.0, 16, 8, "open"),
        person("sgt", "a", "sergeant", 600.0, 320.0 + 14 * IN, 270.0, "unit_commander", "bows"),
        unit("wall", "a", "valmark_spears", 600.0, friend_front, 270.0, 24, 24),
        person("sgt2", "a", "sergeant", 600.0, friend_front, 270.0, "unit_commander", "wall"),
        unit("t", "b", "orc_blades", 600.0, 300.0, 90.0, 20, 10)), "missile", "a")


def test_indirect_fire__over_friends_at_least_three_inches_off_at_plus_three():
    """Battlesystem [10.7], [10.8] Table 13: archers in command shoot over a friendly unit that
    hides the target when it is 3" or more in front of them, at +3; nearer, they may not."""
    s = _over_friends(4.0)
    info = volley(s, s.units["bows"], s.units["t"], "missile")
    assert info is not None and info["indirect"]
    _, mods = missile_ar(s, s.units["bows"], s.units["t"], info)
    assert ("indirect fire", 3) in mods
    s = _over_friends(2.0)
    assert volley(s, s.units["bows"], s.units["t"], "missile") is None
    assert "sees" in why_not_fire(s, A.Fire(side="a", unit="bows", target="t"), "missile")


def test_wounded_artillery_crew__the_piece_stays_put_and_fires_at_half_rate():
    """Battlesystem [10.10]: a ballista whose crew is wounded cannot move and fires every
    other round instead of every round."""
    s = make_state(unit("bal", "a", "valmark_ballista", 600.0, 300.0 + 10 * IN, 270.0, 1, 1),
                   unit("t", "b", "orc_blades", 600.0, 300.0, 90.0, 20, 10))
    s.units["bal"].wounded = 1
    assert remaining(s, s.units["bal"]) == 0.0
    assert not plan_advance(s, s.units["bal"], 2 * IN).legal
    s2, r = do(at_step(s, "artillery", "a"), A.Fire(side="a", unit="bal", target="t"), [5, 5, 5, 5])
    assert r.ok and s2.units["bal"].reload == 1


# -- [11.8] rough ground and swamps ---------------------------------------------------------------------

@pytest.mark.parametrize("kind,creature_ignores", [("rough", "dwarf_axes"), ("swamp", None)])
def test_rough_ground_and_swamp__half_the_move_and_no_closed_order(kind, creature_ignores):
    """Battlesystem [11.8] Table 14: rough ground and swamps cost half the move (a rate of 1/2:
    twice the distance) and forbid closed formation; dwarves ignore rough ground."""
    ground = {"id": "g", "kind": kind, "name": kind, "height": 0,
              "exterior": [[0.0, 0.0], [1200.0, 0.0], [1200.0, 860.0], [0.0, 860.0]]}

    def state(profile, form):
        return make_state(unit("u", "a", profile, 600.0, 900.0, 270.0, 16, 8, form),
                          person("sgt", "a", "sergeant", 600.0, 900.0, 270.0, "unit_commander", "u"),
                          unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10), features=[ground])
    s = state("valmark_spears", "open")
    p = plan_advance(s, s.units["u"], 3 * IN)
    assert math.isclose(p.cost, 40.0 + (3 * IN - 40.0) * 2.0, rel_tol=1e-9)
    s = state("valmark_spears", None)
    assert "closed formation" in plan_advance(s, s.units["u"], 3 * IN).reason
    if creature_ignores:
        s = state(creature_ignores, "open")
        assert math.isclose(plan_advance(s, s.units["u"], 3 * IN).cost, 3 * IN)


# -- [11.5] one roll for rider and mount ---------------------------------------------------------------


def test_cavalry__one_attack_roll_for_rider_and_mount():
    """Battlesystem [11.2], [11.5]: a cavalry figure's damage is the rider's and the mount's
    added on one attack roll: lancers (lance d6+1, war horse 2d6) read the D8 column and twice
    the D6 column of the same roll."""
    s = make_state(unit("h", "a", "valmark_horse", 300.0, 300.0, 0.0, 4, 4),
                   person("sgt", "a", "sergeant", 280.0, 300.0, 0.0, "unit_commander", "h"),
                   unit("o", "b", "orc_blades", 300.0, 300.0, 180.0, 10, 10))
    em = emitter(s, [3, 4, 3, 4] + [1] * 20)
    resolve_melee(em, "h", "o", {})
    rolls = [e for e in em.events if isinstance(e, DiceRolled) and e.purpose.startswith("Valmark lancers attack ")]
    atk = [e for e in em.events if isinstance(e, Attack) and e.attacker == "h"]
    assert len(rolls) == 1 and len(atk) == 1
    from game.rulesets.battlesystem.rules import crt
    per, readings = crt.hits(atk[0].attack_roll, ["d6+1", "2d6"])
    assert atk[0].readings == [x.text() for x in readings] and atk[0].per_figure == per
    assert atk[0].readings[0].startswith("d6+1: D8 =") and atk[0].readings[1].startswith("2d6: 2 x D6 =")
    assert atk[0].attack_roll == rolls[0].total

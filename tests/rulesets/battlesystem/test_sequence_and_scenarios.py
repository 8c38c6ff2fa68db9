"""The sequence of play ([1.1]-[1.7], [5.1], the Basic game's shorter sequence), command
([4.7], [4.10], [9.3]), discipline ([4.6]) and scenario files that fail with one line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.core.dice import Dice
from game.core.event import DiceRolled
from game.core.ruleset import RULES_SIDE
from game.data.errors import FileError
from game.rulesets.battlesystem import RULESET
from game.rulesets.battlesystem import actions as A
from game.rulesets.battlesystem.rules.command import in_command
from game.rulesets.battlesystem.rules.morale import check_discipline
from game.rulesets.battlesystem.state import Step
from game.rulesets.battlesystem.turn import roll_initiative

from .helpers import IN, do, emitter, make_state, person, texts, unit

ROOT = Path(__file__).resolve().parents[3]


def _three():
    return make_state(unit("a1", "a", "orc_blades", 300.0, 300.0, 90.0, 10, 10),
                      unit("b1", "b", "orc_blades", 900.0, 300.0, 90.0, 10, 10),
                      unit("c1", "c", "orc_blades", 600.0, 900.0, 270.0, 10, 10), sides=("a", "b", "c"))


def test_initiative__ties_re_rolled_until_every_place_is_decided():
    """Battlesystem [1.1], [5.1]: each side rolls 1d6, all ties re-rolled; with three sides the
    order of the rolls is Side A, B, C."""
    em = emitter(_three(), [4, 4, 2, 3, 5])  # a and b tie on 4: re-rolled 3 and 5
    assert roll_initiative(em) == ["b", "a", "c"]
    rolls = [e for e in em.events if isinstance(e, DiceRolled)]
    assert len(rolls) == 5 and all(r.notation == "1d6" for r in rolls)


def test_initiative__optional_d20():
    """Battlesystem [5.1] optional rule: a d20 to reduce ties."""
    s = make_state(unit("a1", "a", "orc_blades", 300.0, 300.0, 90.0, 10, 10),
                   unit("b1", "b", "orc_blades", 900.0, 300.0, 90.0, 10, 10), params={"initiative_d20": True})
    em = emitter(s, [17, 3])
    assert roll_initiative(em) == ["a", "b"]
    assert all(e.notation == "1d20" for e in em.events if isinstance(e, DiceRolled))


def _round(game: str) -> list[str]:
    s = make_state(unit("a1", "a", "orc_bows" if game != "basic" else "orc_blades", 300.0, 700.0, 270.0, 10, 10),
                   unit("b1", "b", "orc_blades", 300.0, 100.0, 90.0, 10, 10), game=game)
    s.queue = [Step(phase="initiative", side=RULES_SIDE)]
    s.active, s.order = RULES_SIDE, []
    s2, r = do(s, A.RulesStep(side=RULES_SIDE), [6, 1])
    return [q.phase for q in s2.queue]


def test_sequence__basic_game_is_shorter():
    """Battlesystem [1.1]-[1.7]: initial missiles, rally, movement, missiles, artillery, melee,
    end; the Basic game: rally, movement, melee, end (Part 2)."""
    basic = _round("basic")
    assert "initial_missile" not in basic and "missile" not in basic and basic[-2:] == ["melee", "end"]
    full = _round("intermediate")
    assert {"missile", "artillery", "melee", "end"} <= set(full)


def test_movement__side_a_chooses_who_moves_and_each_move_is_followed_by_pass_through_fire():
    """Battlesystem [1.4]: Side A chooses who moves first; after each side's move the other may
    take pass-through fire."""
    s = make_state(unit("a1", "a", "orc_bows", 300.0, 700.0, 270.0, 10, 10, "open"),
                   unit("b1", "b", "orc_blades", 300.0, 100.0, 90.0, 10, 10))
    s.queue = [Step(phase="choose_first", side="a", begun=True)]
    s.order = ["a", "b"]
    s.active = "a"
    s2, r = do(s, A.ChooseFirst(side="a", first="b"))
    assert r.ok and s2.first_mover == "b"
    assert [q.phase for q in s2.queue][:1] == ["move"] and s2.queue[0].side == "b"


def test_movement__the_log_says_side_a_chose_to_move_first():
    """Battlesystem [1.4]: Side A choosing itself reads "Valmark chooses to move first" (it read
    "Valmark has Valmark move first"); choosing the enemy reads "Valmark has the Horde move first"."""
    s = make_state(unit("a1", "a", "orc_bows", 300.0, 700.0, 270.0, 10, 10, "open"),
                   unit("b1", "b", "orc_blades", 300.0, 100.0, 90.0, 10, 10))
    s.queue = [Step(phase="choose_first", side="a", begun=True)]
    s.order = ["a", "b"]
    s.active = "a"
    s.side_names = {"a": "Valmark", "b": "the Horde"}
    _, r = do(s, A.ChooseFirst(side="a", first="a"))
    assert "Valmark chooses to move first" in texts(r.events)
    _, r = do(s, A.ChooseFirst(side="a", first="b"))
    assert "Valmark has the Horde move first" in texts(r.events)


def test_command__figures_within_the_radius_and_the_army_commander_covers():
    """Battlesystem [4.7], [4.8], [4.10]: in command when every figure is within its commander's
    radius; an army commander places figures outside their unit commander's radius in command."""
    s = make_state(unit("u", "a", "orc_blades", 600.0, 600.0, 270.0, 20, 20),
                   person("boss", "a", "orc_boss", 600.0, 600.0, 270.0, "unit_commander", "u"),
                   unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    assert not in_command(s, s.units["u"])  # 20 files of 3/4": 7 1/2" either side, radius 6"
    s2 = make_state(unit("u", "a", "orc_blades", 600.0, 600.0, 270.0, 20, 20),
                    person("boss", "a", "orc_boss", 600.0, 600.0, 270.0, "unit_commander", "u"),
                    person("gen", "a", "aldric", 600.0, 600.0 + 2 * IN, 270.0, "army"),
                    unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    assert in_command(s2, s2.units["u"])  # Lord Aldric's 15" radius covers the ends
    s2.chars["gen"].y = 600.0 + 30 * IN
    assert not in_command(s2, s2.units["u"])


def test_command__a_brigade_commander_covers_only_his_own_brigade():
    """Battlesystem [4.10]: a brigade commander places in command the figures of his own
    brigade's units outside their unit commander's radius; a unit of another brigade gains
    nothing from him."""
    def state(brigade):
        return make_state(unit("u", "a", "orc_blades", 600.0, 600.0, 270.0, 20, 20, brigade=brigade),
                          person("boss", "a", "orc_boss", 600.0, 600.0, 270.0, "unit_commander", "u"),
                          person("bc", "a", "bertrand", 600.0, 600.0 + 2 * IN, 270.0, "brigade"),
                          person("bc2", "a", "elf_captain", 100.0, 1100.0, 270.0, "brigade"),
                          unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    s = state("bc")
    assert in_command(s, s.units["u"])  # Sir Bertrand: (17 + 5) / 2 + 3 = 14" covers the ends
    s = state("bc2")
    assert not in_command(s, s.units["u"])


def test_deputy_takes_over_a_fallen_commander():
    """Battlesystem [9.3]: a deputy takes over when his commander is out of the battle."""
    s = make_state(unit("u", "a", "valmark_spears", 600.0, 600.0, 270.0, 16, 8),
                   person("ald", "a", "aldric", 600.0, 700.0, 270.0, "army"),
                   person("bert", "a", "bertrand", 600.0, 720.0, 270.0, "hero", deputy_of="ald"),
                   unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    from game.rulesets.battlesystem.rules.command import higher_commanders
    assert [c.id for c in higher_commanders(s, s.units["u"])] == ["ald"]
    s.chars["ald"].status = "dead"
    assert [c.id for c in higher_commanders(s, s.units["u"])] == ["bert"]


def test_discipline__a_failure_takes_the_unit_out_of_command_into_open_order():
    """Battlesystem [4.6]: a failed discipline check: out of command, open formation, it attacks."""
    s = make_state(unit("u", "a", "gnoll_pack", 600.0, 600.0, 270.0, 12, 6),
                   unit("foe", "b", "orc_blades", 600.0, 100.0, 90.0, 10, 10))
    em = emitter(s, [6, 5])
    assert check_discipline(em, em.unit("u"), "test") is False  # 11 against discipline 10
    u = em.unit("u")
    assert u.uncontrolled == "discipline" and u.formation == "open"


# -- scenario files -------------------------------------------------------------------------------

def _bad(tmp_path, edit) -> str:
    src = ROOT / "maps" / "battlesystem"
    for f in src.glob("crossroads*"):
        shutil.copy(f, tmp_path / f.name)
    p = tmp_path / "crossroads.scenario.json"
    data = json.loads(p.read_text())
    edit(data)
    p.write_text(json.dumps(data))
    from game.battle.loading import open_scenario
    with pytest.raises(FileError) as e:
        open_scenario(p)
    msg = str(e.value)
    assert "\n" not in msg
    return msg


def test_bad_scenario__unknown_roster_entry(tmp_path):
    def edit(d):
        d["forces"]["valmark"][0]["profile"] = "valmark_dragons"
    msg = _bad(tmp_path, edit)
    assert "forces.valmark.spears.profile" in msg and "valmark_dragons" in msg


def test_bad_scenario__unit_size_beyond_the_limits(tmp_path):
    """Battlesystem [2.8]: a regular unit starts with 4 to 48 figures."""
    def edit(d):
        d["forces"]["valmark"][0]["params"]["figures"] = 60
    msg = _bad(tmp_path, edit)
    assert "forces.valmark.spears.params.figures" in msg and "4 to 48" in msg


def test_bad_scenario__a_mob_in_closed_formation(tmp_path):
    """Battlesystem [7.1]: mobs only stand in mob formation."""
    def edit(d):
        d["forces"]["valmark"][3]["params"]["formation"] = "closed"
    msg = _bad(tmp_path, edit)
    assert "forces.valmark.levy.params.formation" in msg


def test_bad_scenario__units_overlapping(tmp_path):
    """Battlesystem [3.4]: forces are placed apart."""
    def edit(d):
        d["forces"]["valmark"][1]["x"] = d["forces"]["valmark"][0]["x"] + 10
    msg = _bad(tmp_path, edit)
    assert "overlaps" in msg


def test_bad_map__unknown_terrain_kind(tmp_path):
    """Battlesystem [11.8]: the map's kinds must be ones Table 14 knows."""
    src = ROOT / "maps" / "battlesystem"
    for f in src.glob("crossroads*"):
        shutil.copy(f, tmp_path / f.name)
    mp = tmp_path / "crossroads.map.json"
    data = json.loads(mp.read_text())
    data["features"][0]["kind"] = "lava"
    mp.write_text(json.dumps(data))
    from game.battle.loading import open_scenario
    with pytest.raises(FileError) as e:
        open_scenario(tmp_path / "crossroads.scenario.json")
    assert "lava" in str(e.value) and "\n" not in str(e.value)


def test_state_round_trips_and_the_seed_decides():
    """The same seed gives the same battle; the state survives JSON."""
    from game.core.session import Battle
    from game.data.scenario import load_scenario
    sc, m = load_scenario(ROOT / "maps" / "battlesystem" / "crossroads.scenario.json")
    b = Battle(RULESET, sc, m, 4)
    text = b.state.to_json()
    assert RULESET.load_state(text).to_json() == text
    assert isinstance(Dice(4), Dice)

"""Battlesystem [16.1] recovering casualties and prisoners from the ground held, [16.2]
experience for units and commanders, and the carry-over into the next battle."""

from __future__ import annotations

import pytest

from game.rulesets.battlesystem.events import Attack, Casualties
from game.rulesets.battlesystem.rules.campaign import (aftermath, carry_over, holder, kills_by_unit, troop_level,
                                                        unit_command_award)

from .helpers import make_state, person, unit


def _ended():
    """Valmark's spears (16 figures, 10 men each) beat one orc band (destroyed next to them)
    and routed another off the table; the spears lost 6 figures."""
    s = make_state(unit("spears", "a", "valmark_spears", 600.0, 700.0, 270.0, 16, 8),
                   unit("orcs", "b", "orc_blades", 600.0, 500.0, 90.0, 10, 10),
                   unit("orcs2", "b", "orc_blades", 200.0, 60.0, 90.0, 10, 10),
                   unit("far", "b", "orc_spears", 1000.0, 100.0, 90.0, 10, 10),
                   person("sgt", "a", "sergeant", 600.0, 700.0, 270.0, "unit_commander", "spears"),
                   person("boss", "b", "orc_boss", 600.0, 500.0, 90.0, "unit_commander", "orcs"),
                   person("lord", "a", "aldric", 600.0, 1100.0, 270.0, "army"))
    s.units["spears"].figures = 10
    s.units["orcs"].figures, s.units["orcs"].status = 0, "destroyed"
    s.units["orcs2"].figures, s.units["orcs2"].status = 6, "off_table"
    s.chars["boss"].status = "dead"
    events = [Attack(attacker="spears", defender="orcs", attack_roll=10, readings=[], per_figure=1, figures=10, damage=10.0),
              Casualties(unit="orcs", killed=10, figures=0, wounded=0),
              Attack(attacker="orcs", defender="spears", attack_roll=12, readings=[], per_figure=1, figures=10, damage=6.0),
              Casualties(unit="spears", killed=6, figures=10, wounded=0),
              Attack(attacker="spears", defender="orcs2", attack_roll=14, readings=[], per_figure=1, figures=10, damage=4.0),
              Casualties(unit="orcs2", killed=4, figures=6, wounded=0)]
    return s, events


def test_the_ground_held_is_the_nearest_unit_in_good_order():
    """[16.1] (ours: the nearest unit in good order holds a point)."""
    s, _ = _ended()
    assert holder(s, 600.0, 500.0) == "a"
    assert holder(s, 1000.0, 150.0) == "b"


def test_recovery__two_thirds_of_the_dead_on_held_ground_and_of_the_routed():
    """[16.1] 2/3 of the dead on ground the side holds come back, and 2/3 of those routed off
    the table; 1/3 of the enemy's dead on held ground are taken prisoner."""
    s, ev = _ended()
    am = aftermath(s, ev)
    sp = am.units["spears"]
    assert (sp.dead, sp.dead_held_by, sp.recovered_dead, sp.survivors) == (6, "a", 4, 14)
    o2 = am.units["orcs2"]
    assert (o2.dead, o2.routed_off, o2.recovered_routed) == (4, 6, 4)
    orcs = am.units["orcs"]
    assert orcs.dead == 10 and orcs.recovered_dead == 0  # they fell on Valmark's ground
    assert am.prisoners["a"] >= 3 and am.prisoner_creatures["a"] == am.prisoners["a"] * 10
    assert am.fallen == ["boss"]


def test_kills_are_shared_by_the_damage_dealt_and_routed_figures_count():
    """[16.2] the enemies a unit killed or routed off the table (ours: shares by damage)."""
    s, ev = _ended()
    k = kills_by_unit(s, ev)
    assert k["spears"] == pytest.approx({"orcs": 10.0, "orcs2": 10.0})  # 4 killed + 6 routed off
    assert k["orcs"] == pytest.approx({"spears": 6.0})


def test_experience__each_surviving_soldier_shares_the_kill_value():
    """[16.2] kill value / soldiers who survived: 20 orc figures (200 orcs at 10 XP) over the
    100 men left standing = 20 XP each; orcs earn none."""
    s, ev = _ended()
    am = aftermath(s, ev)
    assert am.units["spears"].kill_value == pytest.approx(2000.0)
    assert am.units["spears"].xp_each == pytest.approx(20.0)
    assert am.units["orcs"].xp_each == 0.0


def test_commanders__25_percent_less_25_percent_of_losses_never_negative():
    """[16.2] unit commander: 25% of 2,000 less 25% of the 6 figures lost (600 XP) = 350; an army
    commander without brigade commanders gets what a brigade commander of all his units would:
    25% of 350."""
    s, ev = _ended()
    am = aftermath(s, ev)
    assert am.command_xp["sgt"] == pytest.approx(350.0)
    assert am.command_xp["lord"] == pytest.approx(87.5)
    assert "boss" not in am.command_xp  # an orc (a monster) earns none
    assert unit_command_award(am.units["orcs2"]) == 0.0  # lost more than it killed: 0, not negative


def test_brigade_and_army_commanders():
    """[16.2] a brigade commander gets 25% of his unit commanders' awards; the army commander
    50% of each brigade commander's."""
    s, ev = _ended()
    s.chars["lord"].role = "army"
    s2 = make_state(unit("spears", "a", "valmark_spears", 600.0, 700.0, 270.0, 16, 8, brigade="bert"),
                    unit("orcs", "b", "orc_blades", 600.0, 500.0, 90.0, 10, 10),
                    unit("orcs2", "b", "orc_blades", 200.0, 60.0, 90.0, 10, 10),
                    unit("far", "b", "orc_spears", 1000.0, 100.0, 90.0, 10, 10),
                    person("sgt", "a", "sergeant", 600.0, 700.0, 270.0, "unit_commander", "spears"),
                    person("bert", "a", "bertrand", 600.0, 900.0, 270.0, "brigade"),
                    person("lord", "a", "aldric", 600.0, 1100.0, 270.0, "army"))
    for k in ("spears", "orcs", "orcs2"):
        s2.units[k] = s.units[k].model_copy(update={"brigade": "bert" if k == "spears" else None})
    am = aftermath(s2, ev)
    assert am.command_xp["bert"] == pytest.approx(0.25 * 350.0)
    assert am.command_xp["lord"] == pytest.approx(0.5 * 0.25 * 350.0)


def test_troop_levels__all_soldiers_rise_together_by_the_fighters_table():
    """[16.2] a unit rises a level only when every soldier has the experience for it (ours:
    0-level men reach 1st level at 2,001)."""
    assert troop_level(2000, zero_level=True) == 0
    assert troop_level(2001, zero_level=True) == 1
    assert troop_level(4001, zero_level=False) == 3


def test_carry_over__survivors_and_experience_take_the_field_in_the_next_battle():
    """[16.1], [16.2] the next battle's forces: the spears march on with 14 figures and 20 XP
    each, the sergeant with his 350 XP; a unit with fewer survivors than its type's minimum
    stays behind; the dead orc boss stays behind; a new unit joins as it is."""
    s, ev = _ended()
    am = aftermath(s, ev)
    assert am.units["orcs2"].survivors == am.units["orcs2"].recovered_dead + 4
    am.units["orcs2"].survivors = 3  # fewer than a regular unit's 4
    nxt = {"a": [{"id": "spears", "profile": "valmark_spears", "x": 1, "y": 1, "params": {"figures": 16, "files": 16}},
                 {"id": "sgt", "profile": "sergeant", "x": 1, "y": 1, "params": {"role": "unit_commander", "unit": "spears"}},
                 {"id": "new", "profile": "valmark_swords", "x": 1, "y": 1, "params": {"figures": 12}}],
           "b": [{"id": "orcs2", "profile": "orc_blades", "x": 1, "y": 1, "params": {"figures": 10}},
                 {"id": "boss", "profile": "orc_boss", "x": 1, "y": 1, "params": {"role": "unit_commander", "unit": "orcs"}},
                 {"id": "far", "profile": "orc_spears", "x": 1, "y": 1, "params": {"figures": 10}}]}
    forces, notes = carry_over(s, am, nxt, {"spears": 5.0})
    a = {p["id"]: p for p in forces["a"]}
    assert a["spears"]["params"] == {"figures": 14, "files": 14, "xp": 25}
    assert a["sgt"]["params"]["xp"] == 350
    assert a["new"]["params"] == {"figures": 12}
    b = {p["id"]: p for p in forces["b"]}
    assert "orcs2" not in b and "boss" not in b
    assert b["far"]["params"]["figures"] == 10
    assert any("stays behind" in n for n in notes)

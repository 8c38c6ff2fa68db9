"""The experiment file and its overrides: validated before any game runs,
one line naming the spec file and the field; data overrides validated by the
model that holds the value and restored after the battle."""

from __future__ import annotations

import pytest

from game import rulesets
from game.core.overrides import BattleTables, OverrideError, override_problem
from game.lab.spec import SpecError, arms_of, load_spec

from tests.lab.conftest import write_spec


def _arms(tmp_path, text):
    p = write_spec(tmp_path, text)
    return arms_of(load_spec(p), p)


def test_sweep_makes_one_arm_per_value_with_the_override_applied(tmp_path):
    arms = _arms(tmp_path, 'name = "t"\n[sweep]\npath = "scenario.turn_limit"\nvalues = [2, 5]\n')
    assert [a.name for a in arms] == ["2", "5"]
    assert [a.scenario["turn_limit"] for a in arms] == [2, 5]
    assert arms[0].key() != arms[1].key()


def test_unknown_scenario_path_names_the_spec_and_the_field(tmp_path):
    with pytest.raises(SpecError) as e:
        _arms(tmp_path, 'name = "t"\n[[arms]]\nname = "a"\noverrides = { "scenario.forces.red.r9.x" = 5.0 }\n')
    assert "exp.lab.toml" in str(e.value) and "arms[0].overrides.scenario.forces.red.r9.x" in str(e.value)
    assert "no item 'forces.red.r9'" in str(e.value)


def test_invalid_scenario_value_is_refused_by_the_scenario_checks(tmp_path):
    with pytest.raises(SpecError) as e:
        _arms(tmp_path, 'name = "t"\n[sweep]\npath = "scenario.turn_limit"\nvalues = [3, 0]\n')
    assert "sweep.values[1]" in str(e.value) and "turn_limit" in str(e.value)


def test_data_override_on_a_ruleset_without_tables_is_refused(tmp_path):
    with pytest.raises(SpecError) as e:
        _arms(tmp_path, 'name = "t"\n[sweep]\npath = "data.x.y"\nvalues = [1]\n')
    assert "exposes no data tables" in str(e.value)


def test_bad_spec_field_is_one_line(tmp_path):
    with pytest.raises(SpecError) as e:
        _arms(tmp_path, 'name = "t"\ngames = 0\n')
    assert str(e.value).endswith("[games]: must be at least 1, not 0")
    with pytest.raises(SpecError) as e:
        _arms(tmp_path, 'name = "t"\ngamez = 3\n')
    assert "gamez" in str(e.value) and "unknown field" in str(e.value)


def test_battlespace_threat_level_override_is_validated_on_a_copy():
    """Battlespace: Enemy cards - a threat level is 1..20 (the card model's
    range). An override builds the battle's own copy of the data; the loaded
    cards are never changed, and the rules read the copy only while the
    battle holds it."""
    bs = rulesets.get("battlespace")
    slot = bs.data_slot()
    loaded = slot.loaded
    before = loaded.enemies["fighter"].tl
    assert override_problem(bs, {"enemies.fighter.tl": 21})[1] == "must be at most 20, not 21"
    assert override_problem(bs, {"enemies.grunt.tl": 9})[1].startswith("no entry 'grunt'")
    assert "cannot be overridden" in override_problem(bs, {"tables.base_radius_mm": 20.0})[1]
    mine = BattleTables(bs, {"enemies.fighter.tl": 8, "enemies.veteran.wounds": 3})
    assert mine.data.enemies["fighter"].tl == 8 and mine.data.enemies["veteran"].wounds == 3
    assert mine.data.enemies["leader"] is loaded.enemies["leader"]  # shared: only the path is copied
    assert mine.data.soldiers is loaded.soldiers
    assert loaded.enemies["fighter"].tl == before and loaded.enemies["veteran"].wounds == 1
    assert slot.get() is loaded
    with mine.holding():
        assert slot.get().enemies["fighter"].tl == 8
    assert slot.get() is loaded
    with pytest.raises(OverrideError):
        BattleTables(bs, {"enemies.fighter.tl": "high"})
    assert loaded.enemies["fighter"].tl == before


def test_lab_command_refuses_a_bad_spec_in_one_line(tmp_path, capsys):
    from game.cli import main

    p = write_spec(tmp_path, 'name = "t"\n[sweep]\npath = "turn_limit"\nvalues = [2]\n')
    with pytest.raises(SystemExit) as e:
        main(["lab", str(p)])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2 and len(err.splitlines()) == 1
    assert err.startswith(f"error: {p}") and "an override path starts with 'scenario.' or 'data.'" in err

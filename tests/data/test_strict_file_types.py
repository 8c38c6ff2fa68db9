"""Every file model is strict about types (game/data/filemodel.py): text is
not taken for a number, nor true for a number; a JSON whole number stands
for a number with a fraction and a JSON list for a point. Refusals name the
file, the field path and what was expected, in words (no library wording)."""

from __future__ import annotations

import importlib
import inspect
import json
from pathlib import Path

import pytest
from pydantic import BaseModel

from game.data.errors import FileError
from game.data.filemodel import FileModel

ROOT = Path(__file__).resolve().parents[2]

#: every module that declares models read from files
FILE_MODEL_MODULES = [
    "game.data.maps", "game.data.scenario", "game.data.campaign", "game.data.replay", "game.data.save",
    "game.data.kinds", "game.data.params", "game.lab.spec", "game.editor.files", "game.ui.settings", "game.ui.style",
    "game.rulesets.battlespace.data", "game.rulesets.spacefleet.data", "game.rulesets.foxhole.tables",
    "game.rulesets.battlesystem.profiles", "game.rulesets.battlesystem.spells",
    "game.rulesets.battlesystem.rules.points", "game.rulesets.battlesystem.rules.flight",
    "game.rulesets.battlesystem.rules.weather", "game.rulesets.ww2_skirmish.catalogue",
    "game.rulesets.ww2_skirmish.army",
]
#: models in those modules that are never read from a file
NOT_READ_FROM_FILES = {"game.lab.spec.Arm", "game.rulesets.battlesystem.rules.points.CostLine"}


def _models():
    for name in FILE_MODEL_MODULES:
        mod = importlib.import_module(name)
        for _, cls in inspect.getmembers(mod, inspect.isclass):
            if issubclass(cls, BaseModel) and cls.__module__ == name and f"{name}.{cls.__name__}" not in NOT_READ_FROM_FILES:
                yield cls


def test_every_file_model_goes_through_the_one_strict_base():
    models = list(_models())
    assert len(models) > 60
    lax = [f"{m.__module__}.{m.__name__}" for m in models if not issubclass(m, FileModel) or not m.model_config.get("strict")]
    assert lax == []


def test_a_whole_number_stands_for_a_number_and_a_list_for_a_point():
    from game.data.maps import TerrainFeature

    f = TerrainFeature.model_validate({"id": "w", "kind": "wall", "exterior": [[0, 0], [10, 0], [10, 5]], "height": 30})
    assert f.height == 30.0 and isinstance(f.height, float) and f.exterior[1] == (10.0, 0.0)


@pytest.mark.parametrize("value, found", [("15", "text ('15')"), (True, "true"), (None, "null"), ([15], "a list")])
def test_map_number_given_as_anything_else_is_refused_in_words(tmp_path, value, found):
    from game.data.maps import load_map

    data = json.loads((ROOT / "maps/battlespace/mission1.map.json").read_text())
    data["features"][2]["height"] = value
    p = tmp_path / "m.map.json"
    p.write_text(json.dumps(data))
    with pytest.raises(FileError) as e:
        load_map(p)
    fid = data["features"][2]["id"]
    assert str(e.value) == f"{p} [features.{fid}.height]: expected a number, found {found}"


def test_save_seed_given_as_text_is_refused(tmp_path):
    from game.data.io import dumps, write_atomic
    from game.data.save import SaveFile, read_save
    from game.data.scenario import load_scenario

    sc, m = load_scenario(ROOT / "maps/battlespace/mission1.scenario.json")
    raw = json.loads(dumps(SaveFile(format_version=1, ruleset="battlespace", ruleset_version=1, scenario=sc, map=m,
                                    seed=4, seats={"fireteam": {"kind": "human"}})))
    raw["seed"] = "4"
    p = tmp_path / "g.save.json"
    write_atomic(p, json.dumps(raw))
    with pytest.raises(FileError) as e:
        read_save(p)
    assert str(e.value) == f"{p} [seed]: expected a whole number, found text ('4')"


def test_lab_spec_games_given_as_text_is_refused(tmp_path):
    from game.lab.spec import SpecError, load_spec

    p = tmp_path / "x.lab.toml"
    p.write_text('name = "x"\nscenario = "s.scenario.json"\ngames = "20"\n')
    with pytest.raises(SpecError) as e:
        load_spec(p)
    assert str(e.value) == f"{p} [games]: expected a whole number, found text ('20')"


def test_roster_line_of_an_unknown_kind_names_the_tag_and_the_kinds(tmp_path):
    """Battlesystem: a roster line is a character, a monster or a unit ([16.3] B);
    the message names the tag field, not pydantic's union members."""
    from game.rulesets.battlesystem.rules.points import load_roster

    data = json.loads((ROOT / "maps/battlesystem/valmark_host.roster.json").read_text())
    data["lines"][1]["kind"] = "dragon"
    p = tmp_path / "r.roster.json"
    p.write_text(json.dumps(data))
    with pytest.raises(FileError) as e:
        load_roster(p)
    assert str(e.value) == f"{p} [lines[1].kind]: 'dragon' is not a kind this file knows (known: character, monster, unit)"
    data["lines"][1]["kind"] = "unit"
    data["lines"][1]["figures"] = "16"
    p.write_text(json.dumps(data))
    with pytest.raises(FileError) as e:
        load_roster(p)
    assert str(e.value) == f"{p} [lines[1].figures]: expected a whole number, found text ('16')"


def test_self_intersection_names_its_point_once():
    from game.data.maps import polygon_problem

    assert polygon_problem([(0, 0), (100, 100), (100, 0), (0, 100)]) == "self-intersects at (50, 50) mm"

"""A scenario's ``map`` reference resolves only to a regular file inside the scenario's folder tree
or the bundled maps, and each refusal says which of those it broke (game/data/io.resolve_reference)."""

from __future__ import annotations

import os
import shutil

import pytest

from game.data.io import FileError, resolve_reference
from tests.conftest import ROOT

MAP = ROOT / "maps" / "battlespace" / "mission1.map.json"


def _scenario(tmp_path):
    sc = tmp_path / "s.scenario.json"
    sc.write_text("{}")
    return sc


def test_a_map_beside_the_scenario_and_a_bundled_one_resolve(tmp_path):
    sc = _scenario(tmp_path)
    shutil.copy(MAP, tmp_path / "m.map.json")
    assert resolve_reference(sc, "m.map.json") == (tmp_path / "m.map.json").resolve()
    assert resolve_reference(sc, "battlespace/mission1.map.json") == MAP.resolve()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_a_link_to_a_device_is_named_as_a_link_outside_not_as_missing(tmp_path):
    sc = _scenario(tmp_path)
    (tmp_path / "zlink.map.json").symlink_to("/dev/zero")
    with pytest.raises(FileError) as e:
        resolve_reference(sc, "zlink.map.json")
    assert str(e.value).endswith("[map]: 'zlink.map.json' is a link to '/dev/zero', outside this file's folder "
                                 "and the bundled maps")


def test_a_missing_map_is_named_missing_and_a_folder_is_not_a_regular_file(tmp_path):
    sc = _scenario(tmp_path)
    with pytest.raises(FileError, match=r"\[map\]: map file 'nope.map.json' not found \(looked beside this file "
                                        r"and among the bundled maps\)$"):
        resolve_reference(sc, "nope.map.json")
    # a bundled scenario copied elsewhere names its map as a sibling: the refusal names the bundled one
    with pytest.raises(FileError, match=r"map file 'mission1.map.json' not found; the bundled one is named "
                                        r"'battlespace/mission1.map.json'$"):
        resolve_reference(sc, "mission1.map.json")
    (tmp_path / "dir.map.json").mkdir()
    with pytest.raises(FileError, match=r"\[map\]: 'dir.map.json' is not a regular file$"):
        resolve_reference(sc, "dir.map.json")


def test_a_dotdot_escape_is_named_as_climbing_out_not_as_a_link(tmp_path):
    """``../../etc/passwd`` is no link: the refusal says the path climbs out of the folder."""
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    sc = _scenario(sub)
    (tmp_path / "outside.map.json").write_text("{}")
    with pytest.raises(FileError) as e:
        resolve_reference(sc, "../../outside.map.json")
    assert str(e.value).endswith("[map]: '../../outside.map.json' climbs out of this file's folder ('..'): "
                                 "a map must lie in this file's folder or the bundled maps")
    assert "link" not in str(e.value)

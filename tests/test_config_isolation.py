"""Tests never write to the user's real config folder (the editor's Recent
list, settings, saves and replays): the settings module honours
BATTLETABLE_CONFIG_DIR, which tests/conftest.py points at a temporary folder
for every test and every CLI subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from game.data.config import config_dir
from game.editor.files import add_recent, recent_files
from tests.conftest import REAL_HOME, ROOT


def _inside(p: Path, root: Path) -> bool:
    return p.resolve().is_relative_to(root.resolve())


def test_config_folder_is_temporary_and_not_in_the_real_home(tmp_path):
    cfg = config_dir()
    assert _inside(cfg, Path(tempfile.gettempdir()))
    assert not _inside(cfg, REAL_HOME) and not _inside(Path.home(), REAL_HOME)
    add_recent(tmp_path / "x.map.json")
    assert recent_files() == [(tmp_path / "x.map.json").resolve()]
    assert (cfg / "editor.json").is_file()


def test_each_test_starts_with_an_empty_recent_list():
    assert recent_files() == []


def test_cli_subprocesses_use_the_temporary_config_folder():
    code = "from game.data.config import config_dir; print(config_dir())"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env=dict(os.environ), timeout=60).stdout.strip()
    assert out == str(config_dir())
    env = {k: v for k, v in os.environ.items() if k != "BATTLETABLE_CONFIG_DIR"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env=env, timeout=60).stdout.strip()
    assert not _inside(Path(out), REAL_HOME)

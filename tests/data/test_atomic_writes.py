"""Atomic writes leave no loose ends: written files get the user's normal
permissions, temporary files a crash left are removed, and an error names the
file (a full disk, a file-size limit)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.data.errors import FileError
from game.data.io import write_atomic
from tests.conftest import ROOT


@pytest.mark.parametrize("mask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_written_files_get_the_users_permissions(tmp_path, mask, mode):
    old = os.umask(mask)
    try:
        write_atomic(tmp_path / "a.map.json", "{}\n")
    finally:
        os.umask(old)
    assert (tmp_path / "a.map.json").stat().st_mode & 0o777 == mode


def test_stale_temporary_files_are_removed(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".game.save.json.{dead.pid}.ab12cd34.tmp"
    live = tmp_path / f".other.save.json.{os.getpid()}.zz12cd34.tmp"
    foreign = tmp_path / ".keep.tmp"
    for p in (stale, live, foreign):
        p.write_text("half")
    write_atomic(tmp_path / "new.save.json", "{}\n")
    assert not stale.exists() and live.exists() and foreign.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, foreign.name, "new.save.json"])


def test_a_failed_write_names_the_file_and_leaves_no_temporary(tmp_path):
    code = ("import resource, signal, sys\n"
            "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
            "resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))\n"
            "from game.cli import main\n"
            "main(sys.argv[1:])\n")
    out = tmp_path / "big.map.json"
    r = subprocess.run([sys.executable, "-c", code, "generate", "battlespace", "--out", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert r.stderr == f"error: {out}: cannot write file (File too large)\n"
    assert list(tmp_path.iterdir()) == []


def test_unwritable_folder__one_line_naming_the_file(tmp_path):
    target = tmp_path / "file-not-folder"
    target.write_text("x")
    with pytest.raises(FileError) as e:
        write_atomic(target / "a.map.json", "{}")
    assert str(e.value).startswith(f"{target / 'a.map.json'}: cannot write file (")

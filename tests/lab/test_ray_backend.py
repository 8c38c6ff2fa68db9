"""The Ray backend (the optional extra ``cluster``): a small experiment on a
local Ray with two CPUs gives the same results table as the local backend."""

from __future__ import annotations

import pytest

from game.lab.experiment import run_experiment
from game.lab.run import read_results

ray = pytest.importorskip("ray", reason="Ray is not installed: pip install -e '.[cluster]' (the README's test command does)")


def test_ray_backend_gives_the_local_backends_table(turn_spec, tmp_path):
    local = run_experiment(turn_spec, tmp_path / "local", workers=1, echo=lambda s: None, progress=False, verify=0)
    on_ray = run_experiment(turn_spec, tmp_path / "ray", backend="ray", workers=2, echo=lambda s: None, progress=False, verify=0)
    assert read_results(tmp_path / "ray" / "results.csv") == read_results(tmp_path / "local" / "results.csv")
    assert [a["win_rate"] for a in on_ray["arms"]] == [a["win_rate"] for a in local["arms"]]
    assert not ray.is_initialized()  # the run shut down the Ray it started

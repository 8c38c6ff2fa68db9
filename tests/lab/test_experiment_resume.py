"""An experiment writes each game to results.csv as it ends; a resumed run
plays only the missing games, so the table has each game exactly once and
equals an unbroken run's. The plots show the table's numbers; every replay
verifies in a fresh process."""

from __future__ import annotations

import csv
import json

import pytest

from game.lab.experiment import run_experiment
from game.lab.run import read_results
from game.lab.spec import SpecError
from game.lab.stats import wilson


def _run(spec, out, **kw):
    return run_experiment(spec, out, workers=1, echo=lambda s: None, progress=False, verify=kw.pop("verify", 0), **kw)


def _strip(rows):
    return [{k: v for k, v in r.items()} for r in rows]


def test_resume_after_a_cut_plays_each_game_exactly_once(turn_spec, tmp_path):
    cut = tmp_path / "cut"
    _run(turn_spec, cut)
    whole = read_results(cut / "results.csv")
    assert [(r["arm"], r["game"]) for r in whole] == [(a, g) for a in ("1", "4") for g in range(3)]
    # a kill: the last two games lost, the third-last line torn mid-write
    lines = (cut / "results.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    (cut / "results.csv").write_text("".join(lines[:-3]) + lines[-3][:9], encoding="utf-8")
    with pytest.raises(SpecError, match="--resume"):
        _run(turn_spec, cut)
    _run(turn_spec, cut, resume=True)
    text = (cut / "results.csv").read_text(encoding="utf-8")
    keys = [(r["arm"], r["game"]) for r in csv.DictReader(text.splitlines())]
    assert len(keys) == len(set(keys)) == 6
    assert _strip(read_results(cut / "results.csv")) == _strip(whole)


def test_plots_show_the_tables_numbers_and_replays_verify(turn_spec, tmp_path):
    out = tmp_path / "r"
    summary = _run(turn_spec, out, verify=2)
    rows = read_results(out / "results.csv")
    assert summary["verified"] == {"sample": 2, "ok": 2, "failed": []}
    data = json.loads((out / "plot_data.json").read_text(encoding="utf-8"))
    for i, arm in enumerate(("1", "4")):
        mine = [r for r in rows if r["arm"] == arm]
        k = sum(r["success"] for r in mine)
        assert data["win_rate"]["rate"][i] == k / len(mine)
        assert data["win_rate"]["low"][i] == pytest.approx(wilson(k, len(mine))[0])
        assert data["lengths"][arm] == [r["turns"] for r in mine]
    assert data["win_rate"]["x"] == [1.0, 4.0]
    assert all(r["turns"] <= 1 for r in rows if r["arm"] == "1")
    for name in ("win_rate.png", "game_length.png", "arms.png"):
        assert (out / name).read_bytes()[:4] == b"\x89PNG"
    page = (out / "report.html").read_text(encoding="utf-8")
    assert all(f'src="{name}"' in page for name in ("win_rate.png", "game_length.png", "arms.png"))
    assert summary["arms"][1]["p_vs_first"] is not None

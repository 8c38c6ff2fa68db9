"""The two example experiments in examples/ (the Battlespace threat-level
sweep on Mission 1, two space-fleet fleets compared): their reports are
checked in, complete, and every plotted number is the results table's."""

from __future__ import annotations

import json

import pytest

from game.lab.report import summarise
from game.lab.run import read_results
from game.lab.spec import load_spec
from game.lab.stats import wilson

from tests.lab.conftest import ROOT

EXAMPLES = ROOT / "examples"


@pytest.mark.parametrize("name", ["threat_sweep", "fleets"])
def test_example_report_holds_the_tables_numbers(name):
    spec = load_spec(EXAMPLES / f"{name}.lab.toml")
    out = EXAMPLES / name
    for f in ("results.csv", "summary.json", "plot_data.json", "report.html", "win_rate.png", "game_length.png", "arms.png"):
        assert (out / f).is_file(), f
    rows = read_results(out / "results.csv")
    arms = list(dict.fromkeys(r["arm"] for r in rows))
    expected = [str(v) for v in spec.sweep.values] if spec.sweep else [a.name for a in spec.arms]
    assert arms == expected
    assert all(sum(r["arm"] == a for r in rows) == spec.games for a in arms)  # every game exactly once
    data = json.loads((out / "plot_data.json").read_text(encoding="utf-8"))
    for i, a in enumerate(arms):
        mine = [r for r in rows if r["arm"] == a]
        k = sum(r["success"] for r in mine)
        lo, hi = wilson(k, len(mine))
        assert data["win_rate"]["rate"][i] == k / len(mine)
        assert (data["win_rate"]["low"][i], data["win_rate"]["high"][i]) == pytest.approx((lo, hi))
        assert data["lengths"][a] == [r["turns"] for r in mine]
    assert json.loads((out / "summary.json").read_text(encoding="utf-8"))["arms"] == \
        json.loads(json.dumps(summarise(rows, spec.side)["arms"]))
    page = (out / "report.html").read_text(encoding="utf-8")
    assert all(f'src="{f}"' in page for f in ("win_rate.png", "game_length.png", "arms.png"))


def test_threat_sweep_success_falls_as_the_threat_level_rises():
    """Battlespace: Fire Weapon and Threat Level Icon - a soldier must meet an
    enemy's threat level both to wound it and to avoid its fire, so the
    fireteam succeeds less often at 16 than at 8."""
    data = json.loads((EXAMPLES / "threat_sweep" / "plot_data.json").read_text(encoding="utf-8"))
    assert data["win_rate"]["x"] == [8.0, 10.0, 12.0, 14.0, 16.0]
    assert data["win_rate"]["rate"][-1] < data["win_rate"]["rate"][0]

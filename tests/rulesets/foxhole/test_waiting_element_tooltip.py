"""An element not set up yet is drawn in a row inside its side's area
(Set-up) at a place it does not stand: its tooltip says it waits to set up,
not the grid square of its unset position ("VC main force section 1 ... in
A1", "unidentified element #1 ... in A1" it said); one on the table gives
its square."""

from __future__ import annotations

from game.rulesets.foxhole.display.table import figures

from .helpers import el, state


def test_waiting_elements__tooltip_says_waiting_not_a_square():
    s = state([el("s1", "blue", 0.0, 0.0, name="VC main force section 1", deployed=False),
               el("u1", "blue", 0.0, 0.0, kind="unknown", hidden="unknown", marker="1", deployed=False),
               el("r1", "red", 300.0, 550.0, name="ARVN rifle section 1")], phase="setup", active="blue")
    figs = {f.id: f for f in figures(s)}
    for fid in ("s1", "u1"):
        assert figs[fid].profile[-1] == "waiting to set up", figs[fid].profile
        assert not any(t.startswith("in A1") for t in figs[fid].profile), figs[fid].profile
        assert (figs[fid].x, figs[fid].y) != (0.0, 0.0)  # drawn in the row, away from where it would stand
    assert figs["r1"].profile[-1].startswith("in ") and figs["r1"].profile[-1] != "in A1", figs["r1"].profile

"""tools/bench_render.py measures the frame with the line-of-sight overlay
the battle shows: its bench state gives Battlespace's own sight verdicts
(one wall between two bases blocks, an open line is clear)."""

from __future__ import annotations

from shapely.geometry import Polygon

from game.core.view import Figure
from game.geometry.shapes import Base
from game.geometry.terrain import BLOCKS_SIGHT, FULL_HEIGHT, TerrainPiece
from game.ui.palette import palette
from game.ui.table_model import TableModel
from game.ui.table_view import TableView
from tools.bench_render import bench_sight
from tools.standard_table import StandardTable
from tests.ui.conftest import pygame


def test_bench_overlay_comes_from_the_rulesets_sight():
    wall = TerrainPiece(id="w", polygon=Polygon([(290, 100), (310, 100), (310, 500), (290, 500)]), kind="wall",
                        height=FULL_HEIGHT, tags=frozenset({BLOCKS_SIGHT}))
    bases = [Base.circle(100, 300, 12.5, id="b0"), Base.circle(500, 300, 12.5, id="b1"),
             Base.circle(100, 550, 12.5, id="b2"), Base.circle(500, 560, 12.5, id="b3")]
    t = StandardTable((600.0, 600.0), [wall], bases)
    rs, state = bench_sight(t)
    assert rs.id == "battlespace" and set(state.figs) == {"b0", "b1", "b2", "b3"}
    figs = [Figure(id=b.id, side="a" if i % 2 == 0 else "b", x=b.x, y=b.y, radius=12.5) for i, b in enumerate(bases)]
    view = TableView(TableModel([wall], t.table), palette("default"), ["a", "b"], pygame.Rect(0, 0, 600, 600),
                     sight=lambda: (rs, state))
    view.set_content(figs, [])
    los = view.set_los("b0")
    got = {ln.target_id: ln.state for ln in los.lines}
    assert got == {"b1": "blocked", "b3": "blocked"}
    assert "w" in los.blockers
    los2 = view.set_los("b2")
    assert {ln.target_id: ln.state for ln in los2.lines}["b3"] == "clear"  # below the wall's end

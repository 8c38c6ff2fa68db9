"""The table's terrain follows the ruleset's ``terrain(state)`` hook: a driven
Battlespace vehicle is drawn (cached terrain layer) and indexed for the LoS
overlay at its new place, and nothing is rebuilt while the terrain stands still."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest
from shapely.geometry import box

from game.battle.seats import Seat
from game.geometry.terrain import TerrainPiece
from game.ui.table_model import TableModel

MISSION = Path(__file__).resolve().parents[2] / "maps" / "battlespace" / "mission1.scenario.json"


def _share(view, bounds, colour=None) -> float:
    """Share of the pixels in the middle of a table rectangle, in the terrain
    layer alone, that differ from the bare table (something is drawn there)."""
    from game.ui.render.terrain import TerrainLayer

    cam = view.camera
    size = pygame.display.get_surface().get_size()
    surf, bare = pygame.Surface(size), pygame.Surface(size)
    view.terrain.draw(surf, cam)
    TerrainLayer([], view.table.table, view.terrain.palette, view.table.map, view.colours,
                 styles=view.terrain.styles).draw(bare, cam)
    x0, y0, x1, y1 = bounds
    mx, my = (x1 - x0) * 0.25, (y1 - y0) * 0.25
    (a, b), (c, d) = cam.to_screen(x0 + mx, y0 + my), cam.to_screen(x1 - mx, y1 - my)
    arr = pygame.surfarray.array3d(surf)[int(a):int(c), int(b):int(d)].reshape(-1, 3).astype(int)
    ref = pygame.surfarray.array3d(bare)[int(a):int(c), int(b):int(d)].reshape(-1, 3).astype(int)
    return float((np.abs(arr - ref).max(axis=1) > 12).mean())


def _fill(view, pid):
    return next(c for p, c, *_ in view.terrain.items if p.id == pid)


@pytest.mark.skipif(not MISSION.exists(), reason="Battlespace mission 1 is not bundled")
def test_driven_vehicle_moves_in_the_terrain_layer_and_los_index(app, tmp_path):
    from game.rulesets.battlespace import actions as A
    from game.ui.scenes.battle import BattleScene

    scene = app.push(BattleScene.from_scenario(MISSION, 1, {"fireteam": Seat("human")}, replay=tmp_path / "r.jsonl"))
    app.drive(2)
    scene.skip_ai()
    view, st = scene.view, scene.session.battle.state
    if st.phase != "player" or st.active != "fireteam":
        pytest.skip("not the fireteam's player phase")
    start = view.table
    old = next(p for p in start.pieces if p.id == "humvee").polygon.bounds
    layer = view.terrain
    scene.refresh()
    assert view.table is start and view.terrain is layer  # nothing moved: nothing rebuilt
    # the scripted drive: Reyes in the Humvee's driver's seat, a move order 150 mm north
    cx, cy = (old[0] + old[2]) / 2, (old[1] + old[3]) / 2
    st.vehicles["humvee"].disabled = False
    f = st.figs["reyes"]
    f.vehicle, f.seat, f.x, f.y = "humvee", "driver", cx, cy
    f.activated, f.orders, f.used, f.move_only = True, 2, [], False
    st.current = "reyes"
    scene.refresh()
    scene.selected = "reyes"
    scene.refresh(force_los=True)
    app.drive(1)
    new = (old[0], old[1] - 150, old[2], old[3] - 150)
    fill = _fill(view, "humvee")
    assert _share(view, old, fill) > 0.5 and _share(view, new, fill) < 0.05
    assert scene.commit(A.Move(side="fireteam", unit="reyes", x=cx, y=cy - 150))
    assert st.vehicles["humvee"].dy == -150.0
    app.drive(1)
    # the TableModel and the LoS index carry the moved footprint; the cached layer was rebuilt
    assert view.table is not start and view.table.version == start.version + 1 and scene.table is view.table
    assert next(p for p in view.table.pieces if p.id == "humvee").polygon.bounds == new
    assert any(p.id == "humvee" for p in view.table.index.pieces_at((cx, cy - 150)))
    assert not any(p.id == "humvee" for p in view.table.index.pieces_at((cx, cy)))
    assert view.terrain is not layer
    assert _fill(view, "humvee") == fill
    assert _share(view, old, fill) < 0.05  # the old spot is no longer the vehicle
    assert _share(view, new, fill) > 0.5  # the vehicle is drawn at the new spot
    assert start is TableModel.of_map(scene.session.battle.map)  # the shared map table is untouched
    assert next(p for p in start.pieces if p.id == "humvee").polygon.bounds == old
    # further refreshes with the vehicle standing still rebuild nothing
    moved_table, moved_layer = view.table, view.terrain
    scene.refresh()
    scene.refresh(force_los=True)
    assert view.table is moved_table and view.terrain is moved_layer


def test_table_model_with_pieces_rebuilds_only_on_change():
    a = TerrainPiece(id="a", polygon=box(0, 0, 10, 10), kind="vehicle", height=20.0)
    b = TerrainPiece(id="b", polygon=box(50, 50, 60, 60), kind="building", height=40.0)
    t = TableModel([a, b], (100, 100))
    assert t.with_pieces([a, b]) is t
    same = [TerrainPiece(id="a", polygon=box(0, 0, 10, 10), kind="vehicle", height=20.0), b]
    assert t.with_pieces(same) is t
    moved = t.with_pieces([TerrainPiece(id="a", polygon=box(30, 0, 40, 10), kind="vehicle", height=20.0), b])
    assert moved is not t and moved.version == 1 and moved.piece_at(35, 5).id == "a" and moved.piece_at(5, 5) is None
    gone = moved.with_pieces([b])
    assert gone is not moved and [p.id for p in gone.pieces] == ["b"] and gone.version == 2

"""A table tooltip belongs to what the mouse rests on: it goes when the
mouse leaves it (to open ground, off the table, out of the window), when
the thing under the mouse changes without the mouse moving, and while a
dialog lies over the battle; it keeps clear of the LoS legend and inside
the window."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from game.battle.seats import Seat
from game.ui.render.tip import tip_rect
from tests.ui.conftest import start_battle

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1_2x2.scenario.json"


def _move(app, pos):
    app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def test_tooltip__goes_with_its_target(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "r.jsonl")
    view = scene.view
    reyes = view.by_id["reyes"]
    _move(app, view.camera.to_screen(reyes.x, reyes.y))
    assert view.tip_rect is not None and view.tooltip_lines()[0].startswith("Sgt. Reyes")
    app.screenshot(tmp_path / "tip-on.png")
    # open ground (no terrain, no marker): no box
    vp = pygame.Rect(view.camera.viewport)
    ground = next((x, y) for x in range(vp.x + 40, vp.right - 40, 13) for y in range(vp.y + 40, vp.bottom - 40, 13)
                  if view.figure_under((x, y)) is None and not view.terrain_lines(view.table.piece_at(*view.camera.to_world(x, y)))
                  and not view.markers_at(*view.camera.to_world(x, y)))
    _move(app, ground)
    assert view.tip_rect is None
    app.screenshot(tmp_path / "tip-off.png")
    # back on Reyes, then the mouse leaves the window
    _move(app, view.camera.to_screen(reyes.x, reyes.y))
    assert view.tip_rect is not None
    app.drive(1, [pygame.event.Event(pygame.WINDOWLEAVE)])
    assert view.tip_rect is None
    # on Reyes again; then the table changes under the resting mouse (he moves away): the box goes
    _move(app, view.camera.to_screen(reyes.x, reyes.y))
    assert view.tip_rect is not None
    moved = [replace(f, x=f.x + 120) if f.id == "reyes" else f for f in view.figures]
    view.set_content(moved, view.markers)
    view.anim.snap()
    app.drive(1)
    assert view.tip_rect is None
    _move(app, view.camera.to_screen(reyes.x + 120, reyes.y))  # the mouse follows him: his box again
    assert view.tip_rect is not None
    scene.refresh()  # the table as the rules have it
    view.anim.snap()
    # a dialog over the battle: no tooltip of what lies under it
    _move(app, view.camera.to_screen(view.by_id["okafor"].x, view.by_id["okafor"].y))
    assert view.tip_rect is not None
    scene.ask_leave() if scene.unsaved else scene.show_help()
    app.drive(1)
    assert app.top is not scene and view.tip_rect is None


def test_tooltip__clear_of_the_legend_and_inside_the_window(app, tmp_path):
    scene = start_battle(app, M1, {"fireteam": Seat("human")}, tmp_path / "r.jsonl")
    view = scene.view
    scene.select("reyes")  # the LoS overlay and its legend
    app.drive(1)
    legend = view.legend_rect()
    # a figure low on the table, near the legend: its box would fall on the legend below-right of the mouse
    low = max(view.figures, key=lambda f: f.y)
    _move(app, view.camera.to_screen(low.x, low.y))
    box = view.tip_rect
    assert box is not None
    assert not box.colliderect(legend), (tuple(box), tuple(legend))
    assert app.screen.get_rect().contains(box)
    app.screenshot(tmp_path / "tip-legend.png")


def test_tip_rect__spots_in_order():
    bounds = pygame.Rect(0, 0, 400, 300)
    assert tuple(tip_rect((100, 50), (100, 100), bounds)) == (116, 116, 100, 50)  # below right
    assert tuple(tip_rect((100, 50), (100, 280), bounds)) == (116, 222, 100, 50)  # above right at the bottom
    assert tuple(tip_rect((100, 50), (390, 100), bounds)) == (282, 116, 100, 50)  # below left at the right edge
    avoid = [pygame.Rect(110, 110, 50, 50)]
    assert tuple(tip_rect((100, 50), (100, 100), bounds, avoid)) == (116, 42, 100, 50)  # above, clear of it

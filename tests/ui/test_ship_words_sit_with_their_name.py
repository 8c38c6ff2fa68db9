"""A ship's order and state words (the ruleset's badges: "AAF", "shields 1 ·
BM 1") sit in the row just under or over that ship's own name tag, so a
squadron of escorts in a line reads name over words and never "In1 AAF In2
AAF In3" (the trial read the order between two names and could not tell
whose it was). At fit zoom on a crowded squadron the words give way first:
every name is drawn, words only where their row beside the name is free, and
no two labels overlap (spacefleet_core 2.3, special orders; the badges are
the ruleset's own words)."""

from __future__ import annotations

import pygame
import pytest

from game.core.view import Figure
from game.ui.camera import Camera
from game.ui.palette import DEFAULT
from game.ui.render.figures import base_rects, draw_figures, token_shapes
from game.ui.render.labels import LabelPlacer, draw_placed, lay_out
from game.ui.render.markers import table_clip
from tests.ui.conftest import label_overlaps

TABLE = (1829.0, 1219.0)  #: the space table, mm (6' x 4')


def _squadron(gap_mm: float) -> list[Figure]:
    """Four escorts of one squadron in a line east-west, all ahead full,
    and a cruiser with lowered shields and a blast marker just north-west."""
    ships = [Figure(id=f"in{i}", side="imperial", x=700.0 + i * gap_mm, y=600.0, radius=12.0, heading=90.0,
                    label=f"In{i}", group="sq", badges=("AAF",)) for i in range(1, 5)]
    ships.append(Figure(id="got", side="chaos", x=700.0 - gap_mm, y=600.0 - gap_mm / 2, radius=20.0, heading=90.0,
                        label="Got", badges=("shields 1", "BM 1")))
    return ships


def _laid(figs, zoom: int):
    """The labels as the table view lays them out, ``zoom`` steps in from fit."""
    surface = pygame.Surface((1280, 800))
    cam = Camera((0, 40, 1000, 700), TABLE)
    if zoom:
        cam.zoom_at(zoom, *cam.to_screen(figs[0].x, figs[0].y))
    reqs: list = []
    placed = draw_figures(surface, cam, figs, DEFAULT, ("imperial", "chaos"), collect=reqs, table_style="space")
    placer = LabelPlacer(table_clip(cam), pygame.Rect(cam.viewport))
    placer.avoid_later(lambda: base_rects(placed, cam.scale))
    placer.block_later(lambda: token_shapes(placed, cam, "space"))
    return lay_out(reqs, placer), surface


@pytest.mark.parametrize("gap_mm,zoom", [(60.0, 0), (60.0, 5), (35.0, 0), (110.0, 2)])
def test_a_ships_words_sit_under_or_over_its_own_name(gap_mm, zoom, tmp_path):
    figs = _squadron(gap_mm)
    laid, surface = _laid(figs, zoom)
    rects = {q.key: q.rect for q in laid}
    assert label_overlaps([(q.text, q.rect) for q in laid]) == []
    for f in figs:
        name = rects.get(f"fig:{f.id}:name")
        assert name is not None, f"{f.label}: every name is drawn before any words"
        words = rects.get(f"fig:{f.id}:icons")
        if words is None:
            continue  # crowded: the words gave way
        in_row = words.top == name.bottom + 1 or words.bottom + 1 == name.top
        in_line = words.left == name.left or words.right == name.right
        assert in_row and in_line, (f.label, tuple(name), tuple(words))
    draw_placed(surface, laid)
    pygame.image.save(surface, str(tmp_path / f"squadron-{gap_mm:g}-{zoom}.png"))
    if zoom >= 5:  # room enough: every ship's words are shown
        assert all(f"fig:{f.id}:icons" in rects for f in figs), sorted(rects)

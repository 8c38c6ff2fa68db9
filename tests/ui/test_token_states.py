"""Model tokens: the base shape follows the rules' base, and the selected,
mid-activation and "may still act" states are told apart by shape, not only
by hue, so they stay distinct in both palettes (read here in grey levels, as
a reader without colour vision sees them). Status markers are icons."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from game.core.view import Figure
from game.ui.marker_vocab import ORDER_GLYPHS, VOCAB, icon_of, marker_words
from game.ui.palette import palette
from game.ui.render.icons import GLYPHS, icon_row
from game.ui.render.tokens import RECT, ROUND, SHIP, TORPEDO, sprite, token_kind

from .conftest import pygame

#: (selected, active, ready, hovered, acted)
STATES = {"plain": (False, False, False, False, False), "selected": (True, False, False, False, False),
          "active": (False, True, False, False, False), "ready": (False, False, True, False, False),
          "acted": (False, False, False, False, True)}


def _grey(surface) -> np.ndarray:
    """Luminance of ``surface`` laid over a mid-grey table, 0..255."""
    bg = pygame.Surface(surface.get_size())
    bg.fill((110, 110, 110))
    bg.blit(surface, (0, 0))
    rgb = pygame.surfarray.array3d(bg).astype(float)
    return rgb @ np.array([0.299, 0.587, 0.114])


@pytest.mark.parametrize("kind", [ROUND, SHIP])
@pytest.mark.parametrize("name", ["default", "colour-blind"])
def test_states__pairwise_distinct_in_grey_levels_in_both_palettes(name, kind):
    pal = palette(name)
    for side in ("fireteam", "enemy"):
        col = pal.side(side, ("fireteam", "enemy"))
        grey = {st: _grey(sprite(kind, col, 9, 30.0, None, flags, pal.select, pal.legal)) for st, flags in STATES.items()}
        for a, b in itertools.combinations(grey, 2):
            if grey[a].shape != grey[b].shape or {a, b} == {"plain", "acted"}:
                continue  # a different size is distinct already; acted vs plain is told by paleness (below)
            changed = int((np.abs(grey[a] - grey[b]) > 24).sum())
            assert changed >= 12, f"{name}/{side}/{kind}: {a} and {b} differ in {changed} px only"


@pytest.mark.parametrize("name", ["default", "colour-blind"])
def test_acted__drawn_paler_than_a_model_still_to_act(name):
    pal = palette(name)
    col = pal.side("fireteam", ("fireteam", "enemy"))

    def saturation(flags) -> float:
        s = sprite(ROUND, col, 9, 0.0, None, flags, pal.select, pal.legal)
        rgb = pygame.surfarray.array3d(s).astype(float)[pygame.surfarray.array_alpha(s) > 200]
        return float((rgb.max(axis=1) - rgb.min(axis=1)).mean())

    assert saturation(STATES["acted"]) < 0.6 * saturation(STATES["plain"])


def test_base_shape__round_rectangular_ship_and_ordnance():
    assert token_kind(Figure("a", "s", 0, 0, radius=12.5)) == ROUND
    assert token_kind(Figure("c", "s", 0, 0, radius=0, width=25, depth=50)) == RECT
    assert token_kind(Figure("g", "s", 0, 0, radius=12.5), "space") == SHIP
    assert token_kind(Figure("t", "s", 0, 0, markers=("torpedo:4",)), "space") == TORPEDO


def test_rectangular_base__drawn_its_width_by_its_depth():
    pal = palette("default")
    wide = sprite(RECT, (200, 60, 60), 28, 0.0, (20, 50), STATES["plain"], pal.select, pal.legal)
    alpha = pygame.surfarray.array_alpha(wide)
    xs, ys = np.nonzero(alpha > 100)
    # heading 0 = +x: the depth (50 px, and the front pointer) along x, the width (20 px) along y
    assert 48 <= xs.max() - xs.min() <= 58 and 18 <= ys.max() - ys.min() <= 24


def test_every_marker_in_the_vocabulary_has_a_drawn_glyph_and_words():
    for name, kind in VOCAB.items():
        assert kind.icon in GLYPHS, name
        assert "_" not in marker_words(f"{name}:2"), name
    assert set(ORDER_GLYPHS.values()) <= set(GLYPHS)


def test_text_tags_become_icons__an_order_by_its_glyph_and_its_name_in_words():
    assert icon_of("order:come_to_new_heading") == ("turn", "")
    assert marker_words("order:come_to_new_heading") == "special order: Come To New Heading"
    assert icon_of("wounded:1") == ("drop", "1")
    row = icon_row(("wounded:1", "suppressed", "order:come_to_new_heading", "braced", "blast:2"), 12)
    assert row is not None and row.get_height() == 12
    # five icons side by side, narrower than the old text tags "W1 Sup Orcome_to_new_heading Br B2" would be
    assert 5 * 12 <= row.get_width() < 5 * 12 + 40


def test_marker_words__counts_agree_with_their_number():
    """A count in a tooltip is singular for one ("1 wound", "1 order left"), never "wound(s)"."""
    assert marker_words("wounded:1") == "1 wound" and marker_words("wounded:2") == "2 wounds"
    assert marker_words("orders:1") == "1 order left" and marker_words("crits:3") == "3 critical hits"
    assert marker_words("blast:1") == "touching 1 blast marker"
    assert not any("(s)" in k.words for k in VOCAB.values())

"""The bar under the table folds messages that do not fit into its last row:
each message stays apart from the next (the bar's separator), never run into
one sentence ("... jams the weapon Activate Cpl. Okafor: done")."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.ui import fonts  # noqa: E402
from game.ui.scenes.battle import SEPARATOR, _fold  # noqa: E402

WHITE, GREY = (255, 255, 255), (200, 200, 200)


def test_fold__messages_in_the_last_row_are_separated():
    font = fonts.font(13)
    lines = [("Fire at Fighter 4 (1 order)", WHITE), ("hit: 1 wound; Fighter 4 has 1 left", GREY),
             ("a natural 1 jams the weapon", GREY), ("Activate Cpl. Okafor: done", GREY)]
    rows = _fold(lines, font, 2000, 2)
    assert [t for t, _ in rows] == ["Fire at Fighter 4 (1 order)",
                                    "hit: 1 wound; Fighter 4 has 1 left" + SEPARATOR + "a natural 1 jams the weapon"
                                    + SEPARATOR + "Activate Cpl. Okafor: done"]
    assert rows[1][1] == GREY


def test_fold__one_long_message_wrapped_then_folded_joins_with_a_space():
    font = fonts.font(13)
    long = "the target is in light cover behind the low wall so the shot is harder " * 4
    width = font.size(long)[0] // 3
    rows = _fold([(long.strip(), WHITE)], font, width, 1)
    assert len(rows) == 1 and SEPARATOR not in rows[0][0] and rows[0][0].startswith("the target is in light cover")
    assert font.size(rows[0][0])[0] <= width


def test_fold__rows_that_fit_are_left_as_they_are():
    font = fonts.font(13)
    lines = [("a natural 1 jams the weapon", GREY), ("Activate Cpl. Okafor: done", WHITE)]
    assert _fold(lines, font, 2000, 5) == lines

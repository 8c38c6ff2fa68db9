"""Counts a player reads are in the right number: "1 action", "2 actions", "0 errors, 1 warning"
(game/core/logtext.plural, used by the battle, editor and summary screens and the CLI)."""

from __future__ import annotations

import pytest

from game.core.logtext import plural


@pytest.mark.parametrize("n, word, many, want", [
    (1, "action", None, "1 action"), (2, "action", None, "2 actions"), (0, "error", None, "0 errors"),
    (1, "warning", None, "1 warning"), (3, "replay", None, "3 replays"), (2, "die", "dice", "2 dice"),
])
def test_plural__one_is_singular_every_other_count_plural(n, word, many, want):
    assert plural(n, word, many) == want


def test_no_player_text_says_action_s():
    """The old "undid 1 action(s)" wording is gone from every screen."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "game"
    hits = [str(p) for p in root.rglob("*.py") if "(s)" in p.read_text() and "action(s)" in p.read_text()]
    assert hits == []


def test_ordinal__words_to_ten_then_figures():
    from game.core.logtext import ordinal

    assert [ordinal(n) for n in (1, 2, 3, 10, 11, 12, 13, 21, 22, 23, 111)] == \
        ["first", "second", "third", "tenth", "11th", "12th", "13th", "21st", "22nd", "23rd", "111th"]

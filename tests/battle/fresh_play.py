"""Play a battle's first actions: the purity tests run this in a new Python
process (``python -c``), so it imports no more than a battle needs (no
pytest: a fresh process starts sooner)."""

from __future__ import annotations

from pathlib import Path

from game.battle.runner import play


def play_here(scenario: str, seed: int, out: str, actions: int) -> None:
    """Play the first ``actions`` actions of a battle in this process (all of it when it ends sooner)."""
    try:
        play(Path(scenario), {}, seed, Path(out), max_actions=actions)
    except RuntimeError as e:
        assert "did not end" in str(e), e

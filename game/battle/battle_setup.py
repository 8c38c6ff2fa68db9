"""Small questions about a scenario file asked before a battle starts."""

from __future__ import annotations

from pathlib import Path

from game.battle.loading import open_scenario


def first_playable_side(scenario_path: str | Path) -> str | None:
    """The first side a person can play in the scenario (the seat a test play
    gives the map's author), or None. Raises FileError for a bad file."""
    rs, sc, _ = open_scenario(scenario_path)
    sides = rs.sides(sc)
    return sides[0] if sides else None

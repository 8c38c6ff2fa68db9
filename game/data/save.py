"""The saved-game file (``*.save.json``): a battle in progress, enough to
resume it exactly (scenario and map embedded, seed, seats, accepted actions).
Loading re-simulates the actions; a bad or corrupt file raises
:class:`~game.data.errors.FileError` and changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from game.data.errors import FileError
from game.data import limits
from game.data.filemodel import FileModel
from game.data.io import parse_model, read_json
from game.data.maps import MapFile, map_problems
from game.data.replay import SeatSpec
from game.data.scenario import Scenario

SAVE_FORMAT = 1


class SaveFile(FileModel):
    """A battle in progress, enough to resume it exactly."""

    format_version: Literal[1] = Field(description="file format version (1)")
    kind: Literal["battletable-save"] = Field("battletable-save", description="file kind")
    ruleset: str = Field(description="ruleset id")
    ruleset_version: int = Field(description="ruleset version when saved")
    scenario_path: str | None = Field(None, description="where the scenario came from (informative)")
    scenario: Scenario = Field(description="the scenario, embedded")
    map: MapFile = Field(description="its map, embedded")
    seed: int = Field(description="battle seed")
    seats: dict[str, SeatSpec] = Field(description="side -> seat")
    actions: list[dict[str, Any]] = Field(default_factory=list, max_length=limits.MAX_ACTIONS, description="accepted actions, in order")
    saved_at: float = Field(0.0, description="Unix time of saving")
    replay: str | None = Field(None, description="the battle's replay file: loading continues it (one replay per battle)")
    autosave: bool = Field(False, description="True for the app's autosave after a commit point")


def read_save(path: str | Path) -> SaveFile:
    """Read and validate a save. Raises :class:`FileError` (one line)."""
    p = Path(path)
    raw = read_json(p)
    if isinstance(raw, dict) and raw.get("kind") not in (None, "battletable-save"):
        raise FileError(p, "kind", "not a Battletable save")
    sv = parse_model(p, SaveFile, raw)
    probs = map_problems(sv.map)
    if probs:
        raise FileError(p, f"map {probs[0][0]}", probs[0][1])
    return sv

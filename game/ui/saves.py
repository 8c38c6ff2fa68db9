"""Saved games: JSON {scenario (embedded, with its map), scenario path, seed,
seats, actions}, written atomically. Loading re-simulates the actions; a bad
or corrupt file raises :class:`FileError` and changes nothing."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.data.errors import FileError, from_validation
from game.data.io import dumps, parse_model, read_json, write_atomic
from game.data.maps import MapFile, map_problems
from game.data.replay import SeatSpec
from game.data.scenario import Scenario

SAVE_FORMAT = 1


class SaveFile(BaseModel):
    """A battle in progress, enough to resume it exactly."""

    model_config = ConfigDict(extra="forbid")

    format_version: Literal[1] = Field(description="file format version (1)")
    kind: Literal["battletable-save"] = Field("battletable-save", description="file kind")
    ruleset: str = Field(description="ruleset id")
    ruleset_version: int = Field(description="ruleset version when saved")
    scenario_path: str | None = Field(None, description="where the scenario came from (informative)")
    scenario: Scenario = Field(description="the scenario, embedded")
    map: MapFile = Field(description="its map, embedded")
    seed: int = Field(description="battle seed")
    seats: dict[str, SeatSpec] = Field(description="side -> seat")
    actions: list[dict[str, Any]] = Field(default_factory=list, description="accepted actions, in order")
    saved_at: float = Field(0.0, description="Unix time of saving")


def write_save(path: str | Path, session) -> Path:
    """Save ``session`` (a :class:`game.ui.play.PlaySession`) atomically."""
    b = session.battle
    data = SaveFile(format_version=1, ruleset=b.ruleset.id, ruleset_version=b.ruleset.version,
                    scenario_path=str(session.scenario_path) if session.scenario_path else None,
                    scenario=b.scenario, map=b.map, seed=b.seed,
                    seats={s: seat.spec() for s, seat in session.seats.items()},
                    actions=[a.to_dict() for a in b.history.actions()], saved_at=time.time())
    p = Path(path)
    write_atomic(p, dumps(data))
    return p


def read_save(path: str | Path) -> SaveFile:
    """Read and validate a save. Raises :class:`FileError` (one line)."""
    p = Path(path)
    raw = read_json(p)
    if isinstance(raw, dict) and raw.get("kind") not in (None, "battletable-save"):
        raise FileError(p, "kind", "not a Battletable save")
    try:
        sv = parse_model(p, SaveFile, raw)
    except FileError:
        raise
    except ValidationError as e:  # pragma: no cover - parse_model converts these
        raise from_validation(p, e) from None
    probs = map_problems(sv.map)
    if probs:
        raise FileError(p, f"map {probs[0][0]}", probs[0][1])
    return sv

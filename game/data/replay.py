"""The replay file (``*.replay.jsonl``): one JSON object per line.

Line 1 is the :class:`ReplayHeader`; then :class:`ActionLine` for each action
as it happens, :class:`UndoLine` when a player takes actions back,
:class:`CheckpointLine` every few actions and :class:`EndLine` at the end.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from game.data import limits
from game.data.filemodel import FrozenFileModel
from game.data.maps import MapFile
from game.data.scenario import Scenario

#: the format this program writes: 2 records each action's events as well as
#: their digest, so a later version can still show the battle; format 1
#: (digests only) is still read and verified.
REPLAY_FORMAT = 2


class _Strict(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class SeatSpec(_Strict):
    """Who sat a side: a human or an agent with its parameters."""

    kind: Literal["human", "ai"] = Field(description="human or ai")
    agent: str | None = Field(None, description="agent name for ai seats")
    params: dict[str, Any] = Field(default_factory=dict, description="agent parameters")


class ReplayHeader(_Strict):
    """What the battle was: enough to re-simulate it."""

    line: Literal["header"] = Field("header", description="line kind")
    format_version: Literal[1, 2] = Field(description="file format version (2; 1 has no events)")
    game_version: str = Field(description="Battletable version that wrote it")
    ruleset: str = Field(description="ruleset id")
    ruleset_version: int = Field(ge=1, description="ruleset version")
    map_id: str = Field(description="map id")
    map_sha256: str = Field(description="SHA-256 of the embedded map's canonical JSON")
    seed: int = Field(description="battle seed")
    seats: dict[str, SeatSpec] = Field(description="side id -> seat")
    checkpoint_every: int = Field(10, ge=1, le=limits.MAX_ACTIONS, description="actions between state checkpoints")
    scenario: Scenario = Field(description="the scenario, embedded")
    map: MapFile = Field(description="the map, embedded")


class ActionLine(_Strict):
    """One accepted action and a digest of the events it produced."""

    line: Literal["action"] = Field("action", description="line kind")
    index: int = Field(ge=0, lt=limits.MAX_ACTIONS, description="0-based action index")
    action: dict[str, Any] = Field(description="the action as the ruleset encodes it")
    events_sha256: str = Field(description="SHA-256 of the events' canonical JSON")
    n_events: int = Field(ge=0, le=limits.MAX_EVENTS_PER_ACTION, description="how many events it produced")
    events: list[dict[str, Any]] | None = Field(None, max_length=limits.MAX_EVENTS_PER_ACTION,
                                                 description="the events as the ruleset encodes them (format 2; None in format 1)")
    reason: dict[str, Any] | None = Field(None, description="why the agent chose the action: text and its best "
                                                            "candidates with scores (shown, never verified)")


class UndoLine(_Strict):
    """Actions taken back: only the first ``keep`` actions stand."""

    line: Literal["undo"] = Field("undo", description="line kind")
    keep: int = Field(ge=0, le=limits.MAX_ACTIONS, description="actions kept")


class CheckpointLine(_Strict):
    """State digest after ``index`` actions."""

    line: Literal["checkpoint"] = Field("checkpoint", description="line kind")
    index: int = Field(ge=0, le=limits.MAX_ACTIONS, description="number of actions applied")
    state_sha256: str = Field(description="SHA-256 of the state's canonical JSON")


class EndLine(_Strict):
    """How the battle ended."""

    line: Literal["end"] = Field("end", description="line kind")
    winner: str | None = Field(description="winning side or None for a draw")
    reason: str = Field(description="why it ended")
    turns: int = Field(ge=0, le=100_000, description="the turn it ended on")
    actions: int = Field(ge=0, le=limits.MAX_ACTIONS, description="number of actions")

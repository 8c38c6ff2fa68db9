"""The campaign file (``*.campaign.json``): battles fought one after another, the survivors
and experience of each carried into the next by the ruleset (hook ``campaign_carry``).

A campaign names its ruleset and its battles (scenario files, relative to the campaign
file or bundled, as a scenario names its map). Every battle must be of that ruleset and
have the same sides. Progress is kept apart, in a campaign folder (see
:mod:`game.battle.campaign`)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from game.data.filemodel import FrozenFileModel
from game.data.io import parse_model, read_json

_ID = r"^[A-Za-z0-9_.:-]+$"


class _Strict(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class CampaignBattle(_Strict):
    """One battle of the campaign."""

    scenario: str = Field(description="a *.scenario.json, relative to the campaign file (or bundled)")
    name: str = Field("", description="what the campaign calls it (default: the scenario's name)")


class Campaign(_Strict):
    """Battles fought in order by the same sides."""

    format_version: Literal[1] = Field(description="file format version (1)")
    id: str = Field(pattern=_ID, description="campaign id (names its progress folder)")
    name: str = Field(description="display name")
    description: str = Field("", description="the campaign in plain words")
    ruleset: str = Field(description="ruleset id of every battle")
    battles: list[CampaignBattle] = Field(min_length=2, max_length=12, description="the battles, in order")


def read_campaign(path: str | Path) -> Campaign:
    """Read and validate a campaign file (its battles are checked by
    :func:`game.battle.campaign.open_campaign`). Raises :class:`FileError`."""
    return parse_model(path, Campaign, read_json(path))

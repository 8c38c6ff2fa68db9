"""User settings (window size, UI scale, palette, keys), stored as JSON.

The file lives in ``$BATTLETABLE_CONFIG_DIR`` (tests point it at a temporary
folder) or ``~/.config/battletable``. A bad file is ignored with defaults.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.data.errors import FileError
from game.data.io import dumps, read_json, write_atomic


class Settings(BaseModel):
    """What the settings screen changes."""

    model_config = ConfigDict(extra="forbid")

    format_version: Literal[1] = Field(1, description="file format version (1)")
    window: tuple[int, int] = Field((1280, 800), description="window size, px")
    ui_scale: float = Field(1.0, ge=0.75, le=2.0, description="text and panel scale")
    palette: str = Field("default", description="default or colour-blind")
    ai_speed: float = Field(2.0, gt=0, le=100, description="AI actions per second when animated")
    keys: dict[str, str] = Field(default_factory=dict, description="action -> key name overrides")


def config_dir() -> Path:
    """Where settings, saves and replays go by default."""
    env = os.environ.get("BATTLETABLE_CONFIG_DIR")
    return Path(env) if env else Path.home() / ".config" / "battletable"


def load_settings() -> Settings:
    """The saved settings, or the defaults when missing or unreadable."""
    p = config_dir() / "settings.json"
    if not p.exists():
        return Settings()
    try:
        return Settings.model_validate(read_json(p))
    except (FileError, ValidationError):
        return Settings()


def save_settings(s: Settings) -> Path:
    """Write the settings atomically; return the path."""
    p = config_dir() / "settings.json"
    write_atomic(p, dumps(s))
    return p

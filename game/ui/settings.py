"""User settings (window size, UI scale, palette, keys), stored as JSON.

The file lives in ``$BATTLETABLE_CONFIG_DIR`` (tests point it at a temporary
folder) or ``~/.config/battletable``. A bad file gives the defaults, and the
app says so (naming the field) when it opens; every command says so on
stderr (:func:`check_settings`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from game.data.config import config_dir, load_or_warn, save_model
from game.data.filemodel import FileModel


class Settings(FileModel):
    """What the settings screen changes."""

    format_version: Literal[1] = Field(1, description="file format version (1)")
    window: tuple[Annotated[int, Field(ge=320, le=8192)], Annotated[int, Field(ge=240, le=8192)]] = Field(
        (1280, 800), description="window size, px (320 x 240 to 8192 x 8192)")
    ui_scale: float = Field(1.0, ge=0.75, le=2.0, description="text and panel scale")
    palette: str = Field("default", description="default or colour-blind")
    ai_speed: float = Field(2.0, gt=0, le=100, description="AI actions per second when animated")
    keys: dict[str, str] = Field(default_factory=dict, description="action -> key name overrides")


def load_settings(problems: list[str] | None = None) -> Settings:
    """The saved settings, or the defaults when missing or unreadable (a bad
    file adds a line naming its field and reason to ``problems``, and prints
    it once per run on stderr: :func:`~game.data.config.load_or_warn`)."""
    return load_or_warn(config_dir() / "settings.json", Settings, problems)


def save_settings(s: Settings) -> Path:
    """Write the settings atomically; return the path."""
    return save_model(config_dir() / "settings.json", s)


def check_settings() -> None:
    """Read the settings file only to warn (once, on stderr) when it cannot be
    used: every ``battletable`` command calls it, so a headless run names a
    bad file as the desktop app does."""
    load_settings()

"""Editor test fixtures: an isolated config dir for recent files and autosaves."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "config"))

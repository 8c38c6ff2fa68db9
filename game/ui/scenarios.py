"""Finding scenarios to offer in the menu (no pygame): the bundled ones under
``maps/**/*.scenario.json`` and any the user opened."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class ScenarioEntry:
    """A scenario file, with what its header says."""

    path: Path
    ruleset: str
    name: str


def peek(path: str | Path) -> ScenarioEntry | None:
    """Ruleset and name of a scenario file without full validation (None if unreadable)."""
    p = Path(path)
    try:
        d = json.loads(p.read_text(encoding="utf-8"))
        return ScenarioEntry(p, str(d.get("ruleset", "?")), str(d.get("name", p.name)))
    except (OSError, ValueError, AttributeError):
        return None


def bundled(root: Path = ROOT) -> list[ScenarioEntry]:
    """Every bundled scenario and campaign (``*.campaign.json``: its next battle is
    played), by ruleset then name."""
    paths = sorted((root / "maps").glob("**/*.scenario.json")) + sorted((root / "maps").glob("**/*.campaign.json"))
    found = [peek(p) for p in paths]
    return sorted((e for e in found if e), key=lambda e: (e.ruleset, e.name))


def is_campaign(path: str | Path) -> bool:
    return Path(path).name.endswith(".campaign.json")

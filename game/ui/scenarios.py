"""Finding scenarios to offer in the menu (no pygame): the bundled ones under
``maps/**/*.scenario.json`` and any the user opened."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.data.errors import FileError
from game.data.io import read_json

ROOT = Path(__file__).resolve().parents[2]
#: the bundled default battle: the menu's choice when none is given, what ``battletable`` plays headless
DEFAULT_SCENARIO = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


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
        d = read_json(p)
        return ScenarioEntry(p, str(d.get("ruleset", "?")), str(d.get("name", p.name)))
    except (FileError, AttributeError):
        return None


def unreadable(path: str | Path) -> str:
    """Why :func:`peek` could not read ``path`` as a scenario, in one line
    naming the file and the reason (the file loader's own words)."""
    if not str(path).strip():
        return "Type the path of a scenario file first."
    p = Path(path)
    try:
        d = read_json(p)
    except FileError as e:
        return str(e)
    if not isinstance(d, dict):
        return f"{p}: not a scenario (the file holds no JSON object)"
    return f"{p}: cannot be read as a scenario"


def bundled(root: Path = ROOT) -> list[ScenarioEntry]:
    """Every bundled scenario and campaign (``*.campaign.json``: its next battle is
    played), by ruleset then name."""
    paths = sorted((root / "maps").glob("**/*.scenario.json")) + sorted((root / "maps").glob("**/*.campaign.json"))
    found = [peek(p) for p in paths]
    return sorted((e for e in found if e), key=lambda e: (e.ruleset, e.name))


def is_campaign(path: str | Path) -> bool:
    return Path(path).name.endswith(".campaign.json")

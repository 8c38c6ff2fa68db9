"""Regenerate the golden AI-vs-AI replays: one per bundled scenario, every side
seated ``ai:default``, seed 1. The golden tests (tests/golden/) verify each
file and check that today's agents still play exactly these games; when a
ruleset or agent change alters them on purpose, run this and commit the diff.

Usage: python tools/regen_golden.py [RULESET ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import typer  # noqa: E402

from game import rulesets  # noqa: E402
from game.battle.runner import play  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
SEED = 1
#: goldens kept in replay format 1 (no recorded events): the tests that old replays still load,
#: verify and resume in their own format read these
FORMAT_1 = {("battlespace", "mission1")}


def bundled(only: list[str] | None = None) -> list[tuple[str, Path]]:
    """(ruleset id, scenario path) for every scenario under maps/."""
    out = []
    for path in sorted((ROOT / "maps").glob("**/*.scenario.json")):
        rid = json.loads(path.read_text())["ruleset"]
        if rid in rulesets.ids() and (not only or rid in only):
            out.append((rid, path))
    return out


def golden_path(rid: str, scenario: Path) -> Path:
    """Where the golden replay of ``scenario`` lives."""
    return GOLDEN / rid / (scenario.name.removesuffix(".scenario.json") + ".replay.jsonl")


def regenerate(rid: str, scenario: Path) -> Path:
    """Play the golden game of ``scenario`` and write it."""
    out = golden_path(rid, scenario)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    play(scenario, {}, SEED, tmp)
    if (rid, scenario.name.removesuffix(".scenario.json")) in FORMAT_1:
        _to_format_1(tmp)
    tmp.replace(out)
    return out


def _to_format_1(path: Path) -> None:
    """Rewrite a replay in format 1: the header says so and action lines keep only the digest
    and count of their events (no events, no agent's reason)."""
    lines = []
    for text in path.read_text().splitlines():
        o = json.loads(text)
        if o.get("line") == "header":
            o["format_version"] = 1
        elif o.get("line") == "action":
            o.pop("events", None)
            o.pop("reason", None)
        lines.append(json.dumps(o, separators=(",", ":"), sort_keys=True))
    path.write_text("\n".join(lines) + "\n")


def main(only: list[str] = typer.Argument(None, help="ruleset ids (default: all)")) -> None:
    for rid, scenario in bundled(only):
        typer.echo(f"wrote {regenerate(rid, scenario).relative_to(ROOT)}")


if __name__ == "__main__":
    typer.run(main)

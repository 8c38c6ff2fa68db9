"""Export the JSON Schemas of every file format (maps, scenarios, replay lines,
terrain style sheets).

Usage: python tools/export_schemas.py [--out DIR]   (default: schemas/)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import typer  # noqa: E402

from game.data.io import write_atomic  # noqa: E402
from game.data.maps import MapFile  # noqa: E402
from game.data.replay import ActionLine, CheckpointLine, EndLine, ReplayHeader, UndoLine  # noqa: E402
from game.data.save import SaveFile  # noqa: E402
from game.data.scenario import Scenario  # noqa: E402
from game.lab.spec import LabSpec  # noqa: E402
from game.ui.style import StyleSheet  # noqa: E402

MODELS = {
    "map": MapFile,
    "scenario": Scenario,
    "save": SaveFile,
    "replay-header": ReplayHeader,
    "replay-action": ActionLine,
    "replay-undo": UndoLine,
    "replay-checkpoint": CheckpointLine,
    "replay-end": EndLine,
    "lab": LabSpec,
    "style": StyleSheet,
}


def schemas() -> dict[str, dict]:
    """Every model's JSON Schema, by file kind."""
    return {name: model.model_json_schema() for name, model in MODELS.items()}


def main(out: Path = typer.Option(ROOT / "schemas", "--out", help="folder to write *.schema.json into")) -> None:
    for name, schema in schemas().items():
        write_atomic(out / f"{name}.schema.json", json.dumps(schema, indent=2, sort_keys=True) + "\n")
        typer.echo(f"wrote {out / f'{name}.schema.json'}")


if __name__ == "__main__":
    typer.run(main)

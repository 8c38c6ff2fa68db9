"""Load the standard geometry benchmark table (``../shared/bench/standard_table.json``).

``load_standard_table(path=None) -> StandardTable`` gives the terrain as
:class:`game.geometry.terrain.TerrainPiece` (every piece tagged
``blocks_sight`` at full height, as the benchmark specifies) and the bases as
round :class:`game.geometry.shapes.Base`. Relative paths resolve against the
repository root, not the current directory. Shared by ``tools/bench_geometry.py``
and ``tools/bench_paths.py``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from shapely.geometry import Polygon  # noqa: E402

from game.geometry.shapes import Base  # noqa: E402
from game.geometry.terrain import BLOCKS_SIGHT, FULL_HEIGHT, TerrainPiece  # noqa: E402

DEFAULT_TABLE = Path("../shared/bench/standard_table.json")


@dataclass(frozen=True)
class StandardTable:
    """The loaded benchmark table: size (w, h) mm, terrain pieces and round bases."""

    table: tuple[float, float]
    pieces: list[TerrainPiece]
    bases: list[Base]
    description: str = ""


def resolve_table_path(path: str | Path | None = None) -> Path:
    """Absolute path of a table file; relative paths are taken from the repo root."""
    p = Path(path) if path is not None else DEFAULT_TABLE
    return p if p.is_absolute() else (REPO_ROOT / p).resolve()


def load_standard_table(path: str | Path | None = None) -> StandardTable:
    """Read the JSON table: ``table_mm``, ``terrain`` (id, kind, exterior, optional holes), ``bases``.

    Raises:
        FileNotFoundError: the file is missing.
        ValueError: a polygon is invalid (names the piece).
    """
    p = resolve_table_path(path)
    data = json.loads(p.read_text())
    pieces = [
        TerrainPiece(
            id=str(t["id"]),
            polygon=Polygon(t["exterior"], t.get("holes") or []),
            kind=str(t.get("kind", "terrain")),
            height=FULL_HEIGHT,
            tags=frozenset({BLOCKS_SIGHT}),
        )
        for t in data["terrain"]
    ]
    bases = [Base.circle(b["x"], b["y"], b["radius"], id=str(b["id"])) for b in data["bases"]]
    w, h = data.get("table_mm", (1200.0, 1200.0))
    return StandardTable((float(w), float(h)), pieces, bases, str(data.get("description", "")))


def load(path: str | Path | None = None) -> tuple[list[TerrainPiece], list[Base]]:
    """Shortcut: ``(pieces, bases)`` of the standard table."""
    t = load_standard_table(path)
    return t.pieces, t.bases

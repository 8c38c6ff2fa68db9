"""Saved games from the desktop app: writing them (the file model and its
reader live in :mod:`game.data.save`)."""

from __future__ import annotations

import time
from pathlib import Path

from game.data.io import dumps, write_atomic
from game.data.save import SAVE_FORMAT, SaveFile, read_save  # noqa: F401 - re-exported

def write_save(path: str | Path, session, autosave: bool = False) -> Path:
    """Save ``session`` (a :class:`game.ui.play.PlaySession`) atomically,
    naming its replay file (loading the save continues that replay)."""
    b = session.battle
    data = SaveFile(format_version=1, ruleset=b.ruleset.id, ruleset_version=b.ruleset.version,
                    scenario_path=str(session.scenario_path) if session.scenario_path else None,
                    scenario=b.scenario, map=b.map, seed=b.seed,
                    seats={s: seat.spec() for s, seat in session.seats.items()},
                    actions=[a.to_dict() for a in b.history.actions()], saved_at=time.time(),
                    replay=str(Path(session.replay_path).resolve()), autosave=autosave)
    p = Path(path)
    write_atomic(p, dumps(data))
    return p

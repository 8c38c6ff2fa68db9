"""Shared test set-up: the test ruleset is registered for every test and for
CLI subprocesses (through BATTLETABLE_RULESETS and PYTHONPATH)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOY = "tests.rulesets.toy:RULESET"

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_extra = [e for e in os.environ.get("BATTLETABLE_RULESETS", "").split(",") if e]
if TOY not in _extra:
    os.environ["BATTLETABLE_RULESETS"] = ",".join(_extra + [TOY])
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

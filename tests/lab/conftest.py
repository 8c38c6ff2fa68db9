"""Small toy-ruleset experiments shared by the lab tests."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
TOY_SCENARIO = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"


def write_spec(folder: Path, text: str, name: str = "exp.lab.toml") -> Path:
    """An experiment file in ``folder`` on the toy duel (its scenario path absolute)."""
    path = folder / name
    path.write_text(f'scenario = "{TOY_SCENARIO.as_posix()}"\n' + text, encoding="utf-8")
    return path


TURN_SWEEP = '''name = "turns"
games = 3
seed = 5
side = "red"
[seats]
blue = "ai:random"
[sweep]
path = "scenario.turn_limit"
values = [1, 4]
'''


@pytest.fixture
def turn_spec(tmp_path) -> Path:
    """A toy experiment: the duel's turn limit swept over 1 and 4, 3 games each."""
    return write_spec(tmp_path, TURN_SWEEP)

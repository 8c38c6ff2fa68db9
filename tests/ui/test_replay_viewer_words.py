"""The replay viewer's own lines read as words: the rules' own step is not a
side ("next: the rules' own step (...)", never "next: rules - Rules step"),
counts agree with their noun ("+1 event"), the recorded result says who won
with the sides named, and Battlesystem counts rounds."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.battle.runner import named_outcome
from game.core.ruleset import RULES_SIDE
from game.data.scenario import load_scenario
from tests.ui.conftest import headless_app

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "spacefleet" / "deep_space.replay.jsonl"


@pytest.fixture
def app(tmp_path, monkeypatch):
    yield from headless_app(tmp_path, monkeypatch, (1280, 800))


def _cut(path: Path, n: int, out: Path) -> Path:
    """The golden replay's header and first ``n`` action lines (an unfinished replay, quick to load)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    keep, seen = [lines[0]], 0
    for line in lines[1:]:
        if '"line":"action"' in line or line.startswith('{"action"'):
            seen += 1
            if seen > n:
                break
        if '"line":"end"' in line:
            break
        keep.append(line)
    out.write_text("\n".join(keep) + "\n", encoding="utf-8")
    return out


def test_next_line_and_header__rules_step_and_one_event(app, tmp_path):
    from game.ui.scenes.replay import ReplayScene

    scene = app.push(ReplayScene(_cut(GOLDEN, 12, tmp_path / "cut.replay.jsonl")))
    app.drive(1)
    m = scene.model
    k = next(i for i, e in enumerate(m.entries) if e.action.side == RULES_SIDE)
    scene.seek(k)
    assert scene.next_line() == f"next: the rules' own step ({m.ruleset.phase(scene._state)})"
    mover = next(i for i, e in enumerate(m.entries) if e.action.side != RULES_SIDE and len(e.events) > 1)
    scene.seek(mover, 1)
    head = scene.header_text()
    assert "+1 event  |" in head and "events" not in head.split("|")[1], head
    assert scene.next_line().startswith(f"next: {m.scenario.side_name(m.entries[mover].action.side)} - "), scene.next_line()


def test_recorded_result__winner_won_and_sides_named():
    """A finished battle's result as the viewer, verify and resume give it."""
    sc, _ = load_scenario(ROOT / "maps" / "spacefleet" / "deep_space.scenario.json")
    assert (named_outcome(sc, "imperial", "victory points imperial 290, chaos 140", past=True)
            == "Imperial Navy won (victory points Imperial Navy 290, Chaos raiders 140)")
    assert named_outcome(sc, None, "victory points tied", past=True) == "a draw (victory points tied)"


def test_resume_of_a_finished_replay__names_the_sides():
    from game.battle.runner import resume
    from game.data.errors import FileError

    with pytest.raises(FileError) as e:
        resume(GOLDEN)
    text = str(e.value)
    assert "the battle is over (" in text and ("Imperial Navy won" in text or "Chaos raiders won" in text or "a draw" in text)
    assert "imperial" not in text.replace("Imperial", "") and " chaos " not in text, text

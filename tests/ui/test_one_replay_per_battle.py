"""One replay file per battle in the app: an autosave after every commit
point names it, loading a save (or the autosave) continues it, and the Load
dialog takes an unfinished battle's replay too and continues it, even one a
crash cut off mid-line."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pygame_gui

from game.battle.seats import Seat
from game.core.replay import read_replay, verify
from game.ui.play import LOAD_SUFFIXES, PlaySession, load_folders, load_session
from tests.conftest import ROOT

MISSION = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


def _start(app):
    from game.ui.scenes.battle import BattleScene

    scene = app.push(BattleScene.from_scenario(MISSION, 2, {"fireteam": Seat("human")}))
    app.drive(2)
    scene.skip_ai()
    return scene


def _play_human(scene, n: int) -> None:
    """``n`` human actions (each answered by the AI), the first legal one each time."""
    s = scene.session
    for _ in range(n):
        if s.battle.over:
            return
        side = s.waiting_for
        acts = s.ruleset.legal_actions(s.battle.state, side)
        scene.commit(acts[0])
        scene.skip_ai()


def test_autosave_after_each_commit_names_the_battles_replay(app, tmp_path):
    scene = _start(app)
    s = scene.session
    _play_human(scene, 6)
    entries = s.battle.history.entries
    last_commit = max(i for i, e in enumerate(entries) if e.commit) + 1
    auto = json.loads(s.autosave_path.read_text())
    assert auto["autosave"] is True and auto["replay"] == str(s.replay_path.resolve())
    assert len(auto["actions"]) == last_commit
    assert s.autosave_path.parent == load_folders()[0] and s.autosave_path.name.endswith(LOAD_SUFFIXES[0])


def test_save_then_load__the_same_replay_goes_on(app, tmp_path):
    scene = _start(app)
    s = scene.session
    _play_human(scene, 3)
    save = scene.save_game(tmp_path / "a.save.json")
    n_saved = len(s.battle.history)
    _play_human(scene, 3)
    assert len(s.battle.history) > n_saved
    replay = s.replay_path
    assert scene.load_game(save)
    assert scene.session.replay_path == replay and len(scene.session.battle.history) == n_saved
    _play_human(scene, 2)
    scene.session.close()
    replays = list((tmp_path / "cfg" / "replays").glob("*.replay.jsonl"))
    assert replays == [replay]
    rec = read_replay(replay)
    assert any(json.loads(x)["line"] == "undo" for x in replay.read_text().splitlines())
    assert [a.action for a in rec.actions] == [e.action.to_dict() for e in scene.session.battle.history.entries]
    assert verify(rec, s.ruleset).ok


def test_load_a_crashed_battles_replay__continues_it(app, tmp_path):
    scene = _start(app)
    s = scene.session
    _play_human(scene, 4)
    n = len(s.battle.history)
    digest = s.battle.state.digest()
    s.writer._f.flush()
    replay = s.replay_path
    data = replay.read_bytes()
    replay.write_bytes(data + b'{"line":"action","ind')  # a crash mid-line
    resumed = load_session(replay)
    assert resumed.replay_path == replay and len(resumed.battle.history) == n
    assert resumed.battle.state.digest() == digest
    assert resumed.waiting_for == "fireteam"
    assert not replay.read_bytes().endswith(b'"ind')  # the torn line is gone
    resumed.close()
    assert verify(read_replay(replay), resumed.ruleset).ok


def test_load_dialog_lists_saves_and_replays(app, tmp_path):
    from game.ui.scenes.files import FileChooser

    scene = _start(app)
    _play_human(scene, 3)
    scene.save_game()
    scene.ask_load()
    app.drive(2)
    chooser = app.top
    assert isinstance(chooser, FileChooser)
    names = [p.name for p in chooser.paths]
    assert any(n.endswith(".replay.jsonl") for n in names) and any(n.startswith("autosave-") for n in names)
    assert sum(n.endswith(".save.json") and not n.startswith("autosave-") for n in names) == 1
    # each listed by its path inside its folder and its time, not the whole absolute path
    assert list(chooser.labels.values()) == chooser.paths
    assert all(not lb.startswith("/") and " - " in lb for lb in chooser.labels)
    first = next(iter(chooser.labels))
    chooser.handle(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, text=first, ui_element=chooser.list))
    assert chooser.entry.get_text() == str(chooser.paths[0])  # the typed path is the whole one
    shot = app.screenshot(tmp_path / "load_dialog.png")
    assert Path(shot).stat().st_size > 0
    print(shot)

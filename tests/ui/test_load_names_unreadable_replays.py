"""The Load list marks replays that cannot be continued (empty, garbage) as
unreadable beside their names, and loading one says which file it was and
why, not only "Could not load the save."."""

from __future__ import annotations

import os

from game.data.config import config_dir


def test_load_list_marks_empty_and_garbage_replays_and_names_the_reason(app):
    from game.ui.scenes.menu import MenuScene

    folder = config_dir() / "replays"
    folder.mkdir(parents=True)
    (folder / "r_empty.replay.jsonl").write_bytes(b"")
    (folder / "r_junk.replay.jsonl").write_text("garbage\n")
    menu = app.push(MenuScene())
    app.frame()
    menu.ask_load()
    app.frame()
    chooser = app.top
    labels = sorted(chooser.labels)
    assert len(labels) == 2
    assert labels[0].startswith("r_empty.replay.jsonl - ") and labels[0].endswith(" - unreadable: the file is empty")
    assert labels[1].endswith(" - unreadable: not a replay (its first line is not JSON)")
    chooser.choose(chooser.labels[labels[0]])
    note = app.top
    assert note.title == "Load failed"
    assert note.text.startswith("Could not continue the battle in r_empty.replay.jsonl: the file is empty")
    assert f"File: {folder / 'r_empty.replay.jsonl'}" in note.text
    app.frame()
    shot = os.environ.get("BT_SHOT")
    if shot:  # to look at: BT_SHOT=/tmp/load_failed.png
        import pygame

        pygame.image.save(app.screen, shot)

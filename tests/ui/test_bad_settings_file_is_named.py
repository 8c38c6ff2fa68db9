"""A settings file the app cannot use is not ignored without a word: the app
opens on the defaults, says which file and field were wrong (over the first
scene, and on stderr), and keeps the file for the user to mend."""

from __future__ import annotations

import json
from pathlib import Path

from game.data.config import config_dir
from game.ui.app import App
from game.ui.settings import Settings, load_settings


def test_a_bad_settings_file_gives_the_defaults_and_says_why(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format_version": 1, "ui_scale": 99}))
    problems: list[str] = []
    assert load_settings(problems) == Settings()
    assert len(problems) == 1 and problems[0].startswith(f"{path} [ui_scale]: ")
    assert problems[0].endswith("; the defaults are used instead")
    app = App(size=(640, 480), headless=True)
    try:
        assert app.settings == Settings()
        assert capsys.readouterr().err == f"warning: {problems[0]}\n"
        from game.ui.scenes.menu import MenuScene

        app.push(MenuScene())
        assert app.top.name != "menu" and problems[0] in app.top.text
        assert path.read_text() == json.dumps({"format_version": 1, "ui_scale": 99})  # left to mend
    finally:
        while app.stack:
            app.stack.pop().exit()


def test_a_missing_settings_file_is_no_problem(tmp_path, monkeypatch):
    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    problems: list[str] = []
    assert load_settings(problems) == Settings() and problems == []


def test_a_headless_command_names_a_bad_settings_file_once(tmp_path, monkeypatch, capsys):
    """``battletable validate`` (no window) warns about a bad settings.json in
    one line on stderr naming the file and the field, as the app's "Settings
    not read" note does; the command itself runs as usual, and a second read
    in the same run (the app opening after the command line) says it no
    twice. A bad editor.json is named the same way."""
    from game.cli import main
    from game.editor.files import recent_files

    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format_version": 1, "window": [100, 800]}))
    scenario = Path(__file__).resolve().parents[2] / "maps" / "battlespace" / "mission1.scenario.json"
    main(["validate", str(scenario)])
    out = capsys.readouterr()
    assert "ok" in out.out
    lines = out.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"warning: {path} [window[0]]: "), lines
    assert lines[0].endswith("; the defaults are used instead")
    problems: list[str] = []
    assert load_settings(problems) == Settings() and len(problems) == 1  # the app still gets it for its note
    assert capsys.readouterr().err == ""
    editor = config_dir() / "editor.json"
    editor.write_text(json.dumps({"format_version": 1, "recent": "maps"}))
    assert recent_files() == []
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"warning: {editor} [recent]: "), err

"""No text is cut at 1280 x 800: the help overlay's keys and their meaning
fit their columns and the panel fits the window; the replay viewer's
recorded result and verification lines are wrapped whole into its panel."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.battle.runner import play
from game.battle.seats import Seat
from game.ui import fonts
from game.ui.scenes.help import LINE, HelpScene
from game.ui.scenes.replay import ReplayScene
from tests.ui.conftest import app_at

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_help_overlay__every_key_and_line_whole_at_1280x800(scale, tmp_path, monkeypatch):
    """At UI scale 1.5 too: the key lines take a smaller font when the
    window is too short for all of them (the last sections were cut)."""
    with app_at(tmp_path, monkeypatch, (1280, 800), scale) as app:
        help_scene = app.push(HelpScene("battle"))
        app.drive(1)
        size = help_scene.line_size
        assert size == LINE if scale == 1.0 else size < LINE
        r = help_scene.panel_rect()
        assert pygame.Rect(0, 0, *app.size).contains(r)
        colw = (r.width - 40) // 2
        widest = max(fonts.font(size, True).size(k)[0] for col in help_scene.columns for k, _, t in col if k and not t)
        keyw = min(widest + 14, colw // 2)
        for col in help_scene.columns:
            for keys, label, title in col:
                if keys and not title:
                    assert fonts.font(size, True).size(keys)[0] <= keyw - 8, keys
                    assert fonts.font(size).size(label)[0] <= colw - keyw - 10, label
        rows = max(len(c) for c in help_scene.columns)
        top = r.y + help_scene.head_h() + sum(len(fonts.wrap_with(fonts.font(15), t, r.width - 40))
                                              for t in help_scene.lines) * fonts.font(15).get_linesize() + 10
        assert top + rows * fonts.font(size).get_linesize() <= r.bottom - help_scene.button_h() - 22  # above Close
        app.screenshot(tmp_path / f"help-{scale:g}.png")


def test_replay_viewer__recorded_result_wrapped_whole(app, tmp_path):
    path = tmp_path / "m1.replay.jsonl"
    play(ROOT / "maps" / "battlespace" / "mission1.scenario.json", {"fireteam": Seat("ai", "random")}, 3, path)
    scene = app.push(ReplayScene(path))
    app.drive(1)
    width = 360
    lines = scene.panel_lines(width)
    assert all(fonts.font(size, bold).size(t)[0] <= width for t, _, size, bold, _ in lines)
    end = scene.model.record.end
    whole = " ".join(t for t, *_ in lines)
    won = f"{scene.model.scenario.side_name(end.winner)} won" if end.winner else "a draw"
    assert f"Recorded result: {won} ({end.reason})" in whole
    kind = scene.btn_kind.get_abs_rect()
    assert kind.top >= 40 + 8 + sum(h for *_, h in lines)  # the Kind button below the wrapped lines

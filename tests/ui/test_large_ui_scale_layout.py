"""At UI scale 1.5 (Settings -> UI scale) the text is laid out from the
fonts' heights, not fixed pixel offsets: the menu's title and subtitle sit
side by side apart, with the widgets below them; the battle's header lines
sit apart inside the top bar, left of the toolbar; the side panel's
objective, score and undo lines never overlap, nor the rows of a ruleset's
own panel (WW2's command caches and missions), and the log's buttons sit
below them."""

from __future__ import annotations

from pathlib import Path

from game.battle.seats import Seat
from game.ui import fonts
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.menu import MenuScene
from tests.ui.conftest import app_at, label_overlaps, pygame

ROOT = Path(__file__).resolve().parents[2]
M1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


def test_scale_one_and_a_half__menu_title_and_battle_header_and_objectives_apart(tmp_path, monkeypatch):
    with app_at(tmp_path, monkeypatch, (1280, 800), 1.5) as app:
        menu = app.push(MenuScene(scenario=M1, seed=1))
        app.drive(2)
        tr, sr = menu.title_rects()
        assert not tr.colliderect(sr) and sr.right <= app.size[0]
        widgets = [e.get_abs_rect() for e in menu.ui.get_root_container().elements]
        assert min(r.top for r in widgets) >= max(tr.bottom, sr.bottom)  # nothing under the title
        assert menu.preview_rect().top >= tr.bottom
        app.screenshot(tmp_path / "menu-scale-1.5.png")
        app.stack.pop().exit()

        scene = app.push(BattleScene.from_scenario(M1, 1, {"fireteam": Seat("human")}, replay=tmp_path / "m1.jsonl"))
        app.drive(2)
        lines = scene.header_lines()
        y, rects = (10 if len(lines) == 1 else 3), []
        for text, size in lines:
            f = fonts.font(size, True)
            rects.append((text, pygame.Rect((10, y), f.size(text))))
            y += f.get_linesize()
        assert not any(t.endswith("...") for t, _ in lines), lines
        assert label_overlaps(rects) == []
        assert all(r.right <= scene.top_left and r.bottom <= scene.top_height() for _, r in rects), rects
        assert all(r.bottom <= scene.top_height() for r in (b.rect for b in scene.top_buttons))
        panel = scene.panel_text_rects
        assert len(panel) >= 4 and label_overlaps(panel) == [], panel  # objectives, score, undo line
        assert max(r.bottom for _, r in panel) <= scene.btn_side.rect.top
        assert scene.btn_side.rect.bottom <= scene.log_panel.rect.top
        app.screenshot(tmp_path / "battle-scale-1.5.png")


def test_scale_one_and_a_half__a_rulesets_own_panel_rows_apart(tmp_path, monkeypatch):
    """WW2's side panel (command caches, conditions, missions): a row apart,
    clear of the undo line above and the log's buttons below (they ran into
    each other at 15 px a row)."""
    with app_at(tmp_path, monkeypatch, (1280, 800), 1.5) as app:
        ww2 = ROOT / "maps" / "ww2_skirmish" / "assassination.scenario.json"
        scene = app.push(BattleScene.from_scenario(ww2, 1, {"red": Seat("human")}, replay=tmp_path / "a.jsonl"))
        app.drive(2)
        rows = scene.panel_row_rects
        assert len(rows) >= 6 and label_overlaps(rows + scene.panel_text_rects) == [], rows
        assert max(r.bottom for _, r in rows) <= scene.btn_side.rect.top
        app.screenshot(tmp_path / "ww2-scale-1.5.png")


def test_settings_key_labels_clear_of_their_buttons(app, tmp_path):
    """At UI scale 1 in a 1280 x 800 window every key's label is whole and
    ends at least 6 px left of the button showing its binding ("Cancel the
    choice, then the selection" touched its button)."""
    from game.ui.scenes.settings import SettingsScene

    sc = app.push(SettingsScene())
    app.drive(1)
    buttons = {name: b.rect for b, name in sc.key_buttons.items()}
    assert len(sc.key_label_rects) == len(buttons) == len(sc.key_labels)
    for name, (text, r) in zip(sc.key_labels, sc.key_label_rects):
        assert not text.endswith("..."), text
        b = buttons[name]
        assert r.right + 6 <= b.left and r.bottom > b.top and r.top < b.bottom, (text, r, b)
    app.screenshot(tmp_path / "settings-keys.png")

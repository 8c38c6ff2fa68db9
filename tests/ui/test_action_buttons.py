"""Action buttons: hovering one shows the rules' odds and effect before
anything is committed, and pressing it commits exactly what a second click
on the table would (one ``commit`` path for both)."""

from __future__ import annotations

from pathlib import Path

import pygame_gui

from game.battle.seats import Seat
from tests.ui.conftest import headless_app, pygame

ROOT = Path(__file__).resolve().parents[2]
MISSION1 = ROOT / "maps" / "battlespace" / "mission1.scenario.json"


def _scene(tmp_path, monkeypatch, name):
    from game.ui.scenes.battle import BattleScene

    gen = headless_app(tmp_path / name, monkeypatch)
    app = next(gen)
    scene = app.push(BattleScene.from_scenario(MISSION1, 1, {"fireteam": Seat("human")},
                                               replay=tmp_path / f"{name}.jsonl", screenshot_mode=True))
    app.drive(1)
    return gen, app, scene


def _press(app, scene, text_start: str) -> None:
    button = next(b for b in scene._bar_buttons if b.text.startswith(text_start))
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    app.drive(1)


def test_hover__odds_and_effect_shown_and_nothing_committed(tmp_path, monkeypatch):
    gen, app, scene = _scene(tmp_path, monkeypatch, "a")
    scene.select("reyes")
    app.drive(1)
    before = scene.session.battle.state.figs["reyes"].activated
    button = next(b for b in scene._bar_buttons if b.text == "Activate Sgt. Reyes")
    scene.hover_button(button)
    lines = [t for t, _ in scene.info_lines()]
    assert lines[0].startswith("Activate Sgt. Reyes")
    assert any(t.startswith("chance 75%") and "needs 6+ on the D20" in t for t in lines)  # Initiative 7, cohesion +1
    assert any(t.startswith("success:") and "failure:" in t for t in lines)
    assert scene.session.battle.state.figs["reyes"].activated == before is False
    _press(app, scene, "Activate Sgt. Reyes")
    assert scene.session.battle.state.figs["reyes"].activated and scene.hover_preview is None
    gen.close()


def test_button__commits_what_a_second_click_on_the_table_commits(tmp_path, monkeypatch):
    runs = []
    for way in ("table", "button"):
        gen, app, scene = _scene(tmp_path, monkeypatch, way)
        scene.select("reyes")
        app.drive(1)
        _press(app, scene, "Activate Sgt. Reyes")
        start = scene.view.by_id["reyes"]
        start = (round(start.x, 3), round(start.y, 3))
        f = scene.view.by_id["reyes"]
        spot = scene.view.camera.to_screen(f.x + 20, f.y - 60)  # a move ahead, toward the Humvee
        scene.click(spot)
        assert scene.pending, "a click on open ground offers a move"
        if way == "table":
            scene.click(spot)
        else:
            app.drive(1)
            _press(app, scene, scene.label_of(scene.pending[0]))
        s = scene.session.battle.state
        assert s.figs["reyes"].x != start[0] or s.figs["reyes"].y != start[1]
        runs.append(((round(s.figs["reyes"].x, 3), round(s.figs["reyes"].y, 3)), s.figs["reyes"].orders,
                     [ln.text for ln in scene.session.log.lines]))
        gen.close()
    assert runs[0] == runs[1]


def test_long_label__shown_whole_on_a_row_of_its_own_at_1280x800(tmp_path, monkeypatch):
    """A label as long as a space-fleet move with a gravity-well turn (about 500 px)
    is not cut with an ellipsis: the button takes a row of the bar by itself."""
    from game.ui import fonts

    gen, app, scene = _scene(tmp_path, monkeypatch, "long")
    scene.select("reyes")
    app.drive(1)
    words = ("Move Sgt. Reyes 24.9 cm turning 7 degrees to starboard, then turning "
             "45 degrees to port in the gravity well of Hesperus")
    assert fonts.font(14).size(words)[0] > 380
    plain = scene.label_of
    monkeypatch.setattr(scene, "label_of", lambda a: words if a.type == "bs_activate" else plain(a))
    scene._bar_key = None
    app.drive(1)
    texts = [b.text for b in scene._bar_buttons]
    assert words in texts, texts
    gen.close()


def test_bar_pages__every_choice_reachable_with_more_choices(tmp_path, monkeypatch):
    """More choices than two rows hold (Foxhole's 15 ways to show 4 objectives of 6)
    are paged: every choice is on exactly one page, each page ends in "More choices
    (p of n)", every button lies inside the bar, and pressing it shows the next page."""
    from game.ui.scenes.battle import MORE

    gen, app, scene = _scene(tmp_path, monkeypatch, "p")
    width = 600
    pairs = [(k, f"Show objectives {k}, {k + 1}, {k + 2} and {k + 3}") for k in range(15)]
    pages = scene.bar_pages(pairs, width)
    assert len(pages) > 1
    shown = [a for page, _ in pages for (a, _), _ in page if a is not MORE]
    assert shown == list(range(15))
    for k, (page, rows) in enumerate(pages):
        (more, label), (x, row, w) = page[-1]
        assert more is MORE and label == f"More choices ({k + 1} of {len(pages)})"
        assert rows <= 3 and all(0 <= x and x + w <= width for _, (x, _, w) in page)
    few = scene.bar_pages(pairs[:2], width)
    assert len(few) == 1 and all(a is not MORE for (a, _), _ in few[0][0])
    # in the scene: the More button turns the page, and a new set of choices starts on page 1
    scene._bar_key = None
    scene.bar_labels = lambda offered, most=8: [(a, f"Choice number {i} of the long list") for i, a in enumerate(offered)]
    from game.rulesets.battlespace.actions import EndPlayerPhase
    scene.pending = [EndPlayerPhase(side="fireteam") for _ in range(30)]
    app.drive(1)
    more = next(b for b, a in scene._bar_buttons.items() if a is MORE)
    first = [b.text for b in scene._bar_buttons]
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=more))
    app.drive(1)
    assert scene._bar_page == 1 and [b.text for b in scene._bar_buttons] != first
    gen.close()

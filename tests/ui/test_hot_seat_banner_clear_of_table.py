"""Space fleet hot-seat (two human seats, no hidden information): the
decision banner has a band of its own above the table, so it hides none of
the table's labels; the header calls only the deciding seat "you"."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.battle.seats import Seat

ROOT = Path(__file__).resolve().parents[2]
SF = ROOT / "maps" / "spacefleet" / "planet_low_orbit.scenario.json"


def test_banner_band__above_the_table_labels(app, tmp_path):
    from game.ui.scenes.battle import BattleScene

    scene = app.push(BattleScene.from_scenario(SF, 1, {"imperial": Seat("human"), "chaos": Seat("human")},
                                               replay=tmp_path / "hs.jsonl"))
    app.drive(2)
    scene.skip_ai()
    app.drive(1)
    assert scene.decision_banner() == "Imperial Navy's turn: movement phase"
    band = scene.banner_height()
    vp = pygame.Rect(scene.view.camera.viewport)
    assert band > 0 and vp.y == scene.top_height() + band
    banner = pygame.Rect(vp.x, vp.y - band, vp.width, band)
    labels = [(t, r) for t, r in scene.view.label_rects]
    assert labels and not [t for t, r in labels if r.colliderect(banner)]
    # the banner's colour shows in its band, not on the table
    colour = tuple(c // 3 for c in scene.view.colours("imperial"))
    assert app.screen.get_at((banner.x + 4, banner.centery))[:3] == colour
    app.screenshot(tmp_path / "banner.png")


def test_header__you_only_for_the_deciding_seat(app, tmp_path):
    from game.ui.scenes.battle import BattleScene

    scene = app.push(BattleScene.from_scenario(SF, 1, {"imperial": Seat("human"), "chaos": Seat("human")},
                                               replay=tmp_path / "hs.jsonl", screenshot_mode=True))
    app.drive(2)
    scene.skip_ai()
    s = scene.session
    assert s.waiting_for == s.viewer == "imperial"
    assert scene.seat_word("imperial") == "you" and scene.seat_word("chaos") == "other player"
    assert scene.header_text(1600).endswith("Imperial Navy to act (you)")
    s.viewer = "chaos"  # the other seat is shown while imperial decides: imperial is not "you" to it
    assert scene.header_text(1600).endswith("Imperial Navy to act (other player)")
    assert scene.seat_word("rules") == "rules"

"""Settings' key list: every action's name is shown whole beside the button
with its binding, in the window sizes and UI scales a player has (its names
were cut to "..." at 800 x 560 and at UI scale 1.5 in 1280 x 800, 31
actions in the columns left over). The list scrolls when its rows do not
fit the window's height, and every row can be scrolled to."""

from __future__ import annotations

import pytest

from game.ui import fonts
from game.ui.input_map import ACTIONS, SPECS
from tests.ui.conftest import app_at


@pytest.mark.parametrize("size,scale", [((1280, 800), 1.0), ((1280, 800), 1.5), ((800, 560), 1.0)])
def test_every_key_row_label_fits_its_rect(tmp_path, monkeypatch, size, scale):
    from game.ui.scenes.settings import SettingsScene

    with app_at(tmp_path, monkeypatch, size, scale) as app:
        sc = app.push(SettingsScene())
        app.drive(1)
        rows = sc.key_label_rects
        assert sorted(t for t, _ in rows) == sorted(SPECS[a.name].label for a in ACTIONS)  # whole, none cut
        buttons = {name: b.rect for b, name in sc.key_buttons.items()}
        for text, r in rows:
            assert fonts.font(14).size(text)[0] <= r.width, (text, r)
        for b, name in sc.key_buttons.items():
            label = next(r for t, r in rows if t == SPECS[name].label)
            assert label.right <= b.rect.left and label.bottom > b.rect.top and label.top < b.rect.bottom, (name, label, b.rect)
            assert b.rect.right <= app.size[0], (name, b.rect)
        box = getattr(sc, "key_box", None)  # the rows past the window's height scroll into view
        bottom = box.rect.top + box.scrollable_container.rect.height if box else app.size[1]
        assert max(r.bottom for _, r in rows) <= bottom
        app.screenshot(tmp_path / f"settings-{size[0]}x{size[1]}-{scale:g}.png")

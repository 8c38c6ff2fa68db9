"""The screenshot gallery (``tools/gallery.py``) renders every shot in both
palettes: every bundled scenario at fit zoom and zoomed in, the LoS overlay,
action previews, the editor, the replay viewer, the help overlay, the menu
and every terrain kind, each a full 1280 x 800 picture with a drawn table."""

from __future__ import annotations

import pygame
import pytest

from tools import gallery

SHOTS = [s.name for s in gallery.all_shots()]


def _rendered() -> list[str]:
    """The shots rendered here: every screen, and of the scenarios one per
    ruleset (fit and zoomed; every scenario's battle scene is drawn at 1280 x
    800 by tests/ui/test_label_layout.py, so the rest would only add time)."""
    firsts = {}
    for p in gallery.scenarios():
        firsts.setdefault(p.parent.name, f"{p.parent.name}-{p.name.split('.')[0]}")
    scen = {f"{stem}-{k}" for p in gallery.scenarios() for stem in [f"{p.parent.name}-{p.name.split('.')[0]}"]
            for k in ("fit", "zoom")}
    return [n for n in SHOTS if n not in scen or n.rsplit("-", 1)[0] in firsts.values()]


def test_the_gallery_covers_every_scenario_and_screen():
    names = set(SHOTS)
    assert {n.split("-")[0] for n in _rendered()} >= {p.parent.name for p in gallery.scenarios()}  # every ruleset drawn
    for p in gallery.scenarios():
        stem = f"{p.parent.name}-{p.name.split('.')[0]}"
        assert {f"{stem}-fit", f"{stem}-zoom"} <= names
    assert {"battlespace-los", "spacefleet-los", "battlespace-preview", "spacefleet-preview", "editor", "replay",
            "help", "menu", "terrain-ground", "terrain-space"} <= names


@pytest.mark.parametrize("name", _rendered())
def test_gallery_shot_renders_in_both_palettes(tmp_path, monkeypatch, name):
    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    paths = gallery.render(tmp_path / "out", names=(name,), work=tmp_path)
    assert [p.name for p in paths] == [f"{name}-{pal}.png" for pal in gallery.PALETTES]
    shots = [pygame.image.load(str(p)) for p in paths]
    for img in shots:
        assert img.get_size() == gallery.SIZE
        small = pygame.transform.scale(img, (160, 100))
        colours = {small.get_at((x, y))[:3] for x in range(160) for y in range(100)}
        assert len(colours) > 150, (name, len(colours))  # a drawn screen, not a blank one
    if not name.startswith(("editor", "terrain", "menu", "help")):
        a, b = (pygame.image.tobytes(i, "RGB") for i in shots)
        assert a != b  # the palette changes what is drawn

"""``battletable edit MAP --screenshot PNG``: the map editor renders one frame
headless (no display needed), so a generated or imported map can be looked at."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame

from tests.conftest import ROOT


def test_edit_screenshot_renders_the_map_headless(tmp_path):
    out = tmp_path / "ed.png"
    r = subprocess.run([sys.executable, "-m", "game", "edit", str(ROOT / "maps/battlespace/mission1.map.json"),
                        "--screenshot", str(out)], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "SDL_VIDEODRIVER": "dummy", "BATTLETABLE_CONFIG_DIR": str(tmp_path / "cfg")})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"screenshot saved to {out}"
    img = pygame.image.load(str(out))
    assert img.get_size() == (1600, 1000)
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1600, 40) for y in range(0, 1000, 40)}
    assert len(colours) > 20  # a drawn editor, not a blank frame


def test_edit_screenshot_needs_a_png_name(tmp_path):
    r = subprocess.run([sys.executable, "-m", "game", "edit", str(ROOT / "maps/battlespace/mission1.map.json"),
                        "--screenshot", str(tmp_path / "ed.jpg")], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert r.returncode == 2
    assert r.stderr == f"error: {tmp_path / 'ed.jpg'}: a screenshot is written as PNG; the name must end in .png\n"
    assert not (tmp_path / "ed.jpg").exists()


def test_editor_draws_the_planet_inside_an_asteroid_ring(app):
    """The editor fills a piece with holes so the holes show what lies beneath:
    outer_reaches' planet Gehenna inside its ring of rocks is drawn in the
    planet's colour, not covered by the ring's hole."""
    from game.data.maps import load_map
    from game.ui.scenes.editor import EditorScene

    path = ROOT / "maps/spacefleet/outer_reaches.map.json"
    scene = app.push(EditorScene(path))
    app.drive(2)
    planet = next(f for f in load_map(path).features if f.kind == "planet")
    cx, cy = planet.properties["cx"], planet.properties["cy"]
    at_planet = tuple(app.screen.get_at(scene.camera.to_screen(cx + 20, cy + 60)))[:3]
    ring = next(f for f in load_map(path).features if f.holes)
    hx, hy = ring.holes[0][0]
    just_inside_hole = scene.camera.to_screen(cx + (hx - cx) * 0.9, cy + (hy - cy) * 0.9)
    in_hole = tuple(app.screen.get_at(just_inside_hole))[:3]
    assert at_planet != in_hole  # the planet shows, distinct from the empty space inside the ring
    assert max(at_planet) > 90   # a lit planet, not the near-black space fill

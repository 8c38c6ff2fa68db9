"""``battletable play SCENARIO --screenshot PATH``, and only game/ui imports pygame."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pygame

from tests.ui.conftest import distinct_colours

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "tests" / "rulesets" / "toy" / "duel.scenario.json"


def test_cli_screenshot(tmp_path):
    out = tmp_path / "shot.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", BATTLETABLE_CONFIG_DIR=str(tmp_path / "cfg"))
    r = subprocess.run([sys.executable, "-m", "game", "play", str(DUEL), "--screenshot", str(out)],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1600, 1000) and distinct_colours(img) > 50


def test_only_the_ui_imports_pygame():
    pat = re.compile(r"^\s*(import|from)\s+pygame", re.M)
    bad = [str(p.relative_to(ROOT)) for p in (ROOT / "game").rglob("*.py")
           if "ui" not in p.relative_to(ROOT / "game").parts[:1] and pat.search(p.read_text())]
    assert not bad

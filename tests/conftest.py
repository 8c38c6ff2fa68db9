"""Shared test set-up: the test ruleset is registered for every test and for
CLI subprocesses (through BATTLETABLE_RULESETS and PYTHONPATH).

No test touches the user's real home: HOME, XDG_CONFIG_HOME and
BATTLETABLE_CONFIG_DIR (the settings, recent files, saves and replays) point
into a temporary folder for the whole run and for CLI subprocesses, and each
test gets a config folder of its own (``_own_config_dir``)."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOY = "tests.rulesets.toy:RULESET"
#: the user's real home, which no test may write to (tests/test_config_isolation.py)
REAL_HOME = Path.home()
TEST_HOME = Path(tempfile.mkdtemp(prefix="battletable-tests-"))
atexit.register(shutil.rmtree, TEST_HOME, True)
os.environ["HOME"] = str(TEST_HOME / "home")
os.environ["XDG_CONFIG_HOME"] = str(TEST_HOME / "home" / ".config")
os.environ["BATTLETABLE_CONFIG_DIR"] = str(TEST_HOME / "config")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from hypothesis import settings  # noqa: E402

#: Hypothesis draws the same examples on every run, like every other random draw in the tests
#: (seeded): CI never fails on a lucky draw. ``HYPOTHESIS_PROFILE=explore`` searches afresh.
settings.register_profile("seeded", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "seeded"))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_extra = [e for e in os.environ.get("BATTLETABLE_RULESETS", "").split(",") if e]
if TOY not in _extra:
    os.environ["BATTLETABLE_RULESETS"] = ",".join(_extra + [TOY])
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True)
def _own_config_dir(tmp_path_factory, monkeypatch):
    """Every test starts with an empty config folder of its own (settings,
    recent files, saves, replays); tests may point it elsewhere."""
    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))


@pytest.fixture(autouse=True)
def _fonts_of_a_running_pygame():
    """A test that quits pygame (an editor or screenshot test) leaves the font
    memo (``game.ui.fonts``) holding fonts of the quit font module: a later
    test in the same worker that measured text with them failed ("Invalid
    font"), depending on which tests the worker ran before it. Such fonts are
    dropped before each test; a test that keeps pygame running is unaffected."""
    fonts = sys.modules.get("game.ui.fonts")
    if fonts is not None and not fonts.pygame.font.get_init():
        fonts.font.cache_clear()
        fonts.text.cache_clear()
    yield

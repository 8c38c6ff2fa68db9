"""UI tests run headless (SDL dummy driver) with settings, saves and
replays in a temporary folder."""

from __future__ import annotations

import contextlib
import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402


def headless_app(tmp_path, monkeypatch, size=(1280, 800), scale: float = 1.0):
    """Yield a headless app of ``size`` px at UI scale ``scale`` with its config
    folder in ``tmp_path``; close its scenes and go back to UI scale 1 after."""
    from game.ui import fonts

    monkeypatch.setenv("BATTLETABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    a = App(size=size, settings=Settings(ui_scale=scale), headless=True)
    try:
        yield a
    finally:
        while a.stack:
            a.stack.pop().exit()
        fonts.set_ui_scale(1.0)


#: :func:`headless_app` as a ``with`` block (a test that needs a size or a UI scale of its own)
app_at = contextlib.contextmanager(headless_app)


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A headless app at 1280x800 with its config folder in ``tmp_path``."""
    yield from headless_app(tmp_path, monkeypatch)


def count_colour(surface, colour, tol: int = 30) -> int:
    """Pixels within ``tol`` of ``colour`` (per channel)."""
    import numpy as np

    arr = pygame.surfarray.pixels3d(surface)
    c = np.array(colour)
    n = int((np.abs(arr.astype(int) - c).max(axis=2) <= tol).sum())
    del arr
    return n


def distinct_colours(surface) -> int:
    """How many distinct colours a surface has (a blank one has 1)."""
    import numpy as np

    arr = pygame.surfarray.array3d(surface).reshape(-1, 3)
    return len(np.unique(arr[:: max(1, len(arr) // 50000)], axis=0))


def start_battle(app, scenario, seats, replay):
    """Push a battle scene of ``scenario`` with ``seats`` and let the AI sides act."""
    from game.ui.scenes.battle import BattleScene

    scene = app.push(BattleScene.from_scenario(scenario, 1, seats, replay=replay))
    app.drive(2)
    scene.skip_ai()
    return scene


def click(app, pos):
    """One left click at screen ``pos`` (move, press, release)."""
    app.drive(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def label_overlaps(rects) -> list:
    """Pairs of labels ``(text, rect)`` whose rectangles share a pixel."""
    bad = []
    for i, (ta, ra) in enumerate(rects):
        for tb, rb in rects[i + 1:]:
            if ra.colliderect(rb):
                bad.append((ta, tuple(ra), tb, tuple(rb)))
    return bad


def drawn_token_shapes(view) -> list:
    """``(figure id, shapely shape)`` of every token ``view`` drew last frame
    (screen px), worked out here from each figure's base: a block of parts
    its bases, a base with width and depth (no radius) its turned rectangle,
    anything else the disc of its drawn radius."""
    import math

    from shapely.geometry import Point, Polygon
    from shapely.ops import unary_union

    cam = view.camera

    def turned(cx, cy, w, d, heading):
        a = math.radians(heading)
        ux, uy, sx, sy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
        return Polygon([cam.to_screen(cx + ux * i * d / 2 + sx * j * w / 2, cy + uy * i * d / 2 + sy * j * w / 2)
                        for i, j in ((1, 1), (1, -1), (-1, -1), (-1, 1))])

    out = []
    for f, c, r in view.drawn_figures:
        if f.parts:
            a = math.radians(f.heading)
            pts = [(f.x + math.cos(a) * u - math.sin(a) * v, f.y + math.sin(a) * u + math.cos(a) * v) for u, v in f.parts]
            shape = unary_union([turned(x, y, f.part_size[0], f.part_size[1], f.heading) for x, y in pts])
        elif f.radius <= 0 and f.width > 0 and f.depth > 0:
            shape = turned(f.x, f.y, f.width, f.depth, f.heading)
        else:
            shape = Point(c).buffer(r, 16)
        out.append((f.id, shape))
    return out


def label_token_overlaps(view, tolerance: float = 1.0) -> list:
    """Labels drawn last frame that cover more than ``tolerance`` px² of a
    token other than their own (``(text, rect, token id)``)."""
    from shapely.geometry import box

    tokens = [(fid, shape, shape.bounds) for fid, shape in drawn_token_shapes(view)]
    bad = []
    for text, r, owner in view.label_owners:
        near = [(fid, shape) for fid, shape, (x0, y0, x1, y1) in tokens
                if fid != owner and x0 < r.right and x1 > r.left and y0 < r.bottom and y1 > r.top]
        if near:
            b = box(r.left, r.top, r.right, r.bottom)
            bad += [(text, tuple(r), fid) for fid, shape in near if b.intersection(shape).area > tolerance]
    return bad


def assert_header_whole(scene) -> None:
    """No header is cut: the scenario's name, turn, phase and side to act
    whole (on two lines when one is too narrow), left of the toolbar and
    inside the top bar; the score line in the side panel wrapped inside it;
    the bottom bar's head line (drawn last frame) whole (every bundled scenario at 1280 x 800: see
    tests/ui/test_label_layout.py)."""
    from game.ui import fonts as _fonts

    lines = scene.header_lines()
    assert not any(t.endswith("...") for t, _ in lines), lines
    assert scene.session.battle.scenario.name in lines[0][0]
    assert all(10 + _fonts.font(size, True).size(t)[0] <= scene.top_left for t, size in lines), lines
    assert sum(_fonts.font(size, True).get_linesize() for _, size in lines) + 3 <= scene.top_height()
    from game.ui.scenes.layout import right_rect

    panel = right_rect(scene.app.size, scene.top_height())  # the score (drawn last frame) wrapped inside the panel
    assert all(_fonts.font(13).size(t)[0] <= panel.width - 20 for t in getattr(scene, "score_text", [])), scene.score_text
    assert not getattr(scene, "head_text", "").endswith("..."), scene.head_text  # the bottom bar's head line whole
